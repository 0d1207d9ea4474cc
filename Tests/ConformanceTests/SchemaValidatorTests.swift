import ModhostConformance
import ModhostWire
import Testing

@Suite(.timeLimit(.minutes(20))) struct SchemaValidatorTests {
    func registry(_ schema: String, extra: [String: String] = [:]) throws -> SchemaRegistry {
        var registry = SchemaRegistry()
        registry.add("s.json", try JSONParser.parse(schema))
        for (name, text) in extra { registry.add(name, try JSONParser.parse(text)) }
        return registry
    }

    @Test func types() throws {
        let r = try registry(#"{"type":["integer","null"]}"#)
        #expect(r.validate(3, against: "s.json") == nil)
        #expect(r.validate(3.0, against: "s.json") == nil)
        #expect(r.validate(nil, against: "s.json") == nil)
        #expect(r.validate(3.5, against: "s.json") != nil)
        #expect(r.validate("3", against: "s.json") != nil)
    }

    @Test func objects() throws {
        let r = try registry(#"{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}"#)
        #expect(r.validate(["a": "x"], against: "s.json") == nil)
        #expect(r.validate([:], against: "s.json")?.contains("'a'") == true)
        #expect(r.validate(["a": 1], against: "s.json") != nil)
        #expect(r.validate(["a": "x", "b": 1], against: "s.json")?.contains("'b'") == true)
    }

    @Test func additionalPropertiesSchema() throws {
        let r = try registry(#"{"type":"object","additionalProperties":{"type":"integer"}}"#)
        #expect(r.validate(["a": 1, "b": 2], against: "s.json") == nil)
        #expect(r.validate(["a": "x"], against: "s.json") != nil)
    }

    @Test func constEnumItems() throws {
        let r = try registry(#"{"type":"array","items":{"enum":["a","b",null]},"minItems":1}"#)
        #expect(r.validate(["a", nil], against: "s.json") == nil)
        #expect(r.validate([], against: "s.json") != nil)
        #expect(r.validate(["c"], against: "s.json") != nil)
        let c = try registry(#"{"const":"2.0"}"#)
        #expect(c.validate("2.0", against: "s.json") == nil)
        #expect(c.validate(2.0, against: "s.json") != nil)
    }

    @Test func oneOfAndAnyOf() throws {
        let r = try registry(#"{"oneOf":[{"type":"integer"},{"type":"number"}]}"#)
        #expect(r.validate(1.5, against: "s.json") == nil)
        #expect(r.validate(1, against: "s.json")?.contains("2 oneOf") == true)
        #expect(r.validate("x", against: "s.json") != nil)
        let a = try registry(#"{"anyOf":[{"type":"integer"},{"type":"string"}]}"#)
        #expect(a.validate(1, against: "s.json") == nil)
        #expect(a.validate(true, against: "s.json") != nil)
    }

    @Test func references() throws {
        let r = try registry(
            ##"{"$ref":"#/$defs/node","$defs":{"node":{"type":"object","properties":{"children":{"type":"array","items":{"$ref":"#/$defs/node"}},"x":{"$ref":"other.json#/$defs/n"}}}}}"##,
            extra: ["other.json": #"{"$defs":{"n":{"type":"integer"}}}"#])
        #expect(r.validate(["children": [["children": [], "x": 1]]], against: "s.json") == nil)
        #expect(r.validate(["children": [["children": [3]]]], against: "s.json") != nil)
        #expect(r.validate(["children": [["x": "no"]]], against: "s.json") != nil)
        let broken = try registry(##"{"$ref":"#/$defs/missing"}"##)
        #expect(broken.validate(1, against: "s.json") != nil)
    }

    @Test func protocolSchemasLoadAndCheckResponses() throws {
        let r = try SchemaRegistry(folder: ProtocolFolder.schemas)
        #expect(r.validate(["jsonrpc": "2.0", "id": 1, "result": [:]], against: "response.json") == nil)
        #expect(r.validate(["id": 1, "result": [:]], against: "response.json") != nil)
        #expect(r.validate(["jsonrpc": "2.0", "id": nil, "error": ["code": -32700, "message": "Parse error"]], against: "error-response.json") == nil)
        #expect(r.validate(["jsonrpc": "2.0", "id": nil, "error": ["code": "x", "message": "m"]], against: "error-response.json") != nil)
        #expect(r.validate(["handled": false, "reason": "no"], against: "result-interact.json") == nil)
        #expect(r.validate(["handled": true], against: "result-interact.json") != nil)
        #expect(r.validate(["root": ["type": "List", "id": "0", "children": [["type": "Text", "id": "0/0"]]]], against: "result-snapshot.json") == nil)
        #expect(r.validate(["root": ["type": "List"]], against: "result-snapshot.json") != nil)
    }

    /// A recorded style may have any name a plugin records, but a modelled one keeps its shape:
    /// `padding` without its edges is no recorded style.
    @Test func aSnapshotStyleIsRecordedByAnyNameButAModelledOneKeepsItsShape() throws {
        let r = try SchemaRegistry(folder: ProtocolFolder.schemas)
        func snapshot(_ style: JSONValue) -> JSONValue { ["root": ["type": "Text", "id": "0", "styles": [style]]] }
        #expect(r.validate(snapshot(["$style": "navigationTitle", "title": "Inbox"]), against: "result-snapshot.json") == nil)
        #expect(r.validate(snapshot(["$style": "myPluginsOwnStyle", "level": 2]), against: "result-snapshot.json") == nil)
        #expect(r.validate(snapshot(["$style": "padding", "top": 1]), against: "result-snapshot.json") != nil)
        #expect(r.validate(snapshot(["$style": ""]), against: "result-snapshot.json") != nil)
    }

    @Test func notRefusesWhatItsSchemaTakes() throws {
        let r = try registry(##"{"type": "string", "not": {"enum": ["padding"]}}"##)
        #expect(r.validate("shadow", against: "s.json") == nil)
        #expect(r.validate("padding", against: "s.json") != nil)
    }
}

@Suite(.timeLimit(.minutes(20))) struct MatcherTests {
    @Test func subsetsAndSpecials() throws {
        let actual: JSONValue = ["a": 1, "b": ["c": "hello world", "d": [1, 2]], "e": nil]
        #expect(Matcher.matches(["a": 1.0], actual))
        #expect(Matcher.matches(["b": ["c": ["$contains": "world"]]], actual))
        #expect(Matcher.matches(["b": ["d": [1, ["$any": true]]]], actual))
        #expect(!Matcher.matches(["b": ["d": [1]]], actual))
        #expect(Matcher.matches(["z": ["$absent": true]], actual))
        #expect(!Matcher.matches(["a": ["$absent": true]], actual))
        #expect(Matcher.matches(["e": ["$type": "null"], "a": ["$type": ["string", "integer"]]], actual))
        #expect(!Matcher.matches(["$exact": ["a": 1]], actual))
        #expect(Matcher.matches(["b": ["d": ["$oneOf": [[2, 1], [1, 2]]]]], actual))
        #expect(!Matcher.matches(["a": "1"], actual))
        #expect(!Matcher.matches(["x": ["$any": true]], actual))
    }

    @Test func includesFindsEachMatcherAnywhereInTheArray() {
        let list: JSONValue = [["type": "a", "n": 1], ["type": "b", "n": 2], ["type": "c"]]
        #expect(Matcher.matches(["$includes": [["type": "c"], ["n": 1]]], list))
        #expect(Matcher.matches(["$includes": []], list))
        #expect(!Matcher.matches(["$includes": [["type": "b", "n": 3]]], list))
        #expect(!Matcher.matches(["$includes": [["type": "a"]]], ["type": "a"]))
    }

    /// Each `$includes` matcher needs an element of its own: `[m, m]` is "at least two", and a
    /// matcher that could take either of two elements leaves the other to the next one.
    @Test func includesGivesEachMatcherItsOwnElement() {
        let two: JSONValue = [["id": 1, "pid": 9], ["id": 2, "pid": 9]]
        #expect(Matcher.matches(["$includes": [["pid": 9], ["pid": 9]]], two))
        #expect(!Matcher.matches(["$includes": [["pid": 9], ["pid": 9], ["pid": 9]]], two))
        #expect(!Matcher.matches(["$includes": [["pid": 9], ["pid": 9]]], [["id": 1, "pid": 9]]))
        // The first matcher fits both elements, the second only the first: it must get it.
        #expect(Matcher.matches(["$includes": [["pid": 9], ["id": 1]]], two))
        #expect(Matcher.matches(["$includes": [["pid": 9], ["id": 2]]], two))
        let problem = Matcher.mismatch(["x": ["$includes": [["pid": 9], ["pid": 9]]]], ["x": [["pid": 9], ["pid": 8]]])
        #expect(problem?.hasPrefix("$.x: the 2 $includes matchers need an element each") == true, "\(problem ?? "nil")")
        // Captures come from the elements chosen.
        var captures: [String: JSONValue] = [:]
        #expect(Matcher.mismatch(["$includes": [["id": ["$capture": "a"], "pid": 9], ["id": 1]]], two, captures: &captures) == nil)
        #expect(captures["a"] == 2)
    }

    /// A mismatch names the path and the values there, cut short: never a frame of several KB.
    @Test func aMismatchIsShortAndNamesThePath() throws {
        let big: JSONValue = .array((0..<200).map { index -> JSONValue in
            ["type": .string("modifier-\(index)"), "description": .string(String(repeating: "x", count: 100))]
        })
        let answer: JSONValue = ["jsonrpc": "2.0", "id": 1, "result": ["modifiers": big]]
        let counted = try #require(Matcher.mismatch(["result": ["modifiers": [["type": "modifier-0"]]]], answer))
        #expect(counted.hasPrefix("$.result.modifiers: expected 1 elements, got 200; first difference at $.result.modifiers[1]: got {"), "\(counted)")
        let differing = try #require(Matcher.mismatch(["result": ["modifiers": .array((0..<200).map { _ in ["type": "modifier-0"] })]], answer))
        #expect(differing.hasPrefix("$.result.modifiers[1].type: expected \"modifier-0\", got \"modifier-1\""), "\(differing)")
        let missing = try #require(Matcher.mismatch(["result": ["plugins": ["$any": true]]], answer))
        #expect(missing == "$.result: member 'plugins' is missing (members: modifiers)")
        let wrongType = try #require(Matcher.mismatch(["result": ["$type": "string"]], answer))
        #expect(wrongType.contains("bytes)"))
        for problem in [counted, differing, missing, wrongType] {
            #expect(problem.count < 300, "\(problem.count) characters: \(problem.prefix(400))")
        }
    }
}

@Suite("Matcher captures", .timeLimit(.minutes(20)))
struct MatcherCaptureTests {
    @Test func aCaptureKeepsTheValueAndAVarSendsItBack() throws {
        var captures: [String: JSONValue] = [:]
        let event: JSONValue = ["payload": ["refreshable": ["id": "refresh-7"]]]
        let matcher: JSONValue = ["payload": ["refreshable": ["$exact": ["id": ["$capture": "refresh"]]]]]
        #expect(Matcher.mismatch(matcher, event, captures: &captures) == nil)
        #expect(captures["refresh"] == "refresh-7")
        let sent = try Matcher.substituting(captures, in: ["params": ["args": [["$var": "refresh"], 1]]])
        #expect(sent == ["params": ["args": ["refresh-7", 1]]])
        #expect(throws: ConformanceError.self) { try Matcher.substituting([:], in: ["$var": "missing"]) }
    }
}
