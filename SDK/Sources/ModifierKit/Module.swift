import Synchronization

/// A plugin module. Subclass it and describe the module in `definition()`:
///
/// ```swift
/// public class GreetingModule: Module {
///   public func definition() -> ModuleDefinition {
///     Name("Greeting")
///     OnCreate { ViewModifierRegistry.register("greeting") { params, appContext, dispatcher in
///       try GreetingModifier(from: params, appContext: appContext, eventDispatcher: dispatcher) } }
///     OnDestroy { ViewModifierRegistry.unregister("greeting") }
///   }
/// }
/// ```
///
/// The host finds module classes by the names listed in the plugin's manifest, creates each
/// with `init(appContext:)` (inherited; a module needs no initializer of its own), runs
/// `OnCreate` before it serves anyone and `OnDestroy` when the plugin is removed.
public typealias Module = BaseModule & AnyModule

/// The requirement every module meets; `definition()` is built with `ModuleDefinitionBuilder`.
public protocol AnyModule: AnyObject {
    /// The module's declarations: ``Name``, ``OnCreate``, ``OnDestroy``, ``Function``,
    /// ``AsyncFunction`` and ``Events``, one per line. The host calls it once, as it loads the
    /// plugin.
    @ModuleDefinitionBuilder func definition() -> ModuleDefinition
}

/// The base class of modules: holds the host's `AppContext`.
open class BaseModule {
    /// What the module may reach of the host.
    public let appContext: AppContext
    /// Where ``sendEvent(_:_:)`` sends; set by the host.
    let eventSink = Mutex<ModuleEventSink?>(nil)

    /// Creates the module; the host calls it, with its context.
    public required init(appContext: AppContext) {
        self.appContext = appContext
    }
}

/// What a module declares: its name, lifecycle hooks, functions and events.
public struct ModuleDefinition {
    /// The module's name (``Name``), which front-ends call its functions by.
    @_spi(ModhostHost) public internal(set) var name: String?
    /// The ``OnCreate`` hooks, in order.
    @_spi(ModhostHost) public internal(set) var onCreate: [() -> Void] = []
    /// The ``OnDestroy`` hooks, in order.
    @_spi(ModhostHost) public internal(set) var onDestroy: [() -> Void] = []
    /// The functions front-ends may call (``Function``, ``AsyncFunction``), in order.
    @_spi(ModhostHost) public internal(set) var functions: [ModuleFunction] = []
    /// The events the module sends (``Events``).
    @_spi(ModhostHost) public internal(set) var events: [String] = []
    /// The views the module adds (``BaseModule/View(_:)``), in order.
    @_spi(ModhostHost) public internal(set) var views: [ViewRegistration] = []
    /// What the plugin's own copy of `init()` returned from the SDK build it links: the
    /// host's check that the plugin and the SDK come from one build happens before this
    /// (on the library's symbols), so this only keeps the call from being optimised away.
    @usableFromInline var linkedBuild: Int

    /// Emitted into the plugin that calls it (every module's `definition()` does, through
    /// ``ModuleDefinitionBuilder``), so the plugin links the symbol that names the SDK build
    /// it was compiled against.
    @_alwaysEmitIntoClient
    public init() {
        self.init(linkedBuild: _modifierKitBuildToken())
    }

    @usableFromInline init(linkedBuild: Int) {
        self.linkedBuild = linkedBuild
    }
}

/// One declaration inside `definition()`.
public protocol ModuleDefinitionElement {
    /// Adds this declaration to `definition`.
    func apply(to definition: inout ModuleDefinition)
}

/// The module's name, as shown in `describe`.
public struct Name: ModuleDefinitionElement {
    let name: String
    /// The module is called `name`.
    public init(_ name: String) { self.name = name }
    /// Sets the definition's name.
    public func apply(to definition: inout ModuleDefinition) { definition.name = name }
}

/// Runs when the module is created, before the host serves any front-end: register
/// modifiers here.
public struct OnCreate: ModuleDefinitionElement {
    let body: () -> Void
    /// Runs `body` when the module is created.
    public init(_ body: @escaping () -> Void) { self.body = body }
    /// Adds the hook to the definition's `onCreate` hooks.
    public func apply(to definition: inout ModuleDefinition) { definition.onCreate.append(body) }
}

/// Runs when the plugin is removed: unregister modifiers here.
public struct OnDestroy: ModuleDefinitionElement {
    let body: () -> Void
    /// Runs `body` when the plugin is removed.
    public init(_ body: @escaping () -> Void) { self.body = body }
    /// Adds the hook to the definition's `onDestroy` hooks.
    public func apply(to definition: inout ModuleDefinition) { definition.onDestroy.append(body) }
}

/// Builds a ``ModuleDefinition`` from the declarations written in `definition()`, one per
/// line; `if`, `if`/`else` and `for` work around them as in any result builder.
@resultBuilder
public enum ModuleDefinitionBuilder {
    /// One declaration.
    public static func buildExpression(_ element: some ModuleDefinitionElement) -> [any ModuleDefinitionElement] { [element] }
    /// The declarations of a block, in order.
    public static func buildBlock(_ parts: [any ModuleDefinitionElement]...) -> [any ModuleDefinitionElement] { parts.flatMap { $0 } }
    /// The declarations inside an `if` without `else`, or none.
    public static func buildOptional(_ part: [any ModuleDefinitionElement]?) -> [any ModuleDefinitionElement] { part ?? [] }
    /// The declarations of an `if` branch.
    public static func buildEither(first part: [any ModuleDefinitionElement]) -> [any ModuleDefinitionElement] { part }
    /// The declarations of an `else` branch.
    public static func buildEither(second part: [any ModuleDefinitionElement]) -> [any ModuleDefinitionElement] { part }
    /// The declarations of every pass of a `for` loop, in order.
    public static func buildArray(_ parts: [[any ModuleDefinitionElement]]) -> [any ModuleDefinitionElement] { parts.flatMap { $0 } }
    /// Emitted into the plugin, like `ModuleDefinition.init()` that it calls.
    @_alwaysEmitIntoClient
    public static func buildFinalResult(_ parts: [any ModuleDefinitionElement]) -> ModuleDefinition {
        var definition = ModuleDefinition()
        for part in parts { part.apply(to: &definition) }
        return definition
    }
}
