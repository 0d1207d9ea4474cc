@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

private typealias J = SurfaceJSON

private func rowTree(_ rows: [String] = ["r"]) -> JSONValue {
    J.list(rows.map { J.row($0, modifiers: [J.swipe(SurfaceTestTypes.swipe, trailing: [J.action("delete", label: "Delete")])]) })
}

/// A host whose owner is uid 1000, a front-end, and a watcher of `surfaces` made after it.
private struct SurfaceWatchScene {
    let host = Host(configuration: HostConfiguration(ownerUID: 1000), registry: .tests)
    let app: SurfaceClient
    let watcher: SurfaceClient
    /// The `watch` result.
    let watchResult: JSONValue

    init(mountFirst: JSONValue? = nil, topics: [String] = ["surfaces"]) throws {
        app = try SurfaceClient.initialized(host: host, peer: "app", pid: 42, peerUID: 1000, clientName: "mail-demo")
        if let mountFirst { try app.ok(app.mount("main", mountFirst)) }
        watcher = try SurfaceClient.initialized(host: host, peer: "watcher", pid: 41, peerUID: 1000, clientName: "inspector")
        watchResult = try watcher.ok(watcher.call("watch", ["topics": .array(topics.map { .string($0) })]))
    }

    /// The `surface` copies the watcher was sent since the last call, then forgets them.
    func takeSurfaces() -> [JSONValue] {
        defer { watcher.pushed.removeAll() }
        return watcher.pushed.compactMap { $0["params"] }.filter { $0["method"] == "surface" }
    }

    var appConnection: JSONValue { ["id": .int(app.session.connectionID), "client": "mail-demo", "pid": 42] }
}

@Suite("Watch: surfaces", .timeLimit(.minutes(20)))
struct SurfaceWatchTests {
    @Test func watchStartsTheSurfaceWatcherFromEveryTreeOpenNow() throws {
        let scene = try SurfaceWatchScene(mountFirst: rowTree())
        #expect(scene.watchResult["topics"] == ["surfaces"])
        let surfaces = try #require(scene.watchResult["surfaces"]?.arrayValue)
        #expect(surfaces.count == 1)
        #expect(surfaces.first?["connection"] == scene.appConnection)
        #expect(surfaces.first?["surface"] == "main")
        #expect(surfaces.first?["root"] == (try scene.app.root()))
    }

    @Test func withoutTheTopicNoTreesAreSentOrSnapshotted() throws {
        let scene = try SurfaceWatchScene(mountFirst: rowTree(), topics: ["event"])
        #expect(scene.watchResult["surfaces"] == nil)
        #expect(scene.host.hasSurfaceWatchers == false)
        try scene.app.ok(scene.app.update("main", rowTree(["r", "s"])))
        #expect(scene.takeSurfaces().isEmpty)
    }

    @Test func mountUpdateAndUnmountEachSendTheTreeAsSnapshotShowsIt() throws {
        let scene = try SurfaceWatchScene()
        #expect(scene.watchResult["surfaces"] == [])
        try scene.app.ok(scene.app.mount("main", rowTree()))
        var sent = scene.takeSurfaces()
        try #require(sent.count == 1)
        #expect(sent[0]["connection"] == scene.appConnection)
        #expect(sent[0]["params"]?["surface"] == "main")
        #expect(sent[0]["params"]?["root"] == (try scene.app.root()))
        try scene.app.ok(scene.app.update("main", rowTree(["r", "s"])))
        sent = scene.takeSurfaces()
        #expect(sent.count == 1)
        #expect(sent.first?["params"]?["root"]?["children"]?.arrayValue?.count == 2)
        // A snapshot changes nothing: nothing is sent for it.
        _ = try scene.app.snapshot()
        #expect(scene.takeSurfaces().isEmpty)
        try scene.app.ok(scene.app.unmount("main"))
        sent = scene.takeSurfaces()
        #expect(sent.count == 1)
        #expect(sent.first?["params"] == ["surface": "main", "root": nil])
    }

    @Test func aHandledInteractSendsTheNewRowStateAndAnUnhandledOneNothing() throws {
        let scene = try SurfaceWatchScene(mountFirst: rowTree())
        try scene.app.ok(scene.app.swipe("r", edge: "trailing"))
        let sent = scene.takeSurfaces()
        try #require(sent.count == 1)
        #expect(sent[0]["params"]?["root"]?["children"]?[0]?["swipeActions"]?["revealed"] == "trailing")
        #expect(try scene.app.swipe("r", edge: "leading").result?["handled"] == false)
        #expect(scene.takeSurfaces().isEmpty)
    }

    @Test func closingTheConnectionSendsNullForEachOfItsSurfaces() throws {
        let scene = try SurfaceWatchScene(mountFirst: rowTree())
        try scene.app.ok(scene.app.mount("second", rowTree()))
        _ = scene.takeSurfaces()
        scene.app.session.close()
        let sent = scene.takeSurfaces()
        #expect(sent.map { $0["params"] } == [["surface": "main", "root": nil], ["surface": "second", "root": nil]])
        #expect(sent.allSatisfy { $0["connection"] == scene.appConnection })
    }

    @Test func theEndOfARefreshIsSentToo() throws {
        let scene = try SurfaceWatchScene(mountFirst: J.node("List", key: "list", modifiers: [J.modifier(InteractionTypes.refresh)], children: [J.text("a")]))
        InteractionModule.add(to: scene.host)
        let pulled = try scene.app.call("interact", ["surface": "main", "node": "list", "gesture": "refresh"])
        let id = try #require(pulled.events.first?["payload"]?[InteractionTypes.refresh]?["id"]?.stringValue)
        #expect(scene.takeSurfaces().map { $0["params"]?["root"]?["refreshing"] } == [true])
        try scene.app.ok(scene.app.call("callFunction", ["module": "Probe", "function": "completeRefresh", "args": [.string(id)]]))
        #expect(scene.takeSurfaces().map { $0["params"]?["root"]?["refreshing"] } == [false])
    }
}

@Suite("Interact as an observer", .timeLimit(.minutes(20)))
struct ObserverInteractTests {
    @Test func aWatcherActsOnAnotherConnectionsSurfaceAndTheOwnerGetsTheEvent() throws {
        let scene = try SurfaceWatchScene(mountFirst: rowTree())
        let id = JSONValue.int(scene.app.session.connectionID)
        let swiped = try scene.watcher.call("interact", ["connection": id, "surface": "main", "node": "r", "gesture": "swipe", "edge": "trailing"])
        #expect(swiped.result?["handled"] == true)
        // The watcher's own copy of the new tree comes before its reply.
        #expect(swiped.notifications.compactMap { $0["params"]?["method"] } == ["surface"])
        #expect(try scene.app.root()["children"]?[0]?["swipeActions"]?["revealed"] == "trailing")
        scene.app.pushed.removeAll()
        let tapped = try scene.watcher.call("interact", ["connection": id, "surface": "main", "node": "r", "gesture": "tapAction", "id": "delete"])
        #expect(tapped.result == ["handled": true, "performed": "delete", "modifier": 0])
        // Exactly the event the owner's own tap would have caused, sent to the owner.
        let events = scene.app.pushed.filter { $0["method"] == "event" }
        #expect(events.count == 1)
        #expect(events.first?["params"]?["surface"] == "main")
        #expect(events.first?["params"]?["node"] == "r")
        #expect(tapped.events.isEmpty)
    }

    @Test func aConnectionThatDoesNotWatchIsRefused() throws {
        let host = Host(configuration: HostConfiguration(ownerUID: 1000), registry: .tests)
        let app = try SurfaceClient.initialized(host: host, peerUID: 1000)
        try app.ok(app.mount("main", rowTree()))
        let other = try SurfaceClient.initialized(host: host, peerUID: 1000)
        let answer = try other.call("interact", ["connection": .int(app.session.connectionID), "surface": "main", "node": "r", "gesture": "swipe", "edge": "trailing"])
        #expect(answer.errorCode == RPCErrorCode.notPermitted)
        #expect(answer.error?["data"] == ["method": "interact", "reason": "not-watching"])
        #expect(try app.root()["children"]?[0]?["swipeActions"]?["revealed"] == .null)
    }

    @Test func anUnknownConnectionIsAnInvalidParam() throws {
        let scene = try SurfaceWatchScene(mountFirst: rowTree())
        let answer = try scene.watcher.call("interact", ["connection": 9999, "surface": "main", "node": "r", "gesture": "swipe", "edge": "trailing"])
        #expect(answer.errorCode == RPCErrorCode.invalidParams)
        #expect(answer.errorPath == "connection")
        #expect(answer.error?["data"]?["got"] == "9999")
        #expect(try scene.watcher.call("interact", ["connection": "one", "surface": "main", "node": "r", "gesture": "tap"]).errorPath == "connection")
    }

    @Test func theSurfaceIsLookedUpAmongTheOwnersOnly() throws {
        let scene = try SurfaceWatchScene(mountFirst: rowTree())
        let answer = try scene.watcher.call("interact", ["connection": .int(scene.watcher.session.connectionID), "surface": "main", "node": "r", "gesture": "tap"])
        #expect(answer.errorPath == "surface")
    }
}
