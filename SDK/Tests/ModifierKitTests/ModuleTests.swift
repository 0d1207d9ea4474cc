import Testing
@_spi(ModhostHost) import ModifierKit

private let context = KitTestSupport.context

/// A module written as a plugin writes it: no initializer, no annotations on `definition()`.
public class LifecycleProbeModule: Module {
    var events: [String] = []

    public func definition() -> ModuleDefinition {
        Name("LifecycleProbe")
        OnCreate {
            self.events.append("create")
        }
        OnDestroy {
            self.events.append("destroy")
        }
    }
}

/// Uses the builder's `if`, `if`/`else` and `for`.
final class ConditionalProbeModule: Module {
    static let hookNames = ["a", "b", "c"]
    var verbose = false
    var log: [String] = []

    func definition() -> ModuleDefinition {
        if verbose {
            Name("Verbose")
        } else {
            Name("Quiet")
        }
        for name in Self.hookNames {
            OnCreate { self.log.append("create-\(name)") }
        }
        if verbose {
            OnDestroy { self.log.append("destroy-verbose") }
        }
        OnDestroy { self.log.append("destroy") }
    }
}

final class EmptyProbeModule: Module {
    func definition() -> ModuleDefinition {}
}

/// A `BaseModule` that does not declare a definition.
final class NotQuiteAModule: BaseModule {}

/// Declares a definition but does not inherit the host's base class.
final class DefinitionOnlyProbe: AnyModule {
    func definition() -> ModuleDefinition { Name("DefinitionOnly") }
}

final class UnrelatedProbeClass {}

@Suite("Module", .timeLimit(.minutes(20)))
struct ModuleTests {
    @Test func moduleWithoutInitializerIsCreatedWithTheHostContext() {
        let module = LifecycleProbeModule(appContext: context)
        #expect(module.appContext === context)
    }

    @Test func definitionCarriesNameAndOneHookOfEachKind() {
        let definition = LifecycleProbeModule(appContext: context).definition()
        #expect(definition.name == "LifecycleProbe")
        #expect(definition.onCreate.count == 1)
        #expect(definition.onDestroy.count == 1)
    }

    @Test func hooksRunTheModulesCodeOnlyWhenCalled() {
        let module = LifecycleProbeModule(appContext: context)
        let definition = module.definition()
        #expect(module.events.isEmpty)
        definition.onCreate.forEach { $0() }
        #expect(module.events == ["create"])
        definition.onDestroy.forEach { $0() }
        #expect(module.events == ["create", "destroy"])
    }

    @Test func hostCreatesAModuleThroughItsMetatype() throws {
        let type = try #require(PluginHostSupport.moduleType(LifecycleProbeModule.self))
        let module = type.init(appContext: context)
        #expect(module is LifecycleProbeModule)
        #expect(module.appContext === context)
        #expect(module.definition().name == "LifecycleProbe")
    }

    @Test func moduleTypeFoundForModuleClassesFromAnAnyTypeValue() {
        let types: [Any.Type] = [LifecycleProbeModule.self, ConditionalProbeModule.self, EmptyProbeModule.self]
        for type in types {
            #expect(PluginHostSupport.moduleType(type) != nil, "\(type)")
        }
    }

    @Test func moduleTypeIsNilForClassesThatAreNotModules() {
        #expect(PluginHostSupport.moduleType(UnrelatedProbeClass.self) == nil)
        #expect(PluginHostSupport.moduleType(NotQuiteAModule.self) == nil)
        #expect(PluginHostSupport.moduleType(String.self) == nil)
    }

    /// The host would call `init(appContext:)` (a `BaseModule` initializer) on what this
    /// returns, so a class that only conforms to `AnyModule` must not pass.
    @Test func moduleTypeIsNilForAnyModuleClassThatDoesNotInheritBaseModule() {
        #expect(PluginHostSupport.moduleType(DefinitionOnlyProbe.self) == nil)
    }

    @Test func builderConditionalsAndLoopsAreApplied() {
        let quiet = ConditionalProbeModule(appContext: context)
        let quietDefinition = quiet.definition()
        #expect(quietDefinition.name == "Quiet")
        #expect(quietDefinition.onCreate.count == 3)
        #expect(quietDefinition.onDestroy.count == 1)

        let verbose = ConditionalProbeModule(appContext: context)
        verbose.verbose = true
        let verboseDefinition = verbose.definition()
        #expect(verboseDefinition.name == "Verbose")
        #expect(verboseDefinition.onDestroy.count == 2)
    }

    @Test func hooksKeepTheirDeclarationOrder() {
        let module = ConditionalProbeModule(appContext: context)
        module.verbose = true
        let definition = module.definition()
        definition.onCreate.forEach { $0() }
        definition.onDestroy.forEach { $0() }
        #expect(module.log == ["create-a", "create-b", "create-c", "destroy-verbose", "destroy"])
    }

    @Test func emptyDefinitionHasNoNameAndNoHooks() {
        let definition = EmptyProbeModule(appContext: context).definition()
        #expect(definition.name == nil)
        #expect(definition.onCreate.isEmpty)
        #expect(definition.onDestroy.isEmpty)
    }

    @Test func laterNameWins() {
        @ModuleDefinitionBuilder func build() -> ModuleDefinition {
            Name("First")
            Name("Second")
        }
        #expect(build().name == "Second")
    }
}
