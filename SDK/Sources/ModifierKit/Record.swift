/// A type decoded from params by its `@Field` properties, like Expo's records.
///
/// Conformers need only `init()`; `init(from:appContext:)` comes free and fills every field
/// from the params as `init()` creates it, so code in `init()` already sees the values sent.
/// A record can be a struct or a class (a class if it holds an optional of its own type), can
/// nest other records, and can itself be a `ViewModifier` (the modifier's params are then its
/// fields). `init()` must create the same fields every time.
public protocol Record: Convertible {
    /// Makes the record with every field at its default. It must create the same fields each
    /// time: decoding finds fields by the order this creates them in.
    init()
}

extension Record {
    /// Decodes `params` into a new record. Absent keys keep the defaults; unknown keys are
    /// ignored (and counted, for the host to report: `PluginHostSupport.unknownKeysCounted`);
    /// a bad value throws a `FieldError` whose `path` points at it. A record type whose
    /// `init()` creates other fields each time cannot be decoded, and says so in the error.
    public init(from params: Dict, appContext: AppContext) throws {
        if appContext.isDescribing {
            self = Self()
        } else {
            self = try FieldDecoding.decode(Self.self, from: params, appContext: appContext)
        }
    }

    /// The record's fields as params would carry them.
    public func toDictionary() -> Dict {
        var result: Dict = [:]
        // The layout of the dynamic type lists the fields `Mirror` sees, in the same order,
        // with their keys (a subclass seen as its superclass has fields of its own).
        for ((_, field), described) in zip(fields, FieldDecoding.layout(of: type(of: self)).fields) {
            result[described.key] = field.currentJSONValue
        }
        return result
    }

    /// Every `@Field` with its property name, the record's own before its superclass's.
    var fields: [(name: String, field: any AnyField)] {
        var result: [(String, any AnyField)] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label, let field = child.value as? any AnyField else { continue }
                // A wrapped property `x` is stored as `_x`.
                result.append((label.hasPrefix("_") ? String(label.dropFirst()) : label, field))
            }
            mirror = current.superclassMirror
        }
        return result
    }

    /// Decodes a nested record from its params object (a field whose type is a record).
    public static func convert(from value: Any, appContext: AppContext) throws -> Self {
        guard let params = cast(value, to: Dict.self) else { throw castFailure(value, to: "an object") }
        return try Self(from: params, appContext: appContext)
    }

    /// The record's Swift type name, as errors name what was expected.
    public static var typeName: String { String(describing: Self.self) }

    /// An object schema: one property per field, with its type, default and whether required.
    public static func jsonSchema(in context: inout SchemaContext) -> [String: Any] {
        let id = ObjectIdentifier(Self.self)
        if context.describing.contains(id) {
            return ["type": "object", "description": "\(Self.self), described above (recursive)"]
        }
        context.describing.append(id)
        defer { context.describing.removeLast() }
        do {
            var properties: [String: Any] = [:]
            var order: [String] = []
            var required: [String] = []
            for ((_, field), described) in zip(Self().fields, FieldDecoding.layout(of: Self.self).fields) {
                var property = field.schema(context: &context, required: described.required, bounds: described.bounds)
                if let description = described.description {
                    // A colour's schema explains its forms; the field's own text comes first.
                    property["description"] = (property["description"] as? String).map { description + "\n\n" + $0 } ?? description
                }
                properties[described.key] = property
                order.append(described.key)
                if described.required { required.append(described.key) }
            }
            var schema: [String: Any] = ["type": "object", "properties": properties, "x-order": order as [Any]]
            if !required.isEmpty { schema["required"] = required as [Any] }
            return schema
        }
    }

    /// The record as params would carry it (`toDictionary()`).
    public var jsonValue: Any { toDictionary() }
}

