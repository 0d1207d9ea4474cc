@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

private func initializeRequest(params: String) -> String {
    #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":\#(params)}"#
}

// MARK: - Before initialize

@Suite("Handshake: what is allowed before initialize", .timeLimit(.minutes(20)))
struct BeforeInitializeTests {
    @Test func describeBeforeInitializeIsNotInitialized() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":3,"method":"describe"}"#)
        #expect(answer.errorCode == -32002)
        #expect(answer["id"] == 3)
        #expect(answer.errorData?["method"] == "describe")
    }

    @Test func pingIsAllowedBeforeInitialize() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
        #expect(answer["result"] == [:])
    }

    @Test func initializeIsAllowedFirst() throws {
        let answer = try SessionHarness().reply(initializeRequest(params: #"{"protocolVersion":1}"#))
        #expect(answer["error"] == nil)
        #expect(answer["result"]?["protocolVersion"] == 1)
    }

    @Test func describeWorksAfterInitialize() throws {
        let harness = SessionHarness()
        try harness.initialize()
        let answer = try harness.reply(#"{"jsonrpc":"2.0","id":2,"method":"describe"}"#)
        #expect(answer["id"] == 2)
        #expect(answer["result"]?["modifiers"]?.arrayValue != nil)
        #expect(answer["result"]?["views"]?.arrayValue?.count == 14)
        #expect(answer["result"]?["plugins"] == [])
    }

    @Test func describeWithParamsIsInvalidParams() throws {
        let harness = SessionHarness()
        try harness.initialize()
        let answer = try harness.reply(#"{"jsonrpc":"2.0","id":2,"method":"describe","params":{"x":1}}"#)
        #expect(answer.errorCode == -32602)
    }

    @Test func secondInitializeIsInvalidRequest() throws {
        let harness = SessionHarness()
        try harness.initialize()
        let answer = try harness.reply(initializeRequest(params: #"{"protocolVersion":1}"#))
        #expect(answer.errorCode == -32600)
        #expect(answer["id"] == 1)
    }

    @Test func secondInitializeLeavesTheSessionInitialized() throws {
        let harness = SessionHarness()
        try harness.initialize()
        _ = try harness.reply(initializeRequest(params: #"{"protocolVersion":1}"#))
        #expect(harness.session.isInitialized)
        let answer = try harness.reply(#"{"jsonrpc":"2.0","id":2,"method":"describe"}"#)
        #expect(answer["result"] != nil)
    }

    @Test func failedInitializeLeavesTheSessionUninitialized() throws {
        let harness = SessionHarness()
        let failed = try harness.reply(initializeRequest(params: #"{"protocolVersion":2}"#))
        #expect(failed.errorCode == -32602)
        #expect(!harness.session.isInitialized)
        let answer = try harness.reply(#"{"jsonrpc":"2.0","id":2,"method":"describe"}"#)
        #expect(answer.errorCode == -32002)
    }

    @Test func initializeCanBeRetriedAfterAFailedAttempt() throws {
        let harness = SessionHarness()
        _ = try harness.reply(initializeRequest(params: #"{"protocolVersion":"1"}"#))
        let answer = try harness.reply(initializeRequest(params: #"{"protocolVersion":1}"#))
        #expect(answer["result"] != nil)
        #expect(harness.session.isInitialized)
    }

    @Test func initializingOneSessionDoesNotInitializeAnother() throws {
        let host = Host(registry: .tests)
        let first = SessionHarness(host: host, peer: "first")
        let second = SessionHarness(host: host, peer: "second")
        try first.initialize()
        let answer = try second.reply(#"{"jsonrpc":"2.0","id":2,"method":"describe"}"#)
        #expect(answer.errorCode == -32002)
    }
}

// MARK: - initialize params

@Suite("Handshake: initialize params", .timeLimit(.minutes(20)))
struct InitializeParamsTests {
    @Test func missingProtocolVersionIsInvalidParamsAtItsPath() throws {
        let answer = try SessionHarness().reply(initializeRequest(params: #"{"client":{"name":"x"}}"#))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorData?["path"] == "protocolVersion")
    }

    @Test func absentParamsIsMissingProtocolVersion() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#)
        #expect(answer.errorCode == -32602)
        #expect(answer.errorData?["path"] == "protocolVersion")
    }

    @Test func stringProtocolVersionIsInvalidParamsExpectingAnInteger() throws {
        let answer = try SessionHarness().reply(initializeRequest(params: #"{"protocolVersion":"1"}"#))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorData?["path"] == "protocolVersion")
        #expect(answer.errorData?["expected"] == "integer")
        #expect(answer.errorData?["got"] == "string")
    }

    @Test func fractionalProtocolVersionIsInvalidParams() throws {
        let answer = try SessionHarness().reply(initializeRequest(params: #"{"protocolVersion":1.5}"#))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorData?["path"] == "protocolVersion")
    }

    @Test func unsupportedProtocolVersionListsTheSupportedOnes() throws {
        let answer = try SessionHarness().reply(initializeRequest(params: #"{"protocolVersion":2}"#))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorData?["supported"] == [1])
        #expect(answer.errorData?["path"] == "protocolVersion")
    }

    /// A front-end can always learn which version to ask for, whatever was wrong.
    @Test(arguments: [#"{}"#, #"{"protocolVersion":"1"}"#, #"{"protocolVersion":null}"#, #"{"protocolVersion":7}"#])
    func everyProtocolVersionErrorListsTheSupportedVersions(params: String) throws {
        let answer = try SessionHarness().reply(initializeRequest(params: params))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorData?["supported"] == [1])
    }

    @Test func protocolVersionZeroIsUnsupported() throws {
        let answer = try SessionHarness().reply(initializeRequest(params: #"{"protocolVersion":0}"#))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorData?["supported"] == [1])
    }

    @Test func paramsAsArrayIsInvalidParamsAtParams() throws {
        let answer = try SessionHarness().reply(initializeRequest(params: "[1]"))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorData?["path"] == "")
    }

    @Test(arguments: [#""x""#, "3", "[]", "true"])
    func clientThatIsNotAnObjectIsInvalidParamsAtClient(client: String) throws {
        let answer = try SessionHarness().reply(initializeRequest(params: #"{"protocolVersion":1,"client":\#(client)}"#))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorData?["path"] == "client")
    }

    @Test func clientNameThatIsNotAStringIsInvalidParamsAtClientName() throws {
        let answer = try SessionHarness().reply(initializeRequest(params: #"{"protocolVersion":1,"client":{"name":5}}"#))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorData?["path"] == "client.name")
    }

    @Test func clientVersionThatIsNotAStringIsInvalidParamsAtClientVersion() throws {
        let answer = try SessionHarness().reply(
            initializeRequest(params: #"{"protocolVersion":1,"client":{"name":"n","version":2}}"#))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorData?["path"] == "client.version")
    }

    @Test func clientIsOptional() throws {
        let answer = try SessionHarness().reply(initializeRequest(params: #"{"protocolVersion":1}"#))
        #expect(answer["result"] != nil)
    }

    @Test func resultDescribesTheServerAndItsOffer() throws {
        let answer = try SessionHarness().reply(
            initializeRequest(params: #"{"protocolVersion":1,"client":{"name":"tests","version":"0"}}"#))
        let result = try #require(answer["result"])
        #expect(result["protocolVersion"] == 1)
        #expect(result["server"]?["name"] == "modhostd")
        let version = try #require(result["server"]?["version"]?.stringValue)
        #expect(!version.isEmpty)
        #expect(version == ModhostVersion.current)
        // Modifier types come from the (global) registry, which other suites fill.
        #expect(result["modifiers"]?.arrayValue != nil)
        #expect(result["views"] == ["List", "Section", "HStack", "VStack", "ZStack", "Text", "Label", "Image", "Button", "Spacer", "ScrollView", "TextField", "Toggle", "Slider"])
    }

    @Test func successfulInitializeRecordsTheClient() throws {
        let harness = SessionHarness()
        _ = try harness.reply(initializeRequest(params: #"{"protocolVersion":1,"client":{"name":"tests","version":"9"}}"#))
        #expect(harness.session.isInitialized)
        #expect(harness.session.clientInfo?["name"] == "tests")
        #expect(harness.session.clientInfo?["version"] == "9")
    }

    @Test func successfulInitializeIsLoggedWithTheClientName() throws {
        let lines = CollectedLines()
        let host = Host(logger: Logger(level: .debug) { level, message in lines.append(level, message) }, registry: .tests)
        let harness = SessionHarness(host: host, peer: "peer-7")
        _ = try harness.reply(initializeRequest(params: #"{"protocolVersion":1,"client":{"name":"tests-client"}}"#))
        #expect(lines.all.contains { $0.level == .info && $0.message.contains("tests-client") })
    }
}

// MARK: - ping

@Suite("Handshake: ping", .timeLimit(.minutes(20)))
struct PingTests {
    @Test func pingWithANonEmptyParamsObjectIsInvalidParams() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":1}}"#)
        #expect(answer.errorCode == -32602)
        #expect(answer["id"] == 1)
        #expect(answer.errorMessage?.isEmpty == false)
    }

    @Test func pingParamsErrorIsAtPathParams() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":1}}"#)
        #expect(answer.errorData?["path"] == "")
    }

    @Test func pingWithANonEmptyParamsArrayIsInvalidParams() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":[1]}"#)
        #expect(answer.errorCode == -32602)
    }

    @Test func pingAfterInitializeStillAnswers() throws {
        let harness = SessionHarness()
        try harness.initialize()
        let answer = try harness.reply(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
        #expect(answer["result"] == [:])
    }
}

// MARK: - Broadcast

/// Collects what a session's `send` closure is given. Host and sessions are used from one
/// thread, like the daemon's loop; this box is not shared across threads.
private final class SentFrames {
    var chunks: [[UInt8]] = []
    var messages: [JSONValue] { (try? chunks.flatMap(decodeFrames)) ?? [] }
}

@Suite("Host: broadcast", .timeLimit(.minutes(20)))
struct BroadcastTests {
    @Test func broadcastReachesOnlyInitializedSessions() throws {
        let host = Host(registry: .tests)
        let initializedSink = SentFrames()
        let pendingSink = SentFrames()
        let initialized = host.openSession(peer: "a") { initializedSink.chunks.append($0) }
        _ = host.openSession(peer: "b") { pendingSink.chunks.append($0) }
        var out: [UInt8] = []
        initialized.receive(
            frame: Array(initializeRequest(params: #"{"protocolVersion":1}"#).utf8), replies: &out)
        try #require(initialized.isInitialized)

        host.broadcast(method: "pluginsChanged", params: ["added": ["x"], "removed": []])

        #expect(pendingSink.chunks.isEmpty)
        #expect(initializedSink.chunks.count == 1)
        #expect(
            initializedSink.messages == [
                ["jsonrpc": "2.0", "method": "pluginsChanged", "params": ["added": ["x"], "removed": []]]
            ])
    }

    @Test func broadcastNotificationCarriesNoID() throws {
        let host = Host(registry: .tests)
        let sink = SentFrames()
        let session = host.openSession(peer: "a") { sink.chunks.append($0) }
        var out: [UInt8] = []
        session.receive(frame: Array(initializeRequest(params: #"{"protocolVersion":1}"#).utf8), replies: &out)
        host.broadcast(method: "event", params: [:])
        let message = try #require(sink.messages.first)
        #expect(message["id"] == nil)
        #expect(message["method"] == "event")
    }

    @Test func closedSessionReceivesNoBroadcast() throws {
        let host = Host(registry: .tests)
        let sink = SentFrames()
        let session = host.openSession(peer: "a") { sink.chunks.append($0) }
        var out: [UInt8] = []
        session.receive(frame: Array(initializeRequest(params: #"{"protocolVersion":1}"#).utf8), replies: &out)
        try #require(session.isInitialized)
        session.close()
        host.broadcast(method: "pluginsChanged", params: ["added": [], "removed": []])
        #expect(sink.chunks.isEmpty)
    }

    @Test func closingASessionRemovesItFromTheHost() {
        let host = Host(registry: .tests)
        let first = host.openSession(peer: "a") { _ in }
        _ = host.openSession(peer: "b") { _ in }
        #expect(host.sessionCount == 2)
        first.close()
        #expect(host.sessionCount == 1)
        #expect(first.isClosed)
    }

    @Test func everyInitializedSessionGetsTheBroadcast() throws {
        let host = Host(registry: .tests)
        let sinks = [SentFrames(), SentFrames(), SentFrames()]
        for (index, sink) in sinks.enumerated() {
            let session = host.openSession(peer: "s\(index)") { sink.chunks.append($0) }
            var out: [UInt8] = []
            session.receive(frame: Array(initializeRequest(params: #"{"protocolVersion":1}"#).utf8), replies: &out)
        }
        host.broadcast(method: "pluginsChanged", params: ["added": [], "removed": ["y"]])
        for sink in sinks {
            #expect(sink.messages.count == 1)
            #expect(sink.messages.first?["params"]?["removed"] == ["y"])
        }
    }

    @Test func initializeReplyIsNotSentThroughTheNotificationChannel() throws {
        let host = Host(registry: .tests)
        let sink = SentFrames()
        let session = host.openSession(peer: "a") { sink.chunks.append($0) }
        var out: [UInt8] = []
        session.receive(frame: Array(initializeRequest(params: #"{"protocolVersion":1}"#).utf8), replies: &out)
        #expect(sink.chunks.isEmpty)
        #expect(try decodeFrames(out).count == 1)
    }
}
