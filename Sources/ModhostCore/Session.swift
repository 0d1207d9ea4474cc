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
        let message: JSONValue
        do {
            message = try frame.withContiguousStorageIfAvailable { try JSONParser.parse(UnsafeRawBufferPointer($0)) }
                ?? JSONParser.parse(Array(frame))
        } catch let error as JSONParseError {
            write(RPCMessage.errorResponse(id: .null, error: .parseError(error.description)), to: &replies)
            return
        } catch {
            write(RPCMessage.errorResponse(id: .null, error: .parseError("\(error)")), to: &replies)
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
        do {
            let result = try dispatch(request)
            return request.id.map { RPCMessage.response(id: $0, result: result) }
        } catch {
            if let id = request.id { return RPCMessage.errorResponse(id: id, error: error) }
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
