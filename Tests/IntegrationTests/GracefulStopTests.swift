import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

/// A daemon with the faulty plugin and the greeting one, whose Faulty fixture appends what it
/// does to `trace` (MODHOST_TEST_FAULTY_TRACE).
private func stopSetup(environment: [String: String] = [:]) throws -> (folder: TemporaryFolder, trace: String, daemon: DaemonProcess) {
    let folder = TemporaryFolder()
    let root = folder.path + "/plugins"
    try PluginFixtures.make(in: root, folder: "faulty", name: "Faulty", library: "libFaultyFixture.so", modules: ["FaultyModule"])
    try PluginFixtures.make(in: root, folder: "greeting", name: "Greeting")
    let trace = folder.path + "/trace"
    let daemon = try DaemonProcess(
        arguments: PluginFixtures.daemonArguments(root), folder: folder,
        environment: PluginFixtures.environment(folder).merging(["MODHOST_TEST_FAULTY_TRACE": trace]) { $1 }.merging(environment) { $1 })
    return (folder, trace, daemon)
}

private func contents(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

/// Waits up to `seconds` for the daemon to exit; kills it (and `engine`) if it does not, so
/// that a failing test does not hang in the harness's deinit.
private func waitForExit(_ daemon: DaemonProcess, engine: Int32, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while daemon.process.isRunning && Date() < deadline { usleep(10_000) }
    guard daemon.process.isRunning else { return true }
    kill(engine, SIGKILL)
    kill(daemon.process.processIdentifier, SIGKILL)
    daemon.process.waitUntilExit()
    return false
}

/// A big surface (2000 rows, a snapshot near 1 MB) and `count` snapshot requests of it, sent
/// at once, unread.
private func pipelineSnapshots(_ client: BlockingClient, count: Int) throws {
    let rows: [JSONValue] = (0..<2000).map {
        .object(JSONObject([("type", "Text"), ("key", .string("row-\($0)")), ("props", ["text": .string(String(repeating: "x", count: 400))])]))
    }
    #expect(try client.call("mount", params: ["surface": "big", "root": ["type": "List", "children": .array(rows)]])["result"] != nil)
    var bytes: [UInt8] = []
    for i in 0..<count {
        FrameEncoder.appendFrame(to: &bytes) {
            JSONWriter.write(RPCMessage.request(id: .int(Int64(i)), method: "snapshot", params: ["surface": "big"]), into: &$0)
        }
    }
    try client.sendRaw(bytes)
}

@Suite("modhostd stops gracefully on SIGTERM", .blocksItsThread, .timeLimit(.minutes(20)))
struct GracefulStopTests {
    @Test func theRequestInProgressIsAnsweredAndOnDestroyRuns() throws {
        let (_, trace, daemon) = try stopSetup()
        let client = try daemon.initializedClient()
        let engine = try #require(daemon.enginePID)
        // A mount whose body takes a second: SIGTERM comes while it runs.
        try client.send([
            "jsonrpc": "2.0", "id": 7, "method": "mount",
            "params": ["surface": "s", "root": ["type": "Text", "modifiers": [["$type": "faulty", "fault": "slow"]]]],
        ])
        let deadline = Date().addingTimeInterval(10)
        while !contents(trace).contains("slow body started") && Date() < deadline { usleep(2000) }
        #expect(contents(trace) == "slow body started\n", "the request was read and OnDestroy has not run")
        let start = Date()
        kill(daemon.process.processIdentifier, SIGTERM)

        var answer = try client.receive()
        while answer["id"] == nil { answer = try client.receive() }
        #expect(answer["id"] == 7)
        #expect(answer["result"] != nil, "\(answer.jsonText)")
        #expect(try client.receiveFrame() == nil, "then the connection is closed")

        #expect(waitForExit(daemon, engine: engine, seconds: 20), "modhostd did not exit:\n\(daemon.log)")
        #expect(daemon.process.terminationStatus == 0)
        #expect(Date().timeIntervalSince(start) < 9, "the engine stopped by itself")
        // OnDestroy ran, once, at the stop.
        #expect(contents(trace) == "slow body started\nOnDestroy\n", "\(contents(trace))")
        #expect(daemon.log.contains("engine stopped"), "\(daemon.log)")
        #expect(!daemon.log.contains("did not stop in time"))
        // The supervisor let go of the engine before it asked it to stop, so its exit
        // handlers ran (LeakSanitizer's check, under scripts/test --sanitize address).
        #expect(!daemon.log.contains("ending without exit handlers"), "\(daemon.log)")
        #expect(kill(engine, 0) != 0, "the engine is gone")
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
    }

    /// A SIGTERM sent to the engine alone stops it as any, but its supervisor did not ask for
    /// that stop and still traces it: it ends without exit handlers, whose leak check would
    /// fail under a tracer (a sanitizer report under --sanitize address), and the next
    /// engine serves.
    @Test func anEngineSentSIGTERMAloneEndsWithoutExitHandlersAndTheNextServes() throws {
        let (_, trace, daemon) = try stopSetup()
        #expect(try daemon.initializedClient().call("ping")["result"] != nil)
        let engine = try #require(daemon.enginePID)
        #expect(tracerPID(of: engine) != 0, "the supervisor does not trace its engine here:\n\(daemon.log)")
        kill(engine, SIGTERM)
        try daemon.waitForLog("ending without exit handlers")
        let deadline = Date().addingTimeInterval(30)
        while (daemon.enginePID == engine || daemon.enginePID == nil) && Date() < deadline { usleep(10_000) }
        let next = try #require(daemon.enginePID)
        #expect(next != engine, "no engine started after the first stopped:\n\(daemon.log)")
        #expect(kill(engine, 0) != 0, "the first engine is gone")
        // It stopped as on any SIGTERM: its plugins' OnDestroy ran.
        #expect(contents(trace).hasPrefix("OnDestroy\n"), "\(contents(trace))")
        #expect(try daemon.initializedClient().call("ping")["result"] != nil)
    }

    @Test func repliesDrainToAReaderAndAClientThatDoesNotReadIsCutAfterTheGracePeriod() throws {
        let (_, trace, daemon) = try stopSetup()
        let engine = try #require(daemon.enginePID)
        let reader = try daemon.initializedClient()
        let stalled = try daemon.initializedClient()
        try pipelineSnapshots(reader, count: 200)
        try pipelineSnapshots(stalled, count: 200)
        // The engine answers until 1 MiB of replies waits for each, then stops reading them.
        // Its first reply says it is answering (on a loaded machine that takes a while).
        let first = try #require(try reader.receiveFrame(timeoutMilliseconds: 60_000), "no reply before the stop")
        usleep(1_000_000)
        let start = Date()
        kill(daemon.process.processIdentifier, SIGTERM)

        // Every reply the engine had made reaches the reader, whole and in order: at least
        // one of near 1 MB, where the socket holds some 200 KiB, so most of it was written
        // after the stop began. Then the connection ends.
        var replies = 1
        var bytes = first.count
        #expect(try JSONParser.parse(first)["id"] == .int(0))
        while let frame = try reader.receiveFrame(timeoutMilliseconds: 10_000) {
            let reply = try JSONParser.parse(frame)
            #expect(reply["id"] == .int(Int64(replies)))
            #expect(reply["result"]?["root"] != nil)
            replies += 1
            bytes += frame.count
        }
        #expect(replies >= 1 && bytes > 512 << 10, "\(replies) replies of \(bytes) bytes drained")
        #expect(replies < 200, "requests not yet read when the stop came are not answered")

        // The other's replies do not drain: it is closed after the 2 s grace period, and the
        // engine stops well before the supervisor would kill it.
        #expect(waitForExit(daemon, engine: engine, seconds: 20), "modhostd did not exit:\n\(daemon.log)")
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds >= 1.9 && seconds < 9, "stopped \(seconds) s after SIGTERM")
        #expect(daemon.process.terminationStatus == 0)
        #expect(daemon.log.contains("closing 1 connection(s) whose replies did not drain in time"), "\(daemon.log)")
        #expect(!daemon.log.contains("did not stop in time"))
        var unread = 0
        while (try? stalled.receiveFrame(timeoutMilliseconds: 5000)) != nil { unread += 1 }
        #expect(unread < 200, "the stalled client's connection ended after \(unread) replies")
        #expect(contents(trace) == "OnDestroy\n", "\(contents(trace))")
    }

    @Test func anEngineStillRunningTenSecondsAfterSigtermIsKilled() throws {
        let (_, trace, daemon) = try stopSetup(environment: ["MODHOST_TEST_FAULT": "ondestroy-hang"])
        #expect(try daemon.initializedClient().call("ping")["result"] != nil)
        let engine = try #require(daemon.enginePID)
        let start = Date()
        kill(daemon.process.processIdentifier, SIGTERM)
        #expect(waitForExit(daemon, engine: engine, seconds: 25), "modhostd did not exit:\n\(daemon.log)")
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds >= 9.9 && seconds < 15, "stopped \(seconds) s after SIGTERM")
        #expect(contents(trace) == "OnDestroy\n", "the engine hung in OnDestroy: \(contents(trace))")
        #expect(daemon.process.terminationStatus == 0)
        #expect(daemon.log.contains("the engine did not stop in time; killing it"), "\(daemon.log)")
        #expect(daemon.log.contains("the engine ended with SIGKILL while stopping"), "\(daemon.log)")
        #expect(kill(engine, 0) != 0, "the engine is gone")
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
    }
}
