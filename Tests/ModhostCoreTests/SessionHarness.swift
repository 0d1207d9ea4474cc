@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

/// Drives a host session in memory: one frame in, the decoded reply frames out.
struct SessionHarness {
    let host: Host
    let session: Session

    init(host: Host = Host(registry: .tests), peer: String = "test") {
        self.host = host
        self.session = host.openSession(peer: peer) { _ in }
    }

    /// The raw bytes `receive` appended for one frame carrying `bytes`.
    func rawReplies(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        session.receive(frame: bytes, replies: &out)
        return out
    }

    /// Every reply frame for one frame carrying `bytes`, parsed.
    func replies(_ bytes: [UInt8]) throws -> [JSONValue] {
        try decodeFrames(rawReplies(bytes))
    }

    func replies(_ text: String) throws -> [JSONValue] {
        try replies(Array(text.utf8))
    }

    /// The single reply to `text`; fails the test when there is not exactly one.
    func reply(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let all = try replies(text)
        try #require(all.count == 1, "expected exactly one reply frame, got \(all.count)", sourceLocation: sourceLocation)
        return all[0]
    }

    /// Sends a valid `initialize` and checks it succeeded.
    func initialize(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let answer = try reply(
            #"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":1,"client":{"name":"tests","version":"1"}}}"#,
            sourceLocation: sourceLocation)
        try #require(answer["result"] != nil, "initialize failed: \(answer.jsonText)", sourceLocation: sourceLocation)
    }
}

/// Splits `bytes` into frames and parses each; every byte must belong to a whole frame.
func decodeFrames(_ bytes: [UInt8]) throws -> [JSONValue] {
    var decoder = FrameDecoder()
    decoder.append(contentsOf: bytes)
    var values: [JSONValue] = []
    while let frame = try decoder.nextFrame() {
        values.append(try JSONParser.parse(Array(frame)))
    }
    #expect(decoder.bufferedByteCount == 0, "reply bytes left over after the last whole frame")
    return values
}

extension JSONValue {
    /// `error.code` of a response, if it is an error response.
    var errorCode: Int64? { self["error"]?["code"]?.intValue }
    var errorData: JSONValue? { self["error"]?["data"] }
    var errorMessage: String? { self["error"]?["message"]?.stringValue }
}
