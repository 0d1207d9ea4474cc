/// A colour as four 8-bit components: red, green, blue and alpha (opacity).
///
/// Plugins receive colours from the front-end as strings and turn them into a `Color` with
/// ``init(parsing:)``, which accepts the same spellings as Expo UI: hex (`#FF3B30`,
/// `#FF3B3080`, `F00`), `rgb(...)` / `rgba(...)`, the CSS colour names, and SwiftUI's colour
/// names. In code, the SwiftUI-style static members read naturally: `.tint(.red)`.
///
/// Two colours are equal when all four components are equal. ``description`` is the
/// canonical ``hex`` form, `#RRGGBBAA`.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// The red component, 0 to 255.
    public let red: UInt8
    /// The green component, 0 to 255.
    public let green: UInt8
    /// The blue component, 0 to 255.
    public let blue: UInt8
    /// The alpha (opacity) component: 0 is fully transparent, 255 fully opaque.
    public let alpha: UInt8

    /// A colour from 8-bit components; opaque unless `alpha` says otherwise.
    ///
    ///     let tomato = Color(red: 255, green: 99, blue: 71, alpha: 255)
    ///     let halfBlack = Color(red: 0, green: 0, blue: 0, alpha: 128)
    ///
    /// With integer literals only and neither `alpha:` nor `opacity:`, as in
    /// `Color(red: 1, green: 0, blue: 0)`, the call is ambiguous with
    /// ``init(red:green:blue:opacity:)`` and does not compile, rather than silently picking
    /// a scale. Name `alpha:` (0...255) or `opacity:` (0...1), or pass typed values.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from components between 0 and 1, as SwiftUI's `Color(red:green:blue:opacity:)`.
    ///
    /// Each component is clamped to 0...1 (NaN counts as 0), scaled to 0...255 and rounded
    /// to the nearest integer: `Color(red: 1, green: 0.5, blue: 0)` is `#FF8000FF`.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(
            red: Color.byte(fromUnit: red),
            green: Color.byte(fromUnit: green),
            blue: Color.byte(fromUnit: blue),
            alpha: Color.byte(fromUnit: opacity)
        )
    }

    /// The canonical spelling of this colour: `#RRGGBBAA`, uppercase, alpha last.
    ///
    /// `Color.red.hex` is `"#FF3B30FF"`; `Color.clear.hex` is `"#00000000"`. Parsing the
    /// result with ``init(parsing:)`` gives back the same colour.
    public var hex: String {
        var text = "#"
        for component in [red, green, blue, alpha] {
            text.append(Color.hexDigits[Int(component >> 4)])
            text.append(Color.hexDigits[Int(component & 0x0F)])
        }
        return text
    }

    /// The canonical ``hex`` form, `#RRGGBBAA`.
    public var description: String { hex }

    /// Reads a colour from its text form, as Expo UI does.
    ///
    /// Surrounding whitespace is ignored. The forms are tried in this order, and the first
    /// that matches wins:
    ///
    /// 1. **Hex**: `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`, in any case. Alpha comes
    ///    *last*, as in CSS (`#FF000080` is half-transparent red). The `#` is optional, so
    ///    `FF3B30` works too (and so a bare word made only of hex digits, such as `bad`,
    ///    reads as hex).
    /// 2. **Functional**: `rgb(r, g, b)` and `rgba(r, g, b, a)`. `r`, `g`, `b` are numbers
    ///    from 0 to 255 or percentages from 0% to 100%; `a` is a number from 0 to 1 or a
    ///    percentage. The CSS Color 4 space-separated form is accepted too:
    ///    `rgb(255 0 0)`, `rgb(255 0 0 / 50%)`. `rgba` always needs an alpha; `rgb` takes
    ///    one only after a `/`. Whitespace around the parts is free; a value out of range
    ///    is an error.
    /// 3. **CSS names**: the 148 named colours of CSS Color Module Level 4 (`teal`,
    ///    `rebeccapurple`, `lightgrey` and `lightgray`, ...) and `transparent`
    ///    (`#00000000`), in any case.
    /// 4. **SwiftUI names**: `primary` (black), `secondary` (`#3C3C4399`, see
    ///    ``secondary``), `clear` (`#00000000`), `mint` (`#00C7BE`), and the other names of
    ///    SwiftUI's static colours, in any case.
    ///
    /// Because CSS names come before SwiftUI names, a name both define resolves to the
    /// **CSS** value: `"red"` parses as `#FF0000FF`, not SwiftUI's `#FF3B30FF`, and likewise
    /// `blue`, `green`, `orange`, `yellow`, `pink`, `purple`, `teal`, `cyan`, `indigo`,
    /// `brown` and `gray`. Only the names CSS lacks (`primary`, `secondary`, `clear`,
    /// `mint`) give SwiftUI values. The static members (``red``, ``mint``, ...) are always
    /// SwiftUI's values.
    ///
    /// - Throws: ``ColorParseError`` naming the text and listing the accepted forms.
    public init(parsing text: String) throws(ColorParseError) {
        if let color = Color.parseCommon(text) {
            self = color
            return
        }
        let trimmed = Color.trimmingWhitespace(text)
        if let color = Color.parseHex(trimmed.utf8)
            ?? Color.parseFunctional(trimmed)
            ?? Color.cssColor(named: trimmed)
            ?? Color.swiftUIColor(named: trimmed) {
            self = color
        } else {
            throw ColorParseError(input: text)
        }
    }
}

// MARK: - SwiftUI-style static colours

extension Color {
    // iOS light-mode system colour values, as SwiftUI shows them.

    /// SwiftUI's red, `#FF3B30` (not CSS red, `#FF0000`).
    public static let red = Color(rgb: 0xFF3B30)
    /// SwiftUI's orange, `#FF9500`.
    public static let orange = Color(rgb: 0xFF9500)
    /// SwiftUI's yellow, `#FFCC00`.
    public static let yellow = Color(rgb: 0xFFCC00)
    /// SwiftUI's green, `#34C759`.
    public static let green = Color(rgb: 0x34C759)
    /// SwiftUI's mint, `#00C7BE`.
    public static let mint = Color(rgb: 0x00C7BE)
    /// SwiftUI's teal, `#30B0C7`.
    public static let teal = Color(rgb: 0x30B0C7)
    /// SwiftUI's cyan, `#32ADE6`.
    public static let cyan = Color(rgb: 0x32ADE6)
    /// SwiftUI's blue, `#007AFF`.
    public static let blue = Color(rgb: 0x007AFF)
    /// SwiftUI's indigo, `#5856D6`.
    public static let indigo = Color(rgb: 0x5856D6)
    /// SwiftUI's purple, `#AF52DE`.
    public static let purple = Color(rgb: 0xAF52DE)
    /// SwiftUI's pink, `#FF2D55`.
    public static let pink = Color(rgb: 0xFF2D55)
    /// SwiftUI's brown, `#A2845E`.
    public static let brown = Color(rgb: 0xA2845E)
    /// SwiftUI's gray, `#8E8E93`.
    public static let gray = Color(rgb: 0x8E8E93)
    /// Black, `#000000`.
    public static let black = Color(rgb: 0x000000)
    /// White, `#FFFFFF`.
    public static let white = Color(rgb: 0xFFFFFF)
    /// Fully transparent, `#00000000`.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// The colour of primary content such as body text: black, `#000000FF` (light mode).
    public static let primary = Color(rgb: 0x000000)
    /// The colour of secondary content: `#3C3C4399`, a dark blue-grey at 60% opacity.
    ///
    /// This is iOS's light-mode secondary label colour, which is what SwiftUI's
    /// `.secondary` shows. Over white it looks like the opaque grey `#8A8A8E`.
    public static let secondary = Color(red: 0x3C, green: 0x3C, blue: 0x43, alpha: 0x99)
}

// MARK: - Parse error

/// Why a text is not a colour. The ``description`` names the text and lists every form
/// ``Color/init(parsing:)`` accepts.
public struct ColorParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text that failed to parse, exactly as given (untrimmed).
    public let input: String

    /// An error for `input`.
    public init(input: String) {
        self.input = input
    }

    /// The forms ``Color/init(parsing:)`` accepts, as the message lists them.
    public static let acceptedForms =
        "use #RGB, #RGBA, #RRGGBB or #RRGGBBAA (alpha last, # optional), rgb(r, g, b), "
        + "rgba(r, g, b, a), a CSS colour name such as 'teal' or 'transparent', "
        + "or a SwiftUI colour name such as 'mint' or 'primary'"

    /// `'#12' is not a colour: use #RGB, #RGBA, ...`, listing every accepted form.
    public var description: String {
        "'\(input)' is not a colour: \(ColorParseError.acceptedForms)"
    }
}

// MARK: - Parsing helpers

extension Color {
    /// An opaque colour from `0xRRGGBB`.
    init(rgb: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: rgb >> 16),
            green: UInt8(truncatingIfNeeded: rgb >> 8),
            blue: UInt8(truncatingIfNeeded: rgb),
            alpha: 255
        )
    }

    private static let hexDigits: [Character] = Array("0123456789ABCDEF")

    /// A 0...1 value (clamped, NaN as 0) scaled to 0...255 and rounded.
    private static func byte(fromUnit value: Double) -> UInt8 {
        guard !value.isNaN else { return 0 }
        let clamped = min(max(value, 0), 1)
        return UInt8((clamped * 255).rounded())
    }

    private static func trimmingWhitespace(_ text: String) -> String {
        // Most colours arrive already trimmed: printable ASCII at both ends cannot be
        // whitespace, so the Unicode-aware scan below is skipped for them.
        if let first = text.utf8.first, let last = text.utf8.last,
            (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return text
        }
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The spellings params nearly always use, `#RRGGBB`, `#RRGGBBAA` and a CSS name in
    /// lower case, read from the bytes in place; nil sends the text the long way round,
    /// which reads these the same. (No CSS name is made of hex digits only, so a name
    /// found here is not a hex colour the long way either.)
    static func parseCommon(_ text: String) -> Color? {
        var text = text
        return text.withUTF8 { bytes in
            (bytes.count == 7 || bytes.count == 9) && bytes.first == UInt8(ascii: "#") ? parseHex(bytes) : nil
        } ?? cssNamedColors[text].map(Color.init(rgb:))
    }

    /// `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `#` optional, alpha last, from its UTF-8.
    static func parseHex(_ bytes: some Collection<UInt8>) -> Color? {
        var digits = bytes[...]
        if digits.first == UInt8(ascii: "#") { digits = digits.dropFirst() }
        let count = digits.count
        guard count == 3 || count == 4 || count == 6 || count == 8 else { return nil }
        var value: UInt32 = 0
        for byte in digits {
            guard let digit = hexValue(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        if count <= 4 {
            // Each digit doubles: #F80 is #FF8800. Without alpha the last digit is F.
            if count == 3 { value = value << 4 | 0xF }
            func doubled(_ shift: UInt32) -> UInt8 {
                let digit = UInt8(truncatingIfNeeded: value >> shift) & 0xF
                return digit << 4 | digit
            }
            return Color(red: doubled(12), green: doubled(8), blue: doubled(4), alpha: doubled(0))
        }
        if count == 6 { value = value << 8 | 0xFF }
        return Color(
            red: UInt8(truncatingIfNeeded: value >> 24), green: UInt8(truncatingIfNeeded: value >> 16),
            blue: UInt8(truncatingIfNeeded: value >> 8), alpha: UInt8(truncatingIfNeeded: value))
    }

    /// `rgb(r, g, b)`, `rgba(r, g, b, a)`, `rgb(r g b)`, `rgb(r g b / a)`, `rgba(r g b / a)`.
    static func parseFunctional(_ text: String) -> Color? {
        // Names are far more common than rgb(): refuse them before lowercasing anything.
        guard let first = text.utf8.first, first | 0x20 == UInt8(ascii: "r"), text.utf8.count > 4 else { return nil }
        let bytes = Array(text.lowercased().utf8)
        let needsAlpha: Bool
        var index: Int
        if bytes.starts(with: Array("rgba".utf8)) {
            needsAlpha = true
            index = 4
        } else if bytes.starts(with: Array("rgb".utf8)) {
            needsAlpha = false
            index = 3
        } else {
            return nil
        }
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "("),
              bytes.last == UInt8(ascii: ")"), index < bytes.count - 1
        else { return nil }
        let inner = Array(bytes[(index + 1)..<(bytes.count - 1)])

        let channelTokens: [ArraySlice<UInt8>]
        let alphaToken: ArraySlice<UInt8>?
        if inner.contains(UInt8(ascii: ",")) {
            // Legacy comma syntax: exactly three parts for rgb, four for rgba.
            guard !inner.contains(UInt8(ascii: "/")) else { return nil }
            let parts = inner.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                .map(trimmed)
            guard parts.count == (needsAlpha ? 4 : 3), parts.allSatisfy({ !$0.isEmpty }) else {
                return nil
            }
            channelTokens = Array(parts[0..<3])
            alphaToken = needsAlpha ? parts[3] : nil
        } else {
            // CSS Color 4 syntax: `r g b` or `r g b / a`.
            let halves = inner.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            guard halves.count <= 2 else { return nil }
            channelTokens = halves[0].split(whereSeparator: isSpace)
            guard channelTokens.count == 3 else { return nil }
            if halves.count == 2 {
                let alpha = trimmed(halves[1])
                guard !alpha.isEmpty, !alpha.contains(where: isSpace) else { return nil }
                alphaToken = alpha
            } else {
                guard !needsAlpha else { return nil }
                alphaToken = nil
            }
        }

        guard let red = channel(channelTokens[0]),
              let green = channel(channelTokens[1]),
              let blue = channel(channelTokens[2])
        else { return nil }
        var alpha: UInt8 = 255
        if let alphaToken {
            guard let value = alphaChannel(alphaToken) else { return nil }
            alpha = value
        }
        return Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, isSpace(first) { slice.removeFirst() }
        while let last = slice.last, isSpace(last) { slice.removeLast() }
        return slice
    }

    /// A plain unsigned decimal number: `12`, `12.5`, `.5`, `5.`. No sign, no exponent.
    private static func number(_ bytes: ArraySlice<UInt8>) -> Double? {
        var value = 0.0
        var scale = 1.0
        var seenDigit = false
        var seenPoint = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                seenDigit = true
                let digit = Double(byte - UInt8(ascii: "0"))
                if seenPoint {
                    scale /= 10
                    value += digit * scale
                } else {
                    value = value * 10 + digit
                }
            } else {
                return nil
            }
        }
        return seenDigit ? value : nil
    }

    /// A number and whether it ended in `%`.
    private static func quantity(_ token: ArraySlice<UInt8>) -> (value: Double, percent: Bool)? {
        if token.last == UInt8(ascii: "%") {
            return number(token.dropLast()).map { ($0, true) }
        }
        return number(token).map { ($0, false) }
    }

    /// `0`...`255` or `0%`...`100%`, rounded to a byte.
    private static func channel(_ token: ArraySlice<UInt8>) -> UInt8? {
        guard let parsed = quantity(token) else { return nil }
        let (value, percent) = parsed
        guard value <= (percent ? 100 : 255) else { return nil }
        let scaled = percent ? value / 100 * 255 : value
        return UInt8(scaled.rounded())
    }

    /// `0`...`1` or `0%`...`100%`, scaled to a byte.
    private static func alphaChannel(_ token: ArraySlice<UInt8>) -> UInt8? {
        guard let parsed = quantity(token) else { return nil }
        let (value, percent) = parsed
        let unit = percent ? value / 100 : value
        guard unit <= 1 else { return nil }
        return UInt8((unit * 255).rounded())
    }

    /// A CSS Color 4 named colour or `transparent`, any case.
    static func cssColor(named name: String) -> Color? {
        // Names nearly always arrive in lower case already; `lowercased()` is not free.
        let key = name.utf8.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }) ? name : name.lowercased()
        if key == "transparent" { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        return cssNamedColors[key].map(Color.init(rgb:))
    }

    /// A SwiftUI colour name, any case.
    static func swiftUIColor(named name: String) -> Color? {
        swiftUINamedColors[name.lowercased()]
    }

    /// SwiftUI's colour names and their values (the static members above).
    static let swiftUINamedColors: [String: Color] = [
        "primary": .primary, "secondary": .secondary, "clear": .clear,
        "black": .black, "white": .white, "gray": .gray,
        "red": .red, "orange": .orange, "yellow": .yellow, "green": .green,
        "mint": .mint, "teal": .teal, "cyan": .cyan, "blue": .blue,
        "indigo": .indigo, "purple": .purple, "pink": .pink, "brown": .brown,
    ]

    /// The 148 named colours of CSS Color Module Level 4, as `0xRRGGBB`.
    static let cssNamedColors: [String: UInt32] = [
        "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF,
        "aquamarine": 0x7FFFD4, "azure": 0xF0FFFF, "beige": 0xF5F5DC,
        "bisque": 0xFFE4C4, "black": 0x000000, "blanchedalmond": 0xFFEBCD,
        "blue": 0x0000FF, "blueviolet": 0x8A2BE2, "brown": 0xA52A2A,
        "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0, "chartreuse": 0x7FFF00,
        "chocolate": 0xD2691E, "coral": 0xFF7F50, "cornflowerblue": 0x6495ED,
        "cornsilk": 0xFFF8DC, "crimson": 0xDC143C, "cyan": 0x00FFFF,
        "darkblue": 0x00008B, "darkcyan": 0x008B8B, "darkgoldenrod": 0xB8860B,
        "darkgray": 0xA9A9A9, "darkgreen": 0x006400, "darkgrey": 0xA9A9A9,
        "darkkhaki": 0xBDB76B, "darkmagenta": 0x8B008B, "darkolivegreen": 0x556B2F,
        "darkorange": 0xFF8C00, "darkorchid": 0x9932CC, "darkred": 0x8B0000,
        "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F, "darkslateblue": 0x483D8B,
        "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F, "darkturquoise": 0x00CED1,
        "darkviolet": 0x9400D3, "deeppink": 0xFF1493, "deepskyblue": 0x00BFFF,
        "dimgray": 0x696969, "dimgrey": 0x696969, "dodgerblue": 0x1E90FF,
        "firebrick": 0xB22222, "floralwhite": 0xFFFAF0, "forestgreen": 0x228B22,
        "fuchsia": 0xFF00FF, "gainsboro": 0xDCDCDC, "ghostwhite": 0xF8F8FF,
        "gold": 0xFFD700, "goldenrod": 0xDAA520, "gray": 0x808080,
        "green": 0x008000, "greenyellow": 0xADFF2F, "grey": 0x808080,
        "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4, "indianred": 0xCD5C5C,
        "indigo": 0x4B0082, "ivory": 0xFFFFF0, "khaki": 0xF0E68C,
        "lavender": 0xE6E6FA, "lavenderblush": 0xFFF0F5, "lawngreen": 0x7CFC00,
        "lemonchiffon": 0xFFFACD, "lightblue": 0xADD8E6, "lightcoral": 0xF08080,
        "lightcyan": 0xE0FFFF, "lightgoldenrodyellow": 0xFAFAD2, "lightgray": 0xD3D3D3,
        "lightgreen": 0x90EE90, "lightgrey": 0xD3D3D3, "lightpink": 0xFFB6C1,
        "lightsalmon": 0xFFA07A, "lightseagreen": 0x20B2AA, "lightskyblue": 0x87CEFA,
        "lightslategray": 0x778899, "lightslategrey": 0x778899, "lightsteelblue": 0xB0C4DE,
        "lightyellow": 0xFFFFE0, "lime": 0x00FF00, "limegreen": 0x32CD32,
        "linen": 0xFAF0E6, "magenta": 0xFF00FF, "maroon": 0x800000,
        "mediumaquamarine": 0x66CDAA, "mediumblue": 0x0000CD, "mediumorchid": 0xBA55D3,
        "mediumpurple": 0x9370DB, "mediumseagreen": 0x3CB371, "mediumslateblue": 0x7B68EE,
        "mediumspringgreen": 0x00FA9A, "mediumturquoise": 0x48D1CC, "mediumvioletred": 0xC71585,
        "midnightblue": 0x191970, "mintcream": 0xF5FFFA, "mistyrose": 0xFFE4E1,
        "moccasin": 0xFFE4B5, "navajowhite": 0xFFDEAD, "navy": 0x000080,
        "oldlace": 0xFDF5E6, "olive": 0x808000, "olivedrab": 0x6B8E23,
        "orange": 0xFFA500, "orangered": 0xFF4500, "orchid": 0xDA70D6,
        "palegoldenrod": 0xEEE8AA, "palegreen": 0x98FB98, "paleturquoise": 0xAFEEEE,
        "palevioletred": 0xDB7093, "papayawhip": 0xFFEFD5, "peachpuff": 0xFFDAB9,
        "peru": 0xCD853F, "pink": 0xFFC0CB, "plum": 0xDDA0DD,
        "powderblue": 0xB0E0E6, "purple": 0x800080, "rebeccapurple": 0x663399,
        "red": 0xFF0000, "rosybrown": 0xBC8F8F, "royalblue": 0x4169E1,
        "saddlebrown": 0x8B4513, "salmon": 0xFA8072, "sandybrown": 0xF4A460,
        "seagreen": 0x2E8B57, "seashell": 0xFFF5EE, "sienna": 0xA0522D,
        "silver": 0xC0C0C0, "skyblue": 0x87CEEB, "slateblue": 0x6A5ACD,
        "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xFFFAFA,
        "springgreen": 0x00FF7F, "steelblue": 0x4682B4, "tan": 0xD2B48C,
        "teal": 0x008080, "thistle": 0xD8BFD8, "tomato": 0xFF6347,
        "turquoise": 0x40E0D0, "violet": 0xEE82EE, "wheat": 0xF5DEB3,
        "white": 0xFFFFFF, "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00,
        "yellowgreen": 0x9ACD32,
    ]
}
