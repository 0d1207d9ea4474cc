import ModhostWire

/// One front-end connection as the host sees it: its handshake state, and the place its
/// frames are parsed, checked against JSON-RPC 2.0 and dispatched.
public final class Session {
    public unowned let host: Host
    /// Who is on the other end, for logs.
    public let peer: String
    public private(set) var isInitialized = false
    public private(set) var isClosed = false
    /// The client's `{name, version}` from `initialize`, when it sent one.
    public internal(set) var clientInfo: JSONObject?
    private let send: ([UInt8]) -> Void

    init(host: Host, peer: String, send: @escaping ([UInt8]) -> Void) {
        self.host = host
        self.peer = peer
        self.send = send
    }

    /// Handles one frame's payload and appends the framed reply, if any, to `replies`.
    /// Notifications (messages without id) are never answered, even when they fail.
    public func receive<Bytes: Collection>(frame: Bytes, replies: inout [UInt8]) where Bytes.Element == UInt8 {
        let done: Void? = frame.withContiguousStorageIfAvailable {
            receive(bytes: UnsafeRawBufferPointer($0), replies: &replies)
        }
        if done == nil { Array(frame).withUnsafeBytes { receive(bytes: $0, replies: &replies) } }
    }

    /// `receive(frame:replies:)` for the frame decoder's slices, without generic dispatch.
    public func receive(frame: ArraySlice<UInt8>, replies: inout [UInt8]) {
        frame.withUnsafeBytes { receive(bytes: $0, replies: &replies) }
    }

    /// `receive(frame:replies:)` for a payload in memory that is valid for the call.
    public func receive(bytes: UnsafeRawBufferPointer, replies: inout [UInt8]) {
        // The usual message, one request object, is checked straight from its bytes and
        // answered without building `JSONValue` objects for the message or the reply.
        if let decoded = RPCRequest.decode(bytes) {
            let answer: (id: JSONValue, outcome: Result<JSONValue, RPCError>)?
            switch decoded {
            case let .failure(failure): answer = (failure.id, .failure(failure.error))
            case let .success(request): answer = run(request)
            }
            guard let (id, outcome) = answer else { return }
            FrameEncoder.appendFrame(to: &replies) { buffer in
                switch outcome {
                case let .success(result): RPCMessage.writeResponse(id: id, result: result, into: &buffer)
                case let .failure(error): RPCMessage.writeErrorResponse(id: id, error: error, into: &buffer)
                }
            }
            return
        }
        let message: JSONValue
        do {
            message = try JSONParser.parse(bytes)
        } catch {
            write(RPCMessage.errorResponse(id: .null, error: .parseError(error.description)), to: &replies)
            return
        }
        if let answer = handle(message) { write(answer, to: &replies) }
    }

    /// The response to one parsed message (a single message or a batch), or nil when none is due.
    public func handle(_ message: JSONValue) -> JSONValue? {
        guard case let .array(elements) = message else { return handleOne(message) }
        if elements.isEmpty {
            return RPCMessage.errorResponse(id: .null, error: .invalidRequest("an empty batch", path: "", expected: "at least one request", got: "[]"))
        }
        let answers = elements.compactMap(handleOne)
        return answers.isEmpty ? nil : .array(answers)
    }

    private func handleOne(_ message: JSONValue) -> JSONValue? {
        let request: RPCRequest
        switch RPCRequest.validate(message) {
        case let .failure(failure): return RPCMessage.errorResponse(id: failure.id, error: failure.error)
        case let .success(valid): request = valid
        }
        guard let (id, outcome) = run(request) else { return nil }
        switch outcome {
        case let .success(result): return RPCMessage.response(id: id, result: result)
        case let .failure(error): return RPCMessage.errorResponse(id: id, error: error)
        }
    }

    /// Runs a valid request: the id and outcome to answer with, or nil for a notification
    /// (whose failure is only logged).
    private func run(_ request: RPCRequest) -> (id: JSONValue, outcome: Result<JSONValue, RPCError>)? {
        do {
            let result = try dispatch(request)
            return request.id.map { ($0, .success(result)) }
        } catch {
            if let id = request.id { return (id, .failure(error)) }
            host.logger.debug("\(peer): notification '\(request.method)' failed: \(error.message)")
            return nil
        }
    }

    private func dispatch(_ request: RPCRequest) throws(RPCError) -> JSONValue {
        guard !request.method.hasPrefix("rpc."), let handler = host.methods.handler(for: request.method) else {
            throw .methodNotFound(request.method)
        }
        if handler.requiresInitialize && !isInitialized { throw .notInitialized(request.method) }
        return try handler.run(MethodContext(params: Params(request.params, method: request.method), session: self, host: host))
    }

    func markInitialized(client: JSONObject?) {
        isInitialized = true
        clientInfo = client
    }

    /// Pushes a notification to this session's front-end.
    public func notify(method: String, params: JSONValue) {
        guard !isClosed else { return }
        var bytes: [UInt8] = []
        write(RPCMessage.notification(method: method, params: params), to: &bytes)
        send(bytes)
    }

    /// The connection is gone: drop everything it owned.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        host.sessionClosed(self)
    }

    private func write(_ value: JSONValue, to replies: inout [UInt8]) {
        FrameEncoder.appendFrame(to: &replies) { JSONWriter.write(value, into: &$0) }
    }
}
