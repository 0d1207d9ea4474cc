// A plain `import ModifierKit`, as in a plugin's own tests: everything here is public API.
import ModifierKit
import Testing

// A small plugin of two modules, written as a plugin author would.

enum TestedShelfStyle: String, Enumerable {
    case plain
    case raised
}

final class TestedShelfItem: Record {
    @Field(.required) var id: String = ""
    @Field var title: String = ""
}

struct TestedShelfPick: Record {
    @Field var item: String = ""
}

struct TestedShelfModifier: ViewModifier, Record {
    @Field(.required) var label: String = ""
    @Field(.required) var size: Int = 0
    @Field(.required) var accent: Color = .blue
    @Field(.required) var style: TestedShelfStyle = .plain
    @Field var note: String?
    @Field var items: [TestedShelfItem] = []
    @Field var opacity: Double = 0.5

    var eventDispatcher: EventDispatcher?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
    }

    func body(content: Content) -> some View {
        content
            .tint(accent)
            .onTapGesture(count: 2) { eventDispatcher?() }
            .swipeActions(edge: .trailing) {
                ForEach(items, id: \.id) { item in
                    Button(item.title) {
                        var pick = TestedShelfPick()
                        pick.item = item.id
                        eventDispatcher?(pick)
                    }
                }
            }
    }
}

/// A modifier whose factory does not build a record: nothing describes its params.
struct TestedPlainModifier: ViewModifier {
    func body(content: Content) -> some View { content }
}

public class TestedShelfModule: Module {
    public func definition() -> ModuleDefinition {
        Name("Shelf")
        Events("onEmptied")
        Function("double") { (value: Int) in value * 2 }
        AsyncFunction("join") { (parts: [String]) async -> String in parts.joined(separator: "+") }
        Function("empty") { (id: String) in
            self.sendEvent("onEmptied", ["id": id])
            self.sendEvent("notDeclared", ["id": id])
        }
        OnCreate {
            ViewModifierRegistry.register("shelf", description: "A shelf of items", event: TestedShelfPick.self) { params, appContext, dispatcher in
                try TestedShelfModifier(from: params, appContext: appContext, eventDispatcher: dispatcher)
            }
        }
        OnDestroy { ViewModifierRegistry.unregister("shelf") }
    }
}

/// Registers two types and forgets one of them in `OnDestroy`.
public class TestedForgetfulModule: Module {
    public func definition() -> ModuleDefinition {
        Name("Forgetful")
        OnCreate {
            ViewModifierRegistry.register("plainThing") { _, _, _ in TestedPlainModifier() }
            ViewModifierRegistry.register("refusing") { params, _, _ in
                guard params["ok"] as? Bool == true else { throw ConversionError("not ok") }
                return TestedPlainModifier()
            }
        }
        OnDestroy { ViewModifierRegistry.unregister("refusing") }
    }
}

@Suite("PluginTestHost", .timeLimit(.minutes(20)))
struct PluginTestHostTests {
    let shelfParams: Dict = ["$type": "shelf", "label": "Top", "size": 3, "accent": "#FF3B30", "style": "raised"]

    @Test func theModulesRunAndTheirTypesAreListed() throws {
        let host = PluginTestHost(modules: [TestedShelfModule.self, TestedForgetfulModule.self])
        #expect(host.moduleNames == ["Shelf", "Forgetful"])
        #expect(host.types == ["plainThing", "refusing", "shelf"])
        #expect(try host.description(of: "shelf") == "A shelf of items")
        // Each host's registry is its own: another's OnDestroy leaves this one's types.
        let other = PluginTestHost(modules: [TestedShelfModule.self])
        other.destroy()
        #expect(host.types == ["plainThing", "refusing", "shelf"])
        // OnDestroy ran: it left one type registered, which the host removed as the daemon does.
        #expect(host.destroy() == ["plainThing"])
        #expect(host.types == [])
        #expect(host.destroy() == [])
    }

    @Test func theSchemaIsWhatDescribeShows() throws {
        let host = PluginTestHost(modules: [TestedShelfModule.self])
        defer { host.destroy() }
        let schema = try host.paramsSchema(of: "shelf")
        #expect(schema["title"] as? String == "shelf")
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["required"] as? [String] == ["$type", "label", "size", "accent", "style"])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ["$type", "label", "size", "accent", "style", "note", "items", "opacity"])
        #expect((properties["$type"] as? [String: Any])?["const"] as? String == "shelf")
        #expect((properties["opacity"] as? [String: Any])?["default"] as? Double == 0.5)
        #expect(schema["x-order"] == nil && (properties["items"] as? [String: Any]).map { "\($0)".contains("x-order") } == false)
        let event = try #require(try host.eventSchema(of: "shelf"))
        #expect(event["required"] as? [String] == ["item"])
    }

    @Test func exampleParamsFromTheSchemaMakeTheModifier() throws {
        let host = PluginTestHost(modules: [TestedShelfModule.self])
        defer { host.destroy() }
        let params = try host.exampleParams(of: "shelf")
        #expect(params["$type"] as? String == "shelf")
        #expect(params["style"] as? String == "plain")
        #expect(params["accent"] as? String == "#FF9500")
        #expect(params["opacity"] as? Double == 0.5)
        let made = try host.makeModifier(params)
        #expect(made.unknownParams.isEmpty)
        #expect(made.effect.tint == .orange)
    }

    @Test func aMissingOrBadFieldIsAnErrorNamingIt() throws {
        let host = PluginTestHost(modules: [TestedShelfModule.self])
        defer { host.destroy() }
        var params = shelfParams
        params["label"] = nil
        let missing = try #require(throws: PluginTestError.self) { try host.makeModifier(params) }
        #expect(missing.path == "label")
        #expect(missing.message == "Field 'label' of type String is required but missing (at 'label')")
        #expect(missing.got == "nothing")

        params = shelfParams
        params["items"] = [["title": "A"]]
        let nested = try #require(throws: PluginTestError.self) { try host.makeModifier(params) }
        #expect(nested.path == "items[0].id")

        params = shelfParams
        params["size"] = "three"
        let cast = try #require(throws: PluginTestError.self) { try host.makeModifier(params) }
        #expect(cast.path == "size" && cast.expected == "Int" && cast.got == "three")
        #expect((cast.cause as? FieldError)?.kind == .cast)
    }

    @Test func unknownTypesAndParamsAreReported() throws {
        let host = PluginTestHost(modules: [TestedShelfModule.self])
        defer { host.destroy() }
        let unknownType = try #require(throws: PluginTestError.self) { try host.makeModifier(["$type": "shelve"]) }
        #expect(unknownType.message == "unknown modifier type 'shelve'; known types: shelf")
        #expect(unknownType.path == "$type")
        let noType = try #require(throws: PluginTestError.self) { try host.makeModifier(["label": "x"]) }
        #expect(noType.path == "$type")

        var params = shelfParams
        params["lable"] = "Top"
        params["items"] = [["id": "a", "titel": "A"]]
        let made = try host.makeModifier(params)
        #expect(made.unknownParams.map(\.path) == ["items[0].titel", "lable"])
        #expect(made.unknownParams.first?.known == ["id", "title"])
        #expect(made.unknownParams.map(\.suggestion) == ["title", "label"])
        #expect(made.unknownParams.last?.description == "'lable' is not a param of this modifier, so it is ignored. Did you mean 'label'? Declared there: label, size, accent, style, note, items, opacity")
        params["lable"] = nil
        params["items"] = [["id": "a", "onPress": "fn"]]
        #expect(try host.makeModifier(params).unknownParams.map(\.suggestion) == [nil])
        #expect(try host.makeModifier(shelfParams).unknownParams.isEmpty)
    }

    @Test func gesturesRunTheBodyAndTheEventsAreKept() throws {
        let host = PluginTestHost(modules: [TestedShelfModule.self])
        defer { host.destroy() }
        var params = shelfParams
        params["items"] = [["id": "a", "title": "A"], ["id": "b", "title": "B"]]
        let shelf = try host.makeModifier(params)
        #expect(shelf.effect.tint == .red)
        #expect(shelf.effect.swipeActions.first?.actions.map(\.label) == ["A", "B"])
        #expect(shelf.events.isEmpty)

        #expect(shelf.tap() == false)
        #expect(shelf.tap(count: 2))
        #expect(shelf.performSwipeAction("b"))
        #expect(!shelf.performSwipeAction("c"))
        #expect(shelf.events.count == 2)
        #expect(shelf.eventPayloads.map { $0["item"] as? String } == [nil, "b"])
        #expect(shelf.events.last?["shelf"] as? [String: String] == ["item": "b"])
    }

    @Test func factoriesThatDoNotDescribeOrRefuseAreReportedAsTheHostDoes() throws {
        let host = PluginTestHost(modules: [TestedForgetfulModule.self])
        defer { host.destroy() }
        let plain = try #require(throws: PluginTestError.self) { try host.paramsSchema(of: "plainThing") }
        #expect(plain.message == "the factory of 'plainThing' does not build a Record, so its params are not described")
        let refusing = try #require(throws: PluginTestError.self) { try host.paramsSchema(of: "refusing") }
        #expect(refusing.message.hasPrefix("the factory of 'refusing' threw when built with its defaults (not ok)"))
        let refused = try #require(throws: PluginTestError.self) { try host.makeModifier(["$type": "refusing"]) }
        #expect(refused.message == "modifier 'refusing' refused its params: not ok")
        #expect(try host.makeModifier(["$type": "refusing", "ok": true]).unknownParams.isEmpty)
    }

    @Test func moduleFunctionsAndEvents() async throws {
        let host = PluginTestHost(modules: [TestedForgetfulModule.self, TestedShelfModule.self])
        defer { host.destroy() }
        #expect(try host.call("double", [21]) as? Int == 42)
        #expect(try await host.callAsync("join", [["a", "b"]]) as? String == "a+b")
        let missing = try #require(throws: PluginTestError.self) { try host.call("triple", [1], module: "Shelf") }
        #expect(missing.message == "no module function 'triple' in module 'Shelf'; declared: double, join, empty")
        _ = try host.call("empty", ["r1"])
        #expect(host.moduleEvents.map { "\($0.module) \($0.name) \($0.payload["id"] as? String ?? "?")" } == ["Shelf onEmptied r1"])
    }
}
