import Glibc
import ModhostWire

/// Why a client call failed.
public enum ClientError: Error, CustomStringConvertible {
    /// Nothing listens on the path (no file, or a stale socket file).
    case noDaemon(path: String, reason: String)
    case io(String)
    case closed
    case timedOut
    /// A write made no progress for `milliseconds`: the daemon stopped reading.
    case writeTimedOut(written: Int, of: Int, milliseconds: Int32)
    case badFrame(String)

    public var description: String {
        switch self {
        case let .noDaemon(path, reason):
            return "no modhostd is listening on \(path) (\(reason)); start one with `modhostd` or pass --socket"
        case let .io(text): return text
        case .closed: return "the daemon closed the connection"
        case .timedOut: return "timed out waiting for the daemon"
        case let .writeTimedOut(written, total, milliseconds):
            return "timed out writing to the daemon: it took \(written) of \(total) bytes, then none for \(milliseconds) ms (it is not reading)"
        case let .badFrame(text): return "the daemon sent a bad frame: \(text)"
        }
    }
}

/// A simple synchronous client for the CLI and for tests: connect, send frames, read frames.
/// Notifications that arrive while waiting for a response are kept in `notifications`.
public final class BlockingClient {
    public let path: String
    private var fd: Int32
    private var decoder = FrameDecoder(maxFrameSize: Int(UInt32.max))
    private var nextID: Int64 = 1
    /// Notifications received while waiting for responses, oldest first.
    public var notifications: [JSONValue] = []

    public init(path: String) throws(ClientError) {
        self.path = path
        if let problem = SocketPath.validate(path) { throw .io(problem) }
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .io("cannot create a socket: \(errnoText())") }
        if SocketPath.withAddress(path, { connect(fd, $0, $1) }) != 0 {
            let reason = errno == ENOENT ? "no such file" : errno == ECONNREFUSED ? "connection refused" : errnoText()
            Glibc.close(fd)
            throw .noDaemon(path: path, reason: reason)
        }
        // Whoever listens on the path gets nothing before it is known to be this user's (or
        // root's, as for a socket systemd made): in a folder someone else prepared, or a
        // shared one such as /tmp, the listener may be another user's.
        // `struct ucred`'s layout (pid, uid, gid): Glibc shows the struct only with _GNU_SOURCE.
        // Not through CLibUV's shim: importing that module here made clean builds of this
        // module fail to find Glibc's socket constants in other files.
        var credentials: (pid: pid_t, uid: uid_t, gid: gid_t) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            let text = errnoText()
            Glibc.close(fd)
            throw .io("cannot tell who listens on \(path): \(text); nothing was sent")
        }
        let peerUID = credentials.uid
        guard peerUID == getuid() || peerUID == 0 else {
            Glibc.close(fd)
            throw .io("\(path) is served by uid \(peerUID), not by you (uid \(getuid())) or root; someone else may have prepared it, so nothing was sent. Start modhostd on a socket of your own and pass --socket (or set XDG_RUNTIME_DIR)")
        }
    }

    deinit { if fd >= 0 { Glibc.close(fd) } }

    /// The socket's descriptor, to wait on it beside others (`poll`); -1 once closed.
    public var descriptor: Int32 { fd }

    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// Writes raw bytes (already framed, or deliberately broken). Throws `.writeTimedOut` when
    /// the socket takes none of them for `timeoutMilliseconds` (the daemon does not read),
    /// rather than blocking for ever; a write that keeps moving is never cut short.
    public func sendRaw(_ bytes: [UInt8], timeoutMilliseconds: Int32 = 10_000) throws(ClientError) {
        var offset = 0
        var lastProgress = Self.monotonicMilliseconds()
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if n >= 0 {
                offset += n
                lastProgress = Self.monotonicMilliseconds()
                continue
            }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { throw .io("write failed: \(errnoText())") }
            let left = Int64(timeoutMilliseconds) - (Self.monotonicMilliseconds() - lastProgress)
            if left <= 0 { throw .writeTimedOut(written: offset, of: bytes.count, milliseconds: timeoutMilliseconds) }
            var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            if poll(&poller, 1, Int32(left)) < 0 && errno != EINTR { throw .io("poll failed: \(errnoText())") }
        }
    }

    private static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// Writes as much of `bytes` as the socket takes now, without waiting; the count written.
    public func sendWithoutWaiting(_ bytes: ArraySlice<UInt8>) throws(ClientError) -> Int {
        let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        if n < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return 0 }
            throw .io("write failed: \(errnoText())")
        }
        return n
    }

    /// Whether a frame, or bytes of one, wait to be read (within `timeoutMilliseconds`).
    public func hasInput(timeoutMilliseconds: Int32 = 0) -> Bool {
        if decoder.bufferedByteCount > 0 { return true }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, timeoutMilliseconds) > 0
    }

    public func send(_ message: JSONValue) throws(ClientError) {
        var bytes: [UInt8] = []
        FrameEncoder.appendFrame(to: &bytes) { JSONWriter.write(message, into: &$0) }
        try sendRaw(bytes)
    }

    /// The next frame's payload; nil when the daemon closed the connection.
    public func receiveFrame(timeoutMilliseconds: Int32 = 10_000) throws(ClientError) -> [UInt8]? {
        while true {
            do {
                if let frame = try decoder.nextFrame() { return Array(frame) }
            } catch {
                throw .badFrame("length \(error.length)")
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, timeoutMilliseconds)
            if ready == 0 { throw .timedOut }
            if ready < 0 {
                if errno == EINTR { continue }
                throw .io("poll failed: \(errnoText())")
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return nil }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { return nil }
                throw .io("read failed: \(errnoText())")
            }
            decoder.append(contentsOf: chunk[0..<n])
        }
    }

    /// The next message, parsed.
    public func receive(timeoutMilliseconds: Int32 = 10_000) throws(ClientError) -> JSONValue {
        guard let frame = try receiveFrame(timeoutMilliseconds: timeoutMilliseconds) else { throw .closed }
        do {
            return try JSONParser.parse(frame)
        } catch {
            throw .badFrame(error.description)
        }
    }

    /// Sends a request and returns its response (`result` or `error` envelope), keeping any
    /// notifications that arrive first.
    public func call(_ method: String, params: JSONValue? = nil, timeoutMilliseconds: Int32 = 10_000) throws(ClientError) -> JSONValue {
        let id = JSONValue.int(nextID)
        nextID += 1
        try send(RPCMessage.request(id: id, method: method, params: params))
        while true {
            let message = try receive(timeoutMilliseconds: timeoutMilliseconds)
            if message["id"] == id { return message }
            if message["method"] != nil && message["id"] == nil {
                notifications.append(message)
                continue
            }
            throw .badFrame("a response for another request: \(message.jsonText)")
        }
    }
}
