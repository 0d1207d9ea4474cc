/// A piece of UI, described headlessly. The host evaluates bodies to learn what a modifier
/// does to the view it is applied to.
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError("Never has no body") }
}

/// Transforms the view it is applied to, as SwiftUI's `ViewModifier` does.
public protocol ViewModifier {
    associatedtype Body: View
    /// The view the modifier is applied to.
    typealias Content = ModifiedContent
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a modifier is applied to, inside `body(content:)`.
public struct ModifiedContent: View {
    public var body: Never { fatalError("content is primitive") }
    init() {}
}

/// Builds views from the statements in a `body`.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<V: View>(_ view: V) -> V { view }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<V: View>(_ view: V) -> V { view }
    public static func buildBlock<each V: View>(_ views: repeat each V) -> TupleView<(repeat each V)> {
        TupleView((repeat each views))
    }
    public static func buildOptional<V: View>(_ view: V?) -> OptionalView<V> { OptionalView(view) }
    public static func buildEither<First: View, Second: View>(first: First) -> ConditionalView<First, Second> { .first(first) }
    public static func buildEither<First: View, Second: View>(second: Second) -> ConditionalView<First, Second> { .second(second) }
    public static func buildLimitedAvailability<V: View>(_ view: V) -> V { view }
}

/// No view at all.
public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError("EmptyView is primitive") }
}

/// Several views in sequence.
public struct TupleView<T>: View {
    public let value: T
    public init(_ value: T) { self.value = value }
    public var body: Never { fatalError("TupleView is primitive") }
}

/// A view that is there or not (`if` without `else`).
public struct OptionalView<Wrapped: View>: View {
    public let wrapped: Wrapped?
    public init(_ wrapped: Wrapped?) { self.wrapped = wrapped }
    public var body: Never { fatalError("OptionalView is primitive") }
}

/// One of two views (`if`/`else`, `switch`).
public enum ConditionalView<First: View, Second: View>: View {
    case first(First)
    case second(Second)
    public var body: Never { fatalError("ConditionalView is primitive") }
}
