@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

private typealias J = SurfaceJSON

private func counts(created: Int64 = 0, updated: Int64 = 0, unchanged: Int64 = 0, removed: Int64 = 0) -> JSONValue {
    ["created": .int(created), "updated": .int(updated), "unchanged": .int(unchanged), "removed": .int(removed)]
}

private func swipeRow(_ key: String, _ ids: [String], fullSwipe: Bool? = nil) -> JSONValue {
    J.row(key, modifiers: [J.swipe(trailing: ids.map { J.action($0, label: $0.uppercased()) }, allowsFullSwipe: fullSwipe)])
}

/// Three keyed rows with one modifier each.
private func threeRows() -> [JSONValue] {
    [swipeRow("a", ["a1"]), swipeRow("b", ["b1", "b2"]), swipeRow("c", ["c1"])]
}

@Suite("Surface: reconciliation counts", .timeLimit(.minutes(20)))
struct SurfaceReconcileCountTests {
    @Test func updateWithNoChangeCountsAllUnchanged() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        let answer = try client.update("main", J.list(threeRows()))
        #expect(answer.result == counts(unchanged: 3))
    }

    @Test func addingARowCountsItsModifiersCreated() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        let answer = try client.update("main", J.list(threeRows() + [swipeRow("d", ["d1"])]))
        #expect(answer.result == counts(created: 1, unchanged: 3))
    }

    @Test func addingARowWithTwoModifiersCountsBothCreated() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        let row = J.row("d", modifiers: [J.swipe(trailing: [J.action("x")]), J.swipe(leading: [J.action("y")])])
        let answer = try client.update("main", J.list(threeRows() + [row]))
        #expect(answer.result == counts(created: 2, unchanged: 3))
    }

    @Test func removingARowCountsItsModifiersRemoved() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        let rows = threeRows()
        let answer = try client.update("main", J.list([rows[0], rows[2]]))
        #expect(answer.result == counts(unchanged: 2, removed: 1))
    }

    @Test func removingARowDropsItFromTheSnapshot() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        let rows = threeRows()
        try client.ok(client.update("main", J.list([rows[0], rows[2]])))
        let ids = try client.root()["children"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(ids == ["a", "c"])
    }

    @Test func reorderingKeyedRowsCountsAllUnchanged() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        let rows = threeRows()
        let answer = try client.update("main", J.list([rows[2], rows[0], rows[1]]))
        #expect(answer.result == counts(unchanged: 3))
        let ids = try client.root()["children"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(ids == ["c", "a", "b"])
    }

    @Test func changingOneModifiersParamsCountsOneUpdated() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        let answer = try client.update("main", J.list([swipeRow("a", ["a1"]), swipeRow("b", ["b1", "b3"]), swipeRow("c", ["c1"])]))
        #expect(answer.result == counts(updated: 1, unchanged: 2))
        #expect(surfaceActionIDs(surfaceChild(try client.root(), 1), "trailing") == ["b1", "b3"])
    }

    @Test func changingAllowsFullSwipeCountsOneUpdated() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        let answer = try client.update("main", J.list([swipeRow("a", ["a1"], fullSwipe: true), swipeRow("b", ["b1", "b2"]), swipeRow("c", ["c1"])]))
        #expect(answer.result == counts(updated: 1, unchanged: 2))
    }

    @Test func changingANodesTypeRemovesAndCreatesItsModifiers() throws {
        let client = try SurfaceClient.initialized()
        let modifier = J.swipe(trailing: [J.action("x")])
        try client.ok(client.mount("main", J.list([swipeRow("a", ["a1"]), J.node("HStack", modifiers: [modifier], children: [J.text("t")])])))
        let answer = try client.update("main", J.list([swipeRow("a", ["a1"]), J.node("VStack", modifiers: [modifier], children: [J.text("t")])]))
        #expect(answer.result == counts(created: 1, unchanged: 1, removed: 1))
        #expect(surfaceChild(try client.root(), 1)?["type"] == "VStack")
    }

    @Test func changingANodesTypeRebuildsItsChildrensModifiersToo() throws {
        let client = try SurfaceClient.initialized()
        let inner = J.text("t", modifiers: [J.modifier(SurfaceTestTypes.deferred, [("tag", "")])])
        try client.ok(client.mount("main", J.node("VStack", children: [J.node("HStack", children: [inner])])))
        let answer = try client.update("main", J.node("VStack", children: [J.node("ZStack", children: [inner])]))
        #expect(answer.result == counts(created: 1, removed: 1))
    }

    @Test func removingTheLastModifierOfANodeCountsOneRemoved() throws {
        let client = try SurfaceClient.initialized()
        let first = J.swipe(trailing: [J.action("x")])
        let second = J.swipe(leading: [J.action("y")])
        try client.ok(client.mount("main", J.list([J.row("r", modifiers: [first, second])])))
        let answer = try client.update("main", J.list([J.row("r", modifiers: [first])]))
        #expect(answer.result == counts(unchanged: 1, removed: 1))
    }

    @Test func aNewKeyCountsAsRemovedAndCreated() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([swipeRow("a", ["a1"])])))
        let answer = try client.update("main", J.list([swipeRow("z", ["a1"])]))
        #expect(answer.result == counts(created: 1, removed: 1))
    }

    @Test func unkeyedRowsMatchByPosition() throws {
        let client = try SurfaceClient.initialized()
        let modifier = J.swipe(trailing: [J.action("x")])
        let unkeyed = J.node("HStack", modifiers: [modifier], children: [J.text("t")])
        try client.ok(client.mount("main", J.list([unkeyed, unkeyed])))
        let answer = try client.update("main", J.list([unkeyed, unkeyed, unkeyed]))
        #expect(answer.result == counts(created: 1, unchanged: 2))
    }

    @Test func updateAnswersWithAllFourCounts() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([])))
        let result = try client.ok(client.update("main", J.list([])))
        #expect(result == counts())
    }

    @Test func changingOnlyPropsKeepsEveryModifier() throws {
        let client = try SurfaceClient.initialized()
        let modifiers = [J.swipe(trailing: [J.action("x")])]
        try client.ok(client.mount("main", J.list([J.node("HStack", key: "r", props: JSONObject([("n", 1)]), modifiers: modifiers)])))
        let answer = try client.update("main", J.list([J.node("HStack", key: "r", props: JSONObject([("n", 2)]), modifiers: modifiers)]))
        #expect(answer.result == counts(unchanged: 1))
        #expect(surfaceChild(try client.root(), 0)?["props"] == ["n": 2])
    }

    @Test func paramsInAnotherMemberOrderAreUnchanged() throws {
        let client = try SurfaceClient.initialized()
        let first = J.modifier(SurfaceTestTypes.swipe, [("allowsFullSwipe", true), ("trailing", [["id": "x", "label": "X"]])])
        let second = J.modifier(SurfaceTestTypes.swipe, [("trailing", [["label": "X", "id": "x"]]), ("allowsFullSwipe", true)])
        try client.ok(client.mount("main", J.list([J.row("r", modifiers: [first])])))
        #expect(try client.update("main", J.list([J.row("r", modifiers: [second])])).result == counts(unchanged: 1))
    }

    @Test func memberSetToNullDiffersFromAbsent() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.row("r", modifiers: [J.swipe(trailing: [["id": "x"]])])])))
        let answer = try client.update("main", J.list([J.row("r", modifiers: [J.swipe(trailing: [["id": "x", "systemImage": nil]])])]))
        #expect(answer.result == counts(updated: 1))
    }

    @Test func anotherTypeAtTheSameIndexCountsUpdated() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.row("r", modifiers: [J.swipe(trailing: [J.action("x")])])])))
        let answer = try client.update("main", J.list([J.row("r", modifiers: [J.swipe(SurfaceTestTypes.wrongKey, trailing: [J.action("x")])])]))
        #expect(answer.result == counts(updated: 1))
        #expect(surfaceChild(try client.root(), 0)?["modifiers"] == [["$type": .string(SurfaceTestTypes.wrongKey)]])
    }
}

@Suite("Surface: state kept across update", .timeLimit(.minutes(20)))
struct SurfaceStateKeptTests {
    @Test func unchangedUpdateKeepsTheRevealedEdge() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        try client.ok(client.swipe("b", edge: "trailing"))
        try client.ok(client.update("main", J.list(threeRows())))
        #expect(surfaceChild(try client.root(), 1)?["swipeActions"]?["revealed"] == "trailing")
    }

    @Test func changingAnotherRowKeepsTheRevealedEdge() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        try client.ok(client.swipe("b", edge: "trailing"))
        let answer = try client.update("main", J.list([swipeRow("a", ["a9"]), swipeRow("b", ["b1", "b2"]), swipeRow("c", ["c1"])]))
        #expect(answer.result == counts(updated: 1, unchanged: 2))
        let root = try client.root()
        #expect(surfaceChild(root, 1)?["swipeActions"]?["revealed"] == "trailing")
        #expect(surfaceChild(root, 0)?["swipeActions"]?["revealed"] == .null)
    }

    @Test func reorderingKeepsTheRevealedEdgeWithItsRow() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        try client.ok(client.swipe("b", edge: "trailing"))
        let rows = threeRows()
        try client.ok(client.update("main", J.list([rows[1], rows[2], rows[0]])))
        let root = try client.root()
        #expect(surfaceChild(root, 0)?["id"] == "b")
        #expect(surfaceChild(root, 0)?["swipeActions"]?["revealed"] == "trailing")
    }

    @Test func tapActionAfterAnUpdateStillWorks() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        try client.ok(client.swipe("b", edge: "trailing"))
        try client.ok(client.update("main", J.list([swipeRow("a", ["a9"]), swipeRow("b", ["b1", "b2"]), swipeRow("c", ["c1"])])))
        let answer = try client.tapAction("b", id: "b2")
        #expect(answer.result?["handled"] == true)
        #expect(answer.events == [[
            "surface": "main", "node": "b", "modifier": 0, "payload": [SurfaceTestTypes.swipe: ["id": "b2"]],
        ]])
    }

    @Test func eventsOfAKeptUnkeyedRowNameItsNewIndexPath() throws {
        let client = try SurfaceClient.initialized()
        let row = J.node("HStack", modifiers: [J.swipe(trailing: [J.action("x")])], children: [J.text("t")])
        try client.ok(client.mount("main", J.node("VStack", children: [J.list([row])])))
        try client.ok(client.swipe("0/0/0", edge: "trailing"))
        // A keyed header moves the List down one place; its row keeps its modifier instance.
        let answer = try client.update("main", J.node("VStack", children: [J.text("header", key: "h"), J.list([row])]))
        #expect(answer.result == counts(unchanged: 1))
        let tap = try client.tapAction("0/1/0", id: "x")
        #expect(tap.result?["handled"] == true)
        #expect(tap.events.first?["node"] == "0/1/0")
    }

    @Test func aFailedUpdateMovesNoKeptModifier() throws {
        let client = try SurfaceClient.initialized()
        let row = J.node("HStack", modifiers: [J.swipe(trailing: [J.action("x")])], children: [J.text("t")])
        try client.ok(client.mount("main", J.node("VStack", children: [J.list([row])])))
        // The header would move the row to 0/1/0, but the update fails further on: the row's
        // kept modifier must still name 0/0/0.
        let bad = J.node("VStack", children: [J.text("header", key: "h"), J.list([row]), J.node("Marquee")])
        #expect(try client.update("main", bad).errorCode == -32602)
        try client.ok(client.swipe("0/0/0", edge: "trailing"))
        let tap = try client.tapAction("0/0/0", id: "x")
        #expect(tap.events.first?["node"] == "0/0/0")
    }

    @Test func aModifierBuiltByAFailedUpdateSendsNothing() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.row("r", modifiers: [J.modifier(SurfaceTestTypes.ignoring)])])))
        // A non-row modifier is evaluated while built; the update fails after it, so its
        // diagnostics must not be sent.
        let bad = J.node("VStack", children: [
            J.text("t", key: "t", modifiers: [J.modifier(SurfaceTestTypes.ignoring)]), J.node("Marquee"),
        ])
        let answer = try client.update("main", bad)
        #expect(answer.errorCode == -32602)
        #expect(answer.diagnostics.isEmpty)
    }

    @Test func failedUpdateKeepsTheRevealedEdge() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        try client.ok(client.swipe("b", edge: "trailing"))
        let bad = J.list([swipeRow("a", ["a1"]), J.row("b", modifiers: [J.swipe(trailing: [J.action("b1", tint: "nope")])])])
        #expect(try client.update("main", bad).errorCode == -32602)
        #expect(surfaceChild(try client.root(), 1)?["swipeActions"]?["revealed"] == "trailing")
        #expect(try client.tapAction("b", id: "b2").result?["handled"] == true)
    }

    @Test func revealedRowKeepsItsEdgeWhenItsOwnModifierChanges() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        try client.ok(client.swipe("b", edge: "trailing"))
        let answer = try client.update("main", J.list([swipeRow("a", ["a1"]), swipeRow("b", ["b1", "b3"]), swipeRow("c", ["c1"])]))
        #expect(answer.result == counts(updated: 1, unchanged: 2))
        #expect(surfaceChild(try client.root(), 1)?["swipeActions"]?["revealed"] == "trailing")
        #expect(try client.tapAction("b", id: "b3").events.first?["payload"] == [SurfaceTestTypes.swipe: ["id": "b3"]])
    }

    @Test func revealedRowClosesWhenItsEdgeLosesItsActions() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        try client.ok(client.swipe("b", edge: "trailing"))
        let onlyLeading = J.row("b", modifiers: [J.swipe(leading: [J.action("l")])])
        try client.ok(client.update("main", J.list([swipeRow("a", ["a1"]), onlyLeading, swipeRow("c", ["c1"])])))
        #expect(surfaceChild(try client.root(), 1)?["swipeActions"]?["revealed"] == .null)
        #expect(try client.tapAction("b", id: "b1").result?["handled"] == false)
    }

    @Test func rowBuiltFromScratchStartsClosed() throws {
        let client = try SurfaceClient.initialized()
        let modifiers = [J.swipe(trailing: [J.action("x")])]
        try client.ok(client.mount("main", J.list([J.node("HStack", key: "r", modifiers: modifiers)])))
        try client.ok(client.swipe("r", edge: "trailing"))
        try client.ok(client.update("main", J.list([J.node("VStack", key: "r", modifiers: modifiers)])))
        #expect(surfaceChild(try client.root(), 0)?["swipeActions"]?["revealed"] == .null)
    }

    @Test func resendingAnUnchangedTreeDoesNotRepeatDiagnostics() throws {
        let client = try SurfaceClient.initialized()
        let tree = J.node("VStack", children: [J.row("card", modifiers: [J.swipe(trailing: [J.action("x")])])])
        #expect(try client.mount("main", tree).diagnostics.count == 1)
        let answer = try client.update("main", tree)
        #expect(answer.result == counts(unchanged: 1))
        #expect(answer.notifications.isEmpty)
    }
}
