@_spi(ModhostHost) import ModhostCore
import ModhostWire
import ModifierKit
import Testing

// SwiftUI's rules for gestures, lifecycle and refresh, as its documentation states them,
// checked through the host core without sockets.

private typealias J = SurfaceJSON

private func probe(_ type: String, _ params: [(String, JSONValue)] = []) -> JSONValue { J.modifier(type, params) }
private func tap(tag: String, count: Int = 1) -> JSONValue { probe(InteractionTypes.tap, [("tag", .string(tag)), ("count", .int(Int64(count)))]) }

extension SurfaceClient {
    func gesture(_ node: String, _ gesture: String, _ extra: [(String, JSONValue)] = [], surface: String = "main") throws -> SurfaceExchange {
        try call("interact", .object(JSONObject([("surface", .string(surface)), ("node", .string(node)), ("gesture", .string(gesture))] + extra)))
    }
}

private func client() throws -> SurfaceClient {
    return try SurfaceClient.initialized()
}

/// The tags of the events in `exchange`, as `type:tag`.
private func tags(_ exchange: SurfaceExchange) -> [String] {
    exchange.events.compactMap { event in
        guard case let .object(payload)? = event["payload"], let (type, value) = Array(payload).first else { return nil }
        let tag = value["tag"]?.stringValue ?? value["id"]?.stringValue ?? ""
        let phase = value["phase"]?.stringValue.map { ":" + $0 } ?? ""
        let pressing = value["pressing"]?.boolValue.map { ":pressing=\($0)" } ?? ""
        return "\(type):\(tag)\(phase)\(pressing)"
    }
}

@Suite("Interactions: taps and long presses", .timeLimit(.minutes(20)))
struct TapTests {
    @Test func aTapRunsTheHandlerAndNamesIt() throws {
        let client = try client()
        try client.ok(client.mount("main", J.text("hello", key: "t", modifiers: [tap(tag: "a")])))
        let answer = try client.gesture("t", "tap")
        #expect(answer.result == ["handled": true, "node": "t", "modifier": 0])
        #expect(tags(answer) == ["interactionTap:a"])
        #expect(answer.events.first?["node"] == "t")
        #expect(answer.events.first?["modifier"] == 0)
    }

    @Test func theInnermostHandlerWins() throws {
        let client = try client()
        let tree = J.node("VStack", key: "outer", modifiers: [tap(tag: "outer")], children: [
            J.text("inner", key: "inner", modifiers: [tap(tag: "first"), tap(tag: "second")]),
            J.text("plain", key: "plain"),
        ])
        try client.ok(client.mount("main", tree))
        let inner = try client.gesture("inner", "tap")
        #expect(tags(inner) == ["interactionTap:first"])
        #expect(inner.result?["modifier"] == 0)
        // A child without a handler: the handler around it takes the tap.
        let plain = try client.gesture("plain", "tap")
        #expect(tags(plain) == ["interactionTap:outer"])
        #expect(plain.result?["node"] == "outer")
    }

    @Test func aDoubleTapNeedsTwoTaps() throws {
        let client = try client()
        try client.ok(client.mount("main", J.text("t", key: "t", modifiers: [tap(tag: "double", count: 2)])))
        let single = try client.gesture("t", "tap")
        #expect(single.result?["handled"] == false)
        #expect(single.result?["reason"]?.stringValue?.contains("takes 2") == true)
        #expect(single.events.isEmpty)
        #expect(tags(try client.gesture("t", "tap", [("count", 2)])) == ["interactionTap:double"])
        // With a single-tap handler around it, the double-tap handler still takes only double taps.
        try client.ok(client.update("main", J.node("VStack", key: "v", modifiers: [tap(tag: "single")], children: [
            J.text("t", key: "t", modifiers: [tap(tag: "double", count: 2)]),
        ])))
        #expect(tags(try client.gesture("t", "tap")) == ["interactionTap:single"])
        #expect(tags(try client.gesture("t", "tap", [("count", 2)])) == ["interactionTap:double"])
    }

    @Test func disabledAndHiddenNodesAreNotHit() throws {
        let client = try client()
        let tree = J.node("VStack", key: "v", modifiers: [tap(tag: "outer")], children: [
            J.text("off", key: "off", modifiers: [tap(tag: "off"), probe(InteractionTypes.state, [("disabled", true)])]),
            J.text("gone", key: "gone", modifiers: [tap(tag: "gone"), probe(InteractionTypes.state, [("hidden", true)])]),
            J.node("HStack", key: "box", modifiers: [probe(InteractionTypes.state, [("disabled", true)])], children: [
                J.text("inside", key: "inside", modifiers: [tap(tag: "inside")]),
            ]),
        ])
        try client.ok(client.mount("main", tree))
        for node in ["off", "gone", "inside"] {
            let answer = try client.gesture(node, "tap")
            #expect(answer.result?["handled"] == false, "\(node)")
            #expect(answer.events.isEmpty, "\(node)")
        }
        #expect(try client.gesture("inside", "tap").result?["reason"]?.stringValue?.contains("inside node 'box'") == true)
        #expect(try client.gesture("gone", "tap").result?["reason"]?.stringValue?.contains("hidden") == true)
        // The snapshot says so: disabled spreads to the nodes inside.
        let root = try client.root()
        #expect(surfaceChild(root, 0)?["disabled"] == true)
        #expect(surfaceChild(root, 1)?["hidden"] == true)
        #expect(surfaceChild(root, 2, 0)?["disabled"] == true)
        #expect(root["disabled"] == nil)
    }

    @Test func aStacksEmptySpaceIsHitOnlyWithAShapeOrBackground() throws {
        let client = try client()
        try client.ok(client.mount("main", J.node("HStack", key: "row", modifiers: [tap(tag: "row")], children: [J.text("a"), J.node("Spacer", key: "gap")])))
        // Aimed at the stack itself, or at its spacer: empty space, which nothing hits.
        for node in ["row", "gap"] {
            let answer = try client.gesture(node, "tap")
            #expect(answer.result?["handled"] == false)
            #expect(answer.result?["reason"]?.stringValue?.contains("contentShape") == true)
        }
        // Its text is content: the stack's handler takes a tap on it.
        #expect(tags(try client.gesture("0/0", "tap")) == ["interactionTap:row"])
        for shape in [("shape", JSONValue.bool(true)), ("background", "blue")] {
            try client.ok(client.update("main", J.node("HStack", key: "row", modifiers: [tap(tag: "row"), probe(InteractionTypes.state, [shape])], children: [J.text("a"), J.node("Spacer", key: "gap")])))
            #expect(tags(try client.gesture("row", "tap")) == ["interactionTap:row"])
            #expect(tags(try client.gesture("gap", "tap")) == ["interactionTap:row"])
        }
    }

    @Test func aButtonAroundTheContentHandlesATap() throws {
        let client = try client()
        try client.ok(client.mount("main", J.list([J.row("r1", modifiers: [probe(InteractionTypes.button, [("tag", "open")])])])))
        #expect(tags(try client.gesture("0/0/0", "tap")) == ["interactionButton:open"])
        #expect(try client.root()["children"]?[0]?["handlers"] == ["tap"])
    }

    @Test func aLongPressShorterThanItsMinimumDoesNothing() throws {
        let client = try client()
        try client.ok(client.mount("main", J.text("t", key: "t", modifiers: [probe(InteractionTypes.press, [("tag", "p"), ("minimumDuration", 1)])])))
        let short = try client.gesture("t", "longPress", [("duration", 0.4)])
        #expect(short.result?["handled"] == false)
        #expect(short.result?["reason"]?.stringValue?.contains("0.4 s") == true)
        // The handler saw the press start and end, and did not act.
        #expect(tags(short) == ["interactionPress:p:pressing=true", "interactionPress:p:pressing=false"])
        let long = try client.gesture("t", "longPress", [("duration", 1)])
        #expect(long.result == ["handled": true, "node": "t", "modifier": 0])
        #expect(tags(long) == ["interactionPress:p:pressing=true", "interactionPress:p", "interactionPress:p:pressing=false"])
        // A tap is not a long press.
        #expect(try client.gesture("t", "tap").result?["handled"] == false)
    }

    @Test func gestureParamsAreChecked() throws {
        let client = try client()
        try client.ok(client.mount("main", J.text("t", key: "t")))
        #expect(try client.gesture("t", "tap", [("count", 0)]).errorPath == "count")
        #expect(try client.gesture("t", "tap", [("count", "two")]).errorPath == "count")
        #expect(try client.gesture("t", "longPress").errorPath == "duration")
        #expect(try client.gesture("t", "longPress", [("duration", -1)]).errorPath == "duration")
        #expect(try client.gesture("t", "pinch").errorPath == "gesture")
    }
}

@Suite("Interactions: lifecycle", .timeLimit(.minutes(20)))
struct LifecycleTests {
    private func node(_ tag: String, key: String? = nil, children: [JSONValue]? = nil) -> JSONValue {
        J.node(children == nil ? "Text" : "VStack", key: key ?? tag, modifiers: [probe(InteractionTypes.lifecycle, [("tag", .string(tag))])], children: children)
    }

    @Test func mountUpdateAndUnmountFireInOrder() throws {
        let client = try client()
        let mounted = try client.mount("main", node("root", children: [node("a"), node("b", children: [node("b1")])]))
        #expect(tags(mounted) == ["interactionLifecycle:root:appear", "interactionLifecycle:a:appear", "interactionLifecycle:b:appear", "interactionLifecycle:b1:appear"])
        // b leaves (with b1), c enters; a stays and says nothing.
        let updated = try client.update("main", node("root", children: [node("a"), node("c")]))
        #expect(tags(updated) == ["interactionLifecycle:b:disappear", "interactionLifecycle:b1:disappear", "interactionLifecycle:c:appear"])
        let unmounted = try client.unmount()
        #expect(tags(unmounted) == ["interactionLifecycle:root:disappear", "interactionLifecycle:a:disappear", "interactionLifecycle:c:disappear"])
    }

    @Test func aKeyChangeIsALeaveAndAnEnter() throws {
        let client = try client()
        try client.ok(client.mount("main", J.node("VStack", children: [node("x", key: "k1")])))
        let changed = try client.update("main", J.node("VStack", children: [node("x", key: "k2")]))
        #expect(tags(changed) == ["interactionLifecycle:x:disappear", "interactionLifecycle:x:appear"])
        #expect(changed.events.map { $0["node"] } == ["k1", "k2"])
        // The same key with other params keeps the node: nothing fires.
        let same = try client.update("main", J.node("VStack", children: [J.node("Text", key: "k2", modifiers: [probe(InteractionTypes.lifecycle, [("tag", "y")])])]))
        #expect(same.events.isEmpty)
    }

    @Test func twoModifiersOfOneTypeEachSendTheirOwnEvents() throws {
        let client = try client()
        let both = J.node("Text", key: "t", modifiers: [probe(InteractionTypes.lifecycle, [("tag", "one")]), probe(InteractionTypes.lifecycle, [("tag", "two")])])
        let mounted = try client.mount("main", both)
        #expect(tags(mounted) == ["interactionLifecycle:one:appear", "interactionLifecycle:two:appear"])
        #expect(mounted.events.map { $0["modifier"] } == [0, 1])
        try client.ok(client.update("main", J.node("Text", key: "t", modifiers: [tap(tag: "a"), tap(tag: "b", count: 2)])))
        #expect(try client.gesture("t", "tap", [("count", 2)]).events.map { $0["modifier"] } == [1])
    }

    @Test func aListsRowsAppearAtMount() throws {
        let client = try client()
        let mounted = try client.mount("main", J.list([node("r1"), node("r2")]))
        #expect(tags(mounted) == ["interactionLifecycle:r1:appear", "interactionLifecycle:r2:appear"])
    }
}

@Suite("Interactions: refresh and submit", .timeLimit(.minutes(20)))
struct RefreshTests {
    @Test func aRefreshRunsUntilTheFrontEndCompletesIt() throws {
        let client = try client()
        InteractionModule.add(to: client.host)
        try client.ok(client.mount("main", J.node("List", key: "list", modifiers: [probe(InteractionTypes.refresh)], children: [J.text("a")])))
        #expect(try client.root()["refreshing"] == false)
        let pulled = try client.gesture("list", "refresh")
        #expect(pulled.result == ["handled": true, "node": "list", "modifier": 0, "refreshing": true])
        let id = try #require(pulled.events.first?["payload"]?[InteractionTypes.refresh]?["id"]?.stringValue)
        #expect(try client.root()["refreshing"] == true)
        // A second pull while it runs does nothing.
        #expect(try client.gesture("list", "refresh").result?["handled"] == false)
        // The front-end completes it: the action ends, and the list is done refreshing.
        let completed = try client.call("callFunction", ["module": "Probe", "function": "completeRefresh", "args": [.string(id)]])
        #expect(completed.result == ["result": nil])
        #expect(try client.root()["refreshing"] == false)
        // Once only.
        let again = try client.call("callFunction", ["module": "Probe", "function": "completeRefresh", "args": [.string(id)]])
        #expect(again.errorCode == -32003)
        #expect(again.error?["data"]?["error"] == .string("no refresh '\(id)' is in progress"))
    }

    @Test func theRefreshableAroundAScrollViewServesIt() throws {
        let client = try client()
        try client.ok(client.mount("main", J.node("VStack", modifiers: [probe(InteractionTypes.refresh)], children: [J.node("ScrollView", key: "scroll", children: [J.text("a")]), J.text("b", key: "b")])))
        let pulled = try client.gesture("scroll", "refresh")
        #expect(pulled.result?["node"] == "0")
        #expect(try client.gesture("b", "refresh").result?["handled"] == false)
        // The refresh stops when the node leaves: its task is cancelled.
        try client.ok(client.unmount())
    }

    @Test func everySubmitAroundTheFieldRunsInnermostFirst() throws {
        let client = try client()
        let tree = J.node("VStack", key: "form", modifiers: [probe(InteractionTypes.submit, [("tag", "form")])], children: [
            J.node("TextField", key: "field", props: JSONObject([("placeholder", "Name")]), modifiers: [probe(InteractionTypes.submit, [("tag", "field")])]),
        ])
        try client.ok(client.mount("main", tree))
        let submitted = try client.gesture("field", "submit")
        #expect(tags(submitted) == ["interactionSubmit:field", "interactionSubmit:form"])
        #expect(submitted.result == ["handled": true, "handlers": [["node": "field", "modifier": 0], ["node": "form", "modifier": 0]]])
        #expect(try client.gesture("form", "submit").result?["handled"] == false)
    }

    @Test func aSearchFieldsSubmitRunsTheSearchSubmitsAroundItOnly() throws {
        let client = try client()
        let tree = J.node("VStack", key: "screen", modifiers: [probe(InteractionTypes.searchSubmit, [("tag", "screen")]), probe(InteractionTypes.submit, [("tag", "text")])], children: [
            J.node("List", key: "list", modifiers: [probe(InteractionTypes.search, [("text", "ap")]), probe(InteractionTypes.searchSubmit, [("tag", "list")])], children: [
                J.node("TextField", key: "field", props: JSONObject([("placeholder", "Name")])),
            ]),
        ])
        try client.ok(client.mount("main", tree))
        let submitted = try client.gesture("list", "submit")
        #expect(tags(submitted) == ["interactionSearchSubmit:list", "interactionSearchSubmit:screen"])
        #expect(submitted.result == ["handled": true, "handlers": [["node": "list", "modifier": 1], ["node": "screen", "modifier": 0]]])
        // A TextField's submission runs the text ones only.
        let field = try client.gesture("field", "submit")
        #expect(tags(field) == ["interactionSubmit:text"])
        // A view without a search field is not submitted.
        #expect(try client.gesture("screen", "submit").result?["handled"] == false)
    }
}

@Suite("Interactions: module functions and events", .timeLimit(.minutes(20)))
struct ModuleFunctionCallTests {
    private func call(_ client: SurfaceClient, _ function: String, _ args: [JSONValue], module: String = "Probe") throws -> SurfaceExchange {
        try client.call("callFunction", ["module": .string(module), "function": .string(function), "args": .array(args)])
    }

    @Test func aFunctionAnswersWithItsResult() throws {
        let client = try client()
        InteractionModule.add(to: client.host)
        #expect(try call(client, "add", [2, 40]).result == ["result": 42])
    }

    @Test func mistakesNameTheirPlace() throws {
        let client = try client()
        InteractionModule.add(to: client.host)
        let noModule = try call(client, "add", [], module: "Nope")
        #expect(noModule.errorPath == "module")
        #expect(noModule.error?["data"]?["known"] == ["Probe"])
        #expect(try call(client, "subtract", []).errorPath == "function")
        let count = try call(client, "add", [1])
        #expect(count.errorPath == "args")
        #expect(count.error?["data"]?["expected"] == "2 arguments")
        let type = try call(client, "add", [1, "two"])
        #expect(type.errorCode == -32602)
        #expect(type.errorPath == "args[1]")
        #expect(type.error?["data"]?["expected"] == "Int")
    }

    @Test func anAsyncFunctionAnswersWhenItCompletes() throws {
        let client = try client()
        InteractionModule.add(to: client.host)
        // One that finishes at once answers in line.
        #expect(try call(client, "echo", ["hi"]).result == ["result": "hi"])
        // One that waits answers later, on its own; the connection is served meanwhile.
        let id: Int64 = 99
        var out: [UInt8] = []
        let request: JSONValue = ["jsonrpc": "2.0", "id": .int(id), "method": "callFunction", "params": ["module": "Probe", "function": "waitForTaggedRefresh", "args": ["answers-"]]]
        client.session.receive(frame: Array(request.jsonText.utf8), replies: &out)
        #expect(out.isEmpty)
        #expect(try client.call("ping").result == [:])
        // Completing the refresh it waits on lets it finish: its answer goes out with the
        // frame that made it finish, before that frame's own answer.
        // Tagged: other tests' refreshes wait beside this one.
        let waiting = try #require(Refresher.pendingIDs(tagged: "answers-").last)
        let complete: JSONValue = ["jsonrpc": "2.0", "id": 100, "method": "callFunction", "params": ["module": "Probe", "function": "completeRefresh", "args": [.string(waiting)]]]
        client.session.receive(frame: Array(complete.jsonText.utf8), replies: &out)
        let frames = try surfaceDecodeFrames(out)
        #expect(frames.map { $0["id"] } == [.int(id), 100])
        #expect(frames.first?["result"] == ["result": "done"])
    }

    @Test func aConnectionMayHaveOnlySoManyCallsWaiting() throws {
        let client = try client()
        client.host.limits.maxPendingCallsPerConnection = 3
        InteractionModule.add(to: client.host)
        var out: [UInt8] = []
        for id in 1...3 {
            let request: JSONValue = ["jsonrpc": "2.0", "id": .int(Int64(id)), "method": "callFunction", "params": ["module": "Probe", "function": "waitForTaggedRefresh", "args": ["calls-"]]]
            client.session.receive(frame: Array(request.jsonText.utf8), replies: &out)
        }
        #expect(out.isEmpty, "three calls wait")
        let refused = try call(client, "waitForRefresh", [])
        #expect(refused.errorCode == -32001)
        #expect(refused.error?["data"]?["reason"] == "pending-calls")
        #expect(refused.error?["data"]?["limit"] == 3)
        // Plain functions are not held back; another AsyncFunction is, even one that would not wait.
        #expect(try call(client, "add", [1, 2]).result == ["result": 3])
        #expect(try call(client, "echo", ["hi"]).errorCode == -32001)
        #expect(try client.call("ping").result == [:])
        // One finishing makes room again.
        let waiting = try #require(Refresher.pendingIDs(tagged: "calls-").last)
        let complete: JSONValue = ["jsonrpc": "2.0", "id": 50, "method": "callFunction", "params": ["module": "Probe", "function": "completeRefresh", "args": [.string(waiting)]]]
        client.session.receive(frame: Array(complete.jsonText.utf8), replies: &out)
        #expect(try surfaceDecodeFrames(out).map { $0["id"] } == [3, 50], "the call it let finish answers first")
        let answered = try call(client, "echo", ["again"])
        #expect(answered.result == ["result": "again"])
    }

    @Test func anAsyncFunctionThatWaitsCannotBeInABatch() throws {
        let client = try client()
        InteractionModule.add(to: client.host)
        let batch: JSONValue = [
            ["jsonrpc": "2.0", "id": 1, "method": "callFunction", "params": ["module": "Probe", "function": "waitForRefresh"]],
            ["jsonrpc": "2.0", "id": 2, "method": "callFunction", "params": ["module": "Probe", "function": "echo", "args": ["x"]]],
        ]
        let answers = try #require(client.session.handle(batch)?.arrayValue)
        #expect(answers[0]["error"]?["code"] == -32003)
        #expect(answers[0]["error"]?["data"]?["reason"] == "batch-wait")
        #expect(answers[1]["result"] == ["result": "x"])
    }

    @Test func moduleEventsGoToEveryFrontEnd() throws {
        let client = try client()
        let other = try SurfaceClient.initialized(host: client.host, peer: "other")
        InteractionModule.add(to: client.host)
        let pinged = try call(client, "ping", ["hello"])
        #expect(pinged.notifications.map { $0["method"] } == ["moduleEvent"])
        #expect(pinged.notifications.first?["params"] == ["module": "Probe", "event": "onPing", "payload": ["text": "hello"]])
        #expect(other.pushed.map { $0["method"] } == ["moduleEvent"])
        // An event the module does not declare is not sent.
        #expect(try call(client, "undeclared", []).notifications.isEmpty)
    }

    @Test func describeListsModules() throws {
        let client = try client()
        InteractionModule.add(to: client.host)
        let modules = try #require(client.call("describe").result?["modules"]?.arrayValue)
        let probe = try #require(modules.first { $0["name"] == "Probe" })
        #expect(probe["events"] == ["onPing"])
        let add = try #require(probe["functions"]?.arrayValue?.first { $0["name"] == "add" })
        #expect(add == ["name": "add", "async": false, "arguments": [["type": "integer"], ["type": "integer"]], "result": ["type": "integer"]])
        #expect(probe["functions"]?.arrayValue?.first { $0["name"] == "echo" }?["async"] == true)
    }
}

@Suite("Interactions: styles in the snapshot", .timeLimit(.minutes(20)))
struct StyleSnapshotTests {
    @Test func equalInertModifiersAreBuiltOnceAndActionsNever() throws {
        let client = try client()
        let counted = { (value: Int) in probe(InteractionTypes.counted, [("value", .int(Int64(value)))]) }
        let before = CountedProbe.built.withLock { $0 }
        let rows = (0..<5).map { J.node("HStack", key: "r\($0)", modifiers: [counted(8), tap(tag: "r\($0)")], children: [J.text("x")]) }
            + [J.node("HStack", key: "other", modifiers: [counted(4)], children: [J.text("y")])]
        try client.ok(client.mount("main", J.list(rows)))
        // Five equal paddings built once, the different one once more.
        #expect(CountedProbe.built.withLock { $0 } - before == 2)
        let root = try client.root()
        #expect(surfaceChild(root, 3)?["styles"] == [["$style": "padding", "top": 8, "leading": 8, "bottom": 8, "trailing": 8]])
        // Handlers are never shared: each row's tap is its own.
        #expect(tags(try client.gesture("0/3/0", "tap")) == ["interactionTap:r3"])
        // A modifier that keeps its dispatcher is not shared either: each sends for its own node.
        try client.ok(client.update("main", J.list((0..<2).map { J.node("HStack", key: "d\($0)", modifiers: [J.modifier(SurfaceTestTypes.deferred, [("tag", "kept-twice")])], children: [J.text("z")]) })))
        // Both were built: the dispatcher kept last is the second row's.
        SurfaceTestDispatchers.shared.dispatcher("kept-twice")?([SurfaceTestTypes.deferred: ["n": 1]])
        #expect(client.pushed.last?["params"]?["node"] == "d1")
    }

    @Test func stylesAndHandlersShowInOrder() throws {
        let client = try client()
        try client.ok(client.mount("main", J.text("t", key: "t", modifiers: [probe(InteractionTypes.styled), tap(tag: "a"), probe(InteractionTypes.lifecycle)])))
        let node = try client.root()
        #expect(node["styles"] == [
            ["$style": "padding", "top": 16, "leading": 16, "bottom": 16, "trailing": 16],
            ["$style": "background", "color": "#FF3B30FF", "shape": "roundedRectangle", "cornerRadius": 4],
            ["$style": "font", "style": "title"],
        ])
        #expect(node["handlers"] == ["tap", "appear", "disappear"])
        let keys = node.objectValue?.keys.map { $0 } ?? []
        #expect(keys == ["type", "id", "key", "props", "modifiers", "styles", "handlers"])
    }
}
