import Testing
@_spi(ModhostHost) @testable import ModifierKit

/// Parses `text`, failing the test (and returning nil) when it throws.
private func parse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Color? {
    do {
        return try Color(parsing: text)
    } catch {
        Issue.record("'\(text)' did not parse: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

private func hex(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    parse(text, sourceLocation: sourceLocation)?.hex
}

@Suite("Color", .timeLimit(.minutes(20)))
struct ColorTests {
    // MARK: Initialisers and output

    @Test func componentInitDefaultsToOpaque() {
        let (r, g, b): (UInt8, UInt8, UInt8) = (1, 2, 3)
        let color = Color(red: r, green: g, blue: b)
        #expect(color.red == 1 && color.green == 2 && color.blue == 3 && color.alpha == 255)
        #expect(Color(red: UInt8(10), green: 20, blue: 30, alpha: 40).alpha == 40)
    }

    @Test func unitInitClampsAndRounds() {
        #expect(Color(red: 1.0, green: 0.5, blue: 0.0).hex == "#FF8000FF")
        #expect(Color(red: 2.0, green: -1.0, blue: 0.2, opacity: 0.5).hex == "#FF003380")
        #expect(Color(red: Double.nan, green: 1.0, blue: 1.0, opacity: 1.0).hex == "#00FFFFFF")
        #expect(Color(red: 0.0, green: 0.0, blue: 0.0, opacity: 0.0) == Color.clear)
    }

    @Test func hexIsCanonicalUppercaseWithAlphaLast() {
        #expect(Color(red: 0xAB, green: 0x0C, blue: 0xD1, alpha: 0x0E).hex == "#AB0CD10E")
        #expect(Color(red: 0, green: 0, blue: 0, alpha: 0).hex == "#00000000")
        #expect(Color(red: 255, green: 255, blue: 255, alpha: 255).hex == "#FFFFFFFF")
    }

    @Test func descriptionIsHex() {
        let color = Color(red: 0x12, green: 0x34, blue: 0x56, alpha: 0x78)
        #expect(color.description == "#12345678")
        #expect("\(color)" == "#12345678")
    }

    @Test(arguments: ["#000000FF", "#FF3B30FF", "#12345678", "#00000000", "#ABCDEF01"])
    func hexRoundTrips(text: String) {
        #expect(hex(text) == text)
    }

    // MARK: Hex

    @Test(arguments: [
        ("#F80", "#FF8800FF"), ("f80", "#FF8800FF"), ("#f80", "#FF8800FF"),
        ("#F808", "#FF880088"), ("f808", "#FF880088"),
        ("#FF3B30", "#FF3B30FF"), ("FF3B30", "#FF3B30FF"), ("#ff3b30", "#FF3B30FF"),
        ("ff3B30", "#FF3B30FF"),
        ("#FF3B3080", "#FF3B3080"), ("ff3b3080", "#FF3B3080"), ("#Ff3b3080", "#FF3B3080"),
        ("#000", "#000000FF"), ("#0000", "#00000000"),
    ])
    func hexForms(text: String, expected: String) {
        #expect(hex(text) == expected)
    }

    @Test func hexAlphaIsLast() {
        let color = parse("#11223344")
        #expect(color == Color(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44))
        #expect(parse("#1234") == Color(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44))
    }

    @Test func surroundingWhitespaceIsTrimmed() {
        #expect(hex("  #FF3B30\n") == "#FF3B30FF")
        #expect(hex("\t rgb(1, 2, 3) ") == "#010203FF")
        #expect(hex(" teal ") == "#008080FF")
        #expect(hex("\nmint\t") == "#00C7BEFF")
    }

    // MARK: Functional

    @Test(arguments: [
        ("rgb(255, 0, 0)", "#FF0000FF"),
        ("rgb(255,0,0)", "#FF0000FF"),
        ("rgb( 1 ,2,  3 )", "#010203FF"),
        ("RGB(10, 20, 30)", "#0A141EFF"),
        ("rgb (10, 20, 30)", "#0A141EFF"),
        ("rgb(100%, 50%, 0%)", "#FF8000FF"),
        ("rgb(100%, 0, 20%)", "#FF0033FF"),
        ("rgb(127.6, 0, 0)", "#800000FF"),
        ("rgba(255, 0, 0, 0.5)", "#FF000080"),
        ("rgba(255,0,0,1)", "#FF0000FF"),
        ("rgba(255, 0, 0, 0)", "#FF000000"),
        ("rgba(255, 0, 0, .25)", "#FF000040"),
        ("rgba(255, 0, 0, 50%)", "#FF000080"),
        ("rgba(0%, 100%, 0%, 100%)", "#00FF00FF"),
        ("Rgba(\t0 , 0 ,0 , 0.2 )", "#00000033"),
        ("rgb(255 0 0)", "#FF0000FF"),
        ("rgb(255 0 0 / 50%)", "#FF000080"),
        ("rgb(255  0\t0/0.5)", "#FF000080"),
        ("rgba(0 0 255 / 1)", "#0000FFFF"),
    ])
    func functionalForms(text: String, expected: String) {
        #expect(hex(text) == expected)
    }

    // MARK: Names

    @Test(arguments: [
        ("rebeccapurple", "#663399FF"),
        ("RebeccaPurple", "#663399FF"),
        ("aliceblue", "#F0F8FFFF"),
        ("lightgoldenrodyellow", "#FAFAD2FF"),
        ("teal", "#008080FF"),
        ("gray", "#808080FF"),
        ("grey", "#808080FF"),
        ("GREY", "#808080FF"),
        ("darkslategray", "#2F4F4FFF"),
        ("darkslategrey", "#2F4F4FFF"),
        ("yellowgreen", "#9ACD32FF"),
        ("transparent", "#00000000"),
        ("Transparent", "#00000000"),
        ("indigo", "#4B0082FF"),
    ])
    func cssNames(text: String, expected: String) {
        #expect(hex(text) == expected)
    }

    @Test func cssTableHasAll148Names() {
        #expect(Color.cssNamedColors.count == 148)
        for (gray, grey) in [("gray", "grey"), ("darkgray", "darkgrey"), ("dimgray", "dimgrey"),
                             ("lightgray", "lightgrey"), ("slategray", "slategrey"),
                             ("lightslategray", "lightslategrey"), ("darkslategray", "darkslategrey")] {
            #expect(Color.cssNamedColors[gray] != nil)
            #expect(Color.cssNamedColors[gray] == Color.cssNamedColors[grey])
        }
    }

    @Test(arguments: [
        ("mint", "#00C7BEFF"),
        ("Mint", "#00C7BEFF"),
        ("primary", "#000000FF"),
        ("secondary", "#3C3C4399"),
        ("clear", "#00000000"),
        ("CLEAR", "#00000000"),
    ])
    func swiftUIOnlyNames(text: String, expected: String) {
        #expect(hex(text) == expected)
    }

    @Test func cssNamesTakePrecedenceOverSwiftUINames() {
        #expect(hex("red") == "#FF0000FF")
        #expect(Color.red.hex == "#FF3B30FF")
        #expect(hex("blue") == "#0000FFFF")
        #expect(hex("teal") == "#008080FF")
        #expect(hex("indigo") == "#4B0082FF")
        #expect(hex("gray") == "#808080FF")
        #expect(hex("mint") == Color.mint.hex)
        // Every SwiftUI name parses to its CSS value when CSS has one, else to SwiftUI's.
        for (name, swiftUI) in Color.swiftUINamedColors {
            let expected = Color.cssNamedColors[name].map { Color(rgb: $0) } ?? swiftUI
            #expect(parse(name) == expected, "\(name)")
        }
    }

    @Test func hexComesBeforeNames() {
        // "add" is not a name anywhere, but it is three hex digits.
        #expect(hex("add") == "#AADDDDFF")
    }

    // MARK: Static members

    @Test func staticMembersAreSwiftUIValues() {
        let expected: [(Color, String)] = [
            (.red, "#FF3B30FF"), (.orange, "#FF9500FF"), (.yellow, "#FFCC00FF"),
            (.green, "#34C759FF"), (.mint, "#00C7BEFF"), (.teal, "#30B0C7FF"),
            (.cyan, "#32ADE6FF"), (.blue, "#007AFFFF"), (.indigo, "#5856D6FF"),
            (.purple, "#AF52DEFF"), (.pink, "#FF2D55FF"), (.brown, "#A2845EFF"),
            (.gray, "#8E8E93FF"), (.black, "#000000FF"), (.white, "#FFFFFFFF"),
            (.clear, "#00000000"), (.primary, "#000000FF"), (.secondary, "#3C3C4399"),
        ]
        for (color, text) in expected {
            #expect(color.hex == text)
        }
        #expect(Color.swiftUINamedColors.count == expected.count)
    }

    @Test func staticMembersWorkAsImplicitMembers() {
        func tint(_ color: Color) -> String { color.hex }
        #expect(tint(.red) == "#FF3B30FF")
        #expect(tint(.secondary) == "#3C3C4399")
    }

    // MARK: Errors

    @Test(arguments: [
        "#12", "#GGGGGG", "rgb(300,0,0)", "rgba(1,2,3)", "notacolour", "", "#1234567",
        "   ", "#", "##FFF", "rgb(1,2)", "rgb(1,2,3,0.5)", "rgb(1, 2, 3", "rgb(-1, 0, 0)",
        "rgb(101%, 0, 0)", "rgba(0,0,0,1.5)", "rgba(0,0,0,150%)", "rgb(1e2, 0, 0)",
        "rgb(1 2 3 / 0.5 / 1)", "rgb(1, 2 3)", "rgba(1 2 3)", "rgb(1,,2,3)", "rgb()",
        "rgb(1 2 3 /)", "rgb(0x10, 0, 0)", "hsl(0, 100%, 50%)", "red blue", "#FF 00 00",
        "ＦＦＦ",
    ])
    func badInputsThrowHelpfulErrors(text: String) {
        #expect {
            try Color(parsing: text)
        } throws: { error in
            guard let error = error as? ColorParseError else { return false }
            let message = error.description
            return error.input == text
                && message.contains("'\(text)'")
                && message.contains("#RGB, #RGBA, #RRGGBB or #RRGGBBAA")
                && message.contains("alpha last, # optional")
                && message.contains("rgb(r, g, b)")
                && message.contains("rgba(r, g, b, a)")
                && message.contains("CSS colour name")
                && message.contains("SwiftUI colour name")
        }
    }

    @Test func errorMessageIsExact() {
        #expect(ColorParseError(input: "#12").description ==
            "'#12' is not a colour: use #RGB, #RGBA, #RRGGBB or #RRGGBBAA (alpha last, # optional), "
            + "rgb(r, g, b), rgba(r, g, b, a), a CSS colour name such as 'teal' or 'transparent', "
            + "or a SwiftUI colour name such as 'mint' or 'primary'")
    }

    @Test func typedThrowIsColorParseError() {
        do {
            _ = try Color(parsing: "nope")
            Issue.record("'nope' parsed")
        } catch {
            // `error` is statically a ColorParseError thanks to typed throws.
            #expect(error == ColorParseError(input: "nope"))
        }
    }

    @Test func colorIsHashable() {
        let set: Set<Color> = [.red, Color(red: 0xFF, green: 0x3B, blue: 0x30, alpha: 0xFF), .blue]
        #expect(set.count == 2)
    }
}
