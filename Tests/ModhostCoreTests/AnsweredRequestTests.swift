@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

/// A large request's params are freed after its reply is out, not before: the session keeps
/// them past `receive`, and lets them go when the transport says the reply is written, when
/// the next frame comes, or when the connection closes. Small requests keep nothing.
@Suite("A large request's params outlive its reply, and only until then")
struct AnsweredRequestTests {
    /// A request of `bytes` bytes or more: an unknown method whose params carry rows.
    static func largeRequest(id: Int, method: String = "bench.parseFloor", atLeast bytes: Int) -> String {
        let row = #"{"type":"Text","key":"k","props":{"text":"a row of text"}},"#
        let rows = String(repeating: row, count: bytes / row.utf8.count + 1).dropLast()
        return #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{"big":[\#(rows)]}}"#
    }

    @Test func aLargeRequestKeepsItsParamsUntilTheTransportReleasesThem() throws {
        let harness = SessionHarness()
        try harness.initialize()
        let text = Self.largeRequest(id: 1, atLeast: 70 << 10)
        #expect(text.utf8.count >= 64 << 10)
        let reply = try harness.reply(text)
        // The reply is complete while the params are still held.
        #expect(reply.errorCode == -32601)
        #expect(harness.session.hasAnsweredRequest)
        harness.session.releaseAnsweredRequest()
        #expect(!harness.session.hasAnsweredRequest)
        // Releasing twice is harmless.
        harness.session.releaseAnsweredRequest()
        #expect(!harness.session.hasAnsweredRequest)
    }

    @Test func aLargeRequestReadTheGeneralWayIsKeptToo() throws {
        let harness = SessionHarness()
        try harness.initialize()
        // An escaped member name: not read straight from the bytes, but parsed whole.
        let text = Self.largeRequest(id: 1, atLeast: 70 << 10).replacingOccurrences(of: #""params""#, with: #""para\u006ds""#)
        #expect(text.contains(#"para\u006ds"#))
        let reply = try harness.reply(text)
        #expect(reply.errorCode == -32601)
        #expect(harness.session.hasAnsweredRequest)
        harness.session.releaseAnsweredRequest()
        #expect(!harness.session.hasAnsweredRequest)
    }

    @Test func theNextFrameReleasesThemWhenTheTransportDidNot() throws {
        let harness = SessionHarness()
        try harness.initialize()
        _ = try harness.reply(Self.largeRequest(id: 1, atLeast: 70 << 10))
        #expect(harness.session.hasAnsweredRequest)
        let pong = try harness.reply(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
        #expect(pong["result"] != nil)
        #expect(!harness.session.hasAnsweredRequest)
        // A second large request replaces the first: at most one tree waits.
        _ = try harness.reply(Self.largeRequest(id: 3, atLeast: 70 << 10))
        _ = try harness.reply(Self.largeRequest(id: 4, atLeast: 70 << 10))
        #expect(harness.session.hasAnsweredRequest)
        harness.session.close()
        #expect(!harness.session.hasAnsweredRequest)
    }

    @Test func smallRequestsKeepNothing() throws {
        let harness = SessionHarness()
        try harness.initialize()
        #expect(!harness.session.hasAnsweredRequest)
        let reply = try harness.reply(Self.largeRequest(id: 1, atLeast: 1 << 10))
        #expect(reply.errorCode == -32601)
        #expect(!harness.session.hasAnsweredRequest)
    }

    @Test func aLargeMountIsServedAsBeforeWithItsParamsHeld() throws {
        let harness = SessionHarness()
        try harness.initialize()
        var rows: [String] = []
        var size = 0
        while size < 70 << 10 {
            rows.append(#"{"type":"Text","key":"k\#(rows.count)","props":{"text":"a row of text"}}"#)
            size += rows.last!.utf8.count + 1
        }
        let mount = #"{"jsonrpc":"2.0","id":1,"method":"mount","params":{"surface":"s","root":{"type":"List","children":[\#(rows.joined(separator: ","))]}}}"#
        let reply = try harness.reply(mount)
        #expect(reply["result"]?["surface"]?.stringValue == "s", "\(reply.jsonText.prefix(300))")
        #expect(harness.session.hasAnsweredRequest)
        harness.session.releaseAnsweredRequest()
        // The surface kept what it needs: a snapshot reads every row back.
        let snapshot = try harness.reply(#"{"jsonrpc":"2.0","id":2,"method":"snapshot","params":{"surface":"s"}}"#)
        let children = snapshot["result"]?["root"]?["children"]?.arrayValue
        #expect(children?.count == rows.count)
        #expect(children?.last?["props"]?["text"]?.stringValue == "a row of text")
    }
}
