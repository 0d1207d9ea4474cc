import ModifierKit

// Expo UI's modifiers whose effect needs a screen: glass, matched geometry, safe areas, the
// keyboard, scrolling physics, sheet chrome. The host accepts them (never "unknown type"),
// lists them in the node's styles like the recorded ones, and sends a `no-headless-effect`
// warning (docs/expo-modifiers.md names them).

/// `ignoreSafeArea`'s `regions`.
enum SafeAreaRegions: String, Enumerable {
    case all
    case container
    case keyboard
}

/// The edges `ignoreSafeArea` and `listSectionMargins` take.
enum EdgeSetName: String, Enumerable {
    case all
    case top
    case bottom
    case leading
    case trailing
    case horizontal
    case vertical
}

/// `{"$type": "ignoreSafeArea", "regions": "keyboard", "edges": "bottom"}`.
struct IgnoreSafeAreaModifier: CheckedModifier {
    @Field var regions: SafeAreaRegions = .all
    @Field var edges: EdgeSetName = .all

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("ignoreSafeArea", [.string("regions", regions.rawValue), .string("edges", edges.rawValue)])
    }
}

/// `glassEffect`'s `glass.variant`.
enum GlassVariant: String, Enumerable {
    case regular
    case clear
    case identity
}

/// `glassEffect`'s `glass`: `{variant, interactive?, tint?}`.
struct GlassParams: Record {
    @Field(.required) var variant: GlassVariant = .regular
    @Field var interactive: Bool = false
    @Field var tint: Color?

    init() {}
}

/// `{"$type": "glassEffect", "glass": {"variant": "regular"}, "shape": "capsule"}`: Liquid Glass.
struct GlassEffectModifier: CheckedModifier {
    @Field var glass: GlassParams?
    @Field var shape: ShapeName?
    @Field(.minimum(0)) var cornerRadius: Double?

    init() {}

    func body(content: Content) -> some View {
        var arguments: [StyleArgument] = []
        if let glass {
            arguments += [.string("variant", glass.variant.rawValue), .bool("interactive", glass.interactive)]
            if let tint = glass.tint { arguments.append(.color("tint", tint)) }
        }
        if let shape { arguments.append(.string("shape", shape.rawValue)) }
        if let cornerRadius { arguments.append(.number("cornerRadius", cornerRadius)) }
        return content.recordStyleWithoutHeadlessEffect("glassEffect", arguments)
    }
}

/// `{"$type": "glassEffectId", "id": "a", "namespaceId": "ns"}`: glass shapes that morph.
struct GlassEffectIdModifier: CheckedModifier {
    @Field(.required) var id: String = ""
    @Field(.required) var namespaceId: String = ""

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("glassEffectId", [.string("id", id), .string("namespaceId", namespaceId)])
    }
}

/// `{"$type": "matchedGeometryEffect", "id": "a", "namespaceId": "ns"}`: views that animate
/// into each other.
struct MatchedGeometryEffectModifier: CheckedModifier {
    @Field(.required) var id: String = ""
    @Field(.required) var namespaceId: String = ""

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("matchedGeometryEffect", [.string("id", id), .string("namespaceId", namespaceId)])
    }
}

/// `scrollDismissesKeyboard`'s `mode`.
enum KeyboardDismissMode: String, Enumerable {
    case automatic
    case never
    case interactively
    case immediately
}

/// `{"$type": "scrollDismissesKeyboard", "mode": "interactively"}`.
struct ScrollDismissesKeyboardModifier: CheckedModifier {
    @Field(.required) var mode: KeyboardDismissMode = .automatic

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("scrollDismissesKeyboard", [.string("mode", mode.rawValue)])
    }
}

/// `scrollTargetBehavior`'s `behavior`.
enum ScrollTargetBehaviorName: String, Enumerable {
    case paging
    case viewAligned
}

/// `{"$type": "scrollTargetBehavior", "behavior": "paging"}`: where scrolling comes to rest.
struct ScrollTargetBehaviorModifier: CheckedModifier {
    @Field(.required) var behavior: ScrollTargetBehaviorName = .paging

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("scrollTargetBehavior", [.string("behavior", behavior.rawValue)])
    }
}

/// `{"$type": "scrollTargetLayout"}`: the views a `viewAligned` scroll rests on.
struct ScrollTargetLayoutModifier: CheckedModifier {
    init() {}

    func body(content: Content) -> some View { content.recordStyleWithoutHeadlessEffect("scrollTargetLayout") }
}

/// A unit point by name: `defaultScrollAnchor`'s `anchor`.
enum UnitPointName: String, Enumerable {
    case zero
    case topLeading
    case top
    case topTrailing
    case leading
    case center
    case trailing
    case bottomLeading
    case bottom
    case bottomTrailing
}

/// `{"$type": "defaultScrollAnchor", "anchor": "bottom"}`: where a ScrollView starts; `null`
/// is the system's default.
struct DefaultScrollAnchorModifier: CheckedModifier {
    @Field var anchor: UnitPointName?

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("defaultScrollAnchor", anchor.map { [.string("anchor", $0.rawValue)] } ?? [])
    }
}

/// `defaultScrollAnchorForRole`'s `role`.
enum ScrollAnchorRole: String, Enumerable {
    case initialOffset
    case sizeChanges
    case alignment
}

/// `{"$type": "defaultScrollAnchorForRole", "anchor": "bottom", "role": "sizeChanges"}`.
struct DefaultScrollAnchorForRoleModifier: CheckedModifier {
    @Field var anchor: UnitPointName?
    @Field(.required) var role: ScrollAnchorRole = .initialOffset

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect(
            "defaultScrollAnchorForRole", (anchor.map { [.string("anchor", $0.rawValue)] } ?? []) + [.string("role", role.rawValue)])
    }
}

/// `menuActionDismissBehavior`'s `behavior`.
enum MenuDismissBehavior: String, Enumerable {
    case automatic
    case disabled
    case enabled
}

/// `{"$type": "menuActionDismissBehavior", "behavior": "disabled"}`: whether a menu closes
/// when one of its buttons is used.
struct MenuActionDismissBehaviorModifier: CheckedModifier {
    @Field(.required) var behavior: MenuDismissBehavior = .automatic

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("menuActionDismissBehavior", [.string("behavior", behavior.rawValue)])
    }
}

/// `keyboardType`'s `keyboardType`: Expo's (React Native's) names.
enum KeyboardTypeName: String, Enumerable {
    case `default`
    case emailAddress = "email-address"
    case numeric
    case phonePad = "phone-pad"
    case asciiCapable = "ascii-capable"
    case numbersAndPunctuation = "numbers-and-punctuation"
    case url
    case namePhonePad = "name-phone-pad"
    case decimalPad = "decimal-pad"
    case twitter
    case webSearch = "web-search"
    case asciiCapableNumberPad = "ascii-capable-number-pad"
}

/// `{"$type": "keyboardType", "keyboardType": "email-address"}`: the keyboard text fields show.
struct KeyboardTypeModifier: CheckedModifier {
    @Field(.required) var keyboardType: KeyboardTypeName = .default

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("keyboardType", [.string("keyboardType", keyboardType.rawValue)])
    }
}

/// `{"$type": "autocorrectionDisabled", "disabled": true}`.
struct AutocorrectionDisabledModifier: CheckedModifier {
    @Field var disabled: Bool = true

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("autocorrectionDisabled", [.bool("disabled", disabled)])
    }
}

/// `textInputAutocapitalization`'s `autocapitalization`.
enum Autocapitalization: String, Enumerable {
    case never
    case words
    case sentences
    case characters
}

/// `{"$type": "textInputAutocapitalization", "autocapitalization": "words"}`.
struct TextInputAutocapitalizationModifier: CheckedModifier {
    @Field(.required) var autocapitalization: Autocapitalization = .sentences

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("textInputAutocapitalization", [.string("autocapitalization", autocapitalization.rawValue)])
    }
}

/// `{"$type": "textContentType", "textContentType": "emailAddress"}`: what a text field holds,
/// for autofill. Any non-empty name is accepted (UIKit's list grows each release).
struct TextContentTypeModifier: CheckedModifier {
    @Field(.required) var textContentType: String = ""

    init() {}

    func check(_ params: Dict) throws {
        // Only a name given is checked: the host describes the params from the defaults.
        guard params["textContentType"] != nil else { return }
        try ExpoUI.check(textContentType, field: "textContentType", in: params, expected: "a content type name") { !$0.isEmpty }
    }

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("textContentType", [.string("textContentType", textContentType)])
    }
}

/// `{"$type": "presentationDragIndicator", "visibility": "visible"}`: a sheet's grabber.
struct PresentationDragIndicatorModifier: CheckedModifier {
    @Field(.required) var visibility: Visibility = .automatic

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("presentationDragIndicator", [.string("visibility", visibility.rawValue)])
    }
}

/// `{"$type": "interactiveDismissDisabled", "isDisabled": true}`: a sheet cannot be swiped away.
struct InteractiveDismissDisabledModifier: CheckedModifier {
    @Field var isDisabled: Bool = true

    init() {}

    func body(content: Content) -> some View {
        content.interactiveDismissDisabled(isDisabled).recordStyle("interactiveDismissDisabled", [.bool("isDisabled", isDisabled)])
    }
}

/// A sheet detent: `"medium"`, `"large"`, `{"fraction": 0.3}` (0 to 1) or `{"height": 200}`
/// (points, more than 0).
enum Detent: Convertible, Equatable {
    case medium
    case large
    case fraction(Double)
    case height(Double)

    static func convert(from value: Any, appContext: AppContext) throws -> Detent {
        if let name = value as? String {
            switch name {
            case "medium": return .medium
            case "large": return .large
            default: throw ConversionError("expected 'medium', 'large', {fraction} or {height}, got '\(name)'")
            }
        }
        if let object = value as? [String: Any], object.count == 1 {
            if let fraction = object["fraction"], let number = try? Double.convert(from: fraction, appContext: appContext), (0...1).contains(number) {
                return .fraction(number)
            }
            if let height = object["height"], let number = try? Double.convert(from: height, appContext: appContext), number > 0 {
                return .height(number)
            }
        }
        throw ConversionError("expected 'medium', 'large', {fraction: 0...1} or {height: > 0}")
    }

    static var typeName: String { "Detent" }

    static func jsonSchema(in context: inout SchemaContext) -> [String: Any] {
        ["anyOf": [
            ["enum": ["medium", "large"]],
            ["type": "object", "properties": ["fraction": ["type": "number", "minimum": 0, "maximum": 1]], "required": ["fraction"], "additionalProperties": false],
            ["type": "object", "properties": ["height": ["type": "number", "exclusiveMinimum": 0]], "required": ["height"], "additionalProperties": false],
        ] as [Any]]
    }

    var jsonValue: Any {
        switch self {
        case .medium: return "medium"
        case .large: return "large"
        case let .fraction(fraction): return ["fraction": fraction]
        case let .height(height): return ["height": height]
        }
    }

    /// The detent as one snapshot argument's text: `medium`, `large`, `fraction 0.3`, `height 200`.
    var text: String {
        switch self {
        case .medium: return "medium"
        case .large: return "large"
        case let .fraction(fraction): return "fraction \(fraction)"
        case let .height(height): return "height \(height)"
        }
    }
}

/// `presentationBackgroundInteraction`'s `interactionType`.
enum BackgroundInteraction: String, Enumerable {
    case automatic
    case enabled
    case disabled
    case enabledUpThrough
}

/// `{"$type": "presentationBackgroundInteraction", "interactionType": "enabledUpThrough",
/// "detent": "medium"}`: whether what is behind a sheet takes touches. `enabledUpThrough`
/// needs a `detent`; the others take none.
struct PresentationBackgroundInteractionModifier: CheckedModifier {
    @Field(.required) var interactionType: BackgroundInteraction = .automatic
    @Field var detent: Detent?

    init() {}

    func check(_ params: Dict) throws {
        guard params["interactionType"] != nil else { return }
        if interactionType == .enabledUpThrough, detent == nil {
            throw refusal(field: "detent", value: nil, type: "Detent?", expected: "a 'detent' with interactionType 'enabledUpThrough'")
        }
        if interactionType != .enabledUpThrough, detent != nil {
            throw refusal(field: "detent", value: params["detent"].map { "\($0)" }, type: "Detent?", expected: "no 'detent' unless interactionType is 'enabledUpThrough'")
        }
    }

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect(
            "presentationBackgroundInteraction", [.string("interactionType", interactionType.rawValue)] + (detent.map { [.string("detent", $0.text)] } ?? []))
    }
}
