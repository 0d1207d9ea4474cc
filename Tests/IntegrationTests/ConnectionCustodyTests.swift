import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

/// Connections outlive the engine (crashes.md section 6): through crashes and hangs, every
/// client keeps its connection, every request is answered exactly once and in order (by a
/// result, or by the restart error for the one that was running), and surfaces are rebuilt as
/// they were committed.
@Suite("Connections outlive the engine", .blocksItsThread, .timeLimit(.minutes(20)))
struct ConnectionCustodyTests {
    /// A daemon with the bundled plugins and the faulty one, whose calls time out after 0.5 s.
    private func daemon(environment: [String: String] = [:]) throws -> (TemporaryFolder, String, DaemonProcess) {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "faulty", name: "Faulty", library: "libFaultyFixture.so", modules: ["FaultyModule"])
        let daemon = try DaemonProcess(
            arguments: ["--plugins", root, "--plugin-timeout", "0.5"], folder: folder,
            environment: PluginFixtures.environment(folder).merging(environment) { $1 })
        return (folder, root, daemon)
    }

    private static func frames(_ messages: [JSONValue]) -> [UInt8] {
        var bytes: [UInt8] = []
        for message in messages { FrameEncoder.appendFrame(to: &bytes) { JSONWriter.write(message, into: &$0) } }
        return bytes
    }

    /// The replies to `ids` on `client`, in order, and the notifications that came between.
    private static func replies(_ count: Int, on client: BlockingClient) throws -> (replies: [JSONValue], notifications: [JSONValue]) {
        var replies: [JSONValue] = []
        var notifications: [JSONValue] = []
        while replies.count < count {
            let message = try client.receive(timeoutMilliseconds: 20_000)
            if message["method"] != nil && message["id"] == nil { notifications.append(message) } else { replies.append(message) }
        }
        return (replies, notifications)
    }

    @Test func everyRequestIsAnsweredOnceThroughCrashesAndHangsAndSurfacesComeBackAsCommitted() throws {
        let (_, _, daemon) = try daemon()
        let pingers = try (0..<50).map { _ in try daemon.initializedClient() }
        let viewers = try (0..<10).map { index -> BlockingClient in
            let client = try daemon.initializedClient()
            let mounted = try client.call("mount", params: [
                "surface": .string("inbox\(index)"), "root": ["type": "List", "children": [mailRow("m1"), mailRow("m2")]],
            ])
            #expect(mounted["result"] != nil, "\(mounted.jsonText)")
            return client
        }
        let committed = try viewers.enumerated().map { index, client in
            try #require(client.call("snapshot", params: ["surface": .string("inbox\(index)")])["result"])
        }
        let culprit = try daemon.initializedClient()
        var nextID: Int64 = 1000
        var restarts: [Double] = []
        // 20 crashes and 5 hangs, each in the middle of a pipeline of the culprit's own: the
        // pings before it were answered by the old engine (their replies maybe unwritten), those
        // after it were read and not handled.
        for round in 0..<25 {
            let fault = round % 5 == 4 ? "hang" : "body"
            for (index, pinger) in pingers.enumerated() {
                let ids = (0..<10).map { Int64(index * 1_000_000 + round * 10 + $0) }
                try pinger.sendRaw(Self.frames(ids.map { RPCMessage.request(id: .int($0), method: "ping") }))
            }
            for (index, viewer) in viewers.enumerated() {
                let surface = JSONValue.string("inbox\(index)")
                try viewer.sendRaw(Self.frames([
                    RPCMessage.request(id: .int(nextID), method: "interact", params: ["surface": surface, "node": "m1", "gesture": "swipe", "edge": "trailing"]),
                    RPCMessage.request(id: .int(nextID + 1), method: "interact", params: ["surface": surface, "node": "m1", "gesture": "tapAction", "id": "edit"]),
                ]))
            }
            let before = [nextID + 2, nextID + 3]
            let crashing = nextID + 4
            let after = [nextID + 5, nextID + 6]
            nextID += 7
            let start = Date()
            try culprit.sendRaw(Self.frames(
                before.map { RPCMessage.request(id: .int($0), method: "ping") }
                    + [RPCMessage.request(id: .int(crashing), method: "mount", params: ["surface": "f", "root": faultyRow(fault)])]
                    + after.map { RPCMessage.request(id: .int($0), method: "ping") }))
            let (answers, heard) = try Self.replies(5, on: culprit)
            restarts.append(Date().timeIntervalSince(start))
            #expect(answers.map { $0["id"] } == (before + [crashing] + after).map { .int($0) }, "round \(round): \(answers.map(\.jsonText))")
            for answer in answers where answer["id"] != .int(crashing) { #expect(answer["result"] == .object(JSONObject()), "\(answer.jsonText)") }
            expectRestartError(answers[2], reason: fault == "hang" ? "plugin-hung" : "plugin-crashed")
            #expect(heard.contains { $0["method"] == "engineRestarted" }, "round \(round): \(heard.map(\.jsonText))")

            for (index, pinger) in pingers.enumerated() {
                let (answers, _) = try Self.replies(10, on: pinger)
                let ids = (0..<10).map { JSONValue.int(Int64(index * 1_000_000 + round * 10 + $0)) }
                #expect(answers.map { $0["id"] } == ids, "pinger \(index), round \(round)")
                #expect(answers.allSatisfy { $0["result"] == .object(JSONObject()) })
            }
            for viewer in viewers {
                let (answers, heard) = try Self.replies(2, on: viewer)
                #expect(answers[0]["result"]?["handled"] == true, "\(answers[0].jsonText)")
                // A restart between the swipe and the tap closes the row: the tap is refused.
                let restarted = heard.contains { $0["method"] == "engineRestarted" }
                if answers[1]["result"]?["handled"] != true {
                    #expect(restarted, "\(answers[1].jsonText)")
                    // The tap is refused (the row's actions are not showing), or, when the
                    // restart came before the swipe was answered, finds nothing to act on.
                    let refused = answers[1]["error"]?["message"]?.stringValue?.contains("swipe") == true
                    #expect(refused || answers[1]["result"]?["handled"] == false, "\(answers[1].jsonText)")
                    // Leave the row closed, as a tap would have.
                }
            }
            let enabled = try culprit.call("enablePlugin", params: ["name": "Faulty"], timeoutMilliseconds: 20_000)
            #expect(enabled["result"] != nil, "\(enabled.jsonText)")
        }
        print("the culprit's pipeline was answered \(restarts.map { String(format: "%.3f", $0) }.joined(separator: ", ")) s after it was sent")
        // Nobody was disconnected, and every surface is as it was committed.
        for pinger in pingers { #expect(try pinger.call("ping")["result"] != nil) }
        for (index, viewer) in viewers.enumerated() {
            let now = try #require(viewer.call("snapshot", params: ["surface": .string("inbox\(index)")])["result"])
            #expect(now == committed[index], "inbox\(index)")
        }
        #expect(daemon.log.components(separatedBy: "the plugin is quarantined, starting a new engine without it").count - 1 == 25, "\(daemon.log)")
    }

    @Test func anEngineKilledRightAfterAWriteDoesNotMakeTheNextSendItAgain() throws {
        // The likeliest moment for an engine to be stopped is just after a write, when the
        // reader it woke runs first: the record must already say those bytes went out. (Kills
        // from outside are unattributed ends: back-off scaled down to milliseconds.)
        let (_, _, daemon) = try daemon(environment: ["MODHOST_TEST_BACKOFF_SCALE": "0.001"])
        let client = try daemon.initializedClient()
        var id: Int64 = 100
        for round in 1...30 {
            let engine = try #require(daemon.enginePID)
            id += 2
            let answer = try client.call("ping")
            #expect(answer["result"] != nil)
            kill(engine, SIGSTOP)
            try client.send(["jsonrpc": "2.0", "id": .int(id), "method": "ping"])
            kill(engine, SIGKILL)
            try daemon.waitForLog("info: listening on", occurrences: round + 1)
            var replies: [JSONValue] = []
            while replies.last?["id"] != .int(id) {
                let message = try client.receive(timeoutMilliseconds: 20_000)
                if message["method"] == nil { replies.append(message) }
            }
            #expect(replies.count == 1, "round \(round): the reply before the kill came again: \(replies.map(\.jsonText))")
        }
    }

    @Test func aSessionComesBackWithItsHandshakeStrictParamsAndWatch() throws {
        let (_, _, daemon) = try daemon()
        let strict = try daemon.client()
        #expect(try strict.call("initialize", params: ["protocolVersion": 1, "strictParams": true, "client": ["name": "strict", "version": "1"]])["result"] != nil)
        let watcher = try daemon.initializedClient()
        #expect(try watcher.call("watch", params: ["topics": ["diagnostic"]])["result"] != nil)
        let culprit = try daemon.initializedClient()
        expectRestartError(try culprit.call("mount", params: ["surface": "f", "root": faultyRow("body")]))
        // Still initialized (a describe needs it), still strict: an unknown param fails.
        #expect(try strict.call("describe")["result"] != nil)
        let refused = try strict.call("mount", params: [
            "surface": "s", "root": ["type": "Text", "modifiers": [["$type": "swipeActions", "trailling": []]]],
        ])
        #expect(refused["error"]?["code"] == -32602, "\(refused.jsonText)")
        // Still watching: another connection's diagnostic reaches it as a copy.
        let other = try daemon.initializedClient()
        _ = try other.call("mount", params: ["surface": "q", "root": ["type": "Text", "modifiers": [["$type": "faulty", "fault": "none"]]]])
        let copy = try watcher.nextNotification("watched")
        #expect(copy["params"]?["method"] == "diagnostic", "\(copy.jsonText)")
    }

    @Test func aPluginThatWritesOverTheJournalsIsBlamedAndNoClientIsLeftWaiting() throws {
        let (_, root, daemon) = try daemon()
        let bystander = try daemon.initializedClient()
        #expect(try bystander.call("mount", params: ["surface": "s", "root": ["type": "List", "children": [mailRow("m1")]]])["result"] != nil)
        let culprit = try daemon.initializedClient()
        try culprit.send(["jsonrpc": "2.0", "id": 7, "method": "mount", "params": ["surface": "f", "root": faultyRow("scribble-journals-crash")]])
        try daemon.waitForLog("the engine stopped in plugin Faulty (\(root)/faulty)")
        // The journals no longer read as journals: their connections are closed, at once, rather
        // than served from garbage or left open with nobody serving them.
        #expect(throws: ClientError.self) { try bystander.call("ping", timeoutMilliseconds: 10_000) }
        try daemon.waitForLog("its journal does not read as one")
        let client = try daemon.initializedClient()
        let plugins = try #require(client.call("describe")["result"]?["plugins"]?.arrayValue)
        let faulty = try #require(plugins.first { $0["path"]?.stringValue == root + "/faulty" })
        #expect(faulty["status"] == "quarantined", "\(faulty.jsonText)")
        #expect(plugins.filter { $0["status"] == "quarantined" }.count == 1, "\(plugins)")
    }

    @Test func forgedCustodyMessagesAreRefusedAndNoClientIsServedTwice() throws {
        let trace = NSTemporaryDirectory() + "modhost-forge-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let (_, root, daemon) = try daemon(environment: ["MODHOST_TEST_FAULTY_TRACE": trace])
        let bystander = try daemon.initializedClient()
        #expect(try bystander.call("mount", params: ["surface": "s", "root": ["type": "List", "children": [mailRow("m1")]]])["result"] != nil)
        let before = try #require(bystander.call("snapshot", params: ["surface": "s"])["result"])
        let culprit = try daemon.initializedClient()
        expectRestartError(try culprit.call("mount", params: ["surface": "f", "root": faultyRow("forge-custody-crash")]))
        try daemon.waitForLog("the engine stopped in plugin Faulty (\(root)/faulty)")
        // The forgery ran (two connections, each sent again with both journals), so what
        // follows is the supervisor's doing.
        let traced = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        #expect(traced.contains("forged 2 connections x 2 journals"), "\(traced)")
        try daemon.waitForLog("the engine sent something else than a connection on its custody channel: hello")
        try daemon.waitForLog("not holding client #900000: its socket is not a connection of this daemon's listening socket")
        try daemon.waitForLog("its socket is held already", occurrences: 4)
        try daemon.waitForLog("taken over from the last engine", occurrences: 2)
        #expect(daemon.log.contains("handed 2 connection(s) over to the new engine"), "\(daemon.log)")
        // Each client is served by one connection of the next engine: every ping is answered
        // once, in order, and nothing else comes (a copy would replay its journal's output).
        let pings: [JSONValue] = (1...50).map { ["jsonrpc": "2.0", "id": .int(Int64(1000 + $0)), "method": "ping"] }
        try bystander.sendRaw(Self.frames(pings))
        let (replies, _) = try Self.replies(50, on: bystander)
        #expect(replies.map { $0["id"] } == pings.map { $0["id"] }, "\(replies.map(\.jsonText))")
        #expect(replies.allSatisfy { $0["result"] != nil }, "\(replies.map(\.jsonText))")
        #expect(try bystander.call("snapshot", params: ["surface": "s"])["result"] == before)
        #expect(throws: ClientError.self) { try bystander.receive(timeoutMilliseconds: 500) }
        #expect(try culprit.call("ping")["result"] != nil)
        // A copy would be a second session on the same socket: updates and snapshots would
        // land in either.
        for round in 1...20 {
            let label: JSONValue = ["type": "Text", "key": "label", "props": ["text": .string("round \(round)")]]
            #expect(try bystander.call("update", params: ["surface": "s", "root": ["type": "List", "children": [mailRow("m1"), label]]])["result"] != nil)
            let snapshot = try bystander.call("snapshot", params: ["surface": "s"])["result"]?.jsonText ?? ""
            #expect(snapshot.contains("round \(round)\""), "round \(round): \(snapshot)")
        }
        #expect(daemon.log.components(separatedBy: "taken over from the last engine").count - 1 == 2, "\(daemon.log)")
    }

    @Test func aPluginWithItsOwnSignalHandlerDoesNotStopTheHandover() throws {
        let (_, root, daemon) = try daemon()
        let bystander = try daemon.initializedClient()
        #expect(try bystander.call("mount", params: ["surface": "s", "root": ["type": "List", "children": [mailRow("m1")]]])["result"] != nil)
        let before = try #require(bystander.call("snapshot", params: ["surface": "s"])["result"])
        let culprit = try daemon.initializedClient()
        // Its SIGSEGV handler wipes the engine page and exits 0.
        expectRestartError(try culprit.call("mount", params: ["surface": "f", "root": faultyRow("own-handler-crash")]))
        try daemon.waitForLog("the engine stopped in plugin Faulty (\(root)/faulty)")
        #expect(try bystander.call("snapshot", params: ["surface": "s"])["result"] == before)
    }

    @Test func aPluginThatClosesEveryDescriptorLeavesNoClientStuck() throws {
        let (_, _, daemon) = try daemon(environment: ["MODHOST_TEST_BACKOFF_SCALE": "0.05"])
        let bystander = try daemon.initializedClient()
        #expect(try bystander.call("mount", params: ["surface": "s", "root": ["type": "List", "children": [mailRow("m1")]]])["result"] != nil)
        let culprit = try daemon.initializedClient()
        // The engine's sockets, journals, loop and channels are closed under it; the supervisor's
        // copies are not: the liveness probe ends the engine and the next takes the clients over.
        try culprit.send(["jsonrpc": "2.0", "id": 7, "method": "mount", "params": ["surface": "f", "root": faultyRow("close-all")]])
        try daemon.waitForLog("info: listening on", occurrences: 2, seconds: 60)
        #expect(try bystander.call("ping", timeoutMilliseconds: 20_000)["result"] != nil)
        #expect(try bystander.call("snapshot", params: ["surface": "s"])["result"] != nil)
    }

    /// A daemon run from a copy of modhostd (and the SDK library it loads) in `bin/`, so that
    /// the test can install another file there, as an upgrade would.
    private func installedDaemon() throws -> (TemporaryFolder, String, DaemonProcess) {
        let folder = TemporaryFolder()
        let bin = folder.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let built = BuiltProducts.folder.path
        try FileManager.default.copyItem(atPath: built + "/modhostd", toPath: bin + "/modhostd")
        try FileManager.default.copyItem(atPath: built + "/libModifierKit.so", toPath: bin + "/libModifierKit.so")
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "greeting", name: "Greeting")
        let daemon = try DaemonProcess(
            executable: URL(fileURLWithPath: bin + "/modhostd"), arguments: PluginFixtures.daemonArguments(root), folder: folder,
            environment: PluginFixtures.environment(folder))
        return (folder, bin + "/modhostd", daemon)
    }

    /// Installs `source` at `path` as an installer would: a new file renamed over the old.
    private func install(_ source: String, at path: String) throws {
        try? FileManager.default.removeItem(atPath: path + ".new")
        try FileManager.default.copyItem(atPath: source, toPath: path + ".new")
        #expect(rename(path + ".new", path) == 0)
    }

    private func inode(_ path: String) -> UInt64 {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_ino) : 0
    }

    private let greetingRoot: JSONValue = ["type": "Text", "modifiers": [["$type": "greeting", "name": "Ada"]]]

    @Test func sigusr2StartsTheEngineFromTheInstalledFileAndNoRequestFails() throws {
        let (_, path, daemon) = try installedDaemon()
        let client = try daemon.initializedClient()
        #expect(try client.call("mount", params: ["surface": "s", "root": greetingRoot])["result"] != nil)
        let before = try #require(client.call("snapshot", params: ["surface": "s"])["result"])
        let oldEngine = try #require(daemon.enginePID)
        let traced = tracerPID(of: oldEngine) != 0
        try install(BuiltProducts.folder.path + "/modhostd", at: path)
        let installed = inode(path)
        // Requests keep coming while the engine changes: none fails.
        var bytes: [UInt8] = []
        for id in 1...200 { FrameEncoder.appendFrame(to: &bytes) { JSONWriter.write(RPCMessage.request(id: .int(Int64(id)), method: "ping"), into: &$0) } }
        kill(daemon.process.processIdentifier, SIGUSR2)
        try client.sendRaw(bytes)
        var answered: [JSONValue] = []
        var restarted: JSONValue?
        while answered.count < 200 {
            let message = try client.receive(timeoutMilliseconds: 20_000)
            if message["method"] == "engineRestarted" { restarted = message } else if message["id"] != nil { answered.append(message) }
        }
        #expect(answered.map { $0["id"] } == (1...200).map { .int(Int64($0)) })
        #expect(answered.allSatisfy { $0["result"] != nil }, "\(answered.filter { $0["result"] == nil }.map(\.jsonText))")
        try daemon.waitForLog("the upgraded engine serves")
        if restarted == nil { restarted = try client.nextNotification("engineRestarted") }
        #expect(restarted?["params"]?["reason"] == "upgrade", "\(restarted?.jsonText ?? "none")")
        #expect(restarted?["params"]?["surfaces"] == [["surface": "s", "status": "rebuilt"]])
        // The new engine runs the file installed now, not the one the daemon started from.
        let newEngine = try #require(daemon.enginePID)
        #expect(newEngine != oldEngine)
        var status = stat()
        #expect(stat("/proc/\(newEngine)/exe", &status) == 0 && UInt64(status.st_ino) == installed, "\(daemon.log)")
        // The old engine was let go of as it left (so that its own exit runs as at a stop);
        // the new one is watched by the crash witness again.
        #expect((tracerPID(of: newEngine) != 0) == traced)
        #expect(try client.call("snapshot", params: ["surface": "s"])["result"] == before)
        #expect(!daemon.log.contains("-32005"))
        // The old engine ran its exit handlers: the supervisor let go of it once it had read
        // the hand-over, and the engine waited for that.
        #expect(!daemon.log.contains("ending without exit handlers"), "\(daemon.log)")
    }

    /// A surface changed by patches (enough of them that the session writes the tree out
    /// whole once, then keeps the patches after it) is rebuilt by the next engine as it was.
    @Test func patchedSurfacesAreRebuiltAsTheyWereByTheNextEngine() throws {
        let (_, path, daemon) = try installedDaemon()
        let client = try daemon.initializedClient()
        func row(_ index: Int, _ text: String) -> JSONValue {
            ["type": "HStack", "key": .string("r\(index)"), "children": [["type": "Text", "props": ["text": .string(text)]]]]
        }
        let rows: [JSONValue] = (0..<50).map { row($0, "row \($0)") }
        let root: JSONValue = ["type": "List", "key": "list", "children": .array(rows)]
        #expect(try client.call("mount", params: ["surface": "s", "root": root])["result"] != nil)
        // About 120 bytes a patch: past the 64 KiB a session keeps before it writes the tree out.
        for step in 0..<700 {
            var patch: [JSONValue] = [["op": "set", "node": .string("0/\(step % 50)/0"), "props": ["text": .string("step \(step)")]]]
            if (step * 3) % 50 != (step * 7) % 50 {
                patch.append(["op": "move", "node": .string("r\((step * 7) % 50)"), "before": .string("r\((step * 3) % 50)")])
            }
            let answer = try client.call("update", params: ["surface": "s", "patch": .array(patch)])
            try #require(answer["result"] != nil, "\(answer.jsonText)")
        }
        let inserted: JSONValue = [["op": "insert", "parent": "list", "before": "r3", "node": row(99, "new")], ["op": "remove", "node": "r4"]]
        #expect(try client.call("update", params: ["surface": "s", "patch": inserted])["result"] != nil)
        let before = try #require(client.call("snapshot", params: ["surface": "s"])["result"])
        try install(BuiltProducts.folder.path + "/modhostd", at: path)
        kill(daemon.process.processIdentifier, SIGUSR2)
        let restarted = try client.nextNotification("engineRestarted")
        #expect(restarted["params"]?["surfaces"] == [["surface": "s", "status": "rebuilt"]])
        #expect(try client.call("snapshot", params: ["surface": "s"])["result"] == before)
    }

    @Test func anUpgradeToAFileThatIsNoExecutableLeavesTheEngineServing() throws {
        let (folder, path, daemon) = try installedDaemon()
        let client = try daemon.initializedClient()
        let engine = try #require(daemon.enginePID)
        let halfCopied = folder.path + "/half"
        try Data([0x7F, 0x45]).write(to: URL(fileURLWithPath: halfCopied))
        try install(halfCopied, at: path)
        chmod(path, 0o755)
        kill(daemon.process.processIdentifier, SIGUSR2)
        try daemon.waitForLog("is not an ELF executable (half copied?); the engine keeps serving")
        #expect(try client.call("ping")["result"] != nil)
        #expect(daemon.enginePID == engine)
    }

    @Test func anUpgradedEngineThatDoesNotStartGivesWayToThePreviousBuild() throws {
        let (_, path, daemon) = try installedDaemon()
        let client = try daemon.initializedClient()
        #expect(try client.call("mount", params: ["surface": "s", "root": greetingRoot])["result"] != nil)
        // An executable that ends at once, as a build for another system's libraries would.
        try install("/bin/false", at: path)
        kill(daemon.process.processIdentifier, SIGUSR2)
        try daemon.waitForLog("starting the previous build again")
        let restarted = try client.nextNotification("engineRestarted")
        #expect(restarted["params"]?["reason"] == "upgrade-failed", "\(restarted.jsonText)")
        #expect(try client.call("snapshot", params: ["surface": "s"])["result"] != nil)
    }
}
