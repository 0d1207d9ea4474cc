import ModhostWire

/// Fixed facts about this host.
public struct HostConfiguration: Sendable {
    public var serverName: String
    public var serverVersion: String
    /// Protocol versions this host speaks, newest last.
    public var protocolVersions: [Int64]

    public init(serverName: String = "modhostd", serverVersion: String = ModhostVersion.current, protocolVersions: [Int64] = [1]) {
        self.serverName = serverName
        self.serverVersion = serverVersion
        self.protocolVersions = protocolVersions
    }
}

public enum ModhostVersion {
    public static let current = "0.1.0"
}

/// The server core: owns the state shared by all connections and dispatches their messages.
/// It does no I/O; the transport hands it frames and takes back the bytes to send, so tests
/// drive it directly without sockets. Not thread-safe: the daemon calls it from its loop only.
public final class Host {
    public let configuration: HostConfiguration
    public let logger: Logger
    public private(set) var methods = MethodRegistry()
    private var sessions: [ObjectIdentifier: Session] = [:]

    public init(configuration: HostConfiguration = HostConfiguration(), logger: Logger = .silent) {
        self.configuration = configuration
        self.logger = logger
        LifecycleMethods.register(in: &methods)
    }

    /// A session for a new connection. `send` takes each framed message the host pushes
    /// without being asked (notifications); replies to requests come back from `receive`.
    public func openSession(peer: String, send: @escaping ([UInt8]) -> Void) -> Session {
        let session = Session(host: self, peer: peer, send: send)
        sessions[ObjectIdentifier(session)] = session
        return session
    }

    func sessionClosed(_ session: Session) {
        sessions[ObjectIdentifier(session)] = nil
    }

    /// Sessions that completed `initialize`: the audience of host-wide notifications.
    public var initializedSessions: [Session] { sessions.values.filter(\.isInitialized) }

    public var sessionCount: Int { sessions.count }

    /// Sends a notification to every initialized session.
    public func broadcast(method: String, params: JSONValue) {
        for session in initializedSessions { session.notify(method: method, params: params) }
    }
}
