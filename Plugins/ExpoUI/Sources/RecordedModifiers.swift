import ModifierKit

// Expo UI's modifiers whose effect the host shows but does not compute: shadows, blurs,
// colour effects, transforms, text styles, list and control styles. Each records a style
// by SwiftUI's name (`recordStyle`), so a node's snapshot lists it among its `styles`, in
// application order, with the params as the modifier read them.

/// A modifier made from its params, then checked for what fields cannot express (ranges,
/// keys that go together). The module's factory and the tests make it the same way.
protocol CheckedModifier: ViewModifier, Record, SendableMetatype {
    /// Throws a `FieldError` at the offending field when the decoded params are out of range.
    func check(_ params: Dict) throws
}

extension CheckedModifier {
    func check(_ params: Dict) throws {}

    /// The modifier made from `params` and checked.
    static func make(from params: Dict, appContext: AppContext) throws -> Self {
        let modifier = try Self(from: params, appContext: appContext)
        try modifier.check(params)
        return modifier
    }
}

extension StyleArgument {
    static func number(_ label: String, _ value: Double) -> StyleArgument { StyleArgument(label, .number(value)) }
    static func string(_ label: String, _ value: String) -> StyleArgument { StyleArgument(label, .string(value)) }
    static func bool(_ label: String, _ value: Bool) -> StyleArgument { StyleArgument(label, .bool(value)) }
    static func color(_ label: String, _ value: Color) -> StyleArgument { StyleArgument(label, .color(value)) }
}

// MARK: - Layout and style

/// `{"$type": "shadow", "radius": 4, "x": 0, "y": 2, "color": "#00000040"}`: a drop shadow.
/// `radius` (the blur, in points) must not be negative; `color` absent is SwiftUI's default
/// translucent black, and the snapshot then has no `color`.
struct ShadowModifier: CheckedModifier {
    @Field(.required, .minimum(0)) var radius: Double = 0
    @Field var x: Double = 0
    @Field var y: Double = 0
    @Field var color: Color?

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("shadow", (color.map { [.color("color", $0)] } ?? []) + [.number("radius", radius), .number("x", x), .number("y", y)])
    }
}

/// `{"$type": "offset", "x": 10, "y": -4}`: moves the view's drawing by points, not its layout.
struct OffsetModifier: CheckedModifier {
    @Field var x: Double = 0
    @Field var y: Double = 0

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("offset", [.number("x", x), .number("y", y)])
    }
}

/// `{"$type": "fixedSize", "horizontal": true, "vertical": false}`: the view keeps its ideal
/// size along the axes given (both when absent).
struct FixedSizeModifier: CheckedModifier {
    @Field var horizontal: Bool = true
    @Field var vertical: Bool = true

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("fixedSize", [.bool("horizontal", horizontal), .bool("vertical", vertical)])
    }
}

/// `{"$type": "clipped", "clipped": true}`: clips the view to its frame; `false` records nothing.
struct ClippedModifier: CheckedModifier {
    @Field var clipped: Bool = true

    init() {}

    func body(content: Content) -> some View {
        if clipped { content.recordStyle("clipped") } else { content }
    }
}

/// `aspectRatio`'s `contentMode`.
enum ContentMode: String, Enumerable {
    case fit
    case fill
}

/// `{"$type": "aspectRatio", "ratio": 1.5, "contentMode": "fill"}`: width over height, more
/// than 0; absent, the view's own ratio.
struct AspectRatioModifier: CheckedModifier {
    @Field(.exclusiveMinimum(0)) var ratio: Double?
    @Field var contentMode: ContentMode = .fit

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("aspectRatio", (ratio.map { [.number("ratio", $0)] } ?? []) + [.string("contentMode", contentMode.rawValue)])
    }
}

/// `{"$type": "zIndex", "index": 1}`: the view's place among its siblings' drawing order.
struct ZIndexModifier: CheckedModifier {
    @Field(.required) var index: Double = 0

    init() {}

    func body(content: Content) -> some View { content.recordStyle("zIndex", [.number("index", index)]) }
}

/// `{"$type": "layoutPriority", "priority": 1}`: who gets space first in a stack.
struct LayoutPriorityModifier: CheckedModifier {
    @Field(.required) var priority: Double = 0

    init() {}

    func body(content: Content) -> some View { content.recordStyle("layoutPriority", [.number("priority", priority)]) }
}

/// `{"$type": "scaleEffect", "x": 2, "y": 2}`: scales the view's drawing (1 is its size).
struct ScaleEffectModifier: CheckedModifier {
    @Field var x: Double = 1
    @Field var y: Double = 1

    init() {}

    func body(content: Content) -> some View { content.recordStyle("scaleEffect", [.number("x", x), .number("y", y)]) }
}

/// `{"$type": "rotationEffect", "angle": 45}`: rotates the view's drawing, in degrees.
struct RotationEffectModifier: CheckedModifier {
    @Field(.required) var angle: Double = 0

    init() {}

    func body(content: Content) -> some View { content.recordStyle("rotationEffect", [.number("angle", angle)]) }
}

// MARK: - Colour and effects

/// `{"$type": "foregroundColor", "color": "red"}`: Expo's deprecated alias of
/// `foregroundStyle` with a colour; the snapshot shows the `foregroundStyle` it is.
struct ForegroundColorModifier: CheckedModifier {
    @Field(.required) var color: Color = .primary

    init() {}

    func body(content: Content) -> some View { content.foregroundStyle(color) }
}

/// `{"$type": "blur", "radius": 8}`: a Gaussian blur of `radius` points (0 or more).
struct BlurModifier: CheckedModifier {
    @Field(.required, .minimum(0)) var radius: Double = 0

    init() {}

    func body(content: Content) -> some View { content.recordStyle("blur", [.number("radius", radius)]) }
}

/// `{"$type": "brightness", "amount": 0.2}`: -1 (black) to 1 (white); 0 leaves it.
struct BrightnessModifier: CheckedModifier {
    @Field(.required, .minimum(-1), .maximum(1)) var amount: Double = 0

    init() {}

    func body(content: Content) -> some View { content.recordStyle("brightness", [.number("amount", amount)]) }
}

/// `{"$type": "contrast", "amount": 1.5}`: 1 leaves it, 0 is grey, negative inverts.
struct ContrastModifier: CheckedModifier {
    @Field(.required) var amount: Double = 1

    init() {}

    func body(content: Content) -> some View { content.recordStyle("contrast", [.number("amount", amount)]) }
}

/// `{"$type": "saturation", "amount": 0.5}`: 0 or more; 1 leaves it, 0 is grey.
struct SaturationModifier: CheckedModifier {
    @Field(.required, .minimum(0)) var amount: Double = 1

    init() {}

    func body(content: Content) -> some View { content.recordStyle("saturation", [.number("amount", amount)]) }
}

/// `{"$type": "hueRotation", "angle": 90}`: shifts every hue by `angle` degrees.
struct HueRotationModifier: CheckedModifier {
    @Field(.required) var angle: Double = 0

    init() {}

    func body(content: Content) -> some View { content.recordStyle("hueRotation", [.number("angle", angle)]) }
}

/// `{"$type": "colorInvert", "inverted": true}`: inverts the colours; `false` records nothing.
struct ColorInvertModifier: CheckedModifier {
    @Field var inverted: Bool = true

    init() {}

    func body(content: Content) -> some View {
        if inverted { content.recordStyle("colorInvert") } else { content }
    }
}

/// `{"$type": "grayscale", "amount": 1}`: 0 (colour) to 1 (grey).
struct GrayscaleModifier: CheckedModifier {
    @Field(.required, .minimum(0), .maximum(1)) var amount: Double = 0

    init() {}

    func body(content: Content) -> some View { content.recordStyle("grayscale", [.number("amount", amount)]) }
}

/// `{"$type": "luminanceToAlpha"}`: a mask whose opacity is the view's luminance.
struct LuminanceToAlphaModifier: CheckedModifier {
    init() {}

    func body(content: Content) -> some View { content.recordStyle("luminanceToAlpha") }
}
