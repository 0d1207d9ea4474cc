import CModhostSystem
import Glibc
import ModhostWire

/// A connection's bytes and state in a memory file, so that the connection outlives the engine
/// process that serves it: the supervisor keeps a copy of the file's descriptor with the
/// socket's, and the next engine reads from the file what the last one had read but not
/// handled, what it had answered but not written, and the session's state.
///
/// The file is the connection's buffers, not a copy of them: frames are read into the input
/// region and handled in place, replies are written to the socket from the output region.
/// Where each region's live bytes are is published in a record after each read, each frame
/// and each write; two records alternate and one release-store selects the current one, so
/// the engine can end between any two instructions and the file still holds one whole record.
///
/// Layout: a 4 KiB header (`Word`), then the input region, then the output region (both
/// mapped), then two state slots (written with `pwrite`, not mapped). The file is sparse:
/// only pages in use take memory, and large buffers are given back once drained.
///
/// A state slot holds a whole state, then the changes appended after it, each framed with
/// its length and checksum: a change costs what it changes, and the whole state is written
/// again (to the other slot) only once the changes outgrow it. Every write lands in bytes no
/// record counts yet, and one release-store of a length or the selector makes it count.
public final class ConnectionJournal {
    /// The header's 64-bit words.
    enum Word {
        static let magic = 0
        static let selector = 1
        /// Two progress records of `Progress.words` words each.
        static let records = 2
        static let stateSelector = 20
        /// Two state slots: length, checksum.
        static let stateSlots = 21
        static let inputCapacity = 26
        static let outputCapacity = 27
        static let stateCapacity = 28
        /// Per state slot: bytes of changes appended after its whole state (`appendState`).
        /// Zero in a journal written before changes were appended: it reads as before.
        static let stateAppended = 29
    }

    static let magic: UInt64 = 0x4D48_4A52_4E4C_0001
    static let headerSize = 4096

    /// Where the live bytes are, as one record says.
    public struct Progress: Equatable, Sendable {
        /// Input read from the socket and not yet handled: `inputStart..<inputEnd`.
        public var inputStart = 0
        public var inputEnd = 0
        /// Output produced and not yet written to the socket: `outputStart..<outputEnd`
        /// (it may begin inside a frame the socket took part of).
        public var outputStart = 0
        public var outputEnd = 0
        /// Whether the frame at `inputStart` was being handled (a request whose answer may
        /// be lost), rather than waiting.
        public var frameInFlight = false

        static let words = 8
    }

    public let fd: Int32
    public let inputCapacity: Int
    public let outputCapacity: Int
    public let stateCapacity: Int
    private let mapping: UnsafeMutableRawPointer
    private let mappedBytes: Int
    /// The record the file held when this engine made or adopted the journal (nothing, for a
    /// new one): where its connection starts. The connection keeps its progress itself from
    /// then on; `publish` stores no copy here, since each store to a class's property is
    /// checked for exclusive access at run time (four times a ping, about 5 % of its
    /// instructions).
    public private(set) var found = Progress()

    /// Region sizes for a server's options: the input holds the largest frame and a read
    /// beyond it, the output the most a connection may queue and a large reply.
    public static func capacities(maxFrameSize: Int, maxOutboundBytes: Int) -> (input: Int, output: Int, state: Int) {
        func pages(_ bytes: Int) -> Int { (bytes + 4095) / 4096 * 4096 }
        return (pages(maxFrameSize + FrameDecoder.headerSize + readChunk * 2), pages(maxOutboundBytes * 2 + maxFrameSize), pages(1 << 30))
    }

    /// The most one read takes from the socket.
    public static let readChunk = 256 * 1024

    /// A new, empty journal.
    public init?(inputCapacity: Int, outputCapacity: Int, stateCapacity: Int) {
        let total = Self.headerSize + inputCapacity + outputCapacity + 2 * stateCapacity
        let fd = modhost_memfd_sized("modhost-connection", UInt64(total))
        guard fd >= 0 else { return nil }
        guard let mapping = Self.map(fd: fd, bytes: Self.headerSize + inputCapacity + outputCapacity) else {
            Glibc.close(fd)
            return nil
        }
        self.fd = fd
        self.inputCapacity = inputCapacity
        self.outputCapacity = outputCapacity
        self.stateCapacity = stateCapacity
        self.mapping = mapping
        self.mappedBytes = Self.headerSize + inputCapacity + outputCapacity
        word(Word.magic).pointee = Self.magic
        word(Word.inputCapacity).pointee = UInt64(inputCapacity)
        word(Word.outputCapacity).pointee = UInt64(outputCapacity)
        word(Word.stateCapacity).pointee = UInt64(stateCapacity)
    }

    /// The journal another engine left in `fd` (which this one now owns), checked: nil when
    /// it is not a journal, or its record does not fit its regions.
    public init?(adopting fd: Int32) {
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size >= Self.headerSize else { return nil }
        var header = [UInt64](repeating: 0, count: 32)
        let read = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard read == 256, header[Word.magic] == Self.magic else { return nil }
        let input = Int(clamping: header[Word.inputCapacity])
        let output = Int(clamping: header[Word.outputCapacity])
        let state = Int(clamping: header[Word.stateCapacity])
        let limit = 1 << 40
        guard input > 0, output > 0, state > 0, input < limit, output < limit, state < limit,
            Self.headerSize + input + output + 2 * state <= Int(status.st_size),
            let mapping = Self.map(fd: fd, bytes: Self.headerSize + input + output)
        else { return nil }
        self.fd = fd
        self.inputCapacity = input
        self.outputCapacity = output
        self.stateCapacity = state
        self.mapping = mapping
        self.mappedBytes = Self.headerSize + input + output
        guard let progress = currentRecord() else {
            munmap(mapping, mappedBytes)
            return nil
        }
        found = progress
    }

    private static func map(fd: Int32, bytes: Int) -> UnsafeMutableRawPointer? {
        let address = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        guard let address, address != MAP_FAILED else { return nil }
        return address
    }

    deinit {
        munmap(mapping, mappedBytes)
        Glibc.close(fd)
    }

    private func word(_ index: Int) -> UnsafeMutablePointer<UInt64> {
        mapping.assumingMemoryBound(to: UInt64.self) + index
    }

    /// The start of the input region; the live bytes are where the last published record says.
    public var input: UnsafeMutableRawPointer { mapping + Self.headerSize }
    /// The start of the output region.
    public var output: UnsafeMutableRawPointer { mapping + Self.headerSize + inputCapacity }

    /// Makes `progress` the journal's record: written to the record not in use, then selected.
    public func publish(_ progress: Progress) {
        let next = 1 - (word(Word.selector).pointee & 1)
        let record = word(Word.records + Int(next) * Progress.words)
        record[0] = UInt64(progress.inputStart)
        record[1] = UInt64(progress.inputEnd)
        record[2] = UInt64(progress.outputStart)
        record[3] = UInt64(progress.outputEnd)
        record[4] = progress.frameInFlight ? 1 : 0
        modhost_store_release(word(Word.selector), next)
    }

    /// The record the file selects, if it fits the regions (a plugin may have written over it).
    private func currentRecord() -> Progress? {
        let selected = word(Word.selector).pointee
        guard selected <= 1 else { return nil }
        let record = word(Word.records + Int(selected) * Progress.words)
        let values = (0..<5).map { Int(clamping: record[$0]) }
        let progress = Progress(
            inputStart: values[0], inputEnd: values[1], outputStart: values[2], outputEnd: values[3], frameInFlight: values[4] == 1)
        guard progress.inputStart <= progress.inputEnd, progress.inputEnd <= inputCapacity, progress.outputStart <= progress.outputEnd,
            progress.outputEnd <= outputCapacity, record[4] <= 1
        else { return nil }
        return progress
    }

    // MARK: - Session state

    /// Stores `bytes` as the session's state: written to the slot not in use, then selected,
    /// so a state is never half there. False when it does not fit.
    @discardableResult
    public func writeState(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= stateCapacity else { return false }
        let next = 1 - Int(word(Word.stateSelector).pointee & 1)
        let offset = stateOffset(next)
        let whole = bytes.withUnsafeBytes { bytes in
            Self.transfer(bytes.count) { done in pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done)) }
        }
        guard whole else { return false }
        word(Word.stateSlots + next * 2).pointee = UInt64(bytes.count)
        word(Word.stateSlots + next * 2 + 1).pointee = Self.checksum(bytes)
        word(Word.stateAppended + next).pointee = 0
        modhost_store_release(word(Word.stateSelector), UInt64(next))
        // The other slot's pages go back (the state may be a large tree).
        let previous = 1 - next
        let previousLength = Int(clamping: word(Word.stateSlots + previous * 2).pointee &+ word(Word.stateAppended + previous).pointee)
        if previousLength > 64 * 1024 {
            _ = modhost_punch_hole(fd, UInt64(stateOffset(previous)), UInt64(min(previousLength, stateCapacity)))
        }
        return true
    }

    /// Changes appended after a whole state are rewritten with it once they outweigh it and
    /// this much (so a small state is not rewritten for every few changes).
    static let appendedBeforeRewrite = 256 * 1024

    /// Appends `changes` (each a record the session reads in order over its whole state) to
    /// the current slot. False, with nothing counted, when there is no whole state to append
    /// to, or the changes would outweigh it: then the caller writes a whole state.
    public func appendState(_ changes: [[UInt8]]) -> Bool {
        let slot = Int(word(Word.stateSelector).pointee & 1)
        let base = Int(clamping: word(Word.stateSlots + slot * 2).pointee)
        let appended = Int(clamping: word(Word.stateAppended + slot).pointee)
        guard base > 0, base <= stateCapacity, appended <= stateCapacity - base else { return false }
        var bytes: [UInt8] = []
        for change in changes {
            withUnsafeBytes(of: UInt64(change.count).littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: Self.checksum(change).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: change)
        }
        if bytes.isEmpty { return true }
        guard appended + bytes.count <= max(base, Self.appendedBeforeRewrite), base + appended + bytes.count <= stateCapacity else { return false }
        let offset = stateOffset(slot) + base + appended
        let whole = bytes.withUnsafeBytes { bytes in
            Self.transfer(bytes.count) { done in pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done)) }
        }
        guard whole else { return false }
        modhost_store_release(word(Word.stateAppended + slot), UInt64(appended + bytes.count))
        return true
    }

    /// The session's state as last stored: the whole state and the changes appended after it,
    /// in order; nil when none was stored, or the whole state does not check out. The changes
    /// end before the first that does not (a plugin may have written over the file).
    public func readState() -> (whole: [UInt8], changes: [[UInt8]])? {
        let slot = Int(word(Word.stateSelector).pointee)
        guard slot <= 1 else { return nil }
        let length = Int(clamping: word(Word.stateSlots + slot * 2).pointee)
        guard length > 0, length <= stateCapacity else { return nil }
        let appended = min(Int(clamping: word(Word.stateAppended + slot).pointee), stateCapacity - length)
        guard let bytes = read(length + appended, at: stateOffset(slot)) else { return nil }
        let whole = Array(bytes[..<length])
        guard Self.checksum(whole) == word(Word.stateSlots + slot * 2 + 1).pointee else { return nil }
        var changes: [[UInt8]] = []
        var at = length
        while bytes.count - at >= 16 {
            let count = bytes.withUnsafeBytes { Int(clamping: UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt64.self))) }
            let sum = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)) }
            guard count <= bytes.count - at - 16 else { break }
            let change = Array(bytes[(at + 16)..<(at + 16 + count)])
            guard Self.checksum(change) == sum else { break }
            changes.append(change)
            at += 16 + count
        }
        return (whole, changes)
    }

    private func read(_ length: Int, at offset: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: length)
        let whole = bytes.withUnsafeMutableBytes { bytes in
            Self.transfer(length) { done in pread(fd, bytes.baseAddress! + done, length - done, off_t(offset + done)) }
        }
        return whole ? bytes : nil
    }

    private func stateOffset(_ slot: Int) -> Int { Self.headerSize + inputCapacity + outputCapacity + slot * stateCapacity }

    /// FNV-1a over 64-bit words (and the tail's bytes): catches a state torn or written
    /// over, not an attacker (who could write a checksum as well; the state is parsed as
    /// untrusted input anyway). Words, not bytes: a large tree's state is checked in a tenth
    /// of a millisecond per megabyte.
    /// Runs `step` (a `pread` or `pwrite` of the rest, given how much is done) until `total`
    /// bytes are moved; false when one moves nothing or fails (other than for a signal).
    private static func transfer(_ total: Int, _ step: (_ done: Int) -> Int) -> Bool {
        var done = 0
        while done < total {
            let count = step(done)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for index in 0..<words {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* 0x100_0000_01b3
            }
            for index in (words * 8)..<raw.count {
                hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01b3
            }
        }
        return hash ^ UInt64(bytes.count)
    }

    /// Gives back the pages of a region's bytes past `keep` up to `used` (a drained buffer
    /// that had grown large).
    public func release(inputFrom keep: Int, upTo used: Int) {
        guard used > keep else { return }
        _ = modhost_punch_hole(fd, UInt64(Self.headerSize + keep), UInt64(used - keep))
    }

    public func release(outputFrom keep: Int, upTo used: Int) {
        guard used > keep else { return }
        _ = modhost_punch_hole(fd, UInt64(Self.headerSize + inputCapacity + keep), UInt64(used - keep))
    }
}
