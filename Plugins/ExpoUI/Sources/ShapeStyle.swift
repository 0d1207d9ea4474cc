import ModifierKit

// SDK 58's `ShapeStyle` as Expo's JS sends it: a colour, a hierarchical level, a material or a
// gradient, each an object tagged by `type` (the JS side wraps a bare colour in
// `{type: "color", color}` and sends a hierarchical level as `{type: "hierarchical",
// hierarchical}`). A bare colour string is accepted too, as the colour it names.

/// A hierarchical foreground level: `{"type": "hierarchical", "hierarchical": "secondary"}`.
enum HierarchicalLevel: String, Enumerable {
    case primary
    case secondary
    case tertiary
    case quaternary
    case quinary
}

/// A material (a blurred backdrop): `{"type": "material", "material": "thin"}`.
enum MaterialName: String, Enumerable {
    case ultraThin
    case thin
    case regular
    case thick
    case ultraThick
    case bar
}

/// `{"type": "color", "color": ...}`'s members.
struct ColorStyleRecord: Record {
    @Field(.required) var color: Color = .clear

    init() {}
}

/// `{"type": "hierarchical", "hierarchical": ...}`'s members.
struct HierarchicalStyleRecord: Record {
    @Field(.required) var hierarchical: HierarchicalLevel = .primary

    init() {}
}

/// `{"type": "material", "material": ...}`'s members.
struct MaterialStyleRecord: Record {
    @Field(.required) var material: MaterialName = .regular

    init() {}
}

/// `{"type": "linearGradient", ...}`'s members: colours from `startPoint` to `endPoint`.
struct LinearGradientRecord: Record {
    @Field(.required) var colors: [Color] = []
    @Field(.required) var startPoint: UnitPointParams = UnitPointParams()
    @Field(.required) var endPoint: UnitPointParams = UnitPointParams()

    init() {}
}

/// `{"type": "radialGradient", ...}`'s members: colours from `startRadius` to `endRadius`
/// around `center`.
struct RadialGradientRecord: Record {
    @Field(.required) var colors: [Color] = []
    @Field(.required) var center: UnitPointParams = UnitPointParams()
    @Field(.required, .minimum(0)) var startRadius: Double = 0
    @Field(.required, .minimum(0)) var endRadius: Double = 0

    init() {}
}

/// `{"type": "angularGradient", ...}`'s members: colours around `center`.
struct AngularGradientRecord: Record {
    @Field(.required) var colors: [Color] = []
    @Field(.required) var center: UnitPointParams = UnitPointParams()

    init() {}
}

/// A `ShapeStyle` param (`presentationBackground`'s and `containerBackground`'s `style`,
/// `strokeBorder`'s `content`).
enum ShapeStyleValue: Convertible {
    case color(Color)
    case hierarchical(HierarchicalLevel)
    case material(MaterialName)
    case linearGradient(LinearGradientRecord)
    case radialGradient(RadialGradientRecord)
    case angularGradient(AngularGradientRecord)

    /// The `type` names, in the order the schema lists them.
    static let kinds = ["color", "hierarchical", "material", "linearGradient", "radialGradient", "angularGradient"]

    static func convert(from value: Any, appContext: AppContext) throws -> ShapeStyleValue {
        if value is String { return .color(try Color.convert(from: value, appContext: appContext)) }
        guard let tagged = value as? [String: Any] else {
            throw ConversionError("expected a colour or a {type, ...} shape style object")
        }
        guard let kind = tagged["type"] as? String else {
            throw ConversionError("expected a shape style 'type': " + kinds.map { "'\($0)'" }.joined(separator: ", "))
        }
        // The members, without the tag: the member record would count `type` as an unknown key.
        var object = tagged
        object.removeValue(forKey: "type")
        switch kind {
        case "color": return .color(try ColorStyleRecord.convert(from: object, appContext: appContext).color)
        case "hierarchical": return .hierarchical(try HierarchicalStyleRecord.convert(from: object, appContext: appContext).hierarchical)
        case "material": return .material(try MaterialStyleRecord.convert(from: object, appContext: appContext).material)
        case "linearGradient": return .linearGradient(try LinearGradientRecord.convert(from: object, appContext: appContext))
        case "radialGradient": return .radialGradient(try RadialGradientRecord.convert(from: object, appContext: appContext))
        case "angularGradient": return .angularGradient(try AngularGradientRecord.convert(from: object, appContext: appContext))
        default:
            throw ConversionError("expected a shape style 'type' of " + kinds.map { "'\($0)'" }.joined(separator: ", ") + ", got '\(kind)'")
        }
    }

    static var typeName: String { "ShapeStyle" }

    static func jsonSchema(in context: inout SchemaContext) -> [String: Any] {
        /// A member record's object schema with its `type` tag added.
        func tagged(_ kind: String, _ schema: [String: Any]) -> [String: Any] {
            var schema = schema
            var properties = schema["properties"] as? [String: Any] ?? [:]
            properties["type"] = ["enum": [kind]]
            schema["properties"] = properties
            schema["required"] = ["type"] + (schema["required"] as? [String] ?? [])
            return schema
        }
        return ["anyOf": [
            Color.jsonSchema(in: &context),
            tagged("color", ColorStyleRecord.jsonSchema(in: &context)),
            tagged("hierarchical", HierarchicalStyleRecord.jsonSchema(in: &context)),
            tagged("material", MaterialStyleRecord.jsonSchema(in: &context)),
            tagged("linearGradient", LinearGradientRecord.jsonSchema(in: &context)),
            tagged("radialGradient", RadialGradientRecord.jsonSchema(in: &context)),
            tagged("angularGradient", AngularGradientRecord.jsonSchema(in: &context)),
        ] as [Any]]
    }

    var jsonValue: Any {
        switch self {
        case let .color(color): return ["type": "color", "color": color.jsonValue]
        case let .hierarchical(level): return ["type": "hierarchical", "hierarchical": level.rawValue]
        case let .material(material): return ["type": "material", "material": material.rawValue]
        case let .linearGradient(gradient):
            var value = gradient.jsonValue as? [String: Any] ?? [:]
            value["type"] = "linearGradient"
            return value
        case let .radialGradient(gradient):
            var value = gradient.jsonValue as? [String: Any] ?? [:]
            value["type"] = "radialGradient"
            return value
        case let .angularGradient(gradient):
            var value = gradient.jsonValue as? [String: Any] ?? [:]
            value["type"] = "angularGradient"
            return value
        }
    }

    /// The style as snapshot arguments: `kindLabel` names the kind (`color`, `material`, ...),
    /// then its members (`color`, `hierarchical`, `material`, `colors` as comma-separated
    /// hex, points as `startX`/`startY`, `endX`/`endY`, `centerX`/`centerY`).
    func arguments(kindLabel: String) -> [StyleArgument] {
        func colors(_ colors: [Color]) -> StyleArgument { .string("colors", colors.map(\.hex).joined(separator: ",")) }
        switch self {
        case let .color(color): return [.string(kindLabel, "color"), .color("color", color)]
        case let .hierarchical(level): return [.string(kindLabel, "hierarchical"), .string("hierarchical", level.rawValue)]
        case let .material(material): return [.string(kindLabel, "material"), .string("material", material.rawValue)]
        case let .linearGradient(gradient):
            return [.string(kindLabel, "linearGradient"), colors(gradient.colors),
                    .number("startX", gradient.startPoint.x), .number("startY", gradient.startPoint.y),
                    .number("endX", gradient.endPoint.x), .number("endY", gradient.endPoint.y)]
        case let .radialGradient(gradient):
            return [.string(kindLabel, "radialGradient"), colors(gradient.colors),
                    .number("centerX", gradient.center.x), .number("centerY", gradient.center.y),
                    .number("startRadius", gradient.startRadius), .number("endRadius", gradient.endRadius)]
        case let .angularGradient(gradient):
            return [.string(kindLabel, "angularGradient"), colors(gradient.colors),
                    .number("centerX", gradient.center.x), .number("centerY", gradient.center.y)]
        }
    }
}
