import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

/// The quarantine lives in the supervisor and is handed to every engine it starts, whatever
/// ended the one before, on the control channel.
@Suite("A quarantine outlasts later engine restarts", .blocksItsThread, .timeLimit(.minutes(20)))
struct QuarantineRestartTests {
    @Test func aQuarantinedPluginStaysQuarantinedWhenAnotherCrashesAndWhenTheEngineDiesOutsidePlugins() throws {
        let (folder, root, daemon) = try crashSetup()
        /// The plugins `describe` lists, by folder name.
        func plugins() throws -> [String: JSONValue] {
            let list = try #require(daemon.initializedClient().call("describe")["result"]?["plugins"]?.arrayValue)
            return Dictionary(uniqueKeysWithValues: list.map { ($0["path"]!.stringValue!.replacingOccurrences(of: root + "/", with: ""), $0) })
        }
        /// Faulty is quarantined for the crash in its body, whatever came after.
        func expectFaultyQuarantined(_ plugins: [String: JSONValue], sourceLocation: SourceLocation = #_sourceLocation) {
            let faulty = plugins["faulty"]
            #expect(faulty?["status"] == "quarantined", "\(faulty?.jsonText ?? "no faulty")\n\(daemon.log)", sourceLocation: sourceLocation)
            #expect(faulty?["crash"]?["call"] == "body", "\(faulty?.jsonText ?? "")", sourceLocation: sourceLocation)
            #expect(faulty?["crash"]?["request"]?["method"] == "mount", "\(faulty?.jsonText ?? "")", sourceLocation: sourceLocation)
            #expect(plugins["greeting"]?["status"] == "loaded", sourceLocation: sourceLocation)
        }

        // Faulty crashes the first engine in its body.
        let culprit = try daemon.initializedClient()
        expectRestartError(try culprit.call("mount", params: ["surface": "f", "root": faultyRow("body")]), reason: "plugin-crashed")
        try daemon.waitForLog("info: listening on", occurrences: 2)
        expectFaultyQuarantined(try plugins())

        // Another plugin crashes the second engine: a library copied in aborts as it loads.
        let staged = folder.path + "/staging/boom"
        try makeAbortingPlugin(at: staged, scratch: folder.path)
        try FileManager.default.moveItem(atPath: staged, toPath: root + "/boom")
        try daemon.waitForLog("the engine stopped in plugin Boom (\(root)/boom)")
        try daemon.waitForLog("info: listening on", occurrences: 3)
        var now = try plugins()
        expectFaultyQuarantined(now)
        #expect(now["boom"]?["status"] == "quarantined", "\(now["boom"]?.jsonText ?? "no boom")")
        #expect(now["boom"]?["crash"]?["call"] == "module setup")

        // The third engine dies outside plugin code. The quarantine reached it over the
        // control channel, not in its environment.
        let engine = try #require(daemon.enginePID)
        let environ = try String(decoding: Data(contentsOf: URL(fileURLWithPath: "/proc/\(engine)/environ")), as: UTF8.self)
        #expect(!environ.contains("MODHOST_QUARANTINE"), "\(environ)")
        kill(engine, SIGSEGV)
        try daemon.waitForLog("the engine stopped outside plugin code (SIGSEGV")
        try daemon.waitForLog("info: listening on", occurrences: 4)
        now = try plugins()
        expectFaultyQuarantined(now)
        #expect(now["boom"]?["status"] == "quarantined", "\(now["boom"]?.jsonText ?? "no boom")")
        #expect(now["boom"]?["crash"]?["call"] == "module setup")
        // And the quarantined type is still inert: refused under strictParams.
        let strict = try daemon.client()
        #expect(try strict.call("initialize", params: ["protocolVersion": 1, "strictParams": true])["result"] != nil)
        let refused = try strict.call("mount", params: ["surface": "again", "root": faultyRow("none")])
        #expect(refused["error"]?["message"]?.stringValue?.contains("belongs to plugin Faulty, which is quarantined") == true, "\(refused.jsonText)")
        #expect(daemon.log.components(separatedBy: "the plugin is quarantined, starting a new engine without it").count - 1 == 2)
    }
}
