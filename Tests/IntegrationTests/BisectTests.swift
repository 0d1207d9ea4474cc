import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

/// Engine ends that no plugin call explains, repeated, are traced to their plugin by bisecting
/// the plugin set (crashes.md, "Bisecting").
@Suite("Bisecting unattributed crashes", .blocksItsThread, .timeLimit(.minutes(20)))
struct BisectTests {
    @Test func aPluginWhoseThreadCrashesTheEngineIsFoundQuarantinedAndTheOthersServe() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        // Faulty sorts first: the search sees an end with it loaded, then a trial without it.
        try PluginFixtures.make(in: root, folder: "a-faulty", name: "Faulty", library: "libFaultyFixture.so", modules: ["FaultyModule"])
        for index in 1...3 { try PluginFixtures.make(in: root, folder: "g\(index)", name: "Greeting\(index)") }
        // Faulty's OnCreate starts a thread that crashes a second later, outside any call; the
        // crash witness, which would blame it at once, is off. At a scale of 0.5 the probation
        // is 5 s.
        let daemon = try DaemonProcess(
            arguments: PluginFixtures.daemonArguments(root), folder: folder,
            environment: PluginFixtures.environment(folder).merging([
                "MODHOST_TEST_FAULT": "thread-crash", "MODHOST_CRASH_WITNESS": "off", "MODHOST_TEST_BACKOFF_SCALE": "0.5",
            ]) { $1 })

        // While a trial holds Faulty out, describe says so.
        try daemon.waitForLog("bisecting 1 candidate (Faulty): holding out Faulty", seconds: 60)
        var heldOut: JSONValue? = nil
        let deadline = Date().addingTimeInterval(20)
        while heldOut == nil && Date() < deadline {
            let plugins = (try? daemon.initializedClient().call("describe")["result"]?["plugins"]?.arrayValue) ?? nil
            heldOut = plugins?.first { $0["status"] == "held-out" }
            if heldOut == nil { usleep(100_000) }
        }
        let held = try #require(heldOut, "no plugin listed as held out\n\(daemon.log)")
        #expect(held["path"]?.stringValue == root + "/a-faulty", "\(held.jsonText)")
        #expect(held["name"] == "Faulty", "\(held.jsonText)")
        #expect(held["error"]?.stringValue?.hasPrefix("held out for bisect: ") == true, "\(held.jsonText)")

        try daemon.waitForLog("plugin Faulty (\(root)/a-faulty) is the one; found after ", seconds: 60)
        // The verdict is logged before the engine that serves it is ready: a client may still
        // reach the trial's engine (Faulty held out) for a moment, on a busy machine.
        var plugins: [JSONValue] = []
        let served = Date().addingTimeInterval(30)
        repeat {
            plugins = (try? daemon.initializedClient().call("describe")["result"]?["plugins"]?.arrayValue) ?? []
            if plugins.contains(where: { $0["path"]?.stringValue == root + "/a-faulty" && $0["status"] == "quarantined" }) { break }
            usleep(100_000)
        } while Date() < served
        let faulty = try #require(plugins.first { $0["path"]?.stringValue == root + "/a-faulty" }, "\(plugins)")
        #expect(faulty["status"] == "quarantined", "\(faulty.jsonText)\n\(daemon.log)")
        let crash = try #require(faulty["crash"], "\(faulty.jsonText)")
        #expect(crash["call"] == "bisect", "\(crash.jsonText)")
        #expect(crash["reason"]?.stringValue?.hasPrefix("found by bisecting ") == true, "\(crash.jsonText)")
        #expect(crash["types"] == ["faulty"], "\(crash.jsonText)")
        for index in 1...3 {
            let greeting = plugins.first { $0["path"]?.stringValue == root + "/g\(index)" }
            #expect(greeting?["status"] == "loaded", "\(String(describing: greeting?.jsonText))")
        }
        // The search ran its engines at once: no back-off stretched it.
        #expect(!daemon.log.contains("a crash loop"), "\(daemon.log)")
        #expect(daemon.log.contains("bisecting 4 candidates (Faulty, Greeting1, Greeting2, Greeting3): holding out Greeting2, Greeting3"), "\(daemon.log)")

        // The others serve; a tree that uses Faulty's type gets it inert, not an error.
        let client = try daemon.initializedClient()
        let mounted = try client.call("mount", params: [
            "surface": "s",
            "root": ["type": "Text", "modifiers": [["$type": "greeting", "name": "Ada"], ["$type": "faulty"]]],
        ])
        #expect(mounted["result"] != nil, "\(mounted.jsonText)")
        // And the engine stays up: a second is enough for the thread to have crashed.
        let ends = daemon.log.components(separatedBy: "the engine stopped").count
        usleep(2_000_000)
        #expect(try client.call("ping")["result"] != nil)
        #expect(daemon.log.components(separatedBy: "the engine stopped").count == ends, "\(daemon.log)")
    }

    @Test func whenTheCulpritIsHeldOutTheRunningEngineLoadsTheOthersWithoutARestart() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        // Faulty sorts last: every trial holds it out and outlives the probation.
        for index in 1...3 { try PluginFixtures.make(in: root, folder: "g\(index)", name: "Greeting\(index)") }
        try PluginFixtures.make(in: root, folder: "z-faulty", name: "Faulty", library: "libFaultyFixture.so", modules: ["FaultyModule"])
        let daemon = try DaemonProcess(
            arguments: PluginFixtures.daemonArguments(root), folder: folder,
            environment: PluginFixtures.environment(folder).merging([
                "MODHOST_TEST_FAULT": "thread-crash", "MODHOST_CRASH_WITNESS": "off", "MODHOST_TEST_BACKOFF_SCALE": "0.5",
            ]) { $1 })
        try daemon.waitForLog("holding out Greeting3, Faulty; starting a new engine", seconds: 60)
        try daemon.waitForLog("info: listening on", occurrences: 4)
        // A client of the trial's engine, which is never replaced from now on.
        let client = try daemon.initializedClient()
        try daemon.waitForLog("the engine outlived the probation with 2 candidates held out; bisecting 2 candidates (Greeting3, Faulty): holding out Faulty", seconds: 30)
        try daemon.waitForLog("plugin Faulty (\(root)/z-faulty) is the one; found after 3 engine ends", seconds: 30)
        let plugins = try #require(client.call("describe")["result"]?["plugins"]?.arrayValue)
        let statuses = plugins.map { "\($0["path"]?.stringValue ?? ""): \($0["status"]?.stringValue ?? "")" }
        #expect(statuses == (1...3).map { "\(root)/g\($0): loaded" } + ["\(root)/z-faulty: quarantined"], "\(statuses)\n\(daemon.log)")
        #expect(daemon.log.components(separatedBy: "info: listening on").count - 1 == 4, "no engine was started after the third end\n\(daemon.log)")
    }
}
