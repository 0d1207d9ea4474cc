/// Log levels, least to most severe.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error

    public init?(name: String) {
        switch name.lowercased() {
        case "debug": self = .debug
        case "info": self = .info
        case "warning", "warn": self = .warning
        case "error": self = .error
        default: return nil
        }
    }

    public var name: String {
        switch self {
        case .debug: return "debug"
        case .info: return "info"
        case .warning: return "warning"
        case .error: return "error"
        }
    }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A leveled logger. Where lines go is the caller's choice (the daemon sends them to stderr;
/// tests collect them), which keeps the host core free of I/O.
public struct Logger: Sendable {
    public var level: LogLevel
    private let sink: @Sendable (LogLevel, String) -> Void

    public init(level: LogLevel = .info, sink: @escaping @Sendable (LogLevel, String) -> Void) {
        self.level = level
        self.sink = sink
    }

    /// A logger that drops everything (for tests that do not look at logs).
    public static let silent = Logger(level: .error) { _, _ in }

    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard level >= self.level else { return }
        sink(level, message())
    }

    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
