import Glibc
import ModhostCore

extension Logger {
    /// A logger that writes `modhostd[PID]: level: message` lines to stderr.
    public static func standardError(level: LogLevel, program: String = "modhostd") -> Logger {
        let prefix = "\(program)[\(getpid())]: "
        return Logger(level: level) { level, message in
            let line = prefix + level.name + ": " + message + "\n"
            var bytes = Array(line.utf8)
            bytes.withUnsafeMutableBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = write(2, raw.baseAddress! + offset, raw.count - offset)
                    if n <= 0 { break }
                    offset += n
                }
            }
        }
    }
}
