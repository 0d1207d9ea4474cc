import ModhostWire
@_spi(ModhostHost) import ModifierKit

/// Converts between wire values and the `Dict` values plugins see.
public enum ValueBridge {
    /// Converts wire objects to the `Dict` plugins see: `String`, `Bool`, `Int`, `Double`,
    /// `[Any]`, `[String: Any]`, and `JSNull()` for null. The host keeps one converter for
    /// all requests (`Host.paramsShapes`), remembering the shapes (key sequences) of the
    /// objects it met.
    ///
    /// The rows of a large tree repeat a few shapes of params, and building a `Dict` hashes
    /// every key. A dictionary copied from one built for the same keys has its keys in place
    /// already; only its values are replaced, through indices, which hashes nothing.
    public struct Shapes {
        private var known: [(keys: [String], asciiKeys: Bool, template: Dict, indices: [Dict.Index])] = []
        private static let limit = 16

        public init() {}

        /// `object` as a plugin sees it.
        public mutating func dict(_ object: JSONObject) -> Dict {
            let count = object.count
            if count > 1, let found = find(object) {
                var result = known[found].template
                let indices = known[found].indices
                for (position, member) in object.enumerated() {
                    result.values[indices[position]] = value(member.value)
                }
                return result
            }
            // `init(minimumCapacity:)` is specialized here; `reserveCapacity` on an empty
            // dictionary went through the generic runtime and cost more than the inserts.
            var result = Dict(minimumCapacity: count)
            for (key, member) in object { result[key] = value(member) }
            if count > 1 { remember(object, result) }
            return result
        }

        /// A wire value as a plugin sees it.
        public mutating func value(_ value: JSONValue) -> Any {
            switch value {
            case let .object(object): return dict(object)
            case let .array(items):
                var result: [Any] = []
                result.reserveCapacity(items.count)
                for item in items { result.append(self.value(item)) }
                return result
            default: return Shapes.scalar(value)
            }
        }

        private static func scalar(_ value: JSONValue) -> Any {
            switch value {
            case .null: return JSNull()
            case let .bool(b): return b
            case let .int(i): return Int(i)
            case let .double(d): return d
            case let .string(s): return s
            case .object, .array: preconditionFailure("containers are converted by value(_:)")
            }
        }

        /// The shape whose keys are `object`'s, spelled the same: a template whose keys are
        /// other spellings of the same text would hand the plugin those spellings.
        private func find(_ object: JSONObject) -> Int? {
            search: for (position, shape) in known.enumerated() where shape.keys.count == object.count {
                for (offset, member) in object.enumerated() {
                    let key = shape.keys[offset]
                    // Keys of ASCII text that Swift finds equal, and as long, are the same bytes.
                    guard key.utf8.count == member.key.utf8.count, key == member.key,
                          shape.asciiKeys || key.utf8.elementsEqual(member.key.utf8) else { continue search }
                }
                return position
            }
            return nil
        }

        private mutating func remember(_ object: JSONObject, _ built: Dict) {
            let keys = object.keys
            // A key JSON repeated is in the object once, so every key has its own index.
            let indices = keys.map { built.index(forKey: $0)! }
            let asciiKeys = keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            // The template outlives the request: it keeps its keys, not this object's values.
            var template = built
            for index in indices { template.values[index] = JSNull() }
            if known.count == Shapes.limit { known.removeFirst() }
            known.append((keys, asciiKeys, template, indices))
        }
    }

    /// Why a plugin value has no JSON form, with the path to it.
    public struct NotRepresentable: Error, Equatable {
        public var path: String
        public var typeName: String
    }

    /// A plugin value (an event payload, a schema) as a wire value. Object keys come out
    /// sorted so the output is stable.
    public static func jsonValue(_ value: Any, path: String = "") throws(NotRepresentable) -> JSONValue {
        try jsonValue(value, at: { path })
    }

    /// `jsonValue(_:path:)` with the path rendered only for an error: an event's payload is
    /// converted on every tap, and building each member's path cost more than the value.
    private static func jsonValue(_ value: Any, at path: () -> String) throws(NotRepresentable) -> JSONValue {
        // Strings and objects first: they are what event payloads are made of, and every
        // failed cast before the matching one costs a runtime type check.
        // A `[String: String]` (a payload's `["id": id]`) is read as what it is: cast to
        // `[String: Any]` below, it would be copied member by member first.
        if type(of: value) == [String: String].self { return try object(value as! [String: String], at: path) }
        switch value {
        case let s as String: return .string(s)
        case let members as [String: Any]: return try object(members, at: path)
        case let items as [Any]:
            var result: [JSONValue] = []
            result.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                result.append(try jsonValue(item, at: { JSONPath.element(index, of: path()) }))
            }
            return .array(result)
        case let b as Bool: return .bool(b)
        case let i as Int: return .int(Int64(i))
        case let d as Double:
            guard d.isFinite else { throw NotRepresentable(path: path(), typeName: "non-finite Double") }
            return .double(d)
        case is JSNull: return .null
        case let i as Int64: return .int(i)
        case let i as Int32: return .int(Int64(i))
        case let f as Float:
            guard f.isFinite else { throw NotRepresentable(path: path(), typeName: "non-finite Float") }
            return .double(Double(f))
        case let s as Substring: return .string(String(s))
        case let color as Color: return .string(color.hex)
        case let convertible as any Convertible:
            return try jsonValue(convertible.jsonValue, at: path)
        default:
            // Optional.none arrives boxed in Any.
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                guard let wrapped = mirror.children.first?.value else { return .null }
                return try jsonValue(wrapped, at: path)
            }
            throw NotRepresentable(path: path(), typeName: String(describing: type(of: value)))
        }
    }

    /// A string-keyed dictionary as a JSON object, its keys sorted.
    private static func object<Value>(_ members: [String: Value], at path: () -> String) throws(NotRepresentable) -> JSONValue {
        var result = JSONObject(reservingCapacity: members.count)
        if members.count == 1, let (key, member) = members.first {
            result[key] = try jsonValue(member, at: { JSONPath.member(key, of: path()) })
        } else {
            for key in members.keys.sorted() {
                result[key] = try jsonValue(members[key]!, at: { JSONPath.member(key, of: path()) })
            }
        }
        return .object(result)
    }
}
