/// Writes `JSONValue`s as UTF-8 JSON text.
///
/// Object members come out in `JSONObject` order. Strings are written as raw UTF-8 with only
/// `"`, `\` and the control characters below U+0020 escaped. Integers are exact; finite doubles use
/// the shortest form that reads back to the same value; non-finite doubles (which the parser never
/// produces) are written as `null`.
public enum JSONWriter {
    /// Appends the compact form of `value` (no whitespace) to `buffer`.
    public static func write(_ value: JSONValue, into buffer: inout [UInt8]) {
        switch value {
        case .null:
            appendASCII("null", to: &buffer)
        case let .bool(flag):
            appendASCII(flag ? "true" : "false", to: &buffer)
        case let .int(number):
            writeInteger(number, into: &buffer)
        case let .double(number):
            writeDouble(number, into: &buffer)
        case let .string(text):
            writeString(text, into: &buffer)
        case let .array(elements):
            buffer.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                write(element, into: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case let .object(object):
            buffer.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in object {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                writeString(key, into: &buffer)
                buffer.append(UInt8(ascii: ":"))
                write(member, into: &buffer)
            }
            buffer.append(UInt8(ascii: "}"))
        }
    }

    /// Appends an indented, human-readable form of `value` to `buffer`: one member or element
    /// per line, `indent` spaces per level, `": "` after member names, empty containers as
    /// `[]` and `{}`. No trailing newline.
    public static func writePretty(_ value: JSONValue, into buffer: inout [UInt8], indent: Int = 2) {
        writePretty(value, into: &buffer, indent: max(0, indent), level: 0)
    }

    private static func writePretty(_ value: JSONValue, into buffer: inout [UInt8], indent: Int, level: Int) {
        switch value {
        case let .array(elements) where !elements.isEmpty:
            buffer.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                newline(into: &buffer, spaces: indent * (level + 1))
                writePretty(element, into: &buffer, indent: indent, level: level + 1)
            }
            newline(into: &buffer, spaces: indent * level)
            buffer.append(UInt8(ascii: "]"))
        case let .object(object) where !object.isEmpty:
            buffer.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in object {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                newline(into: &buffer, spaces: indent * (level + 1))
                writeString(key, into: &buffer)
                buffer.append(UInt8(ascii: ":"))
                buffer.append(UInt8(ascii: " "))
                writePretty(member, into: &buffer, indent: indent, level: level + 1)
            }
            newline(into: &buffer, spaces: indent * level)
            buffer.append(UInt8(ascii: "}"))
        default:
            write(value, into: &buffer)
        }
    }

    private static func newline(into buffer: inout [UInt8], spaces: Int) {
        buffer.append(UInt8(ascii: "\n"))
        if spaces > 0 { buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces)) }
    }

    /// Appends `text`, JSON text written by hand (`{"a":`), as it is.
    @inline(__always)
    public static func appendASCII(_ text: StaticString, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private static func writeInteger(_ number: Int64, into buffer: inout [UInt8]) {
        if number < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        if magnitude < 10 {
            buffer.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        // At most 20 digits (UInt64.max); fill a small stack buffer from the right.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { scratch in
            var position = scratch.count
            while magnitude > 0 {
                position -= 1
                scratch[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[position...]))
        }
    }

    private static func writeDouble(_ number: Double, into buffer: inout [UInt8]) {
        guard number.isFinite else {
            appendASCII("null", to: &buffer)
            return
        }
        // Swift's description is the shortest round-tripping form and is always valid JSON for
        // finite values ("0.1", "3.0", "1e+100", "5e-324", "-0.0").
        buffer.append(contentsOf: number.description.utf8)
    }

    /// Appends `text` as a JSON string, quoted and escaped.
    public static func writeString(_ text: String, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            let count = utf8.count
            var runStart = 0
            var position = 0
            while position < count {
                // Eight bytes at a time while none needs escaping, as in most text: a byte
                // at a time cost a third of a short call's reply.
                if position + 8 <= count, !Self.needsEscape(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)) {
                    position += 8
                    continue
                }
                let byte = base[position]
                position += 1
                if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") { continue }
                if runStart < position - 1 {
                    buffer.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: position - 1 - runStart))
                }
                appendEscape(for: byte, to: &buffer)
                runStart = position
            }
            if runStart < count {
                buffer.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes of `word` is a control character, a quote or a
    /// backslash (the exact "has a byte less than / equal to" word tests; bytes of 0x80 and
    /// up, UTF-8's multi-byte sequences, never match).
    @inline(__always)
    static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word & highs
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        return (control | ((quotes &- ones) & ~quotes & highs) | ((backslashes &- ones) & ~backslashes & highs)) != 0
    }

    private static func appendEscape(for byte: UInt8, to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case 0x08: buffer.append(UInt8(ascii: "b"))
        case 0x0C: buffer.append(UInt8(ascii: "f"))
        case 0x0A: buffer.append(UInt8(ascii: "n"))
        case 0x0D: buffer.append(UInt8(ascii: "r"))
        case 0x09: buffer.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            let digits = hex.utf8Start
            buffer.append(UInt8(ascii: "u"))
            buffer.append(UInt8(ascii: "0"))
            buffer.append(UInt8(ascii: "0"))
            buffer.append(digits[Int(byte >> 4)])
            buffer.append(digits[Int(byte & 0x0F)])
        }
    }
}

extension JSONValue {
    /// The compact JSON text of this value as UTF-8 bytes.
    public func serialized() -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(64)
        JSONWriter.write(self, into: &buffer)
        return buffer
    }

    /// The compact JSON text of this value.
    public var jsonText: String {
        String(decoding: serialized(), as: UTF8.self)
    }
}
