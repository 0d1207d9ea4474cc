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
        /// A module function a front-end called (`callFunction`).
        case function = 8
        /// A slice of a plugin's async code (a refresh action, an `AsyncFunction`) between
        /// two of its `await`s.
        case task = 9

        /// Calls made while a plugin loads or unloads (module set-up, `OnCreate`, `OnDestroy`,
        /// the schema): they may take longer than the calls a request makes, and get a time
        /// limit of their own (`--plugin-setup-timeout`).
        public var isSetup: Bool {
            switch self {
            case .moduleSetup, .onCreate, .onDestroy, .schema: true
            case .factory, .body, .action, .function, .task: false
            }
        }

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
            case .function: "function"
            case .task: "async task"
            }
        }
    }

    /// Told of every call into plugin code. Calls nest (a plugin's `OnCreate` may build a
    /// modifier, a schema build runs a factory), so `leave` returns to the enclosing call.
    public protocol Recorder: AnyObject {
        /// `folder` names the plugin when its name alone may not (two plugins of one name,
        /// while one takes over from the other); nil: the plugin of that name loaded last.
        func enter(plugin: String, folder: String?, kind: Kind, detail: String)
        func leave()
    }

    /// The frame being handled, for a crash report: which front-end sent what. Only its
    /// place is kept per frame (no copies, no reference counting: the fast path pays two
    /// stores); a recorder reads the request out of it when plugin code is entered.
    public struct Frame {
        public unowned(unsafe) let session: Session
        /// Valid while the frame is handled, which is when plugin calls read it.
        public let bytes: UnsafeRawBufferPointer
        /// Tells frames apart, so a recorder can keep what it read of one.
        public let serial: UInt64

        /// `{"pid", "id", "method"}` of the request in the frame (of the first, in a batch), as
        /// JSON text copied from the frame: its params are not read.
        public func requestText() -> [UInt8] {
            RPCPeek.requestText(bytes, pid: session.pid)
        }
    }

    // The host runs on one thread (the daemon's loop), which is what makes these safe; no
    // dynamic exclusivity checks, since they sit on the path of every frame.
    @exclusivity(unchecked) nonisolated(unsafe) public static var recorder: Recorder?
    @exclusivity(unchecked) nonisolated(unsafe) public static var frame: Frame?
    @exclusivity(unchecked) nonisolated(unsafe) private static var frames: UInt64 = 0

    /// Marks `bytes`, a frame of `session`, as the one being handled while `body` runs.
    @inline(__always)
    static func handling<R>(_ bytes: UnsafeRawBufferPointer, of session: Session, _ body: () -> R) -> R {
        guard recorder != nil else { return body() }
        frames &+= 1
        frame = Frame(session: session, bytes: bytes, serial: frames)
        defer { frame = nil }
        return body()
    }

    /// Runs `body`, plugin code of `plugin` (from `folder`, when the caller knows it), marked
    /// as a call of `kind` on `detail` (a modifier type or a module name).
    @inline(__always)
    public static func run<R, E: Error>(
        plugin: String, folder: String? = nil, _ kind: Kind, _ detail: String, _ body: () throws(E) -> R
    ) throws(E) -> R {
        guard let recorder else { return try body() }
        recorder.enter(plugin: plugin, folder: folder, kind: kind, detail: detail)
        defer { recorder.leave() }
        return try body()
    }
}
