@testable import ModhostCore
import ModhostWire
import Testing

// A Text's `markdownEnabled` (issue 43, item 3: "markdownEnabled read and shown"): the inline
// Markdown SwiftUI shows, as runs in the snapshot.

/// Runs written short: `text` plain, `*text*` italic, `**text**` bold, `~text~` struck,
/// `` `text` `` code, `text->url` a link.
private func short(_ runs: [MarkdownRun]) -> [String] {
    runs.map { run in
        var text = run.text
        if run.code { text = "`" + text + "`" }
        if run.italic { text = "*" + text + "*" }
        if run.bold { text = "**" + text + "**" }
        if run.strikethrough { text = "~" + text + "~" }
        if let link = run.link { text += "->" + link }
        return text
    }
}

@Suite("Inline Markdown of a Text", .timeLimit(.minutes(20)))
struct InlineMarkdownTests {
    @Test(arguments: [
        ("plain text", ["plain text"]),
        ("**Bold** and *italic*", ["**Bold**", " and ", "*italic*"]),
        ("__bold__ _italic_", ["**bold**", " ", "*italic*"]),
        ("***both*** ~~gone~~", ["***both***", " ", "~gone~"]),
        ("run `swift build` now", ["run ", "`swift build`", " now"]),
        ("see [the docs](https://expo.dev) first", ["see ", "the docs->https://expo.dev", " first"]),
        ("[**bold** link](https://a.b)", ["**bold**->https://a.b", " link->https://a.b"]),
        ("*a **b** c*", ["*a *", "***b***", "* c*"]),
        // Shown as written: no partner, a space inside the delimiter, an escape, `_` in a word.
        ("2 * 3 * 4", ["2 * 3 * 4"]),
        ("** not bold**", ["** not bold**"]),
        ("\\*not italic\\*", ["*not italic*"]),
        ("snake_case_name", ["snake_case_name"]),
        ("[no url]", ["[no url]"]),
        ("[spaced](a b)", ["[spaced](a b)"]),
        ("# Heading", ["# Heading"]),
        ("`` empty", ["`` empty"]),
    ] as [(String, [String])])
    func runs(source: String, expected: [String]) {
        #expect(short(InlineMarkdown.runs(of: source)) == expected, "\(source)")
    }

    @Test func aTextWithMarkdownEnabledShowsItsRunsInTheSnapshot() throws {
        let client = try SurfaceClient.initialized()
        let markdown: JSONValue = ["type": "Text", "key": "m", "props": ["text": "**Hi** [there](https://x.y)", "markdownEnabled": true]]
        let plain: JSONValue = ["type": "Text", "key": "p", "props": ["text": "**Hi**"]]
        let mounted = try client.mount("main", ["type": "VStack", "children": [markdown, plain]])
        try client.ok(mounted)
        #expect(mounted.diagnostics.isEmpty, "markdownEnabled is a prop the host reads: \(mounted.diagnostics)")
        let root = try client.root()
        #expect(root["children"]?[0]?["markdown"] == [["text": "Hi", "bold": true], ["text": " "], ["text": "there", "link": "https://x.y"]])
        #expect(root["children"]?[0]?["props"]?["text"] == "**Hi** [there](https://x.y)", "the text as sent stays a prop")
        #expect(root["children"]?[1]?["markdown"] == nil, "without markdownEnabled the text is shown as written")
        try client.ok(try client.update("main", ["type": "Text", "props": ["text": "**x**", "markdownEnabled": false]]))
        #expect(try client.root()["markdown"] == nil)
    }
}
