import Foundation
import ModhostServer
import ModhostWire

/// Plugin folders made from the fixture libraries the package builds.
enum PluginFixtures {
    /// Writes `root/folder/plugin.json` and copies `library` (a built product) beside it.
    @discardableResult
    static func make(
        in root: String, folder: String, name: String, library: String = "libGreetingFixture.so",
        modules: [String] = ["GreetingModule"], sdkVersion: String = "2.0.0", copyLibrary: Bool = true
    ) throws -> String {
        let path = root + "/" + folder
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        if copyLibrary {
            try FileManager.default.copyItem(atPath: BuiltProducts.folder.appendingPathComponent(library).path, toPath: path + "/" + library)
        }
        let manifest: JSONValue = [
            "name": .string(name), "platforms": ["linux"], "sdkVersion": .string(sdkVersion),
            "linux": ["library": .string(library), "modules": .array(modules.map { .string($0) })],
        ]
        try manifest.jsonText.write(toFile: path + "/plugin.json", atomically: true, encoding: .utf8)
        return path
    }

    /// Daemon arguments that load only `root` (no bundled plugins), and an environment whose
    /// user plugin folder is empty.
    static func daemonArguments(_ root: String) -> [String] { ["--plugins", root, "--no-bundled-plugins"] }

    static func environment(_ folder: TemporaryFolder) -> [String: String] {
        ["XDG_DATA_HOME": folder.path + "/data", "XDG_RUNTIME_DIR": folder.path]
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
