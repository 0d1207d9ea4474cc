import ModifierKit

// SDK 58's accessibility, redaction and environment modifiers: the snapshot records them by
// SwiftUI's name (see RecordedModifiers.swift), where a test of a screen reads them.

/// A SwiftUI accessibility trait, by Expo's name.
enum AccessibilityTrait: String, Enumerable {
    case isButton
    case isHeader
    case isImage
    case isSelected
    case isLink
    case isModal
    case isSummaryElement
    case updatesFrequently
    case startsMediaSession
    case allowsDirectInteraction
    case causesPageTurn
    case isToggle
    case playsSound
    case isStaticText
    case isSearchField
    case isKeyboardKey
    case isTabBar
}

/// Traits as one snapshot argument: their names, comma-separated, in the order given.
private func traitList(_ traits: [AccessibilityTrait]) -> StyleArgument {
    .string("traits", traits.map(\.rawValue).joined(separator: ","))
}

/// `{"$type": "accessibilityAddTraits", "traits": ["isHeader"]}`: traits VoiceOver announces.
struct AccessibilityAddTraitsModifier: CheckedModifier {
    @Field(.required) var traits: [AccessibilityTrait] = []

    init() {}

    func body(content: Content) -> some View { content.recordStyle("accessibilityAddTraits", [traitList(traits)]) }
}

/// `{"$type": "accessibilityRemoveTraits", "traits": ["isImage"]}`: traits VoiceOver no longer announces.
struct AccessibilityRemoveTraitsModifier: CheckedModifier {
    @Field(.required) var traits: [AccessibilityTrait] = []

    init() {}

    func body(content: Content) -> some View { content.recordStyle("accessibilityRemoveTraits", [traitList(traits)]) }
}

/// `accessibilityElement`'s `children`.
enum AccessibilityChildren: String, Enumerable {
    case contain
    case ignore
    case combine
}

/// `{"$type": "accessibilityElement", "children": "combine"}`: how the subtree's elements are exposed.
struct AccessibilityElementModifier: CheckedModifier {
    @Field var children: AccessibilityChildren = .ignore

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("accessibilityElement", [.string("children", children.rawValue)])
    }
}

/// `{"$type": "accessibilityHidden", "hidden": true}`: assistive technologies skip the view.
struct AccessibilityHiddenModifier: CheckedModifier {
    @Field var hidden: Bool = true

    init() {}

    func body(content: Content) -> some View { content.recordStyle("accessibilityHidden", [.bool("hidden", hidden)]) }
}

/// `{"$type": "accessibilityIdentifier", "identifier": "save"}`: the id UI tests find the view by.
struct AccessibilityIdentifierModifier: CheckedModifier {
    @Field(.required) var identifier: String = ""

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("accessibilityIdentifier", [.string("identifier", identifier)])
    }
}

/// `{"$type": "accessibilityInputLabels", "inputLabels": ["Hang up", "End"]}`: Voice Control phrases.
struct AccessibilityInputLabelsModifier: CheckedModifier {
    @Field(.required) var inputLabels: [String] = []

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("accessibilityInputLabels", [.string("inputLabels", inputLabels.joined(separator: ", "))])
    }
}

/// A redaction reason.
enum RedactionReason: String, Enumerable {
    case placeholder
    case privacy
    case invalidated
}

/// `redacted`'s `reasons`: one reason or an array of them (an empty array applies none).
struct RedactionReasons: Convertible, Equatable {
    var reasons: [RedactionReason]

    static func convert(from value: Any, appContext: AppContext) throws -> RedactionReasons {
        if value is String { return RedactionReasons(reasons: [try RedactionReason.convert(from: value, appContext: appContext)]) }
        return RedactionReasons(reasons: try [RedactionReason].convert(from: value, appContext: appContext))
    }

    static var typeName: String { "RedactionReason | [RedactionReason]" }

    static func jsonSchema(in context: inout SchemaContext) -> [String: Any] {
        ["anyOf": [RedactionReason.jsonSchema(in: &context), [RedactionReason].jsonSchema(in: &context)] as [Any]]
    }

    var jsonValue: Any { reasons.map(\.rawValue) as [Any] }
}

/// `{"$type": "redacted", "reasons": ["placeholder"]}`: the subtree shows placeholders (`privacy`
/// and `invalidated` only redact views marked `privacySensitive` / `invalidatableContent`).
/// No reason records nothing.
struct RedactedModifier: CheckedModifier {
    @Field var reasons: RedactionReasons = RedactionReasons(reasons: [.placeholder])

    init() {}

    func body(content: Content) -> some View {
        if reasons.reasons.isEmpty {
            content
        } else {
            content.recordStyle("redacted", [.string("reasons", reasons.reasons.map(\.rawValue).joined(separator: ","))])
        }
    }
}

/// `{"$type": "unredacted"}`: the subtree is exempt from redaction above it.
struct UnredactedModifier: CheckedModifier {
    init() {}

    func body(content: Content) -> some View { content.recordStyle("unredacted") }
}

/// `{"$type": "privacySensitive", "sensitive": true}`: redacted under a `privacy` reason.
struct PrivacySensitiveModifier: CheckedModifier {
    @Field var sensitive: Bool = true

    init() {}

    func body(content: Content) -> some View { content.recordStyle("privacySensitive", [.bool("sensitive", sensitive)]) }
}

/// `{"$type": "invalidatableContent", "isInvalidatable": true}`: redacted under an `invalidated` reason.
struct InvalidatableContentModifier: CheckedModifier {
    @Field var isInvalidatable: Bool = true

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("invalidatableContent", [.bool("isInvalidatable", isInvalidatable)])
    }
}

/// A Dynamic Type size, smallest first.
enum DynamicTypeSizeName: String, Enumerable {
    case xSmall
    case small
    case medium
    case large
    case xLarge
    case xxLarge
    case xxxLarge
    case accessibility1
    case accessibility2
    case accessibility3
    case accessibility4
    case accessibility5

    /// Its place from the smallest.
    var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

/// `{"$type": "dynamicTypeSize", "size": "large"}` or `{"min": "large", "max": "accessibility3"}`:
/// fixes or bounds the Dynamic Type size under the view. `size` goes alone; `min` must not be
/// above `max` (SwiftUI traps on such a range).
struct DynamicTypeSizeModifier: CheckedModifier {
    @Field var size: DynamicTypeSizeName?
    @Field var min: DynamicTypeSizeName?
    @Field var max: DynamicTypeSizeName?

    init() {}

    func check(_ params: Dict) throws {
        if size != nil, min != nil || max != nil {
            let field = min != nil ? "min" : "max"
            throw refusal(field: field, value: params[field].map { "\($0)" }, type: "DynamicTypeSizeName?", expected: "either 'size' or 'min'/'max', not both")
        }
        if let min, let max {
            try ExpoUI.check(max, field: "max", in: params, expected: "a 'max' of 'min' ('\(min.rawValue)') or larger") { $0.rank >= min.rank }
        }
    }

    func body(content: Content) -> some View {
        let sizes: [(String, DynamicTypeSizeName?)] = [("size", size), ("min", min), ("max", max)]
        return content.recordStyle("dynamicTypeSize", sizes.compactMap { label, value in value.map { .string(label, $0.rawValue) } })
    }
}

/// `preferredColorScheme`'s `colorScheme`.
enum ColorSchemeName: String, Enumerable {
    case light
    case dark
}

/// `{"$type": "preferredColorScheme", "colorScheme": "dark"}`: the scheme the enclosing
/// presentation prefers; `null` (or absent) is no preference and records no `colorScheme`.
struct PreferredColorSchemeModifier: CheckedModifier {
    @Field var colorScheme: ColorSchemeName?

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("preferredColorScheme", colorScheme.map { [.string("colorScheme", $0.rawValue)] } ?? [])
    }
}
