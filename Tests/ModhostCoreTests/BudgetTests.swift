@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

/// A List of `rows` text rows: `rows + 1` nodes.
private func listOf(_ rows: Int) -> JSONValue {
    SurfaceJSON.list((0..<rows).map { SurfaceJSON.text("row \($0)", key: "r\($0)") })
}

@Suite("Budgets: nodes across connections", .timeLimit(.minutes(20)))
struct NodeBudgetTests {
    /// A host whose node budget is `budget`, with two initialized clients.
    private func twoClients(budget: Int) throws -> (host: Host, a: SurfaceClient, b: SurfaceClient) {
        let host = Host(registry: .tests)
        host.limits.maxNodes = budget
        return (host, try SurfaceClient.initialized(host: host, peer: "a"), try SurfaceClient.initialized(host: host, peer: "b"))
    }

    @Test func aConnectionAloneMayUseTheWholeBudgetAndNoMore() throws {
        let (host, a, _) = try twoClients(budget: 100)
        try a.ok(a.mount("one", listOf(59)))
        try a.ok(a.mount("two", listOf(39)))
        #expect(host.totalNodes == 100)
        let refused = try a.mount("three", listOf(0))
        #expect(refused.errorCode == RPCErrorCode.overBudget)
        #expect(refused.error?["data"]?["reason"] == "node-share")
        #expect(refused.errorPath == "root")
        #expect(refused.error?["data"]?["limit"] == 0)
        #expect(host.totalNodes == 100, "a refused mount holds nothing")
    }

    @Test func onceAnotherConnectionHoldsNodesEachGrowsOnlyToAnEqualShare() throws {
        let (_, a, b) = try twoClients(budget: 100)
        try a.ok(a.mount("main", listOf(39)))  // 40 nodes
        // Two connections hold nodes once b does: a share is 50, so b's tree may have 50.
        let refused = try b.mount("main", listOf(50))  // 51 nodes
        #expect(refused.errorCode == RPCErrorCode.overBudget)
        #expect(refused.error?["data"]?["reason"] == "node-share")
        #expect(refused.error?["data"]?["share"] == 50)
        #expect(refused.error?["data"]?["connections"] == 2)
        #expect(refused.errorPath == "root.children[49]", "the place where the tree passed its share")
        try b.ok(b.mount("main", listOf(49)))  // 50 nodes
        // a holds 40 of its 50.
        #expect(try a.mount("more", listOf(10)).errorCode == RPCErrorCode.overBudget)
        try a.ok(a.mount("more", listOf(9)))
    }

    @Test func whatIsLeftOfTheBudgetBindsWhenItIsLessThanTheShare() throws {
        let (host, a, b) = try twoClients(budget: 100)
        try a.ok(a.mount("main", listOf(89)))  // 90 nodes, while alone
        let refused = try b.mount("main", listOf(10))  // 11 nodes: the share is 50, 10 are left
        #expect(refused.errorCode == RPCErrorCode.overBudget)
        #expect(refused.error?["data"]?["reason"] == "node-budget")
        #expect(refused.error?["data"]?["limit"] == 10)
        #expect(refused.error?["data"]?["heldByAll"] == 90)
        try b.ok(b.mount("main", listOf(9)))
        // a holds more than its share now: it may not grow, but it may keep and shrink.
        #expect(try a.update("main", listOf(90)).errorCode == RPCErrorCode.overBudget)
        try a.ok(a.update("main", listOf(89)))
        try a.ok(a.update("main", listOf(20)))
        #expect(host.totalNodes == 31)
    }

    @Test func unmountingAndClosingGiveNodesBack() throws {
        let (host, a, b) = try twoClients(budget: 100)
        try a.ok(a.mount("main", listOf(89)))
        #expect(try b.mount("main", listOf(30)).errorCode == RPCErrorCode.overBudget)
        try a.ok(a.unmount("main"))
        #expect(host.totalNodes == 0)
        try a.ok(a.mount("main", listOf(89)))
        a.session.close()
        #expect(host.totalNodes == 0)
        try b.ok(b.mount("main", listOf(98)))  // alone again: the whole budget
        #expect(host.totalNodes == 99)
    }

    @Test func thePerSurfaceLimitIsStillInvalidParams() throws {
        let host = Host(registry: .tests)
        host.limits.maxNodesPerSurface = 10
        let a = try SurfaceClient.initialized(host: host)
        let refused = try a.mount("main", listOf(10))
        #expect(refused.errorCode == RPCErrorCode.invalidParams)
        #expect(refused.errorPath == "root.children[9]")
    }
}

@Suite("Budgets: batches run in slices, within a reply budget", .timeLimit(.minutes(20)))
struct BatchBudgetTests {
    private func snapshotBatch(_ count: Int, notifications: Int = 0) -> [UInt8] {
        var elements: [JSONValue] = (0..<count).map { i in
            ["jsonrpc": "2.0", "id": .int(Int64(i)), "method": "snapshot", "params": ["surface": "main"]]
        }
        for _ in 0..<notifications { elements.append(["jsonrpc": "2.0", "method": "ping"]) }
        return Array(JSONValue.array(elements).jsonText.utf8)
    }

    @Test func aBatchStopsRunningRequestsOnceItsReplyPassesTheLimit() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", listOf(20)))
        let one = try client.snapshot().response!.jsonText.utf8.count
        client.session.batchReplyLimit = one * 2 + one / 2
        var out: [UInt8] = []
        client.session.receive(frame: snapshotBatch(6, notifications: 2), replies: &out)
        let frames = try surfaceDecodeFrames(out)
        try #require(frames.count == 2, "a diagnostic for the unrun notifications, then the batch's reply")
        #expect(frames[0]["method"] == "diagnostic")
        #expect(frames[0]["params"]?["code"] == "batch-notifications-not-run")
        let answers = try #require(frames[1].arrayValue)
        #expect(answers.map { $0["id"] } == [0, 1, 2, 3, 4, 5])
        // Three replies fit under the limit before it is reached (0, 1, 2 run).
        #expect(answers.prefix(3).allSatisfy { $0["result"]?["root"] != nil })
        for answer in answers.dropFirst(3) {
            #expect(answer["error"]?["code"] == .int(RPCErrorCode.overBudget))
            #expect(answer["error"]?["data"]?["reason"] == "batch-reply")
            #expect(answer["error"]?["data"]?["limit"] == .int(Int64(client.session.batchReplyLimit)))
        }
    }

    @Test func aBatchRunInSlicesAnswersExactlyAsOneRunAtOnce() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", SurfaceJSON.list([
            SurfaceJSON.row("r", modifiers: [SurfaceJSON.swipe(trailing: [SurfaceJSON.action("delete"), SurfaceJSON.action("archive")])]),
        ])))
        let batch: JSONValue = [
            ["jsonrpc": "2.0", "id": 1, "method": "ping"],
            ["jsonrpc": "2.0", "id": 2, "method": "interact", "params": ["surface": "main", "node": "r", "gesture": "swipe", "edge": "trailing"]],
            ["jsonrpc": "2.0", "id": 3, "method": "interact", "params": ["surface": "main", "node": "r", "gesture": "tapAction", "id": "archive"]],
            ["jsonrpc": "2.0", "id": 4, "method": "nope"],
            ["jsonrpc": "2.0", "id": 5, "method": "snapshot", "params": ["surface": "main"]],
        ]
        let bytes = Array(batch.jsonText.utf8)
        var sliced: [UInt8] = []
        var turns = 0
        client.session.receive(frame: bytes[...], replies: &sliced, yieldWhen: { true })
        while !client.session.acceptsFrames {
            turns += 1
            let early = try surfaceDecodeFrames(sliced)
            #expect(early.allSatisfy { $0["method"] == "event" }, "only events go out before the batch is done")
            client.session.resume(replies: &sliced, yieldWhen: { true })
        }
        #expect(turns == 4, "one request per slice")
        let frames = try surfaceDecodeFrames(sliced)
        #expect(frames.map { $0["method"] } == ["event", nil])
        let answers = try #require(frames.last?.arrayValue)
        #expect(answers.map { $0["id"] } == [1, 2, 3, 4, 5])
        #expect(answers[3]["error"]?["code"] == .int(RPCErrorCode.methodNotFound))

        // The same batch on a fresh surface, unsliced, gives the same reply bytes.
        try client.ok(client.unmount())
        try client.ok(client.mount("main", SurfaceJSON.list([
            SurfaceJSON.row("r", modifiers: [SurfaceJSON.swipe(trailing: [SurfaceJSON.action("delete"), SurfaceJSON.action("archive")])]),
        ])))
        var whole: [UInt8] = []
        client.session.receive(frame: bytes, replies: &whole)
        #expect(whole == sliced)
    }
}
