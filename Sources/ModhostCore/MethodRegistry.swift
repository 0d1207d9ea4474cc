import ModhostWire

/// What a method handler is given: the params with paths, the calling session, the host.
public struct MethodContext {
    public let params: Params
    public let session: Session
    public let host: Host
}

/// One method the host answers.
public struct MethodHandler {
    /// False only for the methods allowed before `initialize` (`initialize`, `ping`).
    public var requiresInitialize: Bool
    public var run: (MethodContext) throws(RPCError) -> JSONValue

    public init(requiresInitialize: Bool = true, run: @escaping (MethodContext) throws(RPCError) -> JSONValue) {
        self.requiresInitialize = requiresInitialize
        self.run = run
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
