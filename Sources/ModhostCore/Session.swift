import ModhostWire

/// One front-end connection as the host sees it: its handshake state, and the place its
/// frames are parsed, checked against JSON-RPC 2.0 and dispatched.
public final class Session {
    // Unowned(unsafe): the host outlives its sessions (it holds each until it closes), and
    // a checked unowned reference costs two runtime calls per use, several per frame.
    public unowned(unsafe) let host: Host
    /// Who is on the other end, for logs.
    public let peer: String
    /// The front-end's process id, when the transport knows it.
    public let pid: Int32?
    /// The front-end's user id, when the transport knows it: only the host's own user may
    /// `watch` (what it sees carries other front-ends' data).
    public let peerUID: UInt32?
    /// The number the host gives this connection, unique while the host runs: `watched`
    /// notifications name connections by it, and the daemon's log says `client #N`.
    public let connectionID: Int64
    /// The topics this connection watches (`watch`), or nil when it watches none.
    var watchedTopics: Set<String>?
    /// The `view.name`s of names from before SDK 58 this connection was warned of (`deprecated-name`).
    var deprecatedNamesWarned: Set<String> = []
    @exclusivity(unchecked) public private(set) var isInitialized = false
    public private(set) var isClosed = false
    /// The client's `{name, version}` from `initialize`, when it sent one.
    public internal(set) var clientInfo: JSONObject?
    /// Whether the front-end asked at `initialize` for params keys that a modifier does not
    /// declare to fail its request (`strictParams`), rather than be reported and ignored.
    public private(set) var strictParams = false
    private let send: ([UInt8]) -> Void
    /// True while a frame is being handled: notifications it causes (events, diagnostics) are
    /// held and go out just before its reply, so a front-end sees the event of a tap before
    /// the tap's answer, and the transport is never re-entered from inside `receive`.
    // Read and written for every frame, on the daemon's one loop thread: no dynamic
    // exclusivity checks (two runtime calls a frame, since handlers run inside closures).
    @exclusivity(unchecked) private var isHandlingFrame = false
    @exclusivity(unchecked) private var held: [UInt8] = []
    /// Whether the request being run is an element of a batch.
    private(set) var isInBatch = false
    /// Requests whose handlers will answer later, cancelled when the connection closes.
    private var pendingReplies: [ObjectIdentifier: PendingReply] = [:]
    /// Whether the session keeps what a next engine needs to rebuild it (`stateRecord`): the
    /// transport sets it when it can hand the connection on.
    public var recordsState = false
    /// Whether the state changed since the last `stateRecord`.
    public var hasUnrecordedState: Bool { stateIsUnrecorded }
    /// Behind the getter for the reason `isBatchUnfinished` is: the transport reads it after
    /// every frame.
    @exclusivity(unchecked) var stateIsUnrecorded = false
    /// What changed since the last record, as records a journal can append to the last one
    /// (`takeStateChanges`): each surface's committed request or patch, in order, and whether
    /// the head (handshake, watch, requests waiting) changed.
    var surfaceChanges: [[UInt8]] = []
    var headChanged = false
    /// Whether a whole `stateRecord` was taken: changes are records after one.
    var hasWholeRecord = false
    /// The payload of the frame being handled, while it is.
    var currentFrame: UnsafeRawBufferPointer?
    /// Short strings the connection's requests made (member names above all), reused by its
    /// later requests: made on the first request of `stringCacheMinBytes` or more (20 KiB).
    private lazy var stringCache = JSONStringCache()
    private static let stringCacheMinBytes = 256
    /// What the last large request parsed (its params, or the whole message), kept past its
    /// reply: freeing a large tree takes about as long as parsing it did, and the front-end
    /// should not wait for that. The transport releases it once the reply is written
    /// (`releaseAnsweredRequest`); the next frame does in any case, so at most one request's
    /// tree waits. `.null` when none waits (not an optional: each frame tests it, and testing
    /// a `JSONValue?` goes through the runtime).
    @exclusivity(unchecked) private var answeredTree = JSONValue.null
    /// Frames of this size or more keep their tree past their reply (64 KiB: below it, the
    /// tree is freed in well under a millisecond, while it is still in cache).
    static let keptTreeMinBytes = 64 << 10
    /// The surfaces this connection mounted; they go when it closes.
    private(set) lazy var surfaces = SurfaceStore(host: host, session: self)

    init(host: Host, peer: String, pid: Int32?, peerUID: UInt32?, connectionID: Int64, send: @escaping ([UInt8]) -> Void) {
        self.host = host
        self.peer = peer
        self.pid = pid
        self.peerUID = peerUID
        self.connectionID = connectionID
        self.send = send
    }

    /// The most bytes a batch's reply may reach: past it, the batch's remaining requests are
    /// not run and are answered with an over-budget error. The transport sets it (the daemon
    /// uses `--max-outbound`), so a batch never holds more than that plus one request's reply.
    public var batchReplyLimit = 64 << 20
    /// A batch whose requests run a slice at a time; see `resume`.
    private var batch: BatchInProgress? {
        didSet { isBatchUnfinished = batch != nil }
    }

    /// Whether the session takes another frame now. When it does not (a batch is part way
    /// through, and replies keep the order of requests), the transport calls `resume` until
    /// it does, and reads meanwhile only what it can buffer.
    public var acceptsFrames: Bool { !isBatchUnfinished }
    /// Stored: it is read for every frame, and testing the optional batch itself would copy it.
    /// Private behind the getter: read straight from another module, the storage would be
    /// checked for exclusivity at run time, `@exclusivity(unchecked)` notwithstanding.
    @exclusivity(unchecked) private var isBatchUnfinished = false

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
    /// yes, the batch stops there (the session no longer `acceptsFrames`) and `resume` runs
    /// the rest later, so that a transport can serve other connections in between.
    public func receive(bytes: UnsafeRawBufferPointer, replies: inout [UInt8], yieldWhen shouldYield: () -> Bool = { false }) {
        precondition(acceptsFrames, "a frame was handed over while the session did not accept frames")
        releaseAnsweredRequest()
        handlingFrame(bytes, replies: &replies) { replies in respond(to: bytes, replies: &replies, yieldWhen: shouldYield) }
    }

    /// Goes on with the work an earlier frame left (the rest of a batch), until it is done or
    /// `shouldYield` says to stop. Nothing happens when the session `acceptsFrames`.
    public func resume(replies: inout [UInt8], yieldWhen shouldYield: () -> Bool = { false }) {
        guard let frame = batch?.frame else { return }
        frame.withUnsafeBytes { bytes in
            handlingFrame(bytes, replies: &replies) { replies in runBatch(replies: &replies, frame: bytes, yieldWhen: shouldYield) }
        }
    }

    /// Whether a large request's tree waits to be freed (see `releaseAnsweredRequest`).
    public var hasAnsweredRequest: Bool { !answeredTree.isNull }

    /// Frees the tree a large request kept past its reply. The transport calls it once the
    /// reply is written, so that the front-end has its answer while the tree is freed.
    public func releaseAnsweredRequest() {
        guard !answeredTree.isNull else { return }
        answeredTree = .null
    }

    /// Runs `body` as the handling of `bytes`: notifications it causes go out before its reply.
    private func handlingFrame(_ bytes: UnsafeRawBufferPointer, replies: inout [UInt8], _ body: (inout [UInt8]) -> Void) {
        let replyStart = replies.count
        isHandlingFrame = true
        currentFrame = bytes
        defer { currentFrame = nil }
        host.asyncWork.draining { PluginCalls.handling(bytes, of: self) { body(&replies) } }
        // Still handling: what settling sends (async work's events and answers, a watcher's
        // own tree copies) goes out before the frame's reply.
        host.settle()
        isHandlingFrame = false
        if !held.isEmpty {
            replies.insert(contentsOf: held, at: replyStart)
            held.removeAll(keepingCapacity: true)
        }
    }

    private func respond(to bytes: UnsafeRawBufferPointer, replies: inout [UInt8], yieldWhen shouldYield: () -> Bool) {
        // The usual message, one valid request, is read straight from its bytes and answered
        // without building `JSONValue` objects for the message or the reply.
        // The params of a method that takes none are only checked, not built; requests
        // larger than a ping share the connection's short strings.
        let strings = bytes.count >= Self.stringCacheMinBytes ? stringCache : nil
        // The host, not self, is captured, unretained: the host outlives its sessions.
        if let decoded = RPCRequest.decode(
            bytes, skippingParamsOf: { [unowned(unsafe) host] in host.methods.takesNoParams($0) }, strings: strings)
        {
            let headerAt = Self.startFrame(&replies)
            let written: Bool
            if let skipped = decoded.skippedParams {
                written = answer(decoded.request, skippedParams: skipped, into: &replies)
            } else {
                if bytes.count >= Self.keptTreeMinBytes, let params = decoded.request.params { answeredTree = params }
                written = answer(decoded.request, into: &replies)
            }
            Self.endFrame(&replies, headerAt: headerAt, written: written)
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
            if case .array = message {
                write(RPCMessage.errorResponse(id: .null, error: .invalidRequest("an empty batch", path: "", expected: "at least one request", got: "[]")), to: &replies)
                return
            }
            if bytes.count >= Self.keptTreeMinBytes { answeredTree = message }
            let headerAt = Self.startFrame(&replies)
            Self.endFrame(&replies, headerAt: headerAt, written: writeAnswer(to: message, into: &replies))
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
        isInBatch = true
        defer { isInBatch = false }
        while current.next < current.elements.count {
            let element = current.elements[current.next]
            current.next += 1
            let mark = current.reply.count
            if current.answers > 0 { current.reply.append(UInt8(ascii: ",")) }
            let written: Bool
            if mark - 5 >= batchReplyLimit {
                written = refuseForBudget(element, replyBytes: mark - 5, batch: &current)
            } else {
                written = writeAnswer(to: element, into: &current.reply)
            }
            if written { current.answers += 1 } else { current.reply.removeSubrange(mark...) }
            if current.next < current.elements.count && shouldYield() {
                if current.frame == nil { current.frame = Array(frame) }
                batch = current
                return
            }
        }
        if current.refused + current.unrunNotifications > 0 { reportRefused(current) }
        guard current.answers > 0 else { return }
        current.reply.append(UInt8(ascii: "]"))
        Self.endFrame(&current.reply, headerAt: 0, written: true)
        // Often nothing else is queued: the reply, which may be tens of MB, is then moved, not copied.
        if replies.isEmpty { replies = current.reply } else { replies.append(contentsOf: current.reply) }
    }

    /// Writes the answer to a batch element left unrun because the batch's reply, of
    /// `replyBytes` so far, is over budget; false for a notification.
    private func refuseForBudget(_ element: JSONValue, replyBytes: Int, batch: inout BatchInProgress) -> Bool {
        switch RPCRequest.validate(element) {
        case let .failure(failure):
            RPCMessage.writeErrorResponse(id: failure.id, error: failure.error, into: &batch.reply)
            return true
        case let .success(request):
            guard let id = request.id else {
                batch.unrunNotifications += 1
                return false
            }
            batch.refused += 1
            let error = RPCError.overBudget(
                "not run: this batch's reply had reached \(replyBytes) bytes, over the limit of \(batchReplyLimit) (--max-outbound); send the rest again, in smaller batches",
                reason: "batch-reply", limit: batchReplyLimit)
            RPCMessage.writeErrorResponse(id: id, error: error, into: &batch.reply)
            return true
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
        guard case let .array(elements) = message else { return parsedAnswer(to: message) }
        if elements.isEmpty {
            return RPCMessage.errorResponse(id: .null, error: .invalidRequest("an empty batch", path: "", expected: "at least one request", got: "[]"))
        }
        isInBatch = true
        defer { isInBatch = false }
        let answers = elements.compactMap(parsedAnswer)
        return answers.isEmpty ? nil : .array(answers)
    }

    /// The response to one message as a value: written, then read back (the transport never
    /// takes this path).
    private func parsedAnswer(to message: JSONValue) -> JSONValue? {
        var text: [UInt8] = []
        guard writeAnswer(to: message, into: &text) else { return nil }
        return try? JSONParser.parse(text)
    }

    /// Writes the response to one message of a batch or a lone one that is not a plain
    /// request; false, with nothing written, when none is due.
    private func writeAnswer(to message: JSONValue, into buffer: inout [UInt8]) -> Bool {
        switch RPCRequest.validate(message) {
        case let .failure(failure):
            RPCMessage.writeErrorResponse(id: failure.id, error: failure.error, into: &buffer)
            return true
        case let .success(request):
            return answer(request, into: &buffer)
        }
    }

    /// `answer(_:into:)` for a request to a method that `takesNoParams`, whose params were
    /// checked but not built (`skipped` says what they were). Params with members get the
    /// handler's refusal, written at registration, once the checks that come before the
    /// handler (initialized?) pass; otherwise the handler runs as usual, given params of the
    /// same shape (its `expectNone` looks at nothing else).
    private func answer(_ request: consuming RPCRequest, skippedParams skipped: JSONValueShape, into buffer: inout [UInt8]) -> Bool {
        var request = request
        switch skipped {
        case .emptyObject: request.params = .object(JSONObject())
        case .emptyArray: request.params = .array([])
        case .objectWithMembers, .arrayWithElements:
            if let id = request.id, let handler = host.methods.handler(for: request.method),
                !handler.requiresInitialize || isInitialized, let refusal = host.methods.noParamsRefusal(for: request.method)
            {
                RPCMessage.writeErrorResponse(
                    id: id, errorText: skipped == .objectWithMembers ? refusal.object : refusal.array, into: &buffer)
                return true
            }
            request.params = skipped == .objectWithMembers ? ["": nil] : [nil]
        case .scalar:
            preconditionFailure("decode skips only params that are an object or an array")
        }
        return answer(request, into: &buffer)
    }

    /// Runs a valid request and writes its response into `buffer`, straight: a result a
    /// handler writes as text (a large snapshot) is never copied, and no reply value is made,
    /// whose copies in an `Optional` go through the runtime's generic (slow) value witnesses.
    /// False, with nothing written, for a notification (whose failure is only logged).
    private func answer(_ request: consuming RPCRequest, into buffer: inout [UInt8]) -> Bool {
        // Taken apart once: each copy or destroy of a `JSONValue?` costs a slow runtime call.
        let id = request.id
        let method = request.method
        let params = request.params
        _ = consume request
        guard let id else {
            // Run for its effects; a text result is written and thrown away.
            var discarded: [UInt8] = []
            do {
                _ = try dispatch(id: nil, method: method, params: params, into: &discarded, writingValues: false)
            } catch {
                host.logger.debug("\(peer): notification '\(method)' failed: \(error.message)")
            }
            return false
        }
        let start = buffer.count
        RPCMessage.writeResponseStart(id: id, into: &buffer)
        do {
            guard try dispatch(id: id, method: method, params: params, into: &buffer, writingValues: true) else {
                // Answered later, on its own.
                buffer.removeSubrange(start...)
                return false
            }
            buffer.append(UInt8(ascii: "}"))
        } catch {
            buffer.removeSubrange(start...)
            RPCMessage.writeErrorResponse(id: id, error: error, into: &buffer)
        }
        return true
    }

    /// Reserves a frame header at the end of `buffer`; where it is.
    private static func startFrame(_ buffer: inout [UInt8]) -> Int {
        let headerAt = buffer.count
        buffer.append(contentsOf: [0, 0, 0, 0] as [UInt8])
        return headerAt
    }

    /// Fills in the header reserved at `headerAt`, or drops it when nothing was `written`.
    private static func endFrame(_ buffer: inout [UInt8], headerAt: Int, written: Bool) {
        guard written else {
            buffer.removeSubrange(headerAt...)
            return
        }
        let length = UInt32(buffer.count - headerAt - 4)
        for index in 0..<4 { buffer[headerAt + index] = UInt8(truncatingIfNeeded: length >> (24 - 8 * index)) }
    }

    /// Runs the method; appends its result's JSON text to `buffer` (a value result only when
    /// `writingValues`). False when the handler answers later (`PendingReply`).
    private func dispatch(id: JSONValue?, method: String, params: consuming JSONValue?, into buffer: inout [UInt8], writingValues: Bool) throws(RPCError) -> Bool {
        // No "rpc." check needed: `MethodRegistry.register` refuses those names, so they are never found.
        guard let handler = host.methods.handler(for: method) else {
            throw .methodNotFound(method, suggestion: Suggestion.closest(to: method, among: host.methods.methodNames))
        }
        if handler.requiresInitialize && !isInitialized { throw .notInitialized(method) }
        let context = MethodContext(params: Params(params, method: method), session: self, host: host, isInBatch: isInBatch)
        switch handler.body {
        case let .value(run):
            let result = try run(context)
            if writingValues { JSONWriter.write(result, into: &buffer) }
        case let .text(write):
            try write(context, &buffer)
        case let .deferred(run):
            let reply = PendingReply(id: id, session: self)
            try run(context, reply)
            switch reply.immediate {
            case .success(let result)?:
                if writingValues { JSONWriter.write(result, into: &buffer) }
            case .failure(let error)?:
                throw error
            case nil:
                precondition(!isInBatch, "a deferring handler returned without an answer inside a batch")
                reply.isDeferred = true
                pendingReplies[ObjectIdentifier(reply)] = reply
                if id != nil { stateChanged() }
                return false
            }
        }
        return true
    }

    /// Requests of this connection whose answers wait (an `AsyncFunction` that has not returned).
    var waitingReplyCount: Int { pendingReplies.count }

    /// How many requests wait for their answers.
    public var waitingRequestCount: Int { pendingReplies.count }

    /// The ids of those requests.
    var waitingReplyIDs: [JSONValue] { pendingReplies.values.compactMap(\.id) }

    /// Sends the answer of a request answered after its handler returned.
    func sendDeferred(_ reply: PendingReply, _ outcome: Result<JSONValue, RPCError>) {
        pendingReplies[ObjectIdentifier(reply)] = nil
        if reply.id != nil { stateChanged() }
        guard let id = reply.id, !isClosed else { return }
        var bytes: [UInt8] = []
        FrameEncoder.appendFrame(to: &bytes) { out in
            switch outcome {
            case .success(let result):
                RPCMessage.writeResponseStart(id: id, into: &out)
                JSONWriter.write(result, into: &out)
                out.append(UInt8(ascii: "}"))
            case .failure(let error):
                RPCMessage.writeErrorResponse(id: id, error: error, into: &out)
            }
        }
        push(bytes)
    }

    /// Sends framed bytes the host pushes on its own: held while a frame is handled (they go
    /// out before its reply), sent at once otherwise.
    private func push(_ bytes: [UInt8]) {
        if isHandlingFrame {
            held.append(contentsOf: bytes)
        } else {
            send(bytes)
        }
    }

    func markInitialized(client: JSONObject?, strictParams: Bool) {
        isInitialized = true
        clientInfo = client
        self.strictParams = strictParams
        stateChanged()
    }

    /// Pushes a notification to this session's front-end (and a copy to the watchers: of
    /// `watchersSee` when given, for params that hold the user's secrets).
    public func notify(method: String, params: JSONValue, watchersSee: JSONValue? = nil) {
        guard !isClosed else { return }
        if isHandlingFrame {
            FrameEncoder.appendFrame(to: &held) { RPCMessage.writeNotification(method: method, params: params, into: &$0) }
        } else {
            var bytes: [UInt8] = []
            FrameEncoder.appendFrame(to: &bytes) { RPCMessage.writeNotification(method: method, params: params, into: &$0) }
            send(bytes)
        }
        // After the original: a session that watches itself hears of it in that order.
        if host.hasWatchers { host.relayToWatchers(method: method, params: watchersSee ?? params, deliveredTo: self) }
    }

    // Replies that wait hold their session unowned (see `PendingReply.session`): none may
    // outlive it still able to answer, closed or not.
    deinit {
        for reply in pendingReplies.values { reply.cancel() }
    }

    /// The connection is gone: drop everything it owned.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        releaseAnsweredRequest()
        let pending = pendingReplies.values
        pendingReplies = [:]
        for reply in pending { reply.cancel() }
        host.sessionClosed(self)
    }

    private func write(_ value: JSONValue, to replies: inout [UInt8]) {
        FrameEncoder.appendFrame(to: &replies) { JSONWriter.write(value, into: &$0) }
    }
}
