import ModhostWire
import ModifierKit

/// Converts between wire values and the `Dict` values plugins see.
public enum ValueBridge {
    /// A wire value as plugin code sees it: `String`, `Bool`, `Int`, `Double`, `[Any]`,
    /// `[String: Any]`, and `JSNull()` for null.
    public static func pluginValue(_ value: JSONValue) -> Any {
        switch value {
        case .null: return JSNull()
        case let .bool(b): return b
        case let .int(i): return Int(i)
        case let .double(d): return d
        case let .string(s): return s
        case let .array(items): return items.map(pluginValue) as [Any]
        case let .object(object): return dict(object)
        }
    }

    public static func dict(_ object: JSONObject) -> Dict {
        // `init(minimumCapacity:)` is specialized here; `reserveCapacity` on an empty
        // dictionary went through the generic runtime and cost more than the inserts.
        var result = Dict(minimumCapacity: object.count)
        for (key, value) in object { result[key] = pluginValue(value) }
        return result
    }

    /// Why a plugin value has no JSON form, with the path to it.
    public struct NotRepresentable: Error, Equatable {
        public var path: String
        public var typeName: String
    }

    /// A plugin value (an event payload, a schema) as a wire value. Object keys come out
    /// sorted so the output is stable.
    public static func jsonValue(_ value: Any, path: String = "") throws(NotRepresentable) -> JSONValue {
        // Strings and objects first: they are what event payloads are made of, and every
        // failed cast before the matching one costs a runtime type check.
        switch value {
        case let s as String: return .string(s)
        case let object as [String: Any]:
            var result = JSONObject(reservingCapacity: object.count)
            for key in object.count == 1 ? Array(object.keys) : object.keys.sorted() {
                result[key] = try jsonValue(object[key]!, path: JSONPath.member(key, of: path))
            }
            return .object(result)
        case let items as [Any]:
            var result: [JSONValue] = []
            result.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                result.append(try jsonValue(item, path: JSONPath.element(index, of: path)))
            }
            return .array(result)
        case let b as Bool: return .bool(b)
        case let i as Int: return .int(Int64(i))
        case let d as Double:
            guard d.isFinite else { throw NotRepresentable(path: path, typeName: "non-finite Double") }
            return .double(d)
        case is JSNull: return .null
        case let i as Int64: return .int(i)
        case let i as Int32: return .int(Int64(i))
        case let f as Float:
            guard f.isFinite else { throw NotRepresentable(path: path, typeName: "non-finite Float") }
            return .double(Double(f))
        case let s as Substring: return .string(String(s))
        case let color as Color: return .string(color.hex)
        case let convertible as any Convertible:
            return try jsonValue(convertible.jsonValue, path: path)
        default:
            // Optional.none arrives boxed in Any.
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                guard let wrapped = mirror.children.first?.value else { return .null }
                return try jsonValue(wrapped, path: path)
            }
            throw NotRepresentable(path: path, typeName: String(describing: type(of: value)))
        }
    }
}
