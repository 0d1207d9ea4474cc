import ModhostWire

/// What a method handler is given: the params with paths, the calling session, the host.
public struct MethodContext {
    public let params: Params
    public let session: Session
    public let host: Host
    /// Whether the request is an element of a batch, whose reply cannot wait for one request.
    public let isInBatch: Bool
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
        /// Through a `PendingReply`, now or later: for work that waits (an `AsyncFunction`).
        case deferred((MethodContext, PendingReply) throws(RPCError) -> Void)
    }

    /// False only for the methods allowed before `initialize` (`initialize`, `ping`).
    public var requiresInitialize: Bool
    public var body: Body
    /// A method that takes no params (`ping`): its handler reads them only through
    /// `Params.expectNone()`. The session then checks a request's params without building
    /// them, and refuses params with members with an error written once, at registration:
    /// so they cost what reading them costs, not what building values and an error does.
    public var takesNoParams = false

    public init(requiresInitialize: Bool = true, run: @escaping (MethodContext) throws(RPCError) -> JSONValue) {
        self.requiresInitialize = requiresInitialize
        self.body = .value(run)
    }

    /// A handler for a method that takes no params (see `takesNoParams`).
    public init(requiresInitialize: Bool = true, takesNoParams: Bool, run: @escaping (MethodContext) throws(RPCError) -> JSONValue) {
        self.requiresInitialize = requiresInitialize
        self.takesNoParams = takesNoParams
        self.body = .value(run)
    }

    /// A handler that writes its result's JSON text: it must append exactly one JSON value,
    /// and nothing when it throws.
    public init(requiresInitialize: Bool = true, writing write: @escaping (MethodContext, inout [UInt8]) throws(RPCError) -> Void) {
        self.requiresInitialize = requiresInitialize
        self.body = .text(write)
    }

    /// A handler that answers through `PendingReply`, before it returns or later. Inside a
    /// batch it must answer before it returns (or throw).
    public init(requiresInitialize: Bool = true, deferring run: @escaping (MethodContext, PendingReply) throws(RPCError) -> Void) {
        self.requiresInitialize = requiresInitialize
        self.body = .deferred(run)
    }
}

/// A handler's way to answer a request after it has returned: the session sends the
/// response when `finish` is called. Finished before the handler returns, the answer is
/// written as any other; after, it goes out on its own (a connection is served meanwhile,
/// so it may come after the answers of later requests, which JSON-RPC allows).
public final class PendingReply {
    let id: JSONValue?
    /// Not weak: one weak reference gives the session a side table for good, and then every
    /// retain and release of it takes the slow path (a call of a module function cost a
    /// fifth more on that connection from then on). Safe unowned: only a deferred reply
    /// reaches its session, and the session cancels those it holds when it closes or goes.
    unowned(unsafe) let session: Session
    /// The answer given before the handler returned.
    var immediate: Result<JSONValue, RPCError>?
    /// Set once the handler has returned without an answer.
    var isDeferred = false
    private var isDone = false
    /// Stops the work (the connection closed): set by the handler.
    public var onCancel: (() -> Void)?

    init(id: JSONValue?, session: Session) {
        self.id = id
        self.session = session
    }

    /// Whether the request has its answer.
    public var isFinished: Bool { isDone || immediate != nil }

    /// Answers the request with `outcome`; only the first answer counts.
    public func finish(_ outcome: Result<JSONValue, RPCError>) {
        guard !isFinished else { return }
        guard isDeferred else {
            immediate = outcome
            return
        }
        isDone = true
        onCancel = nil
        session.sendDeferred(self, outcome)
    }

    /// The connection is gone: the work stops and nothing is sent.
    func cancel() {
        isDone = true
        let cancel = onCancel
        onCancel = nil
        cancel?()
    }
}

/// Methods by name. Features add theirs here; anything absent is -32601.
public struct MethodRegistry {
    private var handlers: [String: MethodHandler] = [:]
    /// The same handlers grouped by the UTF-8 length of their names, for `handler(for:)`: a
    /// lookup runs for every request, and comparing a few names of the right length (small
    /// strings compare as two machine words) costs a fraction of hashing the name.
    private var byLength: [[(name: String, handler: MethodHandler)]] = []

    /// For the handlers that `takesNoParams`: the JSON text of `expectNone`'s errors for
    /// params with members, by name length as `byLength`. Apart from the handlers, which are
    /// copied on every lookup.
    private var refusalsByLength: [[(name: String, refusal: NoParamsRefusal)]] = []

    /// The JSON text of `Params.expectNone()`'s error for params with members: for an object
    /// and for an array.
    struct NoParamsRefusal {
        let object: [UInt8]
        let array: [UInt8]
    }

    public init() {}

    /// The refusals of params with members for `method`, when its handler `takesNoParams`.
    func noParamsRefusal(for method: String) -> NoParamsRefusal? {
        let length = method.utf8.count
        guard length < refusalsByLength.count else { return nil }
        for entry in refusalsByLength[length] where entry.name == method { return entry.refusal }
        return nil
    }

    public mutating func register(_ method: String, _ handler: MethodHandler) {
        precondition(!method.hasPrefix("rpc."), "'rpc.' names are reserved by JSON-RPC 2.0")
        handlers[method] = handler
        let length = method.utf8.count
        if byLength.count <= length { byLength += Array(repeating: [], count: length + 1 - byLength.count) }
        byLength[length].removeAll { $0.name == method }
        byLength[length].append((method, handler))
        if refusalsByLength.count <= length {
            refusalsByLength += Array(repeating: [], count: length + 1 - refusalsByLength.count)
        }
        refusalsByLength[length].removeAll { $0.name == method }
        if handler.takesNoParams {
            // The errors `expectNone` gives for params with members; it looks at nothing else.
            func refusal(_ params: JSONValue) -> [UInt8] {
                var text: [UInt8] = []
                do {
                    try Params(params, method: method).expectNone()
                    preconditionFailure("expectNone accepted params with members")
                } catch {
                    JSONWriter.write(error.json, into: &text)
                }
                return text
            }
            refusalsByLength[length].append((method, NoParamsRefusal(object: refusal(["": nil]), array: refusal([nil]))))
        }
    }

    public func handler(for method: String) -> MethodHandler? {
        let length = method.utf8.count
        guard length < byLength.count else { return nil }
        return byLength.withUnsafeBufferPointer { groups in
            for entry in groups[length] where entry.name == method { return entry.handler }
            return nil
        }
    }

    public var methodNames: [String] { handlers.keys.sorted() }

    /// Whether `method` is served by a handler that `takesNoParams`.
    public func takesNoParams(_ method: String) -> Bool {
        handler(for: method)?.takesNoParams == true
    }
}
