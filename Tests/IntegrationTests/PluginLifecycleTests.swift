import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

/// Source of a small plugin whose Swift module and class names are fixed, so that several
/// builds of it (versions, or different plugins that share names) can be loaded side by side.
/// `type` is the modifier type it registers, `field` the param its label comes from, and
/// `version` what its event payload says; `unregisters` whether its `OnDestroy` unregisters
/// the type (the host removes it either way).
private func versionedSource(type: String = "versioned", field: String = "label", version: Int, unregisters: Bool = true) -> String {
    """
    import ModifierKit

    struct VersionedModifier: ViewModifier, Record {
        @Field var id: String = "go"
        @Field var \(field): String = ""
        var eventDispatcher: EventDispatcher?
        init() {}
        init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
            try self = .init(from: params, appContext: appContext)
            self.eventDispatcher = eventDispatcher
        }
        func body(content: Content) -> some View {
            content.swipeActions(edge: .trailing) {
                ForEach([id], id: \\.self) { id in
                    Button { eventDispatcher?(["\(type)": ["id": id, "version": \(version)]]) } label: { Text(\(field)) }
                }
            }
        }
    }

    public class VersionedModule: Module {
        public func definition() -> ModuleDefinition {
            Name("Versioned")
            OnCreate {
                ViewModifierRegistry.register("\(type)") { params, context, dispatcher in
                    try VersionedModifier(from: params, appContext: context, eventDispatcher: dispatcher)
                }
                self.appContext.log.info("\(type) version \(version) created")
            }
            OnDestroy { \(unregisters ? "ViewModifierRegistry.unregister(\"\(type)\")" : "") }
        }
    }
    """
}

/// A List with one row `r1` carrying `modifier`.
private func rowSurface(_ modifier: JSONValue) -> JSONValue {
    ["type": "List", "children": [["type": "Text", "key": "r1", "props": ["text": "row"], "modifiers": [modifier]]]]
}

/// Swipes row `r1` of `surface` and taps its action `id`; returns the event payload.
private func tap(_ client: BlockingClient, surface: String, id: String = "go") throws -> JSONValue? {
    _ = try client.call("interact", params: ["surface": .string(surface), "node": "r1", "gesture": "swipe", "edge": "trailing"])
    let tapped = try client.call("interact", params: ["surface": .string(surface), "node": "r1", "gesture": "tapAction", "id": .string(id)])
    #expect(tapped["result"]?["performed"] == .string(id), "\(tapped.jsonText)")
    guard let index = client.notifications.lastIndex(where: { $0["method"] == "event" }) else { return nil }
    return client.notifications.remove(at: index)["params"]?["payload"]
}

@Suite("Plugins that come and go", .blocksItsThread, .timeLimit(.minutes(20)))
struct PluginLifecycleTests {
    @Test func whatAPluginRegisteredGoesWithItEvenWhenItsOnDestroyLeavesIt() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginCompiler.plugin(
            name: "Forgetful", module: "Versioned", classes: ["VersionedModule"], source: versionedSource(version: 1, unregisters: false),
            into: root + "/forgetful")
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        #expect(try client.call("describe")["result"]?["modifiers"]?.arrayValue?.map(\.["type"]) == ["versioned"])

        try FileManager.default.removeItem(atPath: root + "/forgetful")
        let changed = try client.nextNotification("pluginsChanged")
        #expect(changed["params"]?["removed"] == ["versioned"])
        #expect(try client.call("describe")["result"]?["modifiers"] == [])
        let refused = try client.call("mount", params: ["surface": "s", "root": rowSurface(["$type": "versioned"])])
        #expect(refused["error"]?["data"]?["path"] == "root.children[0].modifiers[0].$type", "\(refused.jsonText)")
    }

    @Test func aChangedLibraryServesItsNewCodeToDescribeNewMountsAndUpdates() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        let library = try PluginCompiler.plugin(
            name: "Versioned", module: "Versioned", classes: ["VersionedModule"], source: versionedSource(version: 1),
            into: root + "/versioned")
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        func schemaKeys() throws -> [String] {
            let modifiers = try #require(client.call("describe")["result"]?["modifiers"]?.arrayValue)
            return modifiers.first { $0["type"] == "versioned" }?["params"]?["properties"]?.objectValue?.keys.map { $0 } ?? []
        }
        #expect(try schemaKeys() == ["$type", "id", "label"])
        let old = try client.call("mount", params: ["surface": "old", "root": rowSurface(["$type": "versioned", "label": "Go"])])
        #expect(old["result"] != nil, "\(old.jsonText)")
        #expect(try tap(client, surface: "old") == ["versioned": ["id": "go", "version": 1]])

        // Version 2 renames the field and sends another payload; it is built aside and renamed
        // into place, as an install would.
        try PluginCompiler.compile(module: "Versioned", source: versionedSource(field: "title", version: 2), output: library + ".new")
        try FileManager.default.moveItem(atPath: library, toPath: library + ".old")
        try FileManager.default.moveItem(atPath: library + ".new", toPath: library)
        let announced = try client.nextNotification("pluginsChanged")
        #expect(announced["params"]?["changed"] == ["versioned"])
        try daemon.waitForLog("versioned version 2 created")

        #expect(try schemaKeys() == ["$type", "id", "title"])
        let fresh = try client.call("mount", params: ["surface": "new", "root": rowSurface(["$type": "versioned", "title": "Go"])])
        #expect(fresh["result"] != nil, "\(fresh.jsonText)")
        #expect(try tap(client, surface: "new") == ["versioned": ["id": "go", "version": 2]])

        // A node mounted with v1 keeps v1 until the front-end updates it; the update rebuilds
        // it with v2 even though its params did not change.
        #expect(try tap(client, surface: "old") == ["versioned": ["id": "go", "version": 1]])
        let updated = try client.call("update", params: ["surface": "old", "root": rowSurface(["$type": "versioned", "title": "Go"])])
        #expect(updated["result"] != nil, "\(updated.jsonText)")
        #expect(try tap(client, surface: "old") == ["versioned": ["id": "go", "version": 2]])
        let again = try client.call("update", params: ["surface": "old", "root": rowSurface(["$type": "versioned", "title": "Go"])])
        #expect(again["result"]?["unchanged"] == 1, "an unchanged v2 modifier is kept: \(again.jsonText)")
    }

    @Test func twoPluginsWhoseSwiftModulesShareANameEachRunTheirOwnCode() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginCompiler.plugin(
            name: "First", module: "Versioned", classes: ["VersionedModule"], source: versionedSource(type: "first", version: 1),
            into: root + "/first")
        try PluginCompiler.plugin(
            name: "Second", module: "Versioned", classes: ["VersionedModule"], source: versionedSource(type: "second", version: 2),
            into: root + "/second")
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        let described = try #require(client.call("describe")["result"])
        #expect(described["modifiers"]?.arrayValue?.map { $0["type"] } == ["first", "second"], "\(described.jsonText)")
        #expect(described["plugins"]?.arrayValue?.map { $0["types"] } == [["first"], ["second"]])
        for (surface, type, version) in [("a", "first", 1), ("b", "second", 2)] {
            let mounted = try client.call("mount", params: ["surface": .string(surface), "root": rowSurface(["$type": .string(type), "label": "Go"])])
            #expect(mounted["result"] != nil, "\(mounted.jsonText)")
            #expect(try tap(client, surface: surface) == [type: ["id": "go", "version": .int(Int64(version))]])
        }
    }

    @Test func aPluginCopiedIntoAUserFolderThatDidNotExistIsLoadedWithoutASignal() throws {
        let folder = TemporaryFolder()
        // Nothing of $XDG_DATA_HOME/modhost/plugins exists when the daemon starts.
        let daemon = try DaemonProcess(
            arguments: ["--no-bundled-plugins"], folder: folder, environment: PluginFixtures.environment(folder))
        let client = try daemon.initializedClient()
        let roots = try #require(client.call("describe")["result"]?["roots"]?.arrayValue)
        #expect(roots.first?["kind"] == "user")
        #expect(roots.first?["status"] == "missing")

        let staged = folder.path + "/staged"
        try PluginFixtures.make(in: staged, folder: "greeting", name: "Greeting")
        let user = folder.path + "/data/modhost/plugins"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        let start = Date()
        try FileManager.default.moveItem(atPath: staged + "/greeting", toPath: user + "/greeting")
        let added = try client.nextNotification("pluginsChanged")
        let seconds = Date().timeIntervalSince(start)
        #expect(added["params"]?["added"] == ["greeting"])
        print("a plugin moved into a new user folder was announced after \(String(format: "%.2f", seconds)) s")
        #expect(try client.call("describe")["result"]?["roots"]?[0]?["status"] == "ok")
    }

    @Test func aLibraryWrittenInTwoHalvesIsLoadedOnlyOnceWhole() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        let bytes = try Data(contentsOf: BuiltProducts.folder.appendingPathComponent("libGreetingFixture.so"))
        let plugin = try PluginFixtures.make(in: root, folder: "greeting", name: "Greeting", copyLibrary: false)
        let handle = try #require(FileHandle(forWritingAtPath: {
            _ = FileManager.default.createFile(atPath: plugin + "/libGreetingFixture.so", contents: nil)
            return plugin + "/libGreetingFixture.so"
        }()))
        handle.write(bytes.prefix(bytes.count / 2))
        Thread.sleep(forTimeInterval: 1)
        #expect(!daemon.log.contains("loaded plugin Greeting"), "loaded half a library:\n\(daemon.log)")
        handle.write(bytes.suffix(from: bytes.count / 2))
        try handle.close()
        let added = try client.nextNotification("pluginsChanged")
        #expect(added["params"]?["added"] == ["greeting"])
        #expect(try client.call("describe")["result"]?["plugins"]?[0]?["status"] == "loaded")
        // The half it saw was refused as truncated, and said so.
        #expect(daemon.log.contains("is truncated"), "\(daemon.log)")
    }

    @Test func aLibraryCutAt4096BytesIsRefusedAtStartAndTheDaemonServes() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        let plugin = try PluginFixtures.make(in: root, folder: "cut", name: "Cut", copyLibrary: false)
        let bytes = try Data(contentsOf: BuiltProducts.folder.appendingPathComponent("libGreetingFixture.so"))
        try bytes.prefix(4096).write(to: URL(fileURLWithPath: plugin + "/libGreetingFixture.so"))
        try PluginFixtures.make(in: root, folder: "whole", name: "Greeting")
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        let plugins = try #require(client.call("describe")["result"]?["plugins"]?.arrayValue)
        let cut = try #require(plugins.first { $0["path"]?.stringValue == plugin })
        #expect(cut["status"] == "failed")
        let error = cut["error"]?.stringValue ?? ""
        #expect(error.hasPrefix("\(plugin)/libGreetingFixture.so is truncated"), "\(error)")
        #expect(error.contains("the file has 4096 bytes"), "\(error)")
        #expect(plugins.first { $0["path"]?.stringValue == root + "/whole" }?["status"] == "loaded")
        #expect(try client.call("ping")["result"] != nil)
    }

    @Test func aLibraryOrManifestThatIsASymbolicLinkIsRefused() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        let linkedLibrary = try PluginFixtures.make(in: root, folder: "a-linked-library", name: "LinkedLibrary", copyLibrary: false)
        try FileManager.default.createSymbolicLink(
            atPath: linkedLibrary + "/libGreetingFixture.so", withDestinationPath: BuiltProducts.folder.appendingPathComponent("libGreetingFixture.so").path)
        let linkedManifest = try PluginFixtures.make(in: root, folder: "b-linked-manifest", name: "LinkedManifest")
        try FileManager.default.moveItem(atPath: linkedManifest + "/plugin.json", toPath: folder.path + "/outside.json")
        try FileManager.default.createSymbolicLink(atPath: linkedManifest + "/plugin.json", withDestinationPath: folder.path + "/outside.json")
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        let plugins = try #require(client.call("describe")["result"]?["plugins"]?.arrayValue)
        #expect(plugins.count == 2)
        for plugin in plugins {
            #expect(plugin["status"] == "failed")
            #expect(plugin["error"]?.stringValue?.contains("is a symbolic link, not a regular file") == true, "\(plugin.jsonText)")
        }
        #expect(try client.call("describe")["result"]?["modifiers"] == [])
    }

    @Test func aUserPluginServingABundledTypeReplacesItWithAnInfoLine() throws {
        let folder = TemporaryFolder()
        let userRoot = folder.path + "/data/modhost/plugins"
        try PluginCompiler.plugin(
            name: "MySwipe", module: "Versioned", classes: ["VersionedModule"], source: versionedSource(type: "swipeActions", version: 1),
            into: userRoot + "/MySwipe")
        // The bundled plugins load (no --no-bundled-plugins): SwipeActions registers swipeActions too.
        let daemon = try DaemonProcess(folder: folder, environment: PluginFixtures.environment(folder))
        let described = try #require(daemon.initializedClient().call("describe")["result"])
        let info = try #require(described["modifiers"]?.arrayValue?.first { $0["type"] == "swipeActions" })
        #expect(info["plugin"] == "MySwipe")
        #expect(info["overrides"] == ["SwipeActions"])
        let line = "info: modifier type 'swipeActions' is served by plugin MySwipe (\(userRoot)/MySwipe), which comes first; it hides plugin SwipeActions"
        #expect(daemon.log.components(separatedBy: line).count == 2, "one info line:\n\(daemon.log)")
        #expect(!daemon.log.contains("warning:"), "\(daemon.log)")
    }

    @Test func aPluginsFolderFirstInOrderServesATypeAndGivesItBackWhenRemoved() throws {
        let folder = TemporaryFolder()
        let flagRoot = folder.path + "/flag-plugins"
        let userRoot = folder.path + "/data/modhost/plugins"
        // The user folder's plugin and the --plugins one both register "versioned".
        try PluginCompiler.plugin(
            name: "UserVersioned", module: "Versioned", classes: ["VersionedModule"], source: versionedSource(version: 1),
            into: userRoot + "/versioned")
        try PluginCompiler.plugin(
            name: "FlagVersioned", module: "Versioned", classes: ["VersionedModule"], source: versionedSource(field: "title", version: 2),
            into: flagRoot + "/versioned")
        let daemon = try DaemonProcess(
            arguments: ["--plugins", flagRoot, "--no-bundled-plugins"], folder: folder, environment: PluginFixtures.environment(folder))
        let client = try daemon.initializedClient()
        var described = try #require(client.call("describe")["result"])
        var info = try #require(described["modifiers"]?[0])
        #expect(info["plugin"] == "FlagVersioned")
        #expect(info["overrides"] == ["UserVersioned"])
        #expect(info["params"]?["properties"]?["title"] != nil)
        let user = try #require(described["plugins"]?.arrayValue?.first { $0["name"] == "UserVersioned" })
        #expect(user["types"] == [])
        #expect(user["hidden"] == ["versioned"])
        #expect(daemon.log.components(separatedBy: "modifier type 'versioned' is served by plugin FlagVersioned").count == 2, "one log line:\n\(daemon.log)")
        // Two folders the user chose that register one type: worth a warning.
        #expect(daemon.log.contains("warning: modifier type 'versioned' is served by plugin FlagVersioned"), "\(daemon.log)")

        try FileManager.default.removeItem(atPath: flagRoot + "/versioned")
        let changed = try client.nextNotification("pluginsChanged")
        #expect(changed["params"]?["changed"] == ["versioned"])
        #expect(changed["params"]?["removed"] == [])
        described = try #require(client.call("describe")["result"])
        info = try #require(described["modifiers"]?[0])
        #expect(info["plugin"] == "UserVersioned")
        #expect(info["overrides"] == nil)
        #expect(info["params"]?["properties"]?["label"] != nil)
        #expect(described["plugins"]?.arrayValue?.first { $0["name"] == "UserVersioned" }?["types"] == ["versioned"])
        try daemon.waitForLog("modifier type 'versioned' goes back to plugin UserVersioned")
        let mounted = try client.call("mount", params: ["surface": "s", "root": rowSurface(["$type": "versioned", "label": "Go"])])
        #expect(mounted["result"] != nil, "\(mounted.jsonText)")
        #expect(try tap(client, surface: "s") == ["versioned": ["id": "go", "version": 1]])
    }

    @Test func schemasAreBuiltOncePerLoadAndAFactoryThatThrowsIsReported() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginCompiler.plugin(name: "Mixed", module: "Mixed", classes: ["MixedModule"], source: """
            import ModifierKit
            import Synchronization

            struct Counted: ViewModifier, Record {
                @Field var text: String = ""
                init() {}
                init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
                    if appContext.isDescribing { appContext.log.info("described counted") }
                    try self = .init(from: params, appContext: appContext)
                }
                func body(content: Content) -> some View { content }
            }
            struct Broken: Error, CustomStringConvertible { var description: String { "broken on purpose" } }

            public class MixedModule: Module {
                public func definition() -> ModuleDefinition {
                    OnCreate {
                        ViewModifierRegistry.register("counted") { p, c, d in try Counted(from: p, appContext: c, eventDispatcher: d) }
                        ViewModifierRegistry.register("broken") { _, _, _ in throw Broken() }
                    }
                }
            }
            """, into: root + "/mixed")
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        for _ in 0..<3 {
            let client = try daemon.initializedClient()
            _ = try client.call("describe")
        }
        #expect(daemon.log.components(separatedBy: "described counted").count == 2, "built once:\n\(daemon.log)")
        let client = try daemon.initializedClient()
        let described = try #require(client.call("describe")["result"])
        let plugin = try #require(described["plugins"]?[0])
        #expect(plugin["status"] == "loaded")
        #expect(plugin["problems"]?[0]?.stringValue?.contains("the factory of 'broken' threw when built with its defaults (broken on purpose)") == true, "\(plugin.jsonText)")
        let mounted = try client.call("mount", params: ["surface": "s", "root": ["type": "Text", "modifiers": [["$type": "counted", "text": "x"]]]])
        #expect(mounted["result"] != nil, "the plugin's other type works: \(mounted.jsonText)")
    }

    @Test func pluginRootsThatAreMissingOrNotFoldersAreReportedAndAMissingOneIsWatched() throws {
        let folder = TemporaryFolder()
        let missing = folder.path + "/later/plugins"
        let file = folder.path + "/a-file"
        try "not a folder".write(toFile: file, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(
            arguments: ["--plugins", missing, "--plugins", file, "--no-bundled-plugins"], folder: folder,
            environment: PluginFixtures.environment(folder))
        #expect(daemon.log.contains("--plugins \(missing) does not exist"), "\(daemon.log)")
        #expect(daemon.log.contains("\(file) is not a folder"), "\(daemon.log)")
        let client = try daemon.initializedClient()
        let roots = try #require(client.call("describe")["result"]?["roots"]?.arrayValue)
        #expect(roots.map { $0["status"] } == ["missing", "not-a-folder", "missing"])
        #expect(roots.map { $0["kind"] } == ["flag", "flag", "user"])

        // Creating the missing root (two levels at once) and a plugin in it loads the plugin.
        try PluginFixtures.make(in: missing, folder: "greeting", name: "Greeting")
        let added = try client.nextNotification("pluginsChanged")
        #expect(added["params"]?["added"] == ["greeting"])
    }

    @Test func reloadRescansAtOnceAndTheCLISaysWhatChanged() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        // The folder watcher waits ten minutes: every change below is the CLI's reload's to
        // find, however long the CLI takes to start (it once lost that race under load).
        let daemon = try DaemonProcess(
            arguments: PluginFixtures.daemonArguments(root) + ["--watch-settle", "600000"], folder: folder,
            environment: PluginFixtures.environment(folder))
        try PluginFixtures.make(in: root, folder: "greeting", name: "Greeting")
        try PluginFixtures.make(in: root, folder: "broken", name: "Broken", copyLibrary: false)
        usleep(600_000)  // four times the default settle time: the watcher has not rescanned
        let modifiers = try daemon.initializedClient().call("describe")["result"]?["modifiers"]
        #expect(modifiers == [], "the watcher rescanned before its --watch-settle")
        let cli = try BuiltProducts.executable("modhost")
        let result = try run(cli, ["--socket", daemon.socketPath, "reload", root + "/greeting", root + "/broken"])
        #expect(result.status == 1, "a named folder failed: \(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("loaded Greeting from \(root)/greeting"), "\(result.stdout)")
        #expect(result.stdout.contains("failed \(root)/broken: \(root)/broken/libGreetingFixture.so does not exist"), "\(result.stdout)")
        #expect(result.stdout.contains("types added: greeting"), "\(result.stdout)")
        #expect(result.stdout.contains("Greeting (\(root)/greeting): loaded, serving greeting"), "\(result.stdout)")
        let again = try run(cli, ["--socket", daemon.socketPath, "reload", root + "/greeting"])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("nothing changed"), "\(again.stdout)")

        // Reinstalled as install.sh does it (a copy renamed into place): the same files, so the
        // same plugin's code serves its type again, not another plugin's.
        try FileManager.default.copyItem(atPath: root + "/greeting", toPath: root + "/.greeting.new")
        try FileManager.default.moveItem(atPath: root + "/greeting", toPath: folder.path + "/greeting.old")
        try FileManager.default.moveItem(atPath: root + "/.greeting.new", toPath: root + "/greeting")
        let reinstalled = try run(cli, ["--socket", daemon.socketPath, "reload", root + "/greeting"])
        #expect(reinstalled.status == 0, "\(reinstalled.stdout)\(reinstalled.stderr)")
        #expect(reinstalled.stdout.contains("types reloaded with their plugin: greeting"), "\(reinstalled.stdout)")
        #expect(!reinstalled.stdout.contains("another plugin"), "\(reinstalled.stdout)")
    }

    @Test func nothingOfADaemonKilledWithSIGKILLRemainsAfterARestart() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "greeting", name: "Greeting")
        // What a daemon before 0.2 left when it died: a folder of library copies.
        let runtime = folder.path + "/modhost"
        try FileManager.default.createDirectory(atPath: runtime + "/loaded-999999999", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        chmod(runtime, 0o700)
        try "old copy".write(toFile: runtime + "/loaded-999999999/1-libGreetingFixture.so", atomically: true, encoding: .utf8)
        // The default socket's folder, where older daemons kept their copies.
        let socket = runtime + "/modhost.sock"
        var daemon: DaemonProcess? = try DaemonProcess(
            arguments: PluginFixtures.daemonArguments(root), socketPath: socket, folder: folder, environment: PluginFixtures.environment(folder))
        #expect(!FileManager.default.fileExists(atPath: runtime + "/loaded-999999999"), "a dead daemon's copies are removed")
        func files() -> [String] {
            let everything = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
            return everything.filter { !$0.hasPrefix("plugins") && $0 != "daemon.log" }.sorted()
        }
        let whileRunning = files()
        kill(daemon!.process.processIdentifier, SIGKILL)
        try daemon!.waitForExit()
        daemon = nil
        daemon = try DaemonProcess(
            arguments: PluginFixtures.daemonArguments(root), socketPath: socket, folder: folder, environment: PluginFixtures.environment(folder))
        #expect(files() == whileRunning, "the restarted daemon has exactly what the first one had: \(files())")
        #expect(!whileRunning.contains { $0.contains("loaded-") || $0.hasSuffix(".so") }, "\(whileRunning)")
        #expect(try daemon!.initializedClient().call("describe")["result"]?["plugins"]?[0]?["status"] == "loaded")
    }
}
