import Foundation
import ModhostWire
import BlockingTests
import Testing

/// `modhost conformance --socket` against a daemon in use, as a front-end author meets one: a
/// user plugin besides the bundled ones, a watcher (what the inspector is) and a front-end with
/// a surface open. Every vector passes but the ones that need a controlled host, which are
/// skipped with their reason; a failure shows where it differs, not the frame.
@Suite(.serialized, .blocksItsThread, .timeLimit(.minutes(20))) struct ConformanceLiveDaemonTests {
    static let controlledHostReason =
        "needs a controlled host (only the bundled plugins ExpoUI and SwipeActions, no other connections); run with --spawn"

    @Test func theVectorsPassOnABusierDaemonAndSkipTheControlledHostOnes() throws {
        let folder = TemporaryFolder()
        let plugins = folder.path + "/plugins"
        try PluginFixtures.make(in: plugins, folder: "Greeting", name: "Greeting", version: "1.0.0")
        let daemon = try DaemonProcess(arguments: ["--plugins", plugins], folder: folder)
        try daemon.waitForLog("loaded plugin Greeting")
        let watcher = try RunningCLI(["--socket", daemon.socketPath, "watch"])
        try watcher.waitForStderr("watching")
        let frontEnd = try daemon.initializedClient()
        let mounted = try frontEnd.call("mount", params: ["surface": "open", "root": ["type": "List", "children": [["type": "Text"]]]])
        #expect(mounted["result"] != nil, "\(mounted.jsonText)")

        let result = try run(try BuiltProducts.executable("modhost"), ["--socket", daemon.socketPath, "conformance"], seconds: 600)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(result.status == 0, "\(lines.filter { $0.hasPrefix("FAIL") }.prefix(10).joined(separator: "\n"))\n\(result.stderr)")
        #expect(lines.last?.hasSuffix(" passed, 0 failed") == true, "\(lines.suffix(3))")
        let controlled = lines.filter { $0.hasSuffix(": " + Self.controlledHostReason) }
        #expect(controlled == [
            "SKIP handshake/initialize lists exactly the bundled modifier types, by type",
            "SKIP methods/describe lists exactly the bundled plugins",
            "SKIP modules/describe lists exactly the bundled modules",
            "SKIP watch/watch lists exactly the open connections",
        ].map { $0 + ": " + Self.controlledHostReason })
        // The plugin-view vectors need the Rating fixture plugin, which this daemon lacks: the
        // group is skipped, saying so once.
        let fixtureGroup = lines.filter { $0.hasPrefix("the rating-fixture group") }
        #expect(fixtureGroup == [
            "the rating-fixture group (15 vectors) was skipped: the host at \(daemon.socketPath) does not serve the Rating view of the fixture plugin (Tests/Fixtures/RatingPlugin); --spawn loads it"
        ])
        #expect(lines.filter { $0.hasPrefix("SKIP pluginviews/") }.count == 15)
        // With the five that need host options (limits.json) and the 15 plugin-view ones.
        #expect(lines.contains("24 skipped"), "\(lines.suffix(3))")
        // The whole-list vectors' $includes twins ran and passed here.
        for name in ["methods/describe lists the bundled plugins loaded", "watch/watch answers with every topic, its connection and the open ones",
                     "watch/watching surfaces starts from every tree open now", "surfaces/unknown modifier type"] {
            #expect(lines.contains("PASS " + name), "\(name)")
        }
        // The user plugin and the other connections were really there.
        let describe = try frontEnd.call("describe")
        #expect(describe["result"]?["plugins"]?.arrayValue?.count == 3, "\(describe.jsonText.prefix(300))")

        // A failing vector names the path and values of the first difference, cut short, not
        // `describe`'s answer of several KB.
        let vectors = folder.path + "/vectors"
        try FileManager.default.createDirectory(atPath: vectors, withIntermediateDirectories: true)
        try #"""
            [{"name": "only the bundled plugins", "initialize": true, "steps": [{"send": {"jsonrpc": "2.0", "id": 2, "method": "describe"}},
              {"expect": {"id": 2, "result": {"plugins": [{"name": "ExpoUI"}, {"name": "SwipeActions"}]}}}]}]
            """#.write(toFile: vectors + "/busy.json", atomically: true, encoding: .utf8)
        let failing = try run(try BuiltProducts.executable("modhost"), ["--socket", daemon.socketPath, "conformance", "--vectors", vectors], seconds: 120)
        #expect(failing.status == 1)
        let fail = try #require(failing.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL ") })
        #expect(fail.contains("$.result.plugins: expected 2 elements, got 3; first difference at $.result.plugins[0]: got {\"name\":\"Greeting\""), "\(fail)")
        #expect(fail.count < 500, "\(fail.count) characters: \(fail.prefix(600))")
        _ = frontEnd
    }
}
