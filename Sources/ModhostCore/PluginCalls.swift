import ModhostWire

/// Marks the time the host spends in plugin code, so that whoever runs the host (the daemon's
/// engine) can tell which plugin a crash or a hang belongs to. Without a recorder, a call
/// costs one load and a branch.
public enum PluginCalls {
    /// What kind of plugin code runs.
    public enum Kind: UInt32, Sendable, CaseIterable {
        /// A module's `init(appContext:)` and `definition()`.
        case moduleSetup = 1
        case onCreate = 2
        case onDestroy = 3
        /// A modifier factory: decoding params into a modifier.
        case factory = 4
        /// A factory run with defaults to learn the params schema.
        case schema = 5
        /// A modifier's `body(content:)`.
        case body = 6
        /// An action's closure (a tapped button), which sends events.
        case action = 7

        /// As logs and `describe` name it.
        public var name: String {
            switch self {
            case .moduleSetup: "module setup"
            case .onCreate: "OnCreate"
            case .onDestroy: "OnDestroy"
            case .factory: "factory"
            case .schema: "schema"
            case .body: "body"
            case .action: "action"
            }
        }
    }

    /// Told of every call into plugin code; calls nest (a factory may be inside `OnCreate`
    /// of nothing, a body inside an action), so `leave` returns to the enclosing one.
    public protocol Recorder: AnyObject {
        func enter(plugin: String, kind: Kind, detail: String)
        func leave()
    }

    /// The request being handled, for a crash report: which front-end sent what.
    public struct Request {
        public var peer: String
        public var pid: Int32?
        public var id: JSONValue?
        public var method: String

        /// `{"pid", "id", "method"}`, as a crash report carries it.
        public var json: JSONValue {
            var object = JSONObject()
            if let pid { object["pid"] = .int(Int64(pid)) }
            object["id"] = id ?? .null
            object["method"] = .string(method)
            return .object(object)
        }
    }

    // The host runs on one thread (the daemon's loop), which is what makes these safe.
    nonisolated(unsafe) public static var recorder: Recorder?
    nonisolated(unsafe) public static var request: Request? {
        didSet { requestSerial &+= 1 }
    }
    /// Changes with every `request`, so a recorder can keep what it made of one.
    nonisolated(unsafe) public private(set) static var requestSerial: UInt64 = 0

    /// Runs `body`, plugin code of `plugin`, marked as a call of `kind` on `detail` (a modifier
    /// type or a module name).
    @inline(__always)
    public static func run<R, E: Error>(plugin: String, _ kind: Kind, _ detail: String, _ body: () throws(E) -> R) throws(E) -> R {
        guard let recorder else { return try body() }
        recorder.enter(plugin: plugin, kind: kind, detail: detail)
        defer { recorder.leave() }
        return try body()
    }
}
