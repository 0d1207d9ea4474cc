import Foundation
import Glibc

struct DeadlineError: Error, CustomStringConvertible {
    var description: String
}

/// Waits up to `seconds` for `process` to end; past that it is killed (SIGKILL) and the wait
/// fails, naming the command, rather than hanging the test run.
func waitForExit(_ process: Process, seconds: Double) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning {
        guard Date() < deadline else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw DeadlineError(description: "\(process.executableURL?.path ?? "?") \((process.arguments ?? []).joined(separator: " ")) did not exit within \(seconds) s; killed")
        }
        usleep(10_000)
    }
    // Returns at once; lets go of the run loop source Foundation's Process keeps (retaining
    // the process) until a waitUntilExit sees the end, which LeakSanitizer would report.
    process.waitUntilExit()
}

/// Runs `process` to its end with its stdout read as it comes, for up to `seconds` in all
/// (then it is killed and this throws); its stdout.
func runReadingStdout(_ process: Process, seconds: Double) throws -> String {
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let descriptor = out.fileHandleForReading.fileDescriptor
    let deadline = Date().addingTimeInterval(seconds)
    var bytes: [UInt8] = []
    while true {
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw DeadlineError(description: "\(process.executableURL?.path ?? "?") did not finish its output within \(seconds) s; killed. So far: \(String(decoding: bytes.suffix(2000), as: UTF8.self))")
        }
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(min(left, 1) * 1000) + 1) > 0 else { continue }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        bytes += chunk[..<count]
    }
    try waitForExit(process, seconds: max(1, deadline.timeIntervalSinceNow))
    return String(decoding: bytes, as: UTF8.self)
}
