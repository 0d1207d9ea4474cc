import Foundation
import ModhostClient
import BlockingTests
import Testing

/// The socket folder follows tmux's rule: a real folder of the daemon's user with no group or
/// other permissions, created 0700 when missing (only the last folder), else a refusal that
/// says what is wrong and the fix.
@Suite("Socket folders", .blocksItsThread, .timeLimit(.minutes(20)))
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

    @Test func atExitOnlyTheDaemonsOwnFilesAreRemovedEvenIfItsFolderWasSwappedForALink() throws {
        // Whoever can write the folder above the socket's may rename the socket's folder away
        // and put a link in its place: removing the files by path would then delete the files
        // of that name wherever the link points.
        let folder = TemporaryFolder()
        let daemon = try DaemonProcess(socketPath: folder.path + "/run/s.sock", folder: folder, environment: PluginFixtures.environment(folder))
        let elsewhere = folder.path + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
        for name in ["s.sock", "s.sock.lock"] { _ = FileManager.default.createFile(atPath: elsewhere + "/" + name, contents: Data("keep".utf8)) }
        try FileManager.default.moveItem(atPath: folder.path + "/run", toPath: folder.path + "/moved")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/run", withDestinationPath: elsewhere)
        #expect(daemon.terminate() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).sorted() == ["s.sock", "s.sock.lock"], "the files the link leads to are untouched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/moved") == [], "the daemon's own files are gone from its folder")
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

    @Test func outOfDescriptorsTheDaemonSaysSoKeepsServingAndRecovers() throws {
        let folder = TemporaryFolder()
        // The daemon starts with a soft limit of 32 under a hard one of 48: it raises the first.
        let daemon = try DaemonProcess(
            arguments: ["--no-bundled-plugins"], folder: folder, environment: PluginFixtures.environment(folder),
            shellPrefix: "ulimit -Sn 32 && ulimit -Hn 48")
        #expect(daemon.log.contains("raised the open-files limit from 32 to 48"), "\(daemon.log)")
        let first = try daemon.initializedClient()
        var crowd: [BlockingClient] = []
        for _ in 0..<80 { if let client = try? daemon.client() { crowd.append(client) } }
        try daemon.waitForLog("cannot accept more connections: out of file descriptors")
        #expect(daemon.log.contains("this process may open 48"), "\(daemon.log)")
        #expect(try first.call("ping")["result"] != nil, "the connections it has are still served")
        crowd.removeAll()
        let deadline = Date().addingTimeInterval(10)
        var answered = false
        while !answered && Date() < deadline {
            answered = (try? daemon.client().call("ping"))?["result"] != nil
            if !answered { usleep(20_000) }
        }
        #expect(answered, "new connections are accepted once descriptors free up")
        #expect(daemon.log.components(separatedBy: "out of file descriptors").count - 1 <= 2, "rate-limited:\n\(daemon.log)")
    }
}
