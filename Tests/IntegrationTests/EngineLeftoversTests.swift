import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

/// Whatever an engine's plugins start ends with the engine, and the engine with its
/// supervisor; the supervisor's requests reach the engine whatever a plugin did to signals.
@Suite("Nothing outlives the engine", .blocksItsThread, .timeLimit(.minutes(20)))
struct EngineLeftoversTests {
    /// Whether `pid` is gone: not running, and reaped (a zombie still answers `kill(pid, 0)`).
    private func isGone(_ pid: Int32) -> Bool { kill(pid, 0) != 0 && errno == ESRCH }

    /// The pids the Faulty fixture wrote to `trace` ("pid N" lines), once there are `count`.
    private func leftoverPIDs(in trace: String, count: Int) throws -> [Int32] {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
            let pids = text.split(separator: "\n").compactMap { $0.hasPrefix("pid ") ? Int32($0.dropFirst(4)) : nil }
            if pids.count >= count { return pids }
            usleep(10_000)
        }
        throw HarnessError("the fixture did not write \(count) pids to \(trace)")
    }

    @Test func processesAPluginStartedEndWithItsEngineAndClientsAreServedByTheNext() throws {
        let folder = TemporaryFolder()
        let trace = folder.path + "/trace"
        let (_, _, daemon) = try crashSetup(environment: ["MODHOST_TEST_FAULTY_TRACE": trace])
        defer {
            // Should the test fail, its leftovers must not outlive it either.
            for pid in (try? leftoverPIDs(in: trace, count: 0)) ?? [] { kill(pid, SIGKILL) }
        }
        let bystander = try daemon.initializedClient()
        let culprit = try daemon.initializedClient()
        // The body forks a copy of the engine that leaves the engine's process group and keeps
        // every descriptor (the bystander's connection too), starts a `sleep` in the group, then
        // crashes.
        expectRestartError(try culprit.call("mount", params: ["surface": "f", "root": faultyRow("fork-then-body")]), reason: "plugin-crashed")
        let pids = try leftoverPIDs(in: trace, count: 2)
        try daemon.waitForLog("info: listening on", occurrences: 2)
        for pid in pids { #expect(isGone(pid), "process \(pid) outlived its engine\n\(daemon.log)") }
        #expect(daemon.log.contains("ended the processes the engine had started and left running"), "\(daemon.log)")
        // The bystander's connection goes on with the new engine: the fork, which kept every
        // descriptor, neither holds it nor answers on it.
        #expect(try bystander.call("ping", timeoutMilliseconds: 5000)["result"] != nil)
        #expect(try daemon.initializedClient().call("ping")["result"] != nil)
    }

    @Test func aRescanReachesTheEngineWhenAPluginMadeItIgnoreSighup() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "faulty", name: "Faulty", library: "libFaultyFixture.so", modules: ["FaultyModule"])
        // A plugin folder the watcher cannot see filled: only a rescan finds it.
        let elsewhere = try PluginFixtures.unwatchedPluginFolder("greeting", in: root, folder: folder)
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        let mounted = try client.call("mount", params: ["surface": "s", "root": faultyRow("ignore-sighup")])
        #expect(mounted["result"] != nil, "\(mounted.jsonText)")
        try PluginFixtures.make(in: elsewhere, folder: "greeting", name: "Greeting")
        kill(daemon.process.processIdentifier, SIGHUP)
        let changed = try client.nextNotification("pluginsChanged")
        #expect(changed["params"]?["added"] == ["greeting"], "\(changed.jsonText)")
        try daemon.waitForLog("the supervisor asks for a rescan of the plugin folders")
        #expect(daemon.process.isRunning)
    }

    /// The kernel's SIGTERM at the supervisor's death is ignored; the engine's own watchdog
    /// thread ends it 2 s later.
    @Test func anEngineThatIgnoresSigtermStillEndsWithItsSupervisor() throws {
        let (_, _, daemon) = try crashSetup()
        let client = try daemon.initializedClient()
        // SIGTERM handling is the engine's own (libuv's); a plugin that ignores it, from a
        // body, leaves the kernel's parent-death signal to end the engine.
        let mounted = try client.call("mount", params: ["surface": "s", "root": faultyRow("ignore-sigterm")])
        #expect(mounted["result"] != nil, "\(mounted.jsonText)")
        let engine = try #require(daemon.enginePID)
        kill(daemon.process.processIdentifier, SIGKILL)
        // The engine is init's child once the supervisor is gone: gone means no /proc entry.
        let deadline = Date().addingTimeInterval(10)
        while FileManager.default.fileExists(atPath: "/proc/\(engine)") && Date() < deadline { usleep(10_000) }
        let survived = FileManager.default.fileExists(atPath: "/proc/\(engine)")
        // Killed here if it survived, before the harness waits for the supervisor's end (the
        // engine holds the pipe of the supervisor's log).
        if survived { kill(engine, SIGKILL) }
        #expect(!survived, "the engine \(engine) outlived its supervisor")
        daemon.process.waitUntilExit()
    }
}

/// The default time limits, from outside: a hang costs bystanders at most about a second, while
/// loading a plugin may take longer.
@Suite("Default plugin time limits", .blocksItsThread, .timeLimit(.minutes(20)))
struct DefaultTimeLimitTests {
    /// A daemon with the Faulty plugin and no time-limit flags.
    private func daemon(environment: [String: String] = [:]) throws -> (TemporaryFolder, String, DaemonProcess) {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "faulty", name: "Faulty", library: "libFaultyFixture.so", modules: ["FaultyModule"])
        let daemon = try DaemonProcess(
            arguments: PluginFixtures.daemonArguments(root), folder: folder,
            environment: PluginFixtures.environment(folder).merging(environment) { $1 })
        return (folder, root, daemon)
    }

    @Test func aBodyThatTakesTwoSecondsIsAHang() throws {
        let (_, root, daemon) = try daemon()
        let client = try daemon.initializedClient()
        expectRestartError(try client.call("mount", params: ["surface": "s", "root": faultyRow("slow-2s")]), reason: "plugin-hung")
        try daemon.waitForLog("the engine stopped in plugin Faulty (\(root)/faulty)")
        #expect(daemon.log.contains("past the 1.0 s limit"), "\(daemon.log)")
    }

    @Test func anOnCreateThatTakesTwoSecondsLoads() throws {
        let (_, _, daemon) = try daemon(environment: ["MODHOST_TEST_FAULT": "oncreate-slow"])
        let plugins = try #require(daemon.initializedClient().call("describe")["result"]?["plugins"]?.arrayValue)
        #expect(plugins.first?["status"] == "loaded", "\(plugins)\n\(daemon.log)")
        #expect(!daemon.log.contains("past the"), "\(daemon.log)")
    }
}

/// The supervisor checks, as a client would, that the socket's path is served; whatever a
/// plugin did to the engine's listening socket, new clients are served again.
@Suite("The service is checked end to end", .blocksItsThread, .timeLimit(.minutes(20)))
struct LivenessTests {
    /// Seconds until a new connection's ping is answered again, within 20 s.
    private func served(_ daemon: DaemonProcess) throws -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let client = try? daemon.client(), let answer = try? client.call("ping", timeoutMilliseconds: 500), answer["result"] != nil {
                return true
            }
            usleep(50_000)
        }
        return false
    }

    @Test(arguments: [
        ("shutdown-listener", "no longer accepts connections"),
        ("unlink-socket", "no longer accepts connections"),
        ("dup-null-listener", "but its main thread runs host code, not a plugin's: it is busy; waiting (2 of 2)"),
    ])
    func aBrokenListeningSocketIsServedAgain(fault: String, logged: String) throws {
        let (_, _, daemon) = try crashSetup()
        let client = try daemon.initializedClient()
        _ = try? client.call("mount", params: ["surface": "s", "root": faultyRow(fault)], timeoutMilliseconds: 2000)
        try daemon.waitForLog(logged)
        #expect(try served(daemon), "\(daemon.log)")
        try daemon.waitForLog("info: listening on", occurrences: 2)
    }
}
