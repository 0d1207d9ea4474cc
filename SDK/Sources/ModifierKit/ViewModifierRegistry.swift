import Glibc
import Synchronization

/// Builds a modifier from its params: `(params, appContext, eventDispatcher)`. The params are
/// the whole `{"$type": ..., ...}` object the front-end sent.
public typealias ViewModifierFactory = @Sendable (Dict, AppContext, EventDispatcher) throws -> any ViewModifier

/// Modifier types by name (`$type`): the whole contract between front-ends and plugins.
///
/// Register in a module's `OnCreate`; unregistering in its `OnDestroy` is good manners, but
/// the host removes whatever a plugin registered when it unloads, either way. Several
/// plugins may register one name: the one that serves the type is the registration of the
/// plugin the host ranks first (plugins from earlier plugin folders win; the host logs which
/// one serves). When that plugin unregisters, the type goes back to the next one.
///
/// Each host keeps its own registry: a registration made while a host loads a plugin goes
/// to that host's. Outside any plugin load (a plugin's own unit tests, say) it goes to a
/// registry of the process's own, and a later registration of a name replaces an earlier one.
public enum ViewModifierRegistry {
    /// One registered modifier type.
    @_spi(ModhostHost) public struct Entry: Sendable {
        /// The modifier type, the `$type` front-ends send.
        public let type: String
        /// The plugin that registered it (empty outside a host's plugin load).
        public let plugin: String
        /// The module whose `OnCreate` registered it (empty outside a host's plugin load).
        public let module: String
        /// Builds the modifier from a front-end's params.
        public let factory: ViewModifierFactory
        /// Unique to this registration: a plugin that registers the type again (after a
        /// reload, say) makes an entry with another serial.
        public let serial: UInt64
        /// What the modifier does, for people using it (`describe`, generated types).
        public let description: String?
        /// The payload the modifier dispatches under its `$type`, when the registration
        /// declared one; `PluginHostSupport.eventSchema(of:)` reads it.
        let event: PayloadSchema?
        /// How a front-end's helper takes the params (`describe` lists them as `arguments`);
        /// empty: one options object.
        public let arguments: [ModifierArgument]
    }

    /// A payload's JSON Schema, made once at registration and never changed after.
    struct PayloadSchema: @unchecked Sendable {
        let schema: [String: Any]
    }

    /// Registers `factory` under `type`. A plugin that registers a type it registered before
    /// replaces its own registration.
    ///
    /// `description` says what the modifier does; front-ends see it in `describe` and as the
    /// doc comment of the factory `modhost codegen ts` generates. `arguments` say how that
    /// factory takes the params (`ModifierArgument`); without them, as one options object.
    public static func register(
        _ type: String, description: String? = nil, arguments: [ModifierArgument] = [], factory: @escaping ViewModifierFactory
    ) {
        let target = ModifierRegistry.target
        target.registry.add(
            type, description: description, event: nil, arguments: arguments, factory: factory, plugin: target.plugin,
            module: target.module)
    }

    /// Registers `factory` under `type`, declaring the payload its events carry: the fields of
    /// `event`, a `Record`, sent under the `$type` key (`eventDispatcher(record)` sends exactly
    /// that). Front-ends see the payload's schema in `describe` (`event`), and
    /// `modhost codegen ts` types the event listener with it. Every field is present in an
    /// event (an optional one as `null`), so the schema requires them all.
    public static func register<Event: Record>(
        _ type: String, description: String? = nil, event: Event.Type, arguments: [ModifierArgument] = [],
        factory: @escaping ViewModifierFactory
    ) {
        let target = ModifierRegistry.target
        let schema = PayloadSchema(schema: PluginHostSupport.payloadSchema(of: Event.self))
        target.registry.add(
            type, description: description, event: schema, arguments: arguments, factory: factory, plugin: target.plugin,
            module: target.module)
    }

    /// Removes `type`: during a plugin's `OnDestroy`, that plugin's registration; elsewhere
    /// every registration. Nothing happens when it is not registered.
    public static func unregister(_ type: String) {
        let target = ModifierRegistry.target
        target.registry.remove(type, plugin: target.isAttributed ? target.plugin : nil)
    }
}

/// The modifier types one host serves: every registration its plugins made, and which one
/// serves each type. The host owns one; `ViewModifierRegistry`'s static methods reach it
/// while the host runs a plugin's hooks (`attributing`). Thread-safe.
@_spi(ModhostHost) public final class ModifierRegistry: Sendable {
    struct State: Sendable {
        /// The serving registration of each type: what `entry(for:)` reads.
        var entries: [String: ViewModifierRegistry.Entry] = [:]
        /// Every registration of each type, oldest first.
        var registrations: [String: [ViewModifierRegistry.Entry]] = [:]
        /// The host's ranking of plugins (lower serves first); unranked plugins come last.
        var ranks: [String: Int] = [:]
        var nextSerial: UInt64 = 1
        /// Bumped on every change, so that users of entries can tell theirs are current.
        var generation: UInt64 = 0
        var onReplace: (@Sendable (_ old: ViewModifierRegistry.Entry, _ new: ViewModifierRegistry.Entry) -> Void)? = nil

        func rank(of entry: ViewModifierRegistry.Entry) -> Int { ranks[entry.plugin] ?? Int.max }

        /// The serving registration: the best-ranked one, and among equals the latest.
        mutating func choose(_ type: String) {
            let all = registrations[type] ?? []
            var best: ViewModifierRegistry.Entry? = nil
            for entry in all where best == nil || rank(of: entry) <= rank(of: best!) { best = entry }
            entries[type] = best
            if all.isEmpty { registrations[type] = nil }
            generation &+= 1
        }
    }

    /// Where `ViewModifierRegistry`'s static methods go on one thread.
    struct Target: Sendable {
        let registry: ModifierRegistry
        let plugin: String
        let module: String
        /// Whether a host runs a plugin's hook on this thread (else the process's own registry).
        let isAttributed: Bool
    }

    private let state = Mutex(State())

    /// The registry that registrations made outside any host's plugin load go to.
    public static let standalone = ModifierRegistry()

    /// The hook running on each thread, by thread: a registration is attributed to the hook
    /// running on its own thread, never to one another thread runs meanwhile.
    private static let targets = Mutex<[UInt: Target]>([:])

    /// This thread's target: the plugin load running on it, else the standalone registry.
    static var target: Target {
        targets.withLock { $0[UInt(pthread_self())] } ?? Target(registry: standalone, plugin: "", module: "", isAttributed: false)
    }

    /// An empty registry.
    public init() {}

    /// Runs `body` (a module's `OnCreate` or `OnDestroy`) with the registrations it makes on
    /// this thread going to this registry, attributed to `plugin` and `module`.
    public func attributing<R>(plugin: String, module: String, _ body: () throws -> R) rethrows -> R {
        let thread = UInt(pthread_self())
        let previous = Self.targets.withLock { targets in
            defer { targets[thread] = Target(registry: self, plugin: plugin, module: module, isAttributed: true) }
            return targets[thread]
        }
        defer { Self.targets.withLock { $0[thread] = previous } }
        return try body()
    }

    func add(
        _ type: String, description: String?, event: ViewModifierRegistry.PayloadSchema?, arguments: [ModifierArgument],
        factory: @escaping ViewModifierFactory, plugin: String, module: String
    ) {
        let (replaced, entry, onReplace) = state.withLock { state in
            let entry = ViewModifierRegistry.Entry(
                type: type, plugin: plugin, module: module, factory: factory, serial: state.nextSerial, description: description,
                event: event, arguments: arguments)
            state.nextSerial += 1
            let serving = state.entries[type]
            state.registrations[type, default: []].removeAll { $0.plugin == entry.plugin }
            state.registrations[type, default: []].append(entry)
            state.choose(type)
            let replaced = serving.flatMap { state.entries[type]?.serial == entry.serial ? $0 : nil }
            return (replaced, entry, state.onReplace)
        }
        if let replaced, let onReplace { onReplace(replaced, entry) }
    }

    /// Removes `plugin`'s registration of `type`, or every registration of it when `plugin`
    /// is nil.
    func remove(_ type: String, plugin: String?) {
        state.withLock { state in
            guard state.registrations[type] != nil else { return }
            if let plugin {
                state.registrations[type]?.removeAll { $0.plugin == plugin }
            } else {
                state.registrations[type] = []
            }
            state.choose(type)
        }
    }

    /// The serving entry for `type`, if registered.
    public func entry(for type: String) -> ViewModifierRegistry.Entry? {
        state.withLock { $0.entries[type] }
    }

    /// The serving entry of every registered type, sorted by name.
    public var entries: [ViewModifierRegistry.Entry] {
        state.withLock { $0.entries.values.sorted { $0.type < $1.type } }
    }

    /// Every registration of `type`, the serving one first, then in the order they would
    /// take over.
    public func registrations(of type: String) -> [ViewModifierRegistry.Entry] {
        state.withLock { state in
            (state.registrations[type] ?? []).enumerated()
                .sorted { (state.rank(of: $0.element), -$0.offset) < (state.rank(of: $1.element), -$1.offset) }
                .map(\.element)
        }
    }

    /// Every registration `plugin` made, sorted by type.
    public func registrations(byPlugin plugin: String) -> [ViewModifierRegistry.Entry] {
        state.withLock { state in
            state.registrations.values.flatMap { $0.filter { $0.plugin == plugin } }.sorted { $0.type < $1.type }
        }
    }

    /// Every registration of every type, serving or not.
    public var allRegistrations: [ViewModifierRegistry.Entry] {
        state.withLock { $0.registrations.values.flatMap { $0 } }
    }

    /// Changes whenever any registration does.
    public var generation: UInt64 { state.withLock { $0.generation } }

    /// Ranks plugins by name, first serving first, and picks again the serving registration
    /// of every type. Plugins not named rank after all named ones.
    public func rank(plugins order: [String]) {
        state.withLock { state in
            state.ranks = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            for type in Array(state.registrations.keys) { state.choose(type) }
        }
    }

    /// Removes every registration `plugin` made and returns their types, sorted.
    @discardableResult
    public func unregisterAll(plugin: String) -> [String] {
        state.withLock { state in
            var types: [String] = []
            for (type, entries) in state.registrations where entries.contains(where: { $0.plugin == plugin }) {
                state.registrations[type]?.removeAll { $0.plugin == plugin }
                state.choose(type)
                types.append(type)
            }
            return types.sorted()
        }
    }

    /// Called when a registration replaces another (the host logs a warning).
    public func onReplace(_ handler: (@Sendable (_ old: ViewModifierRegistry.Entry, _ new: ViewModifierRegistry.Entry) -> Void)?) {
        state.withLock { $0.onReplace = handler }
    }
}

/// What the host uses to load plugins. Plugin code does not need it.
@_spi(ModhostHost) public enum PluginHostSupport {
    /// The JSON Schema of a registered type's params, learnt by building the modifier once in
    /// describing mode (records keep their defaults) and reflecting on its fields. `nil` when
    /// the factory does not build a `Record`; what the factory throws is rethrown.
    public static func paramsSchema(of entry: ViewModifierRegistry.Entry, appContext: AppContext) throws -> [String: Any]? {
        let modifier = try entry.factory(["$type": entry.type], appContext.describing(), .discarding(entry.type))
        guard let record = modifier as? any Record else { return nil }
        return type(of: record).jsonSchema
    }

    /// The JSON Schema of the payload `entry`'s modifier dispatches under its `$type`, when its
    /// registration declared one.
    public static func eventSchema(of entry: ViewModifierRegistry.Entry) -> [String: Any]? {
        entry.event?.schema
    }

    /// The schema of `R` as an event payload carries it: every field of every nested record
    /// is present (`toDictionary` writes them all), so all are required and none has a
    /// default.
    static func payloadSchema<R: Record>(of type: R.Type) -> [String: Any] {
        func everyFieldPresent(_ value: Any) -> Any {
            if let array = value as? [Any] { return array.map(everyFieldPresent) }
            guard var object = value as? [String: Any] else { return value }
            object["default"] = nil
            for (key, member) in object { object[key] = everyFieldPresent(member) }
            if let properties = object["properties"] as? [String: Any] {
                let order = (object["x-order"] as? [Any])?.compactMap { $0 as? String } ?? properties.keys.sorted()
                object["required"] = order as [Any]
            }
            return object
        }
        return everyFieldPresent(R.jsonSchema) as? [String: Any] ?? [:]
    }

    /// How many params keys the records decoded on this thread have met that none of their
    /// fields declares (`$type` aside), since the thread began; it wraps. Read before and
    /// after a factory runs: when the two differ, the host looks for the keys themselves in
    /// the type's schema. A counter, not a wrapper around the factory, so that the usual
    /// case costs two reads.
    public static var unknownKeysCounted: Int { FieldDecoding.unknownKeysCounted }

    /// True when `type` is a module class of this SDK (a plugin linking its own copy of the
    /// SDK has classes that are not).
    public static func moduleType(_ type: Any.Type) -> (any Module.Type)? {
        // The cast to the composition checks only the protocol part; the base class is
        // what provides `init(appContext:)`.
        guard type is BaseModule.Type else { return nil }
        return type as? any Module.Type
    }
}
