import ModifierKit

// Expo UI's shape, overlay, 3D, list-section, grid-cell and image modifiers: the snapshot
// records them by SwiftUI's name (see RecordedModifiers.swift).

/// `{"$type": "clipShape", "shape": "circle"}` and `mask`: the view shows only inside `shape`
/// (a rounded rectangle of `cornerRadius`, 0 when absent).
struct ClipShapeModifier: CheckedModifier {
    @Field(.required) var shape: ShapeName = .rectangle
    @Field(.minimum(0)) var cornerRadius: Double?

    init() {}

    var arguments: [StyleArgument] {
        [.string("shape", shape.rawValue)] + (shape == .roundedRectangle ? [.number("cornerRadius", cornerRadius ?? 0)] : [])
    }

    func body(content: Content) -> some View { content.recordStyle("clipShape", arguments) }
}

/// `{"$type": "mask", "shape": "capsule"}`: as `clipShape`, by SwiftUI's `mask`.
struct MaskModifier: CheckedModifier {
    @Field(.required) var shape: ShapeName = .rectangle
    @Field(.minimum(0)) var cornerRadius: Double?

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("mask", [.string("shape", shape.rawValue)] + (shape == .roundedRectangle ? [.number("cornerRadius", cornerRadius ?? 0)] : []))
    }
}

/// A rounded shape's corner style: `containerShape`'s `roundedCornerStyle`.
enum RoundedCornerStyle: String, Enumerable {
    case continuous
    case circular
}

/// `{"$type": "containerShape", "shape": "roundedRectangle", "cornerRadius": 12}`: the shape
/// container-relative shapes inside take.
struct ContainerShapeModifier: CheckedModifier {
    @Field(.required) var shape: ShapeName = .rectangle
    @Field(.minimum(0)) var cornerRadius: Double?
    @Field var roundedCornerStyle: RoundedCornerStyle?

    init() {}

    func body(content: Content) -> some View {
        var arguments: [StyleArgument] = [.string("shape", shape.rawValue)]
        if shape == .roundedRectangle { arguments.append(.number("cornerRadius", cornerRadius ?? 0)) }
        if let roundedCornerStyle { arguments.append(.string("roundedCornerStyle", roundedCornerStyle.rawValue)) }
        return content.recordStyle("containerShape", arguments)
    }
}

/// `overlay`'s and `backgroundOverlay`'s `alignment`.
enum OverlayAlignment: String, Enumerable {
    case center
    case top
    case bottom
    case leading
    case trailing
}

/// `{"$type": "overlay", "color": "#00000040", "alignment": "top"}`: a colour over the view.
struct OverlayModifier: CheckedModifier {
    @Field var color: Color?
    @Field var alignment: OverlayAlignment = .center

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("overlay", (color.map { [.color("color", $0)] } ?? []) + [.string("alignment", alignment.rawValue)])
    }
}

/// `{"$type": "backgroundOverlay", "color": "yellow"}`: a colour behind the view, aligned.
struct BackgroundOverlayModifier: CheckedModifier {
    @Field var color: Color?
    @Field var alignment: OverlayAlignment = .center

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("backgroundOverlay", (color.map { [.color("color", $0)] } ?? []) + [.string("alignment", alignment.rawValue)])
    }
}

/// `{"$type": "rotation3DEffect", "angle": 30, "axisX": 0, "axisY": 1, "axisZ": 0, "perspective": 1}`:
/// rotates the drawing in 3D by `angle` degrees around the axis.
struct Rotation3DEffectModifier: CheckedModifier {
    @Field(.required) var angle: Double = 0
    @Field var axisX: Double = 0
    @Field var axisY: Double = 0
    @Field var axisZ: Double = 0
    @Field var perspective: Double = 1

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("rotation3DEffect", [
            .number("angle", angle), .number("axisX", axisX), .number("axisY", axisY), .number("axisZ", axisZ),
            .number("perspective", perspective),
        ])
    }
}

/// `listSectionSpacing`'s `spacing`.
enum SectionSpacing: String, Enumerable {
    case `default`
    case compact
    case custom
}

/// `{"$type": "listSectionSpacing", "spacing": "custom", "value": 24}`: the space between a
/// List's sections. `custom` needs `value` (0 or more); the others take none.
struct ListSectionSpacingModifier: CheckedModifier {
    @Field(.required) var spacing: SectionSpacing = .default
    @Field(.minimum(0)) var value: Double?

    init() {}

    func check(_ params: Dict) throws {
        if spacing == .custom {
            guard value != nil else {
                throw refusal(field: "value", value: nil, type: "Double?", expected: "a 'value' with spacing 'custom'")
            }
        } else if value != nil {
            throw refusal(field: "value", value: params["value"].map { "\($0)" }, type: "Double?", expected: "no 'value' unless spacing is 'custom'")
        }
    }

    func body(content: Content) -> some View {
        content.recordStyle("listSectionSpacing", [.string("spacing", spacing.rawValue)] + (value.map { [.number("value", $0)] } ?? []))
    }
}

/// `{"$type": "listSectionMargins", "length": 8, "edges": "horizontal"}`: a section's margins.
struct ListSectionMarginsModifier: CheckedModifier {
    @Field(.minimum(0)) var length: Double?
    @Field var edges: EdgeSetName = .all

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("listSectionMargins", (length.map { [.number("length", $0)] } ?? []) + [.string("edges", edges.rawValue)])
    }
}

/// `{"$type": "gridCellColumns", "count": 2}`: the Grid columns the cell spans (1 or more).
struct GridCellColumnsModifier: CheckedModifier {
    @Field(.minimum(1)) var count: Int = 1

    init() {}

    func body(content: Content) -> some View { content.recordStyle("gridCellColumns", [.number("count", Double(count))]) }
}

/// An axis: `gridCellUnsizedAxes`'s `axes`.
enum AxisName: String, Enumerable {
    case horizontal
    case vertical
}

/// `{"$type": "gridCellUnsizedAxes", "axes": "horizontal"}`: the cell takes no space of its
/// own along the axis.
struct GridCellUnsizedAxesModifier: CheckedModifier {
    @Field var axes: AxisName?

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("gridCellUnsizedAxes", axes.map { [.string("axes", $0.rawValue)] } ?? [])
    }
}

/// `{"$type": "gridColumnAlignment", "alignment": "trailing"}`: how a Grid column aligns.
struct GridColumnAlignmentModifier: CheckedModifier {
    @Field var alignment: TextAlignment?

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("gridColumnAlignment", alignment.map { [.string("alignment", $0.rawValue)] } ?? [])
    }
}

/// `resizable`'s `resizingMode`.
enum ResizingMode: String, Enumerable {
    case stretch
    case tile
}

/// `{"$type": "resizable", "top": 4, "resizingMode": "tile"}`: an Image fills its frame, cap
/// insets (points, 0 or more) kept as they are.
struct ResizableModifier: CheckedModifier {
    @Field(.minimum(0)) var top: Double?
    @Field(.minimum(0)) var leading: Double?
    @Field(.minimum(0)) var bottom: Double?
    @Field(.minimum(0)) var trailing: Double?
    @Field var resizingMode: ResizingMode = .stretch

    init() {}

    func body(content: Content) -> some View {
        let insets: [(String, Double?)] = [("top", top), ("leading", leading), ("bottom", bottom), ("trailing", trailing)]
        return content.recordStyle(
            "resizable", insets.compactMap { label, value in value.map { .number(label, $0) } } + [.string("resizingMode", resizingMode.rawValue)])
    }
}

/// `{"$type": "scrollDisabled", "disabled": true}`: the List or ScrollView at or under the view
/// does not scroll, so the host refuses to pull it to refresh (the innermost one wins).
struct ScrollDisabledModifier: CheckedModifier {
    @Field var disabled: Bool = true

    init() {}

    func body(content: Content) -> some View { content.scrollDisabled(disabled) }
}

/// `containerRelativeFrame`'s `axes`.
enum AxesName: String, Enumerable {
    case horizontal
    case vertical
    case both
}

/// `{"$type": "containerRelativeFrame", "axes": "horizontal", "count": 3, "span": 2, "spacing": 8}`:
/// a frame that is `span` of `count` parts of the container's size (counts 1 or more, `span`
/// at most `count`).
struct ContainerRelativeFrameModifier: CheckedModifier {
    @Field(.required) var axes: AxesName = .both
    @Field(.minimum(1)) var count: Int?
    @Field var span: Int?
    @Field(.minimum(0)) var spacing: Double?
    @Field var alignment: FrameAlignment = .center

    init() {}

    func check(_ params: Dict) throws {
        if let span { try ExpoUI.check(span, field: "span", in: params, expected: "a span from 1 to count (\(count ?? 1))") { $0 >= 1 && $0 <= (count ?? 1) } }
    }

    func body(content: Content) -> some View {
        var arguments: [StyleArgument] = [.string("axes", axes.rawValue)]
        if let count { arguments.append(.number("count", Double(count))) }
        if let span { arguments.append(.number("span", Double(span))) }
        if let spacing { arguments.append(.number("spacing", spacing)) }
        arguments.append(.string("alignment", alignment.rawValue))
        return content.recordStyle("containerRelativeFrame", arguments)
    }
}
