@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

private typealias J = SurfaceJSON

private let swipeType = JSONValue.string(SurfaceTestTypes.swipe)

private func payload(_ id: String) -> JSONValue {
    [SurfaceTestTypes.swipe: ["id": .string(id)]]
}

/// One trailing action "x" on the given node.
private func withActions(_ type: String, key: String? = nil, children: [JSONValue]? = nil) -> JSONValue {
    J.node(type, key: key, modifiers: [J.swipe(trailing: [J.action("x", label: "X")])], children: children)
}

/// A List with one row "r": trailing [delete, archive], leading [pin, mute].
private func listWithRow(fullSwipe: Bool = false) -> JSONValue {
    J.list([
        J.row("r", modifiers: [
            J.swipe(
                leading: [J.action("pin", label: "Pin"), J.action("mute", label: "Mute")],
                trailing: [J.action("delete", label: "Delete", role: "destructive"), J.action("archive", label: "Archive")],
                allowsFullSwipe: fullSwipe),
        ]),
    ])
}

@Suite("Swipe rules: only List rows get actions", .timeLimit(.minutes(20)))
struct SwipeRulesRowTests {
    @Test func directChildOfAListGetsActions() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([withActions("HStack", key: "r", children: [J.text("t")])]))
        #expect(answer.notifications.isEmpty)
        #expect(surfaceActionIDs(surfaceChild(try client.root(), 0), "trailing") == ["x"])
    }

    @Test func childOfASectionInAListGetsActions() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([J.node("Section", children: [withActions("Text", key: "r")])]))
        #expect(answer.notifications.isEmpty)
        #expect(surfaceActionIDs(surfaceChild(try client.root(), 0, 0), "trailing") == ["x"])
        #expect(try client.swipe("r", edge: "trailing").result?["handled"] == true)
    }

    @Test func childOfASectionOutsideAListGetsNone() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.node("VStack", children: [J.node("Section", children: [withActions("Text", key: "r")])]))
        #expect(answer.diagnostics.map { $0["code"] } == ["swipe-actions-outside-list"])
        #expect(surfaceChild(try client.root(), 0, 0)?["swipeActions"] == nil)
    }

    @Test func grandchildOfAListGetsNone() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([J.node("HStack", children: [withActions("Text", key: "deep")])]))
        #expect(answer.diagnostics.map { $0["code"] } == ["swipe-actions-outside-list"])
        #expect(try client.swipe("deep", edge: "trailing").result?["handled"] == false)
    }

    @Test func theListItselfGetsNone() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", withActions("List", children: [J.text("t")]))
        #expect(answer.diagnostics.map { $0["code"] } == ["swipe-actions-outside-list"])
        #expect(try client.root()["swipeActions"] == nil)
    }

    @Test func modifierOutsideAListSendsAWarningDiagnostic() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.node("VStack", children: [J.text("a"), withActions("HStack", key: "card", children: [J.text("t")])]))
        try client.ok(answer)
        #expect(answer.diagnostics.count == 1)
        let diagnostic = answer.diagnostics.first
        #expect(diagnostic?["severity"] == "warning")
        #expect(diagnostic?["code"] == "swipe-actions-outside-list")
        #expect(diagnostic?["surface"] == "main")
        #expect(diagnostic?["node"] == "card")
        #expect(diagnostic?["path"] == "root.children[1].modifiers[0]")
        #expect(diagnostic?["message"]?.stringValue?.isEmpty == false)
    }

    @Test func outsideListDiagnosticComesBeforeTheMountResponse() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.node("VStack", children: [withActions("HStack", children: [J.text("t")])]))
        #expect(answer.frames.count == 2)
        #expect(answer.frames.first?["method"] == "diagnostic")
        #expect(answer.frames.first?["id"] == nil)
        #expect(answer.frames.last?["result"] == ["surface": "main"])
        #expect(client.pushed.isEmpty)
    }

    @Test func outsideListDiagnosticNamesAnUnkeyedNodeByIndexPath() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.node("VStack", children: [J.text("a"), withActions("HStack", children: [J.text("t")])]))
        #expect(answer.diagnostics.first?["node"] == "0/1")
    }

    @Test func updateThatAddsAModifierOutsideAListWarns() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.node("VStack", children: [J.text("a")])))
        let answer = try client.update("main", J.node("VStack", children: [withActions("Text", key: "a")]))
        #expect(answer.diagnostics.map { $0["code"] } == ["swipe-actions-outside-list"])
        #expect(answer.frames.last?["result"] != nil)
    }

    @Test func swipeOnANonRowIsNotHandled() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.node("VStack", children: [withActions("HStack", key: "card", children: [J.text("t")])])))
        let answer = try client.swipe("card", edge: "trailing")
        #expect(answer.result?["handled"] == false)
        #expect(answer.result?["reason"]?.stringValue?.isEmpty == false)
        #expect(answer.notifications.isEmpty)
    }

    @Test func tapActionOnANonRowIsNotHandled() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.node("VStack", children: [withActions("HStack", key: "card", children: [J.text("t")])])))
        _ = try client.swipe("card", edge: "trailing")
        let answer = try client.tapAction("card", id: "x")
        #expect(answer.result?["handled"] == false)
        #expect(answer.events.isEmpty)
    }

    @Test func sectionDirectlyInAListIsItselfARow() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([withActions("Section", key: "s", children: [J.text("t")])]))
        #expect(answer.notifications.isEmpty)
        #expect(surfaceActionIDs(surfaceChild(try client.root(), 0), "trailing") == ["x"])
    }

    @Test func rowWhoseModifierAddsNoActionsStillShowsSwipeActions() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.row("r", modifiers: [J.swipe()])])))
        let swipe = surfaceChild(try client.root(), 0)?["swipeActions"]
        #expect(swipe?["leading"] == [])
        #expect(swipe?["trailing"] == [])
        #expect(swipe?["allowsFullSwipe"] == ["leading": false, "trailing": false])
    }

    @Test func nonButtonAmongARowsSwipeActionsIsReportedWhenTheRowIsFirstUsed() throws {
        let client = try SurfaceClient.initialized()
        let mounted = try client.mount("main", J.list([J.row("r", modifiers: [J.modifier(SurfaceTestTypes.ignoring)])]))
        // A row's modifier is evaluated lazily, as SwiftUI's List realizes rows: not at mount.
        #expect(mounted.diagnostics.isEmpty)
        let swiped = try client.swipe("r", edge: "trailing")
        #expect(swiped.diagnostics.map { $0["code"] } == ["ignored-view"])
        #expect(swiped.diagnostics.first?["severity"] == "warning")
        #expect(swiped.diagnostics.first?["node"] == "r")
        #expect(swiped.diagnostics.first?["path"] == "root.children[0].modifiers[0]")
        #expect(swiped.result?["revealed"] == ["ok"])
        // Once per built modifier: later uses say nothing more.
        let snapshot = try client.snapshot()
        #expect(snapshot.diagnostics.isEmpty)
        #expect(surfaceActionIDs(surfaceChild(snapshot.result?["root"], 0), "trailing") == ["ok"])
    }

    @Test func aSnapshotEvaluatesRowsAndReportsWithTheirCurrentPaths() throws {
        let client = try SurfaceClient.initialized()
        let rows = [J.row("a"), J.row("b", modifiers: [J.swipe(trailing: [J.action("x")]), J.modifier(SurfaceTestTypes.ignoring)])]
        try client.ok(client.mount("main", J.list(rows)))
        let snapshot = try client.snapshot()
        #expect(snapshot.diagnostics.map { $0["code"] } == ["ignored-view"])
        #expect(snapshot.diagnostics.first?["node"] == "b")
        #expect(snapshot.diagnostics.first?["path"] == "root.children[1].modifiers[1]")
    }

    @Test func nonButtonOutsideAListIsReportedAtMount() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.node("VStack", children: [J.text("t", key: "t", modifiers: [J.modifier(SurfaceTestTypes.ignoring)])]))
        // Not a row: evaluated as it is built, so both what it adds and what it ignores are
        // reported before the response.
        #expect(answer.diagnostics.map { $0["code"] } == ["swipe-actions-outside-list", "ignored-view"])
        #expect(answer.diagnostics.map { $0["path"] } == ["root.children[0].modifiers[0]", "root.children[0].modifiers[0]"])
    }

    @Test func aRebuiltRowModifierReportsAgainOnItsNextUse() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.row("r", modifiers: [J.modifier(SurfaceTestTypes.ignoring)])])))
        #expect(try client.swipe("r", edge: "trailing").diagnostics.count == 1)
        let changed = J.list([J.row("r", modifiers: [J.modifier(SurfaceTestTypes.ignoring, [("label", "changed")])])])
        let update = try client.call("update", ["surface": "main", "root": changed])
        // The row was revealed, so the update evaluates the new modifier to keep it open.
        #expect(update.result?["updated"] == 1)
        #expect(update.diagnostics.map { $0["code"] } == ["ignored-view"])
    }
}

@Suite("Swipe rules: actions, gestures and the row's state", .timeLimit(.minutes(20)))
struct SwipeRulesGestureTests {
    @Test func swipeRevealsThatEdgesActionsInOrder() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        let trailing = try client.swipe("r", edge: "trailing")
        #expect(trailing.result?["handled"] == true)
        #expect(trailing.result?["revealed"] == ["delete", "archive"])
        #expect(trailing.notifications.isEmpty)
        let leading = try client.swipe("r", edge: "leading")
        #expect(leading.result?["revealed"] == ["pin", "mute"])
    }

    @Test func swipeShowsInTheSnapshot() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        try client.ok(client.swipe("r", edge: "leading"))
        #expect(surfaceChild(try client.root(), 0)?["swipeActions"]?["revealed"] == "leading")
    }

    @Test func swipingTheOtherEdgeRevealsItInstead() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        try client.ok(client.swipe("r", edge: "leading"))
        try client.ok(client.swipe("r", edge: "trailing"))
        #expect(surfaceChild(try client.root(), 0)?["swipeActions"]?["revealed"] == "trailing")
        #expect(try client.tapAction("r", id: "pin").result?["handled"] == false)
    }

    @Test func twoModifiersAccumulatePerEdgeInModifierOrder() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([
            J.row("r", modifiers: [
                J.swipe(trailing: [J.action("a"), J.action("b")]),
                J.swipe(leading: [J.action("l")], trailing: [J.action("c")]),
            ]),
        ])))
        let row = surfaceChild(try client.root(), 0)
        #expect(surfaceActionIDs(row, "trailing") == ["a", "b", "c"])
        #expect(surfaceActionIDs(row, "leading") == ["l"])
        let modifiers = row?["swipeActions"]?["trailing"]?.arrayValue?.map { $0["modifier"] }
        #expect(modifiers == [0, 0, 1])
        #expect(try client.swipe("r", edge: "trailing").result?["revealed"] == ["a", "b", "c"])
    }

    @Test func tapOnTheSecondModifiersActionNamesModifierOne() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([
            J.row("r", modifiers: [J.swipe(trailing: [J.action("a")]), J.swipe(trailing: [J.action("c")])]),
        ])))
        try client.ok(client.swipe("r", edge: "trailing"))
        let answer = try client.tapAction("r", id: "c")
        #expect(answer.result?["handled"] == true)
        #expect(answer.result?["performed"] == "c")
        #expect(answer.events.count == 1)
        #expect(answer.events.first?["modifier"] == 1)
        #expect(answer.events.first?["payload"] == payload("c"))
    }

    @Test func tapOnTheFirstModifiersActionNamesModifierZero() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([
            J.row("r", modifiers: [J.swipe(trailing: [J.action("a")]), J.swipe(trailing: [J.action("c")])]),
        ])))
        try client.ok(client.swipe("r", edge: "trailing"))
        #expect(try client.tapAction("r", id: "a").events.first?["modifier"] == 0)
    }

    @Test func fullSwipeWithAllowsFullSwipePerformsTheFirstAction() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow(fullSwipe: true)))
        let answer = try client.swipe("r", edge: "trailing", full: true)
        #expect(answer.result?["handled"] == true)
        #expect(answer.result?["performed"] == "delete")
        #expect(answer.events.count == 1)
        #expect(answer.events.first?["payload"] == payload("delete"))
        #expect(answer.frames.first?["method"] == "event")
    }

    @Test func fullSwipeThatPerformsLeavesTheRowClosed() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow(fullSwipe: true)))
        try client.ok(client.swipe("r", edge: "leading", full: true))
        #expect(surfaceChild(try client.root(), 0)?["swipeActions"]?["revealed"] == .null)
    }

    @Test func fullSwipeWithoutAllowsFullSwipeOnlyReveals() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow(fullSwipe: false)))
        let answer = try client.swipe("r", edge: "trailing", full: true)
        #expect(answer.result?["handled"] == true)
        #expect(answer.result?["revealed"] == ["delete", "archive"])
        #expect(answer.result?["performed"] == nil)
        #expect(answer.notifications.isEmpty)
        #expect(surfaceChild(try client.root(), 0)?["swipeActions"]?["revealed"] == "trailing")
    }

    @Test func partialSwipeWithAllowsFullSwipeOnlyReveals() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow(fullSwipe: true)))
        let answer = try client.swipe("r", edge: "trailing", full: false)
        #expect(answer.result?["revealed"] == ["delete", "archive"])
        #expect(answer.events.isEmpty)
    }

    @Test func tapActionWithNothingRevealedIsNotHandled() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        let answer = try client.tapAction("r", id: "delete")
        #expect(answer.result?["handled"] == false)
        #expect(answer.result?["reason"]?.stringValue?.isEmpty == false)
        #expect(answer.notifications.isEmpty)
    }

    @Test func tapActionOnTheHiddenEdgeIsNotHandled() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        try client.ok(client.swipe("r", edge: "trailing"))
        let answer = try client.tapAction("r", id: "pin")
        #expect(answer.result?["handled"] == false)
        #expect(answer.result?["reason"] != nil)
        #expect(answer.notifications.isEmpty)
        #expect(surfaceChild(try client.root(), 0)?["swipeActions"]?["revealed"] == "trailing")
    }

    @Test func tapActionOnAnUnknownIDIsNotHandled() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        try client.ok(client.swipe("r", edge: "trailing"))
        let answer = try client.tapAction("r", id: "nope")
        #expect(answer.result?["handled"] == false)
        #expect(answer.events.isEmpty)
    }

    @Test func tapActionPerformsTheActionAndClosesTheRow() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        try client.ok(client.swipe("r", edge: "trailing"))
        let answer = try client.tapAction("r", id: "archive")
        #expect(answer.result?["handled"] == true)
        #expect(answer.result?["performed"] == "archive")
        #expect(answer.events.map { $0["payload"] } == [payload("archive")])
        #expect(surfaceChild(try client.root(), 0)?["swipeActions"]?["revealed"] == .null)
    }

    @Test func secondTapAfterTheRowClosedIsNotHandled() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        try client.ok(client.swipe("r", edge: "trailing"))
        try client.ok(client.tapAction("r", id: "archive"))
        let again = try client.tapAction("r", id: "archive")
        #expect(again.result?["handled"] == false)
        #expect(again.events.isEmpty)
    }

    @Test func swipeOnAnEdgeWithoutActionsIsNotHandled() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.row("r", modifiers: [J.swipe(trailing: [J.action("x")])])])))
        let answer = try client.swipe("r", edge: "leading")
        #expect(answer.result?["handled"] == false)
        #expect(answer.result?["reason"] != nil)
        #expect(surfaceChild(try client.root(), 0)?["swipeActions"]?["revealed"] == .null)
    }

    @Test func swipeOnARowWithoutModifiersIsNotHandled() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.row("r")])))
        #expect(try client.swipe("r", edge: "trailing").result?["handled"] == false)
    }

    @Test func unknownGestureIsInvalidParams() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        let answer = try client.call("interact", ["surface": "main", "node": "r", "gesture": "pinch"])
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "gesture")
        #expect(answer.error?["data"]?["got"] == "pinch")
    }

    @Test func unknownEdgeIsInvalidParams() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        let answer = try client.swipe("r", edge: "top")
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "edge")
    }

    @Test func unknownNodeIsInvalidParams() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        let answer = try client.swipe("missing", edge: "trailing")
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "node")
    }

    @Test func unkeyedRowIsAddressedByIndexPath() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.text("header"), withActions("HStack", children: [J.text("t")])])))
        #expect(try client.swipe("0/1", edge: "trailing").result?["revealed"] == ["x"])
    }

    @Test func tapActionNeedsAnID() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        let answer = try client.call("interact", ["surface": "main", "node": "r", "gesture": "tapAction"])
        #expect(answer.errorCode == -32602)
    }

    @Test func revealResultNamesTheEdge() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        #expect(try client.swipe("r", edge: "leading").result == ["handled": true, "edge": "leading", "revealed": ["pin", "mute"]])
    }

    @Test func performingFullSwipeResultNamesTheActionAndModifier() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow(fullSwipe: true)))
        #expect(try client.swipe("r", edge: "leading", full: true).result == ["handled": true, "performed": "pin", "modifier": 0, "revealed": []])
    }

    @Test func tapActionResultNamesTheActionAndModifier() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        try client.ok(client.swipe("r", edge: "trailing"))
        #expect(try client.tapAction("r", id: "archive").result == ["handled": true, "performed": "archive", "modifier": 0])
    }

    @Test func fullSwipeFollowsTheGroupOfTheEdgesFirstAction() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([
            J.row("r", modifiers: [
                J.swipe(trailing: [J.action("first")], allowsFullSwipe: false),
                J.swipe(trailing: [J.action("second")], allowsFullSwipe: true),
            ]),
        ])))
        #expect(surfaceChild(try client.root(), 0)?["swipeActions"]?["allowsFullSwipe"]?["trailing"] == false)
        let answer = try client.swipe("r", edge: "trailing", full: true)
        #expect(answer.result?["performed"] == nil)
        #expect(answer.events.isEmpty)
    }

    @Test func duplicateActionIDOnARowPerformsTheFirst() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([
            J.row("r", modifiers: [J.swipe(trailing: [J.action("x")]), J.swipe(trailing: [J.action("x")])]),
        ])))
        try client.ok(client.swipe("r", edge: "trailing"))
        let answer = try client.tapAction("r", id: "x")
        #expect(answer.result?["modifier"] == 0)
        #expect(answer.events.map { $0["modifier"] } == [0])
    }

    @Test func plainTapIsNeverHandled() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        let answer = try client.call("interact", ["surface": "main", "node": "r", "gesture": "tap"])
        #expect(answer.result?["handled"] == false)
        #expect(answer.result?["reason"] != nil)
    }

    @Test func keyedRowAnswersToItsIndexPathToo() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        try client.ok(client.swipe("0/0", edge: "trailing"))
        let answer = try client.tapAction("r", id: "delete")
        #expect(answer.events.first?["node"] == "r")
    }

    @Test(arguments: ["0/00", "0/+0", "0/ 0", "00/0", "1/0", "0/", "0//0", "0/1", "0/0/0/0", "/0", "", "r/0"])
    func malformedOrMissingIndexPathsNameNoNode(path: String) throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listWithRow()))
        let answer = try client.swipe(path, edge: "trailing")
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "node")
    }

    @Test func indexPathsReachEveryLevel() throws {
        let client = try SurfaceClient.initialized()
        // Root (unkeyed) "0", the row (keyed) also "0/0", its text child "0/0/0".
        try client.ok(client.mount("main", listWithRow()))
        #expect(try client.swipe("0", edge: "trailing").result?["handled"] == false)
        #expect(try client.swipe("0/0", edge: "trailing").result?["handled"] == true)
        #expect(try client.swipe("0/0/0", edge: "trailing").result?["handled"] == false)
    }
}
