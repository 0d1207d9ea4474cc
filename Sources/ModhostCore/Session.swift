import ModhostWire

/// One front-end connection as the host sees it: its handshake state, and the place its
/// frames are parsed, checked against JSON-RPC 2.0 and dispatched.
public final class Session {
    public unowned let host: Host
    /// Who is on the other end, for logs.
    public let peer: String
    /// The front-end's process id, when the transport knows it.
    public let pid: Int32?
    public private(set) var isInitialized = false
    public private(set) var isClosed = false
    /// The client's `{name, version}` from `initialize`, when it sent one.
    public internal(set) var clientInfo: JSONObject?
    private let send: ([UInt8]) -> Void
    /// True while a frame is being handled: notifications it causes (events, diagnostics) are
    /// held and go out just before its reply, so a front-end sees the event of a tap before
    /// the tap's answer, and the transport is never re-entered from inside `receive`.
    private var isHandlingFrame = false
    private var held: [UInt8] = []

    init(host: Host, peer: String, pid: Int32?, send: @escaping ([UInt8]) -> Void) {
        self.host = host
        self.peer = peer
        self.pid = pid
        self.send = send
    }

    /// The most bytes a batch's reply may reach: past it, the batch's remaining requests are
    /// not run and are answered with an over-budget error. The transport sets it (the daemon
    /// uses `--max-outbound`), so a batch never holds more than that plus one request's reply.
    public var batchReplyLimit = 64 << 20
    /// A batch whose requests run a slice at a time; see `continueBatch`.
    private var batch: BatchInProgress?

    /// Whether a batch is part way through: call `continueBatch` before handing over the next
    /// frame, since replies keep the order of requests.
    public var hasUnfinishedBatch: Bool { batch != nil }

    /// Handles one frame's payload and appends the framed reply, if any, to `replies`.
    /// Notifications (messages without id) are never answered, even when they fail.
    public func receive<Bytes: Collection>(frame: Bytes, replies: inout [UInt8]) where Bytes.Element == UInt8 {
        let done: Void? = frame.withContiguousStorageIfAvailable {
            receive(bytes: UnsafeRawBufferPointer($0), replies: &replies)
        }
        if done == nil { Array(frame).withUnsafeBytes { receive(bytes: $0, replies: &replies) } }
    }

    /// `receive(frame:replies:)` for the frame decoder's slices, without generic dispatch.
    public func receive(frame: ArraySlice<UInt8>, replies: inout [UInt8], yieldWhen shouldYield: () -> Bool = { false }) {
        frame.withUnsafeBytes { receive(bytes: $0, replies: &replies, yieldWhen: shouldYield) }
    }

    /// `receive(frame:replies:)` for a payload in memory that is valid for the call.
    ///
    /// A batch runs its requests one by one and asks `shouldYield` after each: when it says
    /// yes, the batch stops there (`hasUnfinishedBatch`) and `continueBatch` runs the rest
    /// later, so that a transport can serve other connections in between.
    public func receive(bytes: UnsafeRawBufferPointer, replies: inout [UInt8], yieldWhen shouldYield: () -> Bool = { false }) {
        precondition(batch == nil, "a frame was handed over before the unfinished batch was continued")
        handlingFrame(bytes, replies: &replies) { replies in respond(to: bytes, replies: &replies, yieldWhen: shouldYield) }
    }

    /// Runs more of the unfinished batch, until it is done or `shouldYield` says to stop.
    public func continueBatch(replies: inout [UInt8], yieldWhen shouldYield: () -> Bool = { false }) {
        guard let frame = batch?.frame else { return }
        frame.withUnsafeBytes { bytes in
            handlingFrame(bytes, replies: &replies) { replies in runBatch(replies: &replies, frame: bytes, yieldWhen: shouldYield) }
        }
    }

    /// Runs `body` as the handling of `bytes`: notifications it causes go out before its reply.
    private func handlingFrame(_ bytes: UnsafeRawBufferPointer, replies: inout [UInt8], _ body: (inout [UInt8]) -> Void) {
        let replyStart = replies.count
        isHandlingFrame = true
        PluginCalls.handling(bytes, of: self) { body(&replies) }
        isHandlingFrame = false
        if !held.isEmpty {
            replies.insert(contentsOf: held, at: replyStart)
            held.removeAll(keepingCapacity: true)
        }
    }

    private func respond(to bytes: UnsafeRawBufferPointer, replies: inout [UInt8], yieldWhen shouldYield: () -> Bool) {
        // The usual message, one valid request, is read straight from its bytes and answered
        // without building `JSONValue` objects for the message or the reply.
        if let request = RPCRequest.decode(bytes) {
            if let reply = run(request) { FrameEncoder.appendFrame(to: &replies) { reply.write(into: &$0) } }
            return
        }
        let message: JSONValue
        do {
            message = try JSONParser.parse(bytes)
        } catch {
            write(RPCMessage.errorResponse(id: .null, error: .parseError(error.description)), to: &replies)
            return
        }
        guard case let .array(elements) = message, !elements.isEmpty else {
            if let answer = handle(message) { write(answer, to: &replies) }
            return
        }
        batch = BatchInProgress(elements: elements)
        runBatch(replies: &replies, frame: bytes, yieldWhen: shouldYield)
    }

    /// A batch being run: its requests, the next to run, and its reply so far (one frame,
    /// `[` and the answers, whose length is filled in when it is done).
    private struct BatchInProgress {
        var elements: [JSONValue]
        var next = 0
        var reply: [UInt8] = [0, 0, 0, 0, UInt8(ascii: "[")]
        var answers = 0
        /// Requests refused for the reply budget, and notifications left unrun for it.
        var refused = 0
        var unrunNotifications = 0
        /// The batch's frame, copied once it outlives the read that brought it (crash reports
        /// name the request being handled from it).
        var frame: [UInt8]?
    }

    /// Runs the current batch's requests until it is done (its reply then goes to `replies`)
    /// or `shouldYield` says to stop.
    private func runBatch(replies: inout [UInt8], frame: UnsafeRawBufferPointer, yieldWhen shouldYield: () -> Bool) {
        guard var current = batch else { return }
        batch = nil
        while current.next < current.elements.count {
            let element = current.elements[current.next]
            current.next += 1
            let answer: Reply?
            if current.reply.count - 5 >= batchReplyLimit {
                answer = refuseForBudget(element, batch: &current)
            } else {
                answer = handleOne(element)
            }
            if let answer {
                if current.answers > 0 { current.reply.append(UInt8(ascii: ",")) }
                answer.write(into: &current.reply)
                current.answers += 1
            }
            if current.next < current.elements.count && shouldYield() {
                if current.frame == nil { current.frame = Array(frame) }
                batch = current
                return
            }
        }
        if current.refused + current.unrunNotifications > 0 { reportRefused(current) }
        guard current.answers > 0 else { return }
        current.reply.append(UInt8(ascii: "]"))
        let length = UInt32(current.reply.count - 4)
        for index in 0..<4 { current.reply[index] = UInt8(truncatingIfNeeded: length >> (24 - 8 * index)) }
        // Often nothing else is queued: the reply, which may be tens of MB, is then moved, not copied.
        if replies.isEmpty { replies = current.reply } else { replies.append(contentsOf: current.reply) }
    }

    /// The answer to a batch element left unrun because the batch's reply is over budget.
    private func refuseForBudget(_ element: JSONValue, batch: inout BatchInProgress) -> Reply? {
        switch RPCRequest.validate(element) {
        case let .failure(failure):
            return .error(failure.error, id: failure.id)
        case let .success(request):
            guard let id = request.id else {
                batch.unrunNotifications += 1
                return nil
            }
            batch.refused += 1
            return .error(
                .overBudget(
                    "not run: this batch's reply had reached \(batch.reply.count - 5) bytes, over the limit of \(batchReplyLimit) (--max-outbound); send the rest again, in smaller batches",
                    reason: "batch-reply", limit: batchReplyLimit),
                id: id)
        }
    }

    /// Says, in the log and to the front-end, how much of a batch was not run.
    private func reportRefused(_ batch: BatchInProgress) {
        let message = "a batch's reply passed \(batchReplyLimit) bytes (--max-outbound), so \(batch.refused) request(s) and \(batch.unrunNotifications) notification(s) of its \(batch.elements.count) were not run"
        host.logger.warning("\(peer): \(message)")
        if batch.unrunNotifications > 0 {
            diagnostic("warning", code: DiagnosticCode.batchNotificationsNotRun, message: message + "; notifications get no error response, hence this diagnostic")
        }
    }

    /// The response to one parsed message (a single message or a batch), or nil when none is due.
    public func handle(_ message: JSONValue) -> JSONValue? {
        guard case let .array(elements) = message else { return handleOne(message)?.message }
        if elements.isEmpty {
            return RPCMessage.errorResponse(id: .null, error: .invalidRequest("an empty batch", path: "", expected: "at least one request", got: "[]"))
        }
        let answers = elements.compactMap { handleOne($0)?.message }
        return answers.isEmpty ? nil : .array(answers)
    }

    private func handleOne(_ message: JSONValue) -> Reply? {
        let request: RPCRequest
        switch RPCRequest.validate(message) {
        case let .failure(failure): return .error(failure.error, id: failure.id)
        case let .success(valid): request = valid
        }
        return run(request)
    }

    /// The response due to one request. An enum of its own rather than a tuple or `Result`,
    /// whose copies in an `Optional` go through the runtime's generic (slow) value witnesses.
    private enum Reply {
        case result(JSONValue, id: JSONValue)
        /// A handler that writes its result as text (`MethodHandler.Body.text`), run when the
        /// reply is written, straight into the buffer that goes out: a large result is then
        /// never copied.
        case text(MethodContext, (MethodContext, inout [UInt8]) throws(RPCError) -> Void, id: JSONValue)
        case error(RPCError, id: JSONValue)

        var message: JSONValue {
            switch self {
            case let .result(result, id): return RPCMessage.response(id: id, result: result)
            case .text:
                var text: [UInt8] = []
                write(into: &text)
                return (try? JSONParser.parse(text)) ?? .null
            case let .error(error, id): return RPCMessage.errorResponse(id: id, error: error)
            }
        }

        /// Writes the same bytes as `message` would make, without building it.
        func write(into buffer: inout [UInt8]) {
            switch self {
            case let .result(result, id): RPCMessage.writeResponse(id: id, result: result, into: &buffer)
            case let .text(context, write, id):
                let start = buffer.count
                RPCMessage.writeResponseStart(id: id, into: &buffer)
                do {
                    try write(context, &buffer)
                    buffer.append(UInt8(ascii: "}"))
                } catch {
                    buffer.removeSubrange(start...)
                    RPCMessage.writeErrorResponse(id: id, error: error, into: &buffer)
                }
            case let .error(error, id): RPCMessage.writeErrorResponse(id: id, error: error, into: &buffer)
            }
        }
    }

    /// Runs a valid request: the reply, or nil for a notification (whose failure is only logged).
    private func run(_ request: consuming RPCRequest) -> Reply? {
        // Taken apart once: each copy or destroy of a `JSONValue?` costs a slow runtime call.
        let id = request.id
        let method = request.method
        let params = request.params
        _ = consume request
        do {
            let result = try dispatch(method: method, params: params)
            switch result {
            case let .value(value):
                guard let id else { return nil }
                return .result(value, id: id)
            case let .text(context, write):
                guard let id else {
                    // A notification: run for its effects, the text thrown away.
                    var discarded: [UInt8] = []
                    try write(context, &discarded)
                    return nil
                }
                return .text(context, write, id: id)
            }
        } catch {
            guard let id else {
                host.logger.debug("\(peer): notification '\(method)' failed: \(error.message)")
                return nil
            }
            return .error(error, id: id)
        }
    }

    private enum Outcome {
        case value(JSONValue)
        case text(MethodContext, (MethodContext, inout [UInt8]) throws(RPCError) -> Void)
    }

    private func dispatch(method: String, params: consuming JSONValue?) throws(RPCError) -> Outcome {
        // No "rpc." check needed: `MethodRegistry.register` refuses those names, so they are never found.
        let host = self.host  // one strong load of the unowned reference, not two
        guard let handler = host.methods.handler(for: method) else { throw .methodNotFound(method) }
        if handler.requiresInitialize && !isInitialized { throw .notInitialized(method) }
        let context = MethodContext(params: Params(params, method: method), session: self, host: host)
        switch handler.body {
        case let .value(run):
            return .value(try run(context))
        case let .text(write):
            return .text(context, write)
        }
    }

    func markInitialized(client: JSONObject?) {
        isInitialized = true
        clientInfo = client
    }

    /// Pushes a notification to this session's front-end.
    public func notify(method: String, params: JSONValue) {
        guard !isClosed else { return }
        if isHandlingFrame {
            write(RPCMessage.notification(method: method, params: params), to: &held)
            return
        }
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
