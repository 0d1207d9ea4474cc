@_spi(ModhostHost) import ModhostCore
import ModhostWire
import ModifierKit
import Testing

private typealias J = SurfaceJSON

private func rowTree(_ type: String = SurfaceTestTypes.swipe, ids: [String] = ["delete", "archive"]) -> JSONValue {
    J.list([J.row("r", modifiers: [J.swipe(type, trailing: ids.map { J.action($0, label: $0) })])])
}

@Suite("Surface: events", .timeLimit(.minutes(20)))
struct SurfaceEventTests {
    @Test func eventCarriesSurfaceNodeModifierAndPayloadExactly() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", rowTree()))
        try client.ok(client.swipe("r", edge: "trailing"))
        let answer = try client.tapAction("r", id: "delete")
        #expect(answer.events == [[
            "surface": "main", "node": "r", "modifier": 0, "payload": [SurfaceTestTypes.swipe: ["id": "delete"]],
        ]])
    }

    @Test func eventIsAJSONRPCNotification() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", rowTree()))
        try client.ok(client.swipe("r", edge: "trailing"))
        let frame = try client.tapAction("r", id: "delete").frames.first
        #expect(frame?["jsonrpc"] == "2.0")
        #expect(frame?["method"] == "event")
        #expect(frame?["id"] == nil)
    }

    @Test func eventComesBeforeTheInteractResponse() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", rowTree()))
        try client.ok(client.swipe("r", edge: "trailing"))
        let answer = try client.tapAction("r", id: "archive")
        #expect(answer.frames.count == 2)
        #expect(answer.frames[0]["method"] == "event")
        #expect(answer.frames[1]["result"]?["handled"] == true)
        #expect(client.pushed.isEmpty)
    }

    @Test func eventOfAnotherSurfaceNamesThatSurface() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", rowTree()))
        try client.ok(client.mount("side", rowTree(ids: ["s"])))
        try client.ok(client.swipe("r", edge: "trailing", surface: "side"))
        let answer = try client.tapAction("r", id: "s", surface: "side")
        #expect(answer.events.first?["surface"] == "side")
    }

    @Test func wrongTopLevelKeySendsEventKeyMismatch() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", rowTree(SurfaceTestTypes.wrongKey)))
        try client.ok(client.swipe("r", edge: "trailing"))
        let answer = try client.tapAction("r", id: "delete")
        #expect(answer.events.isEmpty)
        #expect(answer.diagnostics.count == 1)
        let diagnostic = answer.diagnostics.first
        #expect(diagnostic?["severity"] == "error")
        #expect(diagnostic?["code"] == "event-key-mismatch")
        #expect(diagnostic?["surface"] == "main")
        #expect(diagnostic?["node"] == "r")
        #expect(diagnostic?["message"]?.stringValue?.contains(SurfaceTestTypes.wrongKey) == true)
        #expect(diagnostic?["message"]?.stringValue?.contains("swipeActions") == true)
    }

    @Test func wrongTopLevelKeyStillAnswersTheTap() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", rowTree(SurfaceTestTypes.wrongKey)))
        try client.ok(client.swipe("r", edge: "trailing"))
        let answer = try client.tapAction("r", id: "delete")
        #expect(answer.frames.first?["method"] == "diagnostic")
        #expect(answer.result?["handled"] == true)
    }

    @Test func nonJSONPayloadSendsEventNotJSON() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", rowTree(SurfaceTestTypes.notJSON)))
        try client.ok(client.swipe("r", edge: "trailing"))
        let answer = try client.tapAction("r", id: "delete")
        #expect(answer.events.isEmpty)
        #expect(answer.diagnostics.map { $0["code"] } == ["event-not-json"])
        #expect(answer.diagnostics.first?["severity"] == "error")
        #expect(answer.diagnostics.first?["node"] == "r")
        #expect(answer.diagnostics.first?["path"]?.stringValue?.hasSuffix("at") == true)
        #expect(answer.diagnostics.first?["message"]?.stringValue?.contains("SurfaceTestOpaque") == true)
    }

    @Test func eventOutsideAFrameGoesToTheSendClosure() throws {
        let client = try SurfaceClient.initialized()
        let tag = "outside-frame"
        try client.ok(client.mount("main", J.list([J.text("t", key: "t", modifiers: [J.modifier(SurfaceTestTypes.deferred, [("tag", .string(tag))])])])))
        let dispatcher = try #require(SurfaceTestDispatchers.shared.dispatcher(tag))
        dispatcher()
        #expect(client.pushed.count == 1)
        #expect(client.pushed.first?["method"] == "event")
        #expect(client.pushed.first?["params"] == ["surface": "main", "node": "t", "modifier": 0, "payload": [SurfaceTestTypes.deferred: [:]]])
    }

    @Test func diagnosticOutsideAFrameGoesToTheSendClosure() throws {
        let client = try SurfaceClient.initialized()
        let tag = "outside-frame-bad"
        try client.ok(client.mount("main", J.list([J.text("t", key: "t", modifiers: [J.modifier(SurfaceTestTypes.deferred, [("tag", .string(tag))])])])))
        let dispatcher = try #require(SurfaceTestDispatchers.shared.dispatcher(tag))
        dispatcher(["elsewhere": [:]])
        #expect(client.pushed.map { $0["params"]?["code"] } == ["event-key-mismatch"])
    }
}

@Suite("Surface: event payloads", .timeLimit(.minutes(20)))
struct SurfaceEventPayloadTests {
    /// A client with a deferred modifier on node "t" whose dispatcher is kept under `tag`.
    private func deferred(_ tag: String) throws -> (SurfaceClient, EventDispatcher) {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.text("t", key: "t", modifiers: [J.modifier(SurfaceTestTypes.deferred, [("tag", .string(tag))])])])))
        return (client, try #require(SurfaceTestDispatchers.shared.dispatcher(tag)))
    }

    @Test func payloadKeepsNestedJSONValues() throws {
        let (client, dispatch) = try deferred("payload-nested")
        dispatch([SurfaceTestTypes.deferred: [
            "int": 3, "double": 1.5, "bool": true, "null": JSNull(), "list": [1, "two"] as [Any],
            "object": ["inner": "x"], "colour": Color.red,
        ] as [String: Any]])
        let expected: JSONValue = [SurfaceTestTypes.deferred: [
            "int": 3, "double": 1.5, "bool": true, "null": nil, "list": [1, "two"], "object": ["inner": "x"],
            "colour": "#FF3B30FF",
        ]]
        #expect(client.pushed.first?["params"]?["payload"] == expected)
    }

    @Test func recordDispatchIsWrappedUnderTheType() throws {
        let (client, dispatch) = try deferred("payload-record")
        let action = SurfaceTestAction()
        action.id = "rec"
        dispatch(action)
        #expect(client.pushed.first?["params"]?["payload"]?[SurfaceTestTypes.deferred]?["id"] == "rec")
    }

    @Test func payloadWithASecondTopLevelKeyIsDropped() throws {
        let (client, dispatch) = try deferred("payload-two-keys")
        dispatch([SurfaceTestTypes.deferred: ["id": "x"], "extra": 1])
        #expect(client.pushed.map { $0["method"] } == ["diagnostic"])
        #expect(client.pushed.first?["params"]?["code"] == "event-key-mismatch")
    }

    @Test func emptyPayloadIsDropped() throws {
        let (client, dispatch) = try deferred("payload-empty")
        dispatch([:])
        #expect(client.pushed.map { $0["params"]?["code"] } == ["event-key-mismatch"])
    }

    @Test func nonFiniteNumberIsEventNotJSON() throws {
        let (client, dispatch) = try deferred("payload-nan")
        dispatch([SurfaceTestTypes.deferred: ["value": Double.nan]])
        #expect(client.pushed.map { $0["params"]?["code"] } == ["event-not-json"])
        #expect(client.pushed.first?["params"]?["path"] == .string("\(SurfaceTestTypes.deferred).value"))
    }

    @Test func interactSentAsANotificationStillDeliversTheEvent() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", rowTree()))
        try client.ok(client.swipe("r", edge: "trailing"))
        let request: JSONValue = [
            "jsonrpc": "2.0", "method": "interact",
            "params": ["surface": "main", "node": "r", "gesture": "tapAction", "id": "delete"],
        ]
        var out: [UInt8] = []
        client.session.receive(frame: Array(request.jsonText.utf8), replies: &out)
        let frames = try surfaceDecodeFrames(out)
        #expect(frames.map { $0["method"] } == ["event"])
        #expect(frames.first?["params"]?["payload"] == [SurfaceTestTypes.swipe: ["id": "delete"]])
    }

    @Test func eventOfABatchComesBeforeTheBatchResponse() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", rowTree()))
        let batch: JSONValue = [
            ["jsonrpc": "2.0", "id": 100, "method": "interact", "params": ["surface": "main", "node": "r", "gesture": "swipe", "edge": "trailing"]],
            ["jsonrpc": "2.0", "id": 101, "method": "interact", "params": ["surface": "main", "node": "r", "gesture": "tapAction", "id": "archive"]],
        ]
        var out: [UInt8] = []
        client.session.receive(frame: Array(batch.jsonText.utf8), replies: &out)
        let frames = try surfaceDecodeFrames(out)
        #expect(frames.count == 2)
        #expect(frames.first?["method"] == "event")
        #expect(frames.last?.arrayValue?.map { $0["id"] } == [100, 101])
    }
}

@Suite("Surface: surfaces and events belong to their connection", .timeLimit(.minutes(20)))
struct SurfaceOwnershipTests {
    /// Two initialized clients on one host, each with a surface "main" of its own.
    private func twoClients() throws -> (a: SurfaceClient, b: SurfaceClient) {
        let host = Host(registry: .tests)
        let a = try SurfaceClient.initialized(host: host, peer: "a")
        let b = try SurfaceClient.initialized(host: host, peer: "b")
        try a.ok(a.mount("main", rowTree(ids: ["a-action"])))
        try b.ok(b.mount("main", J.list([J.text("b's own", key: "b-text")])))
        return (a, b)
    }

    @Test func twoConnectionsEachHaveTheirOwnMain() throws {
        let (a, b) = try twoClients()
        #expect(surfaceChild(try a.root(), 0)?["id"] == "r")
        #expect(surfaceChild(try b.root(), 0)?["id"] == "b-text")
    }

    @Test func anotherConnectionsSurfaceLooksLikeNoSurface() throws {
        let (a, b) = try twoClients()
        try a.ok(a.mount("only-a", J.list([])))
        let theirs = try b.snapshot("only-a")
        let none = try b.snapshot("no-such-surface")
        #expect(theirs.errorCode == -32602)
        #expect(theirs.errorPath == "surface")
        #expect(theirs.error?["data"]?["expected"] == none.error?["data"]?["expected"])
        #expect(theirs.errorMessage == none.errorMessage?.replacing("no-such-surface", with: "only-a"))
    }

    @Test func anotherConnectionCannotInteractWithItsSurface() throws {
        let (a, b) = try twoClients()
        try a.ok(a.mount("only-a", rowTree()))
        let answer = try b.swipe("r", edge: "trailing", surface: "only-a")
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "surface")
    }

    @Test func anotherConnectionCannotUpdateItsSurface() throws {
        let (a, b) = try twoClients()
        try a.ok(a.mount("only-a", rowTree()))
        let before = try a.root("only-a")
        #expect(try b.update("only-a", J.list([])).errorPath == "surface")
        #expect(try a.root("only-a") == before)
    }

    @Test func anotherConnectionCannotUnmountItsSurface() throws {
        let (a, b) = try twoClients()
        try a.ok(a.mount("only-a", rowTree()))
        #expect(try b.unmount("only-a").errorPath == "surface")
        try a.ok(a.snapshot("only-a"))
    }

    @Test func unmountingOwnMainLeavesTheOtherConnectionsMain() throws {
        let (a, b) = try twoClients()
        try b.ok(b.unmount("main"))
        #expect(surfaceChild(try a.root(), 0)?["id"] == "r")
        #expect(try b.snapshot("main").errorCode == -32602)
    }

    @Test func interactingWithOwnMainDoesNotTouchTheOthers() throws {
        let (a, b) = try twoClients()
        // B's "main" has no node "r": its name does not reach A's surface.
        #expect(try b.swipe("r", edge: "trailing").errorPath == "node")
        #expect(surfaceChild(try a.root(), 0)?["swipeActions"]?["revealed"] == .null)
    }

    @Test func eventGoesOnlyToTheOwningConnection() throws {
        let (a, b) = try twoClients()
        try a.ok(a.swipe("r", edge: "trailing"))
        let answer = try a.tapAction("r", id: "a-action")
        #expect(answer.events.count == 1)
        #expect(b.pushed.isEmpty)
        #expect(a.pushed.isEmpty)
    }

    @Test func eventOutsideAFrameGoesOnlyToTheOwningConnection() throws {
        let (a, b) = try twoClients()
        let tag = "ownership-deferred"
        try a.ok(a.mount("deferred", J.list([J.text("t", key: "t", modifiers: [J.modifier(SurfaceTestTypes.deferred, [("tag", .string(tag))])])])))
        let dispatcher = try #require(SurfaceTestDispatchers.shared.dispatcher(tag))
        dispatcher()
        #expect(a.pushed.map { $0["method"] } == ["event"])
        #expect(b.pushed.isEmpty)
    }

    @Test func closingAConnectionDropsItsSurfaces() throws {
        let (a, b) = try twoClients()
        let sessions = a.host.sessionCount
        a.session.close()
        #expect(a.host.sessionCount == sessions - 1)
        // The closed session's state is gone: its surface names answer as unknown.
        #expect(try a.snapshot("main").errorCode == -32602)
        #expect(surfaceChild(try b.root(), 0)?["id"] == "b-text")
    }

    @Test func closingAConnectionLeavesTheOtherWorking() throws {
        let (a, b) = try twoClients()
        a.session.close()
        try b.ok(b.update("main", rowTree(ids: ["b-action"])))
        try b.ok(b.swipe("r", edge: "trailing"))
        #expect(try b.tapAction("r", id: "b-action").events.count == 1)
        #expect(a.pushed.isEmpty)
    }

    @Test func closedConnectionGetsNoEvents() throws {
        let host = Host(registry: .tests)
        let a = try SurfaceClient.initialized(host: host, peer: "a")
        let tag = "closed-deferred"
        try a.ok(a.mount("main", J.list([J.text("t", key: "t", modifiers: [J.modifier(SurfaceTestTypes.deferred, [("tag", .string(tag))])])])))
        let dispatcher = try #require(SurfaceTestDispatchers.shared.dispatcher(tag))
        a.session.close()
        dispatcher()
        #expect(a.pushed.isEmpty)
    }
}

@Suite("Surface: events of modifiers that are gone", .timeLimit(.minutes(20)))
struct SurfaceStaleEventTests {
    /// Contract: the front-end routes by (surface, node, modifier index, `$type`). An instance
    /// that an update replaced must not send events that the new instance's listener gets.
    @Test func replacedModifierSendsNoEvents() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.text("t", key: "t", modifiers: [J.modifier(SurfaceTestTypes.deferred, [("tag", "stale-old")])])])))
        let old = try #require(SurfaceTestDispatchers.shared.dispatcher("stale-old"))
        let counts = try client.ok(client.update("main", J.list([J.text("t", key: "t", modifiers: [J.modifier(SurfaceTestTypes.deferred, [("tag", "stale-new")])])])))
        #expect(counts["updated"] == 1)
        old()
        #expect(client.pushed.isEmpty, "an event from the replaced instance reached the front-end as \(client.pushed)")
    }

    /// Contract: a surface that is unmounted no longer exists; its modifiers have nobody to
    /// talk to.
    @Test func unmountedSurfacesModifiersSendNoEvents() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.text("t", key: "t", modifiers: [J.modifier(SurfaceTestTypes.deferred, [("tag", "stale-unmounted")])])])))
        let old = try #require(SurfaceTestDispatchers.shared.dispatcher("stale-unmounted"))
        try client.ok(client.unmount("main"))
        old()
        #expect(client.pushed.isEmpty, "an event from an unmounted surface reached the front-end as \(client.pushed)")
    }
}
