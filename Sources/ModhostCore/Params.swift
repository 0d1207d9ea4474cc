import ModhostWire

/// Reads a method's params with the path of every member, so that each error says where
/// it is and what was expected. Paths are relative to the params object, as in
/// `root.children[3].modifiers[0]` or `client.name`; the params object itself is `""`.
public struct Params {
    public let value: JSONValue?
    public let method: String

    public init(_ value: JSONValue?, method: String) {
        self.value = value
        self.method = method
    }

    /// The params as an object; absent params read as an empty object.
    public func object() throws(RPCError) -> JSONObject {
        switch value {
        case nil: return JSONObject()
        case let .object(o)?: return o
        case let other?:
            throw .invalidParams(
                "'\(method)' takes its params by name (an object)", path: "", expected: "object",
                got: other.typeName)
        }
    }

    /// Refuses any params: for methods that take none.
    public func expectNone() throws(RPCError) {
        switch value {
        case nil: return
        case let .object(o)? where o.isEmpty: return
        case let .array(a)? where a.isEmpty: return
        case let other?:
            throw .invalidParams(
                "'\(method)' takes no params", path: "", expected: "no params, {} or []",
                got: other.typeName == "object" ? "an object with members" : "a non-empty \(other.typeName)")
        }
    }
}

extension JSONObject {
    /// A required member of the given kind, or an invalid-params error naming `path.key`.
    /// The path is rendered only for an error.
    public func require<T>(_ key: String, at path: @autoclosure () -> String, as kind: JSONKind<T>) throws(RPCError) -> T {
        guard let member = self[key] else {
            let memberPath = JSONPath.member(key, of: path())
            throw .invalidParams("'\(memberPath)' is required", path: memberPath, expected: kind.name, got: "nothing")
        }
        if let result = kind.extract(member) { return result }
        throw kind.mismatch(member, at: JSONPath.member(key, of: path()))
    }

    /// An optional member; `null` counts as absent.
    public func optional<T>(_ key: String, at path: @autoclosure () -> String, as kind: JSONKind<T>) throws(RPCError) -> T? {
        guard let member = self[key], !member.isNull else { return nil }
        if let result = kind.extract(member) { return result }
        throw kind.mismatch(member, at: JSONPath.member(key, of: path()))
    }
}

/// Builds the dotted paths that errors carry.
public enum JSONPath {
    /// `client` + `name` → `client.name`; `""` + `root` → `root`.
    public static func member(_ key: String, of path: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    /// `root.children` + 3 → `root.children[3]`.
    public static func element(_ index: Int, of path: String) -> String {
        path + "[\(index)]"
    }
}

/// A JSON shape to read a member as.
public struct JSONKind<T> {
    public let name: String
    let extract: (JSONValue) -> T?

    public init(name: String, extract: @escaping (JSONValue) -> T?) {
        self.name = name
        self.extract = extract
    }

    /// The error for a value at `path` that is not of this kind.
    func mismatch(_ value: JSONValue, at path: String) -> RPCError {
        .invalidParams("'\(path)' must be \(article) \(name)", path: path, expected: name, got: value.typeName)
    }

    private var article: String { name.first.map { "aeiou".contains($0) } == true ? "an" : "a" }
}

extension JSONKind where T == String {
    public static var string: JSONKind<String> { JSONKind(name: "string") { $0.stringValue } }
}

extension JSONKind where T == Int64 {
    public static var integer: JSONKind<Int64> { JSONKind(name: "integer") { $0.intValue } }
}

extension JSONKind where T == Double {
    /// Any JSON number, integer or not.
    public static var number: JSONKind<Double> { JSONKind(name: "number") { $0.doubleValue } }
}

extension JSONKind where T == Bool {
    public static var boolean: JSONKind<Bool> { JSONKind(name: "boolean") { $0.boolValue } }
}

extension JSONKind where T == JSONObject {
    public static var object: JSONKind<JSONObject> { JSONKind(name: "object") { $0.objectValue } }
}

extension JSONKind where T == [JSONValue] {
    public static var array: JSONKind<[JSONValue]> { JSONKind(name: "array") { $0.arrayValue } }
}
