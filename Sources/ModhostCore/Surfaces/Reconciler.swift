import ModhostWire
@_spi(ModhostHost) import ModifierKit

/// Builds a surface's next tree from a front-end's nodes, reusing the modifier instances
/// (and row state) of the current tree where type and params are unchanged. Nothing is
/// committed until the whole tree is built, so a bad node anywhere changes nothing.
struct Reconciler {
    /// A built tree, ready for `Surface.commit`.
    struct Built {
        let root: NodeState
        let nodesByKey: [String: NodeState]
        let attachment: Attachment
        let moves: [Move]
        /// The new nodes, in depth-first pre-order: they enter the tree (`onAppear`).
        let entered: [NodeState]
        /// The old tree's nodes that are not kept: they leave it (`onDisappear`).
        let left: Set<ObjectIdentifier>
        /// For a patch, the same nodes in the order they left: its tree is changed in place,
        /// so the old tree cannot be walked for them.
        var leftInOrder: [NodeState]? = nil
        /// Plugin views' ids and listened events in the new tree, set when it is committed.
        let viewPlaces: [ViewPlace]
        /// What the system images of kept nodes show under a patched node's new modifiers.
        var symbolUpdates: [(node: NodeState, symbol: SymbolState?)] = []
        /// Modifier instances in the new tree.
        let modifierCount: Int
        /// For a patch: parents whose children moved, from which index (`Surface.renameShifted`).
        var shifted: [(parent: NodeState, from: Int)] = []
    }

    /// Where a plugin view's node is in the new tree, and which of its events the front-end
    /// listens to: applied when the tree is committed, as `Move`s are.
    struct ViewPlace {
        let view: PluginViewNode
        let node: String
        let events: [String]
    }

    /// A kept modifier's new place, applied when the tree is committed: a failed build must
    /// leave it where it was.
    struct Move {
        let address: ModifierAddress
        let node: String
        let index: Int
    }

    let host: Host
    var counts = ReconcileCounts()
    /// Modifiers built or rebuilt by this pass and evaluated already, for the diagnostics
    /// they may warrant once the tree is committed.
    var fresh: [ModifierInstance] = []
    /// Props of new or changed nodes that their view does not list, reported once the tree
    /// is committed (`unknown-prop`).
    var unknownProps: [UnknownProp] = []
    /// Names from before Expo UI SDK 58 on new or changed nodes (`deprecated-name`, once per
    /// connection and name, at commit).
    var deprecatedNames: [DeprecatedName] = []
    /// Plugin views made by this pass, for the diagnostics their bodies may warrant.
    var freshViews: [PluginViewNode] = []
    var viewPlaces: [ViewPlace] = []
    /// The symbol transitions this update runs: `{node, effect, phase: "enter" | "leave"}` for
    /// each image with a `transition` that enters or leaves (`update`'s `symbolTransitions`),
    /// those leaving first, as `onDisappear` runs before `onAppear`.
    var symbolTransitions: [JSONValue] { leavingTransitions + enteringTransitions }
    var leavingTransitions: [JSONValue] = []
    var enteringTransitions: [JSONValue] = []
    /// The connection the new modifiers will belong to, once the tree is committed.
    let attachment: Attachment
    /// Kept modifiers whose node id, index path or index changes with the new tree.
    var moves: [Move] = []
    /// New nodes, and old ones not kept (see `Built`).
    var entered: [NodeState] = []
    var left = Set<ObjectIdentifier>()
    /// The keyed nodes of the new tree by key; building it is where a key used twice is
    /// caught, so each key is hashed once.
    var nodesByKey: [String: NodeState] = [:]
    /// Whether the tree replaces one (an `update`): only then do new images run their symbol
    /// transitions, since SwiftUI shows a hierarchy's first appearance without them.
    var isUpdate = false
    /// Nodes checked so far, against the limit.
    var nodeCount: NodeBudget
    /// The registry entries and plugin contexts of the types this pass built, most recent
    /// first: rows of a large tree repeat a few types, and each lookup takes a lock and
    /// hashes a string, where comparing a few short names does neither.
    /// Held by reference: finding one then compares names without copying an entry (a
    /// dozen members) for each one passed over.
    private var entries: [CachedEntry] = []
    /// The pass's own state when it applies a patch (`applyPatch`); nil for a whole tree.
    var patch: PatchPass?
    /// The last inert modifier built for each type of this pass (see `makeModifier`).
    private var inert: [SharedModifier] = []

    /// A reconciler for the surface named `surface` of `session`, whose tree now has
    /// `replacing` nodes (0 for a new surface).
    /// Whether a params key the modifier does not declare fails the request (the session
    /// asked for strict params at `initialize`) rather than being reported and ignored.
    private let strictParams: Bool

    init(host: Host, session: Session, surface: String, replacing: Int) {
        self.host = host
        self.strictParams = session.strictParams
        self.attachment = Attachment(surface: surface)
        self.nodeCount = NodeBudget(host: host, session: session, replacing: replacing)
    }

    /// Nodes in the tree built last.
    var builtNodeCount: Int { nodeCount.count }

    /// Checks and builds the tree under `root` (the `root` param), reusing what it can of
    /// `old`. Each node is checked just before it is built, so the tree is read once; a bad
    /// node anywhere still fails the whole request, since nothing is committed here.
    ///
    /// Ids, list-row flags and the places of new modifiers are set as the tree is built,
    /// while each node is at hand, so committing it needs no second walk.
    mutating func build(root: JSONValue, reusing old: NodeState?) throws(RPCError) -> Built {
        nodeCount.count = 0
        leavingTransitions = []
        enteringTransitions = []
        isUpdate = old != nil
        nodesByKey = [:]
        moves = []
        entered = []
        left = []
        viewPlaces = []
        let spec = try NodeSpec.check(root, at: "0", depth: 1, host: host, count: &nodeCount)
        let built = try build(spec, reusing: old, parent: nil, grandparent: nil, path: "0", depth: 1, symbols: SymbolEnvironment())
        return Built(
            root: built, nodesByKey: nodesByKey, attachment: attachment, moves: moves, entered: entered, left: left,
            viewPlaces: viewPlaces, modifierCount: counts.created + counts.updated + counts.unchanged)
    }

    /// Builds the node `spec` whose index path is `path` (`0/3/1`), `depth` levels deep.
    /// With `keeping` (a patch's `set`), the node takes that node's children as they are,
    /// and its slot views too when `spec` names none (the patch left its props alone).
    mutating func build(
        _ spec: NodeSpec, reusing old: NodeState?, parent: NodeState?, grandparent: ViewKind?, path: String, depth: Int,
        symbols around: SymbolEnvironment, keeping kept: NodeState? = nil, keepingSlots: Bool = false
    ) throws(RPCError) -> NodeState {
        // A node of another view type or key is another view: the old one leaves the tree
        // and the new one enters it.
        let reusable = old.flatMap {
            $0.kind == spec.kind && $0.key == spec.key && (spec.kind != .plugin || $0.typeName == spec.typeName) ? $0 : nil
        }
        if let old, reusable == nil { countRemoved(old) }
        let isListRow = NodeState.isListRow(parent: parent?.kind, grandparent: grandparent)
        // A TextField keeps the text typed into it while it stays in the tree (Expo UI's
        // field is uncontrolled: `defaultValue` counts only when it enters); a Toggle and a
        // Slider show their props' value again at every update (they are controlled).
        let value = spec.kind == .textField ? reusable?.value ?? spec.control?.shown : spec.control?.shown
        let node = NodeState(
            kind: spec.kind, key: spec.key, props: spec.props, events: spec.events, value: value, range: spec.control?.range,
            id: spec.key ?? path, isListRow: isListRow, parent: parent)
        if let reusable {
            node.refresh = reusable.refresh
        } else {
            entered.append(node)
        }
        if spec.kind == .plugin {
            let filled = keepingSlots ? kept?.pluginView?.filled ?? [] : Set(spec.slots.map(\.name))
            let view = try pluginView(spec, reusing: reusable?.pluginView, filled: filled, node: node.id, path: path)
            node.pluginView = view
            if reusable == nil, let replacement = view.type.registration.replacement {
                deprecatedNames.append(DeprecatedName(
                    node: node.id, view: spec.typeName, name: spec.typeName, replacement: replacement, kind: .view,
                    path: JSONPath.member("type", of: NodeSpec.paramsPath(ofNode: path))))
            }
        } else {
            if !spec.props.isEmpty, reusable?.props != spec.props {
                try checkProps(spec.props, of: spec.kind, node: node.id, path: path)
            }
            if !spec.events.isEmpty, reusable?.events != spec.events { noteDeprecatedEvents(spec.events, of: spec.kind, node: node.id, path: path) }
        }
        if let key = spec.key {
            // A patch's pass starts from the surface's keys: a clash must leave them as they were.
            if patch != nil, nodesByKey[key] == nil {
                nodesByKey[key] = node
                patch!.undo.append(.keyAdded(key))
            } else if patch != nil || nodesByKey.updateValue(node, forKey: key) != nil {
                let place = NodeSpec.paramsPath(ofNode: path)
                throw .invalidParams("key '\(key)' at '\(place).key' is used twice; keys are unique in a surface", path: JSONPath.member("key", of: place), expected: "a unique key", got: "\"\(key)\"")
            }
        }
        var modifiers: [ModifierInstance] = []
        // Reserving on an empty array allocates even for nothing: most nodes have no modifiers.
        if !spec.modifiers.isEmpty { modifiers.reserveCapacity(spec.modifiers.count) }
        for (index, config) in spec.modifiers.enumerated() {
            if let previous = reusable?.modifiers[safe: index], previous.type == config.type, previous.params == config.params,
                isServing(previous)
            {
                counts.unchanged += 1
                modifiers.append(previous)
                let address = previous.address
                if address.node != node.id || address.index != index {
                    moves.append(Move(address: address, node: node.id, index: index))
                }
                continue
            }
            if reusable?.modifiers[safe: index] != nil { counts.updated += 1 } else { counts.created += 1 }
            let instance = try makeModifier(
                type: config.type, params: config.params, node: node.id, indexPath: path, index: index, isListRow: isListRow)
            fresh.append(instance)
            modifiers.append(instance)
            if patch != nil {
                patch!.made.insert(ObjectIdentifier(instance))
                if let replaced = reusable?.modifiers[safe: index] { patch!.made.remove(ObjectIdentifier(replaced)) }
            }
        }
        if let reusable, reusable.modifiers.count > spec.modifiers.count {
            counts.removed += reusable.modifiers.count - spec.modifiers.count
            if patch != nil { for dropped in reusable.modifiers[spec.modifiers.count...] { patch!.made.remove(ObjectIdentifier(dropped)) } }
        }
        node.modifiers = modifiers
        // The symbol modifiers reach the system images at or under the node.
        let symbols = modifiers.contains(where: { $0.effectStore.changesSymbols }) ? around.inside(modifiers, node: node.id) : around
        if symbols.isActive, let systemName = SymbolState.systemName(of: node) {
            let entered = isUpdate && reusable == nil
            let symbol = SymbolState(systemName: systemName, environment: symbols, previous: reusable?.symbol, entered: entered)
            if entered, let transition = symbol.transition { enteringTransitions.append(Self.transition(transition.effect, node: node.id, phase: "enter")) }
            node.symbol = symbol
        }
        // A row that stays revealed must still have actions on that edge.
        if isListRow, let edge = reusable?.revealed {
            node.revealed = edge
            if node.swipeActions(on: edge).isEmpty { node.revealed = nil }
        }

        var used = Set<ObjectIdentifier>()
        if let kept {
            keepChildren(of: kept, in: node, symbols: symbols)
        } else {
            try buildChildren(of: node, spec.children, reusing: reusable?.children ?? [], grandparent: parent?.kind, path: path, depth: depth, symbols: symbols, used: &used)
        }
        if keepingSlots, let keptSlots = kept?.slots, !keptSlots.isEmpty {
            // A `set` that leaves the props alone leaves the views in them too.
            for slot in keptSlots { slot.node.parent = node }
            node.slots = keptSlots
            if kept?.hasUnkeyedBelow == true { node.hasUnkeyedBelow = true }
        } else if !spec.slots.isEmpty || reusable?.slots.isEmpty == false {
            // The views in its slot props, each matched with the old one of its slot.
            let oldSlots = reusable?.slots ?? []
            var slots: [(name: String, node: NodeState)] = []
            for (name, value) in spec.slots {
                let slotPath = path + "/" + name
                let slotSpec = try NodeSpec.check(value, at: slotPath, depth: depth + 1, host: host, count: &nodeCount)
                let match = oldSlots.first { $0.name == name }?.node
                if let match { used.insert(ObjectIdentifier(match)) }
                // No grandparent: a Section's header in a List is not one of the List's rows.
                let built = try build(slotSpec, reusing: match, parent: node, grandparent: nil, path: slotPath, depth: depth + 1, symbols: symbols)
                if built.key == nil || built.hasUnkeyedBelow { node.hasUnkeyedBelow = true }
                slots.append((name, built))
            }
            for old in oldSlots where !used.contains(ObjectIdentifier(old.node)) { countRemoved(old.node) }
            node.slots = slots
        }
        if let view = node.pluginView { viewPlaces.append(ViewPlace(view: view, node: node.id, events: spec.events)) }
        return node
    }

    /// Builds `node`'s children from `specs` (as sent), matching each with one of `oldChildren`:
    /// by key first, then unkeyed ones by position among the unkeyed. Old children nothing
    /// matched leave the tree; `used` collects the ones that matched.
    private mutating func buildChildren(
        of node: NodeState, _ specs: [JSONValue], reusing oldChildren: [NodeState], grandparent: ViewKind?, path: String, depth: Int,
        symbols: SymbolEnvironment, used: inout Set<ObjectIdentifier>
    ) throws(RPCError) {
        var oldByKey: [String: NodeState] = [:]
        var oldUnkeyed: [NodeState] = []
        for child in oldChildren {
            if let key = child.key { oldByKey[key] = child } else { oldUnkeyed.append(child) }
        }
        var unkeyedIndex = 0
        var unkeyedBelow = false
        // Built aside and stored once: every change to a class's array property is checked
        // for exclusive access.
        var children: [NodeState] = []
        if !specs.isEmpty { children.reserveCapacity(specs.count) }
        // A long list of children sizes the key index at once rather than growing it step
        // by step (each growth rehashes every key).
        if specs.count > 64 { nodesByKey.reserveCapacity(nodesByKey.count + specs.count) }
        for (index, child) in specs.enumerated() {
            let childPath = NodeSpec.indexPath(ofChild: index, of: path)
            let childSpec = try NodeSpec.check(child, at: childPath, depth: depth + 1, host: host, count: &nodeCount)
            var match: NodeState?
            if let key = childSpec.key {
                match = oldByKey[key]
            } else if unkeyedIndex < oldUnkeyed.count {
                match = oldUnkeyed[unkeyedIndex]
                unkeyedIndex += 1
            }
            if let match { used.insert(ObjectIdentifier(match)) }
            let built = try build(
                childSpec, reusing: match, parent: node, grandparent: grandparent, path: childPath, depth: depth + 1, symbols: symbols)
            built.indexHint = Int32(truncatingIfNeeded: index)
            if childSpec.key == nil || built.hasUnkeyedBelow { unkeyedBelow = true }
            children.append(built)
        }
        node.children = children
        if unkeyedBelow { node.hasUnkeyedBelow = true }
        for child in oldChildren where !used.contains(ObjectIdentifier(child)) { countRemoved(child) }
    }

    mutating func countRemoved(_ node: NodeState) {
        left.insert(ObjectIdentifier(node))
        if patch != nil {
            patch!.left.append(node)
            nodeCount.count -= 1
            for instance in node.modifiers { patch!.made.remove(ObjectIdentifier(instance)) }
        }
        if let transition = node.symbol?.transition { leavingTransitions.append(Self.transition(transition.effect, node: node.id, phase: "leave")) }
        counts.removed += node.modifiers.count
        for child in node.children { countRemoved(child) }
        for slot in node.slots { countRemoved(slot.node) }
    }

    /// One entry of `symbolTransitions`.
    private static func transition(_ effect: SymbolEffect, node: String, phase: String) -> JSONValue {
        .object(JSONObject([("node", .string(node)), ("effect", .string(effect.name)), ("phase", .string(phase))]))
    }

    /// A new instance of modifier `type` from `params`, the modifier at `index` on the node
    /// `node` (index path `indexPath`).
    private mutating func makeModifier(
        type: String, params: JSONObject, node: String, indexPath: String, index: Int, isListRow: Bool
    ) throws(RPCError) -> ModifierInstance {
        func paramsPath() -> String { NodeSpec.paramsPath(ofModifier: index, onNode: indexPath) }
        let found: Int
        if let cached = cachedEntry(for: type) {
            found = cached
        } else if !strictParams, host.registry.entry(for: type) == nil, let status = quarantinedPlugin(serving: type) {
            // Only the bad plugin's modifiers go: the rest of the tree is served, and this one
            // does nothing until the plugin is back (its registration then rebuilds it).
            return ModifierInstance(
                type: type, params: params, modifier: QuarantinedModifier(), effect: EffectStore(ModifierEffect()),
                address: ModifierAddress(type: type, attachment: attachment, node: node, index: index),
                plugin: status.name, serial: 0, quarantine: status)
        } else {
            found = rememberEntry(try entry(for: type, path: paramsPath()))
        }
        let cached = entries[found]
        // Read in place: a copy of the entry would retain each of its members for every modifier.
        let serial = cached.entry.serial, plugin = cached.entry.plugin, appContext = cached.appContext
        let address = ModifierAddress(type: type, attachment: attachment, node: node, index: index)
        // Rows of a large tree repeat the same style modifiers. A modifier whose body does
        // nothing the host calls back (no actions, no swipe actions, nothing ignored) and that
        // kept no dispatcher is a value of its params alone, as SwiftUI takes bodies to be:
        // the next one of its type with equal params shares it instead of being built again.
        if let shared = inert.first(where: { $0.type == type }), shared.serial == serial, shared.params == params {
            return ModifierInstance(
                type: type, params: params, modifier: shared.modifier, effect: shared.effect, address: address,
                plugin: plugin, serial: serial)
        }
        // The address is captured strongly (a weak reference would cost every modifier a
        // side table); the instance detaches it when it goes, so a dispatcher a plugin kept
        // past that point sends nothing.
        var dispatcher = EventDispatcher(modifierType: type) { payload in
            guard let session = address.session else { return }
            session.deliverEvent(payload, from: address)
        }
        let modifier: any ViewModifier
        var unknownParams: [UnknownParam] = []
        do {
            let dict = host.paramsShapes.dict(params)
            let counted = PluginHostSupport.unknownKeysCounted
            modifier = try PluginCalls.run(plugin: plugin, .factory, type) { () throws in
                try cached.entry.factory(dict, appContext, dispatcher)
            }
            if PluginHostSupport.unknownKeysCounted != counted {
                unknownParams = UnknownParams.find(in: params, schema: host.paramsSchema(of: cached.entry).schema)
            }
        } catch let error as FieldError {
            throw Self.invalidParams(error, under: paramsPath())
        } catch {
            let path = paramsPath()
            throw .invalidParams("modifier '\(type)' refused its params at '\(path)': \(error)", path: path)
        }
        if strictParams, let unknown = unknownParams.first {
            let place = JSONPath.member(unknown.path, of: paramsPath())
            throw .invalidParams(
                "unknown param: \(unknown.message(at: place, outcome: "the request fails (this connection asked for strictParams at initialize)"))",
                path: place, expected: unknown.known.isEmpty ? "no params here" : "one of \(unknown.known.joined(separator: ", "))",
                got: unknown.key, extra: unknown.data)
        }
        // Evaluated now: what it does decides diagnostics and the actions run when the
        // node enters the tree.
        // A row's swipe-action buttons are read on first use (`ModifierInstance.swipeActions`).
        let effect = PluginCalls.run(plugin: plugin, .body, type) {
            ModifierEvaluator.evaluate(modifier, deferringSwipeActions: isListRow)
        }
        let store = EffectStore(effect)
        // One with unknown params is not shared: each modifier is reported where it is.
        if effect.isInert && unknownParams.isEmpty && isKnownUniquelyReferenced(&dispatcher) {
            inert.removeAll { $0.type == type }
            if inert.count == 8 { inert.removeLast() }
            inert.insert(SharedModifier(type: type, serial: serial, params: params, modifier: modifier, effect: store), at: 0)
        }
        return ModifierInstance(
            type: type, params: params, modifier: modifier, effect: store, address: address, plugin: plugin,
            serial: serial, unknownParams: unknownParams)
    }

    /// Where `entries` holds `type`'s entry, if this pass looked it up already.
    private func cachedEntry(for type: String) -> Int? {
        entries.firstIndex { $0.entry.type == type }
    }

    /// Keeps `found` in `entries` (a handful at most) and says where.
    private mutating func rememberEntry(_ found: (entry: ViewModifierRegistry.Entry, appContext: AppContext)) -> Int {
        if entries.count == 8 { entries.removeLast() }
        entries.insert(CachedEntry(entry: found.entry, appContext: found.appContext), at: 0)
        return 0
    }

    /// Whether `instance` was built by the registration that serves its type now. One whose
    /// type is gone is kept as it is (its code stays loaded) until its params change.
    private mutating func isServing(_ instance: ModifierInstance) -> Bool {
        if let found = cachedEntry(for: instance.type) { return entries[found].entry.serial == instance.serial }
        guard let entry = host.registry.entry(for: instance.type) else { return true }
        let found = rememberEntry((entry, host.appContext(forPlugin: entry.plugin)))
        return entries[found].entry.serial == instance.serial
    }

    /// The plugin view of the node `spec` (id `node`, index path `path`): `old`, the view at
    /// this place before, when it is of the same registration and its props are unchanged;
    /// else made anew from the props, with `old`'s `@State`s. A node whose type no plugin
    /// serves any more keeps its view until its props change, as a modifier whose type is
    /// gone does (its owner heard of it by `view-type-removed` when the plugin went).
    private mutating func pluginView(
        _ spec: NodeSpec, reusing old: PluginViewNode?, filled: Set<String>, node: String, path: String
    ) throws(RPCError) -> PluginViewNode {
        let view: PluginViewNode
        if let type = spec.pluginView {
            let listened = Set(spec.events)
            if let old, old.type === type, old.props == spec.props, old.filled == filled, old.listened == listened {
                view = old
            } else {
                view = try makePluginView(
                    type, props: spec.props, state: old?.state ?? ViewStateStore(), filled: filled, listened: listened, node: node, path: path)
            }
        } else if let old, old.props == spec.props, spec.events.allSatisfy(old.type.events.contains) {
            view = old
        } else if !strictParams, let status = quarantinedPlugin(serving: spec.typeName) {
            // Only the bad plugin's views go: the rest of the tree is served, and this node
            // shows nothing until the plugin is back (the next update then makes it anew).
            let type = PluginViewType(
                registration: .inert(name: spec.typeName), plugin: status.name, module: "", serial: 0,
                propsSchema: .object(JSONObject([("type", "object")])), appContext: host.appContext(forPlugin: status.name), quarantine: status)
            view = try makePluginView(type, props: spec.props, state: ViewStateStore(), filled: filled, listened: [], node: node, path: path)
        } else {
            let place = NodeSpec.paramsPath(ofNode: path)
            let known = host.viewNames
            let suggestion = Suggestion.closest(to: spec.typeName, among: known)
            if let status = quarantinedPlugin(serving: spec.typeName), let crash = status.crash {
                throw .invalidParams(
                    "view '\(spec.typeName)' at '\(place).type' belongs to plugin \(status.name), which is quarantined: it \(crash.summary). It loads again when its files change, or after `modhost plugins enable \(status.name)` (this connection asked for strictParams at initialize; otherwise the node would be inert)",
                    path: JSONPath.member("type", of: place), expected: "a view of a plugin that is loaded", got: spec.typeName,
                    extra: JSONObject([("plugin", .string(status.name)), ("quarantined", true)]))
            }
            let removed = old.map { " (the plugin that served '\($0.type.name)' was removed; its nodes work on only until their props change)" } ?? ""
            throw .invalidParams(
                "'\(spec.typeName)' at '\(place).type' is not a view this host knows\(removed); known views: \(known.joined(separator: ", "))\(Suggestion.hint(suggestion))",
                path: JSONPath.member("type", of: place), expected: "one of \(known.joined(separator: ", "))", got: spec.typeName,
                extra: Suggestion.data(known: known, suggestion: suggestion))
        }
        return view
    }

    /// A new plugin view of `type` from `props`, its events routed to this pass's connection.
    private mutating func makePluginView(
        _ type: PluginViewType, props: JSONObject, state: ViewStateStore, filled: Set<String>, listened: Set<String>, node: String, path: String
    ) throws(RPCError) -> PluginViewNode {
        // Spelt only for an error or a warning: it costs more than making a small view.
        func propsPath() -> String { NodeSpec.paramsPath(ofNode: path) + ".props" }
        let route = ViewEventRoute()
        let instance: ViewInstance
        var unknownParams: [UnknownParam] = []
        do {
            let dict = host.paramsShapes.dict(props)
            let counted = PluginHostSupport.unknownKeysCounted
            let appContext = type.appContext
            instance = try PluginCalls.run(plugin: type.plugin, .factory, type.name) { () throws in
                try type.registration.makeInstance(params: dict, appContext: appContext, state: state, filled: filled, listened: listened) { event, payload in
                    route.view?.send(event, payload: payload)
                }
            }
            if PluginHostSupport.unknownKeysCounted != counted { unknownParams = UnknownParams.find(in: props, schema: type.propsSchema) }
        } catch let error as FieldError {
            throw Self.invalidParams(error, under: propsPath())
        } catch {
            throw .invalidParams("view '\(type.name)' refused its props at '\(propsPath())': \(error)", path: propsPath())
        }
        for unknown in unknownParams {
            let place = JSONPath.member(unknown.path, of: propsPath())
            try note(UnknownProp(
                node: node, view: type.name,
                unknown: UnknownParam(path: place, key: unknown.key, known: unknown.known, suggestion: unknown.suggestion)))
        }
        let body = PluginCalls.run(plugin: type.plugin, .body, type.name) { instance.render() }
        let view = PluginViewNode(
            type: type, props: props, filled: filled, listened: listened, instance: instance, state: state, attachment: attachment, body: body, route: route)
        route.view = view
        freshViews.append(view)
        return view
    }

    /// The error for a record's `FieldError` at `path`, the params path of the record
    /// (`root.children[0].modifiers[1]`, `root.props`): its place is the field's under it.
    private static func invalidParams(_ error: FieldError, under path: String) -> RPCError {
        let place = error.path.isEmpty ? path : (error.path.hasPrefix("[") ? path + error.path : path + "." + error.path)
        return .invalidParams("\(error.description) (at '\(place)')", path: place, expected: error.type, got: error.value ?? "nothing")
    }

    /// Notes (or, under `strictParams`, refuses) each prop of `props` that `kind` does not list.
    private mutating func checkProps(_ props: JSONObject, of kind: ViewKind, node: String, path: String) throws(RPCError) {
        let known = kind.knownProps
        // Members in place: `props.keys` would build an array for every new node with props.
        for (key, _) in props where !known.contains(key) {
            let place = JSONPath.member(key, of: NodeSpec.paramsPath(ofNode: path) + ".props")
            try note(UnknownProp(
                node: node, view: kind.rawValue,
                unknown: UnknownParam(path: place, key: key, known: known, suggestion: Suggestion.closest(to: key, among: known))))
        }
        for prop in kind.deprecatedProps where props[prop.name] != nil {
            deprecatedNames.append(DeprecatedName(
                node: node, view: kind.rawValue, name: prop.name, replacement: prop.replacement, kind: .prop,
                path: JSONPath.member(prop.name, of: NodeSpec.paramsPath(ofNode: path) + ".props")))
        }
    }

    /// Notes each of `events` that SDK 58 names otherwise: it is served, with a warning.
    private mutating func noteDeprecatedEvents(_ events: [String], of kind: ViewKind, node: String, path: String) {
        for (index, name) in events.enumerated() {
            guard let replacement = kind.event(named: name)?.replacedBy else { continue }
            let member = kind.event(named: replacement)?.member.map { " (payload {\($0.name)})" } ?? ""
            deprecatedNames.append(DeprecatedName(
                node: node, view: kind.rawValue, name: name, replacement: "the event '\(replacement)'\(member)", kind: .event,
                path: JSONPath.element(index, of: JSONPath.member("events", of: NodeSpec.paramsPath(ofNode: path)))))
        }
    }

    /// Keeps `prop` for an `unknown-prop` warning at commit, or, under `strictParams`, fails
    /// the request with it: one rule for host views and plugin views.
    private mutating func note(_ prop: UnknownProp) throws(RPCError) {
        guard strictParams else {
            unknownProps.append(prop)
            return
        }
        let unknown = prop.unknown
        throw .invalidParams(
            "unknown prop: \(prop.message(outcome: "the request fails (this connection asked for strictParams at initialize)"))",
            path: unknown.path, expected: unknown.known.isEmpty ? "no props" : "one of \(unknown.known.joined(separator: ", "))",
            got: unknown.key, extra: unknown.data)
    }

    /// The quarantined plugin whose crash report lists `type` among its types, if any.
    private func quarantinedPlugin(serving type: String) -> PluginStatus? {
        host.pluginStatuses.first { $0.state == .quarantined && $0.crash?.types.contains(type) == true }
    }

    /// The registry entry for `type` with its plugin's context; an unknown type is an error
    /// at `path` that lists the known ones (a quarantined plugin's type is one only under
    /// `strictParams`; otherwise `makeModifier` makes it inert).
    private func entry(for type: String, path: @autoclosure () -> String) throws(RPCError) -> (entry: ViewModifierRegistry.Entry, appContext: AppContext) {
        guard let entry = host.registry.entry(for: type) else {
            let path = path()
            if let status = quarantinedPlugin(serving: type), let crash = status.crash {
                throw .invalidParams(
                    "modifier type '\(type)' at '\(path)' belongs to plugin \(status.name), which is quarantined: it \(crash.summary). It loads again when its files change, or after `modhost plugins enable \(status.name)` (this connection asked for strictParams at initialize; otherwise the modifier would be inert)",
                    path: JSONPath.member("$type", of: path), expected: "a type of a plugin that is loaded", got: type,
                    extra: JSONObject([("plugin", .string(status.name)), ("quarantined", true)]))
            }
            let known = host.registry.entries.map(\.type)
            let suggestion = Suggestion.closest(to: type, among: known)
            let extra = Suggestion.data(known: known, suggestion: suggestion)
            throw .invalidParams(
                "unknown modifier type '\(type)' at '\(path)'; known types: \(known.isEmpty ? "none (no plugin registered any)" : known.joined(separator: ", "))\(Suggestion.hint(suggestion))",
                path: JSONPath.member("$type", of: path), expected: known.isEmpty ? "a registered modifier type" : "one of \(known.joined(separator: ", "))",
                got: type, extra: extra)
        }
        return (entry, host.appContext(forPlugin: entry.plugin))
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

/// A prop that a node's view does not list (`ViewKind.propsSchema`): kept and passed on, and
/// reported. `unknown.path` is the prop's place: `root.children[0].props.alignmnt`.
struct UnknownProp {
    let node: String
    let view: String
    let unknown: UnknownParam

    func message(outcome: String) -> String {
        let hint = unknown.suggestion.map { " Did you mean '\($0)'?" } ?? ""
        let listed = unknown.known.isEmpty ? "none" : unknown.known.joined(separator: ", ")
        return "'\(unknown.path)' is not a prop of \(view), so \(outcome).\(hint) \(view)'s props: \(listed)"
    }
}

/// A prop or event of a host view that Expo UI SDK 58 names otherwise, on a new or changed node.
struct DeprecatedName {
    /// What the name is of.
    enum Kind: String {
        case prop, event, view
    }

    let node: String
    let view: String
    let name: String
    /// What replaced it, as a phrase: "the event 'onIsOnChange' (payload {isOn})".
    let replacement: String
    let kind: Kind
    /// Its params path: `root.events[0]`, `root.props.systemImage`, `root.type`.
    let path: String
}

/// Stands in for a modifier whose plugin is quarantined: the content, unchanged.
struct QuarantinedModifier: ViewModifier {
    func body(content: Content) -> some View { content }
}

/// A registry entry and its plugin's context, as `Reconciler` keeps the ones a pass uses.
private final class CachedEntry {
    let entry: ViewModifierRegistry.Entry
    let appContext: AppContext

    init(entry: ViewModifierRegistry.Entry, appContext: AppContext) {
        self.entry = entry
        self.appContext = appContext
    }
}

/// An inert modifier that the next one of its type with equal params shares (`makeModifier`).
private final class SharedModifier {
    let type: String
    let serial: UInt64
    let params: JSONObject
    let modifier: any ViewModifier
    let effect: EffectStore

    init(type: String, serial: UInt64, params: JSONObject, modifier: any ViewModifier, effect: EffectStore) {
        self.type = type
        self.serial = serial
        self.params = params
        self.modifier = modifier
        self.effect = effect
    }
}
