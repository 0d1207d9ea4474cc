@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

// Views in the host's own views' props (issue 43: "views passed as props refused"): Section's
// `header` and `footer`, Slider's `label`, `minimumValueLabel` and `maximumValueLabel`, Label's
// `icon`, as Expo UI SDK 58 takes them (`header={<Text>…</Text>}`). Each is a node of the tree,
// shown under the node's `slots`, reconciled by its slot, reached by gestures.

private typealias J = SurfaceJSON

private let more: JSONValue = ["type": "Button", "key": "more", "props": ["label": "See all"], "events": ["onPress"]]
private let note: JSONValue = ["type": "Text", "key": "note", "props": ["text": "3 unread"]]
private let row: JSONValue = ["type": "Text", "key": "r1", "props": ["text": "Lunch?"]]

private func section(header: JSONValue?, footer: JSONValue? = nil, title: String? = nil) -> JSONValue {
    var props = JSONObject()
    if let title { props["title"] = .string(title) }
    if let header { props["header"] = header }
    if let footer { props["footer"] = footer }
    return ["type": "List", "key": "list", "children": [["type": "Section", "key": "s", "props": .object(props), "children": [row]]]]
}

@Suite("Slots of the host's views: Section, Slider, Label", .timeLimit(.minutes(20)))
struct HostViewSlotTests {
    @Test func viewInfoListsEachViewsSlots() throws {
        let client = try SurfaceClient.initialized()
        let infos = try #require(try client.ok(try client.call("describe"))["viewInfo"]?.arrayValue)
        func slots(_ name: String) -> JSONValue? { infos.first { $0["name"]?.stringValue == name }?["slots"] }
        #expect(slots("Section") == ["header", "footer"])
        #expect(slots("Slider") == ["label", "minimumValueLabel", "maximumValueLabel"])
        #expect(slots("Label") == ["icon"])
        #expect(slots("Text") == nil, "a view without slots lists none")
    }

    @Test func aSectionsHeaderAndFooterAreNodesAndNotRows() throws {
        let client = try SurfaceClient.initialized()
        let mounted = try client.mount("main", section(header: more, footer: note, title: "Inbox"))
        try client.ok(mounted)
        #expect(mounted.diagnostics.isEmpty, "\(mounted.diagnostics)")
        let shown = try #require(try client.root()["children"]?[0])
        #expect(shown["props"] == ["title": "Inbox"], "the views are not among the props")
        #expect(shown["slots"]?["header"]?["id"] == "more")
        #expect(shown["slots"]?["footer"]?["props"]?["text"] == "3 unread")
        #expect(shown["children"]?[0]?["id"] == "r1")
        // A tap on the header's button runs its action.
        let tap = try client.call("interact", ["surface": "main", "node": "more", "gesture": "tap"])
        #expect(try client.ok(tap)["view"] == "Button")
        #expect(tap.events.first?["node"] == "more")
    }

    /// A header is not one of the List's rows: swipe actions there are outside a list row, as
    /// in SwiftUI, while the Section's own children are rows.
    @Test func aSectionsHeaderIsNotARow() throws {
        let client = try SurfaceClient.initialized()
        let actions = J.swipe(trailing: [J.action("delete", label: "Delete")])
        let header = J.text("Header", key: "h", modifiers: [actions])
        let row = J.text("Row", key: "r", modifiers: [actions])
        let mounted = try client.mount("main", J.node("List", children: [J.node("Section", props: JSONObject([("header", header)]), children: [row])]))
        try client.ok(mounted)
        let outside = mounted.diagnostics.filter { $0["code"] == "swipe-actions-outside-list" }
        #expect(outside.map { $0["node"]?.stringValue } == ["h"], "\(mounted.diagnostics)")
        #expect(try client.call("interact", ["surface": "main", "node": "r", "gesture": "swipe", "edge": "trailing"]).result?["handled"] == true)
    }

    @Test func aPlainStringHeaderStaysAProp() throws {
        let client = try SurfaceClient.initialized()
        let mounted = try client.mount("main", section(header: "Today", footer: .null))
        try client.ok(mounted)
        #expect(mounted.diagnostics.isEmpty, "\(mounted.diagnostics)")
        let shown = try #require(try client.root()["children"]?[0])
        #expect(shown["props"] == ["header": "Today"])
        #expect(shown["slots"] == nil)
    }

    @Test func aSlotKeepsItsNodeAcrossUpdatesAndLeavesWithItsProp() throws {
        let client = try SurfaceClient.initialized()
        let unkeyed: JSONValue = ["type": "Toggle", "props": ["isOn": false]]
        try client.ok(try client.mount("main", section(header: unkeyed)))
        #expect(try client.root()["children"]?[0]?["slots"]?["header"]?["id"] == "0/0/header")
        let counts = try client.ok(try client.update("main", section(header: unkeyed, title: "Inbox")))
        #expect(counts == ["created": 0, "updated": 0, "unchanged": 0, "removed": 0])
        try client.ok(try client.update("main", section(header: nil)))
        #expect(try client.root()["children"]?[0]?["slots"] == nil)
        #expect(try client.call("interact", ["surface": "main", "node": "0/0/header", "gesture": "tap"]).errorPath == "node")
    }

    @Test func aPatchSetsASectionsHeaderThroughItsProps() throws {
        let patched = try SurfaceClient.initialized()
        let whole = try SurfaceClient.initialized()
        for client in [patched, whole] { try client.ok(try client.mount("main", section(header: more))) }
        let viaPatch = try patched.call("update", ["surface": "main", "patch": [["op": "set", "node": "s", "props": ["header": note]]]])
        let viaWhole = try whole.update("main", section(header: note))
        #expect(viaPatch.result != nil && viaPatch.result == viaWhole.result, "\(String(describing: viaPatch.response))")
        #expect(try patched.root() == whole.root())
        #expect(try patched.root()["children"]?[0]?["slots"]?["header"]?["id"] == "note")
    }

    @Test func aSlidersLabelsAndALabelsIconAreNodes() throws {
        let client = try SurfaceClient.initialized()
        let slider: JSONValue = [
            "type": "Slider", "key": "volume",
            "props": [
                "value": 0.5, "label": ["type": "Text", "props": ["text": "Volume"]],
                "minimumValueLabel": ["type": "Image", "props": ["systemName": "speaker"]],
                "maximumValueLabel": ["type": "Image", "props": ["systemName": "speaker.wave.3"]],
            ],
        ]
        let label: JSONValue = ["type": "Label", "key": "l", "props": ["title": "Mail", "icon": ["type": "Image", "props": ["systemName": "envelope"]]]]
        let mounted = try client.mount("main", ["type": "VStack", "children": [slider, label]])
        try client.ok(mounted)
        #expect(mounted.diagnostics.isEmpty, "\(mounted.diagnostics)")
        let children = try #require(try client.root()["children"])
        #expect(children[0]?["props"] == ["value": 0.5])
        #expect(children[0]?["slots"]?["label"]?["props"]?["text"] == "Volume")
        // An unkeyed view in a slot is named by its place: the owner's index path and the prop.
        #expect(children[0]?["slots"]?["minimumValueLabel"]?["id"] == "0/0/minimumValueLabel")
        #expect(children[0]?["slots"]?["maximumValueLabel"]?["props"]?["systemName"] == "speaker.wave.3")
        #expect(children[1]?["props"] == ["title": "Mail"])
        #expect(children[1]?["slots"]?["icon"]?["props"]?["systemName"] == "envelope")
    }

    @Test func aSlotThatIsNotAViewIsAnErrorAtItsPlace() throws {
        let client = try SurfaceClient.initialized()
        let text = try client.mount("main", ["type": "Slider", "props": ["label": "Volume"]])
        #expect(text.errorPath == "root.props.label")
        #expect(text.error?["data"]?["expected"] == "a node object or null")
        let number = try client.mount("main", section(header: 3))
        #expect(number.errorPath == "root.children[0].props.header")
        #expect(number.error?["data"]?["expected"] == "a node object, a string or null")
        let inside = try client.mount("main", ["type": "Label", "props": ["icon": ["type": "Toggle", "props": ["isOn": "yes"]]]])
        #expect(inside.errorPath == "root.props.icon.props.isOn")
    }
}
