import Foundation
@_spi(ModhostHost) import ModifierKit
import Synchronization
import Testing

// The code of SDK/README.md, the plugin author's guide, compiled and run here. Each region
// between `// guide-snippet: NAME` and `// end guide-snippet` is one ```swift block of the
// guide, in the guide's order and with the same text (indentation aside);
// `GuideExamplesTests.theGuideShowsExactlyTheseSnippets` fails when the two drift apart, so
// edit both together.

// guide-snippet: records
/// How much the ribbon stands out; the params carry a case's name: `"prominent"`.
enum RibbonStyle: String, Enumerable {
    case subtle
    case prominent
}

/// One button revealed by swiping the row: `{"id": "pin", "title": "Pin", "systemImage": "pin"}`.
final class RibbonAction: Record {
    @Field(.required) var id: String = ""
    @Field var title: String = ""
    @Field var systemImage: String?
}

/// `{"$type": "ribbon", "text": "New", "color": "#34C759", "count": 3, "actions": [...]}`
struct RibbonModifier: ViewModifier, Record {
    @Field(.required) var text: String = ""
    @Field("color") var tint: Color = .orange
    @Field var style: RibbonStyle = .subtle
    @Field var count: Int?
    @Field var actions: [RibbonAction] = []

    var eventDispatcher: EventDispatcher?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
    }
}
// end guide-snippet

// guide-snippet: custom type
/// A whole percentage: a number from 0 to 100, such as the `40` of `{"progress": 40}`.
struct Percent: Convertible {
    var value: Int

    static func convert(from value: Any, appContext: AppContext) throws -> Percent {
        let number = try Int.convert(from: value, appContext: appContext)
        guard (0...100).contains(number) else {
            throw ConversionError("expected a whole number from 0 to 100")
        }
        return Percent(value: number)
    }

    static var typeName: String { "Percent" }

    static func jsonSchema(in context: inout SchemaContext) -> [String: Any] {
        ["type": "integer", "minimum": 0, "maximum": 100]
    }

    var jsonValue: Any { value }
}
// end guide-snippet

// guide-snippet: body
extension RibbonModifier {
    func body(content: Content) -> some View {
        content
            .badge(count ?? 0)
            .listRowBackground(style == .prominent ? tint : nil)
            .onTapGesture(count: 2) {
                eventDispatcher?()
            }
            .swipeActions(edge: .leading) {
                ForEach(actions, id: \.id) { action in
                    Button(action.title, systemImage: action.systemImage ?? "star") {
                        var tap = RibbonTap()
                        tap.action = action.id
                        tap.text = text
                        eventDispatcher?(tap)
                    }
                    .tint(tint)
                }
            }
    }
}
// end guide-snippet

// guide-snippet: event payload
/// What a tap on an action sends: `{"ribbon": {"action": "pin", "text": "New"}}`.
struct RibbonTap: Record {
    @Field var action: String = ""
    @Field var text: String = ""
}
// end guide-snippet

// guide-snippet: arguments
/// In JavaScript: `ribbon("New")` or `ribbon("New", {color: "orange", count: 3})`.
func registerRibbon() {
    ViewModifierRegistry.register("ribbon", description: "A coloured ribbon", arguments: [.value("text"), .options]) {
        params, appContext, eventDispatcher in
        try RibbonModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
    }
}
// end guide-snippet

// guide-snippet: module
public class RibbonModule: Module {
    public func definition() -> ModuleDefinition {
        Name("Ribbon")
        Events("onCleared")

        Function("shout") { (text: String) in
            text.uppercased()
        }

        AsyncFunction("wordCount") { (texts: [String]) async -> Int in
            texts.reduce(0) { $0 + $1.split(separator: " ").count }
        }

        Function("clear") { (id: String) in
            self.sendEvent("onCleared", ["id": id])
        }

        OnCreate {
            ViewModifierRegistry.register("ribbon") { params, appContext, eventDispatcher in
                try RibbonModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
        }

        OnDestroy {
            ViewModifierRegistry.unregister("ribbon")
        }
    }
}
// end guide-snippet

private let context = AppContext(hostVersion: "test", log: .silent)

// guide-snippet: view
public final class RatingProps: ExpoSwiftUI.ViewProps {
    @Field public var value: Int = 0
    @Field public var max: Int = 5
    @Field public var label: String = ""
    public var onValueChange = EventDispatcher()
    public required init() {}
}

public struct RatingView: ExpoSwiftUI.View {
    public let props: RatingProps
    public init(props: RatingProps) { self.props = props }
    public var body: some View {
        HStack {
            Text(props.label)
            ForEach(0..<Swift.max(props.max, 0), id: \.self) { index in
                Button { props.onValueChange(["value": index + 1]) } label: {
                    Image(systemName: index < props.value ? "star.fill" : "star")
                }
            }
        }
    }
}

public final class RatingModule: Module {
    public func definition() -> ModuleDefinition {
        Name("Rating")
        View(RatingView.self)
    }
}
// end guide-snippet

// guide-snippet: view state
public final class CounterProps: ExpoSwiftUI.ViewProps {
    @Field public var title: String = ""
    public required init() {}
}

public struct CounterView: ExpoSwiftUI.View {
    public let props: CounterProps
    @State private var count = 0
    @State private var enabled = true
    public init(props: CounterProps) { self.props = props }
    public var body: some View {
        VStack {
            Text("\(props.title): \(count)")
            Toggle("Counting", isOn: $enabled)
            Button("Add") { count += 1 }
                .disabled(!enabled)
        }
    }
}
// end guide-snippet

// guide-snippet: view tests
@Suite(.timeLimit(.minutes(5))) struct RatingViewTests {
    let host = PluginTestHost(modules: [RatingModule.self])

    @Test func aTapOnAStarSendsItsValue() throws {
        let rating = try host.makeView("Rating", props: ["value": 1, "max": 2, "label": "Hi"])
        #expect(rating.outline == "HStack(alignment=center)[Text(text=Hi) Button[Image(systemName=star.fill)] Button[Image(systemName=star)]]")
        #expect(rating.tap("0/2"))
        #expect(rating.events.map(\.name) == ["onValueChange"])
        #expect(rating.events.first?.payload["value"] as? Int == 2)
    }

    @Test func aBadPropIsAnErrorAtItsName() throws {
        let error = try #require(throws: PluginTestError.self) {
            try host.makeView("Rating", props: ["max": "five"])
        }
        #expect(error.path == "max")
    }
}
// end guide-snippet

// guide-snippet: tests
@Suite(.timeLimit(.minutes(5))) struct RibbonTests {
    let host = PluginTestHost(modules: [RibbonModule.self])

    @Test func theModuleServesRibbonAndRemovesItOnDestroy() throws {
        #expect(host.types == ["ribbon"])
        let schema = try host.paramsSchema(of: "ribbon")
        #expect(schema["required"] as? [String] == ["$type", "text"])
        #expect(host.destroy() == [])
        #expect(host.types == [])
    }

    @Test func badParamsAreErrorsAtTheirPlace() throws {
        let error = try #require(throws: PluginTestError.self) {
            try host.makeModifier(["$type": "ribbon", "text": "New", "actions": [["title": "Pin"]]])
        }
        #expect(error.path == "actions[0].id")
        #expect(error.message == "Field 'id' of type String is required but missing (at 'actions[0].id')")

        let misspelt = try host.makeModifier(["$type": "ribbon", "text": "New", "colour": "red"])
        #expect(misspelt.unknownParams.map(\.path) == ["colour"])
    }

    @Test func swipingRevealsTheActionsAndATapSendsOne() throws {
        let ribbon = try host.makeModifier(
            ["$type": "ribbon", "text": "New", "count": 3, "style": "prominent", "actions": [["id": "pin", "title": "Pin"]]])
        #expect(ribbon.effect.styles == [.badge("3"), .listRowBackground(.orange)])
        let pin = try #require(ribbon.effect.swipeActions.first?.actions.first)
        #expect(pin.id == "pin" && pin.label == "Pin" && pin.tint == .orange)

        #expect(ribbon.performSwipeAction("pin"))
        #expect(ribbon.tap(count: 2))
        #expect(ribbon.eventPayloads.map { $0["action"] as? String } == ["pin", nil])
        #expect(ribbon.eventPayloads.first?["text"] as? String == "New")
    }

    @Test func theFunctionsAnswerAndSendEvents() async throws {
        #expect(try host.call("shout", ["hello"]) as? String == "HELLO")
        #expect(try await host.callAsync("wordCount", [["a b", "c"]]) as? Int == 3)
        _ = try host.call("clear", ["r1"])
        #expect(host.moduleEvents.map(\.name) == ["onCleared"])
        #expect(host.moduleEvents.first?.payload["id"] as? String == "r1")
    }
}
// end guide-snippet

@Suite("Guide examples", .timeLimit(.minutes(20)))
struct GuideExamplesTests {
    /// The ```swift blocks of `markdown`, each without its fences.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]? = nil
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if let lines = current, trimmed == "```" {
                blocks.append(dedented(lines))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// The `// guide-snippet:` regions of `source`, by name, in order.
    static func snippets(in source: String) -> [(name: String, text: String)] {
        var result: [(String, String)] = []
        var current: (name: String, lines: [Substring])? = nil
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// guide-snippet: ") {
                current = (String(trimmed.dropFirst("// guide-snippet: ".count)), [])
            } else if trimmed == "// end guide-snippet", let open = current {
                result.append((open.name, dedented(open.lines)))
                current = nil
            } else if current != nil {
                current!.lines.append(line)
            }
        }
        return result
    }

    /// `lines` joined, less the indentation they all share (blank lines aside).
    static func dedented(_ lines: [Substring]) -> String {
        let indents = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }
        let common = indents.min() ?? 0
        return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(common)) }.joined(separator: "\n")
    }

    static let sdkFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The guide's arguments fit the guide's record: the host would report no problem.
    @Test func theGuidesArgumentsFitItsRibbon() throws {
        let registry = ModifierRegistry()
        registry.attributing(plugin: "guide", module: "Ribbon") { registerRibbon() }
        let entry = try #require(registry.entry(for: "ribbon"))
        #expect(entry.arguments == [.value("text"), .options])
        let schema = try #require(try PluginHostSupport.paramsSchema(of: entry, appContext: KitTestSupport.context))
        let keys = Set((schema["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
        #expect(keys.isSuperset(of: ["text", "color", "count"]))
        #expect(ModifierArgument.problems(of: entry.arguments, paramKeys: keys).isEmpty)
        #expect(ModifierArgument.problems(of: [.value("colour")], paramKeys: keys).count == 1)
    }

    @Test func theGuideShowsExactlyTheseSnippets() throws {
        let guide = try String(contentsOf: Self.sdkFolder.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let blocks = Self.swiftBlocks(in: guide)
        let snippets = Self.snippets(in: source)
        #expect(!snippets.isEmpty)
        #expect(
            blocks.count == snippets.count,
            "SDK/README.md has \(blocks.count) swift blocks; GuideExamplesTests.swift has \(snippets.count) snippets (\(snippets.map(\.name)))")
        for (index, (block, snippet)) in zip(blocks, snippets).enumerated() where block != snippet.text {
            let blockLines = block.split(separator: "\n", omittingEmptySubsequences: false)
            let snippetLines = snippet.text.split(separator: "\n", omittingEmptySubsequences: false)
            let shared = min(blockLines.count, snippetLines.count)
            let line = (0..<shared).first { blockLines[$0] != snippetLines[$0] } ?? shared
            Issue.record("""
                swift block \(index + 1) of SDK/README.md differs from snippet '\(snippet.name)' at its line \(line + 1):
                  README:  \(line < blockLines.count ? blockLines[line] : "(ends)")
                  snippet: \(line < snippetLines.count ? snippetLines[line] : "(ends)")
                """)
        }
    }

    /// A record holding the guide's `Percent`, as its prose declares it.
    final class Progress: Record {
        @Field var progress: Percent?
    }

    @Test func theCustomFieldTypeConvertsChecksAndDescribesItself() throws {
        #expect(try Progress(from: ["progress": 40], appContext: context).progress?.value == 40)
        #expect(try Progress(from: ["progress": JSNull()], appContext: context).progress == nil)
        let error = try #require(throws: FieldError.self) {
            try Progress(from: ["progress": 140], appContext: context)
        }
        #expect(error.path == "progress")
        #expect(error.description == "Cannot cast '140' for field 'progress' of type Percent?: expected a whole number from 0 to 100")
        let schema = try #require(Progress.jsonSchema["properties"] as? [String: Any])
        let progress = try #require(schema["progress"] as? [String: Any])
        let anyOf = try #require(progress["anyOf"] as? [[String: Any]])
        #expect(anyOf.first?["maximum"] as? Int == 100)
    }

    @Test func snippetsAndBlocksAreFoundAndDedented() {
        let markdown = "text\n```swift\n    let a = 1\n      b\n```\n```sh\nls\n```\n"
        #expect(Self.swiftBlocks(in: markdown) == ["let a = 1\n  b"])
        let source = "x\n    // guide-snippet: one\n    let a = 1\n\n    b\n    // end guide-snippet\n"
        let found = Self.snippets(in: source)
        #expect(found.map(\.name) == ["one"])
        #expect(found.map(\.text) == ["let a = 1\n\nb"])
    }
}
