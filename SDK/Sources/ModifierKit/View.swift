/// A piece of UI, described headlessly, in the shape of SwiftUI's `View`.
///
/// Nothing is drawn: the host evaluates a modifier's ``ViewModifier/body(content:)`` with
/// ``ModifierEvaluator`` to learn what the modifier does to the view it is applied to
/// (its swipe actions, its tint, ...). Write views exactly as in SwiftUI:
///
/// ```swift
/// struct DeleteButton: View {
///   let onDelete: () -> Void
///   var body: some View {
///     Button(role: .destructive, action: onDelete) {
///       Label("Delete", systemImage: "trash")
///     }
///   }
/// }
/// ```
///
/// The views of this SDK (``Text``, ``Button``, ``ForEach``, ...) are *primitive*: their
/// `Body` is `Never` and the evaluator understands them directly. Your own views are
/// evaluated through their ``body``. A view of your own whose `Body` is `Never` cannot be
/// evaluated; the evaluator lists it in ``ModifierEffect/ignored``.
public protocol View {
    /// The type of view this view is made of.
    associatedtype Body: View
    /// The content of this view. The evaluator reads it each time it evaluates the view.
    @ViewBuilder var body: Body { get }

    /// How ``ModifierEvaluator`` reads this view. The SDK's primitive views implement it;
    /// leave it to the default, which reads ``body``.
    func _walk(with walker: inout _ViewWalker) -> Bool

    /// How the host evaluates this view inside a plugin view's body. The SDK's primitive
    /// views implement it; leave it to the default, which reads ``body``.
    func _render(into renderer: inout _BodyRenderer)
}

extension Never: View {
    /// `Never` has no body; it is the `Body` of primitive views.
    public var body: Never { fatalError("Never has no body") }
}

/// Transforms the view it is applied to, as SwiftUI's `ViewModifier` does.
///
/// Implement ``body(content:)`` and return `content` with modifiers applied:
///
/// ```swift
/// func body(content: Content) -> some View {
///   content
///     .swipeActions(edge: .trailing) {
///       Button("Archive") { archive() }
///     }
/// }
/// ```
///
/// The host builds the modifier from the front-end's params (see ``ViewModifierRegistry``)
/// and learns its effect with ``ModifierEvaluator/evaluate(_:)``.
public protocol ViewModifier {
    /// The type of view ``body(content:)`` returns.
    associatedtype Body: View
    /// The view the modifier is applied to.
    typealias Content = ModifiedContent
    /// The view `content` becomes once this modifier is applied. It is a ``ViewBuilder``,
    /// so it may hold several statements, `let`s, `if`s and `switch`es.
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a modifier is applied to, inside ``ViewModifier/body(content:)``.
///
/// It stands for the row or view on the front-end; only the host creates it. Apply
/// modifiers to it (`content.tint(.red)`) and return it from `body(content:)`.
public struct ModifiedContent: View {
    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("ModifiedContent is primitive") }
    init() {}
}

/// Builds views from the statements of a `body` or of a closure marked `@ViewBuilder`, as
/// SwiftUI's `ViewBuilder` does.
///
/// Supported: any number of view expressions (several become a ``TupleView``), local `let`
/// and `var` declarations, `if` (``OptionalView``), `if`/`else`, `if let`/`else` and `switch`
/// (``ConditionalView``), `if #available` (``AnyView``), and optional views (`Text?`).
@resultBuilder
public enum ViewBuilder {
    /// Each view statement, as it is.
    public static func buildExpression<V: View>(_ view: V) -> V { view }

    /// An empty block: ``EmptyView``.
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// A block of one view: that view.
    public static func buildBlock<V: View>(_ view: V) -> V { view }

    /// A block of several views: a ``TupleView`` of them, in order.
    public static func buildBlock<each V: View>(_ views: repeat each V) -> TupleView<(repeat each V)> {
        var children: [any View] = []
        for view in repeat each views {
            children.append(view)
        }
        return TupleView((repeat each views), children: children)
    }

    /// An `if` without `else`: the view when the condition held.
    public static func buildOptional<V: View>(_ view: V?) -> OptionalView<V> { OptionalView(view) }

    /// The first branch of an `if`/`else` or of a `switch`.
    public static func buildEither<First: View, Second: View>(first: First) -> ConditionalView<First, Second> {
        .first(first)
    }

    /// The second branch of an `if`/`else` or of a `switch`.
    public static func buildEither<First: View, Second: View>(second: Second) -> ConditionalView<First, Second> {
        .second(second)
    }

    /// The body of an `if #available` branch, with its type erased.
    public static func buildLimitedAvailability<V: View>(_ view: V) -> AnyView { AnyView(view) }
}

/// No view at all: what an empty ``ViewBuilder`` block builds.
public struct EmptyView: View {
    /// No view.
    public init() {}
    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("EmptyView is primitive") }
}

/// Several views in sequence, as a ``ViewBuilder`` block of more than one view builds them.
public struct TupleView<T>: View {
    /// The views, as a tuple.
    public let value: T
    /// The views of ``value`` in order, ready to be evaluated.
    let children: [any View]

    /// Views in sequence: `value` is a tuple of views (or a single view).
    public init(_ value: T) {
        self.value = value
        self.children = TupleView.views(in: value)
    }

    init(_ value: T, children: [any View]) {
        self.value = value
        self.children = children
    }

    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("TupleView is primitive") }

    private static func views(in value: T) -> [any View] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .tuple {
            return mirror.children.compactMap { $0.value as? any View }
        }
        if let view = value as? any View { return [view] }
        return []
    }
}

/// A view that is there or not: an `if` without `else` in a ``ViewBuilder``.
public struct OptionalView<Wrapped: View>: View {
    /// The view, or `nil` when the condition did not hold.
    public let wrapped: Wrapped?
    /// A view that is `wrapped`, or nothing.
    public init(_ wrapped: Wrapped?) { self.wrapped = wrapped }
    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("OptionalView is primitive") }
}

/// One of two views: an `if`/`else` or a `switch` in a ``ViewBuilder``.
public enum ConditionalView<First: View, Second: View>: View {
    /// The first branch (the `if`, or the first half of a `switch`'s cases).
    case first(First)
    /// The second branch (the `else`, or the rest of a `switch`'s cases).
    case second(Second)
    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("ConditionalView is primitive") }
}

/// An optional view is a view: the wrapped view, or nothing when `nil`.
extension Optional: View where Wrapped: View {
    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("Optional is primitive") }
}

/// A view whose type is erased, as SwiftUI's `AnyView`.
///
/// Use it to return views of different types from one place without a ``ViewBuilder``:
/// `return flag ? AnyView(Text("On")) : AnyView(EmptyView())`. The evaluator sees through it.
public struct AnyView: View {
    /// The view with its type erased.
    let view: any View

    /// Erases the type of `view`.
    public init<V: View>(_ view: V) {
        if let erased = view as? AnyView {
            self.view = erased.view
        } else {
            self.view = view
        }
    }

    /// Erases the type of `view`.
    public init(erasing view: some View) {
        self.init(view)
    }

    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("AnyView is primitive") }
}

/// Groups views without changing them, as SwiftUI's `Group`: modifiers applied to the group
/// apply to each of its views.
public struct Group<Content: View>: View {
    /// The grouped views.
    public let content: Content

    /// A group of the views `content` builds.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("Group is primitive") }
}
