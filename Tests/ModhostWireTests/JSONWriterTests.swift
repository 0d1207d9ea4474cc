import ModhostWire
import Testing

private func text(_ value: JSONValue) -> String { value.jsonText }

private func prettyText(_ value: JSONValue, indent: Int = 2) -> String {
    var buffer: [UInt8] = []
    JSONWriter.writePretty(value, into: &buffer, indent: indent)
    return String(decoding: buffer, as: UTF8.self)
}

/// Exact comparison: same case and payload, including .int vs .double and the sign of zero.
private func identical(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case let (.bool(a), .bool(b)): return a == b
    case let (.int(a), .int(b)): return a == b
    case let (.double(a), .double(b)): return a == b && a.sign == b.sign
    case let (.string(a), .string(b)): return a == b
    case let (.array(a), .array(b)): return a.count == b.count && zip(a, b).allSatisfy { identical($0, $1) }
    case let (.object(a), .object(b)):
        return a.keys == b.keys && a.keys.allSatisfy { key in identical(a[key]!, b[key]!) }
    default: return false
    }
}

@Suite("JSONWriter", .timeLimit(.minutes(20)))
struct JSONWriterTests {
    @Test func scalars() {
        #expect(text(.null) == "null")
        #expect(text(.bool(true)) == "true")
        #expect(text(.bool(false)) == "false")
        #expect(text(.int(0)) == "0")
        #expect(text(.int(7)) == "7")
        #expect(text(.int(-7)) == "-7")
        #expect(text(.int(10)) == "10")
        #expect(text(.int(1_234_567_890)) == "1234567890")
        #expect(text(.int(Int64.max)) == "9223372036854775807")
        #expect(text(.int(Int64.min)) == "-9223372036854775808")
        #expect(text(.string("")) == #""""#)
        #expect(text(.string("plain")) == #""plain""#)
    }

    @Test(arguments: [
        (0.1, "0.1"), (1e100, "1e+100"), (Double.leastNonzeroMagnitude, "5e-324"), (3.0, "3.0"), (-0.0, "-0.0"), (-2.5, "-2.5"),
        (1.7976931348623157e308, "1.7976931348623157e+308"), (1e-7, "1e-07"), (123456.789, "123456.789"),
    ])
    func doubles(value: Double, expected: String) throws {
        #expect(text(.double(value)) == expected)
        let back = try JSONParser.parse(expected)
        #expect(identical(back, .double(value)), "\(expected) read back as \(back)")
    }

    @Test func nonFiniteDoublesBecomeNull() {
        #expect(text(.double(.infinity)) == "null")
        #expect(text(.double(-.infinity)) == "null")
        #expect(text(.double(.nan)) == "null")
        #expect(text([1, .double(.nan)]) == "[1,null]")
    }

    @Test func everyControlCharacterIsEscaped() throws {
        let named: [UInt8: String] = [0x08: #"\b"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0C: #"\f"#, 0x0D: #"\r"#]
        let hex = Array("0123456789abcdef")
        for code in UInt8(0)..<0x20 {
            let scalar = Unicode.Scalar(code)
            let expectedEscape = named[code] ?? "\\u00\(hex[Int(code >> 4)])\(hex[Int(code & 0xF)])"
            let value = JSONValue.string("a\(Character(scalar))b")
            let written = text(value)
            #expect(written == "\"a\(expectedEscape)b\"", "control character \(code)")
            #expect(!written.utf8.contains { $0 < 0x20 }, "raw control byte in output for \(code)")
            #expect(try JSONParser.parse(written) == value)
        }
    }

    @Test func quoteAndBackslashAreEscapedAndNothingElse() {
        #expect(text(.string(#"say "hi" \ bye"#)) == #""say \"hi\" \\ bye""#)
        #expect(text(.string("/")) == #""/""#)
        #expect(text(.string("\u{7F}")) == "\"\u{7F}\"")
        #expect(text(.string("é€😀\u{2028}\u{2029}")) == "\"é€😀\u{2028}\u{2029}\"")
        #expect(text(.string("\"")) == #""\"""#)
        #expect(text(.string("\n\n")) == #""\n\n""#)
        #expect(text(.string("end\\")) == #""end\\""#)
    }

    @Test func nonASCIIIsWrittenAsRawUTF8() {
        let bytes = JSONValue.string("ü✓🎉").serialized()
        #expect(bytes == [0x22] + Array("ü✓🎉".utf8) + [0x22])
    }

    @Test func containersAreCompactAndKeepKeyOrder() {
        var object = JSONObject()
        object["zeta"] = 1
        object["alpha"] = [true, nil, "x"]
        object["mid"] = [:]
        object["empty"] = []
        #expect(text(.object(object)) == #"{"zeta":1,"alpha":[true,null,"x"],"mid":{},"empty":[]}"#)

        // Reassigning a key keeps its position; removing and re-adding moves it to the end.
        object["zeta"] = 2
        #expect(text(.object(object)) == #"{"zeta":2,"alpha":[true,null,"x"],"mid":{},"empty":[]}"#)
        object["alpha"] = nil
        object["alpha"] = 0
        #expect(text(.object(object)) == #"{"zeta":2,"mid":{},"empty":[],"alpha":0}"#)

        let escapedKey: JSONValue = ["a\"b\n": 1]
        #expect(text(escapedKey) == #"{"a\"b\n":1}"#)
    }

    @Test func parsedKeyOrderSurvivesAWriteCycle() throws {
        let input = #"{"method":"x","jsonrpc":"2.0","params":{"b":1,"a":2,"c":[3,{"z":0,"y":1}]},"id":9}"#
        #expect(try JSONParser.parse(input).jsonText == input)
    }

    @Test func appendsToAnExistingBuffer() {
        var buffer = Array("prefix:".utf8)
        JSONWriter.write(["k": [1, 2]], into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == #"prefix:{"k":[1,2]}"#)
    }

    @Test func pretty() {
        let value: JSONValue = [
            "name": "mod",
            "list": [1, [], [:], ["deep": [2.5, nil]]],
            "empty": [:],
        ]
        let expected = """
            {
              "name": "mod",
              "list": [
                1,
                [],
                {},
                {
                  "deep": [
                    2.5,
                    null
                  ]
                }
              ],
              "empty": {}
            }
            """
        #expect(prettyText(value) == expected)
        #expect(prettyText(value, indent: 4).contains("\n    \"name\": \"mod\","))
        #expect(prettyText([1, 2], indent: 0) == "[\n1,\n2\n]")
        #expect(prettyText("scalar\n") == #""scalar\n""#)
        #expect(prettyText([]) == "[]")
    }

    static let roundTripValues: [JSONValue] = [
        .null, true, false, 0, -1, .int(Int64.max), .int(Int64.min),
        0.5, -0.0, 1e-300, 1e300, .double(Double.leastNonzeroMagnitude), .double(Double.greatestFiniteMagnitude),
        3.0, 0.1, 2.0e22, 123456789.125,
        "", "ascii", "tab\there", "quote\"back\\slash/", "\u{0}\u{1}\u{1F}\u{7F}",
        "é ü ß ✓ € 日本語 😀 𝄞 \u{10FFFF} \u{FEFF} \u{2028}", .string(String(repeating: "long ", count: 500)),
        [], [:], [[[[]]]], [1, "two", 3.5, nil, true, [false]],
        ["jsonrpc": "2.0", "id": 1, "method": "event", "params": ["path": "/tmp/x", "ok": true, "list": [1, 2, 3]]],
        ["": "empty key", "ключ": "значение", "emoji 🎉": ["nested": ["deeper": [:]]]],
        ["z": 1, "a": 2, "m": ["y": [], "b": [nil]]],
    ]

    @Test(arguments: roundTripValues)
    func roundTrip(value: JSONValue) throws {
        let compact = value.serialized()
        let parsed = try JSONParser.parse(compact)
        #expect(identical(parsed, value), "compact: \(value.jsonText)")
        #expect(parsed.jsonText == value.jsonText)

        var pretty: [UInt8] = []
        JSONWriter.writePretty(value, into: &pretty)
        #expect(identical(try JSONParser.parse(pretty), value), "pretty: \(String(decoding: pretty, as: UTF8.self))")
    }

    @Test func deepValueRoundTrips() throws {
        var value: JSONValue = "bottom"
        for level in 0..<511 {
            value = level.isMultiple(of: 2) ? [value] : ["k": value]
        }
        #expect(identical(try JSONParser.parse(value.serialized()), value))
    }

    /// Strings are scanned eight bytes at a time: every character that needs escaping is
    /// escaped wherever it falls in or across those words, and nothing else is.
    @Test func everyEscapeIsFoundAtEveryPlaceOfAWord() throws {
        // The escaping written out a byte at a time, as the contract has it.
        func reference(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\u{08}": out += "\\b"
                case "\u{0C}": out += "\\f"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case let c where c.value < 0x20: out += "\\u00" + String(c.value, radix: 16).leftPadded(to: 2)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let specials: [String] = ["\u{00}", "\u{01}", "\u{08}", "\t", "\n", "\u{1F}", "\"", "\\", " ", "!", "#", "[", "]", "\u{7F}", "é", "😀"]
        for length in 0..<20 {
            for place in 0..<max(length, 1) {
                for special in specials {
                    var characters = Array(repeating: "a", count: max(length, 1))
                    characters[place] = special
                    let value = characters.joined()
                    let written = text(.string(value))
                    #expect(written == reference(value), "\(value.debugDescription)")
                    #expect(try JSONParser.parse(Array(written.utf8)) == .string(value))
                }
            }
        }
    }

}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: Swift.max(0, width - count)) + self }
}
