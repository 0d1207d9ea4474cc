import Foundation
import ModhostClient
import ModhostWire

/// Plugin folders made from the fixture libraries the package builds.
enum PluginFixtures {
    /// `ModifierKit.version`, which manifests must name.
    static let sdkVersion = "2.5.0"

    /// Writes `root/folder/plugin.json` and copies `library` (a built product) beside it.
    @discardableResult
    static func make(
        in root: String, folder: String, name: String, library: String = "libGreetingFixture.so",
        modules: [String] = ["GreetingModule"], sdkVersion: String = PluginFixtures.sdkVersion, copyLibrary: Bool = true,
        version: String? = nil
    ) throws -> String {
        let path = root + "/" + folder
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        if copyLibrary {
            try FileManager.default.copyItem(atPath: BuiltProducts.folder.appendingPathComponent(library).path, toPath: path + "/" + library)
        }
        var object = JSONObject()
        object["name"] = .string(name)
        if let version { object["version"] = .string(version) }
        object["platforms"] = ["linux"]
        object["sdkVersion"] = .string(sdkVersion)
        object["linux"] = ["library": .string(library), "modules": .array(modules.map { .string($0) })]
        let manifest = JSONValue.object(object)
        try manifest.jsonText.write(toFile: path + "/plugin.json", atomically: true, encoding: .utf8)
        return path
    }

    /// Daemon arguments that load only `root` (no bundled plugins), and an environment whose
    /// user plugin folder is empty.
    static func daemonArguments(_ root: String) -> [String] { ["--plugins", root, "--no-bundled-plugins"] }

    static func environment(_ folder: TemporaryFolder) -> [String: String] {
        ["XDG_DATA_HOME": folder.path + "/data", "XDG_RUNTIME_DIR": folder.path]
    }

    /// Makes `root/name` a plugin folder whose filling no watched folder sees, so that only a
    /// rescan the test asks for (SIGHUP, `reload`) finds the plugin, never the folder watcher
    /// first: a symbolic link to `folder/elsewhere/name`, not there yet (a plugin folder may
    /// be a link), and the user plugin folder created, so the daemon watches it rather than
    /// its nearest parent, `folder`. Returns the folder to make the plugin in (`elsewhere`).
    static func unwatchedPluginFolder(_ name: String, in root: String, folder: TemporaryFolder) throws -> String {
        let elsewhere = folder.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/data/modhost/plugins", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: elsewhere + "/" + name)
        return elsewhere
    }

    /// A daemon that loads only the plugins of `root`, with its files in `folder`.
    static func daemon(loading root: String, in folder: TemporaryFolder) throws -> DaemonProcess {
        try DaemonProcess(arguments: daemonArguments(root), folder: folder, environment: environment(folder))
    }
}

extension BlockingClient {
    /// The next notification named `method`, waiting up to `seconds`.
    func nextNotification(_ method: String, seconds: Double = 10) throws -> JSONValue {
        if let index = notifications.firstIndex(where: { $0["method"]?.stringValue == method }) {
            return notifications.remove(at: index)
        }
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let message = try receive(timeoutMilliseconds: Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
            if message["method"]?.stringValue == method { return message }
            notifications.append(message)
        }
        throw HarnessError("no '\(method)' notification within \(seconds) s")
    }
}

/// Compiles small plugins from Swift source at test time, against the SDK module of this
/// build, so that tests can make libraries that a package cannot hold side by side: two
/// versions of one Swift module, or two plugins whose modules share a name.
enum PluginCompiler {
    /// Writes `source` to a temporary file, compiles it as Swift module `module` into
    /// `folder/lib<library>.so` and writes the manifest beside it. Returns the library's path.
    @discardableResult
    static func plugin(
        name: String, module: String, library: String? = nil, classes: [String], source: String, into folder: String
    ) throws -> String {
        let library = "lib\(library ?? module).so"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let output = folder + "/" + library
        try compile(module: module, source: source, output: output)
        let manifest: JSONValue = [
            "name": .string(name), "platforms": ["linux"], "sdkVersion": .string(sdkVersion),
            "linux": ["library": .string(library), "swiftModule": .string(module), "modules": .array(classes.map { .string($0) })],
        ]
        try manifest.jsonText.write(toFile: folder + "/plugin.json", atomically: true, encoding: .utf8)
        return output
    }

    /// Compiles `source` into the shared library `output`.
    static func compile(module: String, source: String, output: String) throws {
        let scratch = TemporaryFolder()
        let file = scratch.path + "/\(module).swift"
        try source.write(toFile: file, atomically: true, encoding: .utf8)
        let bin = BuiltProducts.folder.path
        // Under `scripts/test --sanitize X` the plugins are instrumented like the daemon.
        let sanitize = ProcessInfo.processInfo.environment["MODHOST_TEST_SANITIZE"].map { ["-sanitize=\($0)"] } ?? []
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), [
            "swiftc", "-emit-library", "-parse-as-library", "-swift-version", "6", "-module-name", module,
            "-I", bin + "/Modules", "-L", bin, "-lModifierKit", "-o", output, file,
        ] + sanitize)
        guard result.status == 0 else { throw HarnessError("swiftc failed for \(module):\n\(result.stdout)\(result.stderr)") }
    }

    /// The SDK version this build's daemon expects in manifests.
    static var sdkVersion: String { PluginFixtures.sdkVersion }
}
