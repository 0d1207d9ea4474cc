import Testing

@testable import ModhostWire
import SeededRandom

// MARK: - Helpers


/// A payload whose bytes depend on both the frame index and the position, so that a frame
/// returned out of order, truncated or shifted by one byte never compares equal.
private func framePayload(index: Int, size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: index &* 31 &+ $0 &* 7 &+ ($0 >> 8)) }
}

/// Frames of varied sizes: single bytes, sizes around the 8-bit boundaries, and a few KB.
private let mixedPayloads: [[UInt8]] = [1, 2, 1, 255, 256, 257, 3, 4096, 1, 5000, 17, 1]
    .enumerated().map { framePayload(index: $0.offset, size: $0.element) }

/// The wire bytes for `payloads`, with the headers written by hand (not by the encoder under
/// test) so that the decoder tests do not depend on the encoder being right.
private func handFramed(_ payloads: [[UInt8]]) -> [UInt8] {
    var stream: [UInt8] = []
    for payload in payloads {
        let n = UInt32(payload.count)
        stream += [UInt8(n >> 24), UInt8((n >> 16) & 0xFF), UInt8((n >> 8) & 0xFF), UInt8(n & 0xFF)]
        stream += payload
    }
    return stream
}

private func header(_ length: UInt32) -> [UInt8] {
    [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
}

/// Takes every whole frame the decoder holds now, copied out of its storage.
private func drain(_ decoder: inout FrameDecoder) throws(FrameSizeError) -> [[UInt8]] {
    var frames: [[UInt8]] = []
    while let frame = try decoder.nextFrame() { frames.append(Array(frame)) }
    return frames
}

/// Feeds `stream` to a fresh decoder cut at `cuts` (sorted offsets), draining after every
/// chunk, and returns every frame decoded plus the bytes left over.
private func decode(_ stream: [UInt8], cutAt cuts: [Int], maxFrameSize: Int = FrameDecoder.defaultMaxFrameSize)
    throws(FrameSizeError) -> (frames: [[UInt8]], leftover: Int)
{
    var decoder = FrameDecoder(maxFrameSize: maxFrameSize)
    var frames: [[UInt8]] = []
    var start = 0
    for end in cuts + [stream.count] where end >= start {
        decoder.append(contentsOf: stream[start..<end])
        frames += try drain(&decoder)
        start = end
    }
    return (frames, decoder.bufferedByteCount)
}

/// The outcome of one `nextFrame` call, so an error can be compared like a value.
private func nextResult(_ decoder: inout FrameDecoder) -> Result<[UInt8]?, FrameSizeError> {
    do throws(FrameSizeError) {
        return .success(try decoder.nextFrame().map(Array.init))
    } catch {
        return .failure(error)
    }
}

// MARK: - Segmentation

@Suite("FrameDecoder: any segmentation yields the original frames", .timeLimit(.minutes(20)))
struct FrameDecoderSegmentationTests {
    @Test func allFramesInOneChunkDecodeInOrder() throws {
        let result = try decode(handFramed(mixedPayloads), cutAt: [])
        #expect(result.frames == mixedPayloads)
        #expect(result.leftover == 0)
    }

    @Test func oneByteAtATimeDecodesInOrder() throws {
        let stream = handFramed(mixedPayloads)
        let result = try decode(stream, cutAt: Array(1..<stream.count))
        #expect(result.frames == mixedPayloads)
        #expect(result.leftover == 0)
    }

    @Test func oneByteAtATimeThroughTheRawBufferAppendDecodesInOrder() throws {
        let stream = handFramed(mixedPayloads)
        var decoder = FrameDecoder()
        var frames: [[UInt8]] = []
        for byte in stream {
            withUnsafeBytes(of: byte) { decoder.append($0) }
            frames += try drain(&decoder)
        }
        #expect(frames == mixedPayloads)
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test func everySplitIntoTwoChunksDecodesInOrder() throws {
        let stream = handFramed(mixedPayloads)
        var failures: [Int] = []
        for split in 0...stream.count {
            let result = try decode(stream, cutAt: [split])
            if result.frames != mixedPayloads || result.leftover != 0 { failures.append(split) }
        }
        #expect(failures.isEmpty, "wrong frames when split at offsets \(failures.prefix(20))")
    }

    @Test func manySeededRandomSplitsDecodeInOrder() throws {
        let stream = handFramed(mixedPayloads)
        var rng = SplitMix64(seed: 0x5EED_F4A3_E5)
        var failures: [[Int]] = []
        for _ in 0..<500 {
            let cutCount = Int.random(in: 1...40, using: &rng)
            let cuts = (0..<cutCount).map { _ in Int.random(in: 0...stream.count, using: &rng) }.sorted()
            let result = try decode(stream, cutAt: cuts)
            if result.frames != mixedPayloads || result.leftover != 0 { failures.append(cuts) }
        }
        #expect(failures.isEmpty, "wrong frames for cuts \(failures.first ?? [])")
    }

    /// A long stream read in chunks that rarely end on a frame boundary, so the decoder keeps a
    /// partial frame while its consumed prefix grows past the point where it compacts.
    @Test func longStreamInRandomChunksSurvivesBufferCompaction() throws {
        var rng = SplitMix64(seed: 42)
        let payloads = (0..<120).map { index in
            framePayload(index: index, size: Int.random(in: 1...9000, using: &rng))
        }
        let stream = handFramed(payloads)
        for _ in 0..<20 {
            var cuts: [Int] = []
            var offset = 0
            while true {
                offset += Int.random(in: 1...20_000, using: &rng)
                if offset >= stream.count { break }
                cuts.append(offset)
            }
            let result = try decode(stream, cutAt: cuts)
            #expect(result.frames == payloads)
            #expect(result.leftover == 0)
        }
    }

    /// The decoder keeps its storage between reads and drops it after a frame over 1 MiB:
    /// frames before, inside and after such a frame come out whole either way.
    @Test func smallFramesAroundALargeOneDecodeInOrder() throws {
        let payloads = [framePayload(index: 0, size: 10), framePayload(index: 1, size: 2 << 20), framePayload(index: 2, size: 7)]
            + (3..<50).map { framePayload(index: $0, size: 100) }
        let stream = handFramed(payloads)
        let result = try decode(stream, cutAt: Array(stride(from: 65_536, to: stream.count, by: 65_536)))
        #expect(result.frames == payloads)
        #expect(result.leftover == 0)
    }

    @Test func framesBeforeABadHeaderAreStillReturned() {
        var decoder = FrameDecoder(maxFrameSize: 10)
        decoder.append(contentsOf: handFramed([[1, 2], [3]]) + header(11))
        #expect(nextResult(&decoder) == .success([1, 2]))
        #expect(nextResult(&decoder) == .success([3]))
        #expect(nextResult(&decoder) == .failure(FrameSizeError(length: 11, limit: 10)))
    }
}

// MARK: - Size checks

@Suite("FrameDecoder: frame size limits", .timeLimit(.minutes(20)))
struct FrameDecoderSizeTests {
    @Test func zeroLengthFrameIsRefused() {
        var decoder = FrameDecoder()
        decoder.append(contentsOf: header(0))
        #expect(nextResult(&decoder) == .failure(FrameSizeError(length: 0, limit: FrameDecoder.defaultMaxFrameSize)))
    }

    @Test func zeroLengthFrameIsRefusedEvenWhenMoreBytesFollow() {
        var decoder = FrameDecoder()
        decoder.append(contentsOf: header(0) + handFramed([[7]]))
        #expect(nextResult(&decoder) == .failure(FrameSizeError(length: 0, limit: FrameDecoder.defaultMaxFrameSize)))
    }

    @Test func overLimitLengthIsRefusedAsSoonAsTheHeaderArrives() {
        var decoder = FrameDecoder(maxFrameSize: 100)
        // Three header bytes: not enough to know the length yet.
        decoder.append(contentsOf: header(101).prefix(3))
        #expect(nextResult(&decoder) == .success(nil))
        // The fourth header byte, and not one byte of payload: refused now.
        decoder.append(contentsOf: header(101).suffix(1))
        #expect(nextResult(&decoder) == .failure(FrameSizeError(length: 101, limit: 100)))
    }

    @Test func overDefaultLimitReportsLengthAndDefaultLimit() {
        var decoder = FrameDecoder()
        let length = UInt32(FrameDecoder.defaultMaxFrameSize + 1)
        decoder.append(contentsOf: header(length))
        #expect(
            nextResult(&decoder)
                == .failure(FrameSizeError(length: Int(length), limit: FrameDecoder.defaultMaxFrameSize)))
    }

    @Test func largestPossibleHeaderIsRefusedWithoutBufferingThePayload() {
        var decoder = FrameDecoder()
        decoder.append(contentsOf: header(UInt32.max))
        #expect(
            nextResult(&decoder)
                == .failure(FrameSizeError(length: Int(UInt32.max), limit: FrameDecoder.defaultMaxFrameSize)))
        #expect(decoder.bufferedByteCount == 4)
    }

    /// Even when the limit allows 4 GiB - 1, announcing it reserves nothing: the decoder waits,
    /// holding only the bytes it was actually given.
    @Test func allowedHugeHeaderWaitsHoldingOnlyTheBytesReceived() {
        var decoder = FrameDecoder(maxFrameSize: Int(UInt32.max))
        decoder.append(contentsOf: header(UInt32.max) + [1, 2, 3])
        #expect(nextResult(&decoder) == .success(nil))
        #expect(decoder.bufferedByteCount == 7)
    }

    @Test func frameOfExactlyTheMaximumSizeIsAccepted() {
        let payload = framePayload(index: 1, size: 1000)
        var decoder = FrameDecoder(maxFrameSize: 1000)
        decoder.append(contentsOf: handFramed([payload]))
        #expect(nextResult(&decoder) == .success(payload))
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test func frameOneByteOverTheMaximumIsRefused() {
        var decoder = FrameDecoder(maxFrameSize: 1000)
        decoder.append(contentsOf: handFramed([framePayload(index: 1, size: 1001)]))
        #expect(nextResult(&decoder) == .failure(FrameSizeError(length: 1001, limit: 1000)))
    }

    @Test func oneByteFrameIsAccepted() {
        var decoder = FrameDecoder(maxFrameSize: 1)
        decoder.append(contentsOf: header(1) + [0x7B])
        #expect(nextResult(&decoder) == .success([0x7B]))
    }
}

// MARK: - Partial input

@Suite("FrameDecoder: partial input", .timeLimit(.minutes(20)))
struct FrameDecoderPartialTests {
    @Test func emptyDecoderHasNoFrame() {
        var decoder = FrameDecoder()
        #expect(nextResult(&decoder) == .success(nil))
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test func partialHeaderReturnsNilAndKeepsItsBytes() {
        var decoder = FrameDecoder()
        decoder.append(contentsOf: [0, 0])
        #expect(nextResult(&decoder) == .success(nil))
        #expect(decoder.bufferedByteCount == 2)
    }

    @Test func partialPayloadReturnsNilAndKeepsItsBytes() {
        let payload = framePayload(index: 3, size: 10)
        let stream = handFramed([payload])
        var decoder = FrameDecoder()
        decoder.append(contentsOf: stream.prefix(9))
        #expect(nextResult(&decoder) == .success(nil))
        #expect(decoder.bufferedByteCount == 9)
        // Asking again changes nothing.
        #expect(nextResult(&decoder) == .success(nil))
        #expect(decoder.bufferedByteCount == 9)
        decoder.append(contentsOf: stream.dropFirst(9))
        #expect(nextResult(&decoder) == .success(payload))
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test func bytesAfterAWholeFrameStayBuffered() {
        var decoder = FrameDecoder()
        decoder.append(contentsOf: handFramed([[1, 2, 3]]) + header(5) + [9])
        #expect(nextResult(&decoder) == .success([1, 2, 3]))
        #expect(decoder.bufferedByteCount == 5)
        #expect(nextResult(&decoder) == .success(nil))
    }
}

// MARK: - Encoder

@Suite("FrameEncoder", .timeLimit(.minutes(20)))
struct FrameEncoderTests {
    @Test func headerIsTheBigEndianPayloadLength() {
        let payload = [UInt8](repeating: 0xAB, count: 0x0102)
        let framed = FrameEncoder.frame(payload)
        #expect(Array(framed.prefix(4)) == [0x00, 0x00, 0x01, 0x02])
        #expect(Array(framed.dropFirst(4)) == payload)
    }

    @Test func headerUsesAllFourBytesBigEndian() {
        let framed = FrameEncoder.frame([UInt8](repeating: 0, count: 0x0102_0304))
        #expect(framed.count == 0x0102_0304 + 4)
        #expect(Array(framed.prefix(4)) == [0x01, 0x02, 0x03, 0x04])
    }

    @Test func oneBytePayloadHasHeaderOne() {
        #expect(FrameEncoder.frame([0x42]) == [0, 0, 0, 1, 0x42])
    }

    @Test func appendFramePayloadKeepsWhatTheBufferAlreadyHeld() {
        var buffer: [UInt8] = [9, 9]
        FrameEncoder.appendFrame(payload: [1, 2, 3], to: &buffer)
        #expect(buffer == [9, 9, 0, 0, 0, 3, 1, 2, 3])
    }

    @Test func appendFrameBodyClosurePatchesTheLengthOfWhatItWrote() {
        var buffer: [UInt8] = [0xEE]
        FrameEncoder.appendFrame(to: &buffer) { body in
            body.append(contentsOf: Array("hello".utf8))
            body.append(contentsOf: [UInt8](repeating: 0x2E, count: 300))
        }
        #expect(buffer.count == 1 + 4 + 305)
        #expect(buffer[0] == 0xEE)
        #expect(Array(buffer[1..<5]) == [0, 0, 0x01, 0x31])  // 305
        #expect(Array(buffer[5..<10]) == Array("hello".utf8))
    }

    @Test func consecutiveAppendFrameCallsEachPatchTheirOwnHeader() {
        var buffer: [UInt8] = []
        FrameEncoder.appendFrame(to: &buffer) { $0.append(contentsOf: [1]) }
        FrameEncoder.appendFrame(to: &buffer) { $0.append(contentsOf: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2]) }
        #expect(buffer == [0, 0, 0, 1, 1, 0, 0, 0, 10, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2])
    }

    @Test func encodedFramesDecodeToTheSamePayloads() throws {
        var buffer: [UInt8] = []
        for payload in mixedPayloads { FrameEncoder.appendFrame(payload: payload, to: &buffer) }
        #expect(buffer == handFramed(mixedPayloads))
        var decoder = FrameDecoder()
        decoder.append(contentsOf: buffer)
        #expect(try drain(&decoder) == mixedPayloads)
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test func encodedJSONBodyRoundTripsThroughTheDecoder() throws {
        let value: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "ping", "params": ["a": [1, 2.5, nil, true]]]
        var buffer: [UInt8] = []
        FrameEncoder.appendFrame(to: &buffer) { JSONWriter.write(value, into: &$0) }
        var decoder = FrameDecoder()
        decoder.append(contentsOf: buffer)
        let frame = try #require(try decoder.nextFrame())
        #expect(try JSONParser.parse(Array(frame)) == value)
    }
}
