import Foundation
import ModhostServer
import Testing

/// The socket folder follows tmux's rule: a real folder of the daemon's user with no group or
/// other permissions, created 0700 when missing (only the last folder), else a refusal that
/// says what is wrong and the fix.
@Suite("Socket folders")
struct SocketFolderTests {
    /// Starts a daemon expected to refuse its socket; returns its stderr.
    private func refusal(_ arguments: [String], environment: [String: String] = [:], folder: TemporaryFolder) throws -> String {
        var env = PluginFixtures.environment(folder)
        for (key, value) in environment { env[key] = value }
        let result = try run(try BuiltProducts.executable("modhostd"), arguments + ["--no-bundled-plugins"], environment: env)
        #expect(result.status == 1, "\(result.stderr)")
        return result.stderr
    }

    @Test func aFolderOfYoursThatOthersCanReachIsRefusedWithTheFix() throws {
        let folder = TemporaryFolder()
        let open = folder.path + "/open"
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        let error = try refusal(["--socket", open + "/s.sock"], folder: folder)
        #expect(error.contains("the socket folder \(open) has mode 755"), "\(error)")
        #expect(error.contains("chmod 700 \(open)"), "\(error)")
    }

    @Test func aFolderThatIsASymbolicLinkIsRefused() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/real", withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: folder.path + "/real")
        let error = try refusal(["--socket", folder.path + "/link/s.sock"], folder: folder)
        #expect(error.contains("the socket folder \(folder.path)/link is a symbolic link"), "\(error)")
    }

    @Test func onlyTheSocketsOwnFolderIsCreated() throws {
        let folder = TemporaryFolder()
        let error = try refusal(["--socket", folder.path + "/a/b/s.sock"], folder: folder)
        #expect(error.contains("the socket folder's parent \(folder.path)/a does not exist"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/a"))
        // One missing level is created, 0700.
        let daemon = try DaemonProcess(socketPath: folder.path + "/one/s.sock", folder: folder, environment: PluginFixtures.environment(folder))
        #expect(try fileMode(folder.path + "/one") == 0o700)
        _ = daemon
    }

    @Test(.enabled(if: getuid() == 0, "needs root to give a folder to another user"))
    func aDefaultFolderPreparedByAnotherUserIsRefused() throws {
        let folder = TemporaryFolder()
        // $XDG_RUNTIME_DIR/modhost made by `nobody`, shared and sticky, as an attacker would.
        let runtime = folder.path + "/runtime"
        try FileManager.default.createDirectory(atPath: runtime + "/modhost", withIntermediateDirectories: true)
        chmod(runtime, 0o755)
        chmod(runtime + "/modhost", 0o1777)
        chown(runtime + "/modhost", 65534, 65534)
        let error = try refusal([], environment: ["XDG_RUNTIME_DIR": runtime, "MODHOST_SOCKET": ""], folder: folder)
        #expect(error.contains("the socket folder \(runtime)/modhost belongs to uid 65534"), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: runtime + "/modhost/modhost.sock"))
    }

    @Test(.enabled(if: getuid() == 0, "needs root to make a folder of root's that is shared and sticky like /tmp"))
    func anExplicitSocketMayLiveInASharedStickyFolderOfRoots() throws {
        let folder = TemporaryFolder()
        let shared = folder.path + "/tmp-like"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        chmod(shared, 0o1777)
        let daemon = try DaemonProcess(socketPath: shared + "/s.sock", folder: folder, environment: PluginFixtures.environment(folder))
        #expect(try daemon.client().call("ping")["result"] != nil)
        #expect(try fileMode(shared + "/s.sock") == 0o600)
    }
}
