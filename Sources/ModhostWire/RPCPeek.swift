/// The `id` and `method` of a JSON-RPC message, read without parsing the rest: members are
/// taken in order and skipped over (strings and nesting followed, nothing built) until both
/// are found, so a request written as `{"jsonrpc", "id", "method", "params"}` costs a few dozen
/// bytes however large its params. For a crash report, where the request must be named but the
/// frame was already handled once.
public enum RPCPeek {
    public struct Found: Equatable, Sendable {
        public var id: JSONValue?
        public var method: String?
        /// The message is a batch: `id` and `method` are its first element's.
        public var isBatch = false

        public init(id: JSONValue? = nil, method: String? = nil, isBatch: Bool = false) {
            self.id = id
            self.method = method
            self.isBatch = isBatch
        }
    }

    /// Where the values of `id` and `method` are in a message (their JSON text as sent).
    public struct Places: Equatable, Sendable {
        public var id: Range<Int>?
        public var method: Range<Int>?
        public var isBatch = false
    }

    /// Nil when `bytes` does not start like a JSON object or an array of them.
    public static func idAndMethod(_ bytes: UnsafeRawBufferPointer) -> Found? {
        guard let places = places(in: bytes) else { return nil }
        func value(_ range: Range<Int>?) -> JSONValue? {
            range.flatMap { try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[$0])) }
        }
        return Found(id: value(places.id), method: value(places.method)?.stringValue, isBatch: places.isBatch)
    }

    /// `{"pid":…,"id":…,"method":…}` as bytes, copied from the message's own text (`method`
    /// is "batch" for a batch): no values are built.
    public static func requestText(_ bytes: UnsafeRawBufferPointer, pid: Int32?) -> [UInt8] {
        let places = places(in: bytes)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        text.append(UInt8(ascii: "{"))
        if let pid {
            // Digits written as JSON writes a number: an interpolated string cost more than the scan.
            text.append(contentsOf: #""pid":"#.utf8)
            JSONWriter.write(.int(Int64(pid)), into: &text)
            text.append(UInt8(ascii: ","))
        }
        text.append(contentsOf: #""id":"#.utf8)
        if let id = places?.id { text.append(contentsOf: bytes[id]) } else { text.append(contentsOf: "null".utf8) }
        text.append(contentsOf: #","method":"#.utf8)
        if places?.isBatch == true {
            text.append(contentsOf: #""batch""#.utf8)
        } else if let method = places?.method {
            text.append(contentsOf: bytes[method])
        } else {
            text.append(contentsOf: #""?""#.utf8)
        }
        text.append(UInt8(ascii: "}"))
        return text
    }

    /// Where `id` and `method` are; nil when `bytes` is not an object or an array of them.
    public static func places(in bytes: UnsafeRawBufferPointer) -> Places? {
        var scanner = Scanner(bytes: bytes)
        scanner.skipSpace()
        var found = Places()
        if scanner.peek == UInt8(ascii: "[") {
            scanner.index += 1
            scanner.skipSpace()
            found.isBatch = true
        }
        guard scanner.peek == UInt8(ascii: "{") else { return nil }
        scanner.index += 1
        while true {
            scanner.skipSpace()
            guard let keyRange = scanner.skipString() else { return found }
            scanner.skipSpace()
            guard scanner.peek == UInt8(ascii: ":") else { return found }
            scanner.index += 1
            scanner.skipSpace()
            let valueStart = scanner.index
            guard scanner.skipValue() else { return found }
            // Compared byte by byte: the generic `elementsEqual` of a slice with a UTF-8 view
            // cost as much as the rest of the scan.
            if Self.equals(bytes, keyRange, "id") {
                found.id = valueStart..<scanner.index
            } else if Self.equals(bytes, keyRange, "method") {
                found.method = valueStart..<scanner.index
            }
            if found.id != nil && found.method != nil { return found }
            scanner.skipSpace()
            guard scanner.peek == UInt8(ascii: ",") else { return found }
            scanner.index += 1
        }
    }

    /// Whether `bytes[range]` is `name`, plain ASCII.
    private static func equals(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        let expected = name.utf8Start
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != expected[offset] { return false }
        return true
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        /// Skips a string; returns the range of its contents (escapes left as they are).
        mutating func skipString() -> Range<Int>? {
            guard peek == UInt8(ascii: "\"") else { return nil }
            index += 1
            let start = index
            while let byte = peek {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    defer { index += 1 }
                    return start..<index
                }
                index += 1
            }
            return nil
        }

        /// Skips one value of any kind, following nesting; false at malformed input or the end.
        mutating func skipValue() -> Bool {
            var depth = 0
            repeat {
                guard let byte = peek else { return false }
                switch byte {
                case UInt8(ascii: "\""):
                    guard skipString() != nil else { return false }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard depth > 0 else { return false }
                    depth -= 1
                    index += 1
                default:
                    // A scalar (or, inside nesting, a separator): to the next structural byte.
                    index += 1
                    if depth == 0 {
                        while let next = peek, next != UInt8(ascii: ","), next != UInt8(ascii: "}"), next != UInt8(ascii: "]"),
                            next != 0x20, next != 0x0A, next != 0x0D, next != 0x09
                        { index += 1 }
                    }
                }
            } while depth > 0
            return true
        }
    }
}
