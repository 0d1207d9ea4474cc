@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

/// `ping` takes no params: the session checks them without building them and refuses
/// params with members with an error written once. The answers must be exactly those that
/// building the params and running the handler gives.
@Suite("A method that takes no params answers params as before, without building them", .timeLimit(.minutes(20)))
struct ParamlessMethodTests {
    /// The bytes of the reply the handler's own `expectNone` gives for `params`.
    static func refusal(id: JSONValue, params: JSONValue) -> [UInt8] {
        var text: [UInt8] = []
        do {
            try Params(params, method: "ping").expectNone()
            Issue.record("expectNone accepted \(params)")
        } catch {
            FrameEncoder.appendFrame(to: &text) { RPCMessage.writeErrorResponse(id: id, error: error, into: &$0) }
        }
        return text
    }

    @Test func pingWithMembersGetsTheHandlersErrorByteForByte() {
        let harness = SessionHarness()
        #expect(harness.rawReplies(Array(#"{"jsonrpc":"2.0","id":7,"method":"ping","params":{"pad":"xyz"}}"#.utf8))
            == Self.refusal(id: 7, params: ["pad": "xyz"]))
        #expect(harness.rawReplies(Array(#"{"jsonrpc":"2.0","id":"a","method":"ping","params":[1,{}]}"#.utf8))
            == Self.refusal(id: "a", params: [1, [:]]))
        // Params before the method: built, then refused by the handler, the same way.
        #expect(harness.rawReplies(Array(#"{"jsonrpc":"2.0","params":{"a":[]},"id":8,"method":"ping"}"#.utf8))
            == Self.refusal(id: 8, params: ["a": []]))
        // Deeper than the skipper tracks: parsed, refused the same way.
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(harness.rawReplies(Array(#"{"jsonrpc":"2.0","id":9,"method":"ping","params":\#(deep)}"#.utf8))
            == Self.refusal(id: 9, params: [[]]))
    }

    @Test func emptyParamsAreStillAccepted() throws {
        let harness = SessionHarness()
        for params in ["{}", "[]", " { } "] {
            let reply = try harness.reply(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":\#(params)}"#)
            #expect(reply["result"] == .object(JSONObject()), "\(params)")
        }
    }

    @Test func invalidJSONInSkippedParamsIsStillAParseError() throws {
        let harness = SessionHarness()
        for params in [#"{"pad":"\u12"}"#, "{\"pad\":\"a\u{01}b\"}", #"{"pad":01}"#, #"{"pad":[1,]}"#, #"{"pad" 1}"#] {
            let reply = try harness.reply(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":\#(params)}"#)
            #expect(reply["error"]?["code"] == .int(RPCErrorCode.parseError), "\(params): \(reply)")
        }
        var invalidUTF8 = Array(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"ab"}}"#.utf8)
        invalidUTF8[invalidUTF8.count - 5] = 0xFF
        #expect(try harness.replies(invalidUTF8).first?["error"]?["code"] == .int(RPCErrorCode.parseError))
    }

    @Test func aNotificationWithParamsGetsNoReply() {
        let harness = SessionHarness()
        #expect(harness.rawReplies(Array(#"{"jsonrpc":"2.0","method":"ping","params":{"pad":"x"}}"#.utf8)).isEmpty)
    }

    @Test func aLaterMethodMemberDecidesAsBefore() throws {
        let harness = SessionHarness()
        let reply = try harness.reply(#"{"jsonrpc":"2.0","id":3,"method":"ping","params":{"a":1},"method":"describe"}"#)
        #expect(reply["error"]?["code"] == .int(RPCErrorCode.notInitialized))
    }
}
