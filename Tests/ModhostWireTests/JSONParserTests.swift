import Testing

@testable import ModhostWire

/// Parses `text` (as its UTF-8 bytes) and returns the error, or nil when it parsed.
private func parseError(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONParseError? {
    do {
        _ = try JSONParser.parse(bytes, maxDepth: maxDepth)
        return nil
    } catch {
        return error
    }
}

private func parseError(_ text: String) -> JSONParseError? {
    parseError(Array(text.utf8))
}

/// Exact representation check (JSONValue's `==` treats 1 and 1.0 as equal, which is not what
/// the classification tests want).
private func isInt(_ value: JSONValue, _ expected: Int64) -> Bool {
    if case let .int(actual) = value { return actual == expected }
    return false
}

private func isDouble(_ value: JSONValue, _ expected: Double) -> Bool {
    if case let .double(actual) = value {
        return actual == expected && actual.sign == expected.sign
    }
    return false
}

@Suite("JSONParser", .timeLimit(.minutes(20)))
struct JSONParserTests {
    // MARK: Scalars and structure

    @Test func literals() throws {
        #expect(try JSONParser.parse("null") == .null)
        #expect(try JSONParser.parse("true") == .bool(true))
        #expect(try JSONParser.parse("false") == .bool(false))
        #expect(try JSONParser.parse(" \t\r\n true \n") == .bool(true))
    }

    @Test func allOverloadsAgree() throws {
        let text = #"{"a":[1,2.5,"x"]}"#
        let bytes = Array(text.utf8)
        let expected: JSONValue = ["a": [1, 2.5, "x"]]
        #expect(try JSONParser.parse(text) == expected)
        #expect(try JSONParser.parse(bytes) == expected)
        #expect(try JSONParser.parse(bytes[...]) == expected)
        let padded = [UInt8](repeating: 0x20, count: 3) + bytes + [UInt8(ascii: "x")]
        #expect(try JSONParser.parse(padded[3..<(padded.count - 1)]) == expected)
        let viaPointer = try bytes.withUnsafeBytes { raw in try JSONParser.parse(raw) }
        #expect(viaPointer == expected)
    }

    @Test func nestedStructure() throws {
        let value = try JSONParser.parse(#" { "id" : 7 , "params" : { "list" : [ [ ] , { } , [ null , true ] ] } } "#)
        let expected: JSONValue = ["id": 7, "params": ["list": [[], [:], [nil, true]]]]
        #expect(value == expected)
    }

    @Test func objectKeepsKeyOrder() throws {
        let value = try JSONParser.parse(#"{"zeta":1,"alpha":2,"mid":3}"#)
        #expect(value.objectValue?.keys == ["zeta", "alpha", "mid"])
    }

    @Test func duplicateKeysLastValueWins() throws {
        let value = try JSONParser.parse(#"{"a":1,"b":2,"a":3}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["a", "b"])
        #expect(object["a"].map { isInt($0, 3) } == true)
        #expect(object["b"].map { isInt($0, 2) } == true)
    }

    @Test func canonicallyEquivalentKeysAreTheSameMember() throws {
        // JSONObject keys are Swift Strings, which compare under canonical equivalence.
        let value = try JSONParser.parse(#"{"\u00e9":1,"e\u0301":2}"#)
        let object = try #require(value.objectValue)
        #expect(object.count == 1)
        #expect(object.keys.first.map { Array($0.unicodeScalars) } == ["\u{E9}"])
        #expect(object["\u{E9}"].map { isInt($0, 2) } == true)
    }

    /// Containers of every size from 0 to 40, nested three deep and alternating arrays and
    /// objects, so that each level's entries wait on the parser's stacks while the levels
    /// inside are parsed and closed, and the stacks grow past their first capacity mid-
    /// container. The text written back must be the text parsed (order and content).
    @Test func nestedContainersOfManySizesRoundTrip() throws {
        func level(_ depth: Int, _ seed: Int) -> JSONValue {
            let count = (seed * 7 + depth * 13) % 41
            if depth == 3 { return .string("leaf-\(seed)") }
            if (seed + depth) % 2 == 0 {
                return .array((0..<count).map { level(depth + 1, seed * 3 + $0) })
            }
            var object = JSONObject()
            for member in 0..<count { object["k\(member)-\(seed % 5)"] = level(depth + 1, seed * 3 + member) }
            return .object(object)
        }
        let tree = JSONValue.array((0..<12).map { level(0, $0) })
        let text = tree.serialized()
        let parsed = try JSONParser.parse(text)
        #expect(parsed == tree)
        #expect(parsed.serialized() == text)
        // Lookups work at every size, below and above the size at which objects get an index.
        for (at, element) in (tree.arrayValue ?? []).enumerated() {
            guard let object = element.objectValue else { continue }
            for (key, value) in object { #expect(parsed[at]?[key] == value) }
        }
    }

    /// Objects above and below 12 members (where an object starts to keep a key index)
    /// with a repeated key: first position, last value, at either size, nested or not.
    @Test(arguments: [3, 5, 10, 11, 12, 30])
    func repeatedKeyKeepsFirstPositionAndLastValue(members: Int) throws {
        let names = (0..<members).map { "m\($0)" }
        var text = "{" + names.enumerated().map { #""\#($1)":\#($0)"# }.joined(separator: ",")
        text += #","m1":"again","inner":{"x":[1],"x":{"y":2,"y":3}}}"#
        let object = try #require(try JSONParser.parse(text).objectValue)
        #expect(object.keys == names + ["inner"])
        #expect(object["m1"] == "again")
        #expect(object["m0"] == 0)
        #expect(object["m\(members - 1)"] == .int(Int64(members - 1)))
        #expect(object["inner"] == ["x": ["y": 3]])
        #expect(object["inner"]?.objectValue?.count == 1)
        #expect(object["inner"]?["x"]?.objectValue?.count == 1)
    }

    /// A key spelled with an escape is the same key as its plain spelling.
    @Test func escapedSpellingOfAKeyIsTheSameKey() throws {
        let object = try #require(try JSONParser.parse(#"{"ab":1,"c":2,"\u0061b":3}"#).objectValue)
        #expect(object.keys == ["ab", "c"])
        #expect(object["ab"] == 3)
        let long = try #require(try JSONParser.parse(#"{"abcdefghijklmnopq":1,"abcdefghijklmnop\u0071":2}"#).objectValue)
        #expect(long.keys == ["abcdefghijklmnopq"])
        #expect(long["abcdefghijklmnopq"] == 2)
    }

    /// Keys that share their first 8 or 16 bytes, or differ only in length, are distinct.
    @Test func keysDifferingLateOrInLengthAreDistinct() throws {
        let names = ["abcdefgh", "abcdefghi", "abcdefgh1", "abcdefghijklmnop", "abcdefghijklmnopq",
                     "abcdefghijklmnopr", "", "a", #"a\u0000"#]
        let text = "{" + names.enumerated().map { #""\#($1)":\#($0)"# }.joined(separator: ",") + "}"
        let object = try #require(try JSONParser.parse(text).objectValue)
        #expect(object.count == names.count)
        #expect(object["abcdefghijklmnopr"] == 5)
        #expect(object["a\u{0}"] == 8)
    }

    /// An error deep inside a large tree leaves nothing behind: the next parse is whole.
    @Test func errorInsideLargeTreeThenParseAgain() throws {
        let row = #"{"a":[1,{"b":"x"}],"c":{"d":[true]}}"#
        let good = "[" + Array(repeating: row, count: 100).joined(separator: ",") + "]"
        let bad = String(good.dropLast(40)) + "?"
        #expect(parseError(bad) != nil)
        #expect(try JSONParser.parse(good).arrayValue?.count == 100)
    }

    // MARK: Numbers

    @Test(arguments: [
        ("0", Int64(0)), ("-0", 0), ("7", 7), ("-7", -7), ("1234567890", 1_234_567_890),
        ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min),
        ("-9223372036854775807", -Int64.max),
    ])
    func integersStayExact(text: String, expected: Int64) throws {
        let value = try JSONParser.parse(text)
        #expect(isInt(value, expected), "\(text) parsed as \(value)")
    }

    @Test(arguments: [
        ("9223372036854775808", 9_223_372_036_854_775_808.0),
        ("-9223372036854775809", -9_223_372_036_854_775_809.0),
        ("18446744073709551616", 18_446_744_073_709_551_616.0),
        ("100000000000000000000000", 1e23),
        ("1.0", 1.0), ("-0.0", -0.0), ("0.5", 0.5), ("0.1", 0.1), ("-2.5", -2.5),
        ("1e2", 100.0), ("1E2", 100.0), ("1e+2", 100.0), ("1e-2", 0.01), ("-1E-2", -0.01),
        ("0e0", 0.0), ("-0e5", -0.0), ("2.5e3", 2500.0), ("123.456e-2", 1.23456),
        ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
        ("5e-324", Double.leastNonzeroMagnitude), ("2.2250738585072014e-308", Double.leastNormalMagnitude),
        ("123e-10000000", 0.0), ("-1e-400", -0.0),
        ("0.30000000000000004", 0.30000000000000004), ("9007199254740993.0", 9_007_199_254_740_992.0),
        // Exactly halfway between 1 and the next double: ties to even; a hair above: rounds up.
        ("1.00000000000000011102230246251565404236316680908203125", 1.0),
        ("1.00000000000000011102230246251565404236316680908203126", 1.0000000000000002),
        ("3.141592653589793238462643383279", 3.141592653589793),
    ])
    func doubles(text: String, expected: Double) throws {
        let value = try JSONParser.parse(text)
        #expect(isDouble(value, expected), "\(text) parsed as \(value)")
    }

    @Test func hugeIntegerIsDouble() throws {
        let value = try JSONParser.parse("[" + String(repeating: "9", count: 300) + "]")
        let element = try #require(value.arrayValue?.first)
        guard case let .double(number) = element else {
            Issue.record("expected .double, got \(element)")
            return
        }
        #expect(number == 1e300)
    }

    @Test(arguments: ["1e400", "-1e400", "1.5e+9999", "-123123e100000", "[1e309]", "0.4e00669999999999999999999999999"])
    func overflowingNumbersAreRejected(text: String) {
        let error = parseError(text)
        #expect(error?.message == "number out of range", "\(text): \(String(describing: error))")
    }

    @Test func overflowOffsetPointsAtNumber() {
        #expect(parseError("[1, 2e999]") == JSONParseError(message: "number out of range", offset: 4))
    }

    @Test(arguments: [
        "01", "-01", "00", "+1", "-", "1.", ".5", "1.e3", "1e", "1e+", "1E-", "0x10", "1_000", "- 1",
        "Infinity", "-Infinity", "NaN", "1.5e", "2.", "[1,]", "--1", "1e1.5",
    ])
    func invalidNumbersAreRejected(text: String) {
        #expect(parseError(text) != nil, "\(text) should not parse")
    }

    // MARK: Strings

    @Test func simpleStrings() throws {
        #expect(try JSONParser.parse(#""""#) == .string(""))
        #expect(try JSONParser.parse(#""hello""#) == .string("hello"))
        #expect(try JSONParser.parse(#""héllo wörld ✓ 🎉""#) == .string("héllo wörld ✓ 🎉"))
    }

    @Test func escapes() throws {
        let value = try JSONParser.parse(#""a\"b\\c\/d\be\ff\ng\rh\ti\u0041\u00e9\u20AC""#)
        #expect(value == .string("a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti" + "A" + "é€"))
        #expect(try JSONParser.parse(#""\u0000""#) == .string("\u{0}"))
        #expect(try JSONParser.parse(#""é\n✓""#) == .string("é\n✓"))
        #expect(try JSONParser.parse(#""\\""#) == .string("\\"))
        #expect(try JSONParser.parse(#""\n""#) == .string("\n"))
    }

    @Test func surrogatePairs() throws {
        #expect(try JSONParser.parse(#""\uD83D\uDE00""#) == .string("😀"))
        #expect(try JSONParser.parse(#""\ud834\udd1e""#) == .string("𝄞"))
        #expect(try JSONParser.parse(#""x\uDBFF\uDFFFy""#) == .string("x\u{10FFFF}y"))
        #expect(try JSONParser.parse(#""\uD800\uDC00""#) == .string("\u{10000}"))
    }

    @Test(arguments: [
        (#""\uD800""#, 1), (#""\uDC00""#, 1), (#""ab\uDBFF""#, 3), (#""\uD800\n""#, 1),
        (#""\uD800\uD800""#, 1), (#""\uDE00\uD83D""#, 1), (#""\uDFFF""#, 1), (#""\uDBFF\uE000""#, 1), (#""\uD800x""#, 1), (#""\uD834\u0041""#, 1),
    ])
    func unpairedSurrogatesAreRejected(text: String, offset: Int) {
        #expect(parseError(text) == JSONParseError(message: "unpaired surrogate", offset: offset), "\(text)")
    }

    @Test(arguments: [#""\x""#, #""\u12""#, #""\u12G4""#, #""\U0041""#, #""\'""#, #""\"#, #""\u"#, "\"\\\u{1}\""])
    func invalidEscapesAreRejected(text: String) {
        #expect(parseError(text) != nil, "\(text) should not parse")
    }

    @Test func everyUnescapedControlCharacterIsRejected() {
        for byte in UInt8(0)..<0x20 {
            let input: [UInt8] = [0x22, 0x61, byte, 0x62, 0x22]
            #expect(
                parseError(input) == JSONParseError(message: "unescaped control character in string", offset: 2),
                "control byte \(byte)")
        }
        // DEL is not a control character in JSON's sense.
        #expect(parseError([0x22, 0x7F, 0x22]) == nil)
    }

    @Test(arguments: [
        [0xC3, 0xA9],  // é
        [0xE2, 0x82, 0xAC],  // €
        [0xED, 0x9F, 0xBF],  // U+D7FF, just below the surrogates
        [0xEE, 0x80, 0x80],  // U+E000, just above
        [0xEF, 0xBF, 0xBF],  // U+FFFF
        [0xF0, 0x90, 0x80, 0x80],  // U+10000
        [0xF4, 0x8F, 0xBF, 0xBF],  // U+10FFFF
    ] as [[UInt8]])
    func validUTF8IsAccepted(sequence: [UInt8]) throws {
        let value = try JSONParser.parse([0x22] + sequence + [0x22])
        #expect(value.stringValue.map { Array($0.utf8) } == sequence)
        // The same through the escape path.
        let escaped = try JSONParser.parse([0x22, 0x5C, 0x6E] + sequence + [0x22])
        #expect(escaped.stringValue.map { Array($0.utf8) } == [0x0A] + sequence)
    }

    @Test(arguments: [
        [0x80],  // lone continuation byte
        [0xBF],
        [0xC0, 0xAF],  // overlong '/'
        [0xC1, 0xBF],  // overlong
        [0xE0, 0x80, 0xAF],  // overlong 3-byte
        [0xE0, 0x9F, 0xBF],  // overlong 3-byte (U+07FF)
        [0xF0, 0x80, 0x80, 0xAF],  // overlong 4-byte
        [0xF0, 0x8F, 0xBF, 0xBF],  // overlong 4-byte (U+FFFF)
        [0xED, 0xA0, 0x80],  // U+D800 encoded
        [0xED, 0xBF, 0xBF],  // U+DFFF encoded
        [0xF4, 0x90, 0x80, 0x80],  // U+110000
        [0xF5, 0x80, 0x80, 0x80],  // lead byte above F4
        [0xF8, 0x88, 0x80, 0x80, 0x80],  // 5-byte form
        [0xFC, 0x83, 0xBF, 0xBF, 0xBF, 0xBF],  // 6-byte form
        [0xFE], [0xFF],
        [0xC3],  // truncated
        [0xE2, 0x82],  // truncated
        [0xF0, 0x9F, 0x98],  // truncated
        [0xC3, 0x41],  // bad continuation
        [0xE2, 0x28, 0xA1],
        [0xE9],  // ISO-8859-1 é
    ] as [[UInt8]])
    func invalidUTF8InStringsIsRejected(sequence: [UInt8]) {
        let input: [UInt8] = [0x5B, 0x22, 0x61] + sequence + [0x22, 0x5D]
        #expect(parseError(input) == JSONParseError(message: "invalid UTF-8", offset: 3), "\(sequence)")
        // Also after an escape (slow path) and in member names.
        let escaped: [UInt8] = [0x22, 0x5C, 0x74] + sequence + [0x22]
        #expect(parseError(escaped) == JSONParseError(message: "invalid UTF-8", offset: 3), "\(sequence)")
        let key: [UInt8] = [0x7B, 0x22] + sequence + [0x22, 0x3A, 0x31, 0x7D]
        #expect(parseError(key) == JSONParseError(message: "invalid UTF-8", offset: 2), "\(sequence)")
    }

    @Test func invalidUTF8OutsideStringsIsRejected() {
        #expect(parseError([0x5B, 0xC3, 0xA9, 0x5D]) != nil)
        #expect(parseError([0x5B, 0x31, 0x5D, 0xFF]) == JSONParseError(message: "unexpected byte 0xFF after the JSON value", offset: 3))
    }

    @Test func byteOrderMarkIsRejected() throws {
        #expect(parseError([0xEF, 0xBB, 0xBF, 0x7B, 0x7D]) == JSONParseError(message: "byte order mark not allowed", offset: 0))
        #expect(parseError([0xEF, 0xBB, 0xBF]) != nil)
        #expect(parseError("\u{FEFF}{}") != nil)
        // U+FEFF inside a string is just a character.
        #expect(try JSONParser.parse("\"\u{FEFF}\"") == .string("\u{FEFF}"))
    }

    // MARK: Depth

    private func nestedArrays(_ depth: Int) -> [UInt8] {
        [UInt8](repeating: 0x5B, count: depth) + [UInt8](repeating: 0x5D, count: depth)
    }

    private func nestedObjects(_ depth: Int) -> [UInt8] {
        Array(String(repeating: #"{"a":"#, count: depth - 1).utf8) + Array("{}".utf8)
            + [UInt8](repeating: 0x7D, count: depth - 1)
    }

    @Test func depthLimitIsExactly512() throws {
        #expect(JSONParser.defaultMaxDepth == 512)
        var value = try JSONParser.parse(nestedArrays(512))
        var depth = 0
        while case let .array(elements) = value {
            depth += 1
            guard let first = elements.first else { break }
            value = first
        }
        #expect(depth == 512)
        #expect(parseError(nestedArrays(513)) == JSONParseError(message: "nesting deeper than 512", offset: 512))
    }

    @Test func depthLimitCountsObjectsAndArraysTogether() throws {
        _ = try JSONParser.parse(nestedObjects(512))
        #expect(parseError(nestedObjects(513))?.message == "nesting deeper than 512")
        // 256 x `[{"k":` opens exactly 512 containers.
        let mixed = String(repeating: #"[{"k":"#, count: 256) + "0" + String(repeating: "}]", count: 256)
        _ = try JSONParser.parse(mixed)
        #expect(parseError("[" + mixed + "]") == JSONParseError(message: "nesting deeper than 512", offset: 2 + 6 * 255))
    }

    @Test func customDepthLimit() throws {
        _ = try JSONParser.parse(nestedArrays(3), maxDepth: 3)
        #expect(parseError(nestedArrays(4), maxDepth: 3) == JSONParseError(message: "nesting deeper than 3", offset: 3))
        #expect(try JSONParser.parse("1", maxDepth: 0) == .int(1))
        #expect(parseError(Array("[]".utf8), maxDepth: 0)?.message == "nesting deeper than 0")
    }

    @Test func hundredThousandOpeningBracketsIsAnErrorNotACrash() {
        let input = [UInt8](repeating: 0x5B, count: 100_000)
        #expect(parseError(input) == JSONParseError(message: "nesting deeper than 512", offset: 512))
        let objects = Array(String(repeating: #"{"":"#, count: 100_000).utf8)
        #expect(parseError(objects)?.message == "nesting deeper than 512")
        // Deep but well within a huge limit: still no crash (the parser does not recurse).
        _ = try? JSONParser.parse(nestedArrays(20_000), maxDepth: 100_000)
    }

    // MARK: Errors and offsets

    @Test(arguments: [
        ("", "unexpected end of input", 0),
        ("   ", "unexpected end of input, expected a value", 3),
        ("[1,]", "unexpected ']', expected a value", 3),
        ("[1 2]", "unexpected '2', expected ',' or ']'", 3),
        (#"{"a" 1}"#, "unexpected '1', expected ':'", 5),
        (#"{"a":1,}"#, "unexpected '}', expected a string (object member name)", 7),
        (#"{"a":1"#, "unexpected end of input, expected ',' or '}'", 6),
        ("{1:2}", "unexpected '1', expected a string (object member name)", 1),
        (#""abc"#, "unterminated string", 4),
        ("[1] x", "unexpected 'x' after the JSON value", 4),
        ("[1]]", "unexpected ']' after the JSON value", 3),
        ("tru", "unexpected end of input in 'true'", 3),
        ("[trve]", "invalid literal, expected 'true'", 3),
        ("nul", "unexpected end of input in 'null'", 3),
        ("[01]", "leading zero in number", 1),
        ("[1.]", "unexpected ']', expected a digit after '.'", 3),
        ("1e+x", "unexpected 'x', expected a digit in the exponent", 3),
        ("[-]", "unexpected ']', expected a digit", 2),
        (#"["\q"]"#, "invalid escape sequence", 2),
        (#"["\u00G0"]"#, "invalid hex digit in \\u escape", 6),
        ("[\u{0C}1]", "unexpected byte 0x0C, expected a value", 1),
        ("1 2", "unexpected '2' after the JSON value", 2),
    ])
    func errorMessagesAndOffsets(text: String, message: String, offset: Int) {
        #expect(parseError(text) == JSONParseError(message: message, offset: offset), "input: \(text)")
    }

    @Test func nonPrintableBytesAreNamedInHex() {
        #expect(parseError(Array(#"{"a":1}"#.utf8) + [0]) == JSONParseError(message: "unexpected byte 0x00 after the JSON value", offset: 7))
        #expect(parseError([0x5B, 0x20, 0x7F]) == JSONParseError(message: "unexpected byte 0x7F, expected a value", offset: 2))
    }

    @Test func errorDescriptionNamesTheByte() {
        let error = JSONParseError(message: "unexpected ']', expected a value", offset: 17)
        #expect(error.description == "unexpected ']', expected a value at byte 17")
        #expect("\(error)" == "unexpected ']', expected a value at byte 17")
    }

    @Test func jsonRPCRequest() throws {
        let text = #"{"jsonrpc":"2.0","id":42,"method":"module.load","params":{"name":"net\/http","path":"\/opt\/mods\/http.so","args":["--port","8080"],"env":{"LANG":"C.UTF-8"},"timeout":2.5,"retry":null,"verbose":false}}"#
        let value = try JSONParser.parse(text)
        #expect(value["jsonrpc"] == "2.0")
        #expect(value["id"].map { isInt($0, 42) } == true)
        #expect(value["params"]?["path"] == "/opt/mods/http.so")
        #expect(value["params"]?["args"] == ["--port", "8080"])
        #expect(value["params"]?["timeout"].map { isDouble($0, 2.5) } == true)
        #expect(value["params"]?["retry"] == .null)
    }
}
