import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

/// Plugins that lie to the supervisor through the engine page, or crash where no call is
/// recorded, are still the ones quarantined: the supervisor traces the engine and reads where
/// the crashing (or hung) thread was from outside it (crashes.md, "The crash witness").
@Suite("The crash witness blames the code that crashed, whatever the page says", .blocksItsThread, .timeLimit(.minutes(20)))
struct CrashWitnessTests {
    /// The plugin entry `describe` lists for `folder`.
    private func plugin(in folder: String, of daemon: DaemonProcess) throws -> JSONValue {
        let plugins = try #require(daemon.initializedClient().call("describe")["result"]?["plugins"]?.arrayValue)
        return try #require(plugins.first { $0["path"]?.stringValue == folder }, "\(plugins)")
    }

    /// Faulty is quarantined with `call`, Greeting (the plugin the page may have named) still
    /// serves, and the new engine answers.
    private func expectFaultyBlamed(_ root: String, _ daemon: DaemonProcess, call: String, reason: String) throws {
        try daemon.waitForLog("the engine stopped in plugin Faulty (\(root)/faulty)")
        let faulty = try plugin(in: root + "/faulty", of: daemon)
        #expect(faulty["status"] == "quarantined", "\(faulty.jsonText)\n\(daemon.log)")
        #expect(faulty["crash"]?["call"] == .string(call), "\(faulty.jsonText)")
        #expect(faulty["crash"]?["reason"]?.stringValue?.contains(reason) == true, "\(faulty.jsonText)")
        let greeting = try plugin(in: root + "/greeting", of: daemon)
        #expect(greeting["status"] == "loaded", "\(greeting.jsonText)\n\(daemon.log)")
        let client = try daemon.initializedClient()
        let mounted = try client.call("mount", params: ["surface": "s", "root": ["type": "Text", "modifiers": [["$type": "greeting", "name": "x"]]]])
        #expect(mounted["result"] != nil, "\(mounted.jsonText)")
    }

    @Test func aThreadThePluginStartedThatCrashesOutsideAnyCallIsBlamedOnIt() throws {
        let (_, root, daemon) = try crashSetup(environment: ["MODHOST_TEST_FAULT": "thread-crash"])
        try expectFaultyBlamed(root, daemon, call: "thread", reason: "SIGSEGV")
        #expect(daemon.log.contains("not the engine's main thread"), "\(daemon.log)")
    }

    @Test func aPluginThatHandlesSigsegvItselfAndWipesThePageIsStillBlamed() throws {
        let (_, root, daemon) = try crashSetup()
        let culprit = try daemon.initializedClient()
        _ = try? culprit.call("mount", params: ["surface": "f", "root": faultyRow("own-handler-crash")], timeoutMilliseconds: 5000)
        // Its handler made the engine exit 0, with a blank page: the fault was seen before.
        try expectFaultyBlamed(root, daemon, call: "code", reason: "exit status 0")
    }

    @Test func aPluginThatForgesThePageToNameAnotherIsTheOneQuarantined() throws {
        let (_, root, daemon) = try crashSetup()
        let culprit = try daemon.initializedClient()
        _ = try? culprit.call("mount", params: ["surface": "f", "root": faultyRow("forge-page-crash")], timeoutMilliseconds: 5000)
        try expectFaultyBlamed(root, daemon, call: "code", reason: "SIGSEGV")
        #expect(daemon.log.contains("(\(root)/greeting), which is not blamed"), "\(daemon.log)")
    }

    @Test func aMadeUpFolderWrittenOnThePageIsNeverQuarantinedTheRealOneIs() throws {
        let (_, root, daemon) = try crashSetup()
        for _ in 0..<3 {
            let culprit = try daemon.initializedClient()
            _ = try? culprit.call("mount", params: ["surface": "f", "root": faultyRow("forge-long-folder-crash")], timeoutMilliseconds: 5000)
            if (try? plugin(in: root + "/faulty", of: daemon))?["status"] == "quarantined" { break }
        }
        try expectFaultyBlamed(root, daemon, call: "code", reason: "SIGSEGV")
        // The page's made-up folder is named as not blamed, and nothing under it is quarantined.
        #expect(daemon.log.contains("(/made/up/xxx"), "\(daemon.log)")
        let plugins = try #require(daemon.initializedClient().call("describe")["result"]?["plugins"]?.arrayValue)
        #expect(!plugins.contains { $0["path"]?.stringValue?.hasPrefix("/made/up") == true }, "\(plugins)")
    }

    @Test func aHangWithThePageClearedIsFoundByThePingAndBlamedOnThePlugin() throws {
        let (_, root, daemon) = try crashSetup()
        let culprit = try daemon.initializedClient()
        _ = try? culprit.call("mount", params: ["surface": "f", "root": faultyRow("clear-call-hang")], timeoutMilliseconds: 1000)
        try expectFaultyBlamed(root, daemon, call: "code", reason: "did not answer a ping")
    }

    @Test func withoutTheWitnessAForgedPageStillMisleads() throws {
        // What the witness adds, shown by its absence: the page alone blames the innocent.
        let (_, root, daemon) = try crashSetup(environment: ["MODHOST_CRASH_WITNESS": "off"])
        let culprit = try daemon.initializedClient()
        _ = try? culprit.call("mount", params: ["surface": "f", "root": faultyRow("forge-page-crash")], timeoutMilliseconds: 5000)
        try daemon.waitForLog("(\(root)/greeting): crashed the host with SIGSEGV")
        #expect(try plugin(in: root + "/greeting", of: daemon)["status"] == "quarantined")
        #expect(try plugin(in: root + "/faulty", of: daemon)["status"] == "loaded")
    }

    @Test func aPluginThatClosesTheEnginesDescriptorsIsFoundByBisectingItsRepeatedEnds() throws {
        // Closing every descriptor ends the engine after the call returned, in host code:
        // nothing on the page or on the stack names the plugin. A front-end that mounts its
        // screen again after each reconnect makes the end repeat, and the bisection finds it.
        let (_, root, daemon) = try crashSetup(environment: ["MODHOST_TEST_BACKOFF_SCALE": "0.5"])
        let deadline = Date().addingTimeInterval(120)
        var status: JSONValue? = nil
        while Date() < deadline {
            if let client = try? daemon.initializedClient() {
                _ = try? client.call("mount", params: ["surface": "f", "root": faultyRow("close-all")], timeoutMilliseconds: 2000)
            }
            if let faulty = try? plugin(in: root + "/faulty", of: daemon), faulty["status"] == "quarantined" {
                status = faulty
                break
            }
            usleep(200_000)
        }
        let faulty = try #require(status, "Faulty was not quarantined\n\(daemon.log)")
        #expect(faulty["crash"]?["call"] == "bisect", "\(faulty.jsonText)")
        #expect(daemon.log.contains("the engine stopped outside plugin code"), "\(daemon.log)")
        #expect(try plugin(in: root + "/greeting", of: daemon)["status"] == "loaded")
    }
}
