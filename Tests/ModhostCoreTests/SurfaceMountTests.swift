@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

private typealias J = SurfaceJSON

/// A List of three rows: a keyed row with trailing actions, an unkeyed Text, and a Section
/// holding an unkeyed row with leading actions.
private func sampleTree() -> JSONValue {
    J.node("List", props: JSONObject([("listStyle", "plain")]), children: [
        J.row("row-1", modifiers: [
            J.swipe(trailing: [
                J.action("delete", label: "Delete", systemImage: "trash", role: "destructive"),
                J.action("flag", label: "Flag", tint: "#FF9500"),
            ]),
        ]),
        J.text("plain"),
        J.node("Section", children: [
            J.node("HStack", props: JSONObject([("alignment", "center")]), modifiers: [
                J.swipe(leading: [J.action("pin", label: "Pin", systemImage: "pin", tint: "teal")], allowsFullSwipe: true),
            ], children: [J.text("inner")]),
        ]),
    ])
}

@Suite("Surface: mount and snapshot", .timeLimit(.minutes(20)))
struct SurfaceMountTests {
    @Test func mountAnswersWithTheSurfaceName() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", sampleTree())
        #expect(answer.result == ["surface": "main"])
    }

    @Test func snapshotIsWrittenAsCompactJSONInTheDocumentedMemberOrder() throws {
        // The snapshot is written straight as text: it must read back, be exactly what the
        // writer makes of the value it reads as, and keep the members in order.
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", sampleTree()))
        var text: [UInt8] = []
        client.session.receive(frame: Array(#"{"jsonrpc":"2.0","id":7,"method":"snapshot","params":{"surface":"main"}}"#.utf8), replies: &text)
        let frames = try surfaceDecodeFrames(text)
        let reply = try #require(frames.last)
        var rewritten: [UInt8] = []
        FrameEncoder.appendFrame(to: &rewritten) { JSONWriter.write(reply, into: &$0) }
        #expect(Array(text.suffix(rewritten.count)) == rewritten)
        let row = try #require(surfaceChild(reply["result"]?["root"], 0)?.objectValue)
        #expect(Array(row.keys) == ["type", "id", "key", "modifiers", "swipeActions", "children"])
        let sectionRow = try #require(surfaceChild(reply["result"]?["root"], 2, 0)?.objectValue)
        #expect(Array(sectionRow.keys) == ["type", "id", "props", "modifiers", "swipeActions", "children"])
    }

    @Test func snapshotNamesKeyedNodesByKey() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", sampleTree()))
        let root = try client.root()
        #expect(surfaceChild(root, 0)?["id"] == "row-1")
        #expect(surfaceChild(root, 0)?["key"] == "row-1")
    }

    @Test func snapshotNamesUnkeyedNodesByIndexPath() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", sampleTree()))
        let root = try client.root()
        #expect(root["id"] == "0")
        #expect(surfaceChild(root, 1)?["id"] == "0/1")
        #expect(surfaceChild(root, 2)?["id"] == "0/2")
        #expect(surfaceChild(root, 2, 0)?["id"] == "0/2/0")
        #expect(surfaceChild(root, 2, 0, 0)?["id"] == "0/2/0/0")
        #expect(surfaceChild(root, 1)?["key"] == nil)
    }

    @Test func indexPathsCountPastOneDigit() throws {
        // Paths are written digit by digit: 9, 10, 100 and 1000 must come out whole.
        let client = try SurfaceClient.initialized()
        let texts = (0...1000).map { J.text("t\($0)") }
        let deep = J.node("VStack", children: [J.node("VStack", children: Array(texts.prefix(12)))])
        try client.ok(client.mount("main", J.node("VStack", children: texts + [deep])))
        let root = try client.root()
        for index in [0, 9, 10, 99, 100, 999, 1000] {
            #expect(surfaceChild(root, index)?["id"] == .string("0/\(index)"))
        }
        #expect(surfaceChild(root, 1001, 0, 11)?["id"] == "0/1001/0/11")
    }

    @Test func snapshotKeepsTypesAndProps() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", sampleTree()))
        let root = try client.root()
        #expect(root["type"] == "List")
        #expect(root["props"] == ["listStyle": "plain"])
        #expect(surfaceChild(root, 1)?["type"] == "Text")
        #expect(surfaceChild(root, 1)?["props"] == ["text": "plain"])
        #expect(surfaceChild(root, 2, 0)?["props"] == ["alignment": "center"])
    }

    @Test func snapshotListsModifiersByType() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", sampleTree()))
        let root = try client.root()
        #expect(surfaceChild(root, 0)?["modifiers"] == [["$type": .string(SurfaceTestTypes.swipe)]])
        #expect(surfaceChild(root, 1)?["modifiers"] == nil)
    }

    @Test func snapshotShowsSwipeActionsPerEdge() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", sampleTree()))
        let root = try client.root()
        let row = surfaceChild(root, 0)
        #expect(surfaceActionIDs(row, "trailing") == ["delete", "flag"])
        #expect(surfaceActionIDs(row, "leading") == [])
        let sectionRow = surfaceChild(root, 2, 0)
        #expect(surfaceActionIDs(sectionRow, "leading") == ["pin"])
        #expect(surfaceActionIDs(sectionRow, "trailing") == [])
    }

    @Test func snapshotResolvesEachActionsFields() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", sampleTree()))
        let delete = surfaceChild(try client.root(), 0)?["swipeActions"]?["trailing"]?[0]
        #expect(delete?["id"] == "delete")
        #expect(delete?["label"] == "Delete")
        #expect(delete?["systemImage"] == "trash")
        #expect(delete?["symbolVariant"] == "fill")
        #expect(delete?["role"] == "destructive")
    }

    @Test func actionWithImageShowsFillSymbolVariant() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", sampleTree()))
        let pin = surfaceChild(try client.root(), 2, 0)?["swipeActions"]?["leading"]?[0]
        #expect(pin?["systemImage"] == "pin")
        #expect(pin?["symbolVariant"] == "fill")
    }

    @Test func actionWithoutImageHasNoSymbolVariant() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", sampleTree()))
        let flag = surfaceChild(try client.root(), 0)?["swipeActions"]?["trailing"]?[1]
        #expect(flag?["systemImage"] == .null)
        #expect(flag?["symbolVariant"] == .null)
        #expect(flag?["role"] == .null)
    }

    @Test func destructiveActionWithoutTintShowsRed() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", sampleTree()))
        let delete = surfaceChild(try client.root(), 0)?["swipeActions"]?["trailing"]?[0]
        #expect(delete?["tint"] == "#FF3B30FF")
    }

    @Test func destructiveActionWithTintShowsItsTint() throws {
        let client = try SurfaceClient.initialized()
        let tree = J.list([J.row("r", modifiers: [J.swipe(trailing: [J.action("d", label: "D", tint: "#0000FF", role: "destructive")])])])
        try client.ok(client.mount("main", tree))
        #expect(surfaceChild(try client.root(), 0)?["swipeActions"]?["trailing"]?[0]?["tint"] == "#0000FFFF")
    }

    @Test func plainActionWithoutTintHasNullTint() throws {
        let client = try SurfaceClient.initialized()
        let tree = J.list([J.row("r", modifiers: [J.swipe(trailing: [J.action("a", label: "A"), J.action("c", label: "C", role: "cancel")])])])
        try client.ok(client.mount("main", tree))
        let actions = surfaceChild(try client.root(), 0)?["swipeActions"]?["trailing"]
        #expect(actions?[0]?["tint"] == .null)
        #expect(actions?[1]?["tint"] == .null)
        #expect(actions?[1]?["role"] == "cancel")
    }

    @Test(arguments: [
        ("#FF9500", "#FF9500FF"),
        ("#0a0", "#00AA00FF"),
        ("#F008", "#FF000088"),
        ("#ff000080", "#FF000080"),
        ("rgb(0, 122, 255)", "#007AFFFF"),
        ("rgba(255, 0, 0, 0.5)", "#FF000080"),
        ("teal", "#008080FF"),
        ("mint", "#00C7BEFF"),
    ])
    func tintShowsAsCanonicalHex(input: String, canonical: String) throws {
        let client = try SurfaceClient.initialized()
        let tree = J.list([J.row("r", modifiers: [J.swipe(trailing: [J.action("a", label: "A", tint: input)])])])
        try client.ok(client.mount("main", tree))
        #expect(surfaceChild(try client.root(), 0)?["swipeActions"]?["trailing"]?[0]?["tint"] == .string(canonical))
    }

    @Test func nothingIsRevealedAfterMount() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", sampleTree()))
        let root = try client.root()
        #expect(surfaceChild(root, 0)?["swipeActions"]?["revealed"] == .null)
        #expect(surfaceChild(root, 2, 0)?["swipeActions"]?["revealed"] == .null)
    }

    @Test func allowsFullSwipeIsShownPerEdge() throws {
        let client = try SurfaceClient.initialized()
        let tree = J.list([
            J.row("r", modifiers: [
                J.swipe(leading: [J.action("pin", label: "Pin")], allowsFullSwipe: true),
                J.swipe(trailing: [J.action("delete", label: "Delete")], allowsFullSwipe: false),
            ]),
        ])
        try client.ok(client.mount("main", tree))
        let row = surfaceChild(try client.root(), 0)
        #expect(row?["swipeActions"]?["allowsFullSwipe"] == ["leading": true, "trailing": false])
    }

    @Test func allowsFullSwipeDefaultsToFalse() throws {
        let client = try SurfaceClient.initialized()
        let tree = J.list([J.row("r", modifiers: [J.swipe(leading: [J.action("a")], trailing: [J.action("b")])])])
        try client.ok(client.mount("main", tree))
        let row = surfaceChild(try client.root(), 0)
        #expect(row?["swipeActions"]?["allowsFullSwipe"] == ["leading": false, "trailing": false])
    }

    @Test func nodesWithoutSwipeActionsShowNone() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", sampleTree()))
        let root = try client.root()
        #expect(root["swipeActions"] == nil)
        #expect(surfaceChild(root, 1)?["swipeActions"] == nil)
        #expect(surfaceChild(root, 2)?["swipeActions"] == nil)
    }

    @Test func textsAreLeavesWithoutChildren() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", sampleTree()))
        #expect(surfaceChild(try client.root(), 1)?["children"] == nil)
    }

    @Test func mountCausesNoNotificationsForRows() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", sampleTree())
        #expect(answer.notifications.isEmpty)
    }

    @Test func snapshotMembersComeInDocumentedOrder() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", sampleTree()))
        let row = try #require(surfaceChild(try client.root(), 0)?.objectValue)
        #expect(row.keys == ["type", "id", "key", "modifiers", "swipeActions", "children"])
        let action = try #require(surfaceChild(try client.root(), 0)?["swipeActions"]?["trailing"]?[0]?.objectValue)
        #expect(action.keys == ["id", "label", "systemImage", "symbolVariant", "tint", "role", "modifier"])
    }

    @Test func actionWithoutLabelShowsAnEmptyLabel() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.row("r", modifiers: [J.swipe(trailing: [J.action("x")])])])))
        #expect(surfaceChild(try client.root(), 0)?["swipeActions"]?["trailing"]?[0]?["label"] == "")
    }
}
