import ModhostWire

/// A describe result the generator cannot read: where (`path`, as in `data.path` of the
/// protocol's errors) and what was expected there.
public struct CodegenError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var expected: String
    public var got: String

    public init(path: String, expected: String, got: String) {
        self.path = path
        self.expected = expected
        self.got = got
    }

    public var description: String { "\(path): expected \(expected), got \(got)" }
}

/// JSON Schemas (the subset the SDK writes) as TypeScript type expressions.
///
/// `string`, `number`, `integer` (→ `number`), `boolean`, `null`; `enum` and `const` as
/// literal unions; `anyOf` and type lists as unions; `format: "color"` strings as
/// `ColorValue`; arrays as `T[]`; objects with `properties` as object literal types whose
/// members keep the schema's order (`x-order` when given), are optional unless listed in
/// `required`, and carry the member's `description`, integer-ness and `default` as a doc
/// comment; `additionalProperties` as an index signature; anything else as `JSONValue`.
public struct SchemaTypeScript {
    /// The name the output uses for colours (`format: "color"`).
    public var colorType = "ColorValue"
    /// The name the output uses for any JSON value.
    public var jsonType = "JSONValue"
    /// Keys an object type leaves out (`$type`, which the factory sets).
    public var omittedKeys: Set<String> = []

    public init() {}

    /// The type of `schema`, found at `path` (for errors). Nested object types are laid out
    /// for a position `indent` spaces in.
    public func type(of schema: JSONValue, at path: String, indent: Int = 0) throws(CodegenError) -> String {
        guard case let .object(object) = schema else {
            if schema == .bool(true) { return jsonType }
            throw CodegenError(path: path, expected: "a JSON Schema object", got: schema.typeName)
        }
        if let constant = object["const"] { return try literal(constant, at: path + ".const") }
        if let values = object["enum"] {
            guard case let .array(items) = values, !items.isEmpty else {
                throw CodegenError(path: path + ".enum", expected: "a non-empty array of values", got: values.jsonText)
            }
            var literals: [String] = []
            for (index, item) in items.enumerated() { literals.append(try literal(item, at: "\(path).enum[\(index)]")) }
            return union(literals)
        }
        if let choices = object["anyOf"] ?? object["oneOf"] {
            let key = object["anyOf"] != nil ? "anyOf" : "oneOf"
            guard case let .array(items) = choices, !items.isEmpty else {
                throw CodegenError(path: "\(path).\(key)", expected: "a non-empty array of schemas", got: choices.jsonText)
            }
            var members: [String] = []
            for (index, item) in items.enumerated() {
                members.append(try type(of: item, at: "\(path).\(key)[\(index)]", indent: indent))
            }
            return union(members)
        }
        switch object["type"] {
        case nil:
            return jsonType
        case let .string(name)?:
            return try type(named: name, in: object, at: path, indent: indent)
        case let .array(names)?:
            var members: [String] = []
            for (index, name) in names.enumerated() {
                guard case let .string(text) = name else {
                    throw CodegenError(path: "\(path).type[\(index)]", expected: "a type name", got: name.typeName)
                }
                members.append(try type(named: text, in: object, at: path, indent: indent))
            }
            return union(members)
        case let other?:
            throw CodegenError(path: path + ".type", expected: "a type name or a list of them", got: other.typeName)
        }
    }

    private func type(named name: String, in object: JSONObject, at path: String, indent: Int) throws(CodegenError) -> String {
        switch name {
        case "string": return object["format"]?.stringValue == "color" ? colorType : "string"
        case "number", "integer": return "number"
        case "boolean": return "boolean"
        case "null": return "null"
        case "array":
            guard let items = object["items"] else { return "\(jsonType)[]" }
            let element = try type(of: items, at: path + ".items", indent: indent)
            // `A | B[]` would bind the brackets to B alone.
            return element.contains(" | ") ? "Array<\(element)>" : "\(element)[]"
        case "object":
            return try objectType(object, at: path, indent: indent)
        default:
            let known = ["string", "number", "integer", "boolean", "null", "array", "object"]
            let hint = Suggestion.closest(to: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            throw CodegenError(path: path + ".type", expected: "one of \(known.joined(separator: ", "))", got: "'\(name)'\(hint)")
        }
    }

    private func objectType(_ object: JSONObject, at path: String, indent: Int) throws(CodegenError) -> String {
        let members = try members(of: object, at: path)
        if members.isEmpty {
            if let additional = object["additionalProperties"], additional != .bool(false) {
                let value = try additional == .bool(true) ? jsonType : type(of: additional, at: path + ".additionalProperties", indent: indent)
                return "{ [key: string]: \(value) }"
            }
            // An object schema without members: `{}` exactly (a record with no fields), or any
            // object (the SDK's note for a recursive record).
            return object["properties"] != nil || object["additionalProperties"] == .bool(false)
                ? "{}" : "{ [key: string]: \(jsonType) }"
        }
        let pad = String(repeating: " ", count: indent + 2)
        var lines = ["{"]
        for member in members {
            let memberType = try type(of: member.schema, at: "\(path).properties.\(member.key)", indent: indent + 2)
            // A required key's default is never used: the front-end always sends one.
            lines += DocComment.lines(for: member.schema, indent: pad, showsDefault: !member.required)
            lines.append("\(pad)\(propertyName(member.key))\(member.required ? "" : "?"): \(memberType);")
        }
        lines.append(String(repeating: " ", count: indent) + "}")
        return lines.joined(separator: "\n")
    }

    /// An object schema's members in declaration order, minus `omittedKeys`.
    public func members(of object: JSONObject, at path: String) throws(CodegenError) -> [(key: String, schema: JSONValue, required: Bool)] {
        guard let properties = object["properties"] else { return [] }
        guard case let .object(byKey) = properties else {
            throw CodegenError(path: path + ".properties", expected: "an object of schemas", got: properties.typeName)
        }
        var required: Set<String> = []
        if let list = object["required"] {
            guard case let .array(names) = list else {
                throw CodegenError(path: path + ".required", expected: "an array of property names", got: list.typeName)
            }
            for (index, name) in names.enumerated() {
                guard case let .string(key) = name else {
                    throw CodegenError(path: "\(path).required[\(index)]", expected: "a property name", got: name.typeName)
                }
                required.insert(key)
            }
        }
        // `x-order` is the SDK's declaration order; the object's own order is the fallback.
        var order = byKey.keys
        if case let .array(names)? = object["x-order"] {
            let listed = names.compactMap(\.stringValue).filter { byKey[$0] != nil }
            order = listed + order.filter { !listed.contains($0) }
        }
        return order.filter { !omittedKeys.contains($0) }.map { ($0, byKey[$0]!, required.contains($0)) }
    }

    /// A JSON value as a TypeScript literal type.
    func literal(_ value: JSONValue, at path: String) throws(CodegenError) -> String {
        switch value {
        case .string, .bool, .null, .int: return value.jsonText
        case let .double(number) where number.isFinite: return value.jsonText
        default: throw CodegenError(path: path, expected: "a string, number, boolean or null", got: value.typeName)
        }
    }

    /// `key` as a member name: bare when it is an identifier, else a quoted string.
    func propertyName(_ key: String) -> String {
        TypeScriptNames.isPlainPropertyName(key) ? key : JSONValue.string(key).jsonText
    }

    /// Members joined by ` | `, each once, in first-seen order.
    func union(_ members: [String]) -> String {
        var seen: [String] = []
        for member in members where !seen.contains(member) { seen.append(member) }
        return seen.joined(separator: " | ")
    }
}

/// `/** … */` comments from a schema's `description`, integer-ness and `default`.
enum DocComment {
    /// The comment's lines for `schema` (the non-null member of a nullable `anyOf` too),
    /// indented by `indent`; none when there is nothing to say.
    static func lines(for schema: JSONValue, indent: String, showsDefault: Bool = true) -> [String] {
        var schemas = [schema]
        if case let .array(choices)? = schema["anyOf"] {
            schemas += choices.filter { $0["type"]?.stringValue != "null" }
        }
        var text: [String] = []
        if let description = schemas.lazy.compactMap({ $0["description"]?.stringValue }).first {
            text += description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        if schemas.contains(where: { $0["type"]?.stringValue == "integer" }) { text.append("An integer.") }
        if showsDefault, let value = schemas.lazy.compactMap({ $0["default"] }).first { text.append("@default \(value.jsonText)") }
        return lines(text, indent: indent)
    }

    /// `text` as a doc comment (one line when it fits on one).
    static func lines(_ text: [String], indent: String) -> [String] {
        let safe = text.map(escaped)
        guard !safe.isEmpty else { return [] }
        if safe.count == 1 { return ["\(indent)/** \(safe[0]) */"] }
        return ["\(indent)/**"] + safe.map { $0.isEmpty ? "\(indent) *" : "\(indent) * \($0)" } + ["\(indent) */"]
    }

    /// A comment cannot hold `*/`; a plugin's description must not end it early.
    static func escaped(_ line: String) -> String {
        var out = ""
        var previous: Character? = nil
        for character in line where character != "\r" {
            if character == "/" && previous == "*" { out.append("\\") }
            out.append(character)
            previous = character
        }
        return out
    }
}
