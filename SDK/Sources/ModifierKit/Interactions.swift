// The modifiers that make a view respond: gestures, lifecycle, refresh, submit, and what
// shapes hit testing. SwiftUI's names, parameters and defaults; the host runs the actions
// when a front-end's simulated gesture or tree change calls for them.

extension View {
    /// Runs `action` when the view is tapped `count` times, as SwiftUI's
    /// `onTapGesture(count:perform:)`.
    ///
    /// When handlers are nested, the innermost one whose `count` matches the tap handles it,
    /// and only that one. A hidden or disabled view is not tapped.
    ///
    /// - Parameters:
    ///   - count: The number of taps: 1 for a tap, 2 for a double tap.
    ///   - action: What the tap does.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        TapGestureView(content: self, handler: ResolvedTap(count: count, perform: action))
    }

    /// Runs `action` on every tap that lands on the view, after whatever inside it takes the
    /// tap (a Button's action, another tap handler), as SwiftUI's
    /// `simultaneousGesture(TapGesture().onEnded(action))` does. In a plugin view's body, on
    /// `Children()` or a slot, it runs for a tap on any node placed there: an alert's actions
    /// dismiss it so, a menu's items close it.
    public func simultaneousTapGesture(perform action: @escaping () -> Void) -> some View {
        SimultaneousTapView(content: self, action: action)
    }

    /// Runs `action` when the user dismisses what the view presents: drags a sheet down, taps
    /// outside a popover. In a plugin view's body, on `Children()` or a slot, the host's
    /// `dismiss` gesture aimed at the view or at a node placed there runs it, unless
    /// ``View/interactiveDismissDisabled(_:)`` is on a node in between.
    public func dismissGesture(perform action: @escaping () -> Void) -> some View {
        DismissGestureView(content: self, action: action)
    }

    /// Keeps the user from dismissing the sheet this view is in by dragging it, as SwiftUI's
    /// `interactiveDismissDisabled(_:)`: the host's `dismiss` gesture is refused.
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
        DismissDisabledView(content: self, isDisabled: isDisabled)
    }

    /// Runs `action` when the view is pressed for at least `minimumDuration` seconds, as
    /// SwiftUI's `onLongPressGesture(minimumDuration:maximumDistance:perform:onPressingChanged:)`.
    ///
    /// A shorter press does nothing. `onPressingChanged` is called with `true` when the press
    /// starts and with `false` when it ends, either way.
    ///
    /// - Parameters:
    ///   - minimumDuration: Seconds the press must last.
    ///   - maximumDistance: How far the finger may move (the host's presses do not move).
    ///   - action: What a long enough press does.
    ///   - onPressingChanged: Told when the press starts and ends.
    public func onLongPressGesture(
        minimumDuration: Double = 0.5, maximumDistance: Double = 10, perform action: @escaping () -> Void,
        onPressingChanged: ((Bool) -> Void)? = nil
    ) -> some View {
        LongPressGestureView(
            content: self,
            handler: ResolvedLongPress(
                minimumDuration: minimumDuration, maximumDistance: maximumDistance, perform: action,
                onPressingChanged: onPressingChanged))
    }

    /// Runs `action` when the view enters the tree, as SwiftUI's `onAppear(perform:)`: when
    /// the surface is mounted, or an update adds the view (or changes its key).
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        LifecycleView(content: self, phase: .appear, action: action)
    }

    /// Runs `action` when the view leaves the tree, as SwiftUI's `onDisappear(perform:)`:
    /// when the surface is unmounted, or an update removes the view (or changes its key).
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        LifecycleView(content: self, phase: .disappear, action: action)
    }

    /// Marks the view refreshable, as SwiftUI's `refreshable(action:)`: a `List` or
    /// `ScrollView` at or under it can be pulled to refresh, which runs `action` and shows
    /// the list refreshing until `action` returns. The innermost `refreshable` wins.
    ///
    /// The action runs on the host's loop between other work; `await` what it waits for
    /// (such as the front-end's answer) rather than blocking.
    public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
        RefreshableView(content: self, action: action)
    }

    /// Runs `action` when a text field at or under this view is submitted, as SwiftUI's
    /// `onSubmit(of:_:)`. Every matching `onSubmit` from the field up to the root runs,
    /// innermost first.
    ///
    /// - Parameters:
    ///   - triggers: What kind of submission runs the action.
    ///   - action: What submitting does.
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        SubmitView(content: self, handler: ResolvedSubmit(triggers: triggers, perform: action))
    }

    /// Disables the view and everything in it, as SwiftUI's `disabled(_:)`: its gestures and
    /// those of the views in it do not respond. `disabled(false)` does not enable a view that
    /// a view around it disables.
    public func disabled(_ disabled: Bool) -> some View {
        DisabledView(content: self, disabled: disabled)
    }

    /// Hides the view, as SwiftUI's `hidden()`: it keeps its place but is not drawn and not
    /// hit by gestures.
    public func hidden() -> some View {
        HiddenView(content: self)
    }

    /// Sets the shape gestures hit, as SwiftUI's `contentShape(_:eoFill:)`. A stack is
    /// otherwise hit only where it has content: `contentShape(Rectangle())` makes its empty
    /// space (around a ``Spacer``, say) respond too.
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View {
        ContentShapeView(content: self, shape: shape._resolvedShape)
    }
}

/// Kinds of submission, as SwiftUI's `SubmitTriggers`.
public struct SubmitTriggers: OptionSet, Sendable, Hashable {
    /// The triggers as bits.
    public let rawValue: Int
    /// Creates triggers from their raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A text field's return key.
    public static let text = SubmitTriggers(rawValue: 1)
    /// A search field's search key.
    public static let search = SubmitTriggers(rawValue: 2)
}

/// A shape, as SwiftUI's `Shape`: what ``View/contentShape(_:eoFill:)`` and
/// ``View/background(_:in:)`` take. The SDK's shapes are ``Rectangle``, ``RoundedRectangle``,
/// ``Circle``, ``Capsule`` and ``Ellipse``.
public protocol Shape: View {
    /// How the host names the shape. The SDK's shapes implement it; a shape of your own is
    /// named after its type.
    var _resolvedShape: ResolvedShape { get }
}

extension Shape {
    public var _resolvedShape: ResolvedShape { ResolvedShape(name: "\(Self.self)") }
}

/// A shape as the host shows it: `"rectangle"`, `"roundedRectangle"` with its corner radius, ...
public struct ResolvedShape: Equatable, Sendable {
    /// `rectangle`, `roundedRectangle`, `circle`, `capsule`, `ellipse`, or a shape type's name.
    public let name: String
    /// The corner radius of a rounded rectangle.
    public let cornerRadius: Double?

    /// A shape named `name`.
    public init(name: String, cornerRadius: Double? = nil) {
        self.name = name
        self.cornerRadius = cornerRadius
    }
}

/// A rectangle, as SwiftUI's `Rectangle`.
public struct Rectangle: Shape {
    /// A rectangle filling its frame.
    public init() {}
    public var _resolvedShape: ResolvedShape { ResolvedShape(name: "rectangle") }
    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("Rectangle is primitive") }
}

/// A rectangle with rounded corners, as SwiftUI's `RoundedRectangle`.
public struct RoundedRectangle: Shape {
    /// The radius of the corners.
    public let cornerRadius: Double
    /// A rectangle whose corners are rounded with `cornerRadius`.
    public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
    public var _resolvedShape: ResolvedShape { ResolvedShape(name: "roundedRectangle", cornerRadius: cornerRadius) }
    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("RoundedRectangle is primitive") }
}

/// A circle, as SwiftUI's `Circle`.
public struct Circle: Shape {
    /// A circle centred in its frame.
    public init() {}
    public var _resolvedShape: ResolvedShape { ResolvedShape(name: "circle") }
    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("Circle is primitive") }
}

/// A capsule, as SwiftUI's `Capsule`.
public struct Capsule: Shape {
    /// A capsule filling its frame.
    public init() {}
    public var _resolvedShape: ResolvedShape { ResolvedShape(name: "capsule") }
    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("Capsule is primitive") }
}

/// An ellipse, as SwiftUI's `Ellipse`.
public struct Ellipse: Shape {
    /// An ellipse filling its frame.
    public init() {}
    public var _resolvedShape: ResolvedShape { ResolvedShape(name: "ellipse") }
    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("Ellipse is primitive") }
}

/// A rectangle whose corners each have a radius of their own, as SwiftUI's
/// `UnevenRoundedRectangle`.
public struct UnevenRoundedRectangle: Shape {
    /// The radius of the top leading corner.
    public let topLeadingRadius: Double
    /// The radius of the bottom leading corner.
    public let bottomLeadingRadius: Double
    /// The radius of the bottom trailing corner.
    public let bottomTrailingRadius: Double
    /// The radius of the top trailing corner.
    public let topTrailingRadius: Double
    /// A rectangle with the given corner radii (0: a square corner).
    public init(topLeadingRadius: Double = 0, bottomLeadingRadius: Double = 0, bottomTrailingRadius: Double = 0, topTrailingRadius: Double = 0) {
        self.topLeadingRadius = topLeadingRadius
        self.bottomLeadingRadius = bottomLeadingRadius
        self.bottomTrailingRadius = bottomTrailingRadius
        self.topTrailingRadius = topTrailingRadius
    }
    public var _resolvedShape: ResolvedShape { ResolvedShape(name: "unevenRoundedRectangle") }
    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("UnevenRoundedRectangle is primitive") }
}

/// A rectangle whose corners follow those of its container, as SwiftUI's
/// `ConcentricRectangle` (iOS 26). Headless there is no container's shape: the corners are
/// shown by the view that uses it.
public struct ConcentricRectangle: Shape {
    /// A rectangle concentric with its container.
    public init() {}
    public var _resolvedShape: ResolvedShape { ResolvedShape(name: "concentricRectangle") }
    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("ConcentricRectangle is primitive") }
}

/// A tap handler the evaluator found around the content.
public struct ResolvedTap {
    /// The taps it needs.
    public let count: Int
    /// Runs the handler.
    public let perform: () -> Void

    /// A tap handler; the evaluator makes these, and hosts may make them in tests.
    public init(count: Int, perform: @escaping () -> Void) {
        self.count = count
        self.perform = perform
    }
}

/// A long-press handler the evaluator found around the content.
public struct ResolvedLongPress {
    /// Seconds the press must last.
    public let minimumDuration: Double
    /// How far the press may move.
    public let maximumDistance: Double
    /// Runs the handler.
    public let perform: () -> Void
    /// Told when the press starts (`true`) and ends (`false`).
    public let onPressingChanged: ((Bool) -> Void)?

    /// A long-press handler; the evaluator makes these, and hosts may make them in tests.
    public init(minimumDuration: Double, maximumDistance: Double, perform: @escaping () -> Void, onPressingChanged: ((Bool) -> Void)?) {
        self.minimumDuration = minimumDuration
        self.maximumDistance = maximumDistance
        self.perform = perform
        self.onPressingChanged = onPressingChanged
    }
}

/// A submit handler the evaluator found around the content.
public struct ResolvedSubmit {
    /// The submissions it runs for.
    public let triggers: SubmitTriggers
    /// Runs the handler.
    public let perform: () -> Void

    /// A submit handler; the evaluator makes these, and hosts may make them in tests.
    public init(triggers: SubmitTriggers, perform: @escaping () -> Void) {
        self.triggers = triggers
        self.perform = perform
    }
}

struct TapGestureView<Content: View>: View {
    let content: Content
    let handler: ResolvedTap
    var body: Never { fatalError("TapGestureView is primitive") }
}

struct DismissGestureView<Content: View>: View {
    let content: Content
    let action: () -> Void
    var body: Never { fatalError("DismissGestureView is primitive") }
}

struct DismissDisabledView<Content: View>: View {
    let content: Content
    let isDisabled: Bool
    var body: Never { fatalError("DismissDisabledView is primitive") }
}

struct SimultaneousTapView<Content: View>: View {
    let content: Content
    let action: () -> Void
    var body: Never { fatalError("SimultaneousTapView is primitive") }
}

struct LongPressGestureView<Content: View>: View {
    let content: Content
    let handler: ResolvedLongPress
    var body: Never { fatalError("LongPressGestureView is primitive") }
}

struct LifecycleView<Content: View>: View {
    enum Phase { case appear, disappear }
    let content: Content
    let phase: Phase
    let action: (() -> Void)?
    var body: Never { fatalError("LifecycleView is primitive") }
}

struct RefreshableView<Content: View>: View {
    let content: Content
    let action: @Sendable () async -> Void
    var body: Never { fatalError("RefreshableView is primitive") }
}

struct SubmitView<Content: View>: View {
    let content: Content
    let handler: ResolvedSubmit
    var body: Never { fatalError("SubmitView is primitive") }
}

struct DisabledView<Content: View>: View {
    let content: Content
    let disabled: Bool
    var body: Never { fatalError("DisabledView is primitive") }
}

struct HiddenView<Content: View>: View {
    let content: Content
    var body: Never { fatalError("HiddenView is primitive") }
}

struct ContentShapeView<Content: View>: View {
    let content: Content
    let shape: ResolvedShape
    var body: Never { fatalError("ContentShapeView is primitive") }
}
