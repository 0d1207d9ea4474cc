import CLibUV
import Glibc
import ModhostCore
import ModhostWire

/// Limits and switches of one server.
public struct ServerOptions: Sendable {
    public var maxFrameSize = FrameDecoder.defaultMaxFrameSize
    /// Bytes a connection may have queued for writing before it is closed.
    public var maxOutboundBytes = 64 * 1024 * 1024
    /// Bytes all connections together may have queued: past it, pushed messages close the
    /// connection holding the most (each under its own limit, many could still take it all).
    public var maxTotalOutboundBytes = 256 * 1024 * 1024
    /// How long shutdown waits for replies to drain before closing connections anyway.
    public var shutdownGraceMilliseconds: UInt64 = 2000
    /// Queued output past which a connection is not read (its buffered frames wait), and
    /// below which it is read again: 1 MiB and 256 KiB, or a quarter of `maxOutboundBytes`
    /// and a quarter of that when the cap is lower, so that reading stops well before it.
    public var outputHighWater: Int { min(1 << 20, maxOutboundBytes / 4) }
    public var outputLowWater: Int { outputHighWater / 4 }
    /// A connection with output queued and no write progress for this long is closed.
    public var writeTimeoutMilliseconds: UInt64 = 30_000
    /// A frame must be complete this long after its first byte arrived.
    public var frameTimeoutMilliseconds: UInt64 = 30_000
    /// Bytes of unfinished frames held across all connections, past which connections in
    /// the middle of a frame stop being read, but the one whose frame began first.
    public var maxBufferedBytes = 256 * 1024 * 1024
    /// How long one connection's frames (or one batch's requests) are handled before the
    /// loop serves the others; the rest waits for the next turn.
    public var sliceMilliseconds = 10
    /// Whether each session stores its state (handshake, watches, surfaces) in its
    /// connection's journal, for a next engine to adopt: on under a supervisor.
    public var journalsSessions = false

    public init() {}
}

/// The daemon's event loop: accepts connections on the listening socket, moves bytes between
/// them and the host core, and shuts down cleanly on SIGTERM/SIGINT. The only place, with
/// `Connection`, that touches libuv.
public final class Server {
    /// The loop everything of this server runs on; other handles of the daemon join it.
    public let loop: UnsafeMutablePointer<uv_loop_t>
    let host: Host
    let options: ServerOptions
    var logger: Logger { host.logger }
    private let socket: ListeningSocket
    private let listener: UnsafeMutablePointer<uv_pipe_t>
    private var signals: SignalHandles?
    private var shutdownTimer: UnsafeMutablePointer<uv_timer_t>?
    /// Looks every second for connections whose output has not moved for the write timeout.
    private var stallTimer: UnsafeMutablePointer<uv_timer_t>?
    /// Wakes the loop to run plugins' async work queued from other threads (`AsyncWork`).
    private var asyncWake: UnsafeMutablePointer<uv_async_t>?
    private var connections: [ObjectIdentifier: Connection] = [:]
    private var nextConnectionNumber = 1
    private(set) var isStopping = false
    /// Runs on SIGHUP (the plugin rescan hooks in here); without it SIGHUP is logged and ignored.
    public var onHangup: (() -> Void)?
    /// Runs when shutdown begins, so that other handles on the loop (watchers) close too.
    public var onStop: [() -> Void] = []

    public init(host: Host, socket: ListeningSocket, options: ServerOptions) throws(ListenError) {
        self.host = host
        self.socket = socket
        self.options = options
        self.loop = uv_default_loop()
        var limit = rlimit()
        descriptorLimit = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? limit.rlim_cur : rlim_t.max
        // Its `data` is set once the server is whole, in `run`.
        self.listener = UVHandle.make(uv_pipe_t.self, owner: nil) { [loop] in uv_pipe_init(loop, $0, 0) }
        let status = uv_pipe_open(listener, socket.fd)
        if status != 0 {
            throw ListenError(description: "cannot use the listening socket: \(uvText(status))")
        }
    }

    /// Serves until a stop signal; returns once every connection is closed and the socket file
    /// is gone. `onListening` runs once connections can be accepted.
    public func run(onListening: () -> Void = {}) throws(ListenError) {
        signal(SIGPIPE, SIG_IGN)
        listener.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        let status = uv_listen(streamOf(listener), 511) { listenerStream, status in
            let server = Unmanaged<Server>.fromOpaque(listenerStream!.pointee.data).takeUnretainedValue()
            server.acceptOne(status: status)
        }
        if status != 0 { throw ListenError(description: "cannot listen on \(socket.displayPath): \(uvText(status))") }
        signals = SignalHandles(loop: loop, signals: [SIGTERM, SIGINT, SIGHUP]) { [unowned self] number in self.received(signal: number) }
        stallTimer = UVHandle.make(uv_timer_t.self, owner: self) { uv_timer_init(loop, $0) }
        startAsyncWork()
        logger.info("listening on \(socket.displayPath)")
        onListening()
        uv_run(loop, UV_RUN_DEFAULT)
        uv_loop_close(loop)
    }

    /// What every connection has queued for writing, together.
    var totalQueuedBytes: Int { connections.values.reduce(0) { $0 + $1.queuedBytes } }

    /// The open connection with the most bytes queued for writing.
    var connectionHoldingTheMost: Connection? { connections.values.max { $0.queuedBytes < $1.queuedBytes } }

    private func received(signal number: Int32) {
        if number == SIGHUP {
            if let onHangup {
                logger.info("received SIGHUP; reloading")
                onHangup()
            } else {
                logger.info("received SIGHUP; nothing to reload")
            }
            return
        }
        logger.info("received \(number == SIGTERM ? "SIGTERM" : "SIGINT"); shutting down")
        stop()
    }

    /// Whether the connections were left to the supervisor rather than closed (`handOver`).
    public private(set) var handedOver = false
    /// How long `handOver` waits for requests whose answers are owed (an `AsyncFunction`).
    public var handOverWaitMilliseconds: UInt64 = 10_000

    /// Leaves every connection to the next engine (an upgrade in place): stops accepting and
    /// reading, finishes what was read (batches included) and waits, up to
    /// `handOverWaitMilliseconds`, for answers owed; then each connection is left as its
    /// journal says, neither closed nor shut down, and the loop ends. Frames read and not
    /// handled, and output not written, stay in the journals for the next engine.
    public func handOver() {
        guard !isStopping else { return }
        logger.info("handing \(connections.count) connection(s) over to the next engine")
        UVHandle.close(listener)
        for connection in connections.values { connection.stopReadingForHandOver() }
        let timer = UVHandle.make(uv_timer_t.self, owner: self) { uv_timer_init(loop, $0) }
        shutdownTimer = timer
        handOverStarted = uv_now(loop)
        uv_timer_start(timer, { timer in
            Unmanaged<Server>.fromOpaque(timer!.pointee.data).takeUnretainedValue().handOverIfSettled()
        }, 0, 10)
    }

    private var handOverStarted: UInt64 = 0
    /// Runs once every connection was left to the next engine (before `onStop`).
    public var onHandedOver: (() -> Void)?

    private func handOverIfSettled() {
        let settled = connections.values.allSatisfy { $0.isSettledForHandOver }
        guard settled || uv_now(loop) - handOverStarted >= handOverWaitMilliseconds else { return }
        if !settled { logger.warning("answers still owed after \(handOverWaitMilliseconds / 1000) s; the next engine answers them with the restart error") }
        closeShutdownTimer()
        handedOver = true
        isStopping = true
        for connection in Array(connections.values) { connection.leave() }
        onHandedOver?()
        onHandedOver = nil
        closeLoopHandles()
    }

    /// Closes what keeps the loop running besides connections: the signals, the hooks' own
    /// handles (`onStop`), the stall timer and the async wake-up.
    private func closeLoopHandles() {
        signals?.close()
        signals = nil
        for hook in onStop { hook() }
        onStop.removeAll()
        if let stall = stallTimer {
            stallTimer = nil
            UVHandle.close(stall)
        }
        if let wake = asyncWake {
            asyncWake = nil
            host.asyncWork.setWake(nil)
            UVHandle.close(wake)
        }
    }

    /// Stops accepting, lets queued replies drain (up to the grace period), closes every
    /// connection and removes the socket file this daemon bound.
    public func stop() {
        guard !isStopping else { return }
        isStopping = true
        UVHandle.close(listener)
        socket.removeFile()
        closeLoopHandles()
        for connection in connections.values { connection.finish() }
        if !connections.isEmpty { startShutdownTimer() }
    }

    /// Lets plugin tasks resumed on other threads (a timer, a thread of the plugin's own) wake
    /// the loop to run their next step. The handle does not keep the loop running.
    private func startAsyncWork() {
        let wake = UVHandle.make(uv_async_t.self, owner: self) { handle in
            uv_async_init(loop, handle) { handle in
                Unmanaged<Server>.fromOpaque(handle!.pointee.data).takeUnretainedValue().host.settle()
            }
        }
        uv_unref(handleOf(wake))
        asyncWake = wake
        let handle = AsyncHandle(pointer: wake)
        host.asyncWork.setWake { uv_async_send(handle.pointer) }
        // Work queued before the loop ran.
        if host.asyncWork.hasWork { uv_async_send(wake) }
    }

    private func startShutdownTimer() {
        let timer = UVHandle.make(uv_timer_t.self, owner: self) { uv_timer_init(loop, $0) }
        shutdownTimer = timer
        uv_timer_start(timer, { timer in
            let server = Unmanaged<Server>.fromOpaque(timer!.pointee.data).takeUnretainedValue()
            server.logger.warning("closing \(server.connections.count) connection(s) whose replies did not drain in time")
            for connection in server.connections.values { connection.close() }
            server.closeShutdownTimer()
        }, options.shutdownGraceMilliseconds, 0)
    }

    private func closeShutdownTimer() {
        guard let timer = shutdownTimer else { return }
        shutdownTimer = nil
        UVHandle.close(timer)
    }

    private func acceptOne(status: Int32) {
        guard status == 0 else {
            acceptFailed(status)
            return
        }
        // libuv accepts into a stream handle; the connection watches a descriptor of its own
        // (it reads and writes itself, and reports progress to its journal as it goes).
        let pipe = UVHandle.make(uv_pipe_t.self, owner: nil) { uv_pipe_init(loop, $0, 0) }
        let accepted = uv_accept(streamOf(listener), streamOf(pipe))
        var acceptedFD: uv_os_fd_t = -1
        if accepted == 0 { uv_fileno(handleOf(pipe), &acceptedFD) }
        let fd = accepted == 0 ? fcntl(acceptedFD, F_DUPFD_CLOEXEC, 0) : -1
        UVHandle.close(pipe)
        guard accepted == 0, fd >= 0 else {
            logger.warning("accept failed: \(accepted != 0 ? uvText(accepted) : String(cString: strerror(errno)))")
            return
        }
        let number = nextConnectionNumber
        nextConnectionNumber += 1
        checkDescriptorHeadroom(fd)
        var uid: uid_t = 0
        var pid: pid_t = 0
        let known = modhost_peer_credentials(fd, &uid, &pid) == 0
        let peer = known ? "client #\(number) (pid \(pid))" : "client #\(number)"
        guard known, uid == getuid() else {
            logger.warning("\(peer): refused: its uid \(known ? String(uid) : "unknown") is not this daemon's uid \(getuid())")
            _ = shutdown(fd, Int32(SHUT_RDWR))
            Glibc.close(fd)
            return
        }
        guard let journal = makeJournal() else {
            logger.warning("\(peer): refused: cannot make its journal (\(String(cString: strerror(errno))))")
            Glibc.close(fd)
            return
        }
        let connection = Connection(server: self, fd: fd, journal: journal, peer: peer, pid: pid, uid: uid, number: Int64(number))
        connections[ObjectIdentifier(connection)] = connection
        logger.debug("\(peer): connected")
        onAccept?(fd, journal.fd, Int64(number))
        connection.start()
    }

    /// A connection an ended engine served, handed over by the supervisor: its socket, its
    /// journal, and the number it had.
    public struct AdoptedConnection: Sendable {
        public var socket: Int32
        public var journal: Int32
        public var number: Int64

        public init(socket: Int32, journal: Int32, number: Int64) {
            self.socket = socket
            self.journal = journal
            self.number = number
        }
    }

    /// Serves connections that an ended engine served, where it stopped: each session's
    /// handshake, watch and surfaces are rebuilt from its journal, a request it was running
    /// (or owed an answer) gets the restart error, output it had not written goes first and
    /// input it had not handled is handled. An initialized front-end is told by an
    /// `engineRestarted` notification. Call before `run`, once plugins are loaded.
    public func adopt(_ adopted: [AdoptedConnection], restart: EngineRestart, highestNumber: Int64 = 0) {
        nextConnectionNumber = max(nextConnectionNumber, Int(highestNumber) + 1)
        for entry in adopted.sorted(by: { $0.number < $1.number }) {
            nextConnectionNumber = max(nextConnectionNumber, Int(entry.number) + 1)
            var uid: uid_t = 0
            var pid: pid_t = 0
            let known = modhost_peer_credentials(entry.socket, &uid, &pid) == 0
            let peer = known ? "client #\(entry.number) (pid \(pid))" : "client #\(entry.number)"
            guard known, uid == getuid(), let journal = ConnectionJournal(adopting: entry.journal) else {
                logger.warning("\(peer): cannot go on with the connection the last engine served (\(known && uid == getuid() ? "its journal does not read as one" : "not this daemon's user")); closing it")
                _ = shutdown(entry.socket, Int32(SHUT_RDWR))
                Glibc.close(entry.socket)
                Glibc.close(entry.journal)
                continue
            }
            let connection = Connection(server: self, fd: entry.socket, journal: journal, peer: peer, pid: pid, uid: uid, number: entry.number)
            connections[ObjectIdentifier(connection)] = connection
            let session = connection.hostSession
            let state = journal.readState()
            let restoration = session.restore(from: state?.whole, changes: state?.changes ?? [])
            session.announce(restart, restoration)
            var answers: [UInt8] = []
            if let frame = connection.takeFrameInFlight() {
                Self.appendRestartErrors(for: frame, restart: restart, to: &answers)
            }
            for id in restoration.waiting {
                FrameEncoder.appendFrame(to: &answers) {
                    JSONWriter.write(RPCMessage.errorResponse(id: id, error: restart.error(method: "callFunction")), into: &$0)
                }
            }
            connection.queue(answers)
            logger.info("\(peer): taken over from the last engine\(restoration.rebuilt.isEmpty ? "" : ", \(restoration.rebuilt.count) surface(s) rebuilt")\(restoration.failed.isEmpty ? "" : ", \(restoration.failed.count) could not be")\(answers.isEmpty ? "" : ", its request in flight answered with the restart error")")
            connection.start()
        }
    }

    /// The restart error for each request of `frame` (one request, or a batch's): the answer
    /// the ended engine owed.
    static func appendRestartErrors(for frame: [UInt8], restart: EngineRestart, to answers: inout [UInt8]) {
        guard let message = try? JSONParser.parse(frame) else {
            FrameEncoder.appendFrame(to: &answers) {
                JSONWriter.write(RPCMessage.errorResponse(id: .null, error: restart.error(method: nil)), into: &$0)
            }
            return
        }
        func answer(_ request: JSONValue) -> JSONValue? {
            guard let id = request["id"] else { return nil }
            return RPCMessage.errorResponse(id: id, error: restart.error(method: request["method"]?.stringValue))
        }
        if case let .array(requests) = message {
            let errors = requests.compactMap(answer)
            if !errors.isEmpty { FrameEncoder.appendFrame(to: &answers) { JSONWriter.write(.array(errors), into: &$0) } }
        } else if let error = answer(message) {
            FrameEncoder.appendFrame(to: &answers) { JSONWriter.write(error, into: &$0) }
        }
    }

    /// A journal sized for this server's limits.
    private func makeJournal() -> ConnectionJournal? {
        let sizes = ConnectionJournal.capacities(maxFrameSize: options.maxFrameSize, maxOutboundBytes: options.maxOutboundBytes)
        return ConnectionJournal(inputCapacity: sizes.input, outputCapacity: sizes.output, stateCapacity: sizes.state)
    }

    /// Runs for each accepted connection with its socket, its journal's descriptor and its
    /// number: the engine hands copies to its supervisor, which keeps the connection open
    /// should the engine end.
    public var onAccept: ((_ socket: Int32, _ journal: Int32, _ number: Int64) -> Void)?

    /// How many descriptors this process may open (read once: the daemon sets it at start).
    private let descriptorLimit: rlim_t

    /// When the last warning about accepting was logged, and how many were held back since.
    private var acceptWarning: (at: Int64, suppressed: Int) = (0, 0)

    /// Logs at most every 10 s.
    private func warnAboutAccepting(_ message: String) {
        let now = Int64(uv_now(loop))
        guard acceptWarning.at == 0 || now - acceptWarning.at >= 10_000 else {
            acceptWarning.suppressed += 1
            return
        }
        let more = acceptWarning.suppressed > 0 ? " (\(acceptWarning.suppressed) more since the last warning)" : ""
        acceptWarning = (now, 0)
        logger.warning(message + more)
    }

    private func acceptFailed(_ status: Int32) {
        if status == Int32(UV_EMFILE.rawValue) || status == Int32(UV_ENFILE.rawValue) {
            warnAboutAccepting(outOfDescriptors(uvText(status)))
        } else {
            warnAboutAccepting("cannot accept a connection: \(uvText(status))")
        }
    }

    /// Out of descriptors, libuv accepts and closes waiting connections at once rather than
    /// spin, without telling: the daemon says so as an accepted descriptor nears the limit.
    /// It serves the connections it has and accepts again as soon as some close.
    private func checkDescriptorHeadroom(_ fd: Int32) {
        guard descriptorLimit != rlim_t.max, UInt64(fd) + 4 >= UInt64(descriptorLimit) else { return }
        warnAboutAccepting(outOfDescriptors("descriptor \(fd) was the last but a few"))
    }

    private func outOfDescriptors(_ detail: String) -> String {
        "cannot accept more connections: out of file descriptors (\(detail); this process may open \(descriptorLimit), serving \(connections.count) connections); new connections are closed at once until some close. Raise the limit (ulimit -n, or LimitNOFILE= under systemd) for more clients"
    }

    /// Checks for stalls once a second from now on, unless it already does: a connection has
    /// begun a frame or has output waiting. The check stops once none has, so an idle or
    /// keeping-up daemon has no timer: a pending timer makes every wait of the loop arm and
    /// cancel a kernel timer, which a ping round trip measurably pays for.
    func watchForStalls() {
        guard let stall = stallTimer, uv_is_active(handleOf(stall)) == 0 else { return }
        uv_timer_start(stall, { timer in
            Unmanaged<Server>.fromOpaque(timer!.pointee.data).takeUnretainedValue().closeStalledConnections()
        }, 1000, 1000)
    }

    /// Ends connections whose frame is late (a client that sends part of a frame and stops, or
    /// trickles it), and closes those whose queued output has not moved for the write timeout:
    /// their clients stopped reading.
    private func closeStalledConnections() {
        let now = uv_now(loop)
        for connection in connections.values {
            if let since = connection.partialFrameSince, now - since >= options.frameTimeoutMilliseconds {
                connection.frameTimedOut(seconds: Int(options.frameTimeoutMilliseconds / 1000))
            }
        }
        for connection in connections.values where connection.queuedBytes > 0 {
            guard now - connection.lastWriteProgress >= options.writeTimeoutMilliseconds else { continue }
            logger.warning("\(connection.peer): closing: \(connection.queuedBytes) bytes of replies have waited \((now - connection.lastWriteProgress) / 1000) s without the client reading any (--write-timeout \(options.writeTimeoutMilliseconds / 1000) s)")
            connection.close()
        }
        let stillWatched = connections.values.contains { $0.partialFrameSince != nil || $0.queuedBytes > 0 }
        if !stillWatched, let stall = stallTimer { uv_timer_stop(stall) }
    }

    /// Bytes of unfinished frames held across all connections (`maxBufferedBytes`).
    private(set) var bufferedBytes = 0
    private var nextBufferedSerial: UInt64 = 1
    /// Whether the server is over its buffer budget (for one log line per episode). Read after
    /// every read on the loop's thread only: unchecked spares it a runtime access record.
    @exclusivity(unchecked) private var isOverBufferBudget = false

    /// `connection` now holds `bytes` of frames it has not handled: keeps the books and, past
    /// the budget, stops reading the connections in the middle of a frame except the one
    /// whose frame began first (it can always finish, and free its bytes); under it again,
    /// reads them all.
    func buffered(_ bytes: Int, by connection: Connection) {
        let before = connection.accountedBufferedBytes
        guard bytes != before || isOverBufferBudget else { return }
        if before == 0 && bytes > 0 {
            connection.bufferedSerial = nextBufferedSerial
            nextBufferedSerial += 1
        }
        connection.accountedBufferedBytes = bytes
        bufferedBytes += bytes - before
        if bufferedBytes <= options.maxBufferedBytes {
            guard isOverBufferBudget else { return }
            isOverBufferBudget = false
            logger.info("unfinished frames hold \(bufferedBytes) bytes, under --max-buffered \(options.maxBufferedBytes) again; reading every connection")
            for other in connections.values { other.setWaitsForBufferBudget(false) }
            return
        }
        let holders = connections.values.filter { $0.accountedBufferedBytes > 0 }
        let first = holders.min { $0.bufferedSerial < $1.bufferedSerial }
        if !isOverBufferBudget {
            isOverBufferBudget = true
            logger.warning("unfinished frames of \(holders.count) connection(s) hold \(bufferedBytes) bytes, over --max-buffered \(options.maxBufferedBytes); those in the middle of a frame wait, but \(first?.peer ?? "none"), whose frame began first")
        }
        for holder in holders { holder.setWaitsForBufferBudget(holder !== first) }
    }

    func connectionClosed(_ connection: Connection) {
        connections[ObjectIdentifier(connection)] = nil
        if isStopping && connections.isEmpty { closeShutdownTimer() }
    }
}

/// The loop's wake-up handle, which `uv_async_send` may be given from any thread.
private struct AsyncHandle: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<uv_async_t>
}
