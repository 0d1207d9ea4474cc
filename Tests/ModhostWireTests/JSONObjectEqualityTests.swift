import Testing

@testable import ModhostWire

/// Objects are equal when they have the same members with equal values, whatever their
/// order: the pairwise fast path for members in the same order must agree with that.
@Suite("JSONObject equality", .timeLimit(.minutes(20)))
struct JSONObjectEqualityTests {
    private static func object(_ text: String) throws -> JSONObject {
        try #require(try JSONParser.parse(Array(text.utf8)).objectValue)
    }

    @Test(arguments: [
        (#"{"a":1,"b":[2,{"x":"y"}],"c":null}"#, #"{"a":1,"b":[2,{"x":"y"}],"c":null}"#),
        (#"{"a":1,"b":2,"c":3,"d":4}"#, #"{"a":1,"b":2,"d":4,"c":3}"#),
        (#"{"a":1,"b":2,"c":3,"d":4}"#, #"{"d":4,"c":3,"b":2,"a":1}"#),
        (#"{"a":1,"b":{"p":1,"q":2}}"#, #"{"b":{"q":2,"p":1},"a":1}"#),
        (#"{"n":3}"#, #"{"n":3.0}"#),
        ("{}", "{}"),
    ])
    func equalMembersInAnyOrderAreEqual(_ pair: (String, String)) throws {
        let (a, b) = (try Self.object(pair.0), try Self.object(pair.1))
        #expect(a == b)
        #expect(b == a)
    }

    @Test(arguments: [
        // A value differs among the members in the same order, or after them.
        (#"{"a":1,"b":2,"c":3}"#, #"{"a":1,"b":5,"c":3}"#),
        (#"{"a":1,"b":2,"c":3,"d":4}"#, #"{"a":1,"b":2,"d":5,"c":3}"#),
        // The same count, but another key where the order parts.
        (#"{"a":1,"b":2,"c":3}"#, #"{"a":1,"b":2,"x":3}"#),
        (#"{"a":1,"b":2,"c":3}"#, #"{"a":1,"x":3,"b":2}"#),
        (#"{"a":1}"#, #"{"a":1,"b":2}"#),
        (#"{"a":"1"}"#, #"{"a":1}"#),
    ])
    func anyDifferenceMakesThemUnequal(_ pair: (String, String)) throws {
        let (a, b) = (try Self.object(pair.0), try Self.object(pair.1))
        #expect(a != b)
        #expect(b != a)
    }

    @Test func largeObjectsWithAnIndexCompareTheSameWay() throws {
        let keys = (0..<20).map { "k\($0)" }
        let inOrder = JSONObject(keys.map { ($0, JSONValue.string($0)) })
        let reversed = JSONObject(keys.reversed().map { ($0, JSONValue.string($0)) })
        var changed = reversed
        changed["k7"] = "other"
        #expect(inOrder == reversed)
        #expect(inOrder != changed)
        #expect(changed != inOrder)
    }
}
