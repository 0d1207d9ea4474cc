import CLibUV
import CModhostSystem
import Glibc
import ModhostCore
import ModhostServer
import ModhostWire

/// The supervisor's copies of every connection the engine serves, with their journals, so
/// that no connection ends with the engine: the engine sends each one it accepts on the
/// custody channel (fd 6 of the engine, a `SOCK_SEQPACKET` socket pair: one message per
/// connection, its socket and journal as `SCM_RIGHTS`), and the supervisor hands them all to
/// the next engine. It never reads or writes a connection: it only watches each for the hang-up
/// that says both ends are done (the client closed, or the engine shut it down), and then
/// lets its copies go.
///
/// What the engine sends is checked from outside, not taken on its word: a socket must be a
/// connection of this daemon's listening socket (its address), from this daemon's user, and
/// a journal a regular file, and a socket held already (a copy of one, sent again) is not
/// held twice: the next engine would serve that client from two sessions.
final class ConnectionCustody {
    struct Held {
        var socket: Int32
        var journal: Int32
        var number: Int64
        /// The socket's inode: the same for every descriptor of one socket.
        var inode: UInt64
    }

    private let loop: UnsafeMutablePointer<uv_loop_t>
    private let logger: Logger
    /// The listening socket's address: what every accepted connection's `getsockname` says.
    private let listenerName: [UInt8]
    /// Held connections by socket descriptor.
    private(set) var held: [Int32: Held] = [:]
    /// The numbers of held connections by their sockets' inodes.
    private var heldInodes: [UInt64: Int64] = [:]
    /// The highest connection number any engine used: the next engine counts on from it.
    private(set) var highestNumber: Int64 = 0
    /// Watches held sockets for hang-ups (registered with no events: `EPOLLHUP` always comes).
    private let hangups: Int32
    private var hangupPoll: UnsafeMutablePointer<uv_poll_t>?
    /// The supervisor's end of the running engine's custody channel.
    private var channel: Int32 = -1
    private var channelPoll: UnsafeMutablePointer<uv_poll_t>?
    /// The most connections held (the descriptor limit allows two per connection).
    private let maxHeld: Int
    private var toldFull = false

    init?(loop: UnsafeMutablePointer<uv_loop_t>, listener: Int32, logger: Logger) {
        self.loop = loop
        self.logger = logger
        var name = [UInt8](repeating: 0, count: 128)
        let length = name.withUnsafeMutableBytes { modhost_socket_name(listener, $0.baseAddress, $0.count) }
        guard length > 0 else { return nil }
        listenerName = Array(name[..<length])
        hangups = modhost_hangups_create()
        guard hangups >= 0 else { return nil }
        var limit = rlimit()
        let descriptors = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? Int(clamping: limit.rlim_cur) : 1024
        maxHeld = max(16, (descriptors - 64) / 2)
        let poll = UVHandle.make(uv_poll_t.self, owner: self) { uv_poll_init(loop, $0, hangups) }
        hangupPoll = poll
        uv_poll_start(poll, Int32(UV_READABLE.rawValue)) { handle, _, _ in
            Unmanaged<ConnectionCustody>.fromOpaque(handle!.pointee.data).takeUnretainedValue().releaseHungUp()
        }
        // Held connections alone do not keep the supervisor's loop running.
        uv_unref(handleOf(poll))
    }

    /// A new custody channel for an engine about to start: the supervisor's end is read from
    /// now on; the other end is the engine's fd 6 (the caller closes it once passed on).
    func openChannel() -> Int32? {
        closeChannel()
        var ends: [Int32] = [-1, -1]
        guard modhost_custody_pair(&ends) == 0 else { return nil }
        channel = ends[0]
        let poll = UVHandle.make(uv_poll_t.self, owner: self) { [loop] in uv_poll_init(loop, $0, ends[0]) }
        channelPoll = poll
        uv_poll_start(poll, Int32(UV_READABLE.rawValue)) { handle, _, _ in
            Unmanaged<ConnectionCustody>.fromOpaque(handle!.pointee.data).takeUnretainedValue().receive()
        }
        uv_unref(handleOf(poll))
        return ends[1]
    }

    /// Stops reading the ended engine's channel, after taking what it had sent.
    func closeChannel() {
        guard channel >= 0 else { return }
        receive()
        if let poll = channelPoll {
            channelPoll = nil
            uv_poll_stop(poll)
            UVHandle.close(poll)
        }
        Glibc.close(channel)
        channel = -1
    }

    /// Takes the connections the engine sent.
    private func receive() {
        var bytes = [UInt8](repeating: 0, count: 256)
        var fds: [Int32] = [-1, -1, -1, -1]
        while channel >= 0 {
            var count: Int32 = 0
            let length = bytes.withUnsafeMutableBytes { modhost_receive_descriptors(channel, $0.baseAddress, $0.count, &fds, Int32(fds.count), &count, 0) }
            guard length > 0 else { return }
            let received = Array(fds[..<Int(count)])
            let text = String(decoding: bytes[..<length], as: UTF8.self)
            guard text.hasPrefix("conn "), let number = Int64(text.dropFirst(5)), received.count == 2 else {
                logger.warning("the engine sent something else than a connection on its custody channel: \(text.prefix(80))")
                for fd in received { Glibc.close(fd) }
                continue
            }
            take(socket: received[0], journal: received[1], number: number)
        }
    }

    /// Holds a connection, if it checks out.
    private func take(socket: Int32, journal: Int32, number: Int64) {
        var refusal: String?
        var uid: uid_t = 0
        var pid: pid_t = 0
        var name = [UInt8](repeating: 0, count: 128)
        let length = name.withUnsafeMutableBytes { modhost_socket_name(socket, $0.baseAddress, $0.count) }
        var status = stat()
        var socketStatus = stat()
        if length <= 0 || Array(name[..<length]) != listenerName {
            refusal = "its socket is not a connection of this daemon's listening socket"
        } else if fstat(socket, &socketStatus) != 0 {
            refusal = "its socket cannot be examined"
        } else if let holder = heldInodes[UInt64(socketStatus.st_ino)] {
            refusal = "its socket is held already, as client #\(holder)"
        } else if modhost_peer_credentials(socket, &uid, &pid) != 0 || uid != getuid() {
            refusal = "its peer is not this daemon's user"
        } else if fstat(journal, &status) != 0 || (status.st_mode & S_IFMT) != S_IFREG {
            refusal = "its journal is not a file"
        } else if held.count >= maxHeld {
            if !toldFull {
                toldFull = true
                logger.warning("holding \(held.count) connections, as many as the descriptor limit allows: more do not outlive the engine")
            }
            refusal = ""
        }
        if let refusal {
            if !refusal.isEmpty { logger.warning("not holding client #\(number): \(refusal)") }
            Glibc.close(socket)
            Glibc.close(journal)
            return
        }
        guard modhost_hangups_add(hangups, socket) == 0 else {
            Glibc.close(socket)
            Glibc.close(journal)
            return
        }
        if let old = held[socket] {
            Glibc.close(old.journal)
            heldInodes[old.inode] = nil
        }
        held[socket] = Held(socket: socket, journal: journal, number: number, inode: UInt64(socketStatus.st_ino))
        heldInodes[UInt64(socketStatus.st_ino)] = number
        highestNumber = max(highestNumber, number)
    }

    /// Lets go of connections both of whose ends are done.
    private func releaseHungUp() {
        var sockets = [Int32](repeating: -1, count: 64)
        while true {
            let count = modhost_hangups_take(hangups, &sockets, Int32(sockets.count))
            guard count > 0 else { return }
            for socket in sockets[..<Int(count)] { release(socket) }
        }
    }

    private func release(_ socket: Int32) {
        guard let entry = held.removeValue(forKey: socket) else { return }
        heldInodes[entry.inode] = nil
        _ = modhost_hangups_remove(hangups, socket)
        Glibc.close(entry.socket)
        Glibc.close(entry.journal)
    }

    /// Sends every held connection to the new engine on `channel`, then the end of the list
    /// with why the engine restarted; false when the engine did not take them in time.
    func handOver(restart: EngineRestart?) -> Bool {
        releaseHungUp()
        for entry in held.values.sorted(by: { $0.number < $1.number }) {
            let text = Array("adopt \(entry.number)".utf8)
            let fds = [entry.socket, entry.journal]
            guard modhost_send_descriptors(channel, text, text.count, fds, 2, 10_000) == 0 else { return false }
        }
        var end = JSONObject()
        end["highestNumber"] = .int(highestNumber)
        if let restart { end["restart"] = restart.json }
        let text = Array("adopted \(JSONValue.object(end).jsonText)".utf8)
        return modhost_send_descriptors(channel, text, text.count, nil, 0, 10_000) == 0
    }

    /// Lets every connection go (the daemon stops).
    func close() {
        closeChannel()
        for socket in Array(held.keys) { release(socket) }
        if let poll = hangupPoll {
            hangupPoll = nil
            uv_poll_stop(poll)
            UVHandle.close(poll)
        }
        Glibc.close(hangups)
    }
}
