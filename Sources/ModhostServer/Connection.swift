import CLibUV
import Glibc
import ModhostCore
import ModhostWire

/// One accepted client: frames in, replies out.
///
/// Replies produced by one read are written together, and writes are coalesced while one is
/// in flight, so a pipelining client costs one write syscall per read rather than per reply.
///
/// Backpressure: once more than `ServerOptions.outputHighWater` bytes wait to be written, the
/// frames still buffered are left alone and the socket is not read until the queue drains
/// below `outputLowWater`; a client that reads its replies is never closed for their size,
/// one that stops reading is closed after `writeTimeout` without progress.
///
/// Fairness: a read's frames (and a batch's requests) are handled for at most
/// `ServerOptions.sliceMilliseconds`; the rest wait for the loop's next turn, so other
/// connections are served in between.
/// The connection owns itself through the handle's `data` (retained at start, released in the
/// close callback and only there).
final class Connection {
    // Unowned(unsafe): the server outlives its connections (it closes them before it
    // stops), and a checked unowned reference costs two runtime calls per use.
    private unowned(unsafe) let server: Server
    private let pipe: UnsafeMutablePointer<uv_pipe_t>
    let peer: String
    // The state below is read and written only on the loop's thread, several times per read:
    // `@exclusivity(unchecked)` spares each access a runtime call that records it.
    @exclusivity(unchecked) private var decoder: FrameDecoder
    @exclusivity(unchecked) private var session: Session!
    /// Framed bytes waiting to be written, from `pendingStart` on (the bytes before it are
    /// written already: a large queue goes out a part at a time, and is not shifted each time).
    @exclusivity(unchecked) private var pending: [UInt8] = []
    @exclusivity(unchecked) private var pendingStart = 0
    /// Bytes handed to an in-flight `uv_write`; libuv does not copy them.
    @exclusivity(unchecked) private var inflight: UnsafeMutableRawBufferPointer?
    @exclusivity(unchecked) private var isHandlingRead = false
    @exclusivity(unchecked) private var closeWhenFlushed = false
    @exclusivity(unchecked) private var isClosed = false
    /// Reading stopped until the queued output drains, or for a turn of the loop when a slice
    /// of work ran out.
    @exclusivity(unchecked) private var isPaused = false
    /// Reading stopped while the server holds too many bytes of unfinished frames.
    @exclusivity(unchecked) private(set) var waitsForBufferBudget = false
    @exclusivity(unchecked) private var isReading = false
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

    /// Bytes waiting to be written, in flight included.
    var queuedBytes: Int { pending.count - pendingStart + (inflight?.count ?? 0) }

    init(server: Server, pipe: UnsafeMutablePointer<uv_pipe_t>, peer: String, pid: Int32?, uid: UInt32?, number: Int64) {
        self.server = server
        self.pipe = pipe
        self.peer = peer
        self.decoder = FrameDecoder(maxFrameSize: server.options.maxFrameSize)
        pipe.pointee.data = Unmanaged.passRetained(self).toOpaque()
        session = server.host.openSession(peer: peer, pid: pid, peerUID: uid, connectionID: number) { [unowned self] bytes in self.enqueue(bytes) }
        session.batchReplyLimit = server.options.maxOutboundBytes
    }

    func start() {
        updateReading()
    }

    /// Reads while nothing holds reading back.
    private func updateReading() {
        let wanted = !isClosed && !closeWhenFlushed && !isPaused && !waitsForBufferBudget
        guard wanted != isReading else { return }
        isReading = wanted
        if wanted { startReading() } else { uv_read_stop(streamOf(pipe)) }
    }

    private func startReading() {
        let status = uv_read_start(
            streamOf(pipe),
            { handle, _, buffer in
                // The handle's reference keeps the connection alive: no retain of its own.
                let storage = Unmanaged<Connection>.fromOpaque(handle!.pointee.data)._withUnsafeGuaranteedRef { $0.server.readBuffer }
                buffer!.pointee = uv_buf_init(storage.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(storage.count))
            },
            { stream, nread, buffer in
                Unmanaged<Connection>.fromOpaque(stream!.pointee.data)._withUnsafeGuaranteedRef { connection in
                    if nread > 0 {
                        connection.didRead(UnsafeRawBufferPointer(start: buffer!.pointee.base, count: nread))
                    } else if nread < 0 {
                        connection.didEnd(status: Int32(nread))
                    }
                }
            })
        if status != 0 {
            server.logger.warning("\(peer): cannot read: \(uvText(status))")
            close()
        }
    }

    private func didRead(_ bytes: UnsafeRawBufferPointer) {
        guard !closeWhenFlushed else { return }
        isHandlingRead = true
        if bytes.count > 0 { decoder.append(bytes) }
        // `pending`'s count includes what was written of it already.
        let highWater = server.options.outputHighWater - (inflight?.count ?? 0) + pendingStart
        let slice = Slice(milliseconds: server.options.sliceMilliseconds)
        var frames = 0
        if !session.acceptsFrames { session.resume(replies: &pending, yieldWhen: { slice.isOver() }) }
        if let error = Self.receive(decoder: &decoder, session: session, replies: &pending, highWater: highWater, slice: slice, frames: &frames) {
            server.logger.warning("\(peer): \(RPCError.frameSize(error).message)")
            FrameEncoder.appendFrame(to: &pending) {
                JSONWriter.write(RPCMessage.errorResponse(id: .null, error: .frameSize(error)), into: &$0)
            }
            finish()
        }
        isHandlingRead = false
        if !closeWhenFlushed {
            // Out of time with work left (a batch part way, frames buffered): the rest waits
            // for the next turn. Out of room: it waits for the output to drain.
            let workLeft = !session.acceptsFrames || (slice.isOver() && decoder.bufferedByteCount > 0)
            if workLeft || queuedBytes >= server.options.outputHighWater { pause() }
        }
        // Complete frames left waiting by backpressure are not late: only a partial one is.
        if decoder.bufferedByteCount == 0 || isPaused || waitsForBufferBudget {
            partialFrameSince = nil
        } else if frames > 0 || partialFrameSince == nil {
            partialFrameSince = uv_now(server.loop)
            server.watchForStalls()
        }
        server.buffered(decoder.bufferedByteCount, by: self)
        flush()
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
        let error = RPCError.frameTimeout(received: decoder.bufferedByteCount, seconds: seconds)
        server.logger.warning("\(peer): \(error.message)")
        FrameEncoder.appendFrame(to: &pending) {
            JSONWriter.write(RPCMessage.errorResponse(id: .null, error: error), into: &$0)
        }
        finish()
        flush()
    }

    /// Stops reading until the output drains (frames already read stay buffered).
    private func pause() {
        guard !isPaused else { return }
        isPaused = true
        updateReading()
    }

    /// Stops reading while the server holds too many bytes of unfinished frames, or reads
    /// again once it may.
    func setWaitsForBufferBudget(_ waits: Bool) {
        guard waits != waitsForBufferBudget, !isClosed else { return }
        waitsForBufferBudget = waits
        // The frame's clock restarts when it may make progress again: the wait is the daemon's.
        partialFrameSince = waits || decoder.bufferedByteCount == 0 ? nil : uv_now(server.loop)
        if partialFrameSince != nil { server.watchForStalls() }
        updateReading()
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
        didRead(UnsafeRawBufferPointer(start: nil, count: 0))
        updateReading()
    }

    /// Hands the decoder's whole frames to the session, replies to `replies`, while there is
    /// room and time; the frame size error that ends the connection, if any. Static, with the
    /// state passed `inout`, so that each property is accessed (and checked for exclusivity)
    /// once per read, not per frame.
    private static func receive(
        decoder: inout FrameDecoder, session: Session, replies: inout [UInt8], highWater: Int, slice: Slice, frames: inout Int
    ) -> FrameSizeError? {
        do {
            // Frames past the high-water mark, or the slice, wait in the decoder.
            while replies.count < highWater, session.acceptsFrames, let frame = try decoder.nextFrame() {
                // A closure literal: the method value `slice.isOver` would be boxed on the heap.
                session.receive(frame: frame, replies: &replies, yieldWhen: { slice.isOver() })
                frames += 1
                if slice.isOver() { break }
            }
        } catch {
            return error
        }
        return nil
    }

    private func didEnd(status: Int32) {
        if status == Int32(UV_EOF.rawValue) {
            if decoder.bufferedByteCount > 0 {
                server.logger.info("\(peer): disconnected in the middle of a frame (\(decoder.bufferedByteCount) bytes unread)")
            } else {
                server.logger.debug("\(peer): disconnected")
            }
        } else {
            server.logger.info("\(peer): read failed: \(uvText(status))")
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
        pending.append(contentsOf: bytes)
        if !isHandlingRead { flush() }
    }

    /// Stops reading; closes once everything queued is written.
    func finish() {
        guard !isClosed else { return }
        closeWhenFlushed = true
        updateReading()
        if queuedBytes == 0 { close() }
    }

    /// Writes what is queued, if no write is in flight; closes a finished connection once all
    /// is written; resumes a paused one once its queue is low.
    private func flush() {
        guard !isClosed else { return }
        if inflight == nil && pendingStart < pending.count {
            writePending()
            if isClosed { return }
        }
        if closeWhenFlushed {
            if queuedBytes == 0 { close() }
        } else if isPaused && queuedBytes < server.options.outputLowWater {
            resumeSoon()
        }
        // Output the socket did not take: the write timeout applies from now on.
        if queuedBytes > 0 && !isClosed { server.watchForStalls() }
    }

    /// The most bytes handed to one write: what the socket does not take at once is copied
    /// for libuv, and copying a large reply whole would hold the loop for a while.
    private static let largestWrite = 4 << 20

    /// Writes the queue a part at a time while the socket takes it; the first part it does
    /// not take whole becomes the write in flight.
    private func writePending() {
        while inflight == nil && pendingStart < pending.count {
            let end = min(pending.count, pendingStart + Self.largestWrite)
            // Try a direct write first: when the socket has room (the usual case) the reply
            // goes out now without a write request or an extra epoll_ctl.
            let written = pending.withUnsafeMutableBytes { raw -> Int32 in
                var buffer = uv_buf_init(
                    raw.baseAddress!.advanced(by: pendingStart).assumingMemoryBound(to: CChar.self), UInt32(end - pendingStart))
                return uv_try_write(streamOf(pipe), &buffer, 1)
            }
            if written < 0 && written != Int32(UV_EAGAIN.rawValue) {
                server.logger.info("\(peer): write failed: \(uvText(written))")
                close()
                return
            }
            let sent = max(0, Int(written))
            if sent > 0 { lastWriteProgress = uv_now(server.loop) }
            pendingStart += sent
            if pendingStart < end {
                startWrite(pendingStart..<end)
                if isClosed { return }
                pendingStart = end
            }
            if pendingStart == pending.count {
                pending.removeAll(keepingCapacity: pending.capacity <= 1 << 20)
                pendingStart = 0
            }
        }
    }

    /// Hands a copy of `pending[range]` to libuv, which writes it once the socket has room.
    private func startWrite(_ range: Range<Int>) {
        let rest = UnsafeMutableRawBufferPointer.allocate(byteCount: range.count, alignment: 1)
        pending.withUnsafeBytes { rest.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[range])) }
        inflight = rest
        let request = UnsafeMutablePointer<uv_write_t>.allocate(capacity: 1)
        request.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        var buffer = uv_buf_init(rest.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(rest.count))
        let status = uv_write(request, streamOf(pipe), &buffer, 1) { request, status in
            let connection = Unmanaged<Connection>.fromOpaque(request!.pointee.data).takeUnretainedValue()
            request!.deallocate()
            connection.didWrite(status: status)
        }
        if status != 0 {
            request.deallocate()
            rest.deallocate()
            inflight = nil
            server.logger.info("\(peer): write failed: \(uvText(status))")
            close()
        }
    }

    private func didWrite(status: Int32) {
        inflight?.deallocate()
        inflight = nil
        lastWriteProgress = uv_now(server.loop)
        if status != 0 {
            if !isClosed { server.logger.info("\(peer): write failed: \(uvText(status))") }
            close()
            return
        }
        flush()
    }

    /// Closes at once, dropping anything unsent, and ends the session.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        isReading = false
        pending = []
        pendingStart = 0
        session.close()
        server.buffered(0, by: self)
        if let handle = resumeHandle {
            resumeHandle = nil
            UVHandle.close(handle)
        }
        uv_close(handleOf(pipe)) { handle in
            let connection = Unmanaged<Connection>.fromOpaque(handle!.pointee.data).takeRetainedValue()
            connection.server.connectionClosed(connection)
            connection.pipe.deallocate()
        }
    }
}
