import ModhostWire
@_spi(ModhostHost) import ModifierKit

/// The connection that modifiers built by one `mount` or `update` belong to, set once that
/// request commits its tree: until then (and for ever, if it fails) their events go nowhere.
final class Attachment {
    let surface: String
    weak var session: Session?

    init(surface: String) { self.surface = surface }
}

/// Where a modifier instance sits, updated when reconciliation moves it, so that its events
/// always name the node and modifier index the front-end knows now.
final class ModifierAddress {
    let type: String
    let attachment: Attachment
    var node: String = ""
    var index: Int = 0
    /// Set when the instance is gone: a dispatcher a plugin kept sends nothing after that.
    var isDetached = false

    init(type: String, attachment: Attachment, node: String, index: Int) {
        self.type = type
        self.attachment = attachment
        self.node = node
        self.index = index
    }

    var surface: String { attachment.surface }
    var session: Session? { isDetached ? nil : attachment.session }

    /// The modifier's params path in the tree as it is now: `root.children[3].modifiers[0]`.
    /// Found when asked (only diagnostics ask), so that moving a keyed node changes nothing here.
    var paramsPath: String {
        let found = attachment.session?.surfaces[surface]?.node(node)
        return NodeSpec.paramsPath(ofModifier: index, onNode: found.map { Reconciler.indexPath(of: $0) } ?? node)
    }
}

/// One live modifier: built by its plugin's factory, kept while its type and params stay the
/// same, with what its body does to the node.
///
/// The body is evaluated as the instance is built (`Reconciler`): what it does decides
/// diagnostics and the `onAppear` actions that run when its node enters the tree.
final class ModifierInstance {
    let type: String
    let params: JSONObject
    let modifier: any ViewModifier
    let address: ModifierAddress
    let plugin: String
    /// The registration that built it: an update rebuilds it once another one serves the type
    /// (its plugin was reloaded, or another plugin took the type over).
    let serial: UInt64
    /// What the modifier's body does to its node, in a store that the instances sharing one
    /// inert modifier share (`Reconciler.makeModifier`): a large tree's rows then hold one
    /// reference each rather than a copy of the whole effect. Read in place (`_read`), so
    /// that reading one member of it (every gesture, lifecycle pass and snapshot does) does
    /// not copy it either. A List row's swipe-action buttons are read on first use
    /// (`swipeActions`).
    let effectStore: EffectStore
    var effect: ModifierEffect { _read { yield effectStore.effect } }
    /// Keys of its params that it does not declare, reported once it is committed.
    let unknownParams: [UnknownParam]
    /// The quarantined plugin whose type this is: the instance is inert (its modifier leaves
    /// the content as it is), reported once committed and marked in snapshots.
    let quarantine: PluginStatus?

    init(
        type: String, params: JSONObject, modifier: any ViewModifier, effect: EffectStore, address: ModifierAddress,
        plugin: String, serial: UInt64, unknownParams: [UnknownParam] = [], quarantine: PluginStatus? = nil
    ) {
        self.unknownParams = unknownParams
        self.quarantine = quarantine
        self.type = type
        self.params = params
        self.modifier = modifier
        self.effectStore = effect
        self.address = address
        self.plugin = plugin
        self.serial = serial
    }

    deinit {
        // Events dispatched after the instance is gone (replaced, unmounted) go nowhere.
        address.isDetached = true
    }

    /// The swipe actions the body adds, their buttons read on first use: a List row's are
    /// left unread when it is built (reading them is most of what a swipe-actions body costs,
    /// and SwiftUI's List realizes a row only when it shows). Views found among them that
    /// are not buttons are reported then, or once the tree is committed (`Surface.diagnose`).
    var swipeActions: [ResolvedSwipeActions] {
        if !effect.deferredSwipeActions.isEmpty {
            PluginCalls.run(plugin: plugin, .body, type) { effectStore.effect.resolveSwipeActions() }
            if !effect.ignored.isEmpty { reportIgnoredViews() }
        }
        return effect.swipeActions
    }

    /// One `ignored-view` diagnostic per view the body put among its swipe actions.
    func reportIgnoredViews() {
        guard let session = address.session else { return }
        for view in effect.ignored {
            session.diagnostic(
                "warning", code: DiagnosticCode.ignoredView,
                message: "modifier \(address.index) ('\(type)') on node '\(address.node)' put a \(view) among its swipe actions; only buttons are shown",
                surface: address.surface, node: address.node, path: address.paramsPath)
        }
    }
}

/// A modifier's effect, shared by the instances of one inert modifier (see `ModifierInstance`).
final class EffectStore {
    var effect: ModifierEffect
    /// `effect.isInert`: no lifecycle actions to run. Kept apart, as a constant, so that the
    /// passes over every modifier of a large tree read one flag rather than the effect.
    /// Reading the swipe actions later does not change it (an effect with swipe actions is
    /// not inert either way).
    let isInert: Bool
    /// Whether `Surface.diagnose` may have something to say about it: symbol modifiers that
    /// need an image, a style without a headless effect, swipe actions, ignored views.
    let mayNeedDiagnostic: Bool
    /// Whether it changes what system images under it show (`SymbolEnvironment.matters`):
    /// read for every modifier of every node built, so kept as a constant too.
    let changesSymbols: Bool

    init(_ effect: ModifierEffect) {
        self.effect = effect
        isInert = effect.isInert
        changesSymbols = SymbolEnvironment.matters(effect)
        mayNeedDiagnostic = !effect.symbols.isEmpty || effect.hasSwipeActions || !effect.ignored.isEmpty
            || effect.styles.contains { if case let .named(named) = $0 { return !named.hasHeadlessEffect } else { return false } }
    }
}

/// A refresh of a List or ScrollView: shared by the node's successive states across updates,
/// so that the action finishing marks the node as it is then.
final class RefreshState {
    var isRefreshing = false {
        didSet { if isRefreshing != oldValue { onChange?() } }
    }
    /// Tells the host the node's surface changed (its snapshot shows `refreshing`).
    var onChange: (() -> Void)?
    /// The running action, cancelled when the node leaves the tree.
    var task: Task<Void, Never>?
}

/// A node of a surface's headless view tree.
final class NodeState {
    // Stored in this order so that the one-byte members share a word at the end (the layout
    // follows the declarations): a node is 16 bytes smaller than with them spread out.
    let key: String?
    let props: JSONObject
    /// What few nodes have (a control's value, a symbol, a refresh, a plugin's view), apart:
    /// inline, a symbol alone took 224 bytes of every node.
    private var extras: NodeExtras?
    var modifiers: [ModifierInstance]
    var children: [NodeState] = []
    /// The node this one is a child of, for gestures that look outward (hit testing,
    /// `disabled` and `refreshable` around a node). Unowned: a parent owns its children, and
    /// only nodes of the current tree are asked for theirs. A patch that sets a node's props
    /// or modifiers hands its children to the node's next state, and points them at it.
    unowned(unsafe) var parent: NodeState?
    /// The key, or the index path from the root (`0/3/1`).
    var id: String = ""
    /// Where the node was last seen among its parent's children (`index(in:)` checks it): a
    /// patch finds a row of a long list without reading the list.
    /// (32 bits: a surface holds at most 100,000 nodes, and it keeps the node a size smaller.)
    var indexHint: Int32 = 0
    let kind: ViewKind
    /// A direct child of a List, or of a Section inside a List: only rows get swipe actions.
    var isListRow = false
    /// The edge whose actions are showing.
    var revealed: HorizontalEdge?
    /// Whether a node under it has no key: its id is an index path, which changes when a
    /// patch moves a node above it. Never cleared once set (it only makes renaming look).
    var hasUnkeyedBelow = false

    // Everything known when the node is made is set here: stores in an initializer need no
    // exclusivity check, and a tree of many nodes makes that count.
    init(
        kind: ViewKind, key: String?, props: JSONObject, events: [String] = [], value: ShownValue? = nil, range: SliderRange? = nil,
        id: String, isListRow: Bool, parent: NodeState?
    ) {
        self.kind = kind
        self.key = key
        self.props = props
        if value != nil || range != nil || !events.isEmpty { self.extras = NodeExtras(value: value, range: range, events: events) }
        self.modifiers = []
        self.id = id
        self.isListRow = isListRow
        self.parent = parent
    }

    /// The node's extras, made when one is first set.
    private var madeExtras: NodeExtras {
        if let extras { return extras }
        let made = NodeExtras(value: nil, range: nil, events: [])
        extras = made
        return made
    }

    /// What the control shows now (TextField, Toggle, Slider; nil for other views).
    var value: ShownValue? {
        get { extras?.value }
        set { if newValue != nil || extras != nil { madeExtras.value = newValue } }
    }

    /// A Slider's bounds and step, from its props.
    var range: SliderRange? { extras?.range }

    /// The view's own events the front-end listens to: only these are sent.
    var events: [String] { extras?.events ?? [] }

    /// A system image's symbol: what the symbol modifiers around it do, and what ran. `nil`
    /// when none reaches it.
    var symbol: SymbolState? {
        get { extras?.symbol }
        set { if newValue != nil || extras != nil { madeExtras.symbol = newValue } }
    }

    /// The node's refresh, once it has been pulled.
    var refresh: RefreshState? {
        get { extras?.refresh }
        set { if newValue != nil || extras != nil { madeExtras.refresh = newValue } }
    }

    /// For a plugin's view (`kind == .plugin`): the view made from the props, and its body.
    var pluginView: PluginViewNode? {
        get { extras?.pluginView }
        set { if newValue != nil || extras != nil { madeExtras.pluginView = newValue } }
    }

    /// The views in its slot props (Section's `header`, a plugin view's), by prop name.
    var slots: [(name: String, node: NodeState)] {
        get { extras?.slots ?? [] }
        set { if !newValue.isEmpty || extras != nil { madeExtras.slots = newValue } }
    }

    /// The view's name on the wire: the built-in view's, or the plugin view's.
    var typeName: String { pluginView?.type.name ?? kind.rawValue }

    /// The node and every node under it, depth first, parent before children.
    var subtree: [NodeState] {
        var result: [NodeState] = []
        var pending = [self]
        while let node = pending.popLast() {
            result.append(node)
            pending.append(contentsOf: node.children.reversed())
            let slots = node.slots
            if !slots.isEmpty { pending.append(contentsOf: slots.map(\.node).reversed()) }
        }
        return result
    }

    /// The node as a front-end would send it: its type, key, props, events and modifiers'
    /// params; with `deep`, the views in its slot props and its children too (the tree as it
    /// is), else neither.
    func spec(deep: Bool) -> JSONObject {
        var object = JSONObject()
        object["type"] = .string(typeName)
        if let key { object["key"] = .string(key) }
        var props = props
        if deep { for slot in slots { props[slot.name] = .object(slot.node.spec(deep: true)) } }
        if !props.isEmpty { object["props"] = .object(props) }
        if !events.isEmpty { object["events"] = .array(events.map { .string($0) }) }
        if !modifiers.isEmpty { object["modifiers"] = .array(modifiers.map { .object($0.params) }) }
        if deep, !children.isEmpty { object["children"] = .array(children.map { .object($0.spec(deep: true)) }) }
        return object
    }

    /// Where the node is among `parent`'s children, if it is one of them.
    func index(in parent: NodeState) -> Int? {
        let siblings = parent.children
        let hint = Int(indexHint)
        if hint < siblings.count, siblings[hint] === self { return hint }
        guard let found = siblings.firstIndex(where: { $0 === self }) else { return nil }
        indexHint = Int32(truncatingIfNeeded: found)
        return found
    }

    /// The node, then its ancestors up to the root.
    var outward: UnfoldSequence<NodeState, (NodeState?, Bool)> {
        sequence(first: self) { $0.parent }
    }

    /// Whether the front-end listens to the view's own event `name`.
    func listens(to name: String) -> Bool { !events.isEmpty && events.contains(name) }

    /// Whether the view takes a tap itself, after its own modifiers' tap handlers and before
    /// any ancestor's: a Button or an Image whose front-end gave it an action (`onPress`), and
    /// a Toggle.
    var takesTapItself: Bool { kind == .toggle || ((kind == .button || kind == .image) && listens(to: "onPress")) }

    /// The innermost `tag` its modifiers give it: what a Picker whose children it is among
    /// selects with it.
    var tag: AnyHashable? { modifiers.lazy.compactMap(\.effect.tag).first ?? pluginView?.body.root.tag }

    /// A modifier of this node disables it (and so everything in it).
    var disablesItself: Bool { modifiers.contains { $0.effect.isDisabled } }
    /// A modifier of this node hides it.
    var hidesItself: Bool { modifiers.contains { $0.effect.isHidden } }
    /// Whether the node's empty space is hit: it has a content shape or a background.
    var hasHitShape: Bool {
        modifiers.contains { instance in
            instance.effect.contentShape != nil
                || instance.effect.styles.contains { if case .background = $0 { return true } else { return false } }
        }
    }
    /// Whether the node or a node around it is disabled.
    var isDisabled: Bool { outward.contains { $0.disablesItself } }

    /// Whether a node under `parent` (itself under `grandparent`) is a List row.
    static func isListRow(parent: ViewKind?, grandparent: ViewKind?) -> Bool {
        parent == .list || (parent == .section && grandparent == .list)
    }

    /// Swipe actions per edge, accumulated over the node's modifiers in order.
    func swipeActions(on edge: HorizontalEdge) -> [(action: ResolvedSwipeAction, modifier: Int, allowsFullSwipe: Bool)] {
        guard isListRow else { return [] }
        var result: [(ResolvedSwipeAction, Int, Bool)] = []
        for (index, instance) in modifiers.enumerated() {
            for group in instance.swipeActions where group.edge == edge {
                for action in group.actions { result.append((action, index, group.allowsFullSwipe)) }
            }
        }
        return result
    }
}

/// What few nodes have (`NodeState.value`, `range`, `events`, `symbol`, `refresh`, `pluginView`).
private final class NodeExtras {
    var value: ShownValue?
    let range: SliderRange?
    let events: [String]
    var symbol: SymbolState?
    var refresh: RefreshState?
    var pluginView: PluginViewNode?
    var slots: [(name: String, node: NodeState)] = []

    init(value: ShownValue?, range: SliderRange?, events: [String]) {
        self.value = value
        self.range = range
        self.events = events
    }
}

/// Reconciliation counts, as `update` returns them.
public struct ReconcileCounts: Equatable, Sendable {
    public var created = 0
    public var updated = 0
    public var unchanged = 0
    public var removed = 0

    public init(created: Int = 0, updated: Int = 0, unchanged: Int = 0, removed: Int = 0) {
        self.created = created
        self.updated = updated
        self.unchanged = unchanged
        self.removed = removed
    }

    var json: JSONValue {
        ["created": .int(Int64(created)), "updated": .int(Int64(updated)), "unchanged": .int(Int64(unchanged)), "removed": .int(Int64(removed))]
    }
}

/// A mounted tree owned by one connection.
final class Surface {
    let name: String
    private(set) var root: NodeState
    /// Keyed nodes by key. Other nodes are named by their index path and found by walking it.
    /// A patch takes it for its pass (`Reconciler.applyPatch`) and hands it back.
    var nodesByKey: [String: NodeState] = [:]
    /// Modifier instances in the tree: a patch's `unchanged` count is those it did not touch.
    var modifierCount = 0
    /// Controlled views (Toggle, Slider) whose gestures changed what they show since the last
    /// commit: every update shows their props' value again, a patch that names them or not.
    private var controlledDrift: [NodeState] = []
    /// Nodes in the tree, as the node budget counts them (kept by `SurfaceStore`).
    var nodeCount = 0
    /// The request that committed the tree (JSON text of an object whose `params` are a
    /// `mount`'s or an `update`'s), kept when the session records its state.
    var committedRequest: [UInt8] = []
    /// The patches committed since, as requests of the same shape, in order.
    var committedPatches: [[UInt8]] = []
    var committedPatchBytes = 0

    init(name: String, root: NodeState) {
        self.name = name
        self.root = root
    }

    /// The node with this key or index path (`0/3/1`). Keys can be neither all digits nor
    /// contain `/`, so the two never clash.
    func node(_ id: String) -> NodeState? { Self.node(id, root: root, keys: nodesByKey) }

    /// The node with this key (in `keys`) or index path in the tree under `root`.
    static func node(_ id: String, root: NodeState, keys nodesByKey: [String: NodeState]) -> NodeState? {
        if let node = nodesByKey[id] { return node }
        // Read in place, a step at a time: a patch names nodes this way, one lookup per op.
        var id = id
        return id.withUTF8 { bytes -> NodeState? in
            guard bytes.first == UInt8(ascii: "0") else { return nil }
            var node = root
            var at = 1
            while at < bytes.count {
                guard bytes[at] == UInt8(ascii: "/") else { return nil }
                let start = at + 1
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
                guard end > start else { return nil }
                let step = UnsafeBufferPointer(rebasing: bytes[start..<end])
                at = end
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(step[0]) else {
                    // A slot's view: the parent's slot prop by name (`0/header`).
                    guard let slot = node.slots.first(where: { $0.name.utf8.elementsEqual(step) }) else { return nil }
                    node = slot.node
                    continue
                }
                // Digits only, no leading zero (`0/01` names nothing), within the children.
                guard step.count <= 18, step[0] != UInt8(ascii: "0") || step.count == 1 else { return nil }
                var index = 0
                for digit in step {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
                    index = index * 10 + Int(digit - UInt8(ascii: "0"))
                }
                guard index < node.children.count else { return nil }
                node = node.children[index]
            }
            return node
        }
    }

    /// Every node once, depth first, parent before children.
    var allNodes: [NodeState] { root.subtree }

    /// Notes that a gesture changed what the controlled view `node` shows.
    func controlledValueChanged(_ node: NodeState) {
        if !controlledDrift.contains(where: { $0 === node }) { controlledDrift.append(node) }
    }

    /// Takes a tree `Reconciler` built (ids, list-row flags and the addresses of new
    /// modifiers are set already): attaches its new modifiers to `session` and moves the
    /// kept ones to their new places.
    func commit(_ built: Reconciler.Built, session: Session) {
        root = built.root
        nodesByKey = built.nodesByKey
        built.attachment.session = session
        for move in built.moves {
            move.address.node = move.node
            move.address.index = move.index
        }
        for place in built.viewPlaces {
            place.view.nodeID = place.node
            place.view.listening = place.events
        }
        for update in built.symbolUpdates { update.node.symbol = update.symbol }
        for node in controlledDrift { node.value = (try? ControlProps.check(node.props, of: node.kind, at: ""))?.shown ?? node.value }
        controlledDrift = []
        modifierCount = built.modifierCount
        if !built.shifted.isEmpty { renameShifted(built.shifted) }
    }

    /// An `ignored-view` warning for each view in a new plugin view's body that has no
    /// headless form.
    func diagnose(views fresh: [PluginViewNode], session: Session) {
        for view in fresh {
            if let status = view.type.quarantine {
                let reason = status.crash.map { "it \($0.summary)" } ?? "it crashed or hung the host"
                session.diagnostic(
                    "warning", code: DiagnosticCode.quarantinedView,
                    message: "node '\(view.nodeID)' is a \(view.type.name), a view of plugin \(status.name), which is quarantined (\(reason)); it shows nothing and takes no gestures. It comes back with the plugin: when its files change, or after `modhost plugins enable \(status.name)`, the next update makes it anew",
                    surface: name, node: view.nodeID,
                    extra: JSONObject([("plugin", .string(status.name)), ("quarantined", true)]))
            }
            for ignored in view.body.ignored {
                session.diagnostic(
                    "warning", code: DiagnosticCode.ignoredView,
                    message: "the body of node '\(view.nodeID)' (a \(view.type.name)) holds a \(ignored), which has no headless form; it is left out of the node's body",
                    surface: name, node: view.nodeID)
            }
        }
    }

    /// Diagnostics for what newly built modifiers do that the host ignores on purpose.
    /// `fresh` holds the modifiers built for the tree just committed.
    func diagnose(_ fresh: [ModifierInstance], session: Session) {
        for instance in fresh {
            // Most instances of a large tree are plain styles: one flag says so.
            if instance.unknownParams.isEmpty && instance.quarantine == nil && !instance.effectStore.mayNeedDiagnostic { continue }
            if !instance.unknownParams.isEmpty { report(instance.unknownParams, of: instance, session: session) }
            if let status = instance.quarantine { reportInert(instance, quarantinedBy: status, session: session) }
            if instance.effect.symbols.contains(where: SymbolEnvironment.needsImage) { reportIfNoImage(instance, session: session) }
            if instance.effect.styles.contains(where: Self.lacksHeadlessEffect) { reportNoHeadlessEffect(instance, session: session) }
            // Most modifiers add no swipe actions and ignore nothing: no node to look up.
            if !instance.effect.hasSwipeActions && instance.effect.ignored.isEmpty { continue }
            guard let node = node(instance.address.node) else { continue }
            if instance.effect.hasSwipeActions && !node.isListRow {
                session.diagnostic(
                    "warning", code: DiagnosticCode.swipeActionsOutsideList,
                    message: "modifier \(instance.address.index) ('\(instance.type)') on node '\(node.id)' adds swipe actions, but the node is not a List row (a direct child of a List, or of a Section in a List); like SwiftUI, the host ignores them",
                    surface: name, node: node.id, path: instance.address.paramsPath)
            }
            instance.reportIgnoredViews()
        }
    }

    /// True for a style a modifier recorded though it has no effect without a screen.
    private static func lacksHeadlessEffect(_ style: ResolvedStyle) -> Bool {
        if case let .named(named) = style { return !named.hasHeadlessEffect }
        return false
    }

    /// A `no-headless-effect` warning: `instance` is accepted and shown in the snapshot, but
    /// what it does needs a screen (a glass effect, an animation, the keyboard's type).
    private func reportNoHeadlessEffect(_ instance: ModifierInstance, session: Session) {
        session.diagnostic(
            "warning", code: DiagnosticCode.noHeadlessEffect,
            message: "modifier \(instance.address.index) ('\(instance.type)') on node '\(instance.address.node)' has no headless effect: the host accepts it and lists it in the node's styles, but what it does needs a screen",
            surface: name, node: instance.address.node, path: instance.address.paramsPath)
    }

    /// A `symbols-without-image` warning when no system image at or under `instance`'s node
    /// takes its symbol modifiers: SwiftUI would ignore them there, and so does the host.
    private func reportIfNoImage(_ instance: ModifierInstance, session: Session) {
        guard let node = node(instance.address.node) else { return }
        var pending = [node]
        while let next = pending.popLast() {
            if next.symbol != nil { return }
            pending.append(contentsOf: next.children)
            pending.append(contentsOf: next.slots.map(\.node))
        }
        session.diagnostic(
            "warning", code: DiagnosticCode.symbolsWithoutImage,
            message: "modifier \(instance.address.index) ('\(instance.type)') on node '\(node.id)' sets symbol effects or styles, but no SF Symbol (an Image's systemName, a Label's or Button's systemImage) is at or under the node; like SwiftUI, the host ignores them",
            surface: name, node: node.id, path: instance.address.paramsPath)
    }

    /// One `unknown-prop` warning per prop a new or changed node's view does not list.
    func report(_ unknownProps: [UnknownProp], session: Session) {
        for unknown in unknownProps {
            session.diagnostic(
                "warning", code: DiagnosticCode.unknownProp,
                message: "node '\(unknown.node)': \(unknown.message(outcome: "the host keeps it as sent and nothing reads it"))",
                surface: name, node: unknown.node, path: unknown.unknown.path, extra: unknown.unknown.data)
        }
    }

    /// One `deprecated-name` warning per view and name the connection has not been warned of:
    /// the name works, and the warning says what Expo UI SDK 58 calls it.
    func report(_ deprecated: [DeprecatedName], session: Session) {
        for use in deprecated where session.deprecatedNamesWarned.insert(use.view + "." + use.name).inserted {
            let what = use.kind == .view ? "view '\(use.name)'" : "\(use.view) \(use.kind.rawValue) '\(use.name)'"
            session.diagnostic(
                "warning", code: DiagnosticCode.deprecatedName,
                message: "node '\(use.node)': the \(what) at '\(use.path)' is the name from before Expo UI SDK 58; use \(use.replacement). It still works; this warning is given once per connection",
                surface: name, node: use.node, path: use.path,
                extra: JSONObject([("key", .string(use.name)), ("replacement", .string(use.replacement))]))
        }
    }

    /// A `quarantined-modifier` warning: `instance` is inert because its plugin is quarantined.
    private func reportInert(_ instance: ModifierInstance, quarantinedBy status: PluginStatus, session: Session) {
        let reason = status.crash.map { "it \($0.summary)" } ?? "it crashed or hung the host"
        session.diagnostic(
            "warning", code: DiagnosticCode.quarantinedModifier,
            message: "modifier \(instance.address.index) ('\(instance.type)') on node '\(instance.address.node)' does nothing: its plugin \(status.name) is quarantined (\(reason)). It comes back with the plugin: when its files change, or after `modhost plugins enable \(status.name)`, the next update rebuilds it",
            surface: name, node: instance.address.node, path: JSONPath.member("$type", of: instance.address.paramsPath),
            extra: JSONObject([("plugin", .string(status.name)), ("quarantined", true)]))
    }

    /// One `unknown-param` warning per key of `instance`'s params that it does not declare.
    private func report(_ unknownParams: [UnknownParam], of instance: ModifierInstance, session: Session) {
        for unknown in unknownParams {
            let place = JSONPath.member(unknown.path, of: instance.address.paramsPath)
            session.diagnostic(
                "warning", code: DiagnosticCode.unknownParam,
                message: "modifier \(instance.address.index) ('\(instance.type)') on node '\(instance.address.node)': \(unknown.message(at: place, outcome: "it is ignored"))",
                surface: name, node: instance.address.node, path: place, extra: unknown.data)
        }
    }
}
