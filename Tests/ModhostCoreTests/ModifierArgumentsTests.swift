@_spi(ModhostHost) import ModhostCore
import ModhostWire
@_spi(ModhostHost) import ModifierKit
import Testing

private struct RangeModifier: ViewModifier, Record {
    @Field(.required) var lower: Double = 0
    @Field var upper: Double?
    @Field var label: String = ""

    func body(content: Content) -> some View { content }
}

/// A module registering the same record under argument lists that fit its params and some
/// that do not.
private final class ArgumentsModule: Module {
    func definition() -> ModuleDefinition {
        Name("Arguments")
        OnCreate {
            let make: ViewModifierFactory = { params, context, _ in try RangeModifier(from: params, appContext: context) }
            ViewModifierRegistry.register("range", arguments: [.value("lower"), .value("upper"), .options], factory: make)
            ViewModifierRegistry.register("spread", arguments: [.valueOrOptions("lower", "upper"), .options], factory: make)
            ViewModifierRegistry.register("plain", factory: make)
            ViewModifierRegistry.register("misspelt", arguments: [.value("lowr")], factory: make)
            ViewModifierRegistry.register("twice", arguments: [.value("lower"), .valueOrOptions("lower")], factory: make)
            ViewModifierRegistry.register("objects", arguments: [.options, .options], factory: make)
        }
    }
}

@Suite("Modifier arguments in describe", .timeLimit(.minutes(20)))
struct ModifierArgumentsTests {
    /// A host whose registry holds what the module's `OnCreate` registered, as the loader
    /// runs it for a plugin.
    private static func host() -> Host {
        let registry = ModifierRegistry()
        let host = Host(registry: registry)
        let module = ArgumentsModule(appContext: host.appContext(forPlugin: "arguments"))
        let definition = module.definition()
        registry.attributing(plugin: "arguments", module: "Arguments") { definition.onCreate.forEach { $0() } }
        host.addModule(module, definition: definition, name: "Arguments", plugin: "arguments")
        return host
    }

    @Test func describeListsTheDeclaredArgumentsAndNoneForAPlainRegistration() throws {
        let client = SurfaceClient(host: Self.host())
        try client.ok(try client.call("initialize", ["protocolVersion": 1]))
        let modifiers = try #require(try client.ok(try client.call("describe"))["modifiers"]?.arrayValue)
        let byType = Dictionary(uniqueKeysWithValues: modifiers.map { ($0["type"]?.stringValue ?? "", $0) })
        #expect(byType["range"]?["arguments"] == [
            ["kind": "value", "keys": ["lower"]], ["kind": "value", "keys": ["upper"]], ["kind": "options"],
        ])
        #expect(byType["spread"]?["arguments"] == [["kind": "valueOrOptions", "keys": ["lower", "upper"]], ["kind": "options"]])
        #expect(byType["plain"] != nil && byType["plain"]?["arguments"] == nil)
    }

    @Test func argumentsThatDoNotFitTheParamsAreThePluginsProblems() {
        let problems = Self.host().describeRegistrations(ofPlugin: "arguments").sorted()
        #expect(problems == [
            "the arguments of 'misspelt' do not fit its params: argument 0 sets 'lowr', which is not a param (params: label, lower, upper)",
            "the arguments of 'objects' do not fit its params: more than one argument is an options object",
            "the arguments of 'twice' do not fit its params: argument 1 sets 'lower', which an earlier argument sets",
        ], "\(problems)")
    }
}
