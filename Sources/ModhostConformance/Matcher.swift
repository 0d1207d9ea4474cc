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
/// - `{"$includes": [m1, m2]}`: an array, of any length, in which each matcher matches an
///   element of its own (two matchers never count the same element, so `[m, m]` needs two
///   elements matching `m`); the array's other elements and its order are not checked. For
///   lists a host with more plugins or connections makes longer, such as `describe`'s;
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
                    ? nil : "\(path): expected type \(names.joined(separator: " or ")), got \(short(actual))"
            }
            if let text = object["$contains"]?.stringValue {
                guard let string = actual.stringValue else { return "\(path): expected a string containing '\(text)', got \(short(actual))" }
                return string.contains(text) ? nil : "\(path): \(short(actual)) does not contain '\(text)'"
            }
            if let choices = object["$oneOf"]?.arrayValue {
                for choice in choices where mismatch(choice, actual, at: path, captures: &captures) == nil { return nil }
                return "\(path): \(short(actual)) matches none of \(short(matcher))"
            }
            if object.count == 1, let wanted = object["$includes"]?.arrayValue {
                guard let values = actual.arrayValue else { return "\(path): expected an array, got \(short(actual))" }
                // Which elements each matcher matches, and the first that matches none.
                var candidates: [[Int]] = []
                for (index, item) in wanted.enumerated() {
                    var scratch = captures
                    let matching = values.indices.filter { mismatch(item, values[$0], at: path, captures: &scratch) == nil }
                    if matching.isEmpty {
                        return "\(path): no element matches $includes[\(index)] \(short(item)) among \(values.count) elements"
                    }
                    candidates.append(matching)
                }
                // Every matcher its own element; captures count only from the elements chosen.
                var used = Set<Int>()
                func assign(_ index: Int, _ captures: inout [String: JSONValue]) -> Bool {
                    if index == wanted.count { return true }
                    for element in candidates[index] where !used.contains(element) {
                        var trial = captures
                        guard mismatch(wanted[index], values[element], at: path, captures: &trial) == nil else { continue }
                        used.insert(element)
                        if assign(index + 1, &trial) {
                            captures = trial
                            return true
                        }
                        used.remove(element)
                    }
                    return false
                }
                if assign(0, &captures) { return nil }
                return "\(path): the \(wanted.count) $includes matchers need an element each; \(values.count) elements do not give every one its own"
            }
            if let exact = object["$exact"]?.objectValue {
                return matchObject(exact, actual, at: path, exact: true, captures: &captures)
            }
            return matchObject(object, actual, at: path, exact: false, captures: &captures)
        case let .array(items):
            guard let values = actual.arrayValue else { return "\(path): expected an array, got \(short(actual))" }
            guard values.count == items.count else {
                // Where the lists part: the first element that does not match, else the first extra or missing one.
                var scratch = captures
                let first = (0..<min(items.count, values.count)).first { mismatch(items[$0], values[$0], captures: &scratch) != nil } ?? min(items.count, values.count)
                let there = first < values.count ? "got \(short(values[first]))" : "got nothing"
                return "\(path): expected \(items.count) elements, got \(values.count); first difference at \(path)[\(first)]: \(there)"
            }
            for (index, item) in items.enumerated() {
                if let problem = mismatch(item, values[index], at: "\(path)[\(index)]", captures: &captures) { return problem }
            }
            return nil
        default:
            return matcher == actual && sameKind(matcher, actual) ? nil : "\(path): expected \(short(matcher)), got \(short(actual))"
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

    /// How a mismatch shows a value: its JSON text, cut to `limit` characters (with how long
    /// it was), so that a failure names the difference rather than repeating a frame of
    /// several KB.
    public static func short(_ value: JSONValue, limit: Int = 120) -> String {
        let text = value.jsonText
        guard text.count > limit else { return text }
        return "\(text.prefix(limit))… (\(text.utf8.count) bytes)"
    }

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
        guard let object = actual.objectValue else { return "\(path): expected an object, got \(short(actual))" }
        for (key, expected) in members {
            let value = object[key]
            if expected["$absent"] != nil {
                if value != nil { return "\(path).\(key): expected no member, got \(short(value!))" }
                continue
            }
            guard let value else { return "\(path): member '\(key)' is missing (members: \(object.keys.sorted().joined(separator: ", ")))" }
            if let problem = mismatch(expected, value, at: "\(path).\(key)", captures: &captures) { return problem }
        }
        if exact {
            for key in object.keys where members[key] == nil {
                return "\(path): unexpected member '\(key)': \(short(object[key]!))"
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
