import ModifierKit

// The modifiers that change how a view looks. Colours are strings the SDK parses (`"red"`,
// `"#FF3B30"`, `"#FF3B3080"`, `"rgb(255 0 0)"`, ...).

/// `{"$type": "padding", "all": 8, "top": 12}`: space around the view, in points.
///
/// Each edge takes the most specific key given: `top` from `top`, else `vertical`, else
/// `all` (`leading`/`trailing` likewise through `horizontal`); an edge no key covers gets no
/// padding, and with no key at all every edge gets the default padding (16 points), as
/// SwiftUI's `padding()`. `{"all": 4, "top": 10}` is 10 on top and 4 elsewhere.
struct PaddingModifier: ViewModifier, Record {
    @Field var all: Double?
    @Field var horizontal: Double?
    @Field var vertical: Double?
    @Field var top: Double?
    @Field var bottom: Double?
    @Field var leading: Double?
    @Field var trailing: Double?

    init() {}

    /// The padding on each edge, by the rules above.
    var insets: EdgeInsets {
        let given = [all, horizontal, vertical, top, bottom, leading, trailing].contains { $0 != nil }
        let fallback = given ? 0 : EdgeInsets.defaultPadding
        return EdgeInsets(
            top: top ?? vertical ?? all ?? fallback,
            leading: leading ?? horizontal ?? all ?? fallback,
            bottom: bottom ?? vertical ?? all ?? fallback,
            trailing: trailing ?? horizontal ?? all ?? fallback)
    }

    func body(content: Content) -> some View {
        content.padding(insets)
    }
}

/// `{"$type": "frame", "width": 100, "maxHeight": 300, "alignment": "topLeading"}`: sets or
/// bounds the view's size, in points.
///
/// `width`/`height` make SwiftUI's fixed frame, the `min…`/`ideal…`/`max…` keys its flexible
/// frame. Given both kinds, the fixed frame applies first and the flexible one around it, as
/// `.frame(width:height:).frame(minWidth:…)` would in SwiftUI (SwiftUI has no single frame
/// taking both); a snapshot then shows two frames. Absent keys leave that size to the view.
struct FrameModifier: ViewModifier, Record {
    @Field(.minimum(0)) var width: Double?
    @Field(.minimum(0)) var height: Double?
    @Field(.minimum(0)) var minWidth: Double?
    @Field(.minimum(0)) var idealWidth: Double?
    @Field(.minimum(0)) var maxWidth: Double?
    @Field(.minimum(0)) var minHeight: Double?
    @Field(.minimum(0)) var idealHeight: Double?
    @Field(.minimum(0)) var maxHeight: Double?
    @Field var alignment: FrameAlignment = .center

    init() {}

    private var isFixed: Bool { width != nil || height != nil }

    private var isFlexible: Bool {
        [minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight].contains { $0 != nil }
    }

    func body(content: Content) -> some View {
        if isFixed && isFlexible {
            content
                .frame(width: width, height: height, alignment: alignment.alignment)
                .frame(
                    minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth, minHeight: minHeight,
                    idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment.alignment)
        } else if isFlexible {
            content.frame(
                minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth, minHeight: minHeight,
                idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment.alignment)
        } else {
            content.frame(width: width, height: height, alignment: alignment.alignment)
        }
    }
}

/// `{"$type": "background", "color": "yellow", "shape": "capsule"}`: fills the area behind
/// the view, or only `shape` when one is given. `cornerRadius` is the radius of a
/// `roundedRectangle` (0 when absent); given without a shape, it makes the shape a
/// `roundedRectangle` with that radius. Other shapes ignore it.
struct BackgroundModifier: ViewModifier, Record {
    @Field(.required) var color: Color = .clear
    @Field var shape: ShapeName?
    @Field(.minimum(0)) var cornerRadius: Double?

    init() {}

    func body(content: Content) -> some View {
        switch shape ?? (cornerRadius != nil ? .roundedRectangle : nil) {
        case nil: content.background(color)
        case .rectangle: content.background(color, in: Rectangle())
        case .roundedRectangle: content.background(color, in: RoundedRectangle(cornerRadius: cornerRadius ?? 0))
        case .circle: content.background(color, in: Circle())
        case .capsule: content.background(color, in: Capsule())
        case .ellipse: content.background(color, in: Ellipse())
        }
    }
}

/// `{"$type": "foregroundStyle", "color": "#FF3B30"}`: the colour of the view's text and
/// symbols. `secondary` and `tertiary` colour the further layers of symbols (SwiftUI's
/// `foregroundStyle(_:_:_:)`, which the palette rendering mode uses); `tertiary` needs
/// `secondary`.
struct ForegroundStyleModifier: ViewModifier, Record {
    @Field(.required) var color: Color = .primary
    @Field var secondary: Color?
    @Field var tertiary: Color?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        if tertiary != nil && secondary == nil {
            throw refusal(
                field: "tertiary", value: params["tertiary"].map { "\($0)" }, type: "Color?",
                expected: "'tertiary' only with 'secondary' (the layers are coloured in order)")
        }
    }

    func body(content: Content) -> some View {
        if let secondary {
            content.foregroundStyle(color, secondary, tertiary)
        } else {
            content.foregroundStyle(color)
        }
    }
}

/// `{"$type": "tint", "color": "orange"}`: the view's accent colour.
struct TintModifier: ViewModifier, Record {
    @Field(.required) var color: Color = .blue

    init() {}

    func body(content: Content) -> some View {
        content.tint(color)
    }
}

/// `{"$type": "font", "size": 20, "weight": "bold", "design": "rounded"}`: the font of the
/// view's text.
///
/// How the keys map to SwiftUI's `Font`:
/// - `family` given: `.custom(family, size: size ?? 17)` (17 points is the body text size),
///   made `weight` when one is given. A named family has its own design: `design` is ignored.
/// - else `size` given: `.system(size: size, weight: weight, design: design)`.
/// - else `weight` or `design` given: the body text style with them,
///   `.system(.body, design: design, weight: weight)` (SwiftUI's default text style; the
///   SDK's `Font` has no public way to carry a weight or design without a size or style).
/// - no key: `font(nil)`, which keeps the default font and records no style.
struct FontModifier: ViewModifier, Record {
    @Field var family: String?
    @Field(.minimum(0)) var size: Double?
    @Field var weight: FontWeight?
    @Field var design: FontDesign?

    /// The size of a named family given without a size: SwiftUI's body text size.
    static let defaultFamilySize = 17.0

    init() {}

    /// The font, by the rules above.
    var font: Font? {
        if let family {
            let font = Font.custom(family, size: size ?? FontModifier.defaultFamilySize)
            return weight.map { font.weight($0.weight) } ?? font
        }
        if let size {
            return .system(size: size, weight: weight?.weight, design: design?.design)
        }
        if weight != nil || design != nil {
            return .system(.body, design: design?.design, weight: weight?.weight)
        }
        return nil
    }

    func body(content: Content) -> some View {
        content.font(font)
    }
}

/// `{"$type": "opacity", "value": 0.5}`: 0 is invisible (still hit by gestures), 1 opaque.
/// `value` must be between 0 and 1.
struct OpacityModifier: ViewModifier, Record {
    @Field(.required, .minimum(0), .maximum(1)) var value: Double = 1

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
    }

    func body(content: Content) -> some View {
        content.opacity(value)
    }
}

/// `{"$type": "cornerRadius", "radius": 12}`: clips the view to a rectangle with corners
/// rounded by `radius` points.
struct CornerRadiusModifier: ViewModifier, Record {
    @Field(.required, .minimum(0)) var radius: Double = 0

    init() {}

    func body(content: Content) -> some View {
        content.cornerRadius(radius)
    }
}

/// `{"$type": "border", "color": "gray", "width": 1}`: a border of `width` points inside the
/// view's frame.
struct BorderModifier: ViewModifier, Record {
    @Field(.required) var color: Color = .primary
    @Field(.minimum(0)) var width: Double = 1

    init() {}

    func body(content: Content) -> some View {
        content.border(color, width: width)
    }
}

/// `{"$type": "listRowBackground", "color": "#F2F2F7"}`: the background of the List row the
/// view is.
struct ListRowBackgroundModifier: ViewModifier, Record {
    @Field(.required) var color: Color = .clear

    init() {}

    func body(content: Content) -> some View {
        content.listRowBackground(color)
    }
}

/// `{"$type": "badge", "value": "3"}`: a badge on the view (a List row's trailing text).
/// Without `value` (or with `null`) there is no badge.
struct BadgeModifier: ViewModifier, Record {
    @Field var value: String?

    init() {}

    func body(content: Content) -> some View {
        content.badge(value)
    }
}

/// `{"$type": "deleteDisabled", "disabled": true}`: keeps the List row the view is from being
/// deleted by the list's editing.
struct DeleteDisabledModifier: ViewModifier, Record {
    @Field var disabled: Bool = true

    init() {}

    func body(content: Content) -> some View {
        content.deleteDisabled(disabled)
    }
}
