import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

@Suite("modhostd start, socket and stop", .blocksItsThread, .timeLimit(.minutes(20)))
struct DaemonLifecycleTests {
    @Test func socketIsPrivateAndItsFolderIs0700() throws {
        let daemon = try DaemonProcess()
        #expect(try fileMode(daemon.socketPath) == 0o600)
        #expect(try fileMode((daemon.socketPath as NSString).deletingLastPathComponent) == 0o700)
    }

    @Test func aSecondDaemonOnTheSamePathExitsOneSayingSo() throws {
        let daemon = try DaemonProcess()
        let second = try run(BuiltProducts.executable("modhostd"), ["--socket", daemon.socketPath])
        #expect(second.status == 1)
        #expect(second.stderr.contains("already running on \(daemon.socketPath)"))
        #expect(try daemon.client().call("ping")["result"] != nil, "the first daemon keeps serving")
    }

    @Test func sigtermRemovesTheSocketFileAndExitsZero() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.initializedClient()
        #expect(FileManager.default.fileExists(atPath: daemon.socketPath))
        #expect(daemon.terminate() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        #expect(try client.receiveFrame() == nil, "open connections are closed")
    }

    @Test func aStaleSocketFileIsReplaced() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/stale.sock"
        // Bind and close a socket: the file stays with nobody listening.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        close(fd)
        #expect(FileManager.default.fileExists(atPath: path))
        let daemon = try DaemonProcess(socketPath: path, folder: folder)
        #expect(try daemon.client().call("ping")["result"] != nil)
    }

    @Test func aPathLongerThanSunPathIsRefusedAtStart() throws {
        let long = "/tmp/" + String(repeating: "x", count: 120) + "/modhost.sock"
        let result = try run(BuiltProducts.executable("modhostd"), ["--socket", long])
        #expect(result.status == 1)
        #expect(result.stderr.contains("over the 107"))
    }

    @Test func unknownFlagsPrintUsageAndExitTwo() throws {
        let result = try run(BuiltProducts.executable("modhostd"), ["--frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown option '--frobnicate'"))
        #expect(result.stderr.contains("usage: modhostd"))
    }

    @Test func versionAndHelpExitZero() throws {
        let version = try run(BuiltProducts.executable("modhostd"), ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("modhostd "))
        let help = try run(BuiltProducts.executable("modhostd"), ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--max-frame"))
    }

    @Test func socketActivationServesFdThreeAndReportsReadiness() throws {
        // python3 binds the socket as systemd would, passes it as fd 3 and execs the daemon
        // (same pid, so LISTEN_PID matches); a datagram socket stands in for NOTIFY_SOCKET.
        let folder = TemporaryFolder()
        let socketPath = folder.path + "/activated.sock"
        let notifyPath = folder.path + "/notify.sock"
        let notify = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(notify) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(notifyPath.utf8) + [0]) }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(notify, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        let script = """
            import os, socket, sys
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.bind(sys.argv[1]); s.listen(16)
            if s.fileno() != 3: os.dup2(s.fileno(), 3)
            os.set_inheritable(3, True)
            env = dict(os.environ, LISTEN_PID=str(os.getpid()), LISTEN_FDS="1", NOTIFY_SOCKET=sys.argv[2])
            os.execve(sys.argv[3], [sys.argv[3]], env)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, socketPath, notifyPath, try BuiltProducts.executable("modhostd").path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { stopProcess(process) }
        var poller = pollfd(fd: notify, events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 20_000) == 1, "READY=1 must arrive on NOTIFY_SOCKET")
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = recv(notify, &buffer, buffer.count, 0)
        #expect(String(decoding: buffer.prefix(max(0, n)), as: UTF8.self) == "READY=1")
        let client = try BlockingClient(path: socketPath)
        #expect(try client.call("ping")["result"] != nil)
        process.terminate()
        try waitForExit(process)
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: socketPath), "a socket systemd owns is never unlinked")
    }
}

@Suite("modhost CLI", .blocksItsThread, .timeLimit(.minutes(20)))
struct CommandLineTests {
    @Test func pingAndCallTalkToTheDaemon() throws {
        let daemon = try DaemonProcess()
        let cli = try BuiltProducts.executable("modhost")
        let ping = try run(cli, ["--socket", daemon.socketPath, "ping"])
        #expect(ping.status == 0)
        #expect(ping.stdout.contains("pong"))
        let describe = try run(cli, ["--socket", daemon.socketPath, "call", "describe"])
        #expect(describe.status == 0)
        let parsed = try JSONParser.parse(describe.stdout)
        #expect(parsed["result"]?["plugins"] != nil)
    }

    @Test func anErrorResponseExitsOne() throws {
        let daemon = try DaemonProcess()
        let result = try run(try BuiltProducts.executable("modhost"), ["call", "nosuch", "{}"], environment: ["MODHOST_SOCKET": daemon.socketPath])
        #expect(result.status == 1)
        #expect(try JSONParser.parse(result.stdout)["error"]?["code"] == .int(-32601))
    }

    @Test func noDaemonGivesAClearMessage() throws {
        let folder = TemporaryFolder()
        let result = try run(try BuiltProducts.executable("modhost"), ["--socket", folder.path + "/none.sock", "ping"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no modhostd is listening on \(folder.path)/none.sock"))
    }

    @Test func invalidParamsJSONIsAUsageError() throws {
        let result = try run(try BuiltProducts.executable("modhost"), ["--socket", "/tmp/x.sock", "call", "ping", "{nope"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not valid JSON"))
    }
}

@Suite("modhostd signals", .blocksItsThread, .timeLimit(.minutes(20)))
struct DaemonSignalTests {
    @Test func sighupDoesNotStopTheDaemon() throws {
        let daemon = try DaemonProcess()
        kill(daemon.process.processIdentifier, SIGHUP)
        try daemon.waitForLog("received SIGHUP")
        #expect(daemon.process.isRunning)
        #expect(try daemon.client().call("ping")["result"] != nil)
    }

    @Test func sigintStopsLikeSigterm() throws {
        let daemon = try DaemonProcess()
        kill(daemon.process.processIdentifier, SIGINT)
        try daemon.waitForExit()
        #expect(daemon.process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
    }
}
