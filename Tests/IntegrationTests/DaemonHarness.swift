import Foundation
import ModhostClient
import ModhostWire
import Testing

/// Built executables live next to the test bundle (`.build/<config>/`).
enum BuiltProducts {
    static var folder: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }

    static func executable(_ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw HarnessError("\(url.path) is missing: run `swift build` before `swift test`")
        }
        return url
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A short temporary folder (socket paths must fit in 107 bytes), removed at deinit.
final class TemporaryFolder {
    let path: String

    init() {
        var template = Array("/tmp/mh-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = String(cString: made!)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A real `modhostd` on a temporary socket, stopped with SIGTERM at deinit.
final class DaemonProcess {
    let folder: TemporaryFolder
    let socketPath: String
    let process = Process()
    let logPath: String

    /// Starts the daemon and waits until it logs `listening on`. `shellPrefix`: shell commands
    /// `/bin/sh` runs before it execs the daemon (`ulimit -Sn 32`). A script written for the
    /// purpose could not be run reliably: while a test writes a file, another test's child can
    /// inherit the descriptor, and running the file fails with ETXTBSY until that child execs.
    init(
        executable: URL? = nil, arguments: [String] = [], socketPath: String? = nil, folder: TemporaryFolder = TemporaryFolder(),
        environment: [String: String] = [:], startSeconds: Double = 20, shellPrefix: String? = nil
    ) throws {
        self.folder = folder
        self.socketPath = socketPath ?? folder.path + "/run/modhost.sock"
        logPath = folder.path + "/daemon.log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let daemon = try executable ?? BuiltProducts.executable("modhostd")
        if let shellPrefix {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shellPrefix + " && exec \"$0\" \"$@\"", daemon.path, "--socket", self.socketPath] + arguments
        } else {
            process.executableURL = daemon
            process.arguments = ["--socket", self.socketPath] + arguments
        }
        var env = ProcessInfo.processInfo.environment
        for key in ["MODHOST_SOCKET", "LISTEN_PID", "LISTEN_FDS", "NOTIFY_SOCKET"] { env[key] = nil }
        // Never the user's own plugins or runtime folder: empty ones of its own unless given.
        env["XDG_DATA_HOME"] = folder.path + "/data"
        env["XDG_RUNTIME_DIR"] = folder.path
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardError = FileHandle(forWritingAtPath: logPath)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        try waitForLog("listening on \(self.socketPath)", seconds: startSeconds)
    }

    deinit { stopProcess(process) }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    func waitForLog(_ text: String, occurrences: Int = 1, seconds: Double = 20) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if log.components(separatedBy: text).count - 1 >= occurrences { return }
            if !process.isRunning { throw HarnessError("modhostd exited (\(process.terminationStatus)) before logging '\(text)':\n\(log)") }
            usleep(10_000)
        }
        throw HarnessError("modhostd did not log '\(text)' within \(seconds) s:\n\(log)")
    }

    func client() throws -> BlockingClient { try BlockingClient(path: socketPath) }

    /// A client that has completed `initialize`.
    func initializedClient() throws -> BlockingClient {
        let client = try client()
        let response = try client.call("initialize", params: ["protocolVersion": 1, "client": ["name": "tests", "version": "1"]])
        guard response["result"] != nil else { throw HarnessError("initialize failed: \(response.jsonText)") }
        return client
    }

    /// Sends SIGTERM and waits for the exit status; a daemon still running after `seconds`
    /// is killed (SIGKILL), which the status then shows, and the wait is recorded as an issue.
    func terminate(seconds: Double = 30) -> Int32 {
        process.terminate()
        do { try waitForExit(seconds: seconds) } catch { Issue.record("\(error)") }
        return process.terminationStatus
    }

    /// Waits for the daemon to exit by itself (after a signal the test sent, or a crash).
    func waitForExit(seconds: Double = 30) throws { try IntegrationTests.waitForExit(process, seconds: seconds) }
}

/// Runs an executable to completion and collects its status and output.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// A process for `executable` whose environment is this one's with `environment` on top, less
/// what would point it at the user's own daemon or systemd.
func preparedProcess(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for key in ["MODHOST_SOCKET", "LISTEN_PID", "LISTEN_FDS", "NOTIFY_SOCKET"] { env[key] = nil }
    for (key, value) in environment { env[key] = value }
    process.environment = env
    return process
}

/// Runs `executable` to completion, for up to `seconds` (swift builds of plugins included):
/// past that it is killed and this throws, naming the command.
func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:], seconds: Double = 900) throws -> RunResult {
    try runToEnd(preparedProcess(executable, arguments, environment: environment), seconds: seconds)
}

/// Waits up to `seconds` for `process` to end; past that it is killed (SIGKILL) and this
/// throws, naming the command, rather than hanging the test run.
func waitForExit(_ process: Process, seconds: Double = 30) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning {
        guard Date() < deadline else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw HarnessError("\(commandLine(process)) did not exit within \(seconds) s; killed")
        }
        usleep(10_000)
    }
    // It has ended: this returns at once, and lets go of the run loop source that Foundation's
    // Process keeps (retaining the process) until a waitUntilExit sees the end. Without it
    // every process leaks, which LeakSanitizer reports.
    process.waitUntilExit()
}

/// The process tracing `pid` (0: none), from /proc.
func tracerPID(of pid: Int32) -> Int {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("TracerPid:") }
    return line.flatMap { Int($0.dropFirst("TracerPid:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
}

/// Stops `process` if it still runs: SIGTERM, then SIGKILL when it has not exited after
/// `seconds`. For deinits, which cannot throw.
func stopProcess(_ process: Process, seconds: Double = 30) {
    // Never started: nothing to stop or wait for.
    guard process.processIdentifier != 0 else { return }
    if process.isRunning { process.terminate() }
    try? waitForExit(process, seconds: seconds)
}

func commandLine(_ process: Process) -> String {
    ([process.executableURL?.path ?? "?"] + (process.arguments ?? [])).joined(separator: " ")
}

/// Runs `process` (its stdout and stderr not yet set) with `input` on its stdin when given,
/// reading stdout and stderr as they come (so neither pipe fills and blocks it), for up to
/// `seconds` in all: past that it is killed and this throws, naming the command and showing
/// what it wrote.
func runToEnd(_ process: Process, input: String? = nil, seconds: Double) throws -> RunResult {
    let out = Pipe()
    let err = Pipe()
    let stdin = Pipe()
    process.standardOutput = out
    process.standardError = err
    if input != nil { process.standardInput = stdin }
    try process.run()
    if let input {
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
    }
    let deadline = Date().addingTimeInterval(seconds)
    var open = [out.fileHandleForReading.fileDescriptor, err.fileHandleForReading.fileDescriptor]
    var collected: [Int32: [UInt8]] = [open[0]: [], open[1]: []]
    while !open.isEmpty {
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw HarnessError("\(commandLine(process)) did not finish within \(seconds) s; killed. stdout: \(String(decoding: (collected[out.fileHandleForReading.fileDescriptor] ?? []).suffix(2000), as: UTF8.self))\nstderr: \(String(decoding: (collected[err.fileHandleForReading.fileDescriptor] ?? []).suffix(2000), as: UTF8.self))")
        }
        var pollers = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&pollers, nfds_t(pollers.count), Int32(min(left, 1) * 1000) + 1) > 0 else { continue }
        for poller in pollers where poller.revents != 0 {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(poller.fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                open.removeAll { $0 == poller.fd }
            } else {
                collected[poller.fd]! += chunk[..<count]
            }
        }
    }
    try waitForExit(process, seconds: max(1, deadline.timeIntervalSinceNow))
    return RunResult(
        status: process.terminationStatus,
        stdout: String(decoding: collected[out.fileHandleForReading.fileDescriptor]!, as: UTF8.self),
        stderr: String(decoding: collected[err.fileHandleForReading.fileDescriptor]!, as: UTF8.self))
}

func fileMode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// Builds the SwiftPM package at `package` (debug) as a plugin author would; returns its bin path.
func buildPackage(_ package: String) throws -> String {
    let env = URL(fileURLWithPath: "/usr/bin/env")
    let build = try run(env, ["swift", "build", "--package-path", package])
    guard build.status == 0 else { throw HarnessError("swift build failed in \(package):\n\(build.stdout)\(build.stderr)") }
    return try run(env, ["swift", "build", "--package-path", package, "--show-bin-path"]).stdout
        .trimmingCharacters(in: .whitespacesAndNewlines)
}
