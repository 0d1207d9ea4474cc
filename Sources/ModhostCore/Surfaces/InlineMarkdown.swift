import ModhostWire

/// A run of a Markdown text: its characters and how they are shown.
struct MarkdownRun: Equatable {
    var text: String
    var bold = false
    var italic = false
    var strikethrough = false
    var code = false
    var link: String?

    /// `{"text", "bold"?, "italic"?, "strikethrough"?, "code"?, "link"?}`, the styles only when set.
    var json: JSONValue {
        var object = JSONObject([("text", .string(text))])
        if bold { object["bold"] = true }
        if italic { object["italic"] = true }
        if strikethrough { object["strikethrough"] = true }
        if code { object["code"] = true }
        if let link { object["link"] = .string(link) }
        return .object(object)
    }

    func hasSameStyle(as other: MarkdownRun) -> Bool {
        bold == other.bold && italic == other.italic && strikethrough == other.strikethrough && code == other.code && link == other.link
    }
}

/// The inline Markdown a SwiftUI `Text` shows for Expo UI's `markdownEnabled`: `**bold**` (or
/// `__bold__`), `*italic*` (or `_italic_`), `***both***`, `~~strikethrough~~`, `` `code` ``,
/// `[label](url)` and backslash escapes. Block syntax (headings, lists, quotes) is not inline
/// Markdown: SwiftUI shows it as written, and so does this. A delimiter that opens before a
/// space, closes after one, or has no partner is shown as written too; `_` does not open or
/// close inside a word (`snake_case`).
enum InlineMarkdown {
    /// The runs of `source`, adjacent runs of one style merged.
    static func runs(of source: String) -> [MarkdownRun] {
        let characters = Array(source)
        var runs: [MarkdownRun] = []
        parse(characters, characters.startIndex..<characters.endIndex, style: MarkdownRun(text: ""), into: &runs)
        var merged: [MarkdownRun] = []
        for run in runs where !run.text.isEmpty {
            if let last = merged.last, last.hasSameStyle(as: run) {
                merged[merged.count - 1].text += run.text
            } else {
                merged.append(run)
            }
        }
        return merged
    }

    private static func parse(_ c: [Character], _ range: Range<Int>, style: MarkdownRun, into runs: inout [MarkdownRun]) {
        var text = ""
        func flush() {
            guard !text.isEmpty else { return }
            var run = style
            run.text = text
            runs.append(run)
            text = ""
        }
        var i = range.lowerBound
        scanning: while i < range.upperBound {
            let character = c[i]
            if character == "\\", i + 1 < range.upperBound, c[i + 1].isASCII, c[i + 1].isPunctuation || c[i + 1].isSymbol {
                text.append(c[i + 1])
                i += 2
                continue
            }
            if character == "`", let close = find(["`"], in: c, from: i + 1, before: range.upperBound), close > i + 1 {
                flush()
                var run = style
                run.code = true
                run.text = String(c[(i + 1)..<close])
                runs.append(run)
                i = close + 1
                continue
            }
            if character == "[", let (labelEnd, urlEnd) = link(in: c, at: i, before: range.upperBound) {
                flush()
                var inner = style
                inner.link = String(c[(labelEnd + 2)..<urlEnd])
                parse(c, (i + 1)..<labelEnd, style: inner, into: &runs)
                i = urlEnd + 1
                continue
            }
            // Longest delimiter first: `***` is bold and italic at once.
            for (delimiter, emphasis) in delimiters where matches(delimiter, in: c, at: i, before: range.upperBound) {
                let width = delimiter.count
                guard opens(c, at: i, width: width, before: range.upperBound),
                    let close = closing(delimiter, in: c, from: i + width, before: range.upperBound)
                else { continue }
                flush()
                var inner = style
                emphasis.apply(to: &inner)
                parse(c, (i + width)..<close, style: inner, into: &runs)
                i = close + width
                continue scanning
            }
            text.append(character)
            i += 1
        }
        flush()
    }

    /// What a pair of delimiters does to the text between them.
    private enum Emphasis {
        case boldItalic, bold, strikethrough, italic

        func apply(to run: inout MarkdownRun) {
            switch self {
            case .boldItalic:
                run.bold = true
                run.italic = true
            case .bold: run.bold = true
            case .strikethrough: run.strikethrough = true
            case .italic: run.italic = true
            }
        }
    }

    private static let delimiters: [([Character], Emphasis)] = [
        (["*", "*", "*"], .boldItalic), (["_", "_", "_"], .boldItalic), (["*", "*"], .bold), (["_", "_"], .bold),
        (["~", "~"], .strikethrough), (["*"], .italic), (["_"], .italic),
    ]

    private static func matches(_ delimiter: [Character], in c: [Character], at i: Int, before end: Int) -> Bool {
        guard i + delimiter.count <= end else { return false }
        for (offset, character) in delimiter.enumerated() where c[i + offset] != character { return false }
        return true
    }

    /// Whether a delimiter of `width` at `i` may open: something follows that is not a space,
    /// and an `_` does not stand inside a word.
    private static func opens(_ c: [Character], at i: Int, width: Int, before end: Int) -> Bool {
        guard i + width < end, !c[i + width].isWhitespace else { return false }
        if c[i] == "_", i > 0, c[i - 1].isLetter || c[i - 1].isNumber { return false }
        return true
    }

    /// Where the partner of `delimiter` is, from `start`: after something that is not a space,
    /// not part of a longer run of the same character, not escaped.
    private static func closing(_ delimiter: [Character], in c: [Character], from start: Int, before end: Int) -> Int? {
        var j = start
        while j < end {
            if c[j] == "\\" { j += 2; continue }
            if c[j] == delimiter[0] {
                var runEnd = j
                while runEnd < end, c[runEnd] == delimiter[0] { runEnd += 1 }
                let length = runEnd - j
                if length == delimiter.count, j > start, !c[j - 1].isWhitespace,
                    delimiter[0] != "_" || runEnd == end || !(c[runEnd].isLetter || c[runEnd].isNumber)
                {
                    return j
                }
                j = runEnd
                continue
            }
            j += 1
        }
        return nil
    }

    /// Where `characters` first stand, from `start`, escaped or not (a code span's closing
    /// backtick, a link's `)`).
    private static func find(_ characters: [Character], in c: [Character], from start: Int, before end: Int) -> Int? {
        var j = start
        while j < end {
            if matches(characters, in: c, at: j, before: end) { return j }
            j += 1
        }
        return nil
    }

    /// For `[label](url)` at `i`: where the label ends (its `]`) and where the url ends (its `)`).
    private static func link(in c: [Character], at i: Int, before end: Int) -> (labelEnd: Int, urlEnd: Int)? {
        var depth = 0
        var j = i + 1
        while j < end {
            if c[j] == "\\" { j += 2; continue }
            if c[j] == "[" { depth += 1 }
            if c[j] == "]" {
                if depth == 0 { break }
                depth -= 1
            }
            j += 1
        }
        guard j + 1 < end, c[j] == "]", c[j + 1] == "(", j > i + 1,
            let close = find([")"], in: c, from: j + 2, before: end), close > j + 2,
            !c[(j + 2)..<close].contains(where: \.isWhitespace)
        else { return nil }
        return (j, close)
    }
}
