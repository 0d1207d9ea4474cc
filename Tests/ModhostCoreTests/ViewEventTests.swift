@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

// Views with events of their own (issue 26): a node's `events`, the Button's action, the
// TextField's text, the Toggle and the Slider, their events, gestures and shown values.

private typealias J = SurfaceJSON

/// A node with `events`: `{type, key?, props?, events?, modifiers?, children?}`.
private func view(
    _ type: String, key: String? = nil, props: [(String, JSONValue)] = [], events: [String]? = nil, modifiers: [JSONValue] = [],
    children: [JSONValue]? = nil
) -> JSONValue {
    var object = JSONObject([("type", .string(type))])
    if let key { object["key"] = .string(key) }
    if !props.isEmpty { object["props"] = .object(JSONObject(props)) }
    if let events { object["events"] = .array(events.map { .string($0) }) }
    if !modifiers.isEmpty { object["modifiers"] = .array(modifiers) }
    if let children { object["children"] = .array(children) }
    return .object(object)
}

private func tap(_ tag: String, count: Int = 1) -> JSONValue {
    J.modifier(InteractionTypes.tap, [("tag", .string(tag)), ("count", .int(Int64(count)))])
}
private func submit(_ tag: String) -> JSONValue { J.modifier(InteractionTypes.submit, [("tag", .string(tag))]) }
private let disabled = J.modifier(InteractionTypes.state, [("disabled", true)])
private let hidden = J.modifier(InteractionTypes.state, [("hidden", true)])

/// A view event as the host sends it.
private func viewEvent(_ node: String, _ view: String, _ name: String, value: JSONValue? = nil, surface: String = "main") -> JSONValue {
    let body: JSONValue = value.map { ["value": $0] } ?? .object(JSONObject())
    return ["surface": .string(surface), "node": .string(node), "view": .string(view), "payload": .object(JSONObject([(name, body)]))]
}

/// The events of an exchange as `payload-key:tag` (modifier events) or `view.event=value`.
private func names(_ exchange: SurfaceExchange) -> [String] {
    exchange.events.compactMap { event in
        guard case let .object(payload)? = event["payload"], let (name, value) = Array(payload).first else { return nil }
        if let view = event["view"]?.stringValue { return "\(view).\(name)\(value["value"].map { "=" + $0.jsonText } ?? "")" }
        return "\(name):\(value["tag"]?.stringValue ?? "")"
    }
}

extension SurfaceClient {
    fileprivate func act(_ node: String, _ gesture: String, _ extra: [(String, JSONValue)] = []) throws -> SurfaceExchange {
        try call("interact", .object(JSONObject([("surface", "main"), ("node", .string(node)), ("gesture", .string(gesture))] + extra)))
    }

    /// The snapshot node `id`, found anywhere in the tree.
    fileprivate func shown(_ id: String) throws -> JSONValue? {
        var pending = [try root()]
        while let node = pending.popLast() {
            if node["id"] == .string(id) { return node }
            pending += node["children"]?.arrayValue ?? []
        }
        return nil
    }
}

@Suite("View events: the events member", .timeLimit(.minutes(20)))
struct ViewEventsMemberTests {
    @Test func aNameTheViewDoesNotHaveIsAnErrorAtItsPlace() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.node("VStack", children: [view("TextField", events: ["onSubmit", "onChangeTxt"])]))
        #expect(answer.errorCode == -32602)
        #expect(answer.error?["data"] == [
            "path": "root.children[0].events[1]", "expected": "one of onTextChange, onSubmit, onChangeText", "got": "onChangeTxt",
            "known": ["onTextChange", "onSubmit", "onChangeText"], "suggestion": "onChangeText",
        ])
        #expect(answer.errorMessage?.contains("did you mean 'onChangeText'") == true)
        // A view without events of its own says so.
        let text = try client.mount("main", view("Text", events: ["onPress"]))
        #expect(text.errorPath == "root.events[0]")
        #expect(text.error?["data"]?["expected"] == "no events (a Text has none)")
        #expect(text.error?["data"]?["known"] == [])
        #expect(try client.snapshot().errorPath == "surface")
    }

    @Test func theMemberIsAnArrayOfDistinctStrings() throws {
        let client = try SurfaceClient.initialized()
        let notArray = try client.mount("main", .object(JSONObject([("type", "Button"), ("events", "onPress")])))
        #expect(notArray.error?["data"] == ["path": "root.events", "expected": "array", "got": "string"])
        let notString = try client.mount("main", .object(JSONObject([("type", "Button"), ("events", [1])])))
        #expect(notString.error?["data"] == ["path": "root.events[0]", "expected": "string", "got": "number"])
        let twice = try client.mount("main", view("Button", events: ["onPress", "onPress"]))
        #expect(twice.error?["data"] == ["path": "root.events[1]", "expected": "distinct event names", "got": "onPress"])
        // null counts as absent; an empty array is no events.
        try client.ok(client.mount("main", .object(JSONObject([("type", "Button"), ("key", "b"), ("events", .null)]))))
        #expect(try client.act("b", "tap").result?["handled"] == false)
        try client.ok(client.update("main", view("Button", key: "b", events: [])))
        #expect(try client.root()["events"] == nil)
    }

    @Test func changingOnlyEventsKeepsTheNodeAndItsModifiers() throws {
        let client = try SurfaceClient.initialized()
        let field = { (events: [String]) in view("TextField", key: "f", events: events, modifiers: [submit("f")]) }
        try client.ok(client.mount("main", field([])))
        try client.ok(client.act("f", "type", [("text", "kept")]))
        let counts = try client.ok(client.update("main", field(["onChangeText", "onSubmit"])))
        #expect(counts == ["created": 0, "updated": 0, "unchanged": 1, "removed": 0])
        let root = try client.root()
        #expect(root["value"] == "kept")
        #expect(root["events"] == ["onChangeText", "onSubmit"])
    }
}

@Suite("View events: Button", .timeLimit(.minutes(20)))
struct ButtonEventTests {
    @Test func aTapOnAButtonPerformsItsActionBeforeTheResponse() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("Button", key: "b", props: [("label", "Go")], events: ["onPress"])))
        let answer = try client.act("b", "tap")
        #expect(answer.result == ["handled": true, "node": "b", "view": "Button"])
        #expect(answer.events == [viewEvent("b", "Button", "onPress")])
        #expect(answer.events.first?["modifier"] == nil)
        // The event frame comes before the response frame.
        #expect(answer.frames.count == 2 && answer.frames.first?["method"] == "event")
    }

    @Test func aTapOnTheContentOfAButtonPerformsIt() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("Button", key: "b", events: ["onPress"], children: [J.text("Go", key: "label")])))
        let answer = try client.act("label", "tap")
        #expect(answer.result == ["handled": true, "node": "b", "view": "Button"])
        #expect(names(answer) == ["Button.onPress"])
    }

    @Test func theButtonsActionWinsOverTapHandlersAroundIt() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("VStack", key: "v", modifiers: [tap("outer")], children: [
            view("Button", key: "b", events: ["onPress"], children: [J.text("Go", key: "label")]),
        ])))
        #expect(names(try client.act("label", "tap")) == ["Button.onPress"])
        #expect(names(try client.act("b", "tap")) == ["Button.onPress"])
    }

    @Test func aTapHandlerOnTheButtonItselfOrItsContentWinsOverItsAction() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("Button", key: "b", events: ["onPress"], modifiers: [tap("own")], children: [
            J.text("Go", key: "label"), J.text("Inner", key: "inner", modifiers: [tap("inner")]),
        ])))
        let own = try client.act("label", "tap")
        #expect(names(own) == ["interactionTap:own"])
        #expect(own.result == ["handled": true, "node": "b", "modifier": 0])
        #expect(names(try client.act("inner", "tap")) == ["interactionTap:inner"])
    }

    @Test func aButtonWithoutAnActionKeepsTodaysBehaviour() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("VStack", key: "v", modifiers: [tap("outer")], children: [
            view("Button", key: "b", events: [], children: [J.text("Go")]),
        ])))
        let answer = try client.act("b", "tap")
        #expect(names(answer) == ["interactionTap:outer"])
        #expect(answer.result?["node"] == "v")
    }

    @Test func aDoubleTapPassesOverTheButtonsAction() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("VStack", key: "v", modifiers: [tap("double", count: 2)], children: [
            view("Button", key: "b", events: ["onPress"]),
        ])))
        #expect(names(try client.act("b", "tap", [("count", 2)])) == ["interactionTap:double"])
        // No count-3 handler anywhere: the reason names what was passed over.
        let triple = try client.act("b", "tap", [("count", 3)])
        #expect(triple.result?["handled"] == false)
        #expect(triple.result?["reason"]?.stringValue?.contains("the Button 'b' itself takes 1") == true)
    }

    @Test func aDisabledOrHiddenButtonDoesNothing() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("VStack", children: [
            view("Button", key: "off", events: ["onPress"], modifiers: [disabled]),
            view("Button", key: "gone", events: ["onPress"], modifiers: [hidden]),
            view("HStack", modifiers: [disabled], children: [view("Button", key: "inside", events: ["onPress"])]),
        ])))
        for node in ["off", "gone", "inside"] {
            let answer = try client.act(node, "tap")
            #expect(answer.result?["handled"] == false, "\(node)")
            #expect(answer.events.isEmpty, "\(node)")
        }
    }
}

@Suite("View events: Toggle", .timeLimit(.minutes(20)))
struct ToggleEventTests {
    @Test func aTapFlipsTheToggleAndSendsTheNewValue() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("Toggle", key: "t", props: [("label", "Wi-Fi")], events: ["onValueChange"])))
        #expect(try client.root()["value"] == false)
        let answer = try client.act("t", "tap")
        #expect(answer.result == ["handled": true, "node": "t", "view": "Toggle", "value": true])
        #expect(answer.events == [viewEvent("t", "Toggle", "onValueChange", value: true)])
        #expect(try client.root()["value"] == true)
        #expect(try client.act("t", "tap").events == [viewEvent("t", "Toggle", "onValueChange", value: false)])
    }

    @Test func aToggleAlwaysTakesTheTapEvenUnheard() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("VStack", modifiers: [tap("outer")], children: [view("Toggle", key: "t", props: [("isOn", true)])])))
        let answer = try client.act("t", "tap")
        #expect(answer.result == ["handled": true, "node": "t", "view": "Toggle", "value": false])
        #expect(answer.events.isEmpty)
    }

    @Test func theFrontEndsNextUpdateDecidesTheValue() throws {
        let client = try SurfaceClient.initialized()
        let toggle = { (isOn: Bool) in view("Toggle", key: "t", props: [("isOn", .bool(isOn))], events: ["onValueChange"]) }
        try client.ok(client.mount("main", toggle(false)))
        try client.ok(client.act("t", "tap"))
        #expect(try client.root()["value"] == true)
        // A front-end that did not store the change sends the old value: it snaps back.
        try client.ok(client.update("main", toggle(false)))
        #expect(try client.root()["value"] == false)
        try client.ok(client.update("main", toggle(true)))
        #expect(try client.root()["value"] == true)
    }

    @Test func aDisabledToggleDoesNotFlip() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("Toggle", key: "t", events: ["onValueChange"], modifiers: [disabled])))
        let answer = try client.act("t", "tap")
        #expect(answer.result?["handled"] == false)
        #expect(answer.events.isEmpty)
        #expect(try client.root()["value"] == false)
    }

    @Test func isOnMustBeABoolean() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", view("VStack", children: [view("Toggle", props: [("isOn", "yes")])]))
        #expect(answer.error?["data"] == ["path": "root.children[0].props.isOn", "expected": "boolean", "got": "string"])
    }
}

@Suite("View events: TextField", .timeLimit(.minutes(20)))
struct TextFieldEventTests {
    @Test func typingAppendsOrReplacesAndSendsTheText() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("TextField", key: "f", props: [("defaultValue", "ab")], events: ["onChangeText"])))
        #expect(try client.root()["value"] == "ab")
        let typed = try client.act("f", "type", [("text", "c")])
        #expect(typed.result == ["handled": true, "node": "f", "view": "TextField", "value": "abc"])
        #expect(typed.events == [viewEvent("f", "TextField", "onChangeText", value: "abc")])
        let replaced = try client.act("f", "type", [("text", "new"), ("replace", true)])
        #expect(replaced.result?["value"] == "new")
        #expect(try client.root()["value"] == "new")
    }

    @Test func aFieldNotListeningTakesTheTextSilently() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("TextField", key: "f")))
        let typed = try client.act("f", "type", [("text", "x")])
        #expect(typed.result?["value"] == "x")
        #expect(typed.events.isEmpty)
    }

    @Test func theFieldKeepsItsTextAcrossUpdates() throws {
        let client = try SurfaceClient.initialized()
        let field = { (key: String, initial: String) in view("VStack", children: [view("TextField", key: key, props: [("defaultValue", .string(initial))])]) }
        try client.ok(client.mount("main", field("f", "one")))
        try client.ok(client.act("f", "type", [("text", "!")]))
        // defaultValue counts only when the field enters the tree.
        try client.ok(client.update("main", field("f", "two")))
        #expect(try client.shown("f")?["value"] == "one!")
        // Another key is another field: it starts from its defaultValue.
        try client.ok(client.update("main", field("g", "two")))
        #expect(try client.shown("g")?["value"] == "two")
    }

    @Test func submitRunsTheFieldsOwnOnSubmitFirst() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("VStack", key: "form", modifiers: [submit("form")], children: [
            view("TextField", key: "f", props: [("defaultValue", "hi")], events: ["onSubmit"], modifiers: [submit("field")]),
        ])))
        let answer = try client.act("f", "submit")
        #expect(names(answer) == [#"TextField.onSubmit="hi""#, "interactionSubmit:field", "interactionSubmit:form"])
        #expect(answer.events.first == viewEvent("f", "TextField", "onSubmit", value: "hi"))
        #expect(answer.result == ["handled": true, "handlers": [
            ["node": "f", "view": "TextField"], ["node": "f", "modifier": 0], ["node": "form", "modifier": 0],
        ]])
    }

    @Test func aFieldsOwnOnSubmitIsEnoughAndNeededWithoutModifiers() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("TextField", key: "f", events: ["onSubmit"])))
        #expect(try client.act("f", "submit").result == ["handled": true, "handlers": [["node": "f", "view": "TextField"]]])
        try client.ok(client.update("main", view("TextField", key: "f", events: ["onChangeText"])))
        let unheard = try client.act("f", "submit")
        #expect(unheard.result?["handled"] == false)
        #expect(unheard.events.isEmpty)
    }

    @Test func typingNeedsAnEnabledVisibleTextField() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("VStack", children: [
            view("TextField", key: "off", events: ["onChangeText"], modifiers: [disabled]),
            view("HStack", modifiers: [hidden], children: [view("TextField", key: "gone", events: ["onChangeText"])]),
            J.text("t", key: "text"),
        ])))
        for node in ["off", "gone", "text"] {
            let answer = try client.act(node, "type", [("text", "x")])
            #expect(answer.result?["handled"] == false, "\(node)")
            #expect(answer.events.isEmpty, "\(node)")
        }
        #expect(try client.shown("off")?["value"] == "")
        // Submit follows the same rule.
        #expect(try client.act("off", "submit").result?["handled"] == false)
    }

    @Test func typeParamsAreChecked() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("TextField", key: "f")))
        #expect(try client.act("f", "type").error?["data"] == ["path": "text", "expected": "string", "got": "nothing"])
        #expect(try client.act("f", "type", [("text", "x"), ("replace", "yes")]).error?["data"] == ["path": "replace", "expected": "boolean", "got": "string"])
        let defaultValue = try client.mount("other", view("TextField", props: [("defaultValue", 5)]))
        #expect(defaultValue.error?["data"] == ["path": "root.props.defaultValue", "expected": "string", "got": "number"])
    }
}

@Suite("View events: Slider", .timeLimit(.minutes(20)))
struct SliderEventTests {
    @Test func slidingClampsRoundsToTheStepAndSendsTheValue() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("Slider", key: "s", props: [("value", 0.2), ("step", 0.1)], events: ["onValueChange"])))
        #expect(try client.root()["value"] == 0.2)
        let slid = try client.act("s", "slide", [("value", 0.34)])
        #expect(slid.result == ["handled": true, "node": "s", "view": "Slider", "value": 0.3])
        #expect(slid.events == [viewEvent("s", "Slider", "onValueChange", value: 0.3)])
        #expect(try client.act("s", "slide", [("value", 7)]).result?["value"] == 1)
        #expect(try client.act("s", "slide", [("value", -3)]).result?["value"] == 0)
        #expect(try client.root()["value"] == 0)
    }

    @Test func aStepThatDoesNotReachMaxStopsBelowIt() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("Slider", key: "s", props: [("min", 10), ("max", 20), ("step", 3)])))
        #expect(try client.root()["value"] == 10)
        #expect(try client.act("s", "slide", [("value", 20)]).result?["value"] == 19)
        #expect(try client.act("s", "slide", [("value", 14.4)]).result?["value"] == 13)
        // Without a step, any value in range.
        try client.ok(client.update("main", view("Slider", key: "s", props: [("min", 10), ("max", 20)])))
        #expect(try client.act("s", "slide", [("value", 14.4)]).result?["value"] == 14.4)
    }

    @Test func theFrontEndsNextUpdateDecidesTheValue() throws {
        let client = try SurfaceClient.initialized()
        let slider = { (value: Double) in view("Slider", key: "s", props: [("value", .double(value))], events: ["onValueChange"]) }
        try client.ok(client.mount("main", slider(0.5)))
        try client.ok(client.act("s", "slide", [("value", 0.75)]))
        #expect(try client.root()["value"] == 0.75)
        try client.ok(client.update("main", slider(0.5)))
        #expect(try client.root()["value"] == 0.5)
        // A value out of range shows clamped.
        try client.ok(client.update("main", slider(4)))
        #expect(try client.root()["value"] == 1)
    }

    @Test func aDisabledSliderAndOtherViewsDoNotSlide() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("VStack", children: [
            view("Slider", key: "s", events: ["onValueChange"], modifiers: [disabled]), view("Toggle", key: "t"),
        ])))
        for node in ["s", "t"] {
            let answer = try client.act(node, "slide", [("value", 0.5)])
            #expect(answer.result?["handled"] == false, "\(node)")
            #expect(answer.events.isEmpty, "\(node)")
        }
    }

    @Test func propsAndParamsAreChecked() throws {
        let client = try SurfaceClient.initialized()
        let cases: [([(String, JSONValue)], JSONValue)] = [
            ([("min", 2), ("max", 1)], ["path": "root.props.max", "expected": "a number >= 2", "got": "1"]),
            ([("step", -0.5)], ["path": "root.props.step", "expected": "a number >= 0", "got": "-0.5"]),
            ([("value", "half")], ["path": "root.props.value", "expected": "number", "got": "string"]),
        ]
        for (props, data) in cases {
            #expect(try client.mount("main", view("Slider", props: props)).error?["data"] == data)
        }
        try client.ok(client.mount("main", view("Slider", key: "s")))
        #expect(try client.act("s", "slide").error?["data"] == ["path": "value", "expected": "number", "got": "nothing"])
    }
}

@Suite("View events: snapshot and describe", .timeLimit(.minutes(20)))
struct ViewInfoTests {
    @Test func theSnapshotShowsEventsThenValueAfterProps() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", view("Toggle", key: "t", props: [("label", "On")], events: ["onValueChange"], modifiers: [tap("x")])))
        let root = try client.root()
        #expect(root.objectValue?.keys.prefix(6) == ["type", "id", "key", "props", "events", "value"])
        #expect(root["events"] == ["onValueChange"])
        // Views that show no value have none.
        try client.ok(client.mount("plain", view("Button", events: ["onPress"])))
        #expect(try client.root("plain")["value"] == nil)
    }

    @Test func viewInfoGivesEachViewsChildrenPropsAndEvents() throws {
        let client = SurfaceClient(host: Host(registry: .tests))
        let initialized = try #require(client.call("initialize", ["protocolVersion": 1]).result)
        let described = try #require(client.call("describe").result)
        #expect(initialized["viewInfo"] == described["viewInfo"])
        let infos = try #require(described["viewInfo"]?.arrayValue)
        #expect(infos.map { $0["name"] } == described["views"]?.arrayValue)
        #expect(described["views"]?.arrayValue?.suffix(2) == ["Toggle", "Slider"])
        let byName = Dictionary(uniqueKeysWithValues: infos.map { ($0["name"]?.stringValue ?? "", $0) })
        #expect(byName["Button"]?["children"] == true)
        #expect(byName["Button"]?["events"] == ["onPress": ["type": "object", "properties": [:], "required": []]])
        #expect(byName["TextField"]?["events"]?.objectValue?.keys == ["onTextChange", "onSubmit", "onChangeText"])
        #expect(byName["TextField"]?["events"]?["onTextChange"] == ["type": "object", "properties": ["value": ["type": "string"]], "required": ["value"]])
        // SDK 58's names first, each with its payload's member; the older name keeps its own.
        #expect(byName["Toggle"]?["events"]?.objectValue?.keys == ["onIsOnChange", "onValueChange"])
        #expect(byName["Toggle"]?["events"]?["onIsOnChange"] == ["type": "object", "properties": ["isOn": ["type": "boolean"]], "required": ["isOn"]])
        #expect(byName["Toggle"]?["events"]?["onValueChange"]?["properties"]?["value"] == ["type": "boolean"])
        #expect(byName["Slider"]?["events"]?.objectValue?.keys == ["onValueChange", "onEditingChanged"])
        #expect(byName["Slider"]?["events"]?["onEditingChanged"]?["properties"] == ["isEditing": ["type": "boolean"]])
        #expect(byName["Slider"]?["props"]?["properties"]?.objectValue?.keys == ["value", "min", "max", "step", "testID"])
        #expect(byName["Slider"]?["children"] == false)
        #expect(byName["Text"]?["events"] == [:])
        #expect(byName["Text"]?["props"]?["properties"]?.objectValue?.keys == ["text", "size", "weight", "design", "color", "lineLimit", "markdownEnabled", "testID"])
        #expect(byName["Image"]?["events"]?.objectValue?.keys == ["onPress"])
        #expect(byName["Button"]?["props"]?["properties"]?["role"] == ["enum": ["default", "cancel", "destructive", "close"]])
    }
}

@Suite("View events: observers", .timeLimit(.minutes(20)))
struct ViewEventObserverTests {
    @Test func aWatchersGestureSendsTheViewEventToTheOwnerAndTheNewValueToWatchers() throws {
        let host = Host(configuration: HostConfiguration(ownerUID: 1000), registry: .tests)
        let app = try SurfaceClient.initialized(host: host, peer: "app", pid: 42, peerUID: 1000, clientName: "app")
        try app.ok(app.mount("main", view("TextField", key: "f", events: ["onChangeText"])))
        let watcher = try SurfaceClient.initialized(host: host, peer: "watcher", pid: 41, peerUID: 1000, clientName: "inspector")
        try watcher.ok(watcher.call("watch", ["topics": ["surfaces"]]))
        watcher.pushed.removeAll()
        let typed = try watcher.call("interact", [
            "connection": .int(app.session.connectionID), "surface": "main", "node": "f", "gesture": "type", "text": "hi",
        ])
        #expect(typed.result?["value"] == "hi")
        #expect(typed.events.isEmpty)
        // The owner gets exactly the event its own gesture would have caused.
        #expect(app.pushed.filter { $0["method"] == "event" }.compactMap { $0["params"] } == [viewEvent("f", "TextField", "onChangeText", value: "hi")])
        // The watcher's copy of the tree shows the new value.
        let trees = typed.notifications.compactMap { $0["params"] }.filter { $0["method"] == "surface" }
        #expect(trees.last?["params"]?["root"]?["value"] == "hi")
    }
}
