import Foundation
import Glibc

/// Runs `modhost` to completion with `input` on its stdin, for up to `seconds`.
func runCLI(_ arguments: [String], input: String, environment: [String: String] = [:], seconds: Double = 120) throws -> RunResult {
    try runToEnd(preparedProcess(try BuiltProducts.executable("modhost"), arguments, environment: environment), input: input, seconds: seconds)
}

/// A `modhost` that keeps running (`watch`): its stdout is read a line at a time as it
/// comes, which also checks that it writes each line at once into a pipe.
final class RunningCLI {
    let process = Process()
    private let out = Pipe()
    private let err = Pipe()
    private var buffer: [UInt8] = []

    init(_ arguments: [String], executable: URL? = nil) throws {
        process.executableURL = try executable ?? BuiltProducts.executable("modhost")
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["MODHOST_SOCKET"] = nil
        process.environment = env
        process.standardOutput = out
        process.standardError = err
        try process.run()
    }

    deinit { stopProcess(process) }

    /// The next line of stdout, waiting up to `seconds`; nil at its end.
    func nextLine(seconds: Double = 10) throws -> String? {
        let descriptor = out.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                defer { buffer.removeSubrange(...newline) }
                return String(decoding: buffer[..<newline], as: UTF8.self)
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw HarnessError("no line from modhost within \(seconds) s; so far: \(String(decoding: buffer, as: UTF8.self))") }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return nil }
            buffer += chunk[..<count]
        }
    }

    /// The next line containing `text`, skipping others.
    func nextLine(containing text: String, seconds: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while let line = try nextLine(seconds: max(0.01, deadline.timeIntervalSinceNow)) {
            if line.contains(text) { return line }
        }
        throw HarnessError("modhost's output ended without a line containing '\(text)'")
    }

    /// Waits for the process to end; its status and stderr.
    func waitForExit(seconds: Double = 10) throws -> (status: Int32, stderr: String) {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning {
            guard Date() < deadline else { throw HarnessError("modhost did not exit within \(seconds) s") }
            usleep(10_000)
        }
        // Returns at once; lets Foundation release the process (see waitForExit(_:seconds:)).
        process.waitUntilExit()
        // What it wrote to stderr, read without waiting for an end that a child holding the
        // pipe open would put off.
        let descriptor = err.fileHandleForReading.fileDescriptor
        var errData: [UInt8] = []
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&poller, 1, 0) > 0 {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            errData += chunk[..<count]
        }
        return (process.terminationStatus, String(decoding: errData, as: UTF8.self))
    }

    /// Waits until stderr says `text` (watch says it is watching there).
    func waitForStderr(_ text: String, seconds: Double = 10) throws {
        _ = try readUntil(err.fileHandleForReading.fileDescriptor, shows: text, seconds: seconds, chunk: 4096, source: "modhost's stderr")
    }
}

/// A pseudo-terminal, so that a test can run `modhost` as if from a terminal.
final class PseudoTerminal {
    /// `modhost session` on `daemon`, started on a new terminal as its standard input, output
    /// and error; the test reads and writes the terminal's other side.
    static func session(on daemon: DaemonProcess) throws -> (PseudoTerminal, Process) {
        let terminal = try PseudoTerminal()
        let process = Process()
        process.executableURL = try BuiltProducts.executable("modhost")
        process.arguments = ["--socket", daemon.socketPath, "session"]
        let side = FileHandle(fileDescriptor: terminal.secondary, closeOnDealloc: false)
        process.standardInput = side
        process.standardOutput = side
        process.standardError = side
        try process.run()
        terminal.closeSecondary()
        return (terminal, process)
    }

    let primary: Int32
    private(set) var secondary: Int32

    init() throws {
        // Glibc's module does not show the pseudo-terminal functions to Swift (they need
        // _XOPEN_SOURCE): they are looked up in the C library instead.
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias OnPT = @convention(c) (Int32) -> Int32
        typealias NamePT = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
        func function<T>(_ name: String, as type: T.Type) throws -> T {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { throw HarnessError("no \(name) in the C library") }
            return unsafeBitCast(symbol, to: type)
        }
        let openPT = try function("posix_openpt", as: OpenPT.self)
        let grantPT = try function("grantpt", as: OnPT.self)
        let unlockPT = try function("unlockpt", as: OnPT.self)
        let namePT = try function("ptsname_r", as: NamePT.self)
        primary = openPT(O_RDWR | O_NOCTTY)
        guard primary >= 0, grantPT(primary) == 0, unlockPT(primary) == 0 else { throw HarnessError("no pseudo-terminal: errno \(errno)") }
        var name = [CChar](repeating: 0, count: 128)
        guard namePT(primary, &name, name.count) == 0 else { throw HarnessError("ptsname_r failed: errno \(errno)") }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        secondary = open(path, O_RDWR | O_NOCTTY)
        guard secondary >= 0 else { throw HarnessError("cannot open \(path): errno \(errno)") }
    }

    deinit {
        closeSecondary()
        close(primary)
    }

    /// Once the child has it: reads then end when the child does.
    func closeSecondary() {
        if secondary >= 0 { close(secondary) }
        secondary = -1
    }

    func write(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(primary, $0.baseAddress, $0.count) }
    }

    /// What the terminal shows until `text` (included), waiting up to `seconds`.
    @discardableResult
    func read(until text: String, seconds: Double = 10) throws -> String {
        // A byte at a time: what comes after `text` stays for the next read.
        try readUntil(primary, shows: text, seconds: seconds, chunk: 1, source: "the terminal")
    }
}

/// Reads `descriptor` until what was read contains `text`, `chunk` bytes at most a read, for
/// up to `seconds`; what was read. `source` names it in errors.
private func readUntil(_ descriptor: Int32, shows text: String, seconds: Double, chunk: Int, source: String) throws -> String {
    var seen: [UInt8] = []
    let deadline = Date().addingTimeInterval(seconds)
    while !String(decoding: seen, as: UTF8.self).contains(text) {
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else { throw HarnessError("\(source) did not show '\(text)' within \(seconds) s: \(String(decoding: seen, as: UTF8.self))") }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(left * 1000) + 1) > 0 else { continue }
        var bytes = [UInt8](repeating: 0, count: chunk)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { throw HarnessError("\(source) closed before showing '\(text)': \(String(decoding: seen, as: UTF8.self))") }
        seen += bytes[..<count]
    }
    return String(decoding: seen, as: UTF8.self)
}
