import Foundation
import ModhostClient
import ModhostServer
import ModhostWire
import BlockingTests
import Testing

/// `--engine-memory-limit`: the supervisor ends an engine whose resident memory passes it, and
/// blames the plugin whose call was running (crashes.md, "The engine memory limit").
@Suite("The engine memory limit", .blocksItsThread, .timeLimit(.minutes(20)))
struct EngineMemoryLimitTests {
    /// The limit `arguments` parse to.
    private func limit(_ arguments: [String]) throws -> Int64 {
        guard case let .serve(options) = try DaemonOptions.parse(arguments) else { throw HarnessError("not a serve action") }
        return options.engineMemoryLimitBytes
    }

    @Test func sizesParseInBinaryUnitsAndZeroMeansNoLimit() throws {
        #expect(try limit([]) == 2 << 30)
        #expect(try limit(["--engine-memory-limit", "2G"]) == 2 << 30)
        #expect(try limit(["--engine-memory-limit", "512M"]) == 512 << 20)
        #expect(try limit(["--engine-memory-limit=1g"]) == 1 << 30)
        #expect(try limit(["--engine-memory-limit", "65536K"]) == 64 << 20)
        #expect(try limit(["--engine-memory-limit", "\(3 << 30)"]) == 3 << 30)
        #expect(try limit(["--engine-memory-limit", "0"]) == 0)
    }

    @Test(arguments: [
        ("lots", "not 'lots'"),
        ("", "not ''"),
        ("2T", "not '2T'"),
        ("-1G", "not '-1G'"),
        ("1.5G", "not '1.5G'"),
        ("G", "not 'G'"),
        ("32M", "not '32M', which is too small for an engine"),
        ("99999999999999G", "not '99999999999999G', which is too large"),
    ])
    func aBadSizeIsRefusedNamingTheFlagAndWhatItTakes(text: String, ending: String) {
        #expect {
            try DaemonOptions.parse(["--engine-memory-limit", text])
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("--engine-memory-limit takes a memory size of at least 64M (suffixes K, M, G), such as 2G or 512M, or 0 for no limit, ")
                && message.hasSuffix(ending)
        }
        #expect {
            try DaemonOptions.parse(["--engine-memory-limit"])
        } throws: { error in
            "\(error)" == "--engine-memory-limit needs a value"
        }
    }

    /// A daemon with the Faulty and Greeting plugins and a 512 MiB engine memory limit. The
    /// plugin time limit is long, so that only the memory limit ends a body that allocates.
    private func daemon() throws -> (TemporaryFolder, String, DaemonProcess) {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "faulty", name: "Faulty", library: "libFaultyFixture.so", modules: ["FaultyModule"])
        try PluginFixtures.make(in: root, folder: "greeting", name: "Greeting")
        let daemon = try DaemonProcess(
            arguments: PluginFixtures.daemonArguments(root) + ["--engine-memory-limit", "512M", "--plugin-timeout", "20"],
            folder: folder, environment: PluginFixtures.environment(folder))
        return (folder, root, daemon)
    }

    /// What `describe` lists for the plugin in `folder`.
    private func plugin(in folder: String, of daemon: DaemonProcess) throws -> JSONValue {
        let plugins = try #require(daemon.initializedClient().call("describe")["result"]?["plugins"]?.arrayValue)
        return try #require(plugins.first { $0["path"]?.stringValue == folder }, "\(plugins)")
    }

    @Test func aBodyThatAllocatesPastTheLimitGetsItsPluginQuarantinedAndBystandersAreServed() throws {
        let (_, root, daemon) = try daemon()
        let culprit = try daemon.initializedClient()
        // Without the limit the body would take 4 GiB, give it back and return a tree.
        // The engine was ended under the request: the next one answers it with the restart error.
        expectRestartError(try culprit.call("mount", params: ["surface": "f", "root": faultyRow("allocate")], timeoutMilliseconds: 30_000), reason: "memory-limit")
        try daemon.waitForLog("engine memory limit, while plugin Faulty (\(root)/faulty) runs its body for 'faulty'; stopping the engine")
        try daemon.waitForLog("info: listening on", occurrences: 2)
        let faulty = try plugin(in: root + "/faulty", of: daemon)
        #expect(faulty["status"] == "quarantined", "\(faulty.jsonText)\n\(daemon.log)")
        let crash = try #require(faulty["crash"], "\(faulty.jsonText)")
        #expect(crash["call"] == "body", "\(crash.jsonText)")
        let reason = try #require(crash["reason"]?.stringValue)
        #expect(reason.hasPrefix("used ") && reason.hasSuffix(", past the 512 MiB engine memory limit"), "\(reason)")
        #expect(faulty["error"]?.stringValue?.hasPrefix("quarantined: it made the host use ") == true, "\(faulty.jsonText)")
        #expect(daemon.log.contains("the engine stopped in plugin Faulty (\(root)/faulty): made the host use "), "\(daemon.log)")
        // The bystander's plugin is served by the new engine.
        #expect(try plugin(in: root + "/greeting", of: daemon)["status"] == "loaded")
        let mounted = try daemon.initializedClient().call(
            "mount", params: ["surface": "g", "root": ["type": "Text", "modifiers": [["$type": "greeting", "name": "Ada"]]]])
        #expect(mounted["result"] != nil, "\(mounted.jsonText)")
    }

    @Test func memoryTakenOutsideAnyPluginCallRestartsTheEngineBlamingNoOne() throws {
        let (_, root, daemon) = try daemon()
        let client = try daemon.initializedClient()
        let mounted = try client.call("mount", params: ["surface": "f", "root": faultyRow("allocate-later")])
        #expect(mounted["result"] != nil, "\(mounted.jsonText)")
        try daemon.waitForLog("engine memory limit, outside any plugin call; stopping the engine")
        try daemon.waitForLog("the engine stopped outside plugin code (used ")
        try daemon.waitForLog("info: listening on", occurrences: 2)
        #expect(try plugin(in: root + "/faulty", of: daemon)["status"] == "loaded")
        #expect(try daemon.initializedClient().call("ping")["result"] != nil)
    }
}
