import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

@Suite("modhostd over a real socket", .blocksItsThread, .timeLimit(.minutes(20)))
struct DaemonProtocolTests {
    @Test func initializePingAndDescribeAnswer() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.client()
        #expect(try client.call("ping")["result"] == .object(JSONObject()))
        let initialized = try client.call("initialize", params: ["protocolVersion": 1])
        let result = try #require(initialized["result"])
        #expect(result["protocolVersion"] == 1)
        #expect(result["server"]?["name"] == "modhostd")
        // The bundled plugin is loaded without flags.
        let swipe = result["modifiers"]?.arrayValue?.first { $0["type"] == "swipeActions" }
        #expect(swipe?["plugin"] == "SwipeActions")
        #expect(result["views"]?.arrayValue?.contains("List") == true)
        let described = try client.call("describe")
        #expect(described["result"]?["plugins"] != nil)
        #expect(described["result"]?["modifiers"] != nil)
    }

    @Test func describeBeforeInitializeIsNotInitialized() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.client()
        let response = try client.call("describe")
        #expect(response["error"]?["code"] == .int(-32002))
    }

    @Test func badFrameLengthGetsFrameSizeErrorAndClosesOnlyThatConnection() throws {
        let daemon = try DaemonProcess(arguments: ["--max-frame", "1024"])
        let bystander = try daemon.initializedClient()
        let offender = try daemon.client()
        try offender.sendRaw([0, 0, 0x10, 0x00] + Array(repeating: UInt8(ascii: " "), count: 8))
        let answer = try offender.receive()
        #expect(answer["error"]?["code"] == .int(-32600))
        #expect(answer["error"]?["data"]?["reason"] == "frame-size")
        #expect(answer["error"]?["data"]?["limit"] == 1024)
        #expect(answer["id"] == .null)
        #expect(try offender.receiveFrame() == nil, "the connection must close after the frame-size error")
        #expect(try bystander.call("ping")["result"] != nil)
    }

    @Test func zeroLengthFrameIsAFrameSizeError() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.client()
        try client.sendRaw([0, 0, 0, 0])
        #expect(try client.receive()["error"]?["data"]?["reason"] == "frame-size")
        #expect(try client.receiveFrame() == nil)
    }

    @Test func invalidJSONGetsParseErrorAndTheConnectionStillAnswers() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.client()
        try client.sendRaw(FrameEncoder.frame(Array("{\"jsonrpc\": \"2.0\", \"id\": 1,".utf8)))
        let answer = try client.receive()
        #expect(answer["error"]?["code"] == .int(-32700))
        #expect(answer["id"] == .null)
        try client.sendRaw(FrameEncoder.frame([0x22, 0xC3, 0x28, 0x22]))  // invalid UTF-8 in a string
        #expect(try client.receive()["error"]?["code"] == .int(-32700))
        #expect(try client.call("ping")["result"] != nil)
    }

    @Test func aClientThatDisconnectsMidFrameDoesNotDisturbOthers() throws {
        let daemon = try DaemonProcess()
        let other = try daemon.initializedClient()
        do {
            let quitter = try daemon.client()
            let frame = FrameEncoder.frame(Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8))
            try quitter.sendRaw(Array(frame.prefix(10)))
            quitter.close()
        }
        try daemon.waitForLog("disconnected in the middle of a frame")
        #expect(try other.call("describe")["result"] != nil)
    }

    @Test func aBatchIsAnsweredAsOneArray() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.client()
        try client.sendRaw(FrameEncoder.frame(Array(#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"ping"},7]"#.utf8)))
        let answer = try client.receive()
        let items = try #require(answer.arrayValue)
        #expect(items.count == 2)
        #expect(items[0]["id"] == 1)
        #expect(items[1]["error"]?["code"] == .int(-32600))
    }

    @Test func hundredConcurrentClientsPipeliningGetExactlyTheirOwnAnswers() throws {
        let daemon = try DaemonProcess()
        let clientCount = 100
        let perClient = 1000
        let clients = try (0..<clientCount).map { _ in try daemon.client() }
        // Every client queues all its requests before any answer is read, so the daemon
        // interleaves all of them.
        for (c, client) in clients.enumerated() {
            var bytes: [UInt8] = []
            for i in 0..<perClient {
                let request = RPCMessage.request(id: .string("c\(c)-\(i)"), method: "ping")
                FrameEncoder.appendFrame(to: &bytes) { JSONWriter.write(request, into: &$0) }
            }
            try client.sendRaw(bytes)
        }
        for (c, client) in clients.enumerated() {
            for i in 0..<perClient {
                let answer = try client.receive()
                #expect(answer["id"] == .string("c\(c)-\(i)"))
                #expect(answer["result"] == .object(JSONObject()))
            }
        }
    }

    @Test func aClientThatStopsReadingIsClosedAfterTheWriteTimeout() throws {
        let daemon = try DaemonProcess(arguments: ["--write-timeout", "1", "--no-bundled-plugins"])
        let greedy = try daemon.client()
        var bytes: [UInt8] = []
        for i in 0..<2000 {
            FrameEncoder.appendFrame(to: &bytes) {
                JSONWriter.write(RPCMessage.request(id: .int(Int64(i)), method: "ping"), into: &$0)
            }
        }
        // Keep sending without reading: the daemon stops reading this client once its replies
        // queue up, then gives up on it when they do not move for a second.
        var closed = false
        for _ in 0..<200 where !closed {
            do { try greedy.sendRaw(bytes) } catch { closed = true }
        }
        try daemon.waitForLog("without the client reading any (--write-timeout 1 s)")
        let bystander = try daemon.client()
        #expect(try bystander.call("ping")["result"] != nil)
    }

    @Test(.blocksItsThread, .timeLimit(.minutes(20)))
    func aClientThatStopsReadingSeesItsConnectionEndWhileAnotherIsServed() throws {
        let daemon = try DaemonProcess(arguments: ["--write-timeout", "1", "--no-bundled-plugins"])
        let bystander = try daemon.initializedClient()
        let greedy = try daemon.client()
        // Numbered pings, sent as fast as the socket takes them; none of the replies is read.
        var sentWhole = 0
        var queued: [UInt8] = []
        var queuedCount = 0
        var offset = 0
        var stalledSince: Date? = nil
        var servedDuringStall = false
        var ended: Date? = nil
        let deadline = Date().addingTimeInterval(20)
        while ended == nil && Date() < deadline {
            if offset == queued.count {
                sentWhole += queuedCount
                queued = []
                offset = 0
                for i in 0..<1000 {
                    FrameEncoder.appendFrame(to: &queued) {
                        JSONWriter.write(RPCMessage.request(id: .int(Int64(sentWhole + i)), method: "ping"), into: &$0)
                    }
                }
                queuedCount = 1000
            }
            let written: Int
            do {
                written = try greedy.sendWithoutWaiting(queued[offset...])
            } catch {
                // EPIPE or ECONNRESET: the daemon closed this connection.
                ended = Date()
                break
            }
            offset += written
            guard written == 0 else { continue }
            // The socket takes no more: the daemon has stopped reading this client.
            if stalledSince == nil { stalledSince = Date() }
            if !servedDuringStall {
                #expect(try bystander.call("ping")["result"] != nil, "another client is served meanwhile")
                servedDuringStall = true
            }
            usleep(10_000)
        }
        let end = try #require(ended, "the connection of a client that reads nothing was still open 20 s later:\n\(daemon.log)")
        // On a busy machine the client can take longer to make its next thousand pings than
        // the daemon's 1 s write timeout: the connection then ends before the client sees its
        // socket full, and there is no stall to time (the bystander is still checked below).
        if let stall = stalledSince {
            #expect(servedDuringStall)
            #expect(end.timeIntervalSince(stall) < 10, "closed \(end.timeIntervalSince(stall)) s after the client's socket filled")
        }
        // What the client can still read ends in EOF (or ECONNRESET), not in a wait: the
        // replies queued when it was closed, in order, and not one for every request sent.
        var replies = 0
        while let frame = try greedy.receiveFrame(timeoutMilliseconds: 5000) {
            guard let reply = try? JSONParser.parse(frame) else { break }
            #expect(reply["id"] == .int(Int64(replies)))
            replies += 1
        }
        #expect(replies < sentWhole, "\(replies) replies for \(sentWhole) requests")
        #expect(try bystander.call("ping")["result"] != nil)
        #expect(try daemon.client().call("ping")["result"] != nil)
    }

    @Test func aClientThatReadsItsRepliesIsNeverClosedHoweverMuchItPipelines() throws {
        // Replies far past --max-outbound, all requested at once: the daemon stops reading
        // while they queue, and answers every one as the client reads.
        let daemon = try DaemonProcess(arguments: ["--max-outbound", "1M", "--no-bundled-plugins"])
        let client = try daemon.initializedClient()
        let rows: [JSONValue] = (0..<2000).map { .object(JSONObject([("type", "Text"), ("key", .string("row-\($0)")), ("props", ["text": .string(String(repeating: "x", count: 40))])])) }
        #expect(try client.call("mount", params: ["surface": "big", "root": ["type": "List", "children": .array(rows)]])["result"] != nil)
        var bytes: [UInt8] = []
        let count = 200
        for i in 0..<count {
            FrameEncoder.appendFrame(to: &bytes) {
                JSONWriter.write(RPCMessage.request(id: .int(Int64(i)), method: "snapshot", params: ["surface": "big"]), into: &$0)
            }
        }
        try client.sendRaw(bytes)
        var total = 0
        for i in 0..<count {
            let frame = try #require(try client.receiveFrame())
            total += frame.count
            let answer = try JSONParser.parse(frame)
            #expect(answer["id"] == .int(Int64(i)))
            #expect(answer["result"]?["root"] != nil)
        }
        #expect(total > 20 << 20, "the replies were \(total) bytes, far more than --max-outbound")
        #expect(!daemon.log.contains("closing"), "\(daemon.log)")
    }

    @Test func aStallAfterAnIdleSpellIsStillCaught() throws {
        // The stall check runs only while some connection has a partial frame or waiting
        // output, and stops once none has: it must start again for the next stall.
        let daemon = try DaemonProcess(arguments: ["--frame-timeout", "1", "--no-bundled-plugins"])
        for round in 0..<2 {
            let stalled = try daemon.client()
            try stalled.sendRaw([0, 0, 0, 100] + Array(repeating: UInt8(ascii: " "), count: 10))
            let answer = try JSONParser.parse(try #require(try stalled.receiveFrame(timeoutMilliseconds: 5000), "round \(round)"))
            #expect(answer["error"]?["data"]?["reason"] == "frame-timeout", "round \(round): \(answer.jsonText)")
            // Idle for over two checks: nothing is stalled, so the check stops.
            #expect(try daemon.client().call("ping")["result"] != nil)
            usleep(2_500_000)
        }
    }

    @Test func aFrameNotCompletedInTimeEndsItsConnectionWithAnError() throws {
        let daemon = try DaemonProcess(arguments: ["--frame-timeout", "1", "--no-bundled-plugins"])
        // Part of a frame, then nothing.
        let stalled = try daemon.client()
        try stalled.sendRaw([0, 0, 0, 100] + Array(repeating: UInt8(ascii: " "), count: 10))
        let answer = try JSONParser.parse(try #require(try stalled.receiveFrame(timeoutMilliseconds: 5000)))
        #expect(answer["error"]?["code"] == -32600)
        #expect(answer["error"]?["data"]?["reason"] == "frame-timeout")
        #expect(answer["error"]?["data"]?["received"] == 14, "the header and 10 bytes")
        #expect(try stalled.receiveFrame(timeoutMilliseconds: 5000) == nil, "then the connection is closed")
        // A frame trickled a byte at a time is late too, although bytes keep coming.
        let trickle = try daemon.client()
        try trickle.sendRaw([0, 0, 0, 40])
        var answered: JSONValue? = nil
        for _ in 0..<40 where answered == nil {
            try? trickle.sendRaw([UInt8(ascii: " ")])
            if let frame = try? trickle.receiveFrame(timeoutMilliseconds: 200) { answered = try JSONParser.parse(frame) }
        }
        #expect(answered?["error"]?["data"]?["reason"] == "frame-timeout", "\(answered?.jsonText ?? "no answer")")
        try daemon.waitForLog("a frame was not completed within 1 s")
        // Others are served meanwhile, and a client that sends whole frames is never late.
        #expect(try daemon.client().call("ping")["result"] != nil)
    }
}
