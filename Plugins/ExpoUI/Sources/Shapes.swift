import ModifierKit

// Expo UI's shapes as views (`<Circle />`, `<RoundedRectangle cornerRadius={12} />`), SDK 58's
// names and props. Headless, a shape fills its frame with nothing to draw: its body is the
// SDK's shape (shown in the snapshot with its corners), and the node is hit by its content,
// so a tap gesture on a shape is taken as on a device.

/// A `Rectangle`, `Circle`, `Ellipse` or `ConcentricRectangle` has no props of its own.
public final class ShapeProps: ExpoSwiftUI.ViewProps {
    public required init() {}
}

/// A rectangle filling its frame.
public struct RectangleView: ExpoSwiftUI.View {
    public let props: ShapeProps
    public init(props: ShapeProps) { self.props = props }
    public var body: some View { Rectangle() }
}

/// A circle centred in its frame.
public struct CircleView: ExpoSwiftUI.View {
    public let props: ShapeProps
    public init(props: ShapeProps) { self.props = props }
    public var body: some View { Circle() }
}

/// An ellipse filling its frame.
public struct EllipseView: ExpoSwiftUI.View {
    public let props: ShapeProps
    public init(props: ShapeProps) { self.props = props }
    public var body: some View { Ellipse() }
}

/// A `RoundedRectangle`'s props: the corners' radius.
public final class RoundedRectangleProps: ExpoSwiftUI.ViewProps {
    @Field(.minimum(0)) public var cornerRadius: Double = 0
    public required init() {}
}

/// A rectangle with rounded corners.
public struct RoundedRectangleView: ExpoSwiftUI.View {
    public let props: RoundedRectangleProps
    public init(props: RoundedRectangleProps) { self.props = props }
    public var body: some View { RoundedRectangle(cornerRadius: props.cornerRadius) }
}

/// A `Capsule`'s props: how its ends are rounded (shown in the props; no headless effect).
public final class CapsuleProps: ExpoSwiftUI.ViewProps {
    @Field var cornerStyle: RoundedCornerStyle?
    public required init() {}
}

/// A capsule filling its frame.
public struct CapsuleView: ExpoSwiftUI.View {
    public let props: CapsuleProps
    public init(props: CapsuleProps) { self.props = props }
    public var body: some View { Capsule() }
}

/// An `UnevenRoundedRectangle`'s props: a radius per corner (0: square).
public final class UnevenRoundedRectangleProps: ExpoSwiftUI.ViewProps {
    @Field(.minimum(0)) public var topLeadingRadius: Double = 0
    @Field(.minimum(0)) public var topTrailingRadius: Double = 0
    @Field(.minimum(0)) public var bottomLeadingRadius: Double = 0
    @Field(.minimum(0)) public var bottomTrailingRadius: Double = 0
    public required init() {}
}

/// A rectangle whose corners each have a radius of their own.
public struct UnevenRoundedRectangleView: ExpoSwiftUI.View {
    public let props: UnevenRoundedRectangleProps
    public init(props: UnevenRoundedRectangleProps) { self.props = props }
    public var body: some View {
        UnevenRoundedRectangle(
            topLeadingRadius: props.topLeadingRadius, bottomLeadingRadius: props.bottomLeadingRadius,
            bottomTrailingRadius: props.bottomTrailingRadius, topTrailingRadius: props.topTrailingRadius)
    }
}

/// How a `ConcentricRectangle`'s corner is rounded.
enum ConcentricCornerKind: String, Enumerable {
    /// Following the container's corner, at least `minimumRadius`.
    case concentric
    /// A fixed `radius`.
    case fixed
}

/// One corner: `{type: 'concentric', minimumRadius?}` or `{type: 'fixed', radius}`.
struct ConcentricCorner: Record {
    @Field(.required) var type: ConcentricCornerKind = .concentric
    @Field(.minimum(0)) var minimumRadius: Double?
    @Field(.minimum(0)) var radius: Double?
}

/// The four corners, each optional.
struct ConcentricCorners: Record {
    @Field var topLeadingCorner: ConcentricCorner?
    @Field var topTrailingCorner: ConcentricCorner?
    @Field var bottomLeadingCorner: ConcentricCorner?
    @Field var bottomTrailingCorner: ConcentricCorner?
}

/// A `ConcentricRectangle`'s props: its corners (shown in the props: headless there is no
/// container whose corners they follow).
public final class ConcentricRectangleProps: ExpoSwiftUI.ViewProps {
    @Field var corners: ConcentricCorners?
    public required init() {}
}

/// A rectangle concentric with its container (iOS 26).
public struct ConcentricRectangleView: ExpoSwiftUI.View {
    public let props: ConcentricRectangleProps
    public init(props: ConcentricRectangleProps) { self.props = props }
    public var body: some View { ConcentricRectangle() }
}
