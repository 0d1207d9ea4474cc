import Testing
@_spi(ModhostHost) import ModifierKit

// Registrations made outside a host's plugin load go to the standalone registry, which is
// process-wide. Every test here uses type names of its own (prefixed with `RegistryTests.`
// and the test's name), removes what it registers, and the suite is serialized because the
// standalone registry's ranks and `onReplace` are shared.

private let context = KitTestSupport.context

private struct RegistryRowRecord: Record {
    @Field(.required) var id: String = ""
    @Field var tint: Color?
}

private struct RegistryRecordModifier: ViewModifier, Record {
    @Field(.required) var title: String = ""
    @Field var rows: [RegistryRowRecord] = []
    @Field var enabled: Bool = true
    var eventDispatcher: EventDispatcher?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
    }

    func body(content: Content) -> some View { content }
}

private struct RegistryPlainModifier: ViewModifier {
    var label = ""
    func body(content: Content) -> some View { content }
}

private struct RegistryFactoryFailure: Error {}

/// Registers modifiers in `OnCreate` and removes them in `OnDestroy`, as a plugin does.
final class RegistryProbeModule: Module {
    static let modifierType = "RegistryTests.moduleLifecycle.probe"

    func definition() -> ModuleDefinition {
        Name("RegistryProbe")
        OnCreate {
            ViewModifierRegistry.register(Self.modifierType) { params, appContext, dispatcher in
                try RegistryRecordModifier(from: params, appContext: appContext, eventDispatcher: dispatcher)
            }
        }
        OnDestroy {
            ViewModifierRegistry.unregister(Self.modifierType)
        }
    }
}

private func registerPlain(_ type: String, label: String = "") {
    ViewModifierRegistry.register(type) { _, _, _ in RegistryPlainModifier(label: label) }
}

private func registerRecord(_ type: String) {
    ViewModifierRegistry.register(type) { params, appContext, dispatcher in
        try RegistryRecordModifier(from: params, appContext: appContext, eventDispatcher: dispatcher)
    }
}

private func discard(_ type: String) -> EventDispatcher { EventDispatcher(modifierType: type) { _ in } }

@Suite("ViewModifierRegistry", .serialized, .timeLimit(.minutes(20)))
struct ViewModifierRegistryTests {
    @Test func registeredTypeHasAnEntryUntilUnregistered() throws {
        let type = "RegistryTests.registerUnregister"
        registerPlain(type)
        let entry = try #require(ModifierRegistry.standalone.entry(for: type))
        #expect(entry.type == type)
        #expect(ModifierRegistry.standalone.entries.contains { $0.type == type })
        ViewModifierRegistry.unregister(type)
        #expect(ModifierRegistry.standalone.entry(for: type) == nil)
        #expect(!ModifierRegistry.standalone.entries.contains { $0.type == type })
    }

    @Test func unregisteringAnUnknownTypeDoesNothing() {
        let type = "RegistryTests.unregisterUnknown"
        let before = ModifierRegistry.standalone.entries.map(\.type)
        ViewModifierRegistry.unregister(type)
        #expect(ModifierRegistry.standalone.entry(for: type) == nil)
        #expect(ModifierRegistry.standalone.entries.map(\.type) == before)
    }

    @Test func registrationOutsideAHostLoadIsUnattributed() throws {
        let type = "RegistryTests.unattributed"
        registerPlain(type)
        defer { ViewModifierRegistry.unregister(type) }
        let entry = try #require(ModifierRegistry.standalone.entry(for: type))
        #expect(entry.plugin == "")
        #expect(entry.module == "")
    }

    @Test func entriesAreSortedByType() {
        let types = ["RegistryTests.sorted.c", "RegistryTests.sorted.a", "RegistryTests.sorted.B", "RegistryTests.sorted.b"]
        types.forEach { registerPlain($0) }
        defer { types.forEach(ViewModifierRegistry.unregister) }
        let all = ModifierRegistry.standalone.entries.map(\.type)
        #expect(all == all.sorted())
        #expect(all.filter { $0.hasPrefix("RegistryTests.sorted.") } == types.sorted())
    }

    @Test func entryFactoryBuildsTheModifierFromParams() throws {
        let type = "RegistryTests.factoryBuilds"
        registerRecord(type)
        defer { ViewModifierRegistry.unregister(type) }
        let entry = try #require(ModifierRegistry.standalone.entry(for: type))
        let dispatcher = discard(type)
        let built = try entry.factory(["$type": type, "title": "T", "rows": [["id": "r"]]], context, dispatcher)
        let modifier = try #require(built as? RegistryRecordModifier)
        #expect(modifier.title == "T")
        #expect(modifier.rows.map(\.id) == ["r"])
        #expect(modifier.eventDispatcher === dispatcher)
        #expect(throws: FieldError.self) { try entry.factory(["$type": type], context, dispatcher) }
    }

    @Test func attributingSetsPluginAndModuleOnEntries() throws {
        let type = "RegistryTests.attributed"
        ModifierRegistry.standalone.attributing(plugin: "acme-rows", module: "RowsModule") { registerPlain(type) }
        defer { ViewModifierRegistry.unregister(type) }
        let entry = try #require(ModifierRegistry.standalone.entry(for: type))
        #expect(entry.plugin == "acme-rows")
        #expect(entry.module == "RowsModule")
    }

    @Test func attributionEndsWithTheBody() throws {
        let inside = "RegistryTests.attributionEnds.inside"
        let after = "RegistryTests.attributionEnds.after"
        let result = ModifierRegistry.standalone.attributing(plugin: "p", module: "m") { () -> Int in
            registerPlain(inside)
            return 7
        }
        registerPlain(after)
        defer { [inside, after].forEach(ViewModifierRegistry.unregister) }
        #expect(result == 7)
        #expect(ModifierRegistry.standalone.entry(for: inside)?.plugin == "p")
        #expect(ModifierRegistry.standalone.entry(for: after)?.plugin == "")
        #expect(ModifierRegistry.standalone.entry(for: after)?.module == "")
    }

    @Test func nestedAttributionRestoresTheOuterOne() throws {
        let types = ["RegistryTests.nested.before", "RegistryTests.nested.inner", "RegistryTests.nested.afterInner"]
        ModifierRegistry.standalone.attributing(plugin: "outer", module: "OuterModule") {
            registerPlain(types[0])
            ModifierRegistry.standalone.attributing(plugin: "inner", module: "InnerModule") { registerPlain(types[1]) }
            registerPlain(types[2])
        }
        defer { types.forEach(ViewModifierRegistry.unregister) }
        #expect(ModifierRegistry.standalone.entry(for: types[0])?.plugin == "outer")
        #expect(ModifierRegistry.standalone.entry(for: types[1])?.plugin == "inner")
        #expect(ModifierRegistry.standalone.entry(for: types[1])?.module == "InnerModule")
        #expect(ModifierRegistry.standalone.entry(for: types[2])?.plugin == "outer")
        #expect(ModifierRegistry.standalone.entry(for: types[2])?.module == "OuterModule")
    }

    @Test func attributionEndsWhenTheBodyThrows() throws {
        let type = "RegistryTests.attributionThrows.after"
        #expect(throws: RegistryFactoryFailure.self) {
            try ModifierRegistry.standalone.attributing(plugin: "thrower", module: "M") { throw RegistryFactoryFailure() }
        }
        registerPlain(type)
        defer { ViewModifierRegistry.unregister(type) }
        #expect(ModifierRegistry.standalone.entry(for: type)?.plugin == "")
    }

    @Test func replacingATypeCallsOnReplaceWithOldAndNewEntries() throws {
        let type = "RegistryTests.replace"
        let calls = KitTestRecorder<String>()
        ModifierRegistry.standalone.onReplace { old, new in
            calls.append("\(old.type) \(old.plugin)/\(old.module) -> \(new.type) \(new.plugin)/\(new.module)")
        }
        defer {
            ModifierRegistry.standalone.onReplace(nil)
            ViewModifierRegistry.unregister(type)
        }
        ModifierRegistry.standalone.attributing(plugin: "first-plugin", module: "FirstModule") { registerPlain(type, label: "first") }
        #expect(calls.values.isEmpty)
        ModifierRegistry.standalone.attributing(plugin: "second-plugin", module: "SecondModule") { registerPlain(type, label: "second") }
        #expect(calls.values == ["\(type) first-plugin/FirstModule -> \(type) second-plugin/SecondModule"])

        let entry = try #require(ModifierRegistry.standalone.entry(for: type))
        #expect(entry.plugin == "second-plugin")
        let built = try entry.factory(["$type": type], context, discard(type))
        #expect((built as? RegistryPlainModifier)?.label == "second")
    }

    @Test func registeringANewTypeOrAfterUnregisterDoesNotCallOnReplace() {
        let type = "RegistryTests.noReplace"
        let calls = KitTestRecorder<String>()
        ModifierRegistry.standalone.onReplace { old, _ in calls.append(old.type) }
        defer {
            ModifierRegistry.standalone.onReplace(nil)
            ViewModifierRegistry.unregister(type)
        }
        registerPlain(type)
        ViewModifierRegistry.unregister(type)
        registerPlain(type)
        #expect(calls.values.isEmpty)
    }

    @Test func onReplaceHandlerMayUseTheRegistry() throws {
        // The handler runs outside the registry's lock: reading the registry from it must
        // not deadlock, and it sees the new entry in place.
        let type = "RegistryTests.replaceReentrant"
        let seen = KitTestRecorder<String>()
        ModifierRegistry.standalone.onReplace { _, new in
            seen.append(ModifierRegistry.standalone.entry(for: new.type)?.plugin ?? "none")
        }
        defer {
            ModifierRegistry.standalone.onReplace(nil)
            ViewModifierRegistry.unregister(type)
        }
        ModifierRegistry.standalone.attributing(plugin: "one", module: "M") { registerPlain(type) }
        ModifierRegistry.standalone.attributing(plugin: "two", module: "M") { registerPlain(type) }
        #expect(seen.values == ["two"])
    }

    @Test func paramsSchemaOfARecordModifierIsItsRecordSchema() throws {
        let type = "RegistryTests.paramsSchemaRecord"
        registerRecord(type)
        defer { ViewModifierRegistry.unregister(type) }
        let entry = try #require(ModifierRegistry.standalone.entry(for: type))
        // The factory would throw on `["$type": ...]` alone (title is required), so this also
        // checks that the schema is learnt in describing mode.
        let schema = try #require(try PluginHostSupport.paramsSchema(of: entry, appContext: context))
        #expect(KitTestSupport.canonical(schema) == KitTestSupport.canonical(RegistryRecordModifier.jsonSchema))
        #expect(schema["required"] as? [String] == ["title"])
        #expect(schema["x-order"] as? [String] == ["title", "rows", "enabled"])
    }

    @Test func paramsSchemaBuildsTheModifierInDescribingModeWithTheTypeOnly() throws {
        let type = "RegistryTests.paramsSchemaDescribing"
        let seen = KitTestRecorder<String>()
        ViewModifierRegistry.register(type) { params, appContext, dispatcher in
            seen.append("\(appContext.isDescribing) \(appContext.hostVersion) \(KitTestSupport.canonical(params)) \(dispatcher.modifierType)")
            return try RegistryRecordModifier(from: params, appContext: appContext, eventDispatcher: dispatcher)
        }
        defer { ViewModifierRegistry.unregister(type) }
        let entry = try #require(ModifierRegistry.standalone.entry(for: type))
        #expect(try PluginHostSupport.paramsSchema(of: entry, appContext: context) != nil)
        #expect(seen.values == ["true \(context.hostVersion) {\"$type\":\"\(type)\"} \(type)"])
    }

    @Test func paramsSchemaOfANonRecordModifierIsNil() throws {
        let type = "RegistryTests.paramsSchemaPlain"
        registerPlain(type)
        defer { ViewModifierRegistry.unregister(type) }
        let entry = try #require(ModifierRegistry.standalone.entry(for: type))
        #expect(try PluginHostSupport.paramsSchema(of: entry, appContext: context) == nil)
    }

    @Test func paramsSchemaRethrowsWhatTheFactoryThrows() throws {
        let type = "RegistryTests.paramsSchemaThrows"
        ViewModifierRegistry.register(type) { _, _, _ in throw RegistryFactoryFailure() }
        defer { ViewModifierRegistry.unregister(type) }
        let entry = try #require(ModifierRegistry.standalone.entry(for: type))
        #expect(throws: RegistryFactoryFailure.self) { try PluginHostSupport.paramsSchema(of: entry, appContext: context) }
    }

    @Test func theBestRankedPluginServesATypeAndTheNextTakesOverWhenItUnregisters() throws {
        let type = "RegistryTests.ranked"
        defer { ViewModifierRegistry.unregister(type) }
        ModifierRegistry.standalone.attributing(plugin: "ranked-bundled", module: "M") { registerPlain(type, label: "bundled") }
        ModifierRegistry.standalone.attributing(plugin: "ranked-user", module: "M") { registerPlain(type, label: "user") }
        ModifierRegistry.standalone.attributing(plugin: "ranked-late", module: "M") { registerPlain(type, label: "late") }
        ModifierRegistry.standalone.rank(plugins: ["ranked-user", "ranked-bundled", "ranked-late"])
        #expect(ModifierRegistry.standalone.entry(for: type)?.plugin == "ranked-user")
        #expect(ModifierRegistry.standalone.registrations(of: type).map(\.plugin) == ["ranked-user", "ranked-bundled", "ranked-late"])
        // A registration by a plugin ranked after the serving one does not take the type.
        ModifierRegistry.standalone.attributing(plugin: "ranked-late", module: "M") { registerPlain(type, label: "late again") }
        #expect(ModifierRegistry.standalone.entry(for: type)?.plugin == "ranked-user")
        let before = ModifierRegistry.standalone.generation
        ModifierRegistry.standalone.attributing(plugin: "ranked-user", module: "M") { ViewModifierRegistry.unregister(type) }
        #expect(ModifierRegistry.standalone.generation != before)
        let entry = try #require(ModifierRegistry.standalone.entry(for: type))
        #expect(entry.plugin == "ranked-bundled")
        #expect((try entry.factory(["$type": type], context, discard(type)) as? RegistryPlainModifier)?.label == "bundled")
        #expect(ModifierRegistry.standalone.unregisterAll(plugin: "ranked-bundled") == [type])
        #expect(ModifierRegistry.standalone.entry(for: type)?.plugin == "ranked-late")
        #expect(ModifierRegistry.standalone.registrations(of: type).count == 1)
        ModifierRegistry.standalone.rank(plugins: [])
    }

    @Test func eachRegistrationHasItsOwnSerial() throws {
        let type = "RegistryTests.serials"
        defer { ViewModifierRegistry.unregister(type) }
        ModifierRegistry.standalone.attributing(plugin: "p", module: "M") { registerPlain(type) }
        let first = try #require(ModifierRegistry.standalone.entry(for: type)).serial
        ModifierRegistry.standalone.attributing(plugin: "p", module: "M") { registerPlain(type) }
        let second = try #require(ModifierRegistry.standalone.entry(for: type)).serial
        #expect(first != second)
        #expect(ModifierRegistry.standalone.registrations(of: type).count == 1, "a plugin's second registration replaces its first")
    }

    @Test func moduleLifecycleRegistersAndUnregistersWithAttribution() throws {
        let type = RegistryProbeModule.modifierType
        defer { ViewModifierRegistry.unregister(type) }
        let moduleType = try #require(PluginHostSupport.moduleType(RegistryProbeModule.self))
        let module = moduleType.init(appContext: context)
        let definition = module.definition()
        #expect(definition.name == "RegistryProbe")

        ModifierRegistry.standalone.attributing(plugin: "probe-plugin", module: "RegistryProbeModule") {
            definition.onCreate.forEach { $0() }
        }
        let entry = try #require(ModifierRegistry.standalone.entry(for: type))
        #expect(entry.plugin == "probe-plugin")
        #expect(entry.module == "RegistryProbeModule")
        let built = try entry.factory(["$type": type, "title": "from module"], context, discard(type))
        #expect((built as? RegistryRecordModifier)?.title == "from module")

        ModifierRegistry.standalone.attributing(plugin: "probe-plugin", module: "RegistryProbeModule") {
            definition.onDestroy.forEach { $0() }
        }
        #expect(ModifierRegistry.standalone.entry(for: type) == nil)
    }
}
