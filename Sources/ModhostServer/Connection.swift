import CLibUV
import CModhostSystem
import Glibc
import ModhostCore
import ModhostWire

/// One accepted client: frames in, replies out.
///
/// Its bytes live in a `ConnectionJournal`: frames are read into the journal's input region
/// and handled there, replies are written to the socket from its output region, and where
/// each region's live bytes are is published after every read, frame and write. Under a
/// supervisor, which keeps a copy of the socket and the journal, the connection therefore
/// outlives this engine: the next one adopts both (`init(adopting:)`) and goes on where this
/// one stopped, without a byte lost or sent twice.
///
/// Replies produced by one read are written together, so a pipelining client costs one write
/// syscall per read rather than per reply.
///
/// Backpressure: once more than `ServerOptions.outputHighWater` bytes wait to be written, the
/// frames still buffered are left alone and the socket is not read until the queue drains
/// below `outputLowWater`; a client that reads its replies is never closed for their size,
/// one that stops reading is closed after `writeTimeout` without progress.
///
/// Fairness: a read's frames (and a batch's requests) are handled for at most
/// `ServerOptions.sliceMilliseconds`; the rest wait for the loop's next turn, so other
/// connections are served in between.
/// The connection owns itself through the poll handle's `data` (retained at start, released
/// in the close callback and only there).
final class Connection {
    // Unowned(unsafe): the server outlives its connections (it closes them before it
    // stops), and a checked unowned reference costs two runtime calls per use.
    private unowned(unsafe) let server: Server
    /// The socket; watched by `poll`, read and written here directly.
    let fd: Int32
    private let poll: UnsafeMutablePointer<uv_poll_t>
    let peer: String
    let number: Int64
    let journal: ConnectionJournal
    /// `atomicWriteSize(of: fd)`, read once: a lazy property would be checked for exclusive
    /// access at run time on every write.
    private let atomicWrite: Int
    // The state below is read and written only on the loop's thread, several times per read:
    // `@exclusivity(unchecked)` spares each access a runtime call that records it.
    /// The journal's record as this engine keeps it; published at each step.
    @exclusivity(unchecked) private var progress: ConnectionJournal.Progress
    /// The next input byte not yet returned as a frame (`progress.inputStart` until the frames
    /// before it are handled).
    @exclusivity(unchecked) private var readIndex: Int
    @exclusivity(unchecked) private var session: Session!
    /// Where the session writes a frame's replies, before they join the journal's output.
    @exclusivity(unchecked) private var replies: [UInt8] = []
    /// Replies past this size give their buffer's pages back once copied (`appendOutput`).
    private static let largeReply = 4 << 20
    /// How much of such a reply is copied before its pages go back.
    private static let copyChunk = 4 << 20
    /// The furthest each region was used since its pages were last given back.
    @exclusivity(unchecked) private var inputHighMark = 0
    @exclusivity(unchecked) private var outputHighMark = 0
    @exclusivity(unchecked) private var isHandlingRead = false
    @exclusivity(unchecked) private var closeWhenFlushed = false
    @exclusivity(unchecked) private var isClosed = false
    /// Reading stopped until the queued output drains, or for a turn of the loop when a slice
    /// of work ran out.
    @exclusivity(unchecked) private var isPaused = false
    /// Reading stopped while the server holds too many bytes of unfinished frames.
    @exclusivity(unchecked) private(set) var waitsForBufferBudget = false
    /// Reading stopped for good: the connection goes to the next engine.
    @exclusivity(unchecked) private var handingOver = false
    /// The socket did not take all the output: wait until it is writable.
    @exclusivity(unchecked) private var writeBlocked = false
    /// The events `poll` watches now.
    @exclusivity(unchecked) private var polledEvents: Int32 = 0
    /// Bytes of this connection's unfinished frames the server counts against its budget.
    @exclusivity(unchecked) var accountedBufferedBytes = 0
    /// Orders connections by when their buffered bytes began (the server's counter).
    var bufferedSerial: UInt64 = 0
    /// Runs `resume` on the loop's next turn. An idle handle, not a 0 ms timer: libuv runs a
    /// timer restarted from its own callback again in the same turn, before any I/O.
    private var resumeHandle: UnsafeMutablePointer<uv_idle_t>?
    /// When the queued output last shrank (or became non-empty), in loop milliseconds.
    @exclusivity(unchecked) private(set) var lastWriteProgress: UInt64 = 0
    /// When the frame being received began, while one is incomplete (loop milliseconds): a
    /// frame must be complete within the frame timeout, however slowly its bytes trickle in.
    @exclusivity(unchecked) private(set) var partialFrameSince: UInt64?
    /// Whether a state that did not fit the journal was logged already.
    private var toldStateTooLarge = false

    /// Bytes waiting to be written (none once closed: what was unsent is dropped).
    var queuedBytes: Int { isClosed ? 0 : progress.outputEnd - progress.outputStart }

    /// Bytes read and not yet returned as frames.
    private var unreadBytes: Int { progress.inputEnd - readIndex }

    /// A connection on the socket `fd` (which it now owns) with `journal` as its buffers:
    /// a new one, or one another engine served (its journal then holds where it stopped).
    init(server: Server, fd: Int32, journal: ConnectionJournal, peer: String, pid: Int32?, uid: UInt32?, number: Int64) {
        self.server = server
        self.fd = fd
        self.journal = journal
        self.atomicWrite = Self.atomicWriteSize(of: fd)
        self.peer = peer
        self.number = number
        self.progress = journal.found
        self.readIndex = journal.found.inputStart
        self.inputHighMark = journal.found.inputEnd
        self.outputHighMark = journal.found.outputEnd
        self.poll = UVHandle.make(uv_poll_t.self, owner: nil) { [loop = server.loop] in uv_poll_init(loop, $0, fd) }
        poll.pointee.data = Unmanaged.passRetained(self).toOpaque()
        session = server.host.openSession(peer: peer, pid: pid, peerUID: uid, connectionID: number) { [unowned self] bytes in self.enqueue(bytes) }
        session.batchReplyLimit = server.options.maxOutboundBytes
        session.recordsState = server.options.journalsSessions
    }

    /// The session, for the server to restore an adopted connection's state into.
    var hostSession: Session { session }

    func start() {
        if queuedBytes > 0 { lastWriteProgress = uv_now(server.loop) }
        // Frames an earlier engine read and did not handle go first, then what it left unsent.
        if unreadBytes > 0 { handleInput() } else { flush() }
        updatePolling()
    }

    /// The frame the engine that served this connection before was handling when it ended,
    /// if its journal says one was: taken out of the input, to be answered with an error.
    func takeFrameInFlight() -> [UInt8]? {
        guard progress.frameInFlight else { return nil }
        let frame = (try? nextFrame()).map { [UInt8]($0) }
        progress.frameInFlight = false
        progress.inputStart = readIndex
        journal.publish(progress)
        return frame
    }

    /// Queues `bytes` (framed) for writing, after what is queued: the answers the server makes
    /// for an adopted connection's lost requests.
    func queue(_ bytes: [UInt8]) {
        guard !isClosed, appendOutput(bytes) else { return }
        journal.publish(progress)
    }

    // MARK: - Polling

    /// Watches for what the connection waits for: input while nothing holds reading back,
    /// room to write while output is blocked.
    private func updatePolling() {
        guard !isClosed else { return }
        let reads = !closeWhenFlushed && !isPaused && !waitsForBufferBudget && !handingOver
        let events = (reads ? Int32(UV_READABLE.rawValue) : 0) | (writeBlocked ? Int32(UV_WRITABLE.rawValue) : 0)
        guard events != polledEvents else { return }
        polledEvents = events
        if events == 0 {
            uv_poll_stop(poll)
            return
        }
        let status = uv_poll_start(poll, events) { handle, status, events in
            // The handle's reference keeps the connection alive: no retain of its own.
            Unmanaged<Connection>.fromOpaque(handle!.pointee.data)._withUnsafeGuaranteedRef { connection in
                connection.polled(status: status, events: events)
            }
        }
        if status != 0 {
            server.logger.warning("\(peer): cannot watch the socket: \(uvText(status))")
            close()
        }
    }

    private func polled(status: Int32, events: Int32) {
        if status < 0 {
            server.logger.info("\(peer): socket error: \(uvText(status))")
            close()
            return
        }
        if events & Int32(UV_WRITABLE.rawValue) != 0 {
            writeBlocked = false
            flush()
            if isClosed { return }
        }
        if events & Int32(UV_READABLE.rawValue) != 0, polledEvents & Int32(UV_READABLE.rawValue) != 0 { readSome() }
        updatePolling()
    }

    /// Reads what the socket has, into the journal's input, and handles it.
    private func readSome() {
        guard !isClosed, !closeWhenFlushed else { return }
        makeRoomToRead()
        let room = min(journal.inputCapacity - progress.inputEnd, ConnectionJournal.readChunk)
        guard room > 0 else {
            // Frames wait to be handled (a batch, a slice that ran out): they make room.
            pause()
            return
        }
        let count = read(fd, journal.input + progress.inputEnd, room)
        if count > 0 {
            progress.inputEnd += count
            inputHighMark = max(inputHighMark, progress.inputEnd)
            journal.publish(progress)
            handleInput()
        } else if count == 0 {
            didEnd(error: nil)
        } else if errno != EAGAIN && errno != EINTR {
            didEnd(error: errno)
        }
    }

    /// Moves the unhandled input to the region's start when it is all handled, or when it
    /// can move without overlapping itself (so the record before the move stays whole).
    private func makeRoomToRead() {
        let live = progress.inputEnd - progress.inputStart
        guard progress.inputStart > 0 else { return }
        if live == 0 {
            progress.inputStart = 0
            progress.inputEnd = 0
            readIndex = 0
            journal.publish(progress)
            if inputHighMark > 1 << 20 {
                journal.release(inputFrom: 64 * 1024, upTo: inputHighMark)
                inputHighMark = 0
            }
            return
        }
        guard journal.inputCapacity - progress.inputEnd < ConnectionJournal.readChunk, live <= progress.inputStart else { return }
        let shift = progress.inputStart
        memmove(journal.input, journal.input + shift, live)
        progress.inputStart = 0
        progress.inputEnd = live
        readIndex -= shift
        journal.publish(progress)
    }

    // MARK: - Frames

    /// The next whole frame of the input, or nil when more bytes are needed; it stays valid
    /// until the input is moved (`makeRoomToRead`).
    private func nextFrame() throws(FrameSizeError) -> UnsafeRawBufferPointer? {
        let available = progress.inputEnd - readIndex
        guard available >= FrameDecoder.headerSize else { return nil }
        let header = (journal.input + readIndex).assumingMemoryBound(to: UInt8.self)
        let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        guard length >= 1, length <= server.options.maxFrameSize else {
            throw FrameSizeError(length: length, limit: server.options.maxFrameSize)
        }
        guard available - FrameDecoder.headerSize >= length else { return nil }
        readIndex += FrameDecoder.headerSize + length
        return UnsafeRawBufferPointer(start: header + FrameDecoder.headerSize, count: length)
    }

    /// Handles the whole frames read (and a batch part way), while there is room and time.
    private func handleInput() {
        guard !closeWhenFlushed else { return }
        isHandlingRead = true
        let highWater = server.options.outputHighWater
        let slice = Slice(milliseconds: server.options.sliceMilliseconds)
        var frames = 0
        if !session.acceptsFrames {
            session.resume(replies: &replies, yieldWhen: { slice.isOver() })
            finishStep()
        }
        do {
            // Frames past the high-water mark, or the slice, wait in the journal.
            while queuedBytes < highWater, session.acceptsFrames, !isClosed {
                let start = readIndex
                guard let frame = try nextFrame() else { break }
                // The frame is in flight until its replies are in the output: should the engine
                // end meanwhile, the next one answers it with an error.
                progress.inputStart = start
                progress.frameInFlight = true
                journal.publish(progress)
                session.receive(bytes: frame, replies: &replies, yieldWhen: { slice.isOver() })
                frames += 1
                finishStep()
                if slice.isOver() { break }
            }
        } catch {
            server.logger.warning("\(peer): \(RPCError.frameSize(error).message)")
            var bytes: [UInt8] = []
            FrameEncoder.appendFrame(to: &bytes) {
                JSONWriter.write(RPCMessage.errorResponse(id: .null, error: .frameSize(error)), into: &$0)
            }
            _ = appendOutput(bytes)
            progress.inputStart = progress.inputEnd
            journal.publish(progress)
            finish()
        }
        isHandlingRead = false
        if !closeWhenFlushed && !isClosed {
            // Out of time with work left (a batch part way, frames buffered): the rest waits
            // for the next turn. Out of room: it waits for the output to drain.
            let workLeft = !session.acceptsFrames || (slice.isOver() && unreadBytes > 0)
            if workLeft || queuedBytes >= highWater { pause() }
        }
        // Complete frames left waiting by backpressure are not late: only a partial one is.
        if unreadBytes == 0 || isPaused || waitsForBufferBudget {
            partialFrameSince = nil
        } else if frames > 0 || partialFrameSince == nil {
            partialFrameSince = uv_now(server.loop)
            server.watchForStalls()
        }
        server.buffered(unreadBytes, by: self)
        flush()
        // The last large request's reply is out (or queued): its params are freed now, and
        // the heap trimmed if the frames freed many nodes.
        session.releaseAnsweredRequest()
        trimHeapIfDue()
    }

    /// After a frame or a slice of a batch: its replies join the output, the session's state
    /// is stored if it changed, and the record says so, all before the next frame.
    private func finishStep() {
        if !replies.isEmpty {
            // A large reply's pages (a batch's can be `--max-outbound`) go back as the journal
            // takes it, so that it is not held twice in full, nor kept beside the next one; the
            // buffer itself is kept, so the next large reply does not grow one from nothing.
            // (Mutable access makes the buffer unique first: its pages are nobody else's.)
            let isLarge = replies.count > Self.largeReply
            let added = replies.withUnsafeMutableBytes { appendOutput(UnsafeRawBufferPointer($0), givingBackCopiedPages: isLarge) }
            replies.removeAll(keepingCapacity: true)
            if !added { return }
        }
        if session.hasUnrecordedState { recordState() }
        if session.acceptsFrames {
            progress.inputStart = readIndex
            progress.frameInFlight = false
        }
        journal.publish(progress)
    }

    /// Stores the session's state in the journal (the next engine rebuilds it from there).
    private func recordState() {
        // What changed, appended after the last whole state, when the journal takes it.
        if let changes = session.takeStateChanges(), journal.appendState(changes) { return }
        guard !journal.writeState(session.stateRecord()) else { return }
        // The journal keeps an older state: the next change must not be appended to it.
        session.wholeRecordLost()
        if !toldStateTooLarge {
            toldStateTooLarge = true
            server.logger.warning("\(peer): the session's state is over \(journal.stateCapacity >> 20) MiB; should the engine end, it is not kept")
        }
    }

    /// Appends framed bytes to the output region (not yet published); false, and the
    /// connection closed, when they do not fit.
    private func appendOutput(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { appendOutput($0, givingBackCopiedPages: false) }
    }

    /// `appendOutput`, from memory the caller frees next: with `givingBackCopiedPages`, the
    /// whole pages of `bytes` go back to the system as each chunk is copied (their contents
    /// are not read again), so the reply and its copy are never both resident in full.
    private func appendOutput(_ bytes: UnsafeRawBufferPointer, givingBackCopiedPages: Bool) -> Bool {
        if progress.outputEnd + bytes.count > journal.outputCapacity {
            // Moved to the start only when the move cannot overlap the bytes it moves.
            let live = queuedBytes
            if progress.outputStart >= live && live + bytes.count <= journal.outputCapacity {
                memmove(journal.output, journal.output + progress.outputStart, live)
                progress.outputStart = 0
                progress.outputEnd = live
                journal.publish(progress)
            } else {
                server.logger.warning("\(peer): closing: \(queuedBytes + bytes.count) bytes of output do not fit the connection's \(journal.outputCapacity >> 20) MiB")
                close()
                return false
            }
        }
        let target = journal.output + progress.outputEnd
        if givingBackCopiedPages {
            var done = 0
            while done < bytes.count {
                let count = min(Self.copyChunk, bytes.count - done)
                (target + done).copyMemory(from: bytes.baseAddress! + done, byteCount: count)
                Self.giveBackPages(inside: UnsafeRawBufferPointer(rebasing: bytes[done..<(done + count)]))
                done += count
            }
        } else if let source = bytes.baseAddress {
            target.copyMemory(from: source, byteCount: bytes.count)
        }
        progress.outputEnd += bytes.count
        outputHighMark = max(outputHighMark, progress.outputEnd)
        return true
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Drops the pages wholly inside `bytes` (`MADV_DONTNEED`): they read as zeros after.
    private static func giveBackPages(inside bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        let first = (Int(bitPattern: base) + pageSize - 1) & ~(pageSize - 1)
        let end = (Int(bitPattern: base) + bytes.count) & ~(pageSize - 1)
        guard end > first else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: first), end - first, MADV_DONTNEED)
    }

    /// The time a read may spend on its frames before the rest waits for the loop's next
    /// turn. Read from the coarse clock: the check comes after every frame, and a
    /// millisecond's precision is plenty.
    private struct Slice {
        let end: Int

        init(milliseconds: Int) { end = Self.now() + milliseconds }

        func isOver() -> Bool { Self.now() >= end }

        private static func now() -> Int {
            var time = timespec()
            clock_gettime(CLOCK_MONOTONIC_COARSE, &time)
            return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
        }
    }

    /// The frame being received took longer than the frame timeout: says so and closes.
    func frameTimedOut(seconds: Int) {
        guard !isClosed, !closeWhenFlushed else { return }
        let error = RPCError.frameTimeout(received: unreadBytes, seconds: seconds)
        server.logger.warning("\(peer): \(error.message)")
        var bytes: [UInt8] = []
        FrameEncoder.appendFrame(to: &bytes) {
            JSONWriter.write(RPCMessage.errorResponse(id: .null, error: error), into: &$0)
        }
        guard appendOutput(bytes) else { return }
        journal.publish(progress)
        finish()
        flush()
    }

    /// Stops reading until the output drains (frames already read stay buffered).
    private func pause() {
        guard !isPaused else { return }
        isPaused = true
        updatePolling()
    }

    /// Stops reading while the server holds too many bytes of unfinished frames, or reads
    /// again once it may.
    func setWaitsForBufferBudget(_ waits: Bool) {
        guard waits != waitsForBufferBudget, !isClosed else { return }
        waitsForBufferBudget = waits
        // The frame's clock restarts when it may make progress again: the wait is the daemon's.
        partialFrameSince = waits || unreadBytes == 0 ? nil : uv_now(server.loop)
        if partialFrameSince != nil { server.watchForStalls() }
        updatePolling()
    }

    /// Resumes on the loop's next turn, after other connections' I/O, rather than from inside
    /// a write: a long pipeline or batch then goes on turn by turn, with others served between.
    private func resumeSoon() {
        guard !isClosed else { return }
        if resumeHandle == nil {
            resumeHandle = UVHandle.make(uv_idle_t.self, owner: self) { [loop = server.loop] in uv_idle_init(loop, $0) }
        }
        uv_idle_start(resumeHandle) { handle in
            uv_idle_stop(handle)
            let connection = Unmanaged<Connection>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
            if connection.isPaused && !connection.isClosed { connection.resume() }
        }
    }

    /// The output drained, or the loop turned: handles the work left (a batch, buffered
    /// frames), then reads again unless that filled the queue or the slice once more.
    private func resume() {
        isPaused = false
        handleInput()
        updatePolling()
    }

    private func didEnd(error: Int32?) {
        if let error {
            server.logger.info("\(peer): read failed: \(String(cString: strerror(error)))")
        } else if unreadBytes > 0 {
            server.logger.info("\(peer): disconnected in the middle of a frame (\(unreadBytes) bytes unread)")
        } else {
            server.logger.debug("\(peer): disconnected")
        }
        close()
    }

    /// Queues bytes the host pushes on its own (notifications). Replies are bounded by
    /// backpressure; pushed messages are not, so they are what `--max-outbound` caps.
    private func enqueue(_ bytes: [UInt8]) {
        guard !isClosed else { return }
        if queuedBytes + bytes.count > server.options.maxOutboundBytes {
            server.logger.warning("\(peer): closing: \(queuedBytes + bytes.count) bytes queued for writing is over the limit of \(server.options.maxOutboundBytes) (--max-outbound); the client is not reading its notifications")
            close()
            return
        }
        // Only a connection with a long queue looks at the sum: readers never pay for it.
        while queuedBytes + bytes.count > server.options.outputHighWater,
            server.totalQueuedBytes + bytes.count > server.options.maxTotalOutboundBytes,
            let holder = server.connectionHoldingTheMost
        {
            server.logger.warning("\(holder.peer): closing: it has \(holder.queuedBytes) bytes queued for writing, the most of any client, and all clients together are over the limit of \(server.options.maxTotalOutboundBytes) (--max-outbound-total); the client is not reading its notifications")
            holder.close()
            if holder === self { return }
        }
        if queuedBytes == 0 { lastWriteProgress = uv_now(server.loop) }
        guard appendOutput(bytes) else { return }
        // A deferred answer went out: the requests waiting changed.
        if session.hasUnrecordedState { recordState() }
        journal.publish(progress)
        if !isHandlingRead { flush() }
    }

    /// Stops reading; closes once everything queued is written.
    func finish() {
        guard !isClosed else { return }
        closeWhenFlushed = true
        updatePolling()
        if queuedBytes == 0 { close() }
    }

    /// Writes what is queued; closes a finished connection once all is written; resumes a
    /// paused one once its queue is low.
    private func flush() {
        guard !isClosed else { return }
        if !writeBlocked && queuedBytes > 0 {
            writeQueued()
            if isClosed { return }
        }
        if closeWhenFlushed {
            if queuedBytes == 0 { close() }
        } else if isPaused && queuedBytes < server.options.outputLowWater {
            resumeSoon()
        }
        // Output the socket did not take: the write timeout applies from now on.
        if queuedBytes > 0 && !isClosed { server.watchForStalls() }
        updatePolling()
    }

    /// The most bytes one write of `socket` may carry and still be all or nothing: a Unix
    /// stream socket takes a write as one buffer, or none of it, up to half its send buffer
    /// (less 64 bytes) and 32 KiB of pages.
    private static func atomicWriteSize(of socket: Int32) -> Int {
        var size: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(socket, SOL_SOCKET, SO_SNDBUF, &size, &length) == 0 else { return 4096 }
        return max(1024, min(32 * 1024, Int(size) / 2 - 64))
    }

    /// Writes the output while the socket takes it, in writes that are all or nothing, and
    /// records each as done just before it is made: an engine stopped right after a write
    /// (the reader it woke ran first, and the engine was killed then) must not leave a record
    /// that makes the next engine send those bytes again. A write the socket refuses is
    /// recorded back at once.
    private func writeQueued() {
        while progress.outputStart < progress.outputEnd {
            let start = progress.outputStart
            let count = min(progress.outputEnd - start, atomicWrite)
            progress.outputStart = start + count
            journal.publish(progress)
            let written = write(fd, journal.output + start, count)
            if written == count {
                lastWriteProgress = uv_now(server.loop)
                continue
            }
            progress.outputStart = start + max(0, written)
            journal.publish(progress)
            if written > 0 {
                lastWriteProgress = uv_now(server.loop)
                writeBlocked = true
                break
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && errno == EAGAIN {
                writeBlocked = true
                break
            } else {
                server.logger.info("\(peer): write failed: \(String(cString: strerror(errno)))")
                close()
                return
            }
        }
        if progress.outputStart == progress.outputEnd && progress.outputEnd > 0 {
            progress.outputStart = 0
            progress.outputEnd = 0
            journal.publish(progress)
            if outputHighMark > 1 << 20 {
                journal.release(outputFrom: 64 * 1024, upTo: outputHighMark)
                outputHighMark = 0
            }
        }
    }

    /// Closes at once, dropping anything unsent, and ends the session. The socket is shut
    /// down first: the supervisor's copy of it must not keep the client's end open.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = shutdown(fd, Int32(SHUT_RDWR))
        release()
        session.close()
        trimHeapIfDue()
    }

    /// Reads no more (an upgrade in place): what was read is still handled, then the
    /// connection is left to the next engine.
    func stopReadingForHandOver() {
        guard !isClosed else { return }
        handingOver = true
        updatePolling()
        if unreadBytes > 0 || !session.acceptsFrames { resumeSoon() }
    }

    /// Whether nothing is under way that the next engine would have to answer with an error:
    /// no batch part way, no answer owed by an `AsyncFunction`.
    var isSettledForHandOver: Bool { isClosed || (session.acceptsFrames && session.waitingRequestCount == 0) }

    /// Stops serving without ending the connection (the engine hands it over): the socket
    /// stays open in the supervisor's copy, the journal as it is.
    func leave() {
        guard !isClosed else { return }
        isClosed = true
        release()
        session.close()
        trimHeapIfDue()
    }

    /// Gives the heap's free pages back once the host says many nodes have gone: after a
    /// frame's replies are out, or once the connection's surfaces went with it.
    private func trimHeapIfDue() {
        if server.host.takeHeapTrimDue() { modhost_trim_heap() }
    }

    private func release() {
        server.buffered(0, by: self)
        if let handle = resumeHandle {
            resumeHandle = nil
            UVHandle.close(handle)
        }
        uv_poll_stop(poll)
        polledEvents = 0
        uv_close(handleOf(poll)) { handle in
            let connection = Unmanaged<Connection>.fromOpaque(handle!.pointee.data).takeRetainedValue()
            Glibc.close(connection.fd)
            connection.server.connectionClosed(connection)
            connection.poll.deallocate()
        }
    }
}
