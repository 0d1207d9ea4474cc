import ModifierKit

// SDK 58's text, list, control, navigation, tab and arrangement modifiers: the snapshot
// records them by SwiftUI's name (see RecordedModifiers.swift).

// MARK: - Text and layout

/// `alignmentGuide`'s `guide`.
enum AlignmentGuideName: String, Enumerable {
    case center
    case leading
    case trailing
    case listRowSeparatorLeading
    case listRowSeparatorTrailing
}

/// `{"$type": "alignmentGuide", "guide": "listRowSeparatorLeading", "value": 32}`: where a
/// horizontal guide of the view sits, in points from its leading edge.
struct AlignmentGuideModifier: CheckedModifier {
    @Field(.required) var guide: AlignmentGuideName = .leading
    @Field(.required) var value: Double = 0

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("alignmentGuide", [.string("guide", guide.rawValue), .number("value", value)])
    }
}

/// `{"$type": "lineHeight", "value": 22}`: the total height of a line of text, in points (0 or more).
struct LineHeightModifier: CheckedModifier {
    @Field(.required, .minimum(0)) var value: Double = 0

    init() {}

    func body(content: Content) -> some View { content.recordStyle("lineHeight", [.number("value", value)]) }
}

/// `{"$type": "minimumScaleFactor", "factor": 0.5}`: how far text may shrink to fit, 0 to 1.
struct MinimumScaleFactorModifier: CheckedModifier {
    @Field(.required, .minimum(0), .maximum(1)) var factor: Double = 1

    init() {}

    func body(content: Content) -> some View { content.recordStyle("minimumScaleFactor", [.number("factor", factor)]) }
}

/// A stroke's line cap.
enum LineCapName: String, Enumerable {
    case butt
    case round
    case square
}

/// A stroke's line join.
enum LineJoinName: String, Enumerable {
    case miter
    case round
    case bevel
}

/// `strokeBorder`'s `style`: SwiftUI's `StrokeStyle`, members absent at SwiftUI's defaults.
struct StrokeStyleParams: Record {
    @Field(.minimum(0)) var lineWidth: Double = 1
    @Field var lineCap: LineCapName = .butt
    @Field var lineJoin: LineJoinName = .miter
    @Field(.minimum(0)) var miterLimit: Double = 10
    @Field var dash: [Double] = []
    @Field var dashPhase: Double = 0

    init() {}
}

/// The shapes `strokeBorder` strokes.
enum StrokeShapeName: String, Enumerable {
    case rectangle
    case roundedRectangle
    case circle
    case capsule
    case ellipse
    case containerRelativeShape
}

/// `{"$type": "strokeBorder", "content": {"type": "color", "color": "red"}, "style":
/// {"lineWidth": 2}, "shape": "capsule"}`: a border stroked inside the view's shape.
/// `content` is a ShapeStyle (absent: the foreground style); `color` is Expo's deprecated
/// spelling of a colour content and does not go with `content`.
struct StrokeBorderModifier: CheckedModifier {
    @Field var content: ShapeStyleValue?
    @Field var color: Color?
    @Field var style: StrokeStyleParams?
    @Field var antialiased: Bool = true
    @Field var shape: StrokeShapeName?
    @Field(.minimum(0)) var cornerRadius: Double?

    init() {}

    func check(_ params: Dict) throws {
        if content != nil, color != nil {
            throw refusal(field: "color", value: params["color"].map { "\($0)" }, type: "Color?", expected: "either 'content' or the deprecated 'color', not both")
        }
    }

    func body(content view: Content) -> some View {
        let stroke = style ?? StrokeStyleParams()
        var arguments: [StyleArgument] = []
        if let paint = content ?? color.map(ShapeStyleValue.color) {
            arguments += paint.arguments(kindLabel: "content")
        }
        arguments += [.number("lineWidth", stroke.lineWidth), .string("lineCap", stroke.lineCap.rawValue), .string("lineJoin", stroke.lineJoin.rawValue), .number("miterLimit", stroke.miterLimit)]
        if !stroke.dash.isEmpty {
            arguments += [.string("dash", stroke.dash.map { String($0) }.joined(separator: ",")), .number("dashPhase", stroke.dashPhase)]
        }
        arguments.append(.bool("antialiased", antialiased))
        if let shape { arguments.append(.string("shape", shape.rawValue)) }
        if let cornerRadius { arguments.append(.number("cornerRadius", cornerRadius)) }
        return view.recordStyle("strokeBorder", arguments)
    }
}

// MARK: - Lists and controls

/// `{"$type": "listRowSeparatorTint", "color": "red", "edges": "bottom"}`: the colour of the
/// row's separators; `color` absent is the default colour (and is not in the snapshot).
struct ListRowSeparatorTintModifier: CheckedModifier {
    @Field var color: Color?
    @Field var edges: SeparatorEdges = .all

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("listRowSeparatorTint", (color.map { [.color("color", $0)] } ?? []) + [.string("edges", edges.rawValue)])
    }
}

/// `{"$type": "listRowSpacing", "spacing": 8}`: points between a List's rows (0 or more);
/// absent is the list's default.
struct ListRowSpacingModifier: CheckedModifier {
    @Field(.minimum(0)) var spacing: Double?

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("listRowSpacing", spacing.map { [.number("spacing", $0)] } ?? [])
    }
}

/// `buttonBorderShape`'s `shape`.
enum ButtonBorderShapeName: String, Enumerable {
    case automatic
    case capsule
    case roundedRectangle
    case circle
}

/// `{"$type": "buttonBorderShape", "shape": "roundedRectangle", "cornerRadius": 8}`: the border
/// shape of the buttons under the view; `cornerRadius` (0 or more) only with `roundedRectangle`.
struct ButtonBorderShapeModifier: CheckedModifier {
    @Field(.required) var shape: ButtonBorderShapeName = .automatic
    @Field(.minimum(0)) var cornerRadius: Double?

    init() {}

    func check(_ params: Dict) throws {
        if cornerRadius != nil, params["shape"] != nil, shape != .roundedRectangle {
            throw refusal(field: "cornerRadius", value: params["cornerRadius"].map { "\($0)" }, type: "Double?", expected: "no 'cornerRadius' unless shape is 'roundedRectangle'")
        }
    }

    func body(content: Content) -> some View {
        content.recordStyle("buttonBorderShape", [.string("shape", shape.rawValue)] + (cornerRadius.map { [.number("cornerRadius", $0)] } ?? []))
    }
}

/// `{"$type": "menuIndicator", "visibility": "hidden"}`: whether menus under the view show their chevron.
struct MenuIndicatorModifier: CheckedModifier {
    @Field(.required) var visibility: Visibility = .automatic

    init() {}

    func body(content: Content) -> some View { content.recordStyle("menuIndicator", [.string("visibility", visibility.rawValue)]) }
}

/// `menuStyle`'s `style`.
enum MenuStyleName: String, Enumerable {
    case automatic
    case button
}

/// `{"$type": "menuStyle", "style": "button"}`: how the menus under the view look.
struct MenuStyleModifier: CheckedModifier {
    @Field(.required) var style: MenuStyleName = .automatic

    init() {}

    func body(content: Content) -> some View { content.recordStyle("menuStyle", [.string("style", style.rawValue)]) }
}

/// `searchToolbarBehavior`'s `behavior`.
enum SearchToolbarBehaviorName: String, Enumerable {
    case automatic
    case minimize
}

/// `{"$type": "searchToolbarBehavior", "behavior": "minimize"}`: how a toolbar search field shows.
struct SearchToolbarBehaviorModifier: CheckedModifier {
    @Field(.required) var behavior: SearchToolbarBehaviorName = .automatic

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("searchToolbarBehavior", [.string("behavior", behavior.rawValue)])
    }
}

// MARK: - Navigation and tabs

/// `{"$type": "navigationTitle", "title": "Inbox"}`: the title a navigation bar shows for the view.
struct NavigationTitleModifier: CheckedModifier {
    @Field(.required) var title: String = ""

    init() {}

    func body(content: Content) -> some View { content.recordStyle("navigationTitle", [.string("title", title)]) }
}

/// `navigationBarTitleDisplayMode`'s `displayMode`.
enum NavigationBarTitleDisplayModeName: String, Enumerable {
    case automatic
    case inline
    case large
}

/// `{"$type": "navigationBarTitleDisplayMode", "displayMode": "inline"}`: how the bar shows the title.
struct NavigationBarTitleDisplayModeModifier: CheckedModifier {
    @Field(.required) var displayMode: NavigationBarTitleDisplayModeName = .automatic

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("navigationBarTitleDisplayMode", [.string("displayMode", displayMode.rawValue)])
    }
}

/// `toolbarTitleDisplayMode`'s `mode`.
enum ToolbarTitleDisplayModeName: String, Enumerable {
    case automatic
    case inline
    case inlineLarge
    case large
}

/// `{"$type": "toolbarTitleDisplayMode", "mode": "inlineLarge"}`: how the toolbar shows the title.
struct ToolbarTitleDisplayModeModifier: CheckedModifier {
    @Field(.required) var mode: ToolbarTitleDisplayModeName = .automatic

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("toolbarTitleDisplayMode", [.string("mode", mode.rawValue)])
    }
}

/// `navigationSplitViewStyle`'s `style`.
enum NavigationSplitViewStyleName: String, Enumerable {
    case automatic
    case balanced
    case prominentDetail
}

/// `{"$type": "navigationSplitViewStyle", "style": "balanced"}`: how a NavigationSplitView lays out.
struct NavigationSplitViewStyleModifier: CheckedModifier {
    @Field(.required) var style: NavigationSplitViewStyleName = .automatic

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("navigationSplitViewStyle", [.string("style", style.rawValue)])
    }
}

/// `{"$type": "navigationSplitViewColumnWidth", "width": 240}` or `{"min": 180, "ideal": 240,
/// "max": 320}`: a split view column's width in points (0 or more). A fixed `width` goes
/// alone; the resizable form needs `ideal`, with `min` <= `ideal` <= `max` when given.
struct NavigationSplitViewColumnWidthModifier: CheckedModifier {
    @Field(.minimum(0)) var width: Double?
    @Field(.minimum(0)) var min: Double?
    @Field(.minimum(0)) var ideal: Double?
    @Field(.minimum(0)) var max: Double?

    init() {}

    func check(_ params: Dict) throws {
        if width != nil {
            if let field = ["min", "ideal", "max"].first(where: { params[$0] != nil && !(params[$0] is JSNull) }) {
                throw refusal(field: field, value: params[field].map { "\($0)" }, type: "Double?", expected: "either a fixed 'width' or 'ideal' with 'min'/'max', not both")
            }
            return
        }
        guard params.keys.contains(where: { ["width", "min", "ideal", "max"].contains($0) }) else { return }
        guard let ideal else {
            throw refusal(field: "ideal", value: nil, type: "Double?", expected: "an 'ideal' width (or a fixed 'width')")
        }
        if let min { try ExpoUI.check(ideal, field: "ideal", in: params, expected: "an 'ideal' of 'min' (\(min)) or more") { $0 >= min } }
        if let max { try ExpoUI.check(max, field: "max", in: params, expected: "a 'max' of 'ideal' (\(ideal)) or more") { $0 >= ideal } }
    }

    func body(content: Content) -> some View {
        let widths: [(String, Double?)] = [("width", width), ("min", min), ("ideal", ideal), ("max", max)]
        return content.recordStyle("navigationSplitViewColumnWidth", widths.compactMap { label, value in value.map { .number(label, $0) } })
    }
}

/// `tabViewStyle`'s `type`.
enum TabViewStyleName: String, Enumerable {
    case page
    case automatic
    case sidebarAdaptable
}

/// A page index's visibility: `tabViewStyle`'s `indexDisplayMode`.
enum PageIndexDisplayMode: String, Enumerable {
    case automatic
    case always
    case never
}

/// `{"$type": "tabViewStyle", "type": "page", "indexDisplayMode": "always"}`: how a TabView
/// shows its tabs; `indexDisplayMode` (the page dots) goes with `page` only.
struct TabViewStyleModifier: CheckedModifier {
    @Field(.required) var type: TabViewStyleName = .page
    @Field var indexDisplayMode: PageIndexDisplayMode?

    init() {}

    func check(_ params: Dict) throws {
        if indexDisplayMode != nil, params["type"] != nil, type != .page {
            throw refusal(field: "indexDisplayMode", value: params["indexDisplayMode"].map { "\($0)" }, type: "PageIndexDisplayMode?", expected: "no 'indexDisplayMode' unless type is 'page'")
        }
    }

    func body(content: Content) -> some View {
        if type == .page {
            content.recordStyle("tabViewStyle", [.string("type", type.rawValue), .string("indexDisplayMode", (indexDisplayMode ?? .automatic).rawValue)])
        } else {
            content.recordStyle("tabViewStyle", [.string("type", type.rawValue)])
        }
    }
}

/// `indexViewStyle`'s `type`: SwiftUI has only the page index view style.
enum IndexViewStyleName: String, Enumerable {
    case page
}

/// `indexViewStyle`'s `backgroundDisplayMode`.
enum PageIndexBackgroundDisplayMode: String, Enumerable {
    case automatic
    case always
    case never
    case interactive
}

/// `{"$type": "indexViewStyle", "type": "page", "backgroundDisplayMode": "always"}`: the
/// backdrop behind a paged TabView's dots.
struct IndexViewStyleModifier: CheckedModifier {
    @Field var type: IndexViewStyleName = .page
    @Field var backgroundDisplayMode: PageIndexBackgroundDisplayMode = .automatic

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("indexViewStyle", [.string("type", type.rawValue), .string("backgroundDisplayMode", backgroundDisplayMode.rawValue)])
    }
}

// MARK: - Arrangements (ArrangementView, iOS 27.1)

/// `arrangementViewStyle`'s `style`.
enum ArrangementStyleName: String, Enumerable {
    case automatic
    case split
    case overlay
}

/// `{"$type": "arrangementViewStyle", "style": "split", "axes": "horizontal"}`: how the
/// ArrangementViews under the view arrange their views; `axes` absent is the style's own.
struct ArrangementViewStyleModifier: CheckedModifier {
    @Field(.required) var style: ArrangementStyleName = .automatic
    @Field var axes: AxesName?

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("arrangementViewStyle", [.string("style", style.rawValue)] + (axes.map { [.string("axes", $0.rawValue)] } ?? []))
    }
}

/// `{"$type": "splitArrangementFixedLayoutSize", "horizontal": true, "vertical": false}`: the
/// view prefers its ideal size along the split axes given (both when absent).
struct SplitArrangementFixedLayoutSizeModifier: CheckedModifier {
    @Field var horizontal: Bool = true
    @Field var vertical: Bool = true

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("splitArrangementFixedLayoutSize", [.bool("horizontal", horizontal), .bool("vertical", vertical)])
    }
}

/// `{"$type": "splitArrangementLayoutRatio", "ratio": 0.3}` or `{"minHorizontal": 0.2,
/// "idealHorizontal": 0.3, ...}`: the view's share of a split arrangement (each 0 or more).
/// `ratio` goes alone.
struct SplitArrangementLayoutRatioModifier: CheckedModifier {
    @Field(.minimum(0)) var ratio: Double?
    @Field(.minimum(0)) var minHorizontal: Double?
    @Field(.minimum(0)) var idealHorizontal: Double?
    @Field(.minimum(0)) var maxHorizontal: Double?
    @Field(.minimum(0)) var minVertical: Double?
    @Field(.minimum(0)) var idealVertical: Double?
    @Field(.minimum(0)) var maxVertical: Double?

    init() {}

    private var bounds: [(String, Double?)] {
        [("minHorizontal", minHorizontal), ("idealHorizontal", idealHorizontal), ("maxHorizontal", maxHorizontal),
         ("minVertical", minVertical), ("idealVertical", idealVertical), ("maxVertical", maxVertical)]
    }

    func check(_ params: Dict) throws {
        if ratio != nil, let (field, _) = bounds.first(where: { $0.1 != nil }) {
            throw refusal(field: field, value: params[field].map { "\($0)" }, type: "Double?", expected: "either 'ratio' or the min/ideal/max ratios, not both")
        }
    }

    func body(content: Content) -> some View {
        let all = [("ratio", ratio)] + bounds
        return content.recordStyle("splitArrangementLayoutRatio", all.compactMap { label, value in value.map { .number(label, $0) } })
    }
}

/// `{"$type": "splitArrangementLayoutSize", "minWidth": 200, "idealWidth": 320}`: the view's
/// size bounds in a split arrangement, in points (0 or more); absent keys are unbounded.
struct SplitArrangementLayoutSizeModifier: CheckedModifier {
    @Field(.minimum(0)) var minWidth: Double?
    @Field(.minimum(0)) var idealWidth: Double?
    @Field(.minimum(0)) var maxWidth: Double?
    @Field(.minimum(0)) var minHeight: Double?
    @Field(.minimum(0)) var idealHeight: Double?
    @Field(.minimum(0)) var maxHeight: Double?

    init() {}

    func body(content: Content) -> some View {
        let sizes: [(String, Double?)] = [("minWidth", minWidth), ("idealWidth", idealWidth), ("maxWidth", maxWidth),
                                          ("minHeight", minHeight), ("idealHeight", idealHeight), ("maxHeight", maxHeight)]
        return content.recordStyle("splitArrangementLayoutSize", sizes.compactMap { label, value in value.map { .number(label, $0) } })
    }
}

/// `overlayArrangementEdge`'s `edge`.
enum OverlayArrangementEdgeName: String, Enumerable {
    case top
    case bottom
    case leading
    case trailing
}

/// `{"$type": "overlayArrangementEdge", "edge": "leading"}`: the edge the view takes in an
/// overlay arrangement laid out along that edge's axis.
struct OverlayArrangementEdgeModifier: CheckedModifier {
    @Field(.required) var edge: OverlayArrangementEdgeName = .trailing

    init() {}

    func body(content: Content) -> some View { content.recordStyle("overlayArrangementEdge", [.string("edge", edge.rawValue)]) }
}
