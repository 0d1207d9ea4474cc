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
    public enum Level: Sendable { case debug, info, warning, error }
    private let sink: @Sendable (Level, String) -> Void

    public init(sink: @escaping @Sendable (Level, String) -> Void) { self.sink = sink }

    /// A log that drops everything.
    public static let silent = PluginLog { _, _ in }

    public func debug(_ message: String) { sink(.debug, message) }
    public func info(_ message: String) { sink(.info, message) }
    public func warning(_ message: String) { sink(.warning, message) }
    public func error(_ message: String) { sink(.error, message) }
}
