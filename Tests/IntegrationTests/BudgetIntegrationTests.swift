import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

/// A List of `rows` keyed text rows.
private func list(rows: Int) -> JSONValue {
    let children: [JSONValue] = (0..<rows).map {
        .object(JSONObject([("type", "Text"), ("key", .string("row-\($0)")), ("props", ["text": .string("row \($0) of the list")])]))
    }
    return ["type": "List", "children": .array(children)]
}

/// One frame holding a batch of `count` snapshots of `surface`.
private func snapshotBatch(_ count: Int, surface: String) -> [UInt8] {
    let requests: [JSONValue] = (0..<count).map {
        RPCMessage.request(id: .int(Int64($0)), method: "snapshot", params: ["surface": .string(surface)])
    }
    return FrameEncoder.frame(Array(JSONValue.array(requests).jsonText.utf8))
}

@Suite("Budgets and fairness, through a real daemon", .serialized, .blocksItsThread, .timeLimit(.minutes(20)))
struct BudgetIntegrationTests {
    @Test func aBystanderIsServedWhileAnotherClientsBigBatchRuns() throws {
        let daemon = try DaemonProcess(arguments: ["--no-bundled-plugins"])
        let heavy = try daemon.initializedClient()
        #expect(try heavy.call("mount", params: ["surface": "big", "root": list(rows: 5000)], timeoutMilliseconds: 60_000)["result"] != nil)
        let bystander = try daemon.initializedClient()
        let started = Date()
        try heavy.sendRaw(snapshotBatch(30, surface: "big"))
        // Before slices, the loop ran the whole batch before it read anything else: every
        // ping waited for it, and the batch's reply was on its way before the first pong.
        var servedDuringBatch = 0
        for _ in 0..<10 {
            #expect(try bystander.call("ping")["result"] != nil)
            if !heavy.hasInput() { servedDuringBatch += 1 }
        }
        let reply = try JSONParser.parse(try #require(try heavy.receiveFrame(timeoutMilliseconds: 120_000)))
        let batchSeconds = Date().timeIntervalSince(started)
        let answers = try #require(reply.arrayValue)
        #expect(answers.count == 30)
        #expect(servedDuringBatch == 10, "pings answered before the batch's reply began: \(servedDuringBatch) of 10 (the batch took \(batchSeconds) s)")
        #expect(answers.allSatisfy { $0["result"]?["root"] != nil })
    }

    /// A large reply's pages are given back as the journal copies it, 4 MiB at a time: every
    /// byte must still arrive, across the chunks' edges and the pages that straddle them.
    @Test func aLargeBatchReplyArrivesByteForByte() throws {
        let daemon = try DaemonProcess(arguments: ["--no-bundled-plugins"])
        let client = try daemon.initializedClient()
        #expect(try client.call("mount", params: ["surface": "big", "root": list(rows: 5000)], timeoutMilliseconds: 60_000)["result"] != nil)
        let lone = try #require(try client.call("snapshot", params: ["surface": "big"])["result"])
        let count = 40
        try client.sendRaw(snapshotBatch(count, surface: "big"))
        let frame = try #require(try client.receiveFrame(timeoutMilliseconds: 120_000))
        #expect(frame.count > 3 * (4 << 20), "the reply spans several chunks: \(frame.count) bytes")
        let answers = try #require(try JSONParser.parse(frame).arrayValue)
        #expect(answers.count == count)
        for (index, answer) in answers.enumerated() {
            #expect(answer["id"] == .int(Int64(index)))
            #expect(answer["result"] == lone, "answer \(index) differs from the lone snapshot")
        }
        #expect(try client.call("ping")["result"] != nil)
    }

    @Test func aBatchWhoseReplyPassesMaxOutboundRunsNoMoreRequests() throws {
        let daemon = try DaemonProcess(arguments: ["--no-bundled-plugins", "--max-outbound", "1M"])
        let client = try daemon.initializedClient()
        #expect(try client.call("mount", params: ["surface": "big", "root": list(rows: 2000)])["result"] != nil)
        let one = try #require(try client.call("snapshot", params: ["surface": "big"]).jsonText.utf8.count as Int?)
        try client.sendRaw(snapshotBatch(30, surface: "big"))
        let answers = try #require(try client.receive(timeoutMilliseconds: 60_000).arrayValue)
        #expect(answers.map(\.["id"]) == (0..<30).map { .int(Int64($0)) })
        let run = answers.prefix { $0["result"] != nil }.count
        // Requests run while the reply is under 1 MiB: one more than fit under it.
        #expect(run == (1 << 20) / (one + 1) + 1, "\(run) ran, each reply \(one) bytes")
        for answer in answers.dropFirst(run) {
            #expect(answer["error"]?["code"] == .int(RPCErrorCode.overBudget))
            #expect(answer["error"]?["data"]?["reason"] == "batch-reply")
        }
        try daemon.waitForLog("a batch's reply passed 1048576 bytes (--max-outbound), so \(30 - run) request(s)")
        #expect(try client.call("ping")["result"] != nil, "the client is served on")
    }

    @Test func pastMaxBufferedClientsInTheMiddleOfAFrameWaitButTheFirst() throws {
        let daemon = try DaemonProcess(arguments: ["--no-bundled-plugins", "--max-buffered", "1M", "--max-frame", "4M"])
        /// A ping frame of `size` payload bytes: the request, then spaces.
        func paddedPing(_ id: String, size: Int) -> [UInt8] {
            let text = Array(#"{"jsonrpc":"2.0","id":"\#(id)","method":"ping"}"#.utf8)
            return FrameEncoder.frame(text + [UInt8](repeating: UInt8(ascii: " "), count: size - text.count))
        }
        let first = try daemon.client()
        let firstFrame = paddedPing("first", size: 1_500_000)
        try first.sendRaw(Array(firstFrame[..<900_000]))
        usleep(300_000)  // the daemon reads it
        let second = try daemon.client()
        let secondFrame = paddedPing("second", size: 1_500_000)
        var sent = 0
        for _ in 0..<50 {
            sent += try second.sendWithoutWaiting(secondFrame[sent...])
            usleep(10_000)
        }
        try daemon.waitForLog("over --max-buffered 1048576")
        #expect(sent < secondFrame.count, "the daemon stopped reading the second client: \(sent) of \(secondFrame.count) bytes went")
        // Someone with nothing unfinished is served meanwhile.
        #expect(try daemon.client().call("ping")["result"] != nil)
        // The first frame can always finish; then the second client is read again.
        try first.sendRaw(Array(firstFrame[900_000...]))
        #expect(try first.receive()["id"] == "first")
        while sent < secondFrame.count {
            sent += try second.sendWithoutWaiting(secondFrame[sent...])
            if sent < secondFrame.count { usleep(1000) }
        }
        #expect(try second.receive()["id"] == "second")
        try daemon.waitForLog("under --max-buffered 1048576 again")
    }

    @Test func theNodeBudgetIsSharedFairlyAcrossClients() throws {
        let daemon = try DaemonProcess(arguments: ["--no-bundled-plugins", "--max-nodes", "1000"])
        let first = try daemon.initializedClient()
        let second = try daemon.initializedClient()
        #expect(try first.call("mount", params: ["surface": "a", "root": list(rows: 599)])["result"] != nil)
        let refused = try second.call("mount", params: ["surface": "b", "root": list(rows: 599)])
        #expect(refused["error"]?["code"] == .int(RPCErrorCode.overBudget))
        #expect(refused["error"]?["data"]?["reason"] == "node-budget", "\(refused.jsonText)")
        #expect(refused["error"]?["data"]?["limit"] == 400)
        try daemon.waitForLog("(--max-nodes) is nearly spent")
        #expect(try second.call("mount", params: ["surface": "b", "root": list(rows: 399)])["result"] != nil)
        // The first client holds more than its share of 500 now: it may not grow.
        let grow = try first.call("mount", params: ["surface": "c", "root": ["type": "Text", "props": ["text": "one more"]]])
        #expect(grow["error"]?["data"]?["reason"] == "node-share", "\(grow.jsonText)")
        first.close()
        // Its nodes go with it.
        var mounted: JSONValue = .null
        for _ in 0..<100 {
            mounted = try second.call("mount", params: ["surface": "c", "root": list(rows: 500)])
            if mounted["result"] != nil { break }
            usleep(20_000)
        }
        #expect(mounted["result"] != nil, "\(mounted.jsonText)")
    }
}
