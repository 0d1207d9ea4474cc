import Synchronization

/// Builds a modifier from its params: `(params, appContext, eventDispatcher)`. The params are
/// the whole `{"$type": ..., ...}` object the front-end sent.
public typealias ViewModifierFactory = @Sendable (Dict, AppContext, EventDispatcher) throws -> any ViewModifier

/// Modifier types by name (`$type`): the whole contract between front-ends and plugins.
///
/// Register in a module's `OnCreate` and unregister in its `OnDestroy`. Registering a name
/// that exists replaces the earlier factory, and the host logs a warning naming both plugins.
public enum ViewModifierRegistry {
    /// One registered modifier type.
    public struct Entry: Sendable {
        public let type: String
        /// The plugin and module that registered it (empty outside a host's plugin load).
        public let plugin: String
        public let module: String
        public let factory: ViewModifierFactory
    }

    struct State: Sendable {
        var entries: [String: Entry] = [:]
        var registrant: (plugin: String, module: String)? = nil
        var onReplace: (@Sendable (_ old: Entry, _ new: Entry) -> Void)? = nil
    }

    static let state = Mutex(State())

    /// Registers `factory` under `type`.
    public static func register(_ type: String, factory: @escaping ViewModifierFactory) {
        let (replaced, entry, onReplace) = state.withLock { state in
            let entry = Entry(
                type: type, plugin: state.registrant?.plugin ?? "", module: state.registrant?.module ?? "", factory: factory)
            let replaced = state.entries.updateValue(entry, forKey: type)
            return (replaced, entry, state.onReplace)
        }
        if let replaced, let onReplace { onReplace(replaced, entry) }
    }

    /// Removes `type`; nothing happens when it is not registered.
    public static func unregister(_ type: String) {
        _ = state.withLock { $0.entries.removeValue(forKey: type) }
    }

    /// The entry for `type`, if registered.
    public static func entry(for type: String) -> Entry? {
        state.withLock { $0.entries[type] }
    }

    /// Every registered type, sorted by name.
    public static var entries: [Entry] {
        state.withLock { $0.entries.values.sorted { $0.type < $1.type } }
    }
}

/// What the host uses to load plugins. Plugin code does not need it.
public enum PluginHostSupport {
    /// Runs `body` (a module's `OnCreate` or `OnDestroy`) with registrations attributed to
    /// `plugin` and `module`.
    public static func attributing<R>(plugin: String, module: String, _ body: () throws -> R) rethrows -> R {
        let previous = ViewModifierRegistry.state.withLock { state in
            defer { state.registrant = (plugin, module) }
            return state.registrant
        }
        defer { ViewModifierRegistry.state.withLock { $0.registrant = previous } }
        return try body()
    }

    /// Called when a registration replaces another (the host logs a warning).
    public static func onReplace(_ handler: (@Sendable (_ old: ViewModifierRegistry.Entry, _ new: ViewModifierRegistry.Entry) -> Void)?) {
        ViewModifierRegistry.state.withLock { $0.onReplace = handler }
    }

    /// The JSON Schema of a registered type's params, learnt by building the modifier once in
    /// describing mode (records keep their defaults) and reflecting on its fields. `nil` when
    /// the factory does not build a `Record`.
    public static func paramsSchema(of entry: ViewModifierRegistry.Entry, appContext: AppContext) -> [String: Any]? {
        guard let modifier = try? entry.factory(["$type": entry.type], appContext.describing(), .discarding(entry.type)),
            let record = modifier as? any Record
        else { return nil }
        return type(of: record).jsonSchema
    }

    /// True when `type` is a module class of this SDK (a plugin linking its own copy of the
    /// SDK has classes that are not).
    public static func moduleType(_ type: Any.Type) -> (any Module.Type)? {
        // The cast to the composition checks only the protocol part; the base class is
        // what provides `init(appContext:)`.
        guard type is BaseModule.Type else { return nil }
        return type as? any Module.Type
    }
}
