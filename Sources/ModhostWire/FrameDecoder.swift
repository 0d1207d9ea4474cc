/// Why a frame header was refused. The connection cannot stay in step after this, so the
/// server answers once and closes.
public struct FrameSizeError: Error, Sendable, Equatable {
    /// The length the header announced.
    public var length: Int
    /// The largest length allowed.
    public var limit: Int

    public init(length: Int, limit: Int) {
        self.length = length
        self.limit = limit
    }
}

/// Splits a byte stream into frames: a 4-byte big-endian length N, then N bytes of payload.
///
/// Feed it chunks of any size with `append`; take whole frames out with `nextFrame`. The
/// announced length is checked against `maxFrameSize` as soon as the 4 header bytes are in,
/// before anything is reserved for the payload, so a hostile header costs nothing.
public struct FrameDecoder: Sendable {
    public static let defaultMaxFrameSize = 16 * 1024 * 1024
    public static let headerSize = 4

    public let maxFrameSize: Int
    /// Storage: the bytes received are `buffer[0..<end]`, of which `readIndex..<end` are not
    /// yet returned as frames. The array only grows (or is dropped when large and consumed):
    /// emptying it and appending again would cost more than the copy itself, once per read.
    private var buffer: [UInt8] = []
    private var end = 0
    private var readIndex = 0

    public init(maxFrameSize: Int = FrameDecoder.defaultMaxFrameSize) {
        precondition(maxFrameSize >= 1 && maxFrameSize <= Int(UInt32.max))
        self.maxFrameSize = maxFrameSize
    }

    /// Bytes received but not yet returned as frames.
    public var bufferedByteCount: Int { end - readIndex }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        compactIfWorthIt()
        // What fits in storage already received into is copied there; the rest is appended,
        // straight from `source` (the array's capacity grows geometrically, so a large frame
        // arriving in many reads is still copied in linear time). No byte is written twice:
        // zero-filling first cost as much as the copy, and far more in a debug build.
        let reused = min(buffer.count - end, bytes.count)
        if reused > 0 {
            buffer.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: end).copyMemory(from: source, byteCount: reused) }
        }
        if reused < bytes.count {
            buffer.append(contentsOf: UnsafeBufferPointer(start: source.advanced(by: reused).assumingMemoryBound(to: UInt8.self), count: bytes.count - reused))
        }
        end += bytes.count
    }

    public mutating func append<S: Sequence>(contentsOf bytes: S) where S.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ append(UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { append($0) }
        }
    }

    /// The next whole frame's payload, or nil when more bytes are needed. The slice shares the
    /// decoder's storage: use it before the next `append`.
    public mutating func nextFrame() throws(FrameSizeError) -> ArraySlice<UInt8>? {
        let available = end - readIndex
        guard available >= Self.headerSize else { return nil }
        let length = buffer.withUnsafeBufferPointer { p -> Int in
            let h = readIndex
            return Int(p[h]) << 24 | Int(p[h + 1]) << 16 | Int(p[h + 2]) << 8 | Int(p[h + 3])
        }
        guard length >= 1, length <= maxFrameSize else {
            throw FrameSizeError(length: length, limit: maxFrameSize)
        }
        guard available - Self.headerSize >= length else { return nil }
        let start = readIndex + Self.headerSize
        readIndex = start + length
        return buffer[start..<readIndex]
    }

    /// Drops consumed bytes. Cheap when everything was consumed (the common case: whole
    /// frames per read); otherwise only once the dead prefix is large.
    private mutating func compactIfWorthIt() {
        if readIndex == 0 { return }
        if readIndex == end {
            readIndex = 0
            end = 0
            // A buffer grown for one large frame is given back.
            if buffer.count > 1 << 20 { buffer = [] }
        } else if readIndex >= 64 * 1024 && readIndex * 2 >= end {
            let kept = end - readIndex
            let from = readIndex
            buffer.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: $0.baseAddress! + from, byteCount: kept) }
            readIndex = 0
            end = kept
        }
    }
}

/// Writes frames: the 4-byte big-endian length, then the payload.
public enum FrameEncoder {
    /// Appends one frame whose payload `body` writes straight into `buffer`, so the payload
    /// is never copied; the length is patched in afterwards.
    public static func appendFrame(to buffer: inout [UInt8], _ body: (inout [UInt8]) -> Void) {
        let headerAt = buffer.count
        buffer.append(contentsOf: [0, 0, 0, 0] as [UInt8])
        body(&buffer)
        let length = UInt32(buffer.count - headerAt - 4)
        buffer[headerAt] = UInt8(truncatingIfNeeded: length >> 24)
        buffer[headerAt + 1] = UInt8(truncatingIfNeeded: length >> 16)
        buffer[headerAt + 2] = UInt8(truncatingIfNeeded: length >> 8)
        buffer[headerAt + 3] = UInt8(truncatingIfNeeded: length)
    }

    /// Appends one frame carrying `payload`.
    public static func appendFrame<C: Collection>(payload: C, to buffer: inout [UInt8]) where C.Element == UInt8 {
        appendFrame(to: &buffer) { $0.append(contentsOf: payload) }
    }

    /// One frame carrying `payload`.
    public static func frame<C: Collection>(_ payload: C) -> [UInt8] where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(payload.count + 4)
        appendFrame(payload: payload, to: &out)
        return out
    }
}
