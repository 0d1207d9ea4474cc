import ModhostWire

/// A key of a modifier's params that the modifier's records do not declare: most often a
/// misspelt param (`trailling`), which the SDK would otherwise ignore without a word.
struct UnknownParam: Equatable {
    /// Where it is, below the modifier object: `trailling`, `trailing[0].lable`.
    let path: String
    let key: String
    /// The keys declared where it is, in declaration order.
    let known: [String]
    /// The declared key it most likely meant, if one is close.
    let suggestion: String?

    /// Sentences naming the key at `place`, what became of it, the likely meant key and
    /// what is declared there.
    func message(at place: String, outcome: String) -> String {
        let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
        let declared = known.isEmpty ? "nothing" : known.joined(separator: ", ")
        return "'\(place)' is not a param of this modifier, so \(outcome).\(hint) Declared there: \(declared)"
    }

    /// `data` members that say the same: `key`, `known`, `suggestion`.
    var data: JSONObject {
        var data = JSONObject([("key", .string(key)), ("known", .array(known.map { .string($0) }))])
        if let suggestion { data["suggestion"] = .string(suggestion) }
        return data
    }
}

/// Finds the keys of a modifier's params that its params schema does not declare.
///
/// The SDK counts such keys as records decode (one comparison it makes anyway), so this walk
/// runs only for the modifiers that had one. It follows the schema the host already holds
/// for the type: into a field's object (`properties`) and array (`items`) values, through
/// optional fields (`anyOf` with `null`). Where the schema does not list properties (a
/// dictionary field, a record described above as recursive) nothing is reported.
enum UnknownParams {
    static func find(in params: JSONObject, schema: JSONValue) -> [UnknownParam] {
        var found: [UnknownParam] = []
        check(.object(params), against: schema, at: "", isModifier: true, into: &found)
        return found
    }

    private static func check(_ value: JSONValue, against schema: JSONValue, at path: String, isModifier: Bool, into found: inout [UnknownParam]) {
        switch value {
        case let .object(object):
            guard let schema = branch(of: schema, having: "properties"), let properties = schema["properties"]?.objectValue else { return }
            let known = properties.keys.filter { $0 != "$type" }
            for (key, member) in object {
                if isModifier && key == "$type" { continue }
                let place = JSONPath.member(key, of: path)
                guard let property = properties[key] else {
                    found.append(UnknownParam(path: place, key: key, known: known, suggestion: Suggestion.closest(to: key, among: known)))
                    continue
                }
                check(member, against: property, at: place, isModifier: false, into: &found)
            }
        case let .array(elements):
            guard let schema = branch(of: schema, having: "items"), let items = schema["items"] else { return }
            for (index, element) in elements.enumerated() {
                check(element, against: items, at: JSONPath.element(index, of: path), isModifier: false, into: &found)
            }
        default:
            return
        }
    }

    /// `schema` itself when it has `member`, else the first of its `anyOf` branches that does.
    private static func branch(of schema: JSONValue, having member: String) -> JSONObject? {
        guard let object = schema.objectValue else { return nil }
        if object[member] != nil { return object }
        for option in object["anyOf"]?.arrayValue ?? [] {
            if let found = branch(of: option, having: member) { return found }
        }
        return nil
    }
}
