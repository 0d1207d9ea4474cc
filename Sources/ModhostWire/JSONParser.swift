/// Why a byte sequence is not a JSON text the host accepts, and where the problem was found.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, e.g. "unexpected byte 0x2C" or "nesting deeper than 512".
    public var message: String
    /// Zero-based byte offset into the input at which the problem was detected.
    public var offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { "\(message) at byte \(offset)" }
}

/// A strict RFC 8259 parser working directly on UTF-8 bytes.
///
/// The profile (see `protocol/json.md`):
/// - exactly one value, optionally surrounded by space, tab, LF or CR;
/// - UTF-8 only: invalid sequences, overlong forms, encoded surrogates and a leading BOM are rejected;
/// - `\uXXXX` surrogate escapes must form a valid pair;
/// - integers that fit `Int64` become `.int`, every other number `.double`; a number that
///   overflows `Double` is rejected, one that underflows becomes zero;
/// - arrays and objects may nest at most `maxDepth` levels;
/// - a repeated object key keeps its last value.
public enum JSONParser {
    public static let defaultMaxDepth = 512

    public static func parse(
        _ bytes: UnsafeRawBufferPointer, maxDepth: Int = defaultMaxDepth
    ) throws(JSONParseError) -> JSONValue {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw JSONParseError(message: "unexpected end of input", offset: 0)
        }
        // A document large enough to repeat many short strings gets a cache for its parse.
        let strings = bytes.count >= JSONStringCache.minDocumentBytes ? JSONStringCache() : nil
        defer { withExtendedLifetime(strings) {} }
        var parser = ByteParser(
            base: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, maxDepth: maxDepth, strings: strings)
        return try parser.parseDocument()
    }

    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) -> JSONValue in try parse(raw, maxDepth: maxDepth) }
        }
        return try result.get()
    }

    public static func parse(
        _ bytes: ArraySlice<UInt8>, maxDepth: Int = defaultMaxDepth
    ) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) -> JSONValue in try parse(raw, maxDepth: maxDepth) }
        }
        return try result.get()
    }

    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { utf8 in
            Result { () throws(JSONParseError) -> JSONValue in
                try parse(UnsafeRawBufferPointer(utf8), maxDepth: maxDepth)
            }
        }
        return try result.get()
    }
}

/// Reads a document that is one JSON object member by member, straight from its bytes, for
/// callers that want a few members without building the object (see `RPCRequest.decode`).
/// It covers the common case only: it throws for anything `JSONParser.parse` would refuse,
/// and also for member names with an escape or a byte above 0x7F (whose bytes are not simply
/// their text), so a caller falls back to `JSONParser.parse` whenever it throws. Repeated
/// names come back as often as they occur.
struct JSONObjectReader {
    private var parser: ByteParser
    private var isFirstMember = true

    /// Starts reading `bytes`, which must begin (after whitespace) with `{`. The caller keeps
    /// `strings` alive while the reader is used.
    init(
        _ bytes: UnsafeRawBufferPointer, maxDepth: Int = JSONParser.defaultMaxDepth, strings: JSONStringCache? = nil
    ) throws(JSONParseError) {
        guard let base = bytes.baseAddress, maxDepth >= 1 else {
            throw JSONParseError(message: "not an object", offset: 0)
        }
        // The object itself is one level, so its members may nest one level less.
        parser = ByteParser(
            base: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, maxDepth: maxDepth - 1, strings: strings)
        try parser.beginObject()
    }

    /// The next member's name (valid as long as the input is), or nil once the object and
    /// the document have ended. Call `value` or `skip` for each name before the next.
    mutating func nextName() throws(JSONParseError) -> UnsafeRawBufferPointer? {
        defer { isFirstMember = false }
        return try parser.nextMemberName(isFirst: isFirstMember)
    }

    /// The current member's value.
    mutating func value() throws(JSONParseError) -> JSONValue {
        let value = try parser.parseValue()
        parser.skipWhitespace()
        return value
    }

    /// Checks the current member's value as `value` would, without building it: what it is
    /// (`JSONValueShape`). Throws wherever `value` would, and also (so that the caller falls
    /// back to `JSONParser.parse`) past 64 levels of nesting.
    mutating func skipValue() throws(JSONParseError) -> JSONValueShape {
        let shape = try parser.skipValue()
        parser.skipWhitespace()
        return shape
    }

    /// Whether the current member's value is spelled exactly `literal` (a valid JSON value);
    /// consumes it if so.
    mutating func skip(ifValueIs literal: StaticString) -> Bool {
        guard parser.skip(ifNextIs: literal) else { return false }
        parser.skipWhitespace()
        return true
    }
}

/// What a value is, for a caller that checked it without building it: enough to answer a
/// method that takes no params (`{}` and `[]` pass, anything else is refused).
public enum JSONValueShape: Sendable, Equatable {
    case emptyObject
    case emptyArray
    case objectWithMembers
    case arrayWithElements
    /// A string, number, boolean or null.
    case scalar
}

// MARK: - Implementation

/// Exact powers of ten representable in a `Double` (10^0 ... 10^22), for the fast number path.
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

private enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let leftBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let rightBracket: UInt8 = 0x5D
    static let leftBrace: UInt8 = 0x7B
    static let rightBrace: UInt8 = 0x7D
}

/// The values, member names and enclosing containers of the open containers of one parse,
/// innermost last, in buffers that grow by doubling and are reused by every container: a
/// container that closes moves its entries into an array of exactly their count, so the
/// tree's arrays are allocated once each and nothing is retained or released on the way.
/// An object's member values wait among the values, its names (with their hashes) on their
/// own stack; the name of a member whose value is a container waits below that container's.
private struct ParseStack {
    /// A member name and its hash (`ByteParser.keyHash`; 0 when the name was not plain ASCII).
    struct Name {
        var key: String
        var hash: UInt64
    }

    private var values: UnsafeMutablePointer<JSONValue>?
    private var valueCapacity = 0
    private(set) var valueCount = 0
    private var names: UnsafeMutablePointer<Name>?
    private var nameCapacity = 0
    private var nameCount = 0
    private var frames: UnsafeMutablePointer<Int>?
    private var frameCapacity = 0
    private var frameCount = 0

    /// Destroys what is left (after an error) and frees the buffers.
    mutating func release() {
        if let values {
            values.deinitialize(count: valueCount)
            values.deallocate()
        }
        if let names {
            names.deinitialize(count: nameCount)
            names.deallocate()
        }
        frames?.deallocate()
        self = ParseStack()
    }

    /// Moves `count` entries from `buffer` into a new buffer of twice its capacity (at least 16).
    private static func grown<Element>(
        _ buffer: UnsafeMutablePointer<Element>?, count: Int, capacity: inout Int
    ) -> UnsafeMutablePointer<Element> {
        capacity = max(16, capacity * 2)
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        if let buffer {
            grown.moveInitialize(from: buffer, count: count)
            buffer.deallocate()
        }
        return grown
    }

    @inline(__always)
    mutating func pushValue(_ value: consuming JSONValue) {
        if valueCount == valueCapacity { values = Self.grown(values, count: valueCount, capacity: &valueCapacity) }
        (values.unsafelyUnwrapped + valueCount).initialize(to: consume value)
        valueCount += 1
    }

    @inline(__always)
    mutating func pushName(_ key: consuming String, hash: UInt64) {
        if nameCount == nameCapacity { names = Self.grown(names, count: nameCount, capacity: &nameCapacity) }
        (names.unsafelyUnwrapped + nameCount).initialize(to: Name(key: consume key, hash: hash))
        nameCount += 1
    }

    /// Keeps an enclosing container's state while a container nested in it is parsed.
    @inline(__always)
    mutating func pushFrame(_ frame: Int) {
        if frameCount == frameCapacity { frames = Self.grown(frames, count: frameCount, capacity: &frameCapacity) }
        (frames.unsafelyUnwrapped + frameCount).initialize(to: frame)
        frameCount += 1
    }

    @inline(__always)
    mutating func popFrame() -> Int {
        frameCount -= 1
        return frames.unsafelyUnwrapped[frameCount]
    }

    /// The values from `start` to the top, moved into an array of their count.
    mutating func popArray(from start: Int) -> [JSONValue] {
        let count = valueCount - start
        let source = values.unsafelyUnwrapped + start
        valueCount = start
        // `reserveCapacity` is specialized here; `init(unsafeUninitializedCapacity:)` and
        // `init(repeating:count:)` are not, and look up the array's generic metadata per call.
        var array: [JSONValue] = []
        array.reserveCapacity(count)
        for offset in 0..<count { array.append((source + offset).move()) }
        return array
    }

    /// The values from `start` to the top, with as many names from the top of theirs, as an
    /// object. `plainNames`: every name's hash was taken from its bytes, so names with
    /// distinct hashes are distinct.
    mutating func popObject(from start: Int, plainNames: Bool) -> JSONObject {
        let count = valueCount - start
        let valueSource = values.unsafelyUnwrapped + start
        let nameSource = names.unsafelyUnwrapped + (nameCount - count)
        // Whether the names are known to be distinct: small objects compare their names'
        // hashes pairwise; equal hashes, or names not all plain, take the general path.
        var distinct = count <= 1
        if !distinct && plainNames && count <= JSONObject.indexThreshold {
            distinct = true
            check: for later in 1..<count {
                let hash = nameSource[later].hash
                for earlier in 0..<later where nameSource[earlier].hash == hash {
                    distinct = false
                    break check
                }
            }
        }
        valueCount = start
        nameCount -= count
        var members: [JSONObject.Member] = []
        members.reserveCapacity(count)
        for offset in 0..<count {
            members.append(JSONObject.Member(key: (nameSource + offset).move().key, value: (valueSource + offset).move()))
        }
        return distinct ? JSONObject(distinctMembers: members) : JSONObject(membersInOrder: members)
    }
}

/// The parser proper. Iterative (an explicit stack of open containers) so that the depth limit,
/// not the thread's stack size, decides how deep a document may nest.
private struct ByteParser {
    let base: UnsafePointer<UInt8>
    let end: Int
    let maxDepth: Int
    var index = 0
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []
    /// The slots of the short strings already made (`JSONStringCache`), or nil. A pointer,
    /// not the cache: the parser stays trivially copyable, and the lookups cost no reference
    /// counting. Whoever makes the parser keeps the cache alive while it runs.
    let stringSlots: UnsafeMutablePointer<JSONStringCache.Slot>?
    /// `SmallString.layoutHolds`, read once per parse.
    let smallStringsFromWords: Bool

    init(base: UnsafePointer<UInt8>, count: Int, maxDepth: Int, strings: JSONStringCache? = nil) {
        self.base = base
        self.end = count
        self.maxDepth = maxDepth
        self.stringSlots = strings?.slots
        self.smallStringsFromWords = SmallString.layoutHolds
    }

    // MARK: Errors

    func error(_ message: String, at offset: Int) -> JSONParseError {
        JSONParseError(message: message, offset: offset)
    }

    func unexpected(at offset: Int, expecting: String) -> JSONParseError {
        if offset >= end { return error("unexpected end of input, expected \(expecting)", at: offset) }
        return error("unexpected \(describe(base[offset])), expected \(expecting)", at: offset)
    }

    func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        let digits = "0123456789ABCDEF".utf8.map { $0 }
        return "byte 0x" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }

    // MARK: Document and structure

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if end >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
            throw error("byte order mark not allowed", at: 0)
        }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index != end {
            throw error("unexpected \(describe(base[index])) after the JSON value", at: index)
        }
        return value
    }

    // MARK: Object members one by one (JSONObjectReader)

    /// Where `JSONObjectReader` gives up. Its errors only mark that spot (the caller falls back
    /// to `parse`, which words the real error), so they stay cheap to throw.
    func notPlainObject(at offset: Int) -> JSONParseError {
        JSONParseError(message: "not a plain object", offset: offset)
    }

    /// Checks for a byte order mark and consumes the opening `{`.
    mutating func beginObject() throws(JSONParseError) {
        if end >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { throw notPlainObject(at: 0) }
        skipWhitespace()
        guard index < end && base[index] == ASCII.leftBrace else { throw notPlainObject(at: index) }
        index += 1
        skipWhitespace()
    }

    /// After `{` (`isFirst`) or a member's value and the whitespace after it: the next
    /// member's raw name, having consumed it up to the `:` and the whitespace after that; nil
    /// after the closing `}` when nothing but whitespace follows.
    mutating func nextMemberName(isFirst: Bool) throws(JSONParseError) -> UnsafeRawBufferPointer? {
        guard index < end else { throw notPlainObject(at: index) }
        if base[index] == ASCII.rightBrace {
            index += 1
            skipWhitespace()
            guard index == end else { throw notPlainObject(at: index) }
            return nil
        }
        if !isFirst {
            guard base[index] == ASCII.comma else { throw notPlainObject(at: index) }
            index += 1
            skipWhitespace()
        }
        guard index < end && base[index] == ASCII.quote else { throw notPlainObject(at: index) }
        let start = index + 1
        var position = start
        while position < end && base[position] != ASCII.quote {
            // One unsigned compare for "a control character or above 0x7F".
            let byte = base[position]
            if byte &- 0x20 >= 0x60 || byte == ASCII.backslash { throw notPlainObject(at: position) }
            position += 1
        }
        guard position < end else { throw notPlainObject(at: position) }
        let name = UnsafeRawBufferPointer(start: base + start, count: position - start)
        index = position + 1
        skipWhitespace()
        guard index < end && base[index] == ASCII.colon else { throw notPlainObject(at: index) }
        index += 1
        skipWhitespace()
        return name
    }

    /// Consumes `literal` if the input continues with exactly those bytes.
    mutating func skip(ifNextIs literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard count <= end - index else { return false }
        let expected = literal.utf8Start
        for offset in 0..<count where base[index + offset] != expected[offset] { return false }
        index += count
        return true
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < end {
            let byte = base[index]
            guard byte == ASCII.space || byte == ASCII.lineFeed || byte == ASCII.carriageReturn
                || byte == ASCII.tab
            else { return }
            index += 1
        }
    }

    /// Parses one value starting at `index` (whitespace already skipped), including everything
    /// nested inside it.
    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        // Scalars skip the container bookkeeping that `parseValueTree` sets up and tears down.
        if index < end && base[index] != ASCII.leftBracket && base[index] != ASCII.leftBrace {
            return try parseScalar()
        }
        return try parseValueTree()
    }

    /// Parses a value that is not an array or object, starting at `index`.
    mutating func parseScalar() throws(JSONParseError) -> JSONValue {
        guard index < end else { throw unexpected(at: index, expecting: "a value") }
        switch base[index] {
        case ASCII.quote:
            index += 1
            if smallStringsFromWords, let (low, high, count) = shortPlainASCII(at: index) {
                index += count + 1
                return .string(SmallString.ascii(low: low, high: high, count: count))
            }
            return .string(try parseStringBody())
        case ASCII.minus, ASCII.zero...ASCII.nine:
            return try parseNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        default:
            throw unexpected(at: index, expecting: "a value")
        }
    }

    /// `parseValue` for any value, arrays and objects included.
    mutating func parseValueTree() throws(JSONParseError) -> JSONValue {
        // The entries of every open container wait on `stack`, innermost last; a container that
        // closes moves its own off the top into an array of exactly their count, allocated once.
        // The innermost container's kind and where its values start are kept in locals; the
        // enclosing ones' on the stack's frames. `depth` counts every open container (0: none).
        var stack = ParseStack()
        defer { stack.release() }
        var depth = 0
        var isObject = false
        var start = 0
        // For the innermost object: whether every member name so far was plain ASCII, so
        // that equal names have equal bytes and hence equal `keyHash`es.
        var plainNames = true

        nextValue: while true {
            var value: JSONValue
            guard index < end else { throw unexpected(at: index, expecting: "a value") }
            switch base[index] {
            case ASCII.leftBracket, ASCII.leftBrace:
                let opensObject = base[index] == ASCII.leftBrace
                if depth >= maxDepth { throw error("nesting deeper than \(maxDepth)", at: index) }
                index += 1
                skipWhitespace()
                if index < end && base[index] == (opensObject ? ASCII.rightBrace : ASCII.rightBracket) {
                    index += 1
                    value = opensObject ? .object(JSONObject()) : .array([])
                    break
                }
                if depth > 0 { stack.pushFrame(start << 2 | (isObject ? 2 : 0) | (plainNames ? 1 : 0)) }
                depth += 1
                isObject = opensObject
                start = stack.valueCount
                if opensObject {
                    plainNames = true
                    try pushName(onto: &stack, plainNames: &plainNames)
                }
                continue nextValue
            case ASCII.quote where smallStringsFromWords:
                // The usual string (up to 15 plain bytes) inline; the rest in `parseScalar`.
                if let (low, high, count) = shortPlainASCII(at: index + 1) {
                    index += count + 2
                    value = .string(SmallString.ascii(low: low, high: high, count: count))
                } else {
                    value = try parseScalar()
                }
            default:
                value = try parseScalar()
            }

            // `value` is complete: add it to the innermost open container, closing containers
            // for as long as their closing bracket follows.
            while true {
                guard depth > 0 else { return value }
                stack.pushValue(consume value)
                skipWhitespace()
                guard index < end else {
                    throw unexpected(at: index, expecting: isObject ? "',' or '}'" : "',' or ']'")
                }
                let byte = base[index]
                if byte == ASCII.comma {
                    index += 1
                    skipWhitespace()
                    if isObject { try pushName(onto: &stack, plainNames: &plainNames) }
                    continue nextValue
                }
                if isObject {
                    guard byte == ASCII.rightBrace else { throw unexpected(at: index, expecting: "',' or '}'") }
                    value = .object(stack.popObject(from: start, plainNames: plainNames))
                } else {
                    guard byte == ASCII.rightBracket else { throw unexpected(at: index, expecting: "',' or ']'") }
                    value = .array(stack.popArray(from: start))
                }
                index += 1
                depth -= 1
                if depth > 0 {
                    // Resume the enclosing container.
                    let parked = stack.popFrame()
                    start = parked >> 2
                    isObject = parked & 2 != 0
                    plainNames = parked & 1 != 0
                }
            }
        }
    }

    /// Parses a member name and the `:` after it, and pushes the name (its value to come).
    @inline(__always)
    mutating func pushName(onto stack: inout ParseStack, plainNames: inout Bool) throws(JSONParseError) {
        var keyHash: UInt64 = 0
        let name = try parseMemberName(hash: &keyHash)
        if keyHash == 0 { plainNames = false }
        stack.pushName(name, hash: keyHash)
    }

    /// Checks one value starting at `index` (whitespace already skipped) exactly as
    /// `parseValue` would, without building it: the same bytes are accepted and refused,
    /// nesting included. Only the nesting it can track without allocating is limited further:
    /// past 64 levels it throws, and a caller that skips to save work then parses instead.
    mutating func skipValue() throws(JSONParseError) -> JSONValueShape {
        guard index < end else { throw unexpected(at: index, expecting: "a value") }
        let first = base[index]
        guard first == ASCII.leftBracket || first == ASCII.leftBrace else {
            try skipScalar()
            return .scalar
        }
        // One bit per open container, innermost lowest: set for an object.
        var objects: UInt64 = 0
        var depth = 0
        var shape = JSONValueShape.scalar
        nextValue: while true {
            guard index < end else { throw unexpected(at: index, expecting: "a value") }
            let byte = base[index]
            if byte == ASCII.leftBracket || byte == ASCII.leftBrace {
                let opensObject = byte == ASCII.leftBrace
                if depth >= maxDepth { throw error("nesting deeper than \(maxDepth)", at: index) }
                if depth >= 64 { throw error("nesting deeper than the skipper tracks", at: index) }
                index += 1
                skipWhitespace()
                let isEmpty = index < end && base[index] == (opensObject ? ASCII.rightBrace : ASCII.rightBracket)
                if depth == 0 {
                    shape = opensObject
                        ? (isEmpty ? .emptyObject : .objectWithMembers) : (isEmpty ? .emptyArray : .arrayWithElements)
                }
                if isEmpty {
                    index += 1
                } else {
                    depth += 1
                    objects = objects << 1 | (opensObject ? 1 : 0)
                    if opensObject { try skipMemberName() }
                    continue nextValue
                }
            } else {
                try skipScalar()
            }
            // A value is complete: close containers for as long as their closing bracket follows.
            while true {
                guard depth > 0 else { return shape }
                let isObject = objects & 1 == 1
                skipWhitespace()
                guard index < end else {
                    throw unexpected(at: index, expecting: isObject ? "',' or '}'" : "',' or ']'")
                }
                let byte = base[index]
                if byte == ASCII.comma {
                    index += 1
                    skipWhitespace()
                    if isObject { try skipMemberName() }
                    continue nextValue
                }
                if isObject {
                    guard byte == ASCII.rightBrace else { throw unexpected(at: index, expecting: "',' or '}'") }
                } else {
                    guard byte == ASCII.rightBracket else { throw unexpected(at: index, expecting: "',' or ']'") }
                }
                index += 1
                depth -= 1
                objects >>= 1
            }
        }
    }

    /// `parseScalar`, building nothing that needs memory (a number is read as it would be).
    mutating func skipScalar() throws(JSONParseError) {
        guard index < end else { throw unexpected(at: index, expecting: "a value") }
        switch base[index] {
        case ASCII.quote:
            index += 1
            try skipStringBody()
        case ASCII.minus, ASCII.zero...ASCII.nine:
            _ = try parseNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
        case UInt8(ascii: "f"):
            try expectLiteral("false")
        case UInt8(ascii: "n"):
            try expectLiteral("null")
        default:
            throw unexpected(at: index, expecting: "a value")
        }
    }

    /// `parseMemberName` without building the name.
    mutating func skipMemberName() throws(JSONParseError) {
        guard index < end && base[index] == ASCII.quote else {
            throw unexpected(at: index, expecting: "a string (object member name)")
        }
        index += 1
        try skipStringBody()
        skipWhitespace()
        guard index < end && base[index] == ASCII.colon else { throw unexpected(at: index, expecting: "':'") }
        index += 1
        skipWhitespace()
    }

    /// `parseStringBody` without building the string: the same checks of UTF-8, control
    /// characters and escapes (whose decoding goes to `scratch` and is dropped).
    mutating func skipStringBody() throws(JSONParseError) {
        var position = afterPlainASCII(from: index)
        while true {
            guard position < end else { throw error("unterminated string", at: position) }
            let byte = base[position]
            if byte >= 0x80 {
                position = afterPlainASCII(from: try endOfUTF8Sequence(at: position))
            } else if byte == ASCII.quote {
                index = position + 1
                return
            } else if byte == ASCII.backslash {
                scratch.removeAll(keepingCapacity: true)
                position = afterPlainASCII(from: try decodeEscape(at: position))
            } else if byte < 0x20 {
                throw error("unescaped control character in string", at: position)
            } else {
                position += 1
            }
        }
    }

    /// Parses `"name"` followed by `:` and the whitespace after it. `hash` is set to a
    /// nonzero hash of the name's bytes when the name is plain ASCII (no escape), else to 0.
    @inline(__always)
    mutating func parseMemberName(hash: inout UInt64) throws(JSONParseError) -> String {
        // The usual name, `"` and up to 15 plain bytes, `"` and `:`, inline in the caller;
        // the rest in a call.
        if smallStringsFromWords && index < end && base[index] == ASCII.quote,
            let (low, high, count) = shortPlainASCII(at: index + 1)
        {
            let colon = index + count + 2
            if colon < end && base[colon] == ASCII.colon {
                hash = SmallString.hash(low: low, high: high, count: count)
                index = colon + 1
                skipWhitespace()
                return SmallString.ascii(low: low, high: high, count: count)
            }
        }
        return try parseAnyMemberName(hash: &hash)
    }

    /// `parseMemberName` for any name.
    @inline(never)
    mutating func parseAnyMemberName(hash: inout UInt64) throws(JSONParseError) -> String {
        guard index < end && base[index] == ASCII.quote else {
            throw unexpected(at: index, expecting: "a string (object member name)")
        }
        index += 1
        let start = index
        if smallStringsFromWords, let (low, high, count) = shortPlainASCII(at: start) {
            // The usual name: made and hashed from the two words just read.
            hash = SmallString.hash(low: low, high: high, count: count)
            index = start + count + 1
            if index < end && base[index] == ASCII.colon {
                index += 1
            } else {
                skipWhitespace()
                guard index < end && base[index] == ASCII.colon else { throw unexpected(at: index, expecting: "':'") }
                index += 1
            }
            skipWhitespace()
            return SmallString.ascii(low: low, high: high, count: count)
        }
        var position = afterPlainASCII(from: start)
        // Fewer than 8 bytes were left, or a byte to look at: finish the plain run by bytes.
        while position < end {
            let byte = base[position]
            guard byte &- 0x20 < 0x60 && byte != ASCII.quote && byte != ASCII.backslash else { break }
            position += 1
        }
        let name: String
        if position < end && base[position] == ASCII.quote {
            name = plainString(at: start, count: position - start, isASCII: true)
            hash = keyHash(at: start, count: position - start)
            index = position + 1
        } else {
            name = try parseStringBody()
            hash = 0
        }
        skipWhitespace()
        guard index < end && base[index] == ASCII.colon else { throw unexpected(at: index, expecting: "':'") }
        index += 1
        skipWhitespace()
        return name
    }

    /// A hash of the `count` bytes at `start` (a member name followed by its closing quote),
    /// never 0. Names with equal bytes get equal hashes; unequal ones rarely do, and then only
    /// cost the slower duplicate check.
    @inline(__always)
    func keyHash(at start: Int, count: Int) -> UInt64 {
        if count <= SmallString.maxCount {
            // As the fast path in `parseMemberName` hashes: equal names, equal hashes.
            let (low, high) = SmallString.words(at: base + start, count: count, readableTo: base + end)
            return SmallString.hash(low: low, high: high, count: count)
        }
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var position = start
        let stop = start + count
        while stop - position >= 8 {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            hash = (hash ^ word) &* 0xC2B2_AE3D_27D4_EB4F
            hash ^= hash &>> 31
            position += 8
        }
        if position < stop {
            let left = stop - position
            var word: UInt64 = 0
            if end - position >= 8 {
                word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                word &= (1 &<< UInt64(left &* 8)) &- 1
            } else {
                for offset in 0..<left { word |= UInt64(base[position + offset]) &<< UInt64(offset &* 8) }
            }
            hash = (hash ^ word) &* 0xC2B2_AE3D_27D4_EB4F
        }
        hash ^= hash &>> 29
        return hash == 0 ? 1 : hash
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let expected = literal.utf8Start
        for offset in 0..<count {
            let position = index + offset
            guard position < end && base[position] == expected[offset] else {
                throw error(
                    position < end ? "invalid literal, expected '\(literal)'" : "unexpected end of input in '\(literal)'",
                    at: position)
            }
        }
        index += count
    }

    // MARK: Strings

    /// For a string whose body starts at `start`: when its closing quote is among the next 16
    /// bytes (which must all be readable) and nothing before it needs a look (an escape, a
    /// control character, a byte above 0x7F), its bytes as `SmallString.words` and their
    /// count (0...15); else nil. One test of two words instead of a scan.
    @inline(__always)
    func shortPlainASCII(at start: Int) -> (UInt64, UInt64, Int)? {
        guard end - start >= 16 else { return nil }
        let low = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
        let high = UnsafeRawPointer(base + start + 8).loadUnaligned(as: UInt64.self)
        #if _endian(little)
        let lowFlags = Self.bytesToLookAt(low)
        if lowFlags != 0 {
            // The lowest flagged byte is exact (see `bytesToLookAt`).
            let count = lowFlags.trailingZeroBitCount &>> 3
            guard base[start + count] == ASCII.quote else { return nil }
            return (low & ((1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1), 0, count)
        }
        let highFlags = Self.bytesToLookAt(high)
        if highFlags != 0 {
            let highCount = highFlags.trailingZeroBitCount &>> 3
            guard highCount < 8, base[start + 8 + highCount] == ASCII.quote else { return nil }
            return (low, high & ((1 &<< UInt64(truncatingIfNeeded: highCount &* 8)) &- 1), 8 + highCount)
        }
        #endif
        return nil
    }

    /// The high bit of each byte of `word` (little-endian) that a string scan must look at: a
    /// quote, a backslash, a control character or a byte above 0x7F. Bits above the lowest one
    /// may be wrong (borrows only carry upwards), the lowest is exact.
    @inline(__always)
    static func bytesToLookAt(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* UInt64(ASCII.quote))
        let backslashes = word ^ (ones &* UInt64(ASCII.backslash))
        let special =
            ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
            | ((word &- ones &* 0x20) & ~word) | word
        return special & 0x8080_8080_8080_8080
    }

    /// The first byte at or after `position` that a string scan must look at (a quote, a
    /// backslash, a control character or a byte above 0x7F), or a position before it from
    /// which fewer than 8 bytes are left: plain ASCII is passed over a word at a time. The
    /// bytes it passes are exactly those the byte loop would pass one by one.
    @inline(__always)
    func afterPlainASCII(from position: Int) -> Int {
        var position = position
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        while end - position >= 8 {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            let quotes = word ^ (ones &* UInt64(ASCII.quote))
            let backslashes = word ^ (ones &* UInt64(ASCII.backslash))
            // A byte's high bit ends up set where it is zero (quote, backslash), below 0x20,
            // or itself above 0x7F; borrows only ever add bits after such a byte.
            let special =
                ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                | ((word &- ones &* 0x20) & ~word) | word
            let flagged = special & high
            if flagged != 0 {
                #if _endian(little)
                // Borrows only flag bytes above (after) a flagged one, so the lowest is exact.
                return position + flagged.trailingZeroBitCount >> 3
                #else
                break
                #endif
            }
            position += 8
        }
        return position
    }

    /// Parses the rest of a string whose opening quote is just before `index`.
    mutating func parseStringBody() throws(JSONParseError) -> String {
        let start = index
        var position = afterPlainASCII(from: index)
        var isASCII = true
        while true {
            guard position < end else { throw error("unterminated string", at: position) }
            let byte = base[position]
            if byte >= 0x80 {
                isASCII = false
                position = afterPlainASCII(from: try endOfUTF8Sequence(at: position))
            } else if byte == ASCII.quote {
                index = position + 1
                return plainString(at: start, count: position - start, isASCII: isASCII)
            } else if byte == ASCII.backslash {
                return try parseEscapedString(start: start, firstEscape: position)
            } else if byte < 0x20 {
                throw error("unescaped control character in string", at: position)
            } else {
                position += 1
            }
        }
    }

    /// The string of the `count` bytes at `start`, already checked to be valid UTF-8 without
    /// escapes (and to be ASCII if `isASCII`).
    @inline(__always)
    func plainString(at start: Int, count: Int, isASCII: Bool) -> String {
        if count <= SmallString.maxCount {
            if isASCII && smallStringsFromWords {
                let (low, high) = SmallString.words(at: base + start, count: count, readableTo: base + end)
                return SmallString.ascii(low: low, high: high, count: count)
            }
            if let stringSlots, count > 0 {
                return JSONStringCache.string(in: stringSlots, at: base + start, count: count, readableTo: base + end)
            }
        }
        // Already validated, so decoding repairs nothing.
        return String(decoding: UnsafeBufferPointer(start: base + start, count: count), as: UTF8.self)
    }

    /// The slow path: a string with at least one escape, decoded into `scratch`.
    mutating func parseEscapedString(start: Int, firstEscape: Int) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: firstEscape - start))
        var position = firstEscape
        while true {
            guard position < end else { throw error("unterminated string", at: position) }
            let byte = base[position]
            if byte == ASCII.quote {
                index = position + 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == ASCII.backslash {
                position = try decodeEscape(at: position)
                continue
            }
            // A run of ordinary bytes, copied in one go.
            let runStart = position
            while position < end {
                let byte = base[position]
                if byte >= 0x80 {
                    position = try endOfUTF8Sequence(at: position)
                } else if byte == ASCII.quote || byte == ASCII.backslash {
                    break
                } else if byte < 0x20 {
                    throw error("unescaped control character in string", at: position)
                } else {
                    position += 1
                }
            }
            scratch.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: position - runStart))
        }
    }

    /// Decodes the escape sequence at `position` (which holds the backslash) into `scratch`;
    /// returns the position after it.
    mutating func decodeEscape(at position: Int) throws(JSONParseError) -> Int {
        guard position + 1 < end else { throw error("unterminated string", at: position + 1) }
        let decoded: UInt8
        switch base[position + 1] {
        case ASCII.quote: decoded = ASCII.quote
        case ASCII.backslash: decoded = ASCII.backslash
        case ASCII.slash: decoded = ASCII.slash
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = ASCII.lineFeed
        case UInt8(ascii: "r"): decoded = ASCII.carriageReturn
        case UInt8(ascii: "t"): decoded = ASCII.tab
        case UInt8(ascii: "u"):
            var scalar = try hexQuad(at: position + 2)
            var next = position + 6
            if scalar >= 0xD800 && scalar <= 0xDBFF {
                guard next + 1 < end && base[next] == ASCII.backslash && base[next + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate", at: position)
                }
                let low = try hexQuad(at: next + 2)
                guard low >= 0xDC00 && low <= 0xDFFF else { throw error("unpaired surrogate", at: position) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                next += 6
            } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                throw error("unpaired surrogate", at: position)
            }
            appendUTF8(scalar)
            return next
        default:
            throw error("invalid escape sequence", at: position)
        }
        scratch.append(decoded)
        return position + 2
    }

    /// The value of the four hex digits at `position`.
    func hexQuad(at position: Int) throws(JSONParseError) -> UInt32 {
        guard position + 4 <= end else { throw error("unterminated \\u escape", at: min(position, end)) }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = base[position + offset]
            let digit: UInt8
            switch byte {
            case ASCII.zero...ASCII.nine: digit = byte &- ASCII.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: throw error("invalid hex digit in \\u escape", at: position + offset)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(0xC0 | UInt8(scalar >> 6))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(0xE0 | UInt8(scalar >> 12))
            scratch.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        default:
            scratch.append(0xF0 | UInt8(scalar >> 18))
            scratch.append(0x80 | UInt8((scalar >> 12) & 0x3F))
            scratch.append(0x80 | UInt8((scalar >> 6) & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        }
    }

    /// Validates the multi-byte UTF-8 sequence whose lead byte (>= 0x80) is at `position` and
    /// returns the position after it. Rejects stray continuation bytes, overlong forms, encoded
    /// surrogates (U+D800...U+DFFF), code points above U+10FFFF and truncated sequences.
    @inline(__always)
    func endOfUTF8Sequence(at position: Int) throws(JSONParseError) -> Int {
        @inline(__always)
        func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            let at = position + offset
            return at < end && base[at] >= low && base[at] <= high
        }
        switch base[position] {
        case 0xC2...0xDF:
            if continuation(1) { return position + 2 }
        case 0xE0:
            if continuation(1, 0xA0) && continuation(2) { return position + 3 }
        case 0xE1...0xEC, 0xEE...0xEF:
            if continuation(1) && continuation(2) { return position + 3 }
        case 0xED:
            if continuation(1, 0x80, 0x9F) && continuation(2) { return position + 3 }
        case 0xF0:
            if continuation(1, 0x90) && continuation(2) && continuation(3) { return position + 4 }
        case 0xF1...0xF3:
            if continuation(1) && continuation(2) && continuation(3) { return position + 4 }
        case 0xF4:
            if continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) { return position + 4 }
        default:
            break
        }
        throw error("invalid UTF-8", at: position)
    }

    // MARK: Numbers

    /// The fast path for the most common number, a request id: a non-negative integer of at
    /// most 18 digits (so it cannot overflow) without fraction or exponent, consumed; nil,
    /// with nothing consumed, for anything else.
    @inline(__always)
    mutating func parseSmallInteger() -> Int64? {
        var position = index
        var value: Int64 = 0
        while position < end && position - index < 18 {
            let digit = base[position] &- ASCII.zero
            guard digit < 10 else { break }
            value = value &* 10 &+ Int64(digit)
            position += 1
        }
        let count = position - index
        guard count > 0 && !(count > 1 && base[index] == ASCII.zero) else { return nil }
        if position < end {
            let next = base[position]
            if next &- ASCII.zero < 10 || next == ASCII.period || next | 0x20 == UInt8(ascii: "e") { return nil }
        }
        index = position
        return value
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        if let small = parseSmallInteger() { return .int(small) }
        let start = index
        var position = index
        let negative = base[position] == ASCII.minus
        if negative { position += 1 }

        // Significant digits accumulated exactly while they fit; `exact` turns false once they don't.
        var mantissa: UInt64 = 0
        var exact = true

        @inline(__always)
        func isDigit(_ at: Int) -> Bool { at < end && base[at] &- ASCII.zero < 10 }

        @inline(__always)
        func accumulate(_ digit: UInt8) {
            guard exact else { return }
            let (times10, overflow1) = mantissa.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            if overflow1 || overflow2 { exact = false } else { mantissa = sum }
        }

        // Integer part: 0 or [1-9][0-9]*
        guard position < end else { throw error("unexpected end of input, expected a digit", at: position) }
        let first = base[position]
        if first == ASCII.zero {
            position += 1
            if isDigit(position) { throw error("leading zero in number", at: start) }
        } else if first > ASCII.zero && first <= ASCII.nine {
            repeat {
                accumulate(base[position] &- ASCII.zero)
                position += 1
            } while isDigit(position)
        } else {
            throw unexpected(at: position, expecting: "a digit")
        }

        var isInteger = true
        var fractionDigits = 0
        if position < end && base[position] == ASCII.period {
            isInteger = false
            position += 1
            guard isDigit(position) else { throw unexpected(at: position, expecting: "a digit after '.'") }
            repeat {
                accumulate(base[position] &- ASCII.zero)
                fractionDigits += 1
                position += 1
            } while isDigit(position)
        }

        var exponent = 0
        if position < end && base[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            var exponentNegative = false
            if position < end && (base[position] == ASCII.plus || base[position] == ASCII.minus) {
                exponentNegative = base[position] == ASCII.minus
                position += 1
            }
            guard isDigit(position) else { throw unexpected(at: position, expecting: "a digit in the exponent") }
            repeat {
                // Saturate: anything this large only decides between zero and overflow.
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(base[position] &- ASCII.zero) }
                position += 1
            } while isDigit(position)
            if exponentNegative { exponent = -exponent }
        }
        index = position

        if isInteger && exact {
            if negative {
                if mantissa <= UInt64(Int64.max) { return .int(-Int64(mantissa)) }
                if mantissa == Int64.min.magnitude { return .int(Int64.min) }
            } else if mantissa <= UInt64(Int64.max) {
                return .int(Int64(mantissa))
            }
        }

        // Fast path (Clinger): an exact mantissa below 2^53 scaled by an exact power of ten is
        // correctly rounded by a single multiplication or division.
        if exact && mantissa <= 1 << 53 {
            let power = exponent - fractionDigits
            if power >= -22 && power <= 22 {
                var result = Double(mantissa)
                if power < 0 { result /= exactPowersOfTen[-power] } else { result *= exactPowersOfTen[power] }
                return .double(negative ? -result : result)
            }
        }

        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: position - start), as: UTF8.self)
        guard let result = Double(text), result.isFinite else { throw error("number out of range", at: start) }
        return .double(result)
    }
}

/// Strings of up to 15 bytes (without escapes) that parses have made, keyed by their bytes,
/// for later strings with the same bytes: documents of many similar objects, and a
/// connection's requests one after another, repeat their member names and many values, and
/// making a `String` (checking its UTF-8 again, then building it) costs several times a
/// lookup. A slot holds the last string that hashed to it. Not for use from two threads at
/// once: a connection's session keeps one for the requests it parses. ASCII strings skip it
/// where `SmallString` can make them from their bytes, which costs less than a lookup.
public final class JSONStringCache {
    /// Strings up to this many bytes are cached: they are stored inline in a `String`, so a
    /// cached one is copied without reference counting.
    static let maxCount = 15
    /// Documents below this size parsed without a cache of the caller's get none: setting
    /// one up would cost more than it saves.
    static let minDocumentBytes = 4096
    private static let slotBits = 9

    struct Slot {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var count = -1
        var string = ""
    }

    let slots: UnsafeMutablePointer<Slot>

    public init() {
        slots = .allocate(capacity: 1 << Self.slotBits)
        slots.initialize(repeating: Slot(), count: 1 << Self.slotBits)
    }

    deinit {
        slots.deinitialize(count: 1 << Self.slotBits)
        slots.deallocate()
    }

    /// The string of the `count` (1...15) validated bytes at `start`, from or into `slots`
    /// (a live cache's); `limit` is the end of the readable input.
    @inline(__always)
    static func string(
        in slots: UnsafeMutablePointer<Slot>, at start: UnsafePointer<UInt8>, count: Int,
        readableTo limit: UnsafePointer<UInt8>
    ) -> String {
        let (low, high) = SmallString.words(at: start, count: count, readableTo: limit)
        let hash = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
        let slot = slots + Int(truncatingIfNeeded: (hash ^ (hash &>> 29)) &>> UInt64(64 - Self.slotBits))
        if slot.pointee.count == count && slot.pointee.low == low && slot.pointee.high == high {
            return slot.pointee.string
        }
        let string = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
        slot.pointee = Slot(low: low, high: high, count: count, string: string)
        return string
    }
}

/// A `String` of up to 15 ASCII bytes made straight from its bytes. Such a string is stored in
/// the `String` itself (the standard library's small form: the bytes in order, then a last
/// byte of flags and count), and `String(decoding:as:)` would check the bytes the parser has
/// just checked, then build that form. `layoutHolds` confirms at run time that the form is the
/// one assumed here; if it ever is not, the parser makes its strings the ordinary way.
enum SmallString {
    static let maxCount = 15

    /// The first 8 and the next 8 bytes of the `count` (0...15) bytes at `start`, zeros past
    /// `count`, as little-endian words; `limit` is the end of the readable input.
    @inline(__always)
    static func words(
        at start: UnsafePointer<UInt8>, count: Int, readableTo limit: UnsafePointer<UInt8>
    ) -> (UInt64, UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        if limit - start >= 16 {
            low = UnsafeRawPointer(start).loadUnaligned(as: UInt64.self)
            high = UnsafeRawPointer(start + 8).loadUnaligned(as: UInt64.self)
            if count < 8 {
                low &= (1 &<< UInt64(count &* 8)) &- 1
                high = 0
            } else {
                high &= (1 &<< UInt64((count &- 8) &* 8)) &- 1
            }
        } else {
            for offset in 0..<count {
                let byte = UInt64(start[offset])
                if offset < 8 { low |= byte &<< UInt64(offset &* 8) } else { high |= byte &<< UInt64((offset &- 8) &* 8) }
            }
        }
        return (low, high)
    }

    /// A hash of a name's bytes given as `words`, never 0 (a member name's `keyHash`).
    @inline(__always)
    static func hash(low: UInt64, high: UInt64, count: Int) -> UInt64 {
        var hash = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F)
        hash ^= UInt64(truncatingIfNeeded: count) &<< 56
        hash ^= hash &>> 29
        return hash | 1
    }

    /// The string whose ASCII bytes are `low` and `high` (`words`), `count` of them. Only
    /// when `layoutHolds`.
    @inline(__always)
    static func ascii(low: UInt64, high: UInt64, count: Int) -> String {
        // The last byte: immortal, ASCII and small flags (0xE0), then the count. Written over
        // an empty string (which owns nothing), so that the result is owned without the
        // retain a bit cast's result gets.
        var string = ""
        withUnsafeMutableBytes(of: &string) { bytes in
            bytes.storeBytes(of: low, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(
                of: high | (0xE0 | UInt64(truncatingIfNeeded: count)) &<< 56, toByteOffset: 8, as: UInt64.self)
        }
        return string
    }

    /// Whether `String` has the 16-byte little-endian small form `ascii` builds: checked on
    /// strings of both lengths' words (a literal and decoded bytes), empty included.
    static let layoutHolds: Bool = {
        #if _endian(little) && _pointerBitWidth(_64)
        guard MemoryLayout<String>.size == 16 else { return false }
        let samples: [String] = ["", "a", "abcdefgh", "abcdefghijklmno", "0123456789-xyz"]
        for sample in samples {
            let bytes = Array(sample.utf8)
            let made = bytes.withUnsafeBufferPointer { buffer in
                let (low, high) = words(
                    at: buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: bytes.count,
                    readableTo: (buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!) + bytes.count)
                return (low, high | (0xE0 | UInt64(bytes.count)) &<< 56)
            }
            let decoded = String(decoding: bytes, as: UTF8.self)
            guard unsafeBitCast(sample, to: (UInt64, UInt64).self) == made,
                unsafeBitCast(decoded, to: (UInt64, UInt64).self) == made
            else { return false }
        }
        return true
        #else
        return false
        #endif
    }()
}
