import CLibUV

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

