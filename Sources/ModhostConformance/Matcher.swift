import ModhostWire

/// Matches a received JSON value against a vector's matcher.
///
/// A matcher is a JSON value. Scalars match by value, except that an integer in a matcher
/// means an integer on the wire: `1` matches `1` only, not `1.0`, and
/// `9223372036854775807` does not match `9.223372036854776e18` (the same double), so a host
/// that round-trips ids or counts through a double fails. A number written with a fraction or
/// exponent in the matcher (`1.0`, `0.5`) matches any number of that value. Arrays match
/// element by element and must have the same length; objects match as subsets (members the
/// matcher does not name may be present). Special objects:
///
/// - `{"$any": true}`: anything (but the member must be present);
///   (`$any` and `$type` are special only as the object's one member, and `$type` only with
///   JSON type names, so `{"$type": "swipeActions"}` is an ordinary object)
/// - `{"$absent": true}`: as an object member, the member must not be present;
/// - `{"$type": "string"}` or `{"$type": ["string", "null"]}`: a JSON type
///   (`null`, `boolean`, `integer`, `number`, `string`, `array`, `object`);
/// - `{"$contains": "text"}`: a string containing the text;
/// - `{"$exact": {...}}`: an object with exactly these members;
/// - `{"$oneOf": [m1, m2]}`: one of the matchers matches;
/// - `{"$includes": [m1, m2]}`: an array, of any length, in which each matcher matches some
///   element (for lists whose other elements a vector does not pin, such as `describe`'s);
/// - `{"$capture": "name"}`: anything, kept under `name` for later `send` steps of the same
///   vector, where `{"$var": "name"}` stands for it (values the host chooses, such as a
///   refresh id, can then be sent back).
public enum Matcher {
    /// nil when `actual` matches, else a description of the first difference.
    public static func mismatch(_ matcher: JSONValue, _ actual: JSONValue, at path: String = "$") -> String? {
        var captures: [String: JSONValue] = [:]
        return mismatch(matcher, actual, at: path, captures: &captures)
    }

    /// `mismatch`, keeping what `$capture` matchers matched in `captures`.
    public static func mismatch(_ matcher: JSONValue, _ actual: JSONValue, at path: String = "$", captures: inout [String: JSONValue]) -> String? {
        switch matcher {
        case let .object(object):
            if object.count == 1, object["$any"] != nil { return nil }
            if object.count == 1, let name = object["$capture"]?.stringValue {
                captures[name] = actual
                return nil
            }
            if object.count == 1, let type = object["$type"], let names = typeNames(type) {
                return names.contains(where: { JSONTypes.value(actual, is: $0) })
                    ? nil : "\(path): expected type \(names.joined(separator: " or ")), got \(actual.jsonText)"
            }
            if let text = object["$contains"]?.stringValue {
                guard let string = actual.stringValue else { return "\(path): expected a string containing '\(text)', got \(actual.jsonText)" }
                return string.contains(text) ? nil : "\(path): '\(string)' does not contain '\(text)'"
            }
            if let choices = object["$oneOf"]?.arrayValue {
                for choice in choices where mismatch(choice, actual, at: path, captures: &captures) == nil { return nil }
                return "\(path): \(actual.jsonText) matches none of \(matcher.jsonText)"
            }
            if object.count == 1, let wanted = object["$includes"]?.arrayValue {
                guard let values = actual.arrayValue else { return "\(path): expected an array, got \(actual.jsonText)" }
                for (index, item) in wanted.enumerated() {
                    // Captures count only from the element that matched.
                    var found = false
                    for value in values {
                        var trial = captures
                        if mismatch(item, value, at: path, captures: &trial) == nil {
                            captures = trial
                            found = true
                            break
                        }
                    }
                    if !found { return "\(path): no element matches $includes[\(index)] \(item.jsonText)" }
                }
                return nil
            }
            if let exact = object["$exact"]?.objectValue {
                return matchObject(exact, actual, at: path, exact: true, captures: &captures)
            }
            return matchObject(object, actual, at: path, exact: false, captures: &captures)
        case let .array(items):
            guard let values = actual.arrayValue else { return "\(path): expected an array, got \(actual.jsonText)" }
            guard values.count == items.count else {
                return "\(path): expected \(items.count) elements, got \(values.count): \(actual.jsonText)"
            }
            for (index, item) in items.enumerated() {
                if let problem = mismatch(item, values[index], at: "\(path)[\(index)]", captures: &captures) { return problem }
            }
            return nil
        default:
            return matcher == actual && sameKind(matcher, actual) ? nil : "\(path): expected \(matcher.jsonText), got \(actual.jsonText)"
        }
    }

    /// The JSON type names of a `$type` matcher; nil when the value names none, so that a
    /// literal modifier object such as `{"$type": "swipeActions"}` matches literally.
    private static func typeNames(_ value: JSONValue) -> [String]? {
        let known = ["null", "boolean", "integer", "number", "string", "array", "object"]
        let names = value.arrayValue?.compactMap(\.stringValue) ?? value.stringValue.map { [$0] } ?? []
        return !names.isEmpty && names.allSatisfy(known.contains) ? names : nil
    }

    public static func matches(_ matcher: JSONValue, _ actual: JSONValue) -> Bool { mismatch(matcher, actual) == nil }

    /// Whether `actual` is of the matcher's JSON kind: a number for a fractional matcher, an
    /// integer (not a double of the same value) for an integer one.
    private static func sameKind(_ matcher: JSONValue, _ actual: JSONValue) -> Bool {
        switch (matcher, actual) {
        case (.double, .int): return true
        case (.int, .double): return false
        default: return matcher.typeName == actual.typeName
        }
    }

    /// `value` with every `{"$var": "name"}` replaced by what `captures` holds under `name`.
    public static func substituting(_ captures: [String: JSONValue], in value: JSONValue) throws(ConformanceError) -> JSONValue {
        switch value {
        case let .object(object):
            if object.count == 1, let name = object["$var"]?.stringValue {
                guard let captured = captures[name] else { throw ConformanceError("'$var' \(name) was not captured by an earlier step") }
                return captured
            }
            var result = JSONObject(reservingCapacity: object.count)
            for (key, member) in object { result[key] = try substituting(captures, in: member) }
            return .object(result)
        case let .array(items):
            var result: [JSONValue] = []
            for item in items { result.append(try substituting(captures, in: item)) }
            return .array(result)
        default: return value
        }
    }

    private static func matchObject(_ members: JSONObject, _ actual: JSONValue, at path: String, exact: Bool, captures: inout [String: JSONValue]) -> String? {
        guard let object = actual.objectValue else { return "\(path): expected an object, got \(actual.jsonText)" }
        for (key, expected) in members {
            let value = object[key]
            if expected["$absent"] != nil {
                if value != nil { return "\(path).\(key): expected no member, got \(value!.jsonText)" }
                continue
            }
            guard let value else { return "\(path): member '\(key)' is missing in \(actual.jsonText)" }
            if let problem = mismatch(expected, value, at: "\(path).\(key)", captures: &captures) { return problem }
        }
        if exact {
            for key in object.keys where members[key] == nil {
                return "\(path): unexpected member '\(key)' in \(actual.jsonText)"
            }
        }
        return nil
    }
}

enum JSONTypes {
    static func value(_ value: JSONValue, is type: String) -> Bool {
        switch type {
        case "null": return value.isNull
        case "boolean": return value.boolValue != nil
        case "integer": return value.intValue != nil
        case "number": return value.doubleValue != nil
        case "string": return value.stringValue != nil
        case "array": return value.arrayValue != nil
        case "object": return value.objectValue != nil
        default: return false
        }
    }
}
