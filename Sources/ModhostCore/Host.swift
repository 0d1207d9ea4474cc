import Glibc
import ModhostWire
@_spi(ModhostHost) import ModifierKit

/// Fixed facts about this host.
public struct HostConfiguration: Sendable {
    public var serverName: String
    public var serverVersion: String
    /// Protocol versions this host speaks, newest last.
    public var protocolVersions: [Int64]
    /// The user the host runs as: the only one whose connections may `watch`.
    public var ownerUID: UInt32

    public init(
        serverName: String = "modhostd", serverVersion: String = ModhostVersion.current, protocolVersions: [Int64] = [1],
        ownerUID: UInt32 = getuid()
    ) {
        self.serverName = serverName
        self.serverVersion = serverVersion
        self.protocolVersions = protocolVersions
        self.ownerUID = ownerUID
    }
}

public enum ModhostVersion {
    public static let current = "0.2.0"
}

/// The server core: owns the state shared by all connections and dispatches their messages.
/// It does no I/O; the transport hands it frames and takes back the bytes to send, so tests
/// drive it directly without sockets. Not thread-safe: the daemon calls it from its loop only.
public final class Host {
    public let configuration: HostConfiguration
    public let logger: Logger
    /// Read for every request, on the daemon's one loop thread: no dynamic exclusivity check.
    @exclusivity(unchecked) public private(set) var methods = MethodRegistry()
    private var sessions: [ObjectIdentifier: Session] = [:]
    /// Sessions that `watch`, by connection id (so they hear in a stable order).
    private var watchers: [Int64: Session] = [:]
    /// Whether any session watches: read for every notification the host sends.
    @exclusivity(unchecked) public private(set) var hasWatchers = false
    /// Whether any session watches `surfaces`: read wherever a surface changes, so that
    /// without such a watcher no tree is ever snapshotted for it.
    @exclusivity(unchecked) public private(set) var hasSurfaceWatchers = false
    /// The shapes of params converted for plugins so far (`ValueBridge.Shapes`), kept across
    /// requests: a one-row `update` then converts its modifier's params from a template an
    /// earlier request left, rather than building one that its own pass would use once.
    /// Loop thread only, and no plugin code runs inside a conversion: unchecked.
    @exclusivity(unchecked) var paramsShapes = ValueBridge.Shapes()
    /// Surfaces changed since their trees were last sent to the surface watchers, in the
    /// order they first changed.
    private var changedSurfaces: [(session: Session, name: String)] = []
    private var lastConnectionID: Int64 = 0
    /// Every plugin folder seen, loaded or failed, in load order (set by the plugin loader).
    public var pluginStatuses: [PluginStatus] = []
    /// The folders searched for plugins, in order (set by the plugin loader).
    public var pluginRoots: [PluginRootStatus] = []
    /// Rescans the plugin folders and says what changed (the `reload` method); set by the
    /// daemon, which owns the loader. Without it `reload` is an error.
    public var reloadPlugins: (() -> JSONValue)?
    /// Lets a quarantined plugin load again (the `enablePlugin` method); set by the daemon.
    public var enablePlugin: ((String) throws(RPCError) -> JSONValue)?
    /// Params schemas by registration serial: each is built once, when its plugin loads (or,
    /// for a type registered outside a plugin load, when first described), never per request.
    private var schemas: [UInt64: JSONValue] = [:]
    public var limits = SurfaceLimits()
    /// Nodes across every surface of every connection: what the node budget
    /// (`limits.maxNodes`) is spent on. Each session's own count is in its `surfaces`.
    public private(set) var totalNodes = 0
    /// Nodes freed since the heap was last trimmed (see `takeHeapTrimDue`).
    private var nodesFreedSinceTrim = 0
    /// Freed nodes that make a trim worth its time: at about 0.75 KiB each, some 15 MiB.
    public static let trimAfterFreedNodes = 20_000
    /// Sessions whose surfaces hold at least one node: the budget's fair share divides by them.
    private(set) var sessionsHoldingNodes = 0
    private var appContexts: [String: AppContext] = [:]
    /// Plugins' async code, run on the host's thread (see `AsyncWork`).
    public let asyncWork = AsyncWork()
    /// The modules of loaded plugins, in load order: what `callFunction` calls and `describe`
    /// lists.
    public internal(set) var modules: [LoadedModule] = [] {
        didSet { modulesGeneration &+= 1 }
    }
    /// The serial of the last plugin view type made (`PluginViewType.serial`).
    var nextViewSerial: UInt64 = 0
    /// Bumped whenever `modules` changes, so that `lastPluginView` is known to be current.
    var modulesGeneration: UInt64 = 0
    /// The plugin view `pluginView(named:)` found last, and for which `modules`.
    var lastPluginView: (name: String, type: PluginViewType, generation: UInt64)?
    /// The thread the host is made and run on (the daemon's loop).
    let loopThread = pthread_self()

    /// The modifier types this host's plugins registered, and which plugin serves each.
    @_spi(ModhostHost) public let registry: ModifierRegistry

    /// A host with a registry of its own, empty until plugins load.
    public convenience init(configuration: HostConfiguration = HostConfiguration(), logger: Logger = .silent) {
        self.init(configuration: configuration, logger: logger, registry: ModifierRegistry())
    }

    /// A host whose plugins register into `registry`.
    @_spi(ModhostHost) public init(configuration: HostConfiguration = HostConfiguration(), logger: Logger = .silent, registry: ModifierRegistry) {
        self.configuration = configuration
        self.logger = logger
        self.registry = registry
        LifecycleMethods.register(in: &methods)
        SurfaceMethods.register(in: &methods)
        ModuleMethods.register(in: &methods)
        WatchMethods.register(in: &methods)
    }

    /// A session for a new connection. `send` takes each framed message the host pushes
    /// without being asked (notifications); replies to requests come back from `receive`.
    /// `peerUID` is the peer's user id when the transport knows it; `connectionID` the
    /// transport's number for the connection (unique and increasing), else the host numbers it.
    public func openSession(
        peer: String, pid: Int32? = nil, peerUID: UInt32? = nil, connectionID: Int64? = nil, send: @escaping ([UInt8]) -> Void
    ) -> Session {
        let id = connectionID ?? lastConnectionID + 1
        lastConnectionID = max(lastConnectionID, id)
        let session = Session(host: self, peer: peer, pid: pid, peerUID: peerUID, connectionID: id, send: send)
        sessions[ObjectIdentifier(session)] = session
        return session
    }

    func sessionClosed(_ session: Session) {
        sessions[ObjectIdentifier(session)] = nil
        setWatching(session, topics: nil)
        // The watchers see the closed connection's surfaces go at once, by name.
        if hasSurfaceWatchers { changedSurfaces.removeAll { $0.session === session } }
        session.surfaces.unmountAll()
        flushSurfaceChanges(of: session)
    }

    /// Keeps the node budget's books when a session's surfaces gain or lose nodes.
    func nodesChanged(by change: Int, holdingBefore: Bool, holdingNow: Bool) {
        totalNodes += change
        if holdingBefore != holdingNow { sessionsHoldingNodes += holdingNow ? 1 : -1 }
        if change < 0 { nodesFreedSinceTrim -= change }
    }

    /// Whether the heap's free pages should go back to the system now, as many nodes have
    /// gone since the last time; it then counts afresh. glibc keeps what a large tree freed
    /// for reuse, so untrimmed the engine's RSS stayed at its peak after the tree was
    /// unmounted (155 of 158 MiB for 200,004 nodes). The transport asks once a frame's
    /// replies are out and after a connection closes, so that the trim is nobody's wait.
    public func takeHeapTrimDue() -> Bool {
        guard nodesFreedSinceTrim >= Self.trimAfterFreedNodes else { return false }
        nodesFreedSinceTrim = 0
        return true
    }

    /// Tells every initialized front-end about plugins that just failed to load.
    public func pluginsFailed(_ statuses: [PluginStatus]) {
        for session in initializedSessions {
            for status in statuses { session.reportFailedPlugin(status) }
        }
    }

    /// Warns the owners of mounted modifiers and plugin views whose type was just
    /// unregistered. The instances stay (their code stays mapped) until the front-end updates
    /// the node with other params or props.
    public func typesRemoved(_ types: [String]) {
        let removed = Set(types)
        for session in sessions.values {
            for surface in session.surfaces.all {
                for node in surface.allNodes {
                    if let view = node.pluginView, removed.contains(view.type.name), pluginView(named: view.type.name) == nil {
                        session.diagnostic(
                            "warning", code: DiagnosticCode.viewTypeRemoved,
                            message: "node '\(node.id)' is a \(view.type.name), whose plugin \(view.type.plugin) was removed; it keeps working until the node is updated with other props, then '\(view.type.name)' is unknown",
                            surface: surface.name, node: node.id)
                    }
                    for (index, instance) in node.modifiers.enumerated() where removed.contains(instance.type) {
                        session.diagnostic(
                            "warning", code: DiagnosticCode.modifierTypeRemoved,
                            message: "modifier \(index) ('\(instance.type)') of node '\(node.id)' uses a type whose plugin was removed; it keeps working until the node is updated, then '\(instance.type)' is unknown",
                            surface: surface.name, node: node.id)
                    }
                }
            }
        }
    }

    /// Sessions that completed `initialize`: the audience of host-wide notifications.
    public var initializedSessions: [Session] { sessions.values.filter(\.isInitialized) }

    public var sessionCount: Int { sessions.count }

    /// The context a plugin's modules and modifiers get: the host's version and a log whose
    /// lines name the plugin.
    public func appContext(forPlugin plugin: String) -> AppContext {
        if let cached = appContexts[plugin] { return cached }
        let logger = self.logger
        let context = AppContext(hostVersion: configuration.serverVersion, log: PluginLog { level, message in
            let line = "plugin \(plugin): \(message)"
            switch level {
            case .debug: logger.debug(line)
            case .info: logger.info(line)
            case .warning: logger.warning(line)
            case .error: logger.error(line)
            }
        })
        appContexts[plugin] = context
        return context
    }

    /// `ModifierInfo` for every registered modifier type: `{type, plugin, module, params}`
    /// where `params` is the JSON Schema of the modifier's record fields; `description`,
    /// `event` (the schema of its events' payload) and `arguments` (how a front-end's helper
    /// takes the params) when the registration gave them; and `overrides`, the plugins whose
    /// registrations of the type this one hides.
    public func modifierInfos() -> [JSONValue] {
        registry.entries.map { entry in
            var info = JSONObject()
            info["type"] = .string(entry.type)
            info["plugin"] = .string(entry.plugin)
            info["module"] = .string(entry.module)
            if let description = entry.description { info["description"] = .string(description) }
            info["params"] = paramsSchema(of: entry).schema
            if let event = PluginHostSupport.eventSchema(of: entry), let schema = try? ValueBridge.jsonValue(event) {
                info["event"] = Self.orderingProperties(schema)
            }
            if !entry.arguments.isEmpty {
                info["arguments"] = .array(entry.arguments.compactMap { try? ValueBridge.jsonValue($0.jsonValue) })
            }
            let hidden = registry.registrations(of: entry.type).dropFirst().map(\.plugin)
            if !hidden.isEmpty { info["overrides"] = .array(hidden.map { .string($0) }) }
            return .object(info)
        }
    }

    /// Builds the params schema of every registration `plugin` made (the loader calls this
    /// once a plugin has loaded) and returns what went wrong, one sentence per type.
    public func describeRegistrations(ofPlugin plugin: String) -> [String] {
        registry.registrations(byPlugin: plugin).flatMap { entry in
            let (schema, problem) = paramsSchema(of: entry)
            if let problem { return [problem] }
            return argumentProblems(of: entry, schema: schema)
        } + hiddenViewProblems(ofPlugin: plugin)
    }

    /// One sentence per way `entry`'s declared arguments do not fit its params.
    private func argumentProblems(of entry: ViewModifierRegistry.Entry, schema: JSONValue) -> [String] {
        guard !entry.arguments.isEmpty else { return [] }
        let keys = Set((schema.objectValue?["properties"]?.objectValue?.keys).map(Array.init) ?? []).subtracting(["$type"])
        return ModifierArgument.problems(of: entry.arguments, paramKeys: keys).map {
            "the arguments of '\(entry.type)' do not fit its params: \($0)"
        }
    }

    /// One sentence per view of `plugin` that a node can never be: its name is one of the
    /// host's own views, which a node's `type` names first.
    private func hiddenViewProblems(ofPlugin plugin: String) -> [String] {
        modules.filter { $0.plugin == plugin }.flatMap(\.views).compactMap { view in
            guard ViewKind(name: view.name) != nil else { return nil }
            return "view '\(view.name)' (\(view.registration.typeName), module \(view.module)) is hidden by the host's own view '\(view.name)': a node of type '\(view.name)' is always the host's; rename the Swift type (its name without 'View' is the view's name)"
        }
    }

    /// Forgets the schemas of registrations that are gone (after a rescan).
    public func forgetUnregisteredSchemas() {
        let live = Set(registry.allRegistrations.map(\.serial))
        schemas = schemas.filter { live.contains($0.key) }
    }

    /// The JSON Schema of `entry`'s params (made once per registration), and what kept it from
    /// describing them, if anything did.
    func paramsSchema(of entry: ViewModifierRegistry.Entry) -> (schema: JSONValue, problem: String?) {
        if let cached = schemas[entry.serial] { return (cached, nil) }
        var schema = JSONObject()
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["title"] = .string(entry.type)
        var problem: String? = nil
        let described: [String: Any]?
        do {
            let context = appContext(forPlugin: entry.plugin)
            described = try PluginCalls.run(plugin: entry.plugin, .schema, entry.type) { () throws in
                try PluginHostSupport.paramsSchema(of: entry, appContext: context)
            }
            if described == nil {
                problem = "the factory of '\(entry.type)' does not build a Record, so its params are not described"
            }
        } catch {
            described = nil
            problem = "the factory of '\(entry.type)' threw when built with its defaults (\(error)), so its params are not described"
        }
        var properties = JSONObject()
        // Every modifier object carries its `$type`.
        properties["$type"] = ["const": .string(entry.type)]
        var required: [JSONValue] = ["$type"]
        if let described, case let .object(fields)? = (try? ValueBridge.jsonValue(described)).map(Self.orderingProperties) {
            for (key, value) in fields where key != "properties" && key != "required" {
                schema[key] = value
            }
            // Already in declaration order: `orderingProperties` applied the SDK's `x-order`.
            for (key, value) in fields["properties"]?.objectValue ?? JSONObject() { properties[key] = value }
            required += fields["required"]?.arrayValue ?? []
        } else {
            schema["type"] = "object"
            schema["description"] = .string(problem ?? "the params could not be described")
        }
        schema["properties"] = .object(properties)
        schema["required"] = .array(required)
        let result = JSONValue.object(schema)
        schemas[entry.serial] = result
        if let problem { logger.warning("plugin \(entry.plugin.isEmpty ? "(none)" : entry.plugin): \(problem)") }
        return (result, problem)
    }

    /// Puts each schema's `properties` in declaration order (the SDK passes it as `x-order`,
    /// since Swift dictionaries keep none), everywhere in the schema, and drops `x-order`.
    static func orderingProperties(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .array(items): return .array(items.map(orderingProperties))
        case let .object(object):
            var result = JSONObject(reservingCapacity: object.count)
            let order = object["x-order"]?.arrayValue?.compactMap(\.stringValue)
            for (key, member) in object where key != "x-order" {
                if key == "properties", let order, case let .object(properties) = member {
                    var ordered = JSONObject(reservingCapacity: properties.count)
                    for name in order { ordered[name] = properties[name].map(orderingProperties) }
                    for (name, property) in properties where ordered[name] == nil { ordered[name] = orderingProperties(property) }
                    result[key] = .object(ordered)
                } else {
                    result[key] = orderingProperties(member)
                }
            }
            return .object(result)
        default: return value
        }
    }

    /// Starts (`topics` given) or stops (nil) relaying notifications to `session`.
    func setWatching(_ session: Session, topics: Set<String>?) {
        if session.watchedTopics != topics { session.stateChanged() }
        session.watchedTopics = topics
        watchers[session.connectionID] = topics == nil ? nil : session
        hasWatchers = !watchers.isEmpty
        hasSurfaceWatchers = watchers.values.contains { $0.watchedTopics?.contains(Watch.surfacesTopic) == true }
        if !hasSurfaceWatchers { changedSurfaces.removeAll() }
    }

    /// Notes that surface `name` of `session` changed (mounted, updated, unmounted, or its
    /// state changed): its tree goes to the surface watchers at the next
    /// `flushSurfaceChanges`. Nothing is done without a surface watcher.
    func surfaceChanged(_ name: String, of session: Session) {
        guard hasSurfaceWatchers else { return }
        if !changedSurfaces.contains(where: { $0.session === session && $0.name == name }) {
            changedSurfaces.append((session, name))
        }
    }

    /// What follows each piece of work the loop runs (a frame, or async work between
    /// frames): async work it started that can go on now runs (its events and answers go out
    /// before the frame's reply), then the surface watchers get the trees that changed.
    public func settle() {
        if asyncWork.hasWork { asyncWork.runPending() }
        if hasSurfaceWatchers { flushSurfaceChanges() }
    }

    /// Sends the current tree of every surface changed since the last call (`null` for one
    /// unmounted meanwhile) to the surface watchers; only those of `owner`, when given (a
    /// connection that closed). Changes noted for a closed connection afterwards (a refresh
    /// it started ending) are dropped: its surfaces were reported gone.
    func flushSurfaceChanges(of owner: Session? = nil) {
        guard !changedSurfaces.isEmpty else { return }
        let changed: [(session: Session, name: String)]
        if let owner {
            changed = changedSurfaces.filter { $0.session === owner }
            changedSurfaces.removeAll { $0.session === owner }
        } else {
            changed = changedSurfaces.filter { !$0.session.isClosed }
            changedSurfaces.removeAll()
        }
        for (session, name) in changed {
            sendSurfaceTree(name, root: session.surfaces[name].map(Self.tree) ?? .null, of: session)
        }
    }

    /// `{connection, surface, root}` for every surface of every initialized connection,
    /// connections oldest first, surfaces by name: the picture `watch` starts a surface
    /// watcher from.
    func allSurfaceTrees() -> [JSONValue] {
        openSessions.filter(\.isInitialized).flatMap { session in
            session.surfaces.sorted.map { surface in
                JSONValue.object(JSONObject([("connection", Watch.connectionInfo(session)), ("surface", .string(surface.name)), ("root", Self.tree(surface))]))
            }
        }
    }

    /// A surface's tree as `snapshot` returns it, as a value.
    private static func tree(_ surface: Surface) -> JSONValue {
        var text: [UInt8] = []
        Snapshot.write(surface.root, into: &text)
        // The host wrote it: it parses, at any depth the tree limits allow.
        return (try? JSONParser.parse(text, maxDepth: Int.max)) ?? .null
    }

    private func sendSurfaceTree(_ name: String, root: JSONValue, of owner: Session) {
        relay(topic: Watch.surfacesTopic, method: Watch.surfaceMethod, params: .object(JSONObject([("surface", .string(name)), ("root", root)])), deliveredTo: owner)
    }

    /// Every open session, oldest first.
    public var openSessions: [Session] { sessions.values.sorted { $0.connectionID < $1.connectionID } }

    /// Sends a `watched` copy of a notification that went to `recipient` to every session
    /// watching its topic. A watcher that does not read is the transport's affair: its queue
    /// is bounded (`--max-outbound`, the write timeout), and sending to it never blocks.
    func relayToWatchers(method: String, params: JSONValue, deliveredTo recipient: Session) {
        guard Watch.topics.contains(method) else { return }
        relay(topic: method, method: method, params: params, deliveredTo: recipient)
    }

    /// Sends `method` and `params`, as a `watched` copy naming `recipient`, to every session
    /// watching `topic`, oldest connection first.
    private func relay(topic: String, method: String, params: JSONValue, deliveredTo recipient: Session) {
        // A list made first: a watcher closed for its queue leaves `watchers` meanwhile.
        let audience = watchers.sorted { $0.key < $1.key }.map(\.value).filter { $0.watchedTopics?.contains(topic) == true }
        guard !audience.isEmpty else { return }
        let copy = Watch.notification(method: method, params: params, deliveredTo: recipient)
        for watcher in audience where !watcher.isClosed { watcher.notify(method: Watch.notificationMethod, params: copy) }
    }

    /// Sends a notification to every initialized session.
    public func broadcast(method: String, params: JSONValue) {
        for session in initializedSessions { session.notify(method: method, params: params) }
    }
}
