import CLibUV
import Glibc

// libuv's handle types are C structs that all begin with the base handle (and the stream
// ones with the stream): a pointer to one is a pointer to those.

/// `handle` as the stream it begins with (a pipe, a TCP or TTY handle).
public func streamOf<T>(_ handle: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<uv_stream_t> {
    UnsafeMutablePointer<uv_stream_t>(OpaquePointer(handle))
}

/// `handle` as the base handle it begins with.
public func handleOf<T>(_ handle: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<uv_handle_t> {
    UnsafeMutablePointer<uv_handle_t>(OpaquePointer(handle))
}

/// libuv's description of an error status.
public func uvText(_ status: Int32) -> String { String(cString: uv_strerror(status)) }

/// Where libuv handles begin and end. libuv may use a handle until its close callback has
/// run, so a handle is freed there and nowhere else: `make` allocates one and runs its
/// `uv_*_init`, `close` hands it to `uv_close`, whose callback frees it.
public enum UVHandle {
    /// A new handle of type `H`, initialized by `initialize` (`uv_timer_init(loop, $0)`,
    /// say), its `data` pointing at `owner` (unretained: the owner outlives its handles).
    public static func make<H>(_ type: H.Type, owner: AnyObject?, _ initialize: (UnsafeMutablePointer<H>) -> Int32) -> UnsafeMutablePointer<H> {
        let handle = UnsafeMutablePointer<H>.allocate(capacity: 1)
        _ = initialize(handle)
        handleOf(handle).pointee.data = owner.map { Unmanaged.passUnretained($0).toOpaque() }
        return handle
    }

    /// Closes `handle`; it is freed once libuv is done with it.
    public static func close<H>(_ handle: UnsafeMutablePointer<H>) {
        uv_close(handleOf(handle)) { UnsafeMutableRawPointer($0!).deallocate() }
    }
}

/// libuv signal handles for some signals, calling one handler on the loop's thread. They
/// keep the loop running until `close`.
public final class SignalHandles {
    private var handles: [UnsafeMutablePointer<uv_signal_t>] = []
    private let handler: (Int32) -> Void

    /// Unblocks `signals` (a parent may have left them blocked: a thread pool's mask is
    /// inherited across exec) and handles them on `loop`.
    public init(loop: UnsafeMutablePointer<uv_loop_t>, signals: [Int32], handler: @escaping (Int32) -> Void) {
        self.handler = handler
        var wanted = sigset_t()
        sigemptyset(&wanted)
        for number in signals { sigaddset(&wanted, number) }
        pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
        for number in signals {
            let handle = UVHandle.make(uv_signal_t.self, owner: self) { uv_signal_init(loop, $0) }
            uv_signal_start(handle, { handle, number in
                Unmanaged<SignalHandles>.fromOpaque(handle!.pointee.data).takeUnretainedValue().handler(number)
            }, number)
            handles.append(handle)
        }
    }

    /// Stops handling the signals.
    public func close() {
        for handle in handles { UVHandle.close(handle) }
        handles.removeAll()
    }
}
