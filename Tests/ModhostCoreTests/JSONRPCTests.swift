@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

// MARK: - Responses to requests

@Suite("JSON-RPC: requests are answered with their own id", .timeLimit(.minutes(20)))
struct RequestIDTests {
    @Test func stringIDIsEchoedWithResult() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":"abc","method":"ping"}"#)
        #expect(answer == ["jsonrpc": "2.0", "id": "abc", "result": [:]])
    }

    @Test func integerIDIsEchoedWithResult() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":42,"method":"ping"}"#)
        #expect(answer == ["jsonrpc": "2.0", "id": 42, "result": [:]])
    }

    @Test func integerIDBeyondDoublePrecisionIsEchoedExactly() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}"#)
        guard case .int(let id)? = answer["id"] else {
            Issue.record("id is not an exact integer: \(answer.jsonText)")
            return
        }
        #expect(id == 9_007_199_254_740_993)
    }

    @Test func negativeIntegerIDIsEchoed() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":-7,"method":"ping"}"#)
        #expect(answer["id"] == JSONValue.int(-7))
    }

    @Test func nullIDIsAnsweredWithNullID() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#)
        #expect(answer == ["jsonrpc": "2.0", "id": nil, "result": [:]])
        // The member is present and null, not merely absent.
        #expect(answer.objectValue?.keys.contains("id") == true)
    }

    @Test func fractionalNumberIDIsEchoed() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#)
        #expect(answer["id"] == JSONValue.double(1.5))
        #expect(answer["result"] == [:])
    }

    @Test func emptyStringIDIsEchoed() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":"","method":"ping"}"#)
        #expect(answer["id"] == "")
        #expect(answer["result"] != nil)
    }

    @Test func successfulResponseHasNoErrorMember() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
        #expect(answer["error"] == nil)
    }

    @Test func errorResponseHasNoResultMember() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1,"method":"no.such.method"}"#)
        #expect(answer["result"] == nil)
        #expect(answer["jsonrpc"] == "2.0")
        #expect(answer["id"] == 1)
    }

    @Test func pingAcceptsEmptyParamsArray() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":[]}"#)
        #expect(answer == ["jsonrpc": "2.0", "id": 1, "result": [:]])
    }

    @Test func pingAcceptsEmptyParamsObject() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}"#)
        #expect(answer == ["jsonrpc": "2.0", "id": 1, "result": [:]])
    }

    @Test func eachFrameGetsExactlyOneReplyFrame() throws {
        let harness = SessionHarness()
        var out: [UInt8] = []
        harness.session.receive(frame: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8), replies: &out)
        harness.session.receive(frame: Array(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#.utf8), replies: &out)
        let answers = try decodeFrames(out)
        #expect(answers.map { $0["id"] } == [1, 2])
    }
}

// MARK: - Notifications

@Suite("JSON-RPC: notifications are never answered", .timeLimit(.minutes(20)))
struct NotificationTests {
    @Test func notificationOfAKnownMethodGetsNoReply() {
        #expect(SessionHarness().rawReplies(Array(#"{"jsonrpc":"2.0","method":"ping"}"#.utf8)).isEmpty)
    }

    @Test func notificationOfAnUnknownMethodGetsNoReply() {
        #expect(SessionHarness().rawReplies(Array(#"{"jsonrpc":"2.0","method":"no.such.method"}"#.utf8)).isEmpty)
    }

    @Test func notificationWithInvalidParamsGetsNoReply() {
        let out = SessionHarness().rawReplies(Array(#"{"jsonrpc":"2.0","method":"ping","params":{"a":1}}"#.utf8))
        #expect(out.isEmpty)
    }

    @Test func notificationBeforeInitializeGetsNoReply() {
        #expect(SessionHarness().rawReplies(Array(#"{"jsonrpc":"2.0","method":"describe"}"#.utf8)).isEmpty)
    }

    @Test func reservedRPCNotificationGetsNoReply() {
        let harness = SessionHarness()
        #expect(harness.rawReplies(Array(#"{"jsonrpc":"2.0","method":"rpc."}"#.utf8)).isEmpty)
        #expect(harness.rawReplies(Array(#"{"jsonrpc":"2.0","method":"rpc.discover"}"#.utf8)).isEmpty)
    }

    @Test func sessionStillAnswersAfterAFailedNotification() throws {
        let harness = SessionHarness()
        _ = harness.rawReplies(Array(#"{"jsonrpc":"2.0","method":"ping","params":[1]}"#.utf8))
        let answer = try harness.reply(#"{"jsonrpc":"2.0","id":5,"method":"ping"}"#)
        #expect(answer["result"] == [:])
    }
}

// MARK: - Parse errors

@Suite("JSON-RPC: frames that are not JSON get -32700", .timeLimit(.minutes(20)))
struct ParseErrorTests {
    @Test(arguments: [
        #"{"jsonrpc":"2.0","id":1,"method":"ping""#,
        #"{"jsonrpc":"2.0","id":1,"method":"ping"} trailing"#,
        #"{"jsonrpc":"2.0","id":1,"method":"ping"}{"jsonrpc":"2.0","id":2,"method":"ping"}"#,
        "{'jsonrpc':'2.0'}",
        "   ",
        "nul",
    ])
    func invalidJSONIsAParseErrorWithNullID(text: String) throws {
        let answer = try SessionHarness().reply(text)
        #expect(answer.errorCode == -32700)
        #expect(answer["id"] == JSONValue.null)
        #expect(answer["jsonrpc"] == "2.0")
    }

    @Test func sessionStillAnswersTheNextFrameAfterAParseError() throws {
        let harness = SessionHarness()
        let first = try harness.reply("{not json")
        #expect(first.errorCode == -32700)
        let second = try harness.reply(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
        #expect(second == ["jsonrpc": "2.0", "id": 2, "result": [:]])
    }

    @Test func invalidUTF8InsideAStringIsAParseError() throws {
        var bytes = Array(#"{"jsonrpc":"2.0","id":1,"method":"pi"#.utf8)
        bytes += [0xFF]
        bytes += Array(#"ng"}"#.utf8)
        let answers = try SessionHarness().replies(bytes)
        try #require(answers.count == 1)
        #expect(answers[0].errorCode == -32700)
        #expect(answers[0]["id"] == JSONValue.null)
    }

    @Test func truncatedUTF8SequenceInsideAStringIsAParseError() throws {
        var bytes = Array(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"k":""#.utf8)
        bytes += [0xE2, 0x82]  // the first two bytes of a three-byte sequence
        bytes += Array(#""}}"#.utf8)
        let answers = try SessionHarness().replies(bytes)
        try #require(answers.count == 1)
        #expect(answers[0].errorCode == -32700)
    }

    @Test func parseErrorMessageIsNonEmpty() throws {
        let answer = try SessionHarness().reply("[1,")
        #expect(answer.errorMessage?.isEmpty == false)
    }
}

// MARK: - Envelope rules

@Suite("JSON-RPC: envelope violations get -32600", .timeLimit(.minutes(20)))
struct InvalidRequestTests {
    @Test(arguments: ["1", #""x""#, "null", "true", "3.5"])
    func messageThatIsNotAnObjectIsInvalidWithNullID(text: String) throws {
        let answer = try SessionHarness().reply(text)
        #expect(answer.errorCode == -32600)
        #expect(answer["id"] == JSONValue.null)
    }

    @Test func missingJSONRPCMemberIsInvalidAndEchoesTheID() throws {
        let answer = try SessionHarness().reply(#"{"id":7,"method":"ping"}"#)
        #expect(answer.errorCode == -32600)
        #expect(answer["id"] == 7)
    }

    @Test func jsonrpcVersionOneIsInvalidAndEchoesTheID() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"1.0","id":"q","method":"ping"}"#)
        #expect(answer.errorCode == -32600)
        #expect(answer["id"] == "q")
    }

    @Test func jsonrpcAsTheNumberTwoIsInvalidAndEchoesTheID() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":2.0,"id":8,"method":"ping"}"#)
        #expect(answer.errorCode == -32600)
        #expect(answer["id"] == 8)
    }

    @Test func jsonrpcMemberIsReportedAtItsPath() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2","id":8,"method":"ping"}"#)
        #expect(answer.errorCode == -32600)
        #expect(answer.errorData?["path"] == "jsonrpc")
    }

    @Test func invalidMessageWithoutIDIsStillAnswered() throws {
        // Without "jsonrpc":"2.0" nothing proves it was meant as a notification.
        let answer = try SessionHarness().reply(#"{"method":"ping"}"#)
        #expect(answer.errorCode == -32600)
        #expect(answer["id"] == JSONValue.null)
    }

    @Test func missingMethodIsInvalidAndEchoesTheID() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":9}"#)
        #expect(answer.errorCode == -32600)
        #expect(answer["id"] == 9)
        #expect(answer.errorData?["path"] == "method")
    }

    @Test(arguments: ["5", "null", "[]", "{}", "true"])
    func nonStringMethodIsInvalidAndEchoesTheID(method: String) throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":"m","method":\#(method)}"#)
        #expect(answer.errorCode == -32600)
        #expect(answer["id"] == "m")
    }

    @Test(arguments: [#"{"a":1}"#, "[1]", "true", "false", "{}"])
    func unreadableIDIsInvalidWithNullID(id: String) throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
        #expect(answer.errorCode == -32600)
        #expect(answer["id"] == JSONValue.null)
    }

    @Test func nullParamsIsInvalid() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":null}"#)
        #expect(answer.errorCode == -32600)
        #expect(answer["id"] == 1)
        #expect(answer.errorData?["path"] == "params")
    }

    @Test(arguments: ["3", #""x""#, "true", "0.5"])
    func scalarParamsIsInvalid(params: String) throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":\#(params)}"#)
        #expect(answer.errorCode == -32600)
        #expect(answer["id"] == 1)
    }

    @Test func invalidRequestMessageIsNonEmpty() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1}"#)
        #expect(answer.errorMessage?.isEmpty == false)
    }
}

// MARK: - Batches

@Suite("JSON-RPC: batches", .timeLimit(.minutes(20)))
struct BatchTests {
    @Test func emptyBatchGetsOneInvalidRequestObject() throws {
        let answer = try SessionHarness().reply("[]")
        #expect(answer.arrayValue == nil, "an empty batch is answered by a single object, not an array")
        #expect(answer.errorCode == -32600)
        #expect(answer["id"] == JSONValue.null)
    }

    @Test func batchOfNonObjectsGetsOneInvalidRequestPerElement() throws {
        let answer = try SessionHarness().reply("[1,2,3]")
        let elements = try #require(answer.arrayValue)
        #expect(elements.count == 3)
        for element in elements {
            #expect(element.errorCode == -32600)
            #expect(element["id"] == JSONValue.null)
        }
    }

    @Test func nestedEmptyBatchIsOneInvalidElement() throws {
        let answer = try SessionHarness().reply("[[]]")
        let elements = try #require(answer.arrayValue)
        #expect(elements.count == 1)
        #expect(elements.first?.errorCode == -32600)
    }

    @Test func mixedBatchAnswersRequestsAndInvalidElementsInOrder() throws {
        let batch = """
            [
              {"jsonrpc":"2.0","id":1,"method":"ping"},
              {"jsonrpc":"2.0","method":"ping"},
              5,
              {"jsonrpc":"2.0","method":"no.such.method"},
              {"jsonrpc":"2.0","id":"b","method":"no.such.method"},
              {"id":3,"method":"ping"},
              {"jsonrpc":"2.0","method":"ping","params":{"x":1}},
              {"jsonrpc":"2.0","id":4,"method":"ping","params":[]}
            ]
            """
        let answer = try SessionHarness().reply(batch)
        let elements = try #require(answer.arrayValue)
        try #require(elements.count == 5, "got \(answer.jsonText)")
        #expect(elements[0] == ["jsonrpc": "2.0", "id": 1, "result": [:]])
        #expect(elements[1].errorCode == -32600)
        #expect(elements[1]["id"] == JSONValue.null)
        #expect(elements[2].errorCode == -32601)
        #expect(elements[2]["id"] == "b")
        #expect(elements[3].errorCode == -32600)
        #expect(elements[3]["id"] == 3)
        #expect(elements[4] == ["jsonrpc": "2.0", "id": 4, "result": [:]])
    }

    @Test func batchIsAnsweredInOneFrame() throws {
        let answers = try SessionHarness().replies(
            #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]"#)
        #expect(answers.count == 1)
        #expect(answers.first?.arrayValue?.map { $0["id"] } == [1, 2])
    }

    @Test func batchOfOnlyNotificationsGetsNoReplyAtAll() {
        let out = SessionHarness().rawReplies(
            Array(
                #"[{"jsonrpc":"2.0","method":"ping"},{"jsonrpc":"2.0","method":"no.such"},{"jsonrpc":"2.0","method":"describe"}]"#
                    .utf8))
        #expect(out.isEmpty)
    }

    @Test func batchRunsItsRequestsInOrder() throws {
        let answer = try SessionHarness().reply(
            """
            [{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}},
             {"jsonrpc":"2.0","id":2,"method":"describe"}]
            """)
        let elements = try #require(answer.arrayValue)
        try #require(elements.count == 2)
        #expect(elements[0]["id"] == 1)
        #expect(elements[0]["result"]?["protocolVersion"] == 1)
        #expect(elements[1]["id"] == 2)
        #expect(elements[1]["error"] == nil)
        #expect(elements[1]["result"]?["plugins"] == [])
    }

    @Test func describeBeforeInitializeInTheSameBatchIsRefused() throws {
        let answer = try SessionHarness().reply(
            """
            [{"jsonrpc":"2.0","id":1,"method":"describe"},
             {"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":1}}]
            """)
        let elements = try #require(answer.arrayValue)
        try #require(elements.count == 2)
        #expect(elements[0].errorCode == -32002)
        #expect(elements[1]["result"] != nil)
    }
}

// MARK: - Method lookup

@Suite("JSON-RPC: method lookup", .timeLimit(.minutes(20)))
struct MethodNotFoundTests {
    @Test(arguments: ["rpc.anything", "rpc.", "rpc.discover", "rpc.ping"])
    func reservedRPCMethodIsNotFoundBeforeInitialize(method: String) throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)"}"#)
        #expect(answer.errorCode == -32601)
        #expect(answer["id"] == 1)
    }

    @Test func reservedRPCMethodIsNotFoundAfterInitialize() throws {
        let harness = SessionHarness()
        try harness.initialize()
        let answer = try harness.reply(#"{"jsonrpc":"2.0","id":1,"method":"rpc.anything"}"#)
        #expect(answer.errorCode == -32601)
    }

    @Test func unknownMethodIsNotFoundAndNamesTheMethod() throws {
        let harness = SessionHarness()
        try harness.initialize()
        let answer = try harness.reply(#"{"jsonrpc":"2.0","id":"u","method":"frobnicate"}"#)
        #expect(answer.errorCode == -32601)
        #expect(answer["id"] == "u")
        #expect(answer.errorData?["method"] == "frobnicate")
        #expect(answer.errorMessage?.contains("frobnicate") == true)
    }

    @Test func methodNamesAreCaseSensitive() throws {
        let answer = try SessionHarness().reply(#"{"jsonrpc":"2.0","id":1,"method":"PING"}"#)
        #expect(answer.errorCode == -32601)
    }
}

// MARK: - Messages

@Suite("JSON-RPC: every error carries a message", .timeLimit(.minutes(20)))
struct ErrorMessageTests {
    @Test(arguments: [
        "{",
        "7",
        "[]",
        #"{"jsonrpc":"1.0","id":1,"method":"ping"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"ping","params":null}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"nope"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"rpc.x"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"describe"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":1}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":99}}"#,
    ])
    func errorHasANonEmptyMessageAndAnIntegerCode(text: String) throws {
        let answer = try SessionHarness().reply(text)
        let error = try #require(answer["error"]?.objectValue, "no error in \(answer.jsonText)")
        let message = try #require(error["message"]?.stringValue)
        #expect(message.contains { !$0.isWhitespace }, "blank message in \(answer.jsonText)")
        guard case .int? = error["code"] else {
            Issue.record("code is not an integer: \(answer.jsonText)")
            return
        }
    }
}

// MARK: - The method registry

@Suite("Method registry: lookup by name", .timeLimit(.minutes(20)))
struct MethodRegistryTests {
    /// A handler told apart from others by `requiresInitialize`.
    private func handler(requiresInitialize: Bool) -> MethodHandler {
        MethodHandler(requiresInitialize: requiresInitialize) { _ throws(RPCError) in .null }
    }

    @Test func namesOfEqualLengthAreToldApartAndALaterRegistrationReplaces() {
        var registry = MethodRegistry()
        registry.register("mount", handler(requiresInitialize: true))
        registry.register("watch", handler(requiresInitialize: true))
        registry.register("ping", handler(requiresInitialize: false))
        registry.register("watch", handler(requiresInitialize: false))
        #expect(registry.handler(for: "mount")?.requiresInitialize == true)
        #expect(registry.handler(for: "watch")?.requiresInitialize == false, "the later registration")
        #expect(registry.handler(for: "ping")?.requiresInitialize == false)
        #expect(registry.handler(for: "pong") == nil)
        #expect(registry.handler(for: "moUNT") == nil)
        #expect(registry.handler(for: "") == nil)
        #expect(registry.handler(for: "a-name-longer-than-any-registered") == nil)
        #expect(registry.methodNames == ["mount", "ping", "watch"])
    }
}
