import ModhostWire

/// What a method handler is given: the params with paths, the calling session, the host.
public struct MethodContext {
    public let params: Params
    public let session: Session
    public let host: Host
}

/// One method the host answers.
public struct MethodHandler {
    /// How a handler gives its result.
    public enum Body {
        /// As a value.
        case value((MethodContext) throws(RPCError) -> JSONValue)
        /// As JSON text appended to a buffer: for results too large to build as values first
        /// (the snapshot of a large tree), which would cost several times the writing.
        case text((MethodContext, inout [UInt8]) throws(RPCError) -> Void)
    }

    /// False only for the methods allowed before `initialize` (`initialize`, `ping`).
    public var requiresInitialize: Bool
    public var body: Body

    public init(requiresInitialize: Bool = true, run: @escaping (MethodContext) throws(RPCError) -> JSONValue) {
        self.requiresInitialize = requiresInitialize
        self.body = .value(run)
    }

    /// A handler that writes its result's JSON text: it must append exactly one JSON value,
    /// and nothing when it throws.
    public init(requiresInitialize: Bool = true, writing write: @escaping (MethodContext, inout [UInt8]) throws(RPCError) -> Void) {
        self.requiresInitialize = requiresInitialize
        self.body = .text(write)
    }
}

/// Methods by name. Features add theirs here; anything absent is -32601.
public struct MethodRegistry {
    private var handlers: [String: MethodHandler] = [:]

    public init() {}

    public mutating func register(_ method: String, _ handler: MethodHandler) {
        precondition(!method.hasPrefix("rpc."), "'rpc.' names are reserved by JSON-RPC 2.0")
        handlers[method] = handler
    }

    public func handler(for method: String) -> MethodHandler? { handlers[method] }

    public var methodNames: [String] { handlers.keys.sorted() }
}
