@_spi(ModhostHost) import ModhostCore
import ModhostWire
@_spi(ModhostHost) import ModifierKit
import RatingFixture
import Testing

// Views from plugins (issue 42): issue 42's Rating view and a view with state and every
// control (RatingFixture), added to a host as the plugin loader adds them, then mounted,
// updated, snapshotted and tapped through the protocol.

/// A client on a new host serving the fixture's two views (from the plugin `rating-tests`).
private func client(strictParams: Bool = false) throws -> SurfaceClient {
    let host = Host(registry: .tests)
    let rating = RatingModule(appContext: host.appContext(forPlugin: "rating-tests"))
    host.addModule(rating, definition: rating.definition(), name: "Rating", plugin: "rating-tests")
    let panel = PanelModule(appContext: host.appContext(forPlugin: "rating-tests"))
    host.addModule(panel, definition: panel.definition(), name: "Panel", plugin: "rating-tests")
    let client = SurfaceClient(host: host)
    var params = JSONObject([("protocolVersion", 1), ("client", ["name": "plugin-view-tests", "version": "1"])])
    if strictParams { params["strictParams"] = true }
    try client.ok(try client.call("initialize", .object(params)))
    return client
}

private func rating(key: String = "r", value: Int = 2, max: Int = 3, label: String = "Stars", events: [String] = ["onValueChange"], extra: [(String, JSONValue)] = []) -> JSONValue {
    var props = JSONObject([("value", .int(Int64(value))), ("max", .int(Int64(max))), ("label", .string(label))])
    for (name, value) in extra { props[name] = value }
    return ["type": "Rating", "key": .string(key), "props": .object(props), "events": .array(events.map { .string($0) })]
}

private func panel(title: String = "Settings", children: [JSONValue] = []) -> JSONValue {
    ["type": "Panel", "key": "p", "props": ["title": .string(title)], "events": ["onCommit"], "children": .array(children)]
}

extension SurfaceClient {
    fileprivate func act(_ node: String, _ gesture: String, _ extra: [(String, JSONValue)] = []) throws -> SurfaceExchange {
        try call("interact", .object(JSONObject([("surface", "main"), ("node", .string(node)), ("gesture", .string(gesture))] + extra)))
    }
}

/// The system images a Rating's body shows, in order.
private func stars(_ node: JSONValue) -> [String] {
    (node["body"]?["children"]?.arrayValue ?? []).dropFirst().compactMap { $0["children"]?[0]?["props"]?["systemName"]?.stringValue }
}

@Suite struct PluginViewTests {
    @Test func aPluginViewIsDescribedWithItsPluginPropsAndEvents() throws {
        let client = try client()
        let describe = try client.ok(try client.call("describe"))
        let views = describe["views"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(views.contains("Rating") && views.contains("Panel") && views.contains("Text"))
        let info = try #require(describe["viewInfo"]?.arrayValue?.first { $0["name"] == "Rating" })
        #expect(info["plugin"] == "rating-tests")
        #expect(info["module"] == "Rating")
        #expect(info["typeName"] == "RatingView")
        #expect(info["props"]?["properties"]?.objectValue?.keys == ["value", "max", "label", "testID"])
        #expect(info["props"]?["properties"]?["value"]?["type"] == "integer")
        #expect(info["events"]?.objectValue?.keys == ["onValueChange"])
    }

    @Test func mountingARatingShowsItsPropsAndEvaluatedBody() throws {
        let client = try client()
        try client.ok(try client.mount("main", rating()))
        let root = try client.root()
        #expect(root["type"] == "Rating")
        #expect(root["id"] == "r")
        #expect(root["props"]?["label"] == "Stars")
        #expect(root["events"] == ["onValueChange"])
        let body = try #require(root["body"])
        #expect(body["type"] == "HStack")
        #expect(body["element"] == "0")
        #expect(body["children"]?[0] == ["type": "Text", "element": "0/0", "props": ["text": "Stars"]])
        #expect(body["children"]?[1]?["type"] == "Button")
        #expect(body["children"]?[1]?["element"] == "0/1")
        #expect(stars(root) == ["star.fill", "star.fill", "star"])
    }

    @Test func tappingAStarSendsTheEventToTheOwnerAndAnUpdateShowsTheNewValue() throws {
        let client = try client()
        try client.ok(try client.mount("main", rating()))
        let tap = try client.act("r", "tap", [("element", "0/3")])
        #expect(try client.ok(tap) == ["handled": true, "node": "r", "element": "0/3", "view": "Button"])
        #expect(tap.events == [["surface": "main", "node": "r", "view": "Rating", "payload": ["onValueChange": ["value": 3]]]])
        // The front-end owns the value: the rating changes when it sends it.
        #expect(stars(try client.root()) == ["star.fill", "star.fill", "star"])
        let update = try client.update("main", rating(value: 3))
        try client.ok(update)
        #expect(stars(try client.root()) == ["star.fill", "star.fill", "star.fill"])
    }

    @Test func anEventTheFrontEndDoesNotListenToIsNotSent() throws {
        let client = try client()
        try client.ok(try client.mount("main", rating(events: [])))
        let tap = try client.act("r", "tap", [("element", "0/1")])
        #expect(try client.ok(tap)["handled"] == true)
        #expect(tap.events.isEmpty)
    }

    @Test func badPropsNameTheirPlaceAndUnknownOnesAreReported() throws {
        let client = try client()
        let bad = try client.mount("main", ["type": "Rating", "props": ["value": "three"]])
        #expect(bad.errorCode == -32602)
        #expect(bad.errorPath == "root.props.value")
        #expect(bad.error?["data"]?["expected"] == "Int")

        let misspelt = try client.mount("main", rating(extra: [("lable", "x")]))
        try client.ok(misspelt)
        let warning = try #require(misspelt.diagnostics.first { $0["code"] == "unknown-prop" })
        #expect(warning["path"] == "root.props.lable")
        #expect(warning["suggestion"] == "label")

        let testID = try client.update("main", rating(extra: [("testID", "stars")]))
        try client.ok(testID)
        #expect(testID.diagnostics.isEmpty, "testID is a prop of every view: \(testID.diagnostics)")

        let events = try client.update("main", rating(events: ["onValueChanged"]))
        #expect(events.errorPath == "root.events[0]")
        #expect(events.error?["data"]?["suggestion"] == "onValueChange")

        let unknown = try client.update("main", ["type": "Ratting"])
        #expect(unknown.errorPath == "root.type")
        #expect(unknown.error?["data"]?["suggestion"] == "Rating")
    }

    @Test func strictParamsRefuseAnUnknownProp() throws {
        let client = try client(strictParams: true)
        let misspelt = try client.mount("main", rating(extra: [("lable", "x")]))
        #expect(misspelt.errorCode == -32602)
        #expect(misspelt.errorPath == "root.props.lable")
    }

    @Test func stateLivesWithTheNodeAcrossUpdatesAndGoesWithIt() throws {
        let client = try client()
        try client.ok(try client.mount("main", panel()))
        // The Toggle flips its @State; the body shows it, and enables the Count button.
        let flip = try client.act("p", "tap", [("element", "0/1")])
        #expect(try client.ok(flip)["value"] == true)
        let refused = try client.act("p", "tap", [("element", "0/4")])
        #expect(try client.ok(refused)["handled"] == false, "Count is disabled until the toggle is on: the tap above reached the toggle only")
        var body = try #require(try client.root()["body"])
        #expect(body["children"]?[1]?["props"]?["isOn"] == true)
        #expect(body["children"]?[5]?["disabled"] == nil)
        try client.ok(try client.act("p", "tap", [("element", "0/5")]))
        try client.ok(try client.act("p", "tap", [("element", "0/5")]))
        #expect(try client.root()["body"]?["children"]?[0]?["props"]?["text"] == "Settings: 2 taps")

        // New props make a new view: the state stays.
        try client.ok(try client.update("main", panel(title: "Prefs")))
        body = try #require(try client.root()["body"])
        #expect(body["children"]?[0]?["props"]?["text"] == "Prefs: 2 taps")
        #expect(body["children"]?[1]?["props"]?["isOn"] == true)

        // A node that leaves the tree takes its state with it.
        try client.ok(try client.update("main", ["type": "VStack", "children": [["type": "Text", "props": ["text": "gone"]]]]))
        try client.ok(try client.update("main", panel()))
        body = try #require(try client.root()["body"])
        #expect(body["children"]?[0]?["props"]?["text"] == "Settings: 0 taps")
        #expect(body["children"]?[1]?["props"]?["isOn"] == false)
    }

    @Test func typingSubmittingSlidingAndPickingActOnTheirBindings() throws {
        let client = try client()
        try client.ok(try client.mount("main", panel()))
        #expect(try client.ok(try client.act("p", "type", [("element", "0/2"), ("text", "Al")]))["value"] == "Al")
        #expect(try client.ok(try client.act("p", "type", [("element", "0/2"), ("text", "i")]))["value"] == "Ali")
        #expect(try client.ok(try client.act("p", "type", [("element", "0/2"), ("text", "Ada"), ("replace", true)]))["value"] == "Ada")
        let submit = try client.act("p", "submit", [("element", "0/2")])
        try client.ok(submit)
        #expect(submit.events.first?["payload"] == ["onCommit": ["name": "Ada", "enabled": false]])
        #expect(try client.ok(try client.act("p", "slide", [("element", "0/3"), ("value", 3.3)]))["value"] == 3.5)
        #expect(try client.ok(try client.act("p", "slide", [("element", "0/3"), ("value", 99)]))["value"] == 10)
        try client.ok(try client.act("p", "tap", [("element", "0/4/1")]))
        let body = try #require(try client.root()["body"])
        #expect(body["children"]?[2]?["props"]?["text"] == "Ada")
        #expect(body["children"]?[3]?["props"]?["value"] == 10)
        #expect(body["children"]?[4]?["props"]?["selection"] == "large")
        #expect(body["children"]?[4]?["children"]?[1]?["props"]?["selected"] == true)
        #expect(body["children"]?[4]?["children"]?[0]?["props"]?["selected"] == false)

        let wrong = try client.act("p", "slide", [("element", "0/1"), ("value", 1)])
        #expect(try client.ok(wrong)["handled"] == false)
        #expect(try client.ok(wrong)["reason"]?.stringValue?.contains("a Toggle does not slide") == true)
        let missing = try client.act("p", "tap", [("element", "0/9")])
        #expect(missing.errorPath == "element")
    }

    @Test func childrenArePlacedAndAddressedAsNodes() throws {
        let client = try client()
        try client.ok(try client.mount("main", panel(children: [["type": "Text", "key": "note", "props": ["text": "hi"]]])))
        let root = try client.root()
        #expect(root["children"]?[0]?["id"] == "note")
        #expect(root["body"]?["children"]?[6]?["type"] == "Children")
    }

    @Test func aKeyedPluginViewKeepsItsStateWhenItMoves() throws {
        let client = try client()
        let keyed = ["type": "Panel", "key": "p", "props": ["title": "A"]] as JSONValue
        try client.ok(try client.mount("main", ["type": "VStack", "children": [keyed]]))
        try client.ok(try client.act("p", "tap", [("element", "0/1")]))
        try client.ok(try client.update("main", ["type": "VStack", "children": [["type": "Text", "props": ["text": "first"]], keyed]]))
        let moved = try #require(try client.root()["children"]?[1])
        #expect(moved["id"] == "p")
        #expect(moved["body"]?["children"]?[1]?["props"]?["isOn"] == true)
    }

    @Test func modifiersApplyToAPluginView() throws {
        let client = try client()
        let node = ["type": "Rating", "key": "r", "modifiers": [["$type": .string(InteractionTypes.state), "disabled": true]]] as JSONValue
        let mounted = try client.mount("main", node)
        try client.ok(mounted)
        let root = try client.root()
        #expect(root["disabled"] == true)
        let tap = try client.act("r", "tap", [("element", "0/1")])
        #expect(try client.ok(tap)["handled"] == false)
    }
}

/// A view whose name is one of the host's own: nodes of type `Text` stay the host's.
private final class ShadowedTextProps: ExpoSwiftUI.ViewProps {
    @Field var text: String = ""
    required init() {}
}

private struct TextView: ExpoSwiftUI.View {
    let props: ShadowedTextProps
    init(props: ShadowedTextProps) { self.props = props }
    var body: some View { Text("plugin: " + props.text) }
}

private final class ShadowingModule: Module {
    func definition() -> ModuleDefinition {
        Name("Shadowing")
        View(TextView.self)
    }
}

@Suite struct ShadowedPluginViewTests {
    @Test func aViewNamedLikeAHostViewIsReportedAndTheHostsViewServes() throws {
        let host = Host(registry: .tests)
        let module = ShadowingModule(appContext: host.appContext(forPlugin: "shadowing"))
        host.addModule(module, definition: module.definition(), name: "Shadowing", plugin: "shadowing")
        let problems = host.describeRegistrations(ofPlugin: "shadowing")
        #expect(problems.count == 1)
        #expect(problems.first?.contains("view 'Text' (TextView, module Shadowing) is hidden by the host's own view 'Text'") == true, "\(problems)")
        let client = SurfaceClient(host: host)
        try client.ok(try client.call("initialize", ["protocolVersion": 1]))
        try client.ok(try client.mount("main", ["type": "Text", "props": ["text": "hi"]]))
        let root = try client.root()
        #expect(root["body"] == nil, "the host's Text, not the plugin's")
        let describe = try client.ok(try client.call("describe"))
        #expect(describe["views"]?.arrayValue?.filter { $0 == "Text" }.count == 1)
    }
}

/// A client on a host serving the fixture's Card view (a slot prop, `header`).
private func cardClient() throws -> SurfaceClient {
    let host = Host(registry: .tests)
    let module = CaptionModule(appContext: host.appContext(forPlugin: "rating-tests"))
    host.addModule(module, definition: module.definition(), name: "Caption", plugin: "rating-tests")
    let client = SurfaceClient(host: host)
    try client.ok(try client.call("initialize", ["protocolVersion": 1]))
    return client
}

private func card(header: JSONValue?, title: String = "Inbox", children: [JSONValue] = []) -> JSONValue {
    var props = JSONObject([("title", .string(title))])
    if let header { props["header"] = header }
    return ["type": "Card", "key": "c", "props": .object(props), "children": .array(children)]
}

@Suite struct PluginViewSlotTests {
    /// A patch that sets a Card's props rebuilds its slot from them; one that leaves the props
    /// alone keeps the slot's view; either way the tree is a whole-tree update's. A slot's view
    /// itself is not named by an op.
    @Test func patchesSetASlotThroughItsOwnersProps() throws {
        let patched = try cardClient()
        let whole = try cardClient()
        let go: JSONValue = ["type": "Button", "key": "go", "props": ["label": "Go"], "events": ["onPress"]]
        let stop: JSONValue = ["type": "Text", "key": "stop", "props": ["text": "Stop"]]
        let root: JSONValue = ["type": "VStack", "key": "v", "children": [card(header: go)]]
        for client in [patched, whole] { try client.ok(try client.mount("main", root)) }
        func both(_ ops: [JSONValue], _ tree: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let viaPatch = try patched.call("update", ["surface": "main", "patch": .array(ops)])
            let viaWhole = try whole.update("main", tree)
            #expect(viaPatch.result != nil && viaPatch.result == viaWhole.result, "\(String(describing: viaPatch.response))", sourceLocation: sourceLocation)
            #expect(try patched.root() == whole.root(), sourceLocation: sourceLocation)
        }
        try both([["op": "set", "node": "c", "props": ["title": "Mail", "header": stop]]], ["type": "VStack", "key": "v", "children": [card(header: stop, title: "Mail")]])
        try both(
            [["op": "set", "node": "c", "modifiers": [["$type": .string(SurfaceTestTypes.deferred), "tag": "x"]]]],
            ["type": "VStack", "key": "v", "children": [["type": "Card", "key": "c", "props": ["title": "Mail", "header": stop], "modifiers": [["$type": .string(SurfaceTestTypes.deferred), "tag": "x"]]]]])
        #expect(try patched.root()["children"]?[0]?["slots"]?["header"]?["id"] == "stop")
        let named = try patched.call("update", ["surface": "main", "patch": [["op": "set", "node": "stop", "props": ["text": "x"]]]])
        #expect(named.errorPath == "patch[0].node")
        #expect(named.errorMessage?.contains("slot") == true)
        #expect(try patched.call("update", ["surface": "main", "patch": [["op": "remove", "node": "0/0/header"]]]).errorPath == "patch[0].node")
    }

    @Test func aSlotPropHoldsANodeShownUnderSlotsAndPlacedInTheBody() throws {
        let client = try cardClient()
        let info = try #require(try client.ok(try client.call("describe"))["viewInfo"]?.arrayValue?.first { $0["name"] == "Card" })
        #expect(info["slots"] == ["header"])
        try client.ok(try client.mount("main", card(header: ["type": "Text", "key": "h", "props": ["text": "Header"]], children: [["type": "Text", "props": ["text": "child"]]])))
        let root = try client.root()
        #expect(root["props"] == ["title": "Inbox"], "the slot prop is not among the props")
        #expect(root["slots"]?["header"]?["id"] == "h")
        #expect(root["slots"]?["header"]?["props"]?["text"] == "Header")
        #expect(root["children"]?[0]?["props"]?["text"] == "child")
        #expect(root["body"]?["children"]?[0] == ["type": "Slot", "element": "0/0", "props": ["name": "header", "filled": true]])
        #expect(root["body"]?["children"]?[1]?["props"]?["text"] == "Inbox")
    }

    @Test func anUnkeyedSlotNodeIsNamedByItsSlotAndItsEventsReachTheOwner() throws {
        let client = try cardClient()
        let button: JSONValue = ["type": "Button", "props": ["label": "Go"], "events": ["onPress"]]
        try client.ok(try client.mount("main", ["type": "VStack", "children": [card(header: button)]]))
        let root = try client.root()
        #expect(root["children"]?[0]?["slots"]?["header"]?["id"] == "0/0/header")
        let tap = try client.call("interact", ["surface": "main", "node": "0/0/header", "gesture": "tap"])
        #expect(try client.ok(tap)["view"] == "Button")
        #expect(tap.events.first?["node"] == "0/0/header")
    }

    @Test func slotErrorsNameTheirPlace() throws {
        let client = try cardClient()
        let notANode = try client.mount("main", card(header: "Header"))
        #expect(notANode.errorPath == "root.props.header")
        #expect(notANode.error?["data"]?["expected"] == "a node object or null")
        let inside = try client.mount("main", card(header: ["type": "Toggle", "props": ["isOn": "yes"]]))
        #expect(inside.errorPath == "root.props.header.props.isOn")
        let unknown = try client.mount("main", card(header: ["type": "Txt"]))
        #expect(unknown.errorPath == "root.props.header.type")
    }

    @Test func aSlotNodeIsReconciledLikeAChildAndLeavesWithItsProp() throws {
        let client = try cardClient()
        let toggle: JSONValue = ["type": "Toggle", "props": ["isOn": false]]
        try client.ok(try client.mount("main", card(header: toggle)))
        // The host shows what the person did until the next update decides (a controlled
        // Toggle): the node, kept by the update, shows its props again.
        try client.ok(try client.call("interact", ["surface": "main", "node": "0/header", "gesture": "tap"]))
        #expect(try client.root()["slots"]?["header"]?["value"] == true)
        let counts = try client.ok(try client.update("main", card(header: toggle, title: "Sent")))
        #expect(counts == ["created": 0, "updated": 0, "unchanged": 0, "removed": 0])
        var root = try client.root()
        #expect(root["slots"]?["header"]?["type"] == "Toggle")
        #expect(root["body"]?["children"]?[1]?["props"]?["text"] == "Sent")
        // Without the prop, the slot is empty and its node gone.
        try client.ok(try client.update("main", card(header: nil, title: "Sent")))
        root = try client.root()
        #expect(root["slots"] == nil)
        #expect(root["body"]?["children"]?[0]?["type"] == "Text", "the body's `if` left the empty slot out")
        #expect(try client.call("interact", ["surface": "main", "node": "0/header", "gesture": "tap"]).errorPath == "node")
        // null is no view either.
        try client.ok(try client.update("main", card(header: .null)))
        #expect(try client.root()["slots"] == nil)
    }
}

/// Two builds of one plugin's view, as a reload would bring: the same name, other code.
private enum FirstBuild {
    final class ProbeProps: ExpoSwiftUI.ViewProps {
        @Field var label: String = ""
        required init() {}
    }
    struct ProbeView: ExpoSwiftUI.View {
        let props: ProbeProps
        @State private var taps = 0
        init(props: ProbeProps) { self.props = props }
        var body: some View { Button("v1 \(props.label) \(taps)") { taps += 1 } }
    }
    final class ProbeModule: Module {
        func definition() -> ModuleDefinition {
            Name("Probe")
            View(ProbeView.self)
        }
    }
}

private enum SecondBuild {
    final class ProbeProps: ExpoSwiftUI.ViewProps {
        @Field var label: String = ""
        required init() {}
    }
    struct ProbeView: ExpoSwiftUI.View {
        let props: ProbeProps
        @State private var taps = 0
        init(props: ProbeProps) { self.props = props }
        var body: some View { Button("v2 \(props.label) \(taps)") { taps += 1 } }
    }
    final class ProbeModule: Module {
        func definition() -> ModuleDefinition {
            Name("Probe")
            View(ProbeView.self)
        }
    }
}

@Suite struct ReloadedPluginViewTests {
    @Test func aReloadedViewServesItsNewCodeAtTheNextUpdateWithItsStateKept() throws {
        let host = Host(registry: .tests)
        let first = FirstBuild.ProbeModule(appContext: host.appContext(forPlugin: "probe"))
        host.addModule(first, definition: first.definition(), name: "Probe", plugin: "probe")
        let client = SurfaceClient(host: host)
        try client.ok(try client.call("initialize", ["protocolVersion": 1]))
        let node: JSONValue = ["type": "Probe", "key": "p", "props": ["label": "a"]]
        try client.ok(try client.mount("main", node))
        try client.ok(try client.call("interact", ["surface": "main", "node": "p", "gesture": "tap"]))
        #expect(try client.root()["body"]?["children"]?[0]?["props"]?["text"] == "v1 a 1")

        // The plugin is reloaded with new code: the node keeps the old code until the next
        // update, which makes it anew (same props) with the new code and the same state.
        host.removeModules(ofPlugin: "probe", instances: [first])
        let second = SecondBuild.ProbeModule(appContext: host.appContext(forPlugin: "probe"))
        host.addModule(second, definition: second.definition(), name: "Probe", plugin: "probe")
        #expect(try client.root()["body"]?["children"]?[0]?["props"]?["text"] == "v1 a 1")
        try client.ok(try client.update("main", node))
        #expect(try client.root()["body"]?["children"]?[0]?["props"]?["text"] == "v2 a 1")
    }
}

/// A client on a new host serving the fixture's `Choice`, a view whose body is
/// `Picker(selection:) { Children() }`: its node's children are the options.
private func choiceClient() throws -> SurfaceClient {
    let host = Host(registry: .tests)
    let module = ChoiceModule(appContext: host.appContext(forPlugin: "rating-tests"))
    host.addModule(module, definition: module.definition(), name: "Choice", plugin: "rating-tests")
    let client = SurfaceClient(host: host)
    try client.ok(try client.call("initialize", ["protocolVersion": 1]))
    return client
}

private func option(_ key: String, tag: String? = nil, number: Bool = false) -> JSONValue {
    var modifiers: [JSONValue] = []
    if let tag { modifiers.append(["$type": .string(InteractionTypes.tagged), "value": .string(tag), "number": .bool(number)]) }
    return ["type": "Text", "key": .string(key), "props": ["text": .string(key.uppercased())], "modifiers": .array(modifiers)]
}

private func choice(selection: String? = nil, label: JSONValue = "Size", children: [JSONValue]) -> JSONValue {
    var props = JSONObject([("label", label)])
    if let selection { props["selection"] = .string(selection) }
    return ["type": "Choice", "key": "c", "props": .object(props), "events": ["onChoose"], "children": .array(children)]
}

/// The body's Picker element of the Choice `node`.
private func picker(_ node: JSONValue?) -> JSONValue? { node?["body"]?["children"]?[1] }

/// A view whose body puts `Children()` in a `Picker` chooses among its node's children by the
/// tag their modifiers give (issue 43: Expo UI's Picker, options as `tag`ged views).
@Suite struct PickerChildrenTests {
    @Test func aTapOnATaggedChildSelectsItsTag() throws {
        let client = try choiceClient()
        let mounted = try client.mount("main", choice(children: [option("s", tag: "s"), option("m", tag: "m")]))
        try client.ok(mounted)
        #expect(mounted.diagnostics.isEmpty, "\(mounted.diagnostics)")
        var shown = try client.root()
        #expect(picker(shown)?["props"] == ["title": "Choice"], "nothing selected yet: no selection shown")
        #expect(picker(shown)?["children"]?[0]?["type"] == "Children")
        #expect(shown["body"]?["children"]?[0]?["props"] == ["text": "Size"], "a slot's string is shown as a Text")
        #expect(shown["props"]?["label"] == "Size", "and stays a prop of the node")
        #expect(shown["children"]?[1]?["option"] == ["tag": "m", "selected": false], "each child shows its tag")

        let tap = try client.call("interact", ["surface": "main", "node": "m", "gesture": "tap"])
        #expect(try client.ok(tap) == ["handled": true, "node": "c", "view": "Choice", "option": "m", "value": "m"])
        #expect(tap.events.map { $0["payload"] } == [["onChoose": ["selection": "m"]]])
        #expect(tap.events.first?["node"] == "c", "the event is the Picker's view's")
        shown = try client.root()
        #expect(picker(shown)?["props"]?["selection"] == "m", "kept by the view's own state")
        #expect(shown["children"]?.arrayValue?.map { $0["option"]?["selected"] } == [false, true])
    }

    @Test func aControlledPickerShowsItsPropUntilTheFrontEndChangesIt() throws {
        let client = try choiceClient()
        try client.ok(try client.mount("main", choice(selection: "s", children: [option("s", tag: "s"), option("m", tag: "m")])))
        let tap = try client.call("interact", ["surface": "main", "node": "m", "gesture": "tap"])
        #expect(try client.ok(tap)["value"] == "m")
        #expect(picker(try client.root())?["props"]?["selection"] == "s", "the prop wins until an update sends another")
        try client.ok(try client.update("main", choice(selection: "m", children: [option("s", tag: "s"), option("m", tag: "m")])))
        #expect(picker(try client.root())?["props"]?["selection"] == "m")
    }

    @Test func aChildWithoutATagOrWithATagOfAnotherTypeIsNotChosen() throws {
        let client = try choiceClient()
        try client.ok(try client.mount("main", choice(children: [option("plain"), option("one", tag: "1", number: true)])))
        let plain = try client.ok(try client.call("interact", ["surface": "main", "node": "plain", "gesture": "tap"]))
        #expect(plain["handled"] == false)
        #expect(plain["reason"]?.stringValue?.contains("no tag modifier") == true, "\(plain)")
        let number = try client.ok(try client.call("interact", ["surface": "main", "node": "one", "gesture": "tap"]))
        #expect(number["handled"] == false)
        #expect(number["reason"]?.stringValue?.contains("not of the Picker's selection type") == true, "\(number)")
        let shown = try client.root()
        #expect(picker(shown)?["props"]?["selection"] == nil, "nothing was chosen")
        #expect(shown["children"]?[0]?["option"] == [:], "an option without a tag shows an empty one")
        #expect(shown["children"]?[1]?["option"] == ["tag": 1, "selected": false])
    }

    @Test func aTapInsideAnOptionChoosesTheOptionAndAButtonKeepsItsOwnTap() throws {
        let client = try choiceClient()
        let row: JSONValue = ["type": "HStack", "key": "row", "modifiers": [["$type": .string(InteractionTypes.tagged), "value": "row"]], "children": [option("inner")]]
        let button: JSONValue = ["type": "Button", "key": "b", "props": ["label": "Go"], "events": ["onPress"], "modifiers": [["$type": .string(InteractionTypes.tagged), "value": "b"]]]
        try client.ok(try client.mount("main", choice(children: [row, button])))
        #expect(try client.ok(try client.call("interact", ["surface": "main", "node": "inner", "gesture": "tap"]))["option"] == "row")
        let pressed = try client.call("interact", ["surface": "main", "node": "b", "gesture": "tap"])
        #expect(try client.ok(pressed)["view"] == "Button", "a Button's action wins, as in SwiftUI")
        #expect(picker(try client.root())?["props"]?["selection"] == "row")
    }

    @Test func aLabelSlotTakesAViewAndRefusesOtherValues() throws {
        let client = try choiceClient()
        let icon: JSONValue = ["type": "Image", "key": "icon", "props": ["systemName": "ruler"]]
        try client.ok(try client.mount("main", choice(label: icon, children: [option("s", tag: "s")])))
        let shown = try client.root()
        #expect(shown["slots"]?["label"]?["id"] == "icon")
        #expect(shown["props"]?["label"] == nil)
        #expect(shown["body"]?["children"]?[0]?["type"] == "Slot")
        let wrong = try client.mount("other", choice(label: 3, children: []))
        #expect(wrong.errorPath == "root.props.label")
        #expect(wrong.error?["data"]?["expected"] == "a node object, a string or null")
        let infos = try #require(try client.ok(try client.call("describe"))["viewInfo"]?.arrayValue)
        let info = try #require(infos.first { $0["name"] == "Choice" })
        #expect(info["slots"] == ["label"])
        #expect(info["props"]?["properties"]?["label"]?["type"] == "string", "the props schema lists the text a slot takes")
    }
}

/// Where a body places a node decides whether gestures reach it, and the body's own tap
/// gestures around `Children()` or a slot act on taps there (issue 43: Alert, Menu, Group).
@Suite struct BodyPlacementTests {
    private func drawer(children: [JSONValue] = [], events: [JSONValue] = ["onOpenChange"]) -> JSONValue {
        let handle: JSONValue = ["type": "Text", "key": "handle", "props": ["text": "More"]]
        return ["type": "Drawer", "key": "d", "props": ["handle": handle], "events": .array(events), "children": .array(children)]
    }
    private let go: JSONValue = ["type": "Button", "key": "go", "props": ["label": "Go"], "events": ["onPress"]]

    @Test func childrenTheBodyDoesNotPlaceAreNotReached() throws {
        let client = try choiceClient()
        try client.ok(try client.mount("main", drawer(children: [go])))
        let closed = try client.ok(try client.call("interact", ["surface": "main", "node": "go", "gesture": "tap"]))
        #expect(closed["handled"] == false)
        #expect(closed["reason"]?.stringValue?.contains("does not place it now") == true, "\(closed)")
    }

    @Test func aTapOnASlotsNodeRunsTheSimultaneousTapAroundTheSlot() throws {
        let client = try choiceClient()
        try client.ok(try client.mount("main", drawer(children: [go])))
        let opened = try client.call("interact", ["surface": "main", "node": "handle", "gesture": "tap"])
        #expect(try client.ok(opened) == ["handled": true, "node": "d", "view": "Drawer"], "the Text takes no tap: the drawer answers")
        #expect(opened.events.map { $0["payload"] } == [["onOpenChange": ["open": true]]])
        #expect(try client.root()["body"]?["children"]?[1]?["type"] == "Children", "open: the children are placed")
        // A tap on a child runs its own action first, then closes the drawer.
        let pressed = try client.call("interact", ["surface": "main", "node": "go", "gesture": "tap"])
        #expect(try client.ok(pressed) == ["handled": true, "node": "go", "view": "Button"])
        #expect(pressed.events.map { $0["payload"] } == [["onPress": [:]], ["onOpenChange": ["open": false]]])
        #expect(try client.root()["body"]?["children"]?.arrayValue?.count == 1, "closed again")
    }

    @Test func aLongPressOnASlotsNodeRunsTheBodysLongPressWhenItLastsLongEnough() throws {
        let client = try choiceClient()
        try client.ok(try client.mount("main", drawer(events: ["onOpenChange", "onPeek"])))
        let short = try client.ok(try client.call("interact", ["surface": "main", "node": "handle", "gesture": "longPress", "duration": 0.2]))
        #expect(short["handled"] == false)
        let long = try client.call("interact", ["surface": "main", "node": "handle", "gesture": "longPress", "duration": 1])
        #expect(try client.ok(long) == ["handled": true, "node": "d", "view": "Drawer"])
        #expect(long.events.map { $0["payload"] } == [["onPeek": [:]]])
    }

    /// A TabView's tabs: a tap on a tab selects it, and only the selected tab's content is
    /// reached; with no selection, the first tab shows.
    @Test func onlyTheSelectedTabsContentIsReachedAndATapOnATabSelectsIt() throws {
        let client = try choiceClient()
        func page(_ name: String) -> JSONValue {
            ["type": "Page", "key": .string(name), "props": ["name": .string(name)],
             "children": [["type": "Button", "key": .string(name + "-go"), "props": ["label": "Go"], "events": ["onPress"]]]]
        }
        try client.ok(try client.mount("main", ["type": "Pages", "key": "tabs", "children": [page("a"), page("b")]]))
        #expect(try client.root()["children"]?.arrayValue?.map { $0["option"] } == [["tag": "a", "selected": true], ["tag": "b", "selected": false]], "the first tab shows")
        let hidden = try client.ok(try client.call("interact", ["surface": "main", "node": "b-go", "gesture": "tap"]))
        #expect(hidden["handled"] == false)
        #expect(hidden["reason"]?.stringValue?.contains("not the selected tab") == true, "\(hidden)")
        #expect(try client.ok(try client.call("interact", ["surface": "main", "node": "a-go", "gesture": "tap"]))["view"] == "Button")
        let chose = try client.ok(try client.call("interact", ["surface": "main", "node": "b", "gesture": "tap"]))
        #expect(chose == ["handled": true, "node": "tabs", "view": "Pages", "option": "b", "value": "b"])
        #expect(try client.ok(try client.call("interact", ["surface": "main", "node": "b-go", "gesture": "tap"]))["view"] == "Button")
        #expect(try client.ok(try client.call("interact", ["surface": "main", "node": "a-go", "gesture": "tap"]))["handled"] == false)
        // A tap on a tab's content (its title) does not select the tab.
        let title = try client.ok(try client.call("interact", ["surface": "main", "node": "a", "gesture": "tap", "element": "0/0"]))
        #expect(title["handled"] == false)
        #expect(try client.root()["body"]?["props"]?["selection"] == "b")
    }

    @Test func aBodysTapGestureAroundChildrenTakesTapsOnlyWhenItsEventIsListenedTo() throws {
        let client = try choiceClient()
        let text: JSONValue = ["type": "Text", "key": "t", "props": ["text": "Row"]]
        try client.ok(try client.mount("main", ["type": "TapArea", "key": "a", "children": [text]]))
        let unheard = try client.ok(try client.call("interact", ["surface": "main", "node": "t", "gesture": "tap"]))
        #expect(unheard["handled"] == false, "without onPress the area takes no tap")
        try client.ok(try client.update("main", ["type": "TapArea", "key": "a", "events": ["onPress"], "children": [text]]))
        let heard = try client.call("interact", ["surface": "main", "node": "t", "gesture": "tap"])
        #expect(try client.ok(heard) == ["handled": true, "node": "a", "view": "TapArea"], "listening made the view again")
        #expect(heard.events.map { $0["payload"] } == [["onPress": [:]]])
        let twice = try client.ok(try client.call("interact", ["surface": "main", "node": "t", "gesture": "tap", "count": 2]))
        #expect(twice["handled"] == false, "its tap gesture takes one tap")
    }
}
