import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

@Suite("Plugins loaded from folders", .blocksItsThread, .timeLimit(.minutes(20)))
struct PluginLoadingTests {
    @Test func aFixturePluginLoadsAndItsTypeIsListedWithItsSchema() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "greeting", name: "Greeting")
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.client()
        let initialized = try client.call("initialize", params: ["protocolVersion": 1])
        let modifiers = try #require(initialized["result"]?["modifiers"]?.arrayValue)
        let greeting = try #require(modifiers.first { $0["type"] == "greeting" })
        #expect(greeting["plugin"] == "Greeting")
        #expect(greeting["module"] == "Greeting")
        let schema = try #require(greeting["params"])
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["properties"]?["$type"]?["const"] == "greeting")
        #expect(schema["properties"]?["name"]?["type"] == "string")
        #expect(schema["properties"]?["excited"]?["default"] == false)
        #expect(schema["properties"]?["repeats"]?["type"] == "integer")
        #expect(schema["properties"]?["style"]?["enum"] == ["plain", "shouting", "whispering"])
        #expect(schema["required"] == ["$type", "name"])
        #expect(schema["properties"]?.objectValue?.keys == ["$type", "name", "excited", "repeats", "color", "style"])

        let plugins = try #require(client.call("describe")["result"]?["plugins"]?.arrayValue)
        #expect(plugins.count == 1)
        #expect(plugins.first?["status"] == "loaded")
        #expect(plugins.first?["types"] == ["greeting"])
    }

    @Test func twoFoldersWithOnePluginNameFollowTheFolderOrderAtStartAndWhileRunning() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "b-greeting", name: "Greeting")
        try PluginFixtures.make(in: root, folder: "c-greeting", name: "Greeting")
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        func statuses() throws -> [String: JSONValue] {
            let plugins = try #require(client.call("describe")["result"]?["plugins"]?.arrayValue)
            return Dictionary(uniqueKeysWithValues: plugins.map { ($0["path"]!.stringValue!.replacingOccurrences(of: root + "/", with: ""), $0) })
        }
        // At start the first folder by name takes the name.
        var plugins = try statuses()
        #expect(plugins["b-greeting"]?["status"] == "loaded")
        #expect(plugins["c-greeting"]?["status"] == "failed")
        #expect(plugins["c-greeting"]?["error"]?.stringValue?.contains("already loaded from \(root)/b-greeting, which comes first") == true)

        // A broken folder that comes first does not disturb the loaded plugin of that name.
        let broken = try PluginFixtures.make(in: root, folder: "0-broken", name: "Greeting", copyLibrary: false)
        try "not a library".write(toFile: broken + "/libGreetingFixture.so", atomically: true, encoding: .utf8)
        _ = try client.call("reload")
        plugins = try statuses()
        #expect(plugins["0-broken"]?["status"] == "failed")
        #expect(plugins["b-greeting"]?["status"] == "loaded")
        #expect(!daemon.log.contains("unloaded plugin Greeting"), "\(daemon.log)")
        try FileManager.default.removeItem(atPath: broken)

        // Added while running and sorting first, a folder takes the name just as at start.
        try PluginFixtures.make(in: root, folder: "a-greeting", name: "Greeting")
        _ = try client.call("reload")
        plugins = try statuses()
        #expect(plugins["a-greeting"]?["status"] == "loaded")
        #expect(plugins["b-greeting"]?["status"] == "failed")
        #expect(plugins["b-greeting"]?["error"]?.stringValue?.contains("already loaded from \(root)/a-greeting") == true)
        #expect(plugins["c-greeting"]?["status"] == "failed")
        try daemon.waitForLog("unloaded plugin Greeting (\(root)/a-greeting also holds plugin Greeting and comes first)")

        // Removing it gives the name back to the next folder.
        try FileManager.default.removeItem(atPath: root + "/a-greeting")
        _ = try client.call("reload")
        plugins = try statuses()
        #expect(plugins["b-greeting"]?["status"] == "loaded")
        #expect(plugins["c-greeting"]?["status"] == "failed")
        #expect(try client.call("describe")["result"]?["modifiers"]?[0]?["type"] == "greeting")
    }

    @Test func aUserPluginNamedLikeABundledOneReplacesItQuietly() throws {
        let folder = TemporaryFolder()
        let user = folder.path + "/data/modhost/plugins"
        try PluginFixtures.make(in: user, folder: "SwipeActions", name: "SwipeActions", version: "0.1.0")
        // The bundled plugins load (no --no-bundled-plugins).
        let daemon = try DaemonProcess(folder: folder, environment: PluginFixtures.environment(folder))
        let client = try daemon.initializedClient()
        let failures = client.notifications.filter { $0["params"]?["code"] == "plugin-load-failed" }
        #expect(failures.count == 0, "\(failures)")
        let described = try #require(client.call("describe")["result"])
        let bundled = try #require(described["roots"]?.arrayValue?.first { $0["kind"] == "bundled" }?["path"]?.stringValue) + "/SwipeActions"
        let named = described["plugins"]?.arrayValue?.filter { $0["name"] == "SwipeActions" } ?? []
        #expect(named.map { $0["path"]?.stringValue } == [user + "/SwipeActions", bundled], "\(described["plugins"]?.jsonText ?? "")")
        #expect(named.map { $0["status"] } == ["loaded", "overridden"])
        #expect(named.last?["error"] == nil)
        #expect(named.last?["version"] == "1.0.0")
        let types = described["modifiers"]?.arrayValue?.compactMap { $0["type"]?.stringValue } ?? []
        #expect(types.contains("greeting") && !types.contains("swipeActions"), "\(types)")
        // One info line, and no error.
        let line = "info: plugin SwipeActions from \(user)/SwipeActions replaces the bundled plugin SwipeActions in \(bundled), which is not loaded"
        #expect(daemon.log.components(separatedBy: line).count == 2, "\(daemon.log)")
        #expect(!daemon.log.contains("error:"), "\(daemon.log)")

        let cli = try BuiltProducts.executable("modhost")
        let table = try run(cli, ["--socket", daemon.socketPath, "plugins"])
        #expect(!table.stdout.contains("failed"), "\(table.stdout)")
        let row = try #require(table.stdout.split(separator: "\n").first { $0.contains("overridden") }, "\(table.stdout)")
        #expect(row.hasPrefix("SwipeActions") && row.hasSuffix("replaced by the plugin in \(user)/SwipeActions"), "\(row)")

        // A rescan changes nothing and says nothing again.
        let reloaded = try #require(client.call("reload")["result"])
        #expect(reloaded["events"] == [], "\(reloaded.jsonText)")
        #expect(daemon.log.components(separatedBy: line).count == 2, "\(daemon.log)")

        // Removing the user's plugin gives the name back to the bundled one.
        try FileManager.default.removeItem(atPath: user + "/SwipeActions")
        _ = try client.call("reload")
        let back = try #require(client.call("describe")["result"])
        #expect((back["plugins"]?.arrayValue ?? []).filter { $0["name"] == "SwipeActions" }.map { $0["status"] } == ["loaded"])
        #expect(back["modifiers"]?.arrayValue?.contains { $0["type"] == "swipeActions" } == true)
    }

    @Test func twoChosenFoldersWithABundledPluginsNameStayAnError() throws {
        let folder = TemporaryFolder()
        let flag = folder.path + "/flag-plugins"
        let user = folder.path + "/data/modhost/plugins"
        try PluginFixtures.make(in: flag, folder: "SwipeActions", name: "SwipeActions")
        try PluginFixtures.make(in: user, folder: "SwipeActions", name: "SwipeActions")
        let daemon = try DaemonProcess(arguments: ["--plugins", flag], folder: folder, environment: PluginFixtures.environment(folder))
        let client = try daemon.initializedClient()
        let failures = client.notifications.filter { $0["params"]?["code"] == "plugin-load-failed" }
        #expect(failures.count == 1, "only the user folder is refused: \(failures)")
        let plugins = try #require(client.call("describe")["result"]?["plugins"]?.arrayValue).filter { $0["name"] == "SwipeActions" || $0["path"]?.stringValue == user + "/SwipeActions" }
        #expect(plugins.map { $0["status"] } == ["loaded", "failed", "overridden"], "\(plugins)")
        #expect(plugins[1]["error"]?.stringValue?.contains("already loaded from \(flag)/SwipeActions, which comes first") == true)
    }

    @Test func onCreateRunsBeforeTheSocketAcceptsConnections() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "greeting", name: "Greeting")
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let log = daemon.log
        let created = try #require(log.range(of: "greeting module created"))
        let listening = try #require(log.range(of: "listening on"))
        #expect(created.lowerBound < listening.lowerBound)
    }

    @Test func eachBrokenPluginIsRefusedWithItsReasonAndTheOthersLoad() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/a-no-manifest", withIntermediateDirectories: true)
        try PluginFixtures.make(in: root, folder: "b-bad-manifest", name: "Bad", copyLibrary: false)
        try "{\"name\": ".write(toFile: root + "/b-bad-manifest/plugin.json", atomically: true, encoding: .utf8)
        try PluginFixtures.make(in: root, folder: "c-not-a-library", name: "NotALibrary", library: "libNotALibrary.so", copyLibrary: false)
        try "this is not an ELF file".write(toFile: root + "/c-not-a-library/libNotALibrary.so", atomically: true, encoding: .utf8)
        try PluginFixtures.make(in: root, folder: "d-no-class", name: "NoClass", modules: ["NoSuchModule"])
        try PluginFixtures.make(in: root, folder: "e-old-sdk", name: "OldSDK", sdkVersion: "0.9.0", copyLibrary: false)
        try PluginFixtures.make(
            in: root, folder: "f-own-sdk", name: "OwnSDK", library: "libDuplicateSDKFixture.so", modules: ["DuplicateModule"])
        try PluginFixtures.make(in: root, folder: "g-world-writable", name: "Writable", copyLibrary: false)
        chmod(root + "/g-world-writable", 0o777)
        try PluginFixtures.make(in: root, folder: "h-missing-library", name: "Missing", copyLibrary: false)
        try PluginFixtures.make(in: root, folder: "z-good", name: "Greeting")

        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        let plugins = try #require(client.call("describe")["result"]?["plugins"]?.arrayValue)
        func error(_ folderName: String) -> String {
            plugins.first { $0["path"]?.stringValue == root + "/" + folderName }?["error"]?.stringValue ?? "(no error)"
        }
        #expect(error("a-no-manifest").contains("has no readable plugin.json"))
        #expect(error("b-bad-manifest").contains("plugin.json is not valid JSON"))
        #expect(error("c-not-a-library").contains("\(root)/c-not-a-library/libNotALibrary.so is not a shared library (no ELF header"))
        #expect(error("d-no-class").contains("module class 'GreetingFixture.NoSuchModule' was not found"))
        #expect(error("e-old-sdk").contains("built for ModifierKit 0.9.0"))
        #expect(error("f-own-sdk").contains("carries its own copy of the SDK"))
        #expect(error("g-world-writable").contains("writable by other users"))
        #expect(error("g-world-writable").contains("chmod go-w"))
        #expect(error("h-missing-library").contains("libGreetingFixture.so does not exist"))
        let good = try #require(plugins.first { $0["path"]?.stringValue == root + "/z-good" })
        #expect(good["status"] == "loaded")
        #expect(plugins.filter { $0["status"] == "failed" }.count == 8)
        // A new front-end hears of each failure as a diagnostic, before the initialize answer.
        let failures = client.notifications.filter { $0["params"]?["code"] == "plugin-load-failed" }
        #expect(failures.count == 8)
        #expect(failures.allSatisfy { $0["method"] == "diagnostic" && $0["params"]?["severity"] == "error" })
        // Every refusal is logged too, and the daemon keeps serving.
        #expect(daemon.log.components(separatedBy: "was not loaded").count - 1 == 8)
        #expect(try client.call("ping")["result"] != nil)
    }

    @Test func aPluginCopiedInWhileRunningIsAnnouncedAndRemovingItRunsOnDestroy() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        #expect(try client.call("describe")["result"]?["modifiers"] == [])

        try PluginFixtures.make(in: root, folder: "greeting", name: "Greeting")
        let added = try client.nextNotification("pluginsChanged")
        #expect(added["params"]?["added"] == ["greeting"])
        #expect(added["params"]?["removed"] == [])
        let modifiers = try #require(client.call("describe")["result"]?["modifiers"]?.arrayValue)
        #expect(modifiers.map { $0["type"] } == ["greeting"])
        let mounted = try client.call("mount", params: [
            "surface": "main", "root": ["type": "Text", "key": "hi", "modifiers": [["$type": "greeting", "name": "Ada"]]],
        ])
        #expect(mounted["result"] != nil, "\(mounted.jsonText)")

        try FileManager.default.removeItem(atPath: root + "/greeting")
        let removed = try client.nextNotification("pluginsChanged")
        #expect(removed["params"]?["removed"] == ["greeting"])
        // The mounted surface that uses the removed type is told so.
        let warning = client.notifications.first { $0["params"]?["code"] == "modifier-type-removed" }
        #expect(warning?["params"]?["node"] == "hi")
        try daemon.waitForLog("greeting module destroyed")
        #expect(try client.call("describe")["result"]?["modifiers"] == [])
    }

    @Test func sighupRescansThePluginFolders() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "greeting", name: "Greeting")
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        // Replace the library with a changed copy: the rescan must load it from a new path.
        let library = root + "/greeting/libGreetingFixture.so"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: library))
        bytes.append(contentsOf: [0])
        try bytes.write(to: URL(fileURLWithPath: library))
        kill(daemon.process.processIdentifier, SIGHUP)
        try daemon.waitForLog("unloaded plugin Greeting (its files changed)")
        try daemon.waitForLog("greeting module created", occurrences: 2)
        #expect(try client.call("describe")["result"]?["plugins"]?[0]?["status"] == "loaded")
    }

    @Test(.blocksItsThread, .timeLimit(.minutes(20)))
    func afterSighupAPluginFolderCopiedInUnseenIsServed() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        let elsewhere = try PluginFixtures.unwatchedPluginFolder("greeting", in: root, folder: folder)
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        #expect(try client.call("describe")["result"]?["modifiers"] == [])
        try PluginFixtures.make(in: elsewhere, folder: "greeting", name: "Greeting")
        usleep(600_000)  // several times the watcher's settle time
        #expect(try client.call("describe")["result"]?["modifiers"] == [], "nothing watched changed")
        #expect(!client.notifications.contains { $0["method"] == "pluginsChanged" })

        kill(daemon.process.processIdentifier, SIGHUP)
        let added = try client.nextNotification("pluginsChanged")
        #expect(added["params"]?["added"] == ["greeting"])
        let modifiers = try #require(client.call("describe")["result"]?["modifiers"]?.arrayValue)
        #expect(modifiers.map { $0["type"] } == ["greeting"])
        let mounted = try client.call("mount", params: [
            "surface": "main", "root": ["type": "Text", "key": "hi", "modifiers": [["$type": "greeting", "name": "Ada"]]],
        ])
        #expect(mounted["result"] != nil, "\(mounted.jsonText)")
        let initialized = try daemon.client().call("initialize", params: ["protocolVersion": 1])
        #expect(initialized["result"]?["modifiers"]?.arrayValue?.map { $0["type"] } == ["greeting"])
    }
}
