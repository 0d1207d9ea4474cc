import ModhostWire
@_spi(ModhostHost) import ModifierKit

/// `interact`: simulated gestures on a node, with SwiftUI's rules for swipe actions, hit
/// testing, and which handler takes a gesture.
enum Gestures {
    static let names = ["swipe", "tapAction", "tap", "longPress", "refresh", "submit", "type", "slide", "detent", "dismiss"]

    /// Where a gesture's view events go: the owning connection, naming the surface.
    struct Owner {
        let session: Session
        let surface: String
        let tree: Surface

        func send(_ trigger: ViewEvent.Trigger, value: JSONValue? = nil, of node: NodeState) {
            session.sendViewEvents(trigger, value: value, of: node, in: surface)
        }
    }

    static func interact(_ context: MethodContext) throws(RPCError) -> JSONValue {
        let params = try context.params.object()
        let context = try actingContext(context, params: params)
        let result = try gesture(context, params: params)
        // The surface name is read again only for a watcher: a tap is on the hot path.
        if context.host.hasSurfaceWatchers, result["handled"] == true {
            context.host.surfaceChanged(try params.require("surface", at: "", as: .string), of: context.session)
        }
        return result
    }

    /// The context the gesture runs in: the caller's, or, with `connection`, the owning
    /// connection's, for a watcher acting as an observer. A watcher is the host's own user
    /// (`watch` checks it), who can already see and drive every front-end; the owner gets
    /// exactly the events its own `interact` would have caused, nothing more.
    private static func actingContext(_ context: MethodContext, params: JSONObject) throws(RPCError) -> MethodContext {
        guard let id = try params.optional("connection", at: "", as: .integer) else { return context }
        guard context.session.watchedTopics != nil else {
            throw .notPermitted(
                "'interact' acts on another connection's surface ('connection') only for a connection that watches (see 'watch')",
                method: "interact", reason: "not-watching")
        }
        guard let owner = context.host.openSessions.first(where: { $0.connectionID == id && $0.isInitialized }) else {
            let open = context.host.openSessions.filter(\.isInitialized).map { String($0.connectionID) }
            throw .invalidParams(
                "no open connection has id \(id); open: \(open.joined(separator: ", "))", path: "connection",
                expected: "the id of an open, initialized connection", got: String(id))
        }
        return MethodContext(params: context.params, session: owner, host: context.host, isInBatch: context.isInBatch)
    }

    private static func gesture(_ context: MethodContext, params: JSONObject) throws(RPCError) -> JSONValue {
        let surface = try SurfaceMethods.surface(try params.require("surface", at: "", as: .string), of: context)
        let nodeID = try params.require("node", at: "", as: .string)
        guard let node = surface.node(nodeID) else {
            throw .invalidParams("no node '\(nodeID)' in surface '\(surface.name)' (nodes are named by key or by index path such as 0/2/1)", path: "node", expected: "a node key or index path", got: nodeID)
        }
        let gesture = try params.require("gesture", at: "", as: .string)
        let owner = Owner(session: context.session, surface: surface.name, tree: surface)
        if let answer = try bodyGesture(gesture, on: node, params: params, owner: owner) { return answer }
        switch gesture {
        case "swipe": return try swipe(node, params: params)
        case "tapAction": return try tapAction(node, params: params)
        case "tap": return try tap(node, params: params, owner: owner)
        case "longPress": return try longPress(node, params: params)
        case "refresh": return refresh(node, in: surface, of: context.session, host: context.host)
        case "submit": return submit(node, owner: owner)
        case "type": return try type(node, params: params, owner: owner)
        case "slide": return try slide(node, params: params, owner: owner)
        case "detent": return try detent(node, params: params)
        case "dismiss": return dismiss(node)
        default:
            let suggestion = Suggestion.closest(to: gesture, among: names)
            throw .invalidParams(
                "unknown gesture '\(gesture)'; gestures: \(names.joined(separator: ", "))\(Suggestion.hint(suggestion))", path: "gesture",
                expected: "one of \(names.joined(separator: ", "))", got: gesture,
                extra: Suggestion.data(suggestion: suggestion))
        }
    }

    private static func edge(_ params: JSONObject) throws(RPCError) -> HorizontalEdge {
        let name = try params.require("edge", at: "", as: .string)
        switch name {
        case "leading": return .leading
        case "trailing": return .trailing
        default: throw .invalidParams("'edge' must be \"leading\" or \"trailing\"", path: "edge", expected: "leading or trailing", got: name)
        }
    }

    private static func swipe(_ node: NodeState, params: JSONObject) throws(RPCError) -> JSONValue {
        let edge = try edge(params)
        let full = try params.optional("full", at: "", as: .boolean) ?? false
        guard node.isListRow else { return unhandled("node '\(node.id)' is not a List row; only rows have swipe actions") }
        let actions = node.swipeActions(on: edge)
        guard let first = actions.first else {
            return unhandled("node '\(node.id)' has no \(Snapshot.name(edge)) swipe actions")
        }
        if full && first.allowsFullSwipe {
            // A full swipe performs the first action, nearest the edge, and the row closes.
            node.revealed = nil
            perform(first.action, of: node.modifiers[first.modifier])
            return ["handled": true, "performed": .string(first.action.id), "modifier": .int(Int64(first.modifier)), "revealed": []]
        }
        node.revealed = edge
        return ["handled": true, "edge": .string(Snapshot.name(edge)), "revealed": .array(actions.map { .string($0.action.id) })]
    }

    private static func tapAction(_ node: NodeState, params: JSONObject) throws(RPCError) -> JSONValue {
        let id = try params.require("id", at: "", as: .string)
        guard let edge = node.revealed else {
            return unhandled("no swipe actions are revealed on node '\(node.id)'; swipe first")
        }
        guard let match = node.swipeActions(on: edge).first(where: { $0.action.id == id }) else {
            return unhandled("action '\(id)' is not among the revealed \(Snapshot.name(edge)) actions of node '\(node.id)'")
        }
        node.revealed = nil
        perform(match.action, of: node.modifiers[match.modifier])
        return ["handled": true, "performed": .string(id), "modifier": .int(Int64(match.modifier))]
    }

    private static func perform(_ action: ResolvedSwipeAction, of instance: ModifierInstance) {
        PluginCalls.run(plugin: instance.plugin, .action, instance.type) { action.perform() }
    }

    // MARK: - Hit testing

    /// Why nothing aimed at `node` is hit: the node or one around it is hidden or disabled.
    /// Where the innermost `scrollDisabled` at or around `node` that turns scrolling off is
    /// (`node 'x'`), or nil when scrolling is on (none, or the innermost says false).
    private static func scrollDisabled(_ node: NodeState) -> String? {
        for current in node.outward {
            // A node's first modifier is its innermost: the first scrollDisabled found wins.
            for instance in current.modifiers {
                for style in instance.effect.styles {
                    guard case let .named(named) = style, let disabled = named.disablesScrolling else { continue }
                    return disabled ? "node '\(current.id)'" : nil
                }
            }
        }
        return nil
    }

    static func unreachable(_ node: NodeState) -> String? {
        for current in node.outward {
            let place = current === node ? "node '\(node.id)' is" : "node '\(node.id)' is inside node '\(current.id)', which is"
            if current.hidesItself { return "\(place) hidden; hidden views are not hit" }
            if current.disablesItself { return "\(place) disabled" }
            switch current.placement {
            case let .unplaced(owner, _):
                return "\(place) not shown: the body of the \(owner.typeName) '\(owner.id)' does not place it now (as a closed group's children or an alert's actions while it is not presented)"
            case let .placed(owner, _, element) where current !== node && element.showsOnlySelectedChild:
                // A tab that is not selected: its item takes taps, what it shows does not.
                if !current.isSelectedOption(of: owner, by: element) {
                    return "node '\(node.id)' is not shown: it is in '\(current.id)', which is not the selected tab of the \(owner.typeName) '\(owner.id)'"
                }
            default: break
            }
        }
        return nil
    }

    /// The node a gesture aimed at `node` hits: the node, when it is hit by its content or
    /// has a hit shape, else the nearest node around it with a hit shape (whose area holds the
    /// empty space the gesture landed on); `nil` when none has one.
    private static func hitNode(_ node: NodeState) -> NodeState? {
        if node.kind.isHitByItsContent { return node }
        return node.outward.first { $0.hasHitShape }
    }

    /// The handlers of `select` on the nodes from `hit` outward, innermost first: on each node
    /// by modifier index, in a modifier as the evaluator found them.
    private static func handlers<H>(from hit: NodeState, _ select: (ModifierEffect) -> [H]) -> [(node: NodeState, modifier: Int, handler: H)] {
        var result: [(NodeState, Int, H)] = []
        for current in hit.outward {
            for (index, instance) in current.modifiers.enumerated() {
                for handler in select(instance.effect) { result.append((current, index, handler)) }
            }
        }
        return result
    }

    /// The answer to a gesture aimed at `node` that must hit something: `body`'s, given the
    /// node hit, or that nothing is hit.
    private static func aiming(at node: NodeState, _ body: (NodeState) -> JSONValue) -> JSONValue {
        if let reason = unreachable(node) { return unhandled(reason) }
        guard let hit = hitNode(node) else {
            return unhandled("the gesture landed on the empty space of node '\(node.id)' (a \(node.typeName)), which is hit only where it has content; give it or a node around it a contentShape or a background")
        }
        return body(hit)
    }

    // MARK: - tap, longPress

    private static func tap(_ node: NodeState, params: JSONObject, owner: Owner) throws(RPCError) -> JSONValue {
        let count = try params.optional("count", at: "", as: .integer) ?? 1
        guard count >= 1 else {
            throw .invalidParams("'count' must be at least 1", path: "count", expected: "an integer >= 1", got: "\(count)")
        }
        return aiming(at: node) { hit in
            let answer = tap(hit, count: count, owner: owner)
            return simultaneousTaps(from: hit, after: answer)
        }
    }

    /// After a tap on `hit` answered `answer`: the `simultaneousTapGesture`s of the bodies that
    /// place `hit` or a node around it run (an alert's actions dismiss it). When nothing took
    /// the tap, the innermost view that ran one answers it.
    private static func simultaneousTaps(from hit: NodeState, after answer: JSONValue) -> JSONValue {
        var answer = answer
        for current in hit.outward {
            guard case let .placed(owner, view, element) = current.placement, element.hasTapHandlers else { continue }
            guard PluginCalls.run(plugin: view.type.plugin, .action, view.type.name, { element.placedSimultaneousTaps() }) else { continue }
            view.renderAgain()
            if answer["handled"] != true {
                answer = .object(viewTook(owner))
            }
        }
        return answer
    }

    /// A tap of `count` on `hit`, a node the gesture hits. On each node from `hit` outward,
    /// its modifiers' tap handlers are tried, then the view's own tap (a Button's action, a
    /// Toggle's switch), which takes a single tap: so an `onTapGesture` on a Button wins over
    /// its action, and the action wins over every handler around the Button, as in SwiftUI.
    private static func tap(_ hit: NodeState, count: Int64, owner: Owner) -> JSONValue {
        // What the first handler that did not match takes, for the reason.
        var passedOver: String?
        for current in hit.outward {
            for (index, instance) in current.modifiers.enumerated() {
                for handler in instance.effect.taps {
                    // The innermost handler for this many taps takes it (a double tap is not two taps).
                    guard handler.count == count else {
                        if passedOver == nil { passedOver = "modifier \(index) on node '\(current.id)' takes \(handler.count)" }
                        continue
                    }
                    PluginCalls.run(plugin: instance.plugin, .action, instance.type) { handler.perform() }
                    return handled(current, index)
                }
            }
            guard current.takesTapItself else {
                if count == 1, let chosen = chooseOption(current, hit: hit) { return chosen }
                // A body's `onTapGesture` on the place that holds the node (a Group's onPress).
                if case let .placed(owner, view, element) = current.placement, element.hasTapHandlers {
                    if PluginCalls.run(plugin: view.type.plugin, .action, view.type.name, { element.placedTap(count: Int(count)) }) {
                        view.renderAgain()
                        return .object(viewTook(owner))
                    }
                }
                continue
            }
            guard count == 1 else {
                if passedOver == nil { passedOver = "the \(current.typeName) '\(current.id)' itself takes 1" }
                continue
            }
            return tapView(current, owner: owner)
        }
        if let passedOver {
            return unhandled("no tap handler on node '\(hit.id)' or around it takes \(count) tap\(count == 1 ? "" : "s"); \(passedOver)")
        }
        return unhandled("nothing on node '\(hit.id)' or around it handles taps")
    }

    /// A tap on `node` as an option of the plugin view it is a child of, when that view's
    /// body places its children in a `Picker` (`Picker(selection:) { Children() }`): the
    /// Picker selects the node's tag (its modifiers' `tag`). Nil when `node` is no such
    /// option, so that the tap goes on outward.
    private static func chooseOption(_ node: NodeState, hit: NodeState) -> JSONValue? {
        guard let parent = node.parent, let view = parent.pluginView, let place = view.body.root.childrenPlace,
              place.selectsAmongChildren, node.index(in: parent) != nil else { return nil }
        // A tab is chosen by a tap on the tab itself, not on what it shows.
        guard !place.showsOnlySelectedChild || node === hit else { return nil }
        guard let tag = node.tag else {
            return unhandled("node '\(node.id)' is a child of the \(parent.typeName) '\(parent.id)', whose children are options chosen by their tag; it has no tag modifier")
        }
        switch PluginCalls.run(plugin: view.type.plugin, .action, view.type.name, { place.selectChild(tagged: tag) }) {
        case let .taken(value):
            view.renderAgain()
            var result = viewTook(parent)
            result["option"] = .string(node.id)
            if let value { result["value"] = Snapshot.json(value) }
            return .object(result)
        case let .notTaken(reason):
            return unhandled("node '\(node.id)', an option of the \(parent.typeName) '\(parent.id)': \(reason)")
        }
    }

    /// A single tap taken by the view `node` itself: a Button performs its action, a Toggle
    /// flips the value it shows.
    private static func tapView(_ node: NodeState, owner: Owner) -> JSONValue {
        var result = viewTook(node)
        if node.kind == .toggle {
            let value = ShownValue.isOn(!(node.value?.isOn ?? false))
            node.value = value
            owner.tree.controlledValueChanged(node)
            owner.send(.valueChange, value: value.json, of: node)
            result["value"] = value.json
        } else {
            owner.send(.press, of: node)
        }
        return .object(result)
    }

    private static func longPress(_ node: NodeState, params: JSONObject) throws(RPCError) -> JSONValue {
        let duration = try params.require("duration", at: "", as: .number)
        guard duration >= 0, duration.isFinite else {
            throw .invalidParams("'duration' must be a number of seconds, at least 0", path: "duration", expected: "a number >= 0", got: "\(duration)")
        }
        return aiming(at: node) { hit in longPress(hit, duration: duration) }
    }

    /// A press of `duration` seconds on `hit`, a node the gesture hits.
    private static func longPress(_ hit: NodeState, duration: Double) -> JSONValue {
        let presses = handlers(from: hit) { $0.longPresses }
        // Modifiers first; when none takes it, a body's long press around where the node is
        // placed (a ContextMenu's trigger).
        if !presses.contains(where: { duration >= $0.handler.minimumDuration }) {
            for current in hit.outward {
                guard case let .placed(owner, view, element) = current.placement, element.hasLongPressHandlers else { continue }
                guard PluginCalls.run(plugin: view.type.plugin, .action, view.type.name, { element.placedLongPress(duration: duration) }) else { continue }
                view.renderAgain()
                return .object(viewTook(owner))
            }
        }
        guard let innermost = presses.first else { return unhandled("nothing on node '\(hit.id)' or around it handles long presses") }
        // The innermost handler the press lasted long enough for takes it: it sees the press
        // start and end, and acts. When none does, the innermost sees it start and end, and
        // nothing acts.
        let match = presses.first { duration >= $0.handler.minimumDuration }
        let taker = match ?? innermost
        let instance = taker.node.modifiers[taker.modifier]
        let press = taker.handler
        PluginCalls.run(plugin: instance.plugin, .action, instance.type) {
            press.onPressingChanged?(true)
            if match != nil { press.perform() }
            press.onPressingChanged?(false)
        }
        guard match != nil else {
            return unhandled("the press lasted \(seconds(duration)) s; the long-press handler of modifier \(innermost.modifier) on node '\(innermost.node.id)' needs \(seconds(press.minimumDuration)) s")
        }
        return handled(taker.node, taker.modifier)
    }

    /// The user dismisses what presents `node`: drags a sheet down, taps outside a popover. The
    /// `dismissGesture` of the view `node` is (in its body), or else of the nearest body that
    /// places `node` or a node around it, runs; an `interactiveDismissDisabled` on a node on the
    /// way refuses it.
    private static func dismiss(_ node: NodeState) -> JSONValue {
        if let reason = unreachable(node) { return unhandled(reason) }
        var found: (owner: NodeState, view: PluginViewNode, element: HeadlessElement)?
        if let view = node.pluginView, let element = view.body.root.dismissible { found = (node, view, element) }
        for current in node.outward where found == nil {
            if case let .placed(owner, view, element) = current.placement, element.hasDismissHandlers { found = (owner, view, element) }
        }
        guard let taker = found else {
            return unhandled("nothing presents node '\(node.id)' so that it can be dismissed: no view around it has a dismiss gesture (a BottomSheet's content, a Popover's)")
        }
        // Disabled by a node from the one aimed at out to the presenting view (its content).
        for current in node.outward {
            if current.modifiers.contains(where: { $0.effect.isDismissDisabled }) {
                return unhandled("node '\(current.id)' has interactiveDismissDisabled: the \(taker.owner.typeName) '\(taker.owner.id)' cannot be dismissed by the user")
            }
            if current === taker.owner { break }
        }
        guard PluginCalls.run(plugin: taker.view.type.plugin, .action, taker.view.type.name, { taker.element.dismiss() }) else {
            return unhandled("the dismiss gesture of the \(taker.owner.typeName) '\(taker.owner.id)' is disabled")
        }
        taker.view.renderAgain()
        return .object(viewTook(taker.owner))
    }

    private static func seconds(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    // MARK: - refresh, submit

    private static func refresh(_ node: NodeState, in surface: Surface, of session: Session, host: Host) -> JSONValue {
        guard node.kind == .list || node.kind == .scrollView else {
            return unhandled("node '\(node.id)' is a \(node.typeName); only a List or a ScrollView is pulled to refresh")
        }
        if let reason = unreachable(node) { return unhandled(reason) }
        if let place = scrollDisabled(node) { return unhandled("node '\(node.id)' has scrolling turned off by a scrollDisabled modifier on \(place); a view that does not scroll is not pulled to refresh") }
        // The innermost refreshable at or around the node, as SwiftUI's environment passes it down.
        guard let found = handlers(from: node, { $0.refreshAction.map { [$0] } ?? [] }).first else {
            return unhandled("no refreshable modifier is on node '\(node.id)' or around it")
        }
        let state = node.refresh ?? RefreshState()
        node.refresh = state
        // The refresh ends later, outside this request: its surface's watchers hear of it then.
        let name = surface.name
        state.onChange = { [weak session, unowned host] in
            if let session { host.surfaceChanged(name, of: session) }
        }
        guard !state.isRefreshing else { return unhandled("node '\(node.id)' is refreshing already") }
        let instance = found.node.modifiers[found.modifier]
        state.isRefreshing = true
        let action = found.handler
        let bound = LoopBound(state)
        state.task = Task(executorPreference: host.asyncWork.executor(for: instance.plugin)) {
            await action()
            bound.value.isRefreshing = false
            bound.value.task = nil
        }
        // Runs the action up to its first wait, so the events it sends go before this answer.
        host.asyncWork.runPending()
        var result = handled(found.node, found.modifier).objectValue ?? JSONObject()
        result["refreshing"] = .bool(state.isRefreshing)
        return .object(result)
    }

    private static func submit(_ node: NodeState, owner: Owner) -> JSONValue {
        guard node.kind == .textField else {
            if searchField(of: node) != nil { return submitSearch(node) }
            return unhandled("node '\(node.id)' is a \(node.typeName) without a search field; only a TextField, or a view with a searchable modifier, is submitted")
        }
        if let reason = unreachable(node) { return unhandled(reason) }
        // The field's own onSubmit runs first (the action it was made with), then every
        // onSubmit modifier from the field outward, innermost first.
        let own = node.listens(to: "onSubmit")
        let submits = handlers(from: node) { $0.submits.filter { $0.triggers.contains(.text) } }
        guard own || !submits.isEmpty else {
            return unhandled("no onSubmit for text is on node '\(node.id)' or around it, and the field does not listen to its own 'onSubmit'")
        }
        var ran: [JSONValue] = []
        if own {
            owner.send(.submit, value: node.value?.json, of: node)
            ran.append(["node": .string(node.id), "view": .string(node.typeName)])
        }
        for match in submits {
            let instance = match.node.modifiers[match.modifier]
            PluginCalls.run(plugin: instance.plugin, .action, instance.type) { match.handler.perform() }
            ran.append(["node": .string(match.node.id), "modifier": .int(Int64(match.modifier))])
        }
        return ["handled": true, "handlers": .array(ran)]
    }

    /// The search key in the search field of `node`: every `onSubmit(of: .search)` from the
    /// node outward runs, innermost first, as SwiftUI runs them for a search field's
    /// submission (the `.text` ones do not).
    private static func submitSearch(_ node: NodeState) -> JSONValue {
        if let reason = unreachable(node) { return unhandled(reason) }
        let submits = handlers(from: node) { $0.submits.filter { $0.triggers.contains(.search) } }
        guard !submits.isEmpty else {
            return unhandled("no onSubmit for search is on node '\(node.id)' or around it (onSubmit for text runs for a TextField only)")
        }
        var ran: [JSONValue] = []
        for match in submits {
            let instance = match.node.modifiers[match.modifier]
            PluginCalls.run(plugin: instance.plugin, .action, instance.type) { match.handler.perform() }
            ran.append(["node": .string(match.node.id), "modifier": .int(Int64(match.modifier))])
        }
        return ["handled": true, "handlers": .array(ran)]
    }

    // MARK: - type, slide

    /// Text typed into a TextField: appended to what it shows, or replacing it.
    private static func type(_ node: NodeState, params: JSONObject, owner: Owner) throws(RPCError) -> JSONValue {
        let text = try params.require("text", at: "", as: .string)
        let replace = try params.optional("replace", at: "", as: .boolean) ?? false
        guard node.kind == .textField else {
            if let field = searchField(of: node) { return typeIntoSearch(node, field: field, text: text, replace: replace) }
            return unhandled("node '\(node.id)' is a \(node.typeName) without a search field; only a TextField, or a view with a searchable modifier, is typed into")
        }
        if let reason = unreachable(node) { return unhandled(reason) }
        let value = ShownValue.text(replace ? text : (node.value?.text ?? "") + text)
        node.value = value
        owner.send(.valueChange, value: value.json, of: node)
        return viewHandled(node, value: value)
    }

    /// A Slider's thumb moved to `value`: clamped to its range and put on its step.
    private static func slide(_ node: NodeState, params: JSONObject, owner: Owner) throws(RPCError) -> JSONValue {
        let wanted = try params.require("value", at: "", as: .number)
        guard node.kind == .slider, let range = node.range else {
            return unhandled("node '\(node.id)' is a \(node.typeName); only a Slider slides")
        }
        if let reason = unreachable(node) { return unhandled(reason) }
        let value = ShownValue.number(range.snapped(wanted))
        node.value = value
        owner.tree.controlledValueChanged(node)
        // A drag, as a person makes it: editing starts, the value moves, editing ends.
        owner.send(.editingChange, value: true, of: node)
        owner.send(.valueChange, value: value.json, of: node)
        owner.send(.editingChange, value: false, of: node)
        return viewHandled(node, value: value)
    }

    // MARK: - search fields, sheet detents

    /// The node's search field: the innermost `searchable` on it (its first modifier with one).
    static func searchField(of node: NodeState) -> (modifier: Int, search: ResolvedSearch)? {
        for (index, instance) in node.modifiers.enumerated() {
            if let search = instance.effect.search { return (index, search) }
        }
        return nil
    }

    /// The node's detents: the innermost `presentationDetents` on it.
    static func sheetDetents(of node: NodeState) -> (modifier: Int, detents: ResolvedPresentationDetents)? {
        for (index, instance) in node.modifiers.enumerated() {
            if let detents = instance.effect.presentationDetents { return (index, detents) }
        }
        return nil
    }

    /// Text typed into the search field of `node`: appended to what it shows, or replacing
    /// it. The field's binding is written, which sends the modifier's event; the field is
    /// hit like the view it belongs to (not when that is hidden or disabled).
    private static func typeIntoSearch(_ node: NodeState, field: (modifier: Int, search: ResolvedSearch), text: String, replace: Bool) -> JSONValue {
        if let reason = unreachable(node) { return unhandled(reason) }
        let instance = node.modifiers[field.modifier]
        var shown = ""
        PluginCalls.run(plugin: instance.plugin, .action, instance.type) {
            let binding = field.search.text
            binding.wrappedValue = replace ? text : binding.wrappedValue + text
            shown = binding.wrappedValue
        }
        return ["handled": true, "node": .string(node.id), "modifier": .int(Int64(field.modifier)), "field": "search", "value": .string(shown)]
    }

    /// A sheet dragged to a detent: one of those the `presentationDetents` on the node lists,
    /// as SwiftUI's sheet rests only there. The selection binding is written, which sends
    /// the modifier's event when the detent changes.
    private static func detent(_ node: NodeState, params: JSONObject) throws(RPCError) -> JSONValue {
        guard let raw = params["detent"] else {
            throw .invalidParams("'detent' is required: \(detentExpected)", path: "detent", expected: detentExpected, got: "nothing")
        }
        let wanted = try presentationDetent(raw, at: "detent")
        guard let found = sheetDetents(of: node) else {
            return unhandled("node '\(node.id)' has no presentationDetents modifier; only a sheet's content is dragged to a detent")
        }
        if let reason = unreachable(node) { return unhandled(reason) }
        guard found.detents.detents.contains(wanted) else {
            let listed = found.detents.detents.map { Snapshot.detent($0).jsonText }.joined(separator: ", ")
            return unhandled("the sheet of node '\(node.id)' rests only at its detents (\(listed)), not at \(Snapshot.detent(wanted).jsonText)")
        }
        let instance = node.modifiers[found.modifier]
        var previous = wanted
        PluginCalls.run(plugin: instance.plugin, .action, instance.type) {
            let binding = found.detents.selection
            previous = binding.wrappedValue
            binding.wrappedValue = wanted
        }
        return [
            "handled": true, "node": .string(node.id), "modifier": .int(Int64(found.modifier)), "detent": Snapshot.detent(wanted),
            "changed": .bool(previous != wanted),
        ]
    }

    static let detentExpected = #""medium", "large", {"fraction": 0...1} or {"height": > 0}"#

    /// A detent as JSON writes it (Expo UI's form), checked.
    static func presentationDetent(_ value: JSONValue, at path: String) throws(RPCError) -> PresentationDetent {
        switch value {
        case .string("medium"): return .medium
        case .string("large"): return .large
        case let .object(object) where object.count == 1:
            if let fraction = object["fraction"]?.doubleValue, (0...1).contains(fraction) { return .fraction(fraction) }
            if let height = object["height"]?.doubleValue, height > 0, height.isFinite { return .height(height) }
        default: break
        }
        throw .invalidParams("'\(path)' must be a detent: \(detentExpected)", path: path, expected: detentExpected, got: value.jsonText)
    }

    private static func viewHandled(_ node: NodeState, value: ShownValue) -> JSONValue {
        ["handled": true, "node": .string(node.id), "view": .string(node.typeName), "value": value.json]
    }

    private static func handled(_ node: NodeState, _ modifier: Int) -> JSONValue {
        ["handled": true, "node": .string(node.id), "modifier": .int(Int64(modifier))]
    }

    /// The answer to a gesture the view `node` took (itself, or its body's handler):
    /// `{handled: true, node, view}`.
    static func viewTook(_ node: NodeState) -> JSONObject {
        JSONObject([("handled", true), ("node", .string(node.id)), ("view", .string(node.typeName))])
    }

    static func unhandled(_ reason: String) -> JSONValue {
        ["handled": false, "reason": .string(reason)]
    }
}
