import ModifierKit

// SDK 58's layout components that the host's own stacks do not cover: the lazy stacks, Grid
// and its rows, Overlay, Background, Mask, GlassEffectContainer and Namespace. Headless, they
// arrange nothing: each body places its children as the matching SwiftUI stack would, so the
// snapshot shows the structure, and what has no headless effect is shown in the props.

/// A lazy vertical stack's `alignment`.
enum LazyVStackAlignment: String, Enumerable {
    case center, leading, trailing

    var alignment: HorizontalAlignment {
        switch self {
        case .center: return .center
        case .leading: return .leading
        case .trailing: return .trailing
        }
    }
}

/// A lazy horizontal stack's `alignment`.
enum LazyHStackAlignment: String, Enumerable {
    case center, top, bottom, firstTextBaseline, lastTextBaseline

    var alignment: VerticalAlignment {
        switch self {
        case .center: return .center
        case .top: return .top
        case .bottom: return .bottom
        case .firstTextBaseline: return .firstTextBaseline
        case .lastTextBaseline: return .lastTextBaseline
        }
    }
}

/// A `LazyVStack`'s props.
public final class LazyVStackProps: ExpoSwiftUI.ViewProps {
    @Field public var spacing: Double?
    @Field var alignment: LazyVStackAlignment = .center
    public required init() {}
}

/// A vertical stack whose rows a device makes as they scroll into view. Headless there is no
/// viewport yet: every row is made, and appears, at once.
public struct LazyVStackView: ExpoSwiftUI.View {
    public let props: LazyVStackProps
    public init(props: LazyVStackProps) { self.props = props }
    public var body: some View { VStack(alignment: props.alignment.alignment, spacing: props.spacing) { Children() } }
}

/// A `LazyHStack`'s props.
public final class LazyHStackProps: ExpoSwiftUI.ViewProps {
    @Field public var spacing: Double?
    @Field var alignment: LazyHStackAlignment = .center
    public required init() {}
}

/// A horizontal stack made lazily on a device; headless, as `LazyVStack`, all at once.
public struct LazyHStackView: ExpoSwiftUI.View {
    public let props: LazyHStackProps
    public init(props: LazyHStackProps) { self.props = props }
    public var body: some View { HStack(alignment: props.alignment.alignment, spacing: props.spacing) { Children() } }
}

/// A `Grid`'s props: its cells' alignment and the spacing between rows and columns.
public final class GridProps: ExpoSwiftUI.ViewProps {
    @Field var alignment: FrameAlignment = .center
    @Field public var verticalSpacing: Double?
    @Field public var horizontalSpacing: Double?
    public required init() {}
}

/// A grid: its children are `Grid.Row`s, one above the other.
public struct GridView: ExpoSwiftUI.View {
    public let props: GridProps
    public init(props: GridProps) { self.props = props }
    public var body: some View { VStack(spacing: props.verticalSpacing) { Children() } }
}

/// A `Grid.Row` has no props of its own.
public final class GridRowProps: ExpoSwiftUI.ViewProps {
    public required init() {}
}

/// A row of a grid: its children are the cells, side by side.
public struct GridRowView: ExpoSwiftUI.View {
    public let props: GridRowProps
    public init(props: GridRowProps) { self.props = props }
    public var body: some View { HStack { Children() } }
}

/// An `Overlay`'s or a `Mask`'s props: where the `content` slot (`Overlay.Content`,
/// `Mask.Content`) sits over the children.
public final class LayeredProps: ExpoSwiftUI.ViewProps {
    @Field var alignment: FrameAlignment = .center
    public var content = Slot()
    public required init() {}
}

/// The children, with the `Overlay.Content` view over them.
public struct OverlayView: ExpoSwiftUI.View {
    public let props: LayeredProps
    public init(props: LayeredProps) { self.props = props }
    public var body: some View {
        ZStack(alignment: props.alignment.alignment) {
            Children()
            if !props.content.isEmpty { props.content }
        }
    }
}

/// The children, shown only inside the `Mask.Content` view's shape (no headless effect: the
/// mask is placed after them, as SwiftUI's `mask` takes it).
public struct MaskView: ExpoSwiftUI.View {
    public let props: LayeredProps
    public init(props: LayeredProps) { self.props = props }
    public var body: some View {
        ZStack(alignment: props.alignment.alignment) {
            Children()
            if !props.content.isEmpty { props.content }
        }
    }
}

/// A `Background`'s props: where the background (the last child) sits.
public final class BackgroundProps: ExpoSwiftUI.ViewProps {
    @Field var alignment: FrameAlignment = .center
    public required init() {}
}

/// The foreground, then one background view as the last child, sized to the foreground: a
/// `ZStack` of the children as given (the snapshot keeps their order).
public struct BackgroundView: ExpoSwiftUI.View {
    public let props: BackgroundProps
    public init(props: BackgroundProps) { self.props = props }
    public var body: some View { ZStack(alignment: props.alignment.alignment) { Children() } }
}

/// A `GlassEffectContainer`'s props: the spacing at which its glass shapes merge (shown in
/// the props: glass has no headless effect).
public final class GlassEffectContainerProps: ExpoSwiftUI.ViewProps {
    @Field public var spacing: Double?
    public required init() {}
}

/// Views with `glassEffect` drawn together; headless, its children.
public struct GlassEffectContainerView: ExpoSwiftUI.View {
    public let props: GlassEffectContainerProps
    public init(props: GlassEffectContainerProps) { self.props = props }
    public var body: some View { Children() }
}

/// A `Namespace`'s props: the id that `matchedGeometryEffect` and `glassEffectId` name.
public final class NamespaceProps: ExpoSwiftUI.ViewProps {
    @Field(.required) public var id: String = ""
    public required init() {}
}

/// Gives its children a matched-geometry namespace; headless, its children (the id is shown
/// in the props, and in the modifiers that name it).
public struct NamespaceView: ExpoSwiftUI.View {
    public let props: NamespaceProps
    public init(props: NamespaceProps) { self.props = props }
    public var body: some View { Children() }
}

/// A `Link`'s props: the URL it opens, and its label (a string, or the children).
public final class LinkProps: ExpoSwiftUI.ViewProps {
    @Field(.required) public var destination: String = ""
    @Field public var label: String?
    public required init() {}
}

/// A link: a button that opens `destination` (shown in the props). Headless there is nothing
/// to open: a tap on it is taken (as a device takes it) and does nothing else.
public struct LinkView: ExpoSwiftUI.View {
    public let props: LinkProps
    public init(props: LinkProps) { self.props = props }
    public var body: some View {
        Group {
            if let label = props.label {
                Button(label) {}
            } else {
                Children().onTapGesture {}
            }
        }
    }
}
