import ModifierKit

// Expo UI's modifiers whose params take a value of more than one JSON type: `tag` (a string
// or a number), `animation` (a number or a boolean), and the ones with nested choices
// (`environment`, `gridCellAnchor`).

/// A string or a number: `tag`'s `tag`.
enum StringOrNumber: Convertible, Hashable {
    case string(String)
    case number(Double)

    static func convert(from value: Any, appContext: AppContext) throws -> StringOrNumber {
        if let string = value as? String { return .string(string) }
        if !(value is Bool), let number = try? Double.convert(from: value, appContext: appContext) { return .number(number) }
        throw ConversionError("expected a string or a number")
    }

    static var typeName: String { "String | Double" }

    static func jsonSchema(in context: inout SchemaContext) -> [String: Any] { ["type": ["string", "number"]] }

    var jsonValue: Any {
        switch self {
        case let .string(string): return string
        case let .number(number): return number
        }
    }

    var argument: StyleValue {
        switch self {
        case let .string(string): return .string(string)
        case let .number(number): return .number(number)
        }
    }
}

/// A number or a boolean: `animation`'s `animatedValue`.
enum NumberOrBool: Convertible, Equatable {
    case number(Double)
    case bool(Bool)

    static func convert(from value: Any, appContext: AppContext) throws -> NumberOrBool {
        if let bool = value as? Bool { return .bool(bool) }
        if let number = try? Double.convert(from: value, appContext: appContext) { return .number(number) }
        throw ConversionError("expected a number or a boolean")
    }

    static var typeName: String { "Double | Bool" }

    static func jsonSchema(in context: inout SchemaContext) -> [String: Any] { ["type": ["number", "boolean"]] }

    var jsonValue: Any {
        switch self {
        case let .number(number): return number
        case let .bool(bool): return bool
        }
    }

    var argument: StyleValue {
        switch self {
        case let .number(number): return .number(number)
        case let .bool(bool): return .bool(bool)
        }
    }
}

/// `{"$type": "tag", "tag": "inbox"}`: the value a Picker or TabView selects with this view.
/// The node's tag is what a `Picker` whose children are its options sets its selection to.
struct TagModifier: CheckedModifier {
    @Field(.required) var tag: StringOrNumber = .string("")

    init() {}

    func body(content: Content) -> some View { content.tag(tag).recordStyle("tag", [StyleArgument("tag", tag.argument)]) }
}

/// `environment`'s `key`.
enum EnvironmentKey: String, Enumerable {
    case editMode
    case colorScheme
    case locale
    case timeZone
}

/// `{"$type": "environment", "key": "colorScheme", "value": "dark"}`: an environment value for
/// the views under this one. `editMode` takes active, inactive or transient; `colorScheme`
/// light or dark; `locale` and `timeZone` a non-empty identifier.
struct EnvironmentModifier: CheckedModifier {
    @Field(.required) var key: EnvironmentKey = .locale
    @Field(.required) var value: String = ""

    init() {}

    func check(_ params: Dict) throws {
        guard params["value"] != nil else { return }
        let allowed: [String]? = switch key {
        case .editMode: ["active", "inactive", "transient"]
        case .colorScheme: ["light", "dark"]
        case .locale, .timeZone: nil
        }
        if let allowed {
            try ExpoUI.check(value, field: "value", in: params, expected: "one of " + allowed.map { "'\($0)'" }.joined(separator: ", ") + " for '\(key.rawValue)'") { allowed.contains($0) }
        } else {
            try ExpoUI.check(value, field: "value", in: params, expected: "a non-empty identifier for '\(key.rawValue)'") { !$0.isEmpty }
        }
    }

    func body(content: Content) -> some View {
        content.recordStyle("environment", [.string("key", key.rawValue), .string("value", value)])
    }
}

/// `gridCellAnchor`'s `type`.
enum AnchorKind: String, Enumerable {
    case preset
    case custom
}

/// `gridCellAnchor`'s `points`: a unit point (0...1 each).
struct UnitPointParams: Record {
    @Field(.required) var x: Double = 0
    @Field(.required) var y: Double = 0

    init() {}
}

/// `{"$type": "gridCellAnchor", "type": "preset", "anchor": "topLeading"}` or
/// `{"type": "custom", "points": {"x": 0.25, "y": 0}}`: where a Grid cell's content sits.
struct GridCellAnchorModifier: CheckedModifier {
    @Field(.required) var type: AnchorKind = .preset
    @Field var anchor: UnitPointName?
    @Field var points: UnitPointParams?

    init() {}

    func check(_ params: Dict) throws {
        // The host describes the params from the defaults, without a type.
        guard params["type"] != nil else { return }
        switch type {
        case .preset where anchor == nil:
            throw refusal(field: "anchor", value: nil, type: "UnitPointName?", expected: "an 'anchor' with type 'preset'")
        case .custom where points == nil:
            throw refusal(field: "points", value: nil, type: "UnitPointParams?", expected: "'points' {x, y} with type 'custom'")
        default: break
        }
    }

    func body(content: Content) -> some View {
        if let points, type == .custom {
            content.recordStyle("gridCellAnchor", [.number("x", points.x), .number("y", points.y)])
        } else {
            content.recordStyle("gridCellAnchor", [.string("anchor", (anchor ?? .center).rawValue)])
        }
    }
}

/// `animation`'s `animation.type`.
enum AnimationKind: String, Enumerable {
    case easeInOut
    case easeIn
    case easeOut
    case linear
    case spring
    case interpolatingSpring
    case `default`
}

/// `animation`'s `animation`: a curve and its timing; absent members keep SwiftUI's defaults.
struct AnimationParams: Record {
    @Field(.required) var type: AnimationKind = .default
    @Field var duration: Double?
    @Field var response: Double?
    @Field var dampingFraction: Double?
    @Field var blendDuration: Double?
    @Field var bounce: Double?
    @Field var mass: Double?
    @Field var stiffness: Double?
    @Field var damping: Double?
    @Field var initialVelocity: Double?
    @Field var delay: Double?
    @Field var repeatCount: Int?
    @Field var autoreverses: Bool?

    init() {}
}

/// `{"$type": "animation", "animation": {"type": "spring", "duration": 0.3}, "animatedValue": 1}`:
/// animates the view's changes when `animatedValue` changes. Nothing animates headless: the
/// host records it with a `no-headless-effect` warning.
struct AnimationModifier: CheckedModifier {
    @Field(.required) var animation: AnimationParams = AnimationParams()
    @Field(.required) var animatedValue: NumberOrBool = .bool(false)

    init() {}

    func body(content: Content) -> some View {
        var arguments: [StyleArgument] = [.string("type", animation.type.rawValue)]
        let numbers: [(String, Double?)] = [
            ("duration", animation.duration), ("response", animation.response), ("dampingFraction", animation.dampingFraction),
            ("blendDuration", animation.blendDuration), ("bounce", animation.bounce), ("mass", animation.mass),
            ("stiffness", animation.stiffness), ("damping", animation.damping), ("initialVelocity", animation.initialVelocity),
            ("delay", animation.delay), ("repeatCount", animation.repeatCount.map(Double.init)),
        ]
        arguments += numbers.compactMap { label, value in value.map { .number(label, $0) } }
        if let autoreverses = animation.autoreverses { arguments.append(.bool("autoreverses", autoreverses)) }
        arguments.append(StyleArgument("animatedValue", animatedValue.argument))
        return content.recordStyleWithoutHeadlessEffect("animation", arguments)
    }
}
