import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

@Suite("modhost new-plugin", .blocksItsThread, .timeLimit(.minutes(20)))
struct ScaffoldTests {
    @Test func aScaffoldedPluginBuildsOutsideTheRepoAndLoads() throws {
        let folder = TemporaryFolder()
        let package = folder.path + "/hello-plugin"
        let cli = try BuiltProducts.executable("modhost")
        let made = try run(cli, ["new-plugin", "Hello", package])
        #expect(made.status == 0, "\(made.stderr)")
        for file in ["Package.swift", "Sources/Hello/HelloModule.swift", "Sources/Hello/HelloModifier.swift",
                     "Tests/HelloTests/HelloTests.swift", "plugin/plugin.json", "install.sh", "README.md"] {
            #expect(FileManager.default.fileExists(atPath: package + "/" + file), "missing \(file)")
        }

        let binPath = try buildPackage(package)

        // Installing is copying one folder: the manifest and the library.
        let root = folder.path + "/plugins"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: package + "/plugin", toPath: root + "/Hello")
        try FileManager.default.copyItem(atPath: binPath + "/libHello.so", toPath: root + "/Hello/libHello.so")

        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        let described = try #require(client.call("describe")["result"])
        #expect(described["plugins"]?[0]?["status"] == "loaded", "\(described.jsonText)")
        let hello = try #require(described["modifiers"]?.arrayValue?.first { $0["type"] == "hello" })
        #expect(hello["plugin"] == "Hello")
        #expect(hello["params"]?["required"] == ["$type", "text"])
    }

    /// The scaffold's own tests check what the plugin serves (its types, its params schema,
    /// the errors its factory gives) through `PluginTestHost`, never its Swift fields: they
    /// compile and pass after a field is renamed and another added, and still catch a
    /// module that stops cleaning up after itself.
    @Test func theScaffoldsOwnTestsSurviveRenamedFieldsAndStillCatchFaults() throws {
        let folder = TemporaryFolder()
        let package = folder.path + "/shelf"
        let made = try run(try BuiltProducts.executable("modhost"), ["new-plugin", "Shelf", package])
        try #require(made.status == 0, "\(made.stderr)")
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let source = package + "/Sources/Shelf/ShelfModifier.swift"
        let renamed = try run(env, [
            "sed", "-i", "-e", "s/@Field(.required) var text: String/@Field(.required) var title: String/",
            "-e", "s/@Field var count: Int = 0/@Field var itemCount: Int = 0\\n  @Field(.required) var size: Double = 0/", source,
        ])
        try #require(renamed.status == 0, "\(renamed.stderr)")
        let text = try String(contentsOfFile: source, encoding: .utf8)
        try #require(text.contains("var title: String") && text.contains("var size: Double") && !text.contains("var text:"), "\(text)")

        let tested = try run(env, ["swift", "test", "--package-path", package])
        let output = tested.stdout + tested.stderr
        #expect(tested.status == 0, "\(output)")
        #expect(output.contains("Test run with 5 tests in 1 suite passed"), "\(output)")

        // A module whose OnDestroy forgets its type fails one of them, by name.
        let module = package + "/Sources/Shelf/ShelfModule.swift"
        let forgetful = try run(env, ["sed", "-i", "s/ViewModifierRegistry.unregister(\"shelf\")//", module])
        try #require(forgetful.status == 0, "\(forgetful.stderr)")
        let failing = try run(env, ["swift", "test", "--package-path", package])
        let failure = failing.stdout + failing.stderr
        #expect(failing.status != 0, "\(failure)")
        #expect(failure.contains("OnDestroy should unregister what OnCreate registered"), "\(failure)")
    }

    /// A copy of the SDK in `folder/name` (without its build folder), as a user might vendor it.
    static func sdkCopy(named name: String, in folder: TemporaryFolder) throws -> String {
        let copy = folder.path + "/vendor/" + name
        try FileManager.default.createDirectory(atPath: folder.path + "/vendor", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repositoryRoot + "/SDK", toPath: copy)
        try? FileManager.default.removeItem(atPath: copy + "/.build")
        return copy
    }

    @Test func installShBuildsAgainstAnSDKFolderOfAnyNameAndReportsWhatTheDaemonDid() throws {
        let folder = TemporaryFolder()
        let sdk = try Self.sdkCopy(named: "modifierkit-2", in: folder)
        let package = folder.path + "/badge"
        let cli = try BuiltProducts.executable("modhost")
        let made = try run(cli, ["new-plugin", "Badge", package, "--sdk", sdk])
        try #require(made.status == 0, "\(made.stderr)")
        let manifest = try JSONParser.parse(String(contentsOfFile: package + "/plugin/plugin.json", encoding: .utf8))
        #expect(manifest["sdkVersion"] == .string(PluginFixtures.sdkVersion))
        #expect(try String(contentsOfFile: package + "/Package.swift", encoding: .utf8).contains("package: \"modifierkit-2\""))

        // The plugin root does not exist yet: install.sh creates it, the daemon is told.
        let root = folder.path + "/plugins"
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let installed = try run(URL(fileURLWithPath: package + "/install.sh"), [root], environment: [
            "MODHOST_SOCKET": daemon.socketPath, "MODHOST": cli.path,
        ])
        try #require(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        #expect(installed.stdout.contains("installed Badge into \(root)/Badge"), "\(installed.stdout)")
        #expect(installed.stdout.contains("Badge (\(root)/Badge): loaded, serving badge"), "\(installed.stdout)")
        let client = try daemon.initializedClient()
        #expect(try client.call("describe")["result"]?["modifiers"]?[0]?["type"] == "badge")

        // The edit loop: a one-line change, installed again, is served, and its build compiles
        // the plugin alone (bench/dev-loop times it).
        let source = package + "/Sources/Badge/BadgeModifier.swift"
        let text = try String(contentsOfFile: source, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "@Field var count: Int = 0", with: "@Field var count: Int = 42")
        try #require(edited != text, "the scaffold no longer declares count as expected")
        try edited.write(toFile: source, atomically: true, encoding: .utf8)
        let again = try run(URL(fileURLWithPath: package + "/install.sh"), [root], environment: [
            "MODHOST_SOCKET": daemon.socketPath, "MODHOST": cli.path,
        ])
        try #require(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("Compiling Badge"), "\(again.stdout)")
        #expect(!again.stdout.contains("Compiling ModifierKit"), "\(again.stdout)")
        // Nor does it relink the SDK's fingerprint tool: the first install paid for that.
        #expect(!again.stdout.contains("Linking modifierkit-fingerprint-tool"), "\(again.stdout)")
        let schema = try client.call("describe")["result"]?["modifiers"]?[0]?["params"]
        #expect(schema?["properties"]?["count"]?["default"] == 42, "\(schema?.jsonText ?? "")")
    }

    @Test func aPluginBuiltAgainstAChangedSDKWithAnUnchangedVersionIsRefused() throws {
        let folder = TemporaryFolder()
        let sdk = try Self.sdkCopy(named: "SDK", in: folder)
        // One stored property added to a public class; the version string stays as it is.
        let contextFile = sdk + "/Sources/ModifierKit/AppContext.swift"
        let text = try String(contentsOfFile: contextFile, encoding: .utf8)
        let changed = text.replacingOccurrences(
            of: "    public let hostVersion: String\n", with: "    public let hostVersion: String\n    public let addedByAnotherBuild: Int = 7\n")
        try #require(changed != text, "AppContext.swift no longer declares hostVersion as expected")
        try changed.write(toFile: contextFile, atomically: true, encoding: .utf8)

        let package = folder.path + "/changed"
        let made = try run(try BuiltProducts.executable("modhost"), ["new-plugin", "Changed", package, "--sdk", sdk])
        try #require(made.status == 0, "\(made.stderr)")
        let binPath = try buildPackage(package)
        let root = folder.path + "/plugins"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: package + "/plugin", toPath: root + "/Changed")
        try FileManager.default.copyItem(atPath: binPath + "/libChanged.so", toPath: root + "/Changed/libChanged.so")
        try PluginFixtures.make(in: root, folder: "Greeting", name: "Greeting")

        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        let plugins = try #require(client.call("describe")["result"]?["plugins"]?.arrayValue)
        let refused = try #require(plugins.first { $0["path"]?.stringValue == root + "/Changed" })
        #expect(refused["status"] == "failed")
        let error = refused["error"]?.stringValue ?? ""
        #expect(error.contains("\(root)/Changed/libChanged.so was built against another build of ModifierKit (build "), "\(error)")
        #expect(error.contains("but this host runs ModifierKit \(PluginFixtures.sdkVersion) build "), "\(error)")
        #expect(error.contains("rebuild the plugin against this host's SDK"), "\(error)")
        #expect(plugins.first { $0["path"]?.stringValue == root + "/Greeting" }?["status"] == "loaded")
        #expect(try client.call("ping")["result"] != nil)
    }

    @Test func aNameThatIsNotATypeNameIsRefused() throws {
        let folder = TemporaryFolder()
        let result = try run(try BuiltProducts.executable("modhost"), ["new-plugin", "my-plugin", folder.path + "/x"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("must be a Swift type name"))
    }

    @Test func anExistingFolderIsNotOverwritten() throws {
        let folder = TemporaryFolder()
        let result = try run(try BuiltProducts.executable("modhost"), ["new-plugin", "Hello", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("already exists"))
    }
}
