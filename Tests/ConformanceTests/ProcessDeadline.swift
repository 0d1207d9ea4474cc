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
}
