import Foundation
import ModhostServer
import ModhostWire
import Testing

@Suite("modhost new-plugin")
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

        let build = try run(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "build", "--package-path", package])
        try #require(build.status == 0, "the scaffold must build: \(build.stdout)\(build.stderr)")
        let binPath = try run(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "build", "--package-path", package, "--show-bin-path"])
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)

        // Installing is copying one folder: the manifest and the library.
        let root = folder.path + "/plugins"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: package + "/plugin", toPath: root + "/Hello")
        try FileManager.default.copyItem(atPath: binPath + "/libHello.so", toPath: root + "/Hello/libHello.so")

        let daemon = try DaemonProcess(
            arguments: PluginFixtures.daemonArguments(root), folder: folder, environment: PluginFixtures.environment(folder))
        let client = try daemon.initializedClient()
        let described = try #require(client.call("describe")["result"])
        #expect(described["plugins"]?[0]?["status"] == "loaded", "\(described.jsonText)")
        let hello = try #require(described["modifiers"]?.arrayValue?.first { $0["type"] == "hello" })
        #expect(hello["plugin"] == "Hello")
        #expect(hello["params"]?["required"] == ["$type", "text"])
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
