import Glibc
import ModhostWire

/// A validator for the JSON Schema 2020-12 subset the protocol's schemas use:
/// `type`, `properties`, `required`, `items`, `enum`, `const`, `oneOf`, `anyOf`, `allOf`,
/// `additionalProperties` (boolean or schema), `minItems`, `minimum`, `minLength`, and `$ref`
/// to `#/$defs/NAME` in the same schema or `FILE.json` / `FILE.json#/$defs/NAME` in the
/// same registry. Other keywords (`$schema`, `$id`, `title`, `description`, …) are ignored.
public struct SchemaRegistry: Sendable {
    /// Schemas by file name (`response.json`).
    public private(set) var schemas: [String: JSONValue] = [:]

    public init() {}

    public init(schemas: [String: JSONValue]) { self.schemas = schemas }

    /// Loads every `*.json` file of a folder.
    public init(folder: String) throws(ConformanceError) {
        for name in try listFolder(folder) where name.hasSuffix(".json") {
            let text = try readFile(folder + "/" + name)
            do {
                schemas[name] = try JSONParser.parse(text)
            } catch {
                throw ConformanceError("\(folder)/\(name) is not valid JSON: \(error)")
            }
        }
    }

    public mutating func add(_ name: String, _ schema: JSONValue) { schemas[name] = schema }

    /// nil when `value` is valid against the schema file `name`, else why it is not.
    public func validate(_ value: JSONValue, against name: String) -> String? {
        guard let schema = schemas[name] else { return "no schema '\(name)'" }
        return check(value, schema, root: schema, at: "$", depth: 0)
    }

    private func resolve(_ reference: String, root: JSONValue) -> (schema: JSONValue, root: JSONValue)? {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        var base = root
        if let file = parts.first, !file.isEmpty {
            guard let other = schemas[String(file)] else { return nil }
            base = other
        }
        var target = base
        if parts.count == 2 {
            for component in parts[1].split(separator: "/") {
                guard let next = target[String(component)] else { return nil }
                target = next
            }
        }
        return (target, base)
    }

    private func check(_ value: JSONValue, _ schema: JSONValue, root: JSONValue, at path: String, depth: Int) -> String? {
        if depth > 200 { return "\(path): schema recursion too deep" }
        if let flag = schema.boolValue { return flag ? nil : "\(path): no value is allowed here" }
        guard let keywords = schema.objectValue else { return "\(path): the schema is not an object" }
        if let reference = keywords["$ref"]?.stringValue {
            guard let (target, base) = resolve(reference, root: root) else { return "\(path): cannot resolve $ref '\(reference)'" }
            if let problem = check(value, target, root: base, at: path, depth: depth + 1) { return problem }
        }
        if let type = keywords["type"] {
            let names = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
            if !names.contains(where: { JSONTypes.value(value, is: $0) }) {
                return "\(path): expected \(names.joined(separator: " or ")), got \(value.typeName) \(short(value))"
            }
        }
        if let constant = keywords["const"], !(constant == value && constant.typeName == value.typeName) {
            return "\(path): expected \(constant.jsonText), got \(short(value))"
        }
        if let choices = keywords["enum"]?.arrayValue, !choices.contains(where: { $0 == value && $0.typeName == value.typeName }) {
            return "\(path): expected one of \(JSONValue.array(choices).jsonText), got \(short(value))"
        }
        if let minimum = keywords["minimum"]?.doubleValue, let number = value.doubleValue, number < minimum {
            return "\(path): \(number) is below the minimum \(minimum)"
        }
        if let minLength = keywords["minLength"]?.intValue, let string = value.stringValue, string.count < minLength {
            return "\(path): string shorter than \(minLength)"
        }
        if let excluded = keywords["not"], check(value, excluded, root: root, at: path, depth: depth + 1) == nil {
            return "\(path): \(short(value)) matches a schema it must not (\(excluded.jsonText))"
        }
        if let all = keywords["allOf"]?.arrayValue {
            for sub in all {
                if let problem = check(value, sub, root: root, at: path, depth: depth + 1) { return problem }
            }
        }
        if let any = keywords["anyOf"]?.arrayValue {
            var problems: [String] = []
            for sub in any {
                if let problem = check(value, sub, root: root, at: path, depth: depth + 1) { problems.append(problem) } else { problems = []; break }
            }
            if !problems.isEmpty { return "\(path): matches no anyOf branch (\(problems.joined(separator: "; ")))" }
        }
        if let one = keywords["oneOf"]?.arrayValue {
            var problems: [String] = []
            var passed = 0
            for sub in one {
                if let problem = check(value, sub, root: root, at: path, depth: depth + 1) { problems.append(problem) } else { passed += 1 }
            }
            if passed == 0 { return "\(path): matches no oneOf branch (\(problems.joined(separator: "; ")))" }
            if passed > 1 { return "\(path): matches \(passed) oneOf branches, exactly one expected" }
        }
        if let object = value.objectValue {
            let properties = keywords["properties"]?.objectValue ?? JSONObject()
            if let required = keywords["required"]?.arrayValue {
                for name in required.compactMap(\.stringValue) where object[name] == nil {
                    return "\(path): required member '\(name)' is missing"
                }
            }
            for (name, member) in object {
                if let sub = properties[name] {
                    if let problem = check(member, sub, root: root, at: "\(path).\(name)", depth: depth + 1) { return problem }
                } else if let additional = keywords["additionalProperties"] {
                    if let problem = check(member, additional, root: root, at: "\(path).\(name)", depth: depth + 1) {
                        return additional.boolValue == false ? "\(path): member '\(name)' is not allowed" : problem
                    }
                }
            }
        }
        if let items = value.arrayValue {
            if let minItems = keywords["minItems"]?.intValue, items.count < minItems {
                return "\(path): expected at least \(minItems) elements, got \(items.count)"
            }
            if let itemSchema = keywords["items"] {
                for (index, item) in items.enumerated() {
                    if let problem = check(item, itemSchema, root: root, at: "\(path)[\(index)]", depth: depth + 1) { return problem }
                }
            }
        }
        return nil
    }

    private func short(_ value: JSONValue) -> String {
        let text = value.jsonText
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }
}

/// A problem with the conformance run itself (files, arguments, the host process).
public struct ConformanceError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

func listFolder(_ path: String) throws(ConformanceError) -> [String] {
    guard let dir = opendir(path) else { throw ConformanceError("cannot open folder \(path): \(String(cString: strerror(errno)))") }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

func readFile(_ path: String) throws(ConformanceError) -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw ConformanceError("cannot read \(path): \(String(cString: strerror(errno)))") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n <= 0 { break }
        bytes.append(contentsOf: chunk[0..<n])
    }
    return bytes
}
