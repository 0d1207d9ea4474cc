@_spi(ModhostHost) import ModhostCore
import ModhostWire
@_spi(ModhostHost) import ModifierKit
import SwipeActions
import Testing

private typealias J = SurfaceJSON

/// ModifierKit's `PluginTestHost` says it serves a plugin as the daemon does; these compare
/// the two on the SwipeActions plugin: the schema, a refused param, unknown params.
@Suite("PluginTestHost matches the host", .timeLimit(.minutes(20)))
struct PluginTestHostParityTests {
    /// The modifier on the only row of a list, as the host reports a place in it.
    static let place = "root.children[0].modifiers[0]"

    static func row(_ params: [(String, JSONValue)]) -> JSONValue {
        J.list([J.row("r", modifiers: [J.modifier("swipeActions", params)])])
    }

    /// `params` with the `$type`, as the plugin sees them.
    static func dict(_ params: [(String, JSONValue)]) -> Dict {
        var shapes = ValueBridge.Shapes()
        return shapes.dict(JSONObject([("$type", "swipeActions")] + params))
    }

    @Test func theSchemaIsTheOneDescribeShows() throws {
        let registry = ModifierRegistry()
        registry.attributing(plugin: "SwipeActions", module: "SwipeActions") {
            SwipeActionsModule(appContext: AppContext(hostVersion: "test", log: .silent)).definition().onCreate.forEach { $0() }
        }
        let described = try #require(Host(registry: registry).modifierInfos().first { $0["type"] == "swipeActions" })
        let tester = PluginTestHost(plugin: "SwipeActions", modules: [SwipeActionsModule.self])
        defer { tester.destroy() }
        #expect(tester.types == ["swipeActions"])
        let schema = try ValueBridge.jsonValue(try tester.paramsSchema(of: "swipeActions"))
        #expect(schema == described["params"], "\(schema.jsonText)\n\(described["params"]?.jsonText ?? "")")
        let event = try ValueBridge.jsonValue(try #require(try tester.eventSchema(of: "swipeActions")))
        #expect(event == described["event"])
    }

    @Test func aRefusedParamIsTheSameErrorAtTheSamePlace() throws {
        let params: [(String, JSONValue)] = [("trailing", [J.action("keep"), ["label": "Delete", "tint": "#FF3B30"]])]
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", Self.row(params))
        let hostMessage = try #require(answer.errorMessage)

        let tester = PluginTestHost(plugin: "SwipeActions", modules: [SwipeActionsModule.self])
        defer { tester.destroy() }
        let error = try #require(throws: PluginTestError.self) {
            try tester.makeModifier(Self.dict(params))
        }
        #expect(error.path == "trailing[1].id")
        #expect(answer.errorPath == Self.place + "." + error.path)
        let sameWords = error.message.replacingOccurrences(of: "(at '\(error.path)')", with: "(at '\(Self.place).\(error.path)')")
        // The wire message starts with the error code's own words.
        #expect(hostMessage == "Invalid params: " + sameWords)
        #expect(answer.error?["data"]?["expected"]?.stringValue == error.expected)
        #expect(answer.error?["data"]?["got"]?.stringValue == error.got)
    }

    @Test func unknownParamsAreTheOnesTheHostWarnsAbout() throws {
        let params: [(String, JSONValue)] = [
            ("trailing", [J.action("keep"), ["id": "delete", "lable": "Delete"]]), ("allowsFulSwipe", true), ("onPress", "fn"),
        ]
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", Self.row(params))
        try client.ok(answer)
        let warnings = answer.diagnostics.filter { $0["code"] == "unknown-param" }

        let tester = PluginTestHost(plugin: "SwipeActions", modules: [SwipeActionsModule.self])
        defer { tester.destroy() }
        let made = try tester.makeModifier(Self.dict(params))
        #expect(made.unknownParams.count == 3)
        #expect(Set(warnings.compactMap { $0["path"]?.stringValue }) == Set(made.unknownParams.map { Self.place + "." + $0.path }))
        for unknown in made.unknownParams {
            let warning = try #require(warnings.first { $0["path"]?.stringValue == Self.place + "." + unknown.path })
            #expect(warning["known"] == .array(unknown.known.map { .string($0) }))
            #expect(warning["suggestion"]?.stringValue == unknown.suggestion)
            let sentence = unknown.description.replacingOccurrences(of: "'\(unknown.path)'", with: "'\(Self.place).\(unknown.path)'")
            #expect(warning["message"]?.stringValue?.hasSuffix(sentence) == true, "\(warning["message"]?.stringValue ?? "")\n\(sentence)")
        }
    }
}
