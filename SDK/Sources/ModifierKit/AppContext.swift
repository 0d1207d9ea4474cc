/// What a plugin may reach of the host: its logger and version facts. Passed to factories
/// and record decoding, as in Expo.
public final class AppContext: Sendable {
    /// The host's version, e.g. `0.1.0`.
    public let hostVersion: String
    /// The SDK version the host was built with (`ModifierKit.version`).
    public var sdkVersion: String { ModifierKit.version }
    /// Logs into the host's log, prefixed with the plugin's name.
    public let log: PluginLog
    /// True while the host builds a modifier only to learn its type and defaults (for the
    /// params schema); records then keep their defaults instead of decoding.
    public let isDescribing: Bool

    /// A context; the host makes the one its plugins get. Tests make their own to decode
    /// records or build modifiers outside a host.
    public init(hostVersion: String, log: PluginLog, isDescribing: Bool = false) {
        self.hostVersion = hostVersion
        self.log = log
        self.isDescribing = isDescribing
    }

    /// The same context in describing mode.
    func describing() -> AppContext { AppContext(hostVersion: hostVersion, log: log, isDescribing: true) }
}

/// A plugin's view of the host log.
public struct PluginLog: Sendable {
    /// How much a message matters; the host's `--log-level` hides the levels below it.
    public enum Level: Sendable {
        /// Detail for finding a problem; hidden unless the host runs with `--log-level debug`.
        case debug
        /// Something worth knowing that is not a problem.
        case info
        /// Something went wrong, and the plugin went on.
        case warning
        /// Something failed.
        case error
    }
    private let sink: @Sendable (Level, String) -> Void

    /// A log that hands each message and its level to `sink` (a test can collect them).
    public init(sink: @escaping @Sendable (Level, String) -> Void) { self.sink = sink }

    /// A log that drops everything.
    public static let silent = PluginLog { _, _ in }

    /// Logs `message` at the debug level.
    public func debug(_ message: String) { sink(.debug, message) }
    /// Logs `message` at the info level.
    public func info(_ message: String) { sink(.info, message) }
    /// Logs `message` at the warning level.
    public func warning(_ message: String) { sink(.warning, message) }
    /// Logs `message` at the error level.
    public func error(_ message: String) { sink(.error, message) }
}
