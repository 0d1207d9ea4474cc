import ModhostWire
import Testing

@Suite(.timeLimit(.minutes(20))) struct RPCPeekTests {
    private func peek(_ text: String) -> RPCPeek.Found? {
        Array(text.utf8).withUnsafeBytes { RPCPeek.idAndMethod($0) }
    }

    @Test func theUsualOrderIsReadWithoutTouchingParams() {
        // The params are not even valid JSON: they are never read.
        let found = peek(#"{"jsonrpc":"2.0","id":7,"method":"mount","params":{"root": nonsense"#)
        #expect(found == RPCPeek.Found(id: 7, method: "mount"))
    }

    @Test func paramsBeforeIdAndMethodAreSkippedWithTheirStringsAndNesting() {
        let found = peek(#" { "params" : {"a":[1,{"b":"}]\"{"}],"c":-1.5e3, "d": null}, "method":"snapshot" , "id" : "x-1" } "#)
        #expect(found == RPCPeek.Found(id: "x-1", method: "snapshot"))
    }

    @Test func aBatchIsNamedByItsFirstElement() {
        let found = peek(#"[{"jsonrpc":"2.0","method":"ping","id":1},{"jsonrpc":"2.0","method":"describe","id":2}]"#)
        #expect(found == RPCPeek.Found(id: 1, method: "ping", isBatch: true))
    }

    @Test func whatIsMissingOrMalformedIsLeftOut() {
        #expect(peek(#"{"jsonrpc":"2.0","method":"ping"}"#) == RPCPeek.Found(id: nil, method: "ping"))
        #expect(peek(#"{"id":3,"method":5}"#) == RPCPeek.Found(id: 3, method: nil))
        #expect(peek(#"{"id":3, oops"#) == RPCPeek.Found(id: 3, method: nil))
        #expect(peek("42") == nil)
        #expect(peek("") == nil)
    }

    private func requestText(_ text: String, pid: Int32?) -> String {
        String(decoding: Array(text.utf8).withUnsafeBytes { RPCPeek.requestText($0, pid: pid) }, as: UTF8.self)
    }

    @Test func theRequestTextNamesThePidTheIdAndTheMethodOnly() {
        #expect(requestText(#"{"jsonrpc":"2.0","id":7,"method":"mount","params":{"x":1}}"#, pid: 15120) == #"{"pid":15120,"id":7,"method":"mount"}"#)
        #expect(requestText(#"{"method":"ping","id":"a"}"#, pid: 0) == #"{"pid":0,"id":"a","method":"ping"}"#)
        #expect(requestText(#"{"method":"ping"}"#, pid: nil) == #"{"id":null,"method":"ping"}"#)
        #expect(requestText(#"[{"id":1,"method":"ping"}]"#, pid: 9) == #"{"pid":9,"id":1,"method":"batch"}"#)
    }

    @Test func onlyTheExactNamesIdAndMethodCount() {
        let found = peek(#"{"i":1,"ids":2,"Id":3,"methods":"a","metho":"b","id":4,"method":"c"}"#)
        #expect(found == RPCPeek.Found(id: 4, method: "c"))
    }

}
