import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

/// A folder of plugins with the faulty one and a well-behaved one (`greeting`), and a daemon
/// on it.
func crashSetup(environment: [String: String] = [:], timeout: String = "1") throws -> (TemporaryFolder, String, DaemonProcess) {
    let folder = TemporaryFolder()
    let root = folder.path + "/plugins"
    try PluginFixtures.make(in: root, folder: "faulty", name: "Faulty", library: "libFaultyFixture.so", modules: ["FaultyModule"])
    try PluginFixtures.make(in: root, folder: "greeting", name: "Greeting")
    let daemon = try DaemonProcess(
        arguments: PluginFixtures.daemonArguments(root) + ["--plugin-timeout", timeout], folder: folder,
        environment: PluginFixtures.environment(folder).merging(environment) { $1 })
    return (folder, root, daemon)
}

/// Checks that `answer` is the restart error: the engine ended under the request, and the next
/// one, which serves the connection on, answered it.
func expectRestartError(_ answer: JSONValue, reason: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(answer["error"]?["code"] == .int(RPCErrorCode.engineRestarted), "\(answer.jsonText)", sourceLocation: sourceLocation)
    if let reason { #expect(answer["error"]?["data"]?["reason"] == .string(reason), "\(answer.jsonText)", sourceLocation: sourceLocation) }
}

func faultyRow(_ fault: String) -> JSONValue {
    ["type": "List", "children": [["type": "Text", "key": "r1", "modifiers": [["$type": "faulty", "fault": .string(fault)]]]]]
}

/// Seconds from `start` until a new connection's ping is answered.
func secondsUntilPingAnswered(_ daemon: DaemonProcess, since start: Date) throws -> Double {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
        if let client = try? daemon.client(), let answer = try? client.call("ping"), answer["result"] != nil {
            return Date().timeIntervalSince(start)
        }
        usleep(2000)
    }
    throw HarnessError("no ping answered within 20 s after the crash:\n\(daemon.log)")
}

/// Makes `plugin`, the folder of plugin Boom: a C library that passes every check before
/// dlopen (it links this SDK build) and aborts in its initializer. Compiled in `scratch`.
func makeAbortingPlugin(at plugin: String, scratch: String) throws {
    let bin = BuiltProducts.folder.path
    let symbols = try run(URL(fileURLWithPath: "/usr/bin/env"), ["nm", "-D", "--undefined-only", bin + "/libGreetingFixture.so"])
    let build = try #require(symbols.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last }
        .first { $0.hasPrefix("modifierkit_build_") })
    let source = scratch + "/boom.c"
    try """
        #include <stdlib.h>
        extern long \(build)(void);
        long (*keep)(void) = \(build);
        __attribute__((constructor)) static void boom(void) { abort(); }
        """.write(toFile: source, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: plugin, withIntermediateDirectories: true)
    let compiled = try run(URL(fileURLWithPath: "/usr/bin/env"), [
        "cc", "-shared", "-fPIC", "-o", plugin + "/libBoom.so", source, "-L", bin, "-lModifierKit",
    ])
    try #require(compiled.status == 0, "\(compiled.stderr)")
    try #"{"name": "Boom", "sdkVersion": "\#(PluginFixtures.sdkVersion)", "linux": {"library": "libBoom.so", "modules": ["BoomModule"]}}"#
        .write(toFile: plugin + "/plugin.json", atomically: true, encoding: .utf8)
}

@Suite("A plugin that crashes or hangs the engine", .blocksItsThread, .timeLimit(.minutes(20)))
struct CrashTests {
    enum Fault: String, CaseIterable {
        /// A force-unwrap of nil in a body evaluated at mount (a node that is not a row).
        case bodyAtMount
        /// The same in a List row (rows are evaluated at mount too).
        case bodyOnRow
        /// A trap in a button's action, on tapAction.
        case action
        /// A body that never returns.
        case hang
        /// A trap in an AsyncFunction's task, after it waited (no request is running).
        case asyncTrap
        /// An AsyncFunction's task that never returns, after it waited.
        case asyncHang
    }

    @Test(arguments: Fault.allCases)
    func theServiceStaysUpAndThePluginIsQuarantined(fault: Fault) throws {
        let (_, root, daemon) = try crashSetup(timeout: "0.5")
        // Two bystanders with surfaces of the well-behaved plugin.
        let bystanders = try (0..<2).map { index -> BlockingClient in
            let client = try daemon.initializedClient()
            let mounted = try client.call("mount", params: [
                "surface": .string("b\(index)"), "root": ["type": "Text", "modifiers": [["$type": "greeting", "name": "Ada"]]],
            ])
            #expect(mounted["result"] != nil)
            return client
        }
        let before = try bystanders.enumerated().map { index, client in
            try #require(client.call("snapshot", params: ["surface": .string("b\(index)")])["result"])
        }
        let culprit = try daemon.initializedClient()
        let start: Date
        // The request that crashed the engine gets one answer: the restart error, naming the
        // plugin and the call.
        let answer: JSONValue
        switch fault {
        case .bodyAtMount:
            start = Date()
            answer = try culprit.call("mount", params: ["surface": "f", "root": ["type": "Text", "modifiers": [["$type": "faulty", "fault": "body"]]]])
        case .bodyOnRow, .hang:
            start = Date()
            answer = try culprit.call("mount", params: ["surface": "f", "root": faultyRow(fault == .hang ? "hang" : "body")])
        case .asyncTrap, .asyncHang:
            try culprit.send(["jsonrpc": "2.0", "id": 9, "method": "callFunction", "params": ["module": "Faulty", "function": "failLater", "args": [fault == .asyncTrap ? "trap" : "hang"]]])
            start = Date()
            var reply = try culprit.receive(timeoutMilliseconds: 10_000)
            while reply["id"] == nil {
                culprit.notifications.append(reply)
                reply = try culprit.receive(timeoutMilliseconds: 10_000)
            }
            answer = reply
        case .action:
            #expect(try culprit.call("mount", params: ["surface": "f", "root": faultyRow("action")])["result"] != nil)
            #expect(try culprit.call("interact", params: ["surface": "f", "node": "r1", "gesture": "swipe", "edge": "trailing"])["result"] != nil)
            start = Date()
            answer = try culprit.call("interact", params: ["surface": "f", "node": "r1", "gesture": "tapAction", "id": "go"])
        }
        let seconds = try secondsUntilPingAnswered(daemon, since: start)
        print("\(fault): a new connection's ping was answered \(String(format: "%.3f", seconds)) s after the failing request")
        #expect(answer["error"]?["code"] == .int(RPCErrorCode.engineRestarted), "\(answer.jsonText)")
        let data = answer["error"]?["data"]
        #expect(data?["plugin"] == "Faulty", "\(answer.jsonText)")
        #expect(data?["reason"] == (fault == .hang || fault == .asyncHang ? "plugin-hung" : "plugin-crashed"), "\(answer.jsonText)")
        switch fault {
        case .asyncTrap, .asyncHang: #expect(data?["method"] == "callFunction")
        case .action: #expect(data?["method"] == "interact")
        default: #expect(data?["method"] == "mount")
        }
        // The culprit's connection goes on too.
        #expect(try culprit.call("ping")["result"] != nil)

        // The bystanders kept their connections: no reconnect, the same surfaces, and a
        // notification that says what happened and what was rebuilt.
        for (index, bystander) in bystanders.enumerated() {
            #expect(try bystander.call("ping")["result"] != nil)
            let after = try #require(bystander.call("snapshot", params: ["surface": .string("b\(index)")])["result"])
            #expect(after == before[index])
            let restarted = try #require(bystander.notifications.first { $0["method"] == "engineRestarted" }, "\(bystander.notifications)")
            #expect(restarted["params"]?["plugin"] == "Faulty")
            #expect(restarted["params"]?["surfaces"] == [["surface": .string("b\(index)"), "status": "rebuilt"]])
        }
        let client = try daemon.initializedClient()
        let crashed = try #require(client.notifications.first { $0["params"]?["code"] == "plugin-crashed" }, "\(client.notifications)")
        #expect(crashed["params"]?["plugin"] == "Faulty")
        let crash = try #require(crashed["params"]?["crash"])
        #expect(crash["types"] == ["faulty"])
        if fault == .asyncTrap || fault == .asyncHang {
            // A task's step runs when the loop is woken for it, not for a request.
            #expect(crash["call"] == "async task")
            #expect(crash["detail"] == "Faulty")
            #expect(crash["request"] == nil)
        } else {
            #expect(crash["call"] == (fault == .action ? "action" : "body"))
            #expect(crash["detail"] == "faulty")
            #expect(crash["request"]?["pid"] == .int(Int64(getpid())))
            #expect(crash["request"]?["method"] == .string(fault == .action ? "interact" : "mount"))
        }
        switch fault {
        case .hang, .asyncHang: #expect(crash["reason"]?.stringValue?.hasPrefix("hung for more than 0.5 s") == true, "\(crash.jsonText)")
        case .action: #expect(crash["message"]?.stringValue?.contains("the action fails on purpose") == true, "\(crash.jsonText)")
        case .asyncTrap: #expect(crash["message"]?.stringValue?.contains("the task fails on purpose") == true, "\(crash.jsonText)")
        default: #expect(crash["message"]?.stringValue?.contains("Unexpectedly found nil") == true, "\(crash.jsonText)")
        }

        let described = try #require(client.call("describe")["result"])
        let faulty = try #require(described["plugins"]?.arrayValue?.first { $0["path"]?.stringValue == root + "/faulty" })
        #expect(faulty["status"] == "quarantined")
        #expect(described["modifiers"]?.arrayValue?.map { $0["type"] } == ["greeting"])
        // Only the bad plugin's modifiers go: its type mounts inert, with a warning that says why.
        let inert = try client.call("mount", params: ["surface": "again", "root": faultyRow("none")])
        #expect(inert["result"] != nil, "\(inert.jsonText)")
        let warning = client.notifications.last { $0["params"]?["code"] == "quarantined-modifier" }?["params"]
        #expect(warning?["plugin"] == "Faulty", "\(client.notifications)")
        #expect(warning?["path"] == "root.children[0].modifiers[0].$type")
        let message = warning?["message"]?.stringValue ?? ""
        #expect(message.contains("its plugin Faulty is quarantined"), "\(message)")
        #expect(message.contains("modhost plugins enable Faulty"), "\(message)")
        #expect(try client.call("mount", params: [
            "surface": "b0", "root": ["type": "Text", "modifiers": [["$type": "greeting", "name": "Ada"]]],
        ])["result"] != nil)
        #expect(daemon.log.contains("the plugin is quarantined, starting a new engine without it"), "\(daemon.log)")
    }

    @Test(arguments: ["oncreate-trap", "oncreate-hang", "schema-trap"])
    func aPluginThatFailsWhileLoadingIsQuarantinedAndTheDaemonServes(fault: String) throws {
        let (_, root, daemon) = try crashSetup(environment: ["MODHOST_TEST_FAULT": fault], timeout: "0.5")
        let client = try daemon.initializedClient()
        let described = try #require(client.call("describe")["result"])
        let faulty = try #require(described["plugins"]?.arrayValue?.first { $0["path"]?.stringValue == root + "/faulty" })
        #expect(faulty["status"] == "quarantined", "\(described.jsonText)\n\(daemon.log)")
        #expect(faulty["crash"]?["call"] == .string(fault == "schema-trap" ? "schema" : "OnCreate"))
        #expect(described["plugins"]?.arrayValue?.first { $0["path"]?.stringValue == root + "/greeting" }?["status"] == "loaded")
    }

    /// What `install.sh` runs after copying a plugin in, `modhost reload FOLDER`, when the
    /// plugin traps in OnCreate: not "the daemon closed the connection", but that it crashed
    /// the host while loading, is quarantined, the reason and place, and how to bring it back.
    @Test func reloadSaysAPluginThatCrashedWhileLoadingIsQuarantinedAndHowToEnableIt() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        // Only the reload may find the plugin, never the folder watcher first (it would on a
        // slow machine, before the CLI connects).
        let elsewhere = try PluginFixtures.unwatchedPluginFolder("faulty", in: root, folder: folder)
        let daemon = try DaemonProcess(
            arguments: PluginFixtures.daemonArguments(root) + ["--plugin-timeout", "1"], folder: folder,
            environment: PluginFixtures.environment(folder).merging(["MODHOST_TEST_FAULT": "oncreate-trap"]) { $1 })
        let cli = try BuiltProducts.executable("modhost")
        let expected = [
            "Faulty (\(root)/faulty): crashed the host while loading; it is now quarantined (not loaded)",
            "  reason: SIGILL in OnCreate for 'Faulty'",
            "  after fixing it: reinstall (a changed build is tried again by itself), or run `modhost plugins enable Faulty` to retry these files",
        ]
        // Installed and reloaded at once, as install.sh does: the engine crashes during the rescan.
        try PluginFixtures.make(in: elsewhere, folder: "faulty", name: "Faulty", library: "libFaultyFixture.so", modules: ["FaultyModule"])
        let reload = try run(cli, ["--socket", daemon.socketPath, "reload", root + "/faulty"])
        #expect(reload.status == 1)
        #expect(!reload.stderr.contains("closed the connection"), "\(reload.stderr)")
        let lines = reload.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "the daemon's engine stopped during the rescan (a plugin crashed or hung it while loading); it restarted without that plugin", "\(reload.stdout)")
        for line in expected { #expect(lines.contains(line), "\(line)\n---\n\(reload.stdout)") }
        #expect(lines.contains { $0.hasPrefix("  where: FaultyFixture/FaultyModule.swift:") && $0.contains("Fatal error") }, "\(reload.stdout)")
        // A later reload of the quarantined folder says the same, without a crash.
        let again = try run(cli, ["--socket", daemon.socketPath, "reload", root + "/faulty"])
        #expect(again.status == 1)
        let againLines = again.stdout.split(separator: "\n").map(String.init)
        for line in expected { #expect(againLines.contains(line), "\(line)\n---\n\(again.stdout)") }
        #expect(!again.stdout.contains("engine stopped"), "\(again.stdout)")
    }

    @Test func aQuarantinedPluginKeepsTheVersionItsManifestNames() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "faulty", name: "Faulty", library: "libFaultyFixture.so", modules: ["FaultyModule"], version: "0.3.1")
        let daemon = try DaemonProcess(
            arguments: PluginFixtures.daemonArguments(root) + ["--plugin-timeout", "0.5"], folder: folder,
            environment: PluginFixtures.environment(folder).merging(["MODHOST_TEST_FAULT": "oncreate-trap"]) { $1 })
        let faulty = try #require(daemon.initializedClient().call("describe")["result"]?["plugins"]?[0])
        #expect(faulty["status"] == "quarantined", "\(faulty.jsonText)\n\(daemon.log)")
        #expect(faulty["version"] == "0.3.1", "\(faulty.jsonText)")
        let cli = try BuiltProducts.executable("modhost")
        let table = try run(cli, ["--socket", daemon.socketPath, "plugins"])
        let row = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix("Faulty ") }, "\(table.stdout)")
        #expect(row.split(separator: " ", omittingEmptySubsequences: true).prefix(3) == ["Faulty", "0.3.1", "quarantined"], "\(row)")
        let reload = try run(cli, ["--socket", daemon.socketPath, "reload", "--json"])
        let listed = try JSONParser.parse(reload.stdout)["plugins"]?.arrayValue?.first { $0["name"] == "Faulty" }
        #expect(listed?["version"] == "0.3.1", "\(reload.stdout)")
    }

    @Test func aLibraryWhoseInitializersCrashWhileItLoadsIsQuarantined() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        let plugin = root + "/boom"
        try makeAbortingPlugin(at: plugin, scratch: folder.path)
        try PluginFixtures.make(in: root, folder: "greeting", name: "Greeting")
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let plugins = try #require(daemon.initializedClient().call("describe")["result"]?["plugins"]?.arrayValue)
        let boom = try #require(plugins.first { $0["path"]?.stringValue == plugin })
        #expect(boom["status"] == "quarantined", "\(boom.jsonText)\n\(daemon.log)")
        #expect(boom["crash"]?["call"] == "module setup")
        #expect(boom["crash"]?["reason"] == "SIGABRT")
        #expect(plugins.first { $0["path"]?.stringValue == root + "/greeting" }?["status"] == "loaded")
    }

    @Test func aQuarantinedPluginComesBackWhenEnabledOrWhenItsFilesChange() throws {
        let (_, root, daemon) = try crashSetup()
        let culprit = try daemon.initializedClient()
        expectRestartError(try culprit.call("mount", params: ["surface": "f", "root": ["type": "Text", "modifiers": [["$type": "faulty", "fault": "body"]]]]))
        _ = try secondsUntilPingAnswered(daemon, since: Date())
        let cli = try BuiltProducts.executable("modhost")
        let enabled = try run(cli, ["--socket", daemon.socketPath, "plugins", "enable", "Faulty"])
        #expect(enabled.status == 0, "\(enabled.stdout)\(enabled.stderr)")
        #expect(enabled.stdout.contains("Faulty (\(root)/faulty): loaded, serving faulty"), "\(enabled.stdout)")
        let unknown = try run(cli, ["--socket", daemon.socketPath, "plugins", "enable", "Nothing"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no quarantined plugin is named 'Nothing'"), "\(unknown.stderr)")

        // Crash it again, then change its files: it loads without being enabled.
        let client = try daemon.initializedClient()
        expectRestartError(try client.call("mount", params: ["surface": "f", "root": ["type": "Text", "modifiers": [["$type": "faulty", "fault": "body"]]]]))
        _ = try secondsUntilPingAnswered(daemon, since: Date())
        #expect(try daemon.initializedClient().call("describe")["result"]?["plugins"]?[0]?["status"] == "quarantined")
        let library = root + "/faulty/libFaultyFixture.so"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: library))
        try FileManager.default.removeItem(atPath: library)
        try bytes.write(to: URL(fileURLWithPath: library))
        let watcher = try daemon.initializedClient()
        let changed = try watcher.nextNotification("pluginsChanged")
        #expect(changed["params"]?["added"] == ["faulty"])
        #expect(try watcher.call("describe")["result"]?["plugins"]?[0]?["status"] == "loaded")

        // The supervisor forgot that quarantine: a later engine does not try it "again".
        try daemon.waitForLog("info: listening on", occurrences: 3)
        let engine = try #require(daemon.enginePID)
        kill(engine, SIGSEGV)
        try daemon.waitForLog("the engine stopped outside plugin code (SIGSEGV")
        #expect(try daemon.initializedClient().call("describe")["result"]?["plugins"]?[0]?["status"] == "loaded")
        #expect(daemon.log.components(separatedBy: "changed; trying it again").count == 2, "\(daemon.log)")
    }

    @Test func aNewEngineStartsEvenAfterTheDaemonsFileWasReplaced() throws {
        let folder = TemporaryFolder()
        // A copy of the daemon (and the SDK library it links beside itself) that can be replaced.
        let bin = folder.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for file in ["modhostd", "libModifierKit.so"] {
            try FileManager.default.copyItem(atPath: BuiltProducts.folder.path + "/" + file, toPath: bin + "/" + file)
        }
        let daemon = try DaemonProcess(
            executable: URL(fileURLWithPath: bin + "/modhostd"), arguments: ["--no-bundled-plugins"], folder: folder,
            environment: PluginFixtures.environment(folder))
        // An upgrade: the file is replaced while the daemon runs.
        try FileManager.default.removeItem(atPath: bin + "/modhostd")
        try "not the daemon".write(toFile: bin + "/modhostd", atomically: true, encoding: .utf8)
        let engine = try #require(daemon.enginePID)
        kill(engine, SIGSEGV)
        _ = try secondsUntilPingAnswered(daemon, since: Date())
        try daemon.waitForLog("info: listening on", occurrences: 2)
        #expect(daemon.enginePID != engine)
    }

    @Test func crashesOutsidePluginCodeRestartTheEngineAndBackOffWhenTheyRepeat() throws {
        // No plugins: with plugins loaded, the third such end starts a bisection instead
        // (BisectTests).
        let folder = TemporaryFolder()
        let daemon = try DaemonProcess(arguments: ["--no-bundled-plugins"], folder: folder, environment: PluginFixtures.environment(folder))
        for round in 1...4 {
            _ = try daemon.initializedClient()
            // The engine's log lines reach the log through the supervisor: wait for this one's.
            try daemon.waitForLog("info: listening on", occurrences: round)
            let engine = try #require(daemon.enginePID, "\(daemon.log)")
            kill(engine, SIGSEGV)
            try daemon.waitForLog("the engine stopped outside plugin code (SIGSEGV", occurrences: round)
            _ = try secondsUntilPingAnswered(daemon, since: Date())
            // The first three are restarted at once: the supervisor's decision, in its log, has
            // no delay (how soon a restarted engine answers: bench/crash-recovery.mjs).
            let decision = daemon.log.split(separator: "\n").last { $0.contains("the engine stopped outside plugin code (SIGSEGV") }
            if round <= 3 { #expect(decision?.hasSuffix("; starting a new engine") == true, "restarted at once: \(decision ?? "")") }
        }
        #expect(daemon.log.contains("4 such crashes in 300.0 s, a crash loop"), "\(daemon.log)")
    }

    @Test func withoutASupervisorOneProcessServesAndACrashEndsIt() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "faulty", name: "Faulty", library: "libFaultyFixture.so", modules: ["FaultyModule"])
        let daemon = try DaemonProcess(
            arguments: PluginFixtures.daemonArguments(root) + ["--no-supervisor"], folder: folder,
            environment: PluginFixtures.environment(folder))
        #expect(daemon.enginePID == daemon.process.processIdentifier)
        let client = try daemon.initializedClient()
        #expect(throws: (any Error).self) {
            try client.call("mount", params: ["surface": "f", "root": ["type": "Text", "modifiers": [["$type": "faulty", "fault": "body"]]]])
        }
        try daemon.waitForExit()
        #expect(daemon.process.terminationReason == .uncaughtSignal)
    }

    @Test func sigtermStopsSupervisorAndEngineAndRemovesTheSocket() throws {
        let (_, _, daemon) = try crashSetup()
        _ = try daemon.initializedClient()
        let engine = try #require(daemon.enginePID)
        #expect(daemon.terminate() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        #expect(kill(engine, 0) != 0, "the engine is gone")
        #expect(daemon.log.contains("engine stopped"))
    }
}

extension DaemonProcess {
    /// The pid of the engine serving now: the last `listening on` line is the engine's.
    var enginePID: Int32? {
        let lines = log.split(separator: "\n").filter { $0.contains("info: listening on") }
        guard let line = lines.last, let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]") else { return nil }
        return Int32(line[line.index(after: open)..<close])
    }
}
