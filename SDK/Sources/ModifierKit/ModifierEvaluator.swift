// Headless evaluation of a modifier: its body is built once on a stand-in for the content,
// and the resulting view tree is walked to learn the modifier's effect.

/// One swipe action: a ``Button`` inside ``View/swipeActions(edge:allowsFullSwipe:content:)``.
public struct ResolvedSwipeAction {
    /// Identifies the action: the ``ForEach`` element's id (`String(describing:)`) when the
    /// button comes from a `ForEach`, else the button's ``label``, else its position in its
    /// group (`"0"`, `"1"`, ...).
    public let id: String
    /// The button's title: from its ``Text`` or its ``Label``'s title. `nil` for a button
    /// that shows only an icon.
    public let label: String?
    /// The SF Symbol the button shows: from its ``Label`` or its `Image(systemName:)`.
    public let systemImage: String?
    /// The button's colour: the innermost ``View/tint(_:)`` applied to the button or to a
    /// view around it inside the swipe actions. `nil` when there is none or it is
    /// `.tint(nil)`: the front-end then colours the button by its ``role``.
    public let tint: Color?
    /// The button's role, if any.
    public let role: ButtonRole?
    /// Runs the button's action: call it when the user picks this action.
    public let perform: () -> Void

    /// A swipe action; the evaluator makes these, and hosts may make them in tests.
    public init(
        id: String, label: String?, systemImage: String?, tint: Color?, role: ButtonRole?,
        perform: @escaping () -> Void
    ) {
        self.id = id
        self.label = label
        self.systemImage = systemImage
        self.tint = tint
        self.role = role
        self.perform = perform
    }
}

/// The actions of one ``View/swipeActions(edge:allowsFullSwipe:content:)`` call.
public struct ResolvedSwipeActions {
    /// The edge the swipe comes from.
    public let edge: HorizontalEdge
    /// Whether a full swipe performs the first action.
    public let allowsFullSwipe: Bool
    /// The buttons, in the order written (the first is closest to ``edge``).
    public let actions: [ResolvedSwipeAction]

    /// A group of swipe actions; the evaluator makes these, and hosts may make them in tests.
    public init(edge: HorizontalEdge, allowsFullSwipe: Bool, actions: [ResolvedSwipeAction]) {
        self.edge = edge
        self.allowsFullSwipe = allowsFullSwipe
        self.actions = actions
    }
}

/// A `.swipeActions` group whose buttons are not read yet: see
/// ``ModifierEvaluator/evaluate(_:deferringSwipeActions:)``.
public struct DeferredSwipeActions {
    /// The edge the swipe comes from.
    public let edge: HorizontalEdge
    /// Whether a full swipe performs the first action.
    public let allowsFullSwipe: Bool
    /// Reads the buttons: the actions, and the views among them that are not buttons.
    let read: () -> (actions: [ResolvedSwipeAction], ignored: [String])
}

/// What a modifier does to the view it is applied to, as ``ModifierEvaluator`` finds it.
public struct ModifierEffect {
    /// One entry per `.swipeActions` call applied to the content, in the order they apply to
    /// it: the innermost (first written) first. Groups for the same edge accumulate.
    public var swipeActions: [ResolvedSwipeActions] = []
    /// The innermost ``View/tint(_:)`` applied to the content itself; `nil` when there is
    /// none or it is `.tint(nil)`.
    public var tint: Color? = nil
    /// The views inside swipe actions that are not buttons, by type name, in the order
    /// found, so that the host can say it ignores them: `"Text"`, `"Image"`, `"Label"`,
    /// `"Spacer"`, a view of the plugin's own whose `Body` is `Never` (its name, such as
    /// `"MyView"`), the content (`"ModifiedContent"`), or a `"swipeActions"` applied inside
    /// another's actions. `EmptyView` is not listed, nor is anything inside a button's label.
    ///
    /// What the evaluator ignores outside swipe actions is not listed: a button whose label
    /// does not hold the content, or a modifier (`.swipeActions`, `.onTapGesture`, `.padding`,
    /// ...) applied to a view other than the content (which, as in SwiftUI, has no effect on
    /// the node).
    public var ignored: [String] = []
    /// Whether the modifier's body contains the content at all. A body that leaves it out
    /// replaces the view it is applied to.
    public var includesContent: Bool = false
    /// The tap handlers around the content: ``View/onTapGesture(count:perform:)`` and
    /// buttons whose label holds the content. Innermost first.
    public var taps: [ResolvedTap] = []
    /// The long-press handlers around the content, innermost first.
    public var longPresses: [ResolvedLongPress] = []
    /// The ``View/onAppear(perform:)`` actions around the content, innermost first.
    public var appearActions: [() -> Void] = []
    /// The ``View/onDisappear(perform:)`` actions around the content, innermost first.
    public var disappearActions: [() -> Void] = []
    /// The innermost ``View/refreshable(action:)`` around the content.
    public var refreshAction: (@Sendable () async -> Void)? = nil
    /// The ``View/onSubmit(of:_:)`` handlers around the content, innermost first.
    public var submits: [ResolvedSubmit] = []
    /// The innermost ``View/searchable(text:placement:prompt:)`` around the content: the
    /// node's search field.
    public var search: ResolvedSearch? = nil
    /// The innermost ``View/presentationDetents(_:selection:)`` around the content.
    public var presentationDetents: ResolvedPresentationDetents? = nil
    /// True when a ``View/disabled(_:)`` with `true` is around the content.
    public var isDisabled: Bool = false
    /// True when ``View/hidden()`` is around the content.
    public var isHidden: Bool = false
    /// The innermost ``View/contentShape(_:eoFill:)`` around the content.
    public var contentShape: ResolvedShape? = nil
    /// True when ``View/interactiveDismissDisabled(_:)`` with `true` is around the content:
    /// the `dismiss` gesture does not pass the node.
    public var isDismissDisabled: Bool = false
    /// The innermost ``View/tag(_:)`` around the content: the value a `Picker` whose
    /// `Children()` holds the node selects with it.
    public var tag: AnyHashable? = nil
    /// The styles applied to the content (padding, background, font, ...), innermost first.
    public var styles: [ResolvedStyle] = []
    /// The symbol modifiers applied to the content (symbol effects, transitions, scale,
    /// rendering mode, variants, weight), innermost first. They reach the system images at
    /// or under the node.
    public var symbols: [ResolvedSymbolModifier] = []
    /// The `.swipeActions` groups whose buttons are still to be read, in the order of
    /// ``swipeActions`` (only when evaluated with `deferringSwipeActions`); see
    /// ``resolveSwipeActions()``.
    public var deferredSwipeActions: [DeferredSwipeActions] = []

    /// Whether the modifier adds swipe actions (read or not yet).
    public var hasSwipeActions: Bool { !swipeActions.isEmpty || !deferredSwipeActions.isEmpty }

    /// Reads the buttons of the deferred groups into ``swipeActions`` (and the views among
    /// them that are not buttons into ``ignored``). Runs the plugin's code (its `ForEach`
    /// closures and the views they build); nothing happens when none is deferred.
    public mutating func resolveSwipeActions() {
        for group in deferredSwipeActions {
            let read = group.read()
            swipeActions.append(ResolvedSwipeActions(edge: group.edge, allowsFullSwipe: group.allowsFullSwipe, actions: read.actions))
            ignored += read.ignored
        }
        deferredSwipeActions = []
    }

    /// No effect at all.
    public init() {}

    /// True when the effect holds nothing the host calls back: no swipe actions, gesture,
    /// lifecycle, refresh or submit handlers, search field or detents, and no ignored views
    /// to report. Such an effect
    /// (styles, tint, disabled, hidden, a content shape) depends on the modifier's params only.
    public var isInert: Bool {
        !hasSwipeActions && ignored.isEmpty && taps.isEmpty && longPresses.isEmpty && appearActions.isEmpty
            && disappearActions.isEmpty && refreshAction == nil && submits.isEmpty && search == nil && presentationDetents == nil
    }
}

/// Learns what a ``ViewModifier`` does, without drawing anything.
///
/// ```swift
/// let modifier = try entry.factory(params, appContext, dispatcher)
/// let effect = ModifierEvaluator.evaluate(modifier)
/// for group in effect.swipeActions { ... group.actions[0].perform() ... }
/// ```
///
/// The modifier's ``ViewModifier/body(content:)`` runs once, on a stand-in for the content.
/// The views it returns are walked: views of the plugin's own through their `body`, the
/// SDK's primitive views (``Button``, ``ForEach``, `if`/`else` branches, modifiers) directly.
/// Only the branches taken are seen, and the closures kept (a button's action) are not run.
@_spi(ModhostHost) public enum ModifierEvaluator {
    /// Evaluates `modifier`'s body and returns its effect.
    ///
    /// With `deferringSwipeActions`, the buttons of its `.swipeActions` groups are not read:
    /// each group is kept in ``ModifierEffect/deferredSwipeActions`` until
    /// ``ModifierEffect/resolveSwipeActions()``. Reading the buttons is most of what a
    /// swipe-actions body costs, and a host with many List rows needs them only for the rows
    /// that are swiped or drawn, as SwiftUI's List realizes rows lazily.
    public static func evaluate(_ modifier: any ViewModifier, deferringSwipeActions: Bool = false) -> ModifierEffect {
        evaluateOpened(modifier, deferringSwipeActions: deferringSwipeActions)
    }

    private static func evaluateOpened<M: ViewModifier>(_ modifier: M, deferringSwipeActions: Bool) -> ModifierEffect {
        var walker = _ViewWalker()
        walker.defersSwipeActions = deferringSwipeActions
        _ = walker.walk(modifier.body(content: ModifiedContent()))
        return walker.effect
    }
}

// MARK: - Walking the view tree

extension View {
    /// Reads the view through its ``body``, the default for views of a plugin's own. A view
    /// whose `Body` is `Never` has nothing to read, and is listed as ignored.
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        if Body.self == Never.self {
            walker.ignore("\(Self.self)")
            return false
        }
        return walker.walk(body)
    }
}

/// The state of one evaluation, carried down the view tree. Only the SDK uses it: views
/// are read through the ``View/_walk(with:)`` requirement, which each primitive implements,
/// so that reading a view is one call through its conformance rather than a run of casts to
/// find out what it is.
public struct _ViewWalker {
    /// Where in the modifier's body the walk is.
    enum Place {
        /// Around the content: modifiers here apply to it.
        case modifierBody
        /// Inside a `swipeActions` closure: buttons are actions.
        case swipeActions
        /// Inside a button's label: text and images describe the action.
        case buttonLabel
    }

    /// Deeper than this, a view is taken to be endlessly recursive (an `AnyView` of itself).
    static let maximumDepth = 256

    var effect = ModifierEffect()
    /// Keep `.swipeActions` groups unread (see `ModifierEvaluator.evaluate`).
    var defersSwipeActions = false
    private var place = Place.modifierBody
    /// The innermost tint around the current view in this place: `nil` when none,
    /// `.some(nil)` for `.tint(nil)`.
    private var tint: Color?? = nil
    /// The id of the innermost `ForEach` element around the current view.
    private var elementID: String? = nil
    /// The actions of the `swipeActions` being walked.
    private var actions: [ResolvedSwipeAction] = []
    /// What the label of the button being walked shows.
    private var labelTitle: String? = nil
    private var labelImage: String? = nil
    private var depth = 0

    /// Walks `view`; true when the modifier's content is inside it.
    mutating func walk<V: View>(_ view: V) -> Bool {
        depth += 1
        defer { depth -= 1 }
        guard depth <= _ViewWalker.maximumDepth else {
            ignore("\(V.self)")
            return false
        }
        return view._walk(with: &self)
    }

    /// Notes that the view named `name` has no effect; only views among swipe actions are
    /// listed (see ``ModifierEffect/ignored``).
    mutating func ignore(_ name: String) {
        if place == .swipeActions { effect.ignored.append(name) }
    }

    /// Walks `view` with `tint` as the innermost tint.
    mutating func walk<V: View>(_ view: V, tint: Color?) -> Bool {
        let saved = self.tint
        self.tint = .some(tint)
        defer { self.tint = saved }
        return walk(view)
    }

    /// Walks `view` as made from the `ForEach` element identified by `id`.
    mutating func walk<V: View>(_ view: V, elementID id: String) -> Bool {
        let saved = elementID
        elementID = id
        defer { elementID = saved }
        return walk(view)
    }

    mutating func visitContent() -> Bool {
        guard place == .modifierBody else {
            ignore("ModifiedContent")
            return false
        }
        if !effect.includesContent {
            effect.includesContent = true
            effect.tint = tint ?? nil
        }
        return true
    }

    mutating func visitSwipeActions<Content: View, Actions: View>(_ view: SwipeActionsView<Content, Actions>) -> Bool {
        let containsContent = walk(view.content)
        guard place == .modifierBody, containsContent else {
            // Nested in another's actions (listed), or on a view that is not the content.
            ignore("swipeActions")
            return containsContent
        }
        let buttons = view.actions, depth = depth
        let read = { _ViewWalker.readSwipeActions(buttons, depth: depth) }
        if defersSwipeActions {
            effect.deferredSwipeActions.append(DeferredSwipeActions(edge: view.edge, allowsFullSwipe: view.allowsFullSwipe, read: read))
        } else {
            let found = read()
            effect.swipeActions.append(ResolvedSwipeActions(edge: view.edge, allowsFullSwipe: view.allowsFullSwipe, actions: found.actions))
            effect.ignored += found.ignored
        }
        return true
    }

    /// The buttons of a `.swipeActions` closure's views, and the views among them that are
    /// not buttons, read by a walker of their own (`depth` levels down already).
    static func readSwipeActions<Actions: View>(_ buttons: Actions, depth: Int) -> (actions: [ResolvedSwipeAction], ignored: [String]) {
        var walker = _ViewWalker()
        walker.place = .swipeActions
        walker.depth = depth
        _ = walker.walk(buttons)
        return (walker.actions, walker.effect.ignored)
    }

    /// Walks the view a modifier wraps (`content` of `.onTapGesture`, `.padding`, ...) and, when
    /// the modifier's content is inside it, records what the wrapper does to it with `record`.
    /// Wrappers elsewhere (on a view that is not the content, or among swipe actions) have no
    /// effect on the node.
    mutating func visitWrapper<V: View>(_ view: V, _ record: (inout ModifierEffect) -> Void) -> Bool {
        let containsContent = walk(view)
        if containsContent && place == .modifierBody { record(&effect) }
        return containsContent
    }

    mutating func visitButton<LabelContent: View>(_ button: Button<LabelContent>) -> Bool {
        if place == .modifierBody {
            // A button whose label holds the content makes the content tappable.
            let action = button.action
            return visitWrapper(button.label) { $0.taps.append(ResolvedTap(count: 1, perform: action)) }
        }
        // A button inside a label does nothing here.
        guard place == .swipeActions else { return false }
        place = .buttonLabel
        labelTitle = nil
        labelImage = nil
        _ = walk(button.label)
        place = .swipeActions
        let id = elementID ?? labelTitle ?? String(actions.count)
        actions.append(
            ResolvedSwipeAction(
                id: id, label: labelTitle, systemImage: labelImage, tint: tint ?? nil, role: button.role,
                perform: button.action))
        return false
    }

    mutating func visitText(_ text: Text) -> Bool {
        guard place == .buttonLabel else {
            ignore("Text")
            return false
        }
        if labelTitle == nil { labelTitle = text.content }
        return false
    }

    mutating func visitLabel(_ label: Label) -> Bool {
        guard place == .buttonLabel else {
            ignore("Label")
            return false
        }
        if labelTitle == nil { labelTitle = label.title }
        if labelImage == nil { labelImage = label.systemImage }
        return false
    }

    mutating func visitImage(_ image: Image) -> Bool {
        guard place == .buttonLabel else {
            ignore("Image")
            return false
        }
        if labelImage == nil, image.isSystemImage { labelImage = image.name }
        return false
    }

    /// A shape drawn as a view: not content, and not a button among swipe actions.
    mutating func visitShape(_ name: String) -> Bool {
        if place != .buttonLabel { ignore(name) }
        return false
    }

    mutating func visitSpacer() -> Bool {
        if place != .buttonLabel { ignore("Spacer") }
        return false
    }
}

// MARK: - The primitive views: each reads itself

extension ModifiedContent {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.visitContent() }
}

extension EmptyView {
    public func _walk(with walker: inout _ViewWalker) -> Bool { false }
}

extension TupleView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        var containsContent = false
        for child in children {
            // Every child is walked, also after the content is found.
            if walker.walk(child) { containsContent = true }
        }
        return containsContent
    }
}

extension OptionalView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        guard let wrapped else { return false }
        return walker.walk(wrapped)
    }
}

extension Optional where Wrapped: View {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        guard let self else { return false }
        return walker.walk(self)
    }
}

extension ConditionalView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        switch self {
        case .first(let view): return walker.walk(view)
        case .second(let view): return walker.walk(view)
        }
    }
}

extension AnyView {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.walk(view) }
}

extension Group {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.walk(content) }
}

extension ForEach {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        var containsContent = false
        for element in data {
            let value = element[keyPath: id]
            // Ids are nearly always strings; `String(describing:)` is costly for them.
            let elementID = value as? String ?? String(describing: value)
            if walker.walk(content(element), elementID: elementID) { containsContent = true }
        }
        return containsContent
    }
}

extension TintedView {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.walk(content, tint: tint) }
}

extension DismissDisabledView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        walker.visitWrapper(content) { if isDisabled { $0.isDismissDisabled = true } }
    }
}

extension TaggedView {
    /// Walked inside out: the first tag recorded is the innermost, which wins.
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        walker.visitWrapper(content) { if $0.tag == nil { $0.tag = tag } }
    }
}

extension SwipeActionsView {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.visitSwipeActions(self) }
}

extension Button {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.visitButton(self) }
}

extension Text {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.visitText(self) }
}

extension Label {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.visitLabel(self) }
}

extension Image {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.visitImage(self) }
}

extension Spacer {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.visitSpacer() }
}

extension TapGestureView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        walker.visitWrapper(content) { $0.taps.append(handler) }
    }
}

extension LongPressGestureView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        walker.visitWrapper(content) { $0.longPresses.append(handler) }
    }
}

extension LifecycleView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        walker.visitWrapper(content) { effect in
            guard let action else { return }
            switch phase {
            case .appear: effect.appearActions.append(action)
            case .disappear: effect.disappearActions.append(action)
            }
        }
    }
}

extension RefreshableView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        walker.visitWrapper(content) { effect in
            // Walked inside out: the first one recorded is the innermost, which wins.
            if effect.refreshAction == nil { effect.refreshAction = action }
        }
    }
}

extension SubmitView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        walker.visitWrapper(content) { $0.submits.append(handler) }
    }
}

extension DisabledView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        walker.visitWrapper(content) { if disabled { $0.isDisabled = true } }
    }
}

extension HiddenView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        walker.visitWrapper(content) { $0.isHidden = true }
    }
}

extension ContentShapeView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        walker.visitWrapper(content) { if $0.contentShape == nil { $0.contentShape = shape } }
    }
}

extension StyledView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        walker.visitWrapper(content) { if let style { $0.styles.append(style) } }
    }
}

extension Rectangle {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.visitShape("Rectangle") }
}

extension RoundedRectangle {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.visitShape("RoundedRectangle") }
}

extension Circle {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.visitShape("Circle") }
}

extension Capsule {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.visitShape("Capsule") }
}

extension Ellipse {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.visitShape("Ellipse") }
}

extension UnevenRoundedRectangle {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.visitShape("UnevenRoundedRectangle") }
}

extension ConcentricRectangle {
    public func _walk(with walker: inout _ViewWalker) -> Bool { walker.visitShape("ConcentricRectangle") }
}
