import ModhostWire
import Testing

/// `RPCRequest.decode(_:skippingParamsOf:)` checks the params of a method that takes none
/// without building them: it must refuse every frame the parser refuses, and describe the
/// params it skipped as what they are.
@Suite("Skipped params are checked as strictly as parsed ones", .timeLimit(.minutes(20)))
struct SkippedParamsTests {
    static func frame(params: [UInt8], method: String = "ping", paramsFirst: Bool = false) -> [UInt8] {
        let head = Array(#"{"jsonrpc":"2.0","id":7,"#.utf8)
        let methodMember = Array(#""method":"\#(method)""#.utf8)
        let paramsMember = Array(#""params":"#.utf8) + params
        return head + (paramsFirst ? paramsMember + [0x2C] + methodMember : methodMember + [0x2C] + paramsMember) + [0x7D]
    }

    static func skipping(_ bytes: [UInt8]) -> RPCRequest.Decoded? {
        bytes.withUnsafeBytes { RPCRequest.decode($0, skippingParamsOf: { $0 == "ping" }) }
    }

    /// What the parser makes of the frame: nil when it refuses it, else the params' shape
    /// (nil params: none).
    static func parsedShape(_ bytes: [UInt8]) -> JSONValueShape?? {
        guard let message = try? JSONParser.parse(bytes), case .success(let request) = RPCRequest.validate(message) else {
            return nil
        }
        switch request.params {
        case nil: return .some(nil)
        case .object(let object)?: return object.isEmpty ? .emptyObject : .objectWithMembers
        case .array(let array)?: return array.isEmpty ? .emptyArray : .arrayWithElements
        default: return .scalar
        }
    }

    @Test(.enabled(if: JSONTestSuiteCorpus.locate().directory != nil, "the JSONTestSuite corpus is not found (see JSONTestSuiteTests)"))
    func everyCorpusFileAsParamsIsRefusedWhenTheParserRefusesIt() {
        var wrong: [String] = []
        var skippedCount = 0
        for prefix in ["y_", "n_", "i_"] {
            guard let files = JSONTestSuiteCorpus.files(prefix: prefix) else { return }
            for file in files {
                for paramsFirst in [false, true] {
                    let bytes = Self.frame(params: file.bytes, paramsFirst: paramsFirst)
                    let parsed = Self.parsedShape(bytes)
                    let decoded = Self.skipping(bytes)
                    if let decoded {
                        if parsed == nil {
                            wrong.append("\(file.name): decoded, but the parser refuses the frame (paramsFirst: \(paramsFirst))")
                        } else if paramsFirst {
                            // The method comes after the params: they are built, as before.
                            if decoded.skippedParams != nil { wrong.append("\(file.name): skipped before the method was known") }
                        } else {
                            skippedCount += 1
                            if decoded.skippedParams != parsed! {
                                wrong.append("\(file.name): skipped as \(String(describing: decoded.skippedParams)), parsed as \(String(describing: parsed!))")
                            }
                            if decoded.request.params != nil { wrong.append("\(file.name): params built although skipped") }
                        }
                    } else if let parsed, parsed != nil, !file.name.contains("nested") && !file.name.contains("deep") {
                        // The parser accepts a container as params: the fast path should have
                        // taken it (only nesting past what the skipper tracks may fall back).
                        wrong.append("\(file.name): accepted by the parser but not decoded (paramsFirst: \(paramsFirst))")
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) mismatches:\n\(wrong.prefix(40).joined(separator: "\n"))")
        #expect(skippedCount > 80, "only \(skippedCount) frames took the skipping path")
    }

    @Test func nestingPastTheSkippersLimitFallsBackAndTheParsersLimitStillHolds() {
        func nested(_ depth: Int) -> [UInt8] { Array(repeating: 0x5B, count: depth) + Array(repeating: 0x5D, count: depth) }
        #expect(Self.skipping(Self.frame(params: nested(64)))?.skippedParams == .arrayWithElements)
        // Past 64 levels the caller parses instead; past the parser's limit the parse refuses.
        #expect(Self.skipping(Self.frame(params: nested(65))) == nil)
        #expect(Self.parsedShape(Self.frame(params: nested(511))) == .some(.arrayWithElements))
        #expect(Self.parsedShape(Self.frame(params: nested(512))) == nil)
    }

    @Test func methodsNotSkippedGetTheirParamsBuilt() throws {
        let bytes = Self.frame(params: Array(#"{"a":[1,"x"]}"#.utf8), method: "describe")
        let decoded = try #require(Self.skipping(bytes))
        #expect(decoded.skippedParams == nil)
        #expect(decoded.request.params == ["a": [1, "x"]])
    }

    @Test func aLaterMethodMemberUndoesTheSkip() {
        let bytes = Array(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":1},"method":"describe"}"#.utf8)
        #expect(Self.skipping(bytes) == nil)
        let built = bytes.withUnsafeBytes { RPCRequest.decode($0) }
        #expect(built?.method == "describe")
        #expect(built?.params == ["a": 1])
    }

    @Test func scalarParamsAreLeftToTheGeneralPath() {
        for params in ["1", #""x""#, "true", "null"] {
            #expect(Self.skipping(Self.frame(params: Array(params.utf8))) == nil, "\(params)")
        }
    }

    @Test(arguments: [
        (#"{"pad":""}"#, JSONValueShape.objectWithMembers), ("{}", .emptyObject), (" [ ] ", .emptyArray),
        (#"[{"a":[{}]},"\u00e9\ud83d\ude00"]"#, .arrayWithElements),
    ])
    func shapesAreReported(params: String, shape: JSONValueShape) throws {
        let decoded = try #require(Self.skipping(Self.frame(params: Array(params.utf8))))
        #expect(decoded.skippedParams == shape)
        #expect(decoded.request.id == 7)
        #expect(decoded.request.method == "ping")
    }
}

/// Strings are scanned a word (8 bytes) at a time while they hold only plain ASCII: a byte
/// that needs a look must be found at every offset within a word, in parsed and in skipped
/// strings alike.
@Suite("Strings: special bytes at every offset of a word", .timeLimit(.minutes(20)))
struct StringScanTests {
    static func parse(_ bytes: [UInt8]) -> JSONValue? { try? JSONParser.parse(bytes) }

    static func skipped(_ bytes: [UInt8]) -> Bool {
        SkippedParamsTests.skipping(SkippedParamsTests.frame(params: [0x5B] + bytes + [0x5D]))?.skippedParams != nil
    }

    @Test func controlCharactersAreRefusedAtEveryOffset() {
        for offset in 0..<24 {
            for control: UInt8 in [0x00, 0x01, 0x0A, 0x1F] {
                var text = Array(repeating: UInt8(ascii: "a"), count: 40)
                text[offset] = control
                let bytes = [0x22] + text + [0x22]
                #expect(Self.parse(bytes) == nil, "control 0x\(String(control, radix: 16)) at \(offset) accepted")
                #expect(!Self.skipped(bytes), "control 0x\(String(control, radix: 16)) at \(offset) skipped")
            }
        }
    }

    @Test func quotesEscapesAndMultiByteCharactersAreFoundAtEveryOffset() throws {
        for offset in 0..<24 {
            let before = String(repeating: "a", count: offset)
            let after = String(repeating: "b", count: 20)
            for (inner, decoded) in [(#"\""#, "\""), (#"\\"#, "\\"), (#"\n"#, "\n"), ("é", "é"), ("\u{7F}", "\u{7F}"), ("😀", "😀")] {
                let bytes = Array(("\"" + before + inner + after + "\"").utf8)
                #expect(Self.parse(bytes) == .string(before + decoded + after), "\(inner) at \(offset)")
                #expect(Self.skipped(bytes), "\(inner) at \(offset)")
            }
            // The string ends at the quote, wherever it is in its word.
            let ended = Array(("[\"" + before + "\",\"" + after + "\"]").utf8)
            #expect(Self.parse(ended) == [.string(before), .string(after)], "end at \(offset)")
        }
    }

    @Test func invalidUTF8IsRefusedAtEveryOffset() {
        for offset in 0..<24 {
            for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0x80]] {
                var text = Array(repeating: UInt8(ascii: "a"), count: 40)
                text.replaceSubrange(offset..<offset + bad.count, with: bad)
                let bytes = [0x22] + text + [0x22]
                #expect(Self.parse(bytes) == nil, "\(bad) at \(offset) accepted")
                #expect(!Self.skipped(bytes), "\(bad) at \(offset) skipped")
            }
        }
    }

    /// Large documents reuse the strings of up to 15 bytes they already made: strings that
    /// differ in any one byte, or only in length, must stay apart, up to the input's end.
    @Test func repeatedShortStringsInALargeDocumentKeepTheirOwnText() throws {
        var expected: [JSONValue] = []
        let alphabet = Array("abcdefghijklmnop")
        for round in 0..<40 {
            for length in 1...16 {
                var characters = Array(alphabet.prefix(length))
                characters[(round + length) % length] = "X"
                expected.append(.string(String(characters)))
                expected.append(.string(String(alphabet.prefix(length))))
            }
        }
        // Many strings alike in their first 8 bytes, or in their last 7, so that some share a
        // slot of the cache with one that differs only in the other half.
        for number in 0..<3000 {
            let digits = String(number, radix: 36)
            let padded = String(repeating: "0", count: 7 - digits.count) + digits
            expected.append(.string("abcdefgh" + padded))
            expected.append(.string(padded + "1bcdefgh"))
        }
        expected.append("é-ü")
        expected.append("abc")
        var text = JSONValue.array(expected).serialized()
        #expect(text.count > 4096)
        let parsed = try JSONParser.parse(text)
        #expect(parsed == .array(expected))
        // The last strings end within 16 bytes of the input's end.
        text = Array(text.dropLast(1)) + Array(#","a","ab"]"#.utf8)
        #expect(try JSONParser.parse(text) == .array(expected + ["a", "ab"]))
    }

    /// A cache kept across requests (a connection's) gives each request its own strings: the
    /// second request's strings differ from the first's in one byte each, and are short
    /// enough (small documents) that only the kept cache is used.
    @Test func aCacheKeptAcrossRequestsGivesEachItsOwnStrings() throws {
        let cache = JSONStringCache()
        func request(_ strings: [String]) throws -> JSONValue? {
            let params = JSONValue.object(JSONObject([("values", .array(strings.map { .string($0) }))]))
            let frame = Array(#"{"jsonrpc":"2.0","id":1,"method":"update","params":"#.utf8) + params.serialized() + [0x7D]
            return try #require(frame.withUnsafeBytes {
                RPCRequest.decode($0, skippingParamsOf: { _ in false }, strings: cache)
            }).request.params?["values"]
        }
        let first = (0..<200).map { "surface-\(String($0, radix: 16))" }
        let second = first.map { String($0.dropLast()) + "!" }
        #expect(try request(first) == .array(first.map { .string($0) }))
        #expect(try request(second) == .array(second.map { .string($0) }))
        #expect(try request(first) == .array(first.map { .string($0) }))
    }
}
