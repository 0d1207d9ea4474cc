@_spi(ModhostHost) import ModhostCore
import ModhostWire
import RatingFixture
import Testing

private typealias J = SurfaceJSON

private func rowTree(_ type: String = SurfaceTestTypes.swipe) -> JSONValue {
    J.list([J.row("r", modifiers: [J.swipe(type, trailing: [J.action("delete", label: "Delete")])])])
}

/// A host whose owner is uid 1000, a watcher of that uid and a front-end to watch.
private struct WatchScene {
    let host = Host(configuration: HostConfiguration(ownerUID: 1000), registry: .tests)
    let watcher: SurfaceClient
    let app: SurfaceClient

    init(topics: [String]? = nil) throws {
        watcher = try SurfaceClient.initialized(host: host, peer: "watcher", pid: 41, peerUID: 1000, clientName: "modhost-cli")
        app = try SurfaceClient.initialized(host: host, peer: "app", pid: 42, peerUID: 1000, clientName: "mail-demo")
        let params: JSONValue? = topics.map { ["topics": .array($0.map { .string($0) })] }
        try watcher.ok(watcher.call("watch", params))
    }

    /// The `watched` notifications the watcher was sent since the last call, then forgets them.
    func takeWatched() -> [JSONValue] {
        defer { watcher.pushed.removeAll() }
        return watcher.pushed.filter { $0["method"] == "watched" }.compactMap { $0["params"] }
    }
}

@Suite("Watch", .timeLimit(.minutes(20)))
struct WatchTests {
    @Test func watcherSeesAnotherConnectionsEventWithThatConnectionAndTheOriginal() throws {
        let scene = try WatchScene()
        try scene.app.ok(scene.app.mount("main", rowTree()))
        try scene.app.ok(scene.app.swipe("r", edge: "trailing"))
        let tap = try scene.app.tapAction("r", id: "delete")
        let watched = scene.takeWatched()
        try #require(watched.count == 1)
        #expect(watched[0]["method"] == "event")
        #expect(watched[0]["params"] == tap.events.first)
        #expect(watched[0]["connection"] == ["id": .int(scene.app.session.connectionID), "client": "mail-demo", "pid": 42])
        // The app itself still gets its event, once, before its reply.
        #expect(tap.events.count == 1)
    }

    /// A SecureField's text is the user's: the owner gets it, a watcher learns only that it
    /// changed; the snapshot and the gesture's answer show bullets.
    @Test func aSecretEventReachesItsOwnerAndWatchersSeeItRedacted() throws {
        let scene = try WatchScene()
        let module = ChoiceModule(appContext: scene.host.appContext(forPlugin: "rating-tests"))
        scene.host.addModule(module, definition: module.definition(), name: "Choice", plugin: "rating-tests")
        try scene.app.ok(scene.app.mount("main", ["type": "Pin", "key": "pin", "events": ["onPinChange", "onFocus"]]))
        _ = scene.takeWatched()
        let typed = try scene.app.call("interact", ["surface": "main", "node": "pin", "gesture": "type", "text": "4711"])
        #expect(try scene.app.ok(typed)["value"] == "\u{2022}\u{2022}\u{2022}\u{2022}")
        #expect(typed.events.map { $0["payload"] } == [["onFocus": ["value": true]], ["onPinChange": ["value": "4711"]]])
        let watched = scene.takeWatched().filter { $0["method"] == "event" }.map { $0["params"]?["payload"] }
        #expect(watched == [["onFocus": ["value": true]], ["onPinChange": ["redacted": true]]])
        let body = try scene.app.root()["body"]
        #expect(body == ["type": "SecureField", "element": "0", "props": ["text": "\u{2022}\u{2022}\u{2022}\u{2022}", "placeholder": "PIN", "focused": true]])
        let submitted = try scene.app.call("interact", ["surface": "main", "node": "pin", "gesture": "submit"])
        #expect(try scene.app.ok(submitted)["value"] == "\u{2022}\u{2022}\u{2022}\u{2022}")
        #expect(submitted.events.map { $0["payload"] } == [["onFocus": ["value": false]]], "submitting ends the focus")
        #expect(!scene.watcher.pushed.map(\.jsonText).joined().contains("4711"), "nothing the watcher got holds the text")
    }

    @Test func watchAnswersWithItsTopicsItsOwnConnectionAndTheOpenOnes() throws {
        let host = Host(configuration: HostConfiguration(ownerUID: 7), registry: .tests)
        let other = try SurfaceClient.initialized(host: host, peerUID: 7, clientName: "other")
        let watcher = try SurfaceClient.initialized(host: host, pid: 9, peerUID: 7, clientName: "w")
        let result = try watcher.ok(watcher.call("watch", ["topics": ["diagnostic", "event", "event"]]))
        #expect(result["topics"] == ["event", "diagnostic"])
        #expect(result["connection"] == ["id": .int(watcher.session.connectionID), "client": "w", "pid": 9])
        #expect(result["connections"]?.arrayValue?.compactMap { $0["client"]?.stringValue } == ["other", "w"])
        _ = other
    }

    @Test func connectionIDsAreDistinctAndIncreasing() {
        let host = Host(registry: .tests)
        let first = host.openSession(peer: "a") { _ in }
        let second = host.openSession(peer: "b") { _ in }
        let given = host.openSession(peer: "c", connectionID: 40) { _ in }
        let after = host.openSession(peer: "d") { _ in }
        #expect(first.connectionID < second.connectionID)
        #expect(given.connectionID == 40)
        #expect(after.connectionID == 41)
    }

    @Test func topicsChooseWhatIsRelayed() throws {
        let scene = try WatchScene(topics: ["diagnostic"])
        try scene.app.ok(scene.app.mount("main", rowTree(SurfaceTestTypes.wrongKey)))
        try scene.app.ok(scene.app.swipe("r", edge: "trailing"))
        let tap = try scene.app.tapAction("r", id: "delete")
        #expect(tap.diagnostics.count == 1)
        let watched = scene.takeWatched()
        #expect(watched.map { $0["method"] } == ["diagnostic"])
        #expect(watched.first?["params"]?["code"] == .string(DiagnosticCode.eventKeyMismatch))
    }

    @Test func hostWideNotificationsReachTheWatcherOncePerRecipient() throws {
        let scene = try WatchScene()
        scene.host.broadcast(method: "pluginsChanged", params: ["added": ["x"], "removed": [], "changed": []])
        let watched = scene.takeWatched()
        #expect(watched.map { $0["method"] } == ["pluginsChanged", "pluginsChanged"])
        #expect(Set(watched.compactMap { $0["connection"]?["id"]?.intValue }) == [scene.watcher.session.connectionID, scene.app.session.connectionID])
    }

    @Test func watchedCopiesAreNeverRelayedAgain() throws {
        let scene = try WatchScene()
        let second = try SurfaceClient.initialized(host: scene.host, peerUID: 1000, clientName: "second-watcher")
        try second.ok(second.call("watch"))
        try scene.app.ok(scene.app.mount("main", rowTree()))
        try scene.app.ok(scene.app.swipe("r", edge: "trailing"))
        _ = try scene.app.tapAction("r", id: "delete")
        #expect(scene.takeWatched().map { $0["method"] } == ["event"])
        #expect(second.pushed.filter { $0["method"] == "watched" }.count == 1)
    }

    @Test func aWatchersOwnRequestGetsTheOriginalThenTheCopyBeforeItsReply() throws {
        let scene = try WatchScene()
        try scene.watcher.ok(scene.watcher.mount("mine", rowTree()))
        try scene.watcher.ok(scene.watcher.swipe("r", edge: "trailing", surface: "mine"))
        let tap = try scene.watcher.tapAction("r", id: "delete", surface: "mine")
        #expect(tap.frames.map { $0["method"]?.stringValue ?? "reply" } == ["event", "watched", "reply"])
        #expect(tap.frames[1]["params"]?["connection"]?["id"] == .int(scene.watcher.session.connectionID))
    }

    @Test func unwatchStops() throws {
        let scene = try WatchScene()
        #expect(try scene.watcher.ok(scene.watcher.call("unwatch")) == ["watching": true])
        #expect(scene.host.hasWatchers == false)
        scene.host.broadcast(method: "pluginsChanged", params: ["added": [], "removed": [], "changed": []])
        #expect(scene.takeWatched().isEmpty)
        #expect(try scene.watcher.ok(scene.watcher.call("unwatch")) == ["watching": false])
    }

    @Test func closingTheWatcherStops() throws {
        let scene = try WatchScene()
        scene.watcher.session.close()
        #expect(scene.host.hasWatchers == false)
        scene.host.broadcast(method: "pluginsChanged", params: ["added": [], "removed": [], "changed": []])
        #expect(scene.takeWatched().isEmpty)
    }

    @Test func anotherUsersConnectionMayNotWatch() throws {
        let host = Host(configuration: HostConfiguration(ownerUID: 1000), registry: .tests)
        let stranger = try SurfaceClient.initialized(host: host, peerUID: 1001)
        let answer = try stranger.call("watch")
        #expect(answer.errorCode == RPCErrorCode.notPermitted)
        #expect(answer.error?["data"] == ["method": "watch", "reason": "peer-uid"])
        #expect(answer.errorMessage?.contains("uid 1000") == true)
        #expect(host.hasWatchers == false)
    }

    @Test func aConnectionOfUnknownUIDMayNotWatch() throws {
        let host = Host(configuration: HostConfiguration(ownerUID: 1000), registry: .tests)
        let unknown = try SurfaceClient.initialized(host: host)
        let answer = try unknown.call("watch")
        #expect(answer.errorCode == RPCErrorCode.notPermitted)
        #expect(answer.errorMessage?.contains("not known") == true)
    }

    @Test func unknownTopicIsRefusedWithTheKnownOnesAndASuggestion() throws {
        let host = Host(configuration: HostConfiguration(ownerUID: 1), registry: .tests)
        let watcher = try SurfaceClient.initialized(host: host, peerUID: 1)
        let answer = try watcher.call("watch", ["topics": ["event", "diagnostics"]])
        #expect(answer.errorCode == RPCErrorCode.invalidParams)
        #expect(answer.errorPath == "topics[1]")
        #expect(answer.error?["data"]?["suggestion"] == "diagnostic")
        #expect(answer.error?["data"]?["known"] == ["event", "diagnostic", "pluginsChanged", "moduleEvent", "surfaces"])
        #expect(answer.errorMessage?.contains("did you mean 'diagnostic'?") == true)
        #expect(host.hasWatchers == false)
    }

    @Test func emptyTopicsAndUnknownMembersAreRefused() throws {
        let host = Host(configuration: HostConfiguration(ownerUID: 1), registry: .tests)
        let watcher = try SurfaceClient.initialized(host: host, peerUID: 1)
        #expect(try watcher.call("watch", ["topics": []]).errorPath == "topics")
        #expect(try watcher.call("watch", ["topics": [3]]).errorPath == "topics[0]")
        let misspelt = try watcher.call("watch", ["topic": ["event"]])
        #expect(misspelt.errorPath == "topic")
        #expect(misspelt.error?["data"]?["suggestion"] == "topics")
    }

    @Test func watchRequiresInitialize() throws {
        let host = Host(configuration: HostConfiguration(ownerUID: 1), registry: .tests)
        let client = SurfaceClient(host: host, peerUID: 1)
        #expect(try client.call("watch").errorCode == RPCErrorCode.notInitialized)
    }
}

@Suite("Did you mean", .timeLimit(.minutes(20)))
struct DidYouMeanTests {
    @Test func unknownMethodSuggestsTheClosestServedOne() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.call("snapshto")
        #expect(answer.errorCode == RPCErrorCode.methodNotFound)
        #expect(answer.error?["data"] == ["method": "snapshto", "suggestion": "snapshot"])
        #expect(answer.errorMessage == "Method not found: 'snapshto'; did you mean 'snapshot'?")
    }

    @Test func unknownMethodFarFromEveryNameHasNoSuggestion() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.call("frobnicate")
        #expect(answer.error?["data"] == ["method": "frobnicate"])
        #expect(answer.errorMessage == "Method not found: 'frobnicate'")
    }

    @Test func unknownGestureSuggestsTheClosestGesture() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", rowTree()))
        let answer = try client.call("interact", ["surface": "main", "node": "r", "gesture": "tpa"])
        #expect(answer.errorPath == "gesture")
        #expect(answer.error?["data"]?["suggestion"] == "tap")
        #expect(answer.errorMessage?.contains("did you mean 'tap'?") == true)
        let far = try client.call("interact", ["surface": "main", "node": "r", "gesture": "pinch"])
        #expect(far.error?["data"]?["suggestion"] == nil)
    }

    @Test func unknownModifierTypeSuggestsARegisteredType() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([J.row("r", modifiers: [J.modifier("swipeActons")])]))
        #expect(answer.errorPath == "root.children[0].modifiers[0].$type")
        #expect(answer.error?["data"]?["suggestion"] == .string(SurfaceTestTypes.swipe))
        #expect(answer.errorMessage?.contains("did you mean '\(SurfaceTestTypes.swipe)'?") == true)
        let far = try client.mount("main", J.list([J.row("r", modifiers: [J.modifier("zzzzqqqq")])]))
        #expect(far.error?["data"]?["suggestion"] == nil)
        #expect(far.error?["data"]?["known"] != nil)
    }
}
