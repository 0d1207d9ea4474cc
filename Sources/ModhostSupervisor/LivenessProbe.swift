import Glibc
import ModhostClient
import ModhostWire

/// Checks from outside that the engine serves, as a client would: every `interval` it
/// connects to the socket's path, sends a `ping` and waits up to `timeout` for the answer.
/// What the engine's plugins write on the engine page cannot fake this: a hang outside any
/// recorded call, a listening socket that was shut down, removed or replaced, all show here.
///
/// It has no thread or handle of its own: the supervisor's watchdog calls `tick` every 20 ms,
/// and the probe's socket is non-blocking.
struct LivenessProbe {
    enum Outcome: Equatable {
        /// The engine answered the ping.
        case alive
        /// Nothing accepts connections at the path (why, as text): the socket must be made again.
        case unreachable(String)
        /// Connected (or the backlog was full) but no answer within the timeout.
        case unanswered
    }

    let path: String
    let intervalNanoseconds: Int64
    let timeoutNanoseconds: Int64
    private var fd: Int32 = -1
    /// When the probe in progress began (its first connection attempt).
    private var startedAt: Int64 = 0
    private var nextAt: Int64 = 0
    private var received = FrameDecoder()

    init(path: String, intervalNanoseconds: Int64, timeoutNanoseconds: Int64) {
        self.path = path
        self.intervalNanoseconds = intervalNanoseconds
        self.timeoutNanoseconds = timeoutNanoseconds
    }

    /// A ping that is allowed before `initialize`; an id no front-end's request can collide with
    /// on this connection of the probe's own.
    private static let frame = FrameEncoder.frame(#"{"jsonrpc":"2.0","id":"modhost-liveness","method":"ping"}"#.utf8)

    /// Advances the probe; an outcome when one is reached, nil while there is none yet.
    mutating func tick(now: Int64) -> Outcome? {
        if fd < 0 {
            guard now >= nextAt else { return nil }
            if startedAt == 0 { startedAt = now }
            let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard socket >= 0 else { return nil }
            let connected = SocketPath.withAddress(path) { connect(socket, $0, $1) }
            let error = errno
            if connected != 0 && error != EINPROGRESS {
                close(socket)
                if error == EAGAIN {
                    // A full backlog: nobody accepts. Tried again at the next tick.
                    return now - startedAt > timeoutNanoseconds ? finish(.unanswered, now: now) : nil
                }
                return finish(.unreachable(String(cString: strerror(error))), now: now)
            }
            fd = socket
            _ = Self.frame.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            return nil
        }
        var chunk = [UInt8](repeating: 0, count: 256)
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            received.append(contentsOf: chunk[..<count])
            // A whole frame is an answer; so is a header no frame may have: something serves.
            do {
                if try received.nextFrame() != nil { return finish(.alive, now: now) }
            } catch {
                return finish(.alive, now: now)
            }
        } else if count == 0 {
            // Closed without an answer (a connection cap, say): not a verdict; try again later.
            close(fd)
            fd = -1
            received = FrameDecoder()
            nextAt = now + intervalNanoseconds
            return now - startedAt > timeoutNanoseconds ? finish(.unanswered, now: now) : nil
        }
        return now - startedAt > timeoutNanoseconds ? finish(.unanswered, now: now) : nil
    }

    /// Ends the probe in progress with `outcome`; the next one starts an interval later.
    private mutating func finish(_ outcome: Outcome, now: Int64) -> Outcome {
        reset(now: now)
        return outcome
    }

    /// Drops the probe in progress (a new engine starts); the next one starts an interval
    /// after `now`.
    mutating func reset(now: Int64) {
        if fd >= 0 { close(fd) }
        fd = -1
        received = FrameDecoder()
        startedAt = 0
        nextAt = now + intervalNanoseconds
    }
}
