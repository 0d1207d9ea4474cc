import ModhostWire
@_spi(ModhostHost) import ModifierKit

// Views that plugins add (`View(RatingView.self)` in a module's definition): their types as
// the host serves them, the state of a node of one, its evaluated body in snapshots, and the
// gestures aimed at controls inside that body.

/// A view a loaded plugin serves, under the name front-ends give a node's `type`. One object
/// per load of the plugin: a node made by another one (its plugin was reloaded) is made
/// again, with the code that serves its type now.
final class PluginViewType {
    let registration: ViewRegistration
    let plugin: String
    let module: String
    /// Unique to this load of the plugin, for rescans to tell a changed view (see `Host.servingViews`).
    let serial: UInt64
    /// The props' JSON Schema (learnt once, when the plugin loads).
    let propsSchema: JSONValue
    /// The slots that take a string too: those the props schema lists.
    let textSlots: Set<String>
    /// For the stand-in of a quarantined plugin's view: that plugin. Such a view runs no
    /// plugin code, takes any props and shows an empty body.
    let quarantine: PluginStatus?
    /// The plugin's context, handed to every props record made: kept here, as a lookup by
    /// plugin name per node cost a tenth of what making a small view costs.
    let appContext: AppContext

    /// `propsSchema` is the props record's; every view also takes `testID`, which is added.
    init(
        registration: ViewRegistration, plugin: String, module: String, serial: UInt64, propsSchema: JSONValue, appContext: AppContext,
        quarantine: PluginStatus? = nil
    ) {
        self.serial = serial
        self.appContext = appContext
        self.quarantine = quarantine
        self.registration = registration
        self.plugin = plugin
        self.module = module
        var schema = propsSchema.objectValue ?? JSONObject([("type", "object")])
        var properties = schema["properties"]?.objectValue ?? JSONObject()
        properties["testID"] = ["type": "string", "description": "Names the view for tests, as on every Expo UI view"]
        textSlots = Set(registration.slots.filter { properties[$0] != nil })
        schema["properties"] = .object(properties)
        self.propsSchema = .object(schema)
    }

    var name: String { registration.name }
    var events: [String] { registration.events }
    /// The view's entry in `viewInfo`: `{name, children, props, events, plugin, module, typeName}`.
    /// `deprecated`: what to use instead, for a view kept under an older name.
    var info: JSONValue {
        var info = JSONObject([
            ("name", .string(name)), ("children", true), ("props", propsSchema),
            ("events", .object(JSONObject(events.map { ($0, ["type": "object"]) }))),
            ("plugin", .string(plugin)), ("module", .string(module)), ("typeName", .string(registration.typeName)),
            ("slots", .array(registration.slots.map { .string($0) })),
        ])
        if let replacement = registration.replacement { info["deprecated"] = .string(replacement) }
        return .object(info)
    }
}

extension Host {
    /// The plugin view front-ends name `name`: the first loaded plugin's, when several serve one.
    func pluginView(named name: String) -> PluginViewType? {
        // Rows of a large tree repeat a view: the last one found is compared first.
        if let last = lastPluginView, last.name == name, last.generation == modulesGeneration { return last.type }
        for module in modules {
            if let found = module.views.first(where: { $0.name == name }) {
                lastPluginView = (name, found, modulesGeneration)
                return found
            }
        }
        return nil
    }

    /// The names of the views `plugin`'s modules declare, in order (a crash report lists them
    /// with its modifier types, so that the plugin's nodes stay, inert, while it is quarantined).
    public func viewNames(ofPlugin plugin: String) -> [String] {
        modules.filter { $0.plugin == plugin }.flatMap { $0.views.map(\.name) }
    }

    /// The serial of the load that serves each plugin view, by name: what rescans compare to
    /// tell views added, removed and changed.
    public var servingViews: [String: UInt64] {
        var serving: [String: UInt64] = [:]
        for module in modules.reversed() { for view in module.views { serving[view.name] = view.serial } }
        return serving
    }

    /// The names of every view a node may have: the built-in ones, then the plugins'.
    var viewNames: [String] {
        var names = ViewKind.names
        for module in modules { for view in module.views where !names.contains(view.name) { names.append(view.name) } }
        return names
    }

    /// `viewInfo`: the built-in views, then the plugins' (the serving one of each name).
    var viewInfos: [JSONValue] {
        var infos = ViewKind.infos
        var names = Set(ViewKind.names)
        for module in modules { for view in module.views where names.insert(view.name).inserted { infos.append(view.info) } }
        return infos
    }
}

/// Where a plugin view's events go: the view node, once made, until it goes (its `deinit`
/// clears this), so that props a plugin keeps past the node's life send nothing. Not a weak
/// reference: that would give every plugin view node a side table, which LeakSanitizer
/// cannot follow (as `ModifierAddress` is detached rather than weakly held).
final class ViewEventRoute {
    unowned(unsafe) var view: PluginViewNode?
}

/// A node of a plugin view: the view made from its props, its `@State`s, and its body as
/// last evaluated. Kept across updates while the node stays and its plugin serves it.
final class PluginViewNode {
    let type: PluginViewType
    /// The params its props were decoded from, as sent (`testID` included; slot props apart).
    let props: JSONObject
    /// The slot props that held a view when it was made (the nodes are its node's `slots`).
    let filled: Set<String>
    /// The events its front-end listened to when it was made: only those are connected, and
    /// a change makes the view again (a body may depend on them: `isListened`).
    let listened: Set<String>
    let instance: ViewInstance
    /// The view's `@State` values, handed on to the next node of this view at this place.
    let state: ViewStateStore
    /// Where its events go: the connection, once the tree that holds it is committed.
    let attachment: Attachment
    /// The node's id and the events its front-end listens to, as of the committed tree.
    var nodeID = ""
    var listening: [String] = []
    /// The body as last evaluated.
    var body: RenderedBody
    /// What its props' dispatchers send through; cleared when the node goes.
    let route: ViewEventRoute

    init(
        type: PluginViewType, props: JSONObject, filled: Set<String>, listened: Set<String>, instance: ViewInstance, state: ViewStateStore,
        attachment: Attachment, body: RenderedBody, route: ViewEventRoute
    ) {
        self.route = route
        self.listened = listened
        self.type = type
        self.props = props
        self.filled = filled
        self.instance = instance
        self.state = state
        self.attachment = attachment
        self.body = body
    }

    deinit { route.view = nil }

    /// Evaluates the body again, after a gesture that may have changed state.
    func renderAgain() {
        body = PluginCalls.run(plugin: type.plugin, .body, type.name) { instance.render() }
    }

    /// Sends the view's event `name` with `payload` to the connection that owns the surface,
    /// when its front-end listens to it.
    func send(_ name: String, payload: Dict) {
        guard let session = attachment.session, listening.contains(name) else { return }
        let json: JSONValue
        do {
            json = try ValueBridge.jsonValue(payload)
        } catch {
            session.diagnostic(
                "error", code: DiagnosticCode.eventNotJSON,
                message: "view '\(type.name)' of node '\(nodeID)' in surface '\(attachment.surface)' sent the event '\(name)' with a value at '\(error.path)' that is a \(error.typeName), which JSON cannot carry. The event was dropped",
                surface: attachment.surface, node: nodeID, path: error.path)
            return
        }
        func event(_ payload: JSONValue) -> JSONValue {
            .object(JSONObject([
                ("surface", .string(attachment.surface)), ("node", .string(nodeID)), ("view", .string(type.name)),
                ("payload", .object(JSONObject([(name, payload)]))),
            ]))
        }
        // A secret (a SecureField's text) goes to the owner only; watchers learn that it came.
        // (`Optional.none` spelt out: JSONValue takes `nil` as JSON's null.)
        let redacted: JSONValue? = type.registration.secretEvents.contains(name) ? event(["redacted": true]) : Optional.none
        session.notify(method: "event", params: event(json), watchersSee: redacted)
    }

    /// The body element at `path` (`0/2/1`: the root, its third child, that one's second).
    func element(at path: String) -> HeadlessElement? {
        var steps = path.split(separator: "/", omittingEmptySubsequences: false).makeIterator()
        guard steps.next() == "0" else { return nil }
        var indices: [Int] = []
        while let step = steps.next() {
            guard let index = Int(step), index >= 0, String(index) == step else { return nil }
            indices.append(index)
        }
        return body.root.element(at: indices)
    }
}

extension Snapshot {
    /// Appends a plugin view's evaluated body: `{type, element, props?, tint?, styles?,
    /// disabled?, hidden?, children?}` per element, where `element` is its path (`0/1`) for
    /// `interact`'s `element`.
    static func write(_ element: HeadlessElement, at path: String, into out: inout [UInt8]) {
        var object = JSONObject([("type", .string(element.type)), ("element", .string(path))])
        if !element.props.isEmpty { object["props"] = .object(JSONObject(element.props.map { ($0.0, json($0.1)) })) }
        if let tint = element.tint { object["tint"] = .string(tint.hex) }
        if !element.styles.isEmpty { object["styles"] = .array(element.styles.map(style)) }
        if element.isDisabled { object["disabled"] = true }
        if element.isHidden { object["hidden"] = true }
        JSONWriter.write(.object(object), into: &out)
        guard !element.children.isEmpty else { return }
        out.removeLast()
        JSONWriter.appendASCII(#","children":["#, to: &out)
        for (index, child) in element.children.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            write(child, at: path + "/" + String(index), into: &out)
        }
        JSONWriter.appendASCII("]}", to: &out)
    }

    static func json(_ prop: ShownProp) -> JSONValue {
        switch prop {
        case let .string(text): return .string(text)
        case let .bool(value): return .bool(value)
        case let .number(value): return value.rounded() == value && abs(value) < 1e15 ? .int(Int64(value)) : .double(value)
        }
    }
}

/// Where the body of the plugin view a node belongs to places it.
enum BodyPlacement {
    /// The node's parent is no plugin view (or the node is a root).
    case outside
    /// Placed by `element` (`Children()`, or the `Slot` of its slot) in `view`'s body.
    case placed(owner: NodeState, view: PluginViewNode, element: HeadlessElement)
    /// `view`'s body does not place it now (a closed DisclosureGroup's children, an alert's
    /// actions while it is not presented): gestures do not reach it.
    case unplaced(owner: NodeState, view: PluginViewNode)
}

extension NodeState {
    /// Where its parent's body places it, when the parent is a plugin view.
    var placement: BodyPlacement {
        guard let parent, let view = parent.pluginView else { return .outside }
        let place: HeadlessElement?
        if index(in: parent) != nil {
            place = view.body.root.childrenPlace
        } else if let slot = parent.slots.first(where: { $0.node === self }) {
            place = view.body.root.slotPlace(named: slot.name)
        } else {
            return .outside
        }
        guard let place else { return .unplaced(owner: parent, view: view) }
        return .placed(owner: parent, view: view, element: place)
    }
}

extension NodeState {
    /// Whether this child of `owner` is the selection among the options `element` places (a
    /// Picker's, a TabView's). When no tab of a TabView matches its selection, the first tab
    /// shows, as SwiftUI's does.
    func isSelectedOption(of owner: NodeState, by element: HeadlessElement) -> Bool {
        guard let tag else { return false }
        if element.isChildSelected(tagged: tag) { return true }
        guard element.showsOnlySelectedChild else { return false }
        let anySelected = owner.children.contains { $0.tag.map(element.isChildSelected(tagged:)) ?? false }
        return !anySelected && owner.children.first(where: { $0.tag != nil }) === self
    }
}

extension Gestures {
    /// A gesture aimed at a control in a plugin view's body: the element `params.element`
    /// names, or without one the body's root when the gesture is one the root's control takes.
    /// Nil when the gesture is not for the body (it then goes to the node as any other).
    static func bodyGesture(_ gesture: String, on node: NodeState, params: JSONObject, owner: Owner) throws(RPCError) -> JSONValue? {
        guard let view = node.pluginView else {
            if try params.optional("element", at: "", as: .string) != nil {
                return unhandled("node '\(node.id)' is a \(node.typeName), not a plugin view; 'element' names a view in a plugin view's body")
            }
            return nil
        }
        let path = try params.optional("element", at: "", as: .string)
        let target: HeadlessElement
        if let path {
            guard let found = view.element(at: path) else {
                throw .invalidParams(
                    "no element '\(path)' in the body of node '\(node.id)' (a \(view.type.name)); elements are named by their path, such as 0/1, as its snapshot's 'body' shows",
                    path: "element", expected: "an element path of the node's body", got: path)
            }
            target = found
        } else {
            target = view.body.root
        }
        if let reason = unreachable(node) { return unhandled(reason) }
        // What the gesture does to the element, run once below as the plugin's code.
        let act: (HeadlessElement) -> ElementGestureOutcome
        switch gesture {
        case "tap":
            guard try params.optional("count", at: "", as: .integer) ?? 1 == 1 else { return path == nil ? nil : unhandled("a \(target.type) in a body takes a single tap") }
            act = { $0.tap() }
        case "type":
            let text = try params.require("text", at: "", as: .string)
            let replacing = try params.optional("replace", at: "", as: .boolean) ?? false
            act = { $0.type(text, replacing: replacing) }
        case "submit":
            act = { $0.submit() }
        case "slide":
            let value = try params.require("value", at: "", as: .number)
            act = { $0.slide(to: value) }
        default:
            guard path == nil else { return unhandled("'\(gesture)' does not act on a view in a plugin view's body; tap, type, submit and slide do") }
            return nil
        }
        let outcome = PluginCalls.run(plugin: view.type.plugin, .action, view.type.name) { act(target) }
        switch outcome {
        case let .taken(value):
            view.renderAgain()
            var result = JSONObject([("handled", true), ("node", .string(node.id)), ("element", .string(path ?? "0")), ("view", .string(target.type))])
            if let value { result["value"] = Snapshot.json(value) }
            return .object(result)
        case let .notTaken(reason):
            // Without an element, a root that is no control leaves the gesture to the node.
            guard path != nil else { return nil }
            return unhandled("element '\(path!)' of node '\(node.id)': \(reason)")
        }
    }
}
