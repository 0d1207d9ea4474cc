import ModifierKit

// SDK 58's modifiers whose effect needs a screen: scroll indicators and clipping, sheet
// chrome, container backgrounds, widgets and Live Activities, geometry grouping, menu order,
// the hinge of a foldable. As in ScreenOnlyModifiers.swift, the host accepts and checks them,
// lists them in the node's styles, and sends a `no-headless-effect` warning.

// MARK: - Scrolling

/// `scrollIndicators`'s `visibility`.
enum ScrollIndicatorVisibility: String, Enumerable {
    case automatic
    case visible
    case hidden
    case never
}

/// `{"$type": "scrollIndicators", "visibility": "hidden", "axes": "vertical"}`: whether the
/// scroll views under the view show their indicators (both axes when `axes` is absent).
struct ScrollIndicatorsModifier: CheckedModifier {
    @Field(.required) var visibility: ScrollIndicatorVisibility = .automatic
    @Field var axes: AxesName = .both

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("scrollIndicators", [.string("visibility", visibility.rawValue), .string("axes", axes.rawValue)])
    }
}

/// `{"$type": "scrollClipDisabled", "disabled": true}`: scroll content may draw past the scroll view's bounds.
struct ScrollClipDisabledModifier: CheckedModifier {
    @Field var disabled: Bool = true

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("scrollClipDisabled", [.bool("disabled", disabled)])
    }
}

/// `scrollEdgeEffectStyle`'s `style`.
enum ScrollEdgeEffectStyleName: String, Enumerable {
    case automatic
    case hard
    case soft
}

/// `{"$type": "scrollEdgeEffectStyle", "style": "soft", "edges": "top"}`: how scroll content
/// meets a bar at the edges given (all when absent).
struct ScrollEdgeEffectStyleModifier: CheckedModifier {
    @Field(.required) var style: ScrollEdgeEffectStyleName = .automatic
    @Field var edges: EdgeSetName = .all

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("scrollEdgeEffectStyle", [.string("style", style.rawValue), .string("edges", edges.rawValue)])
    }
}

// MARK: - Sheets and containers

/// `{"$type": "presentationBackground", "style": {"type": "material", "material": "thin"}}`:
/// what paints a sheet's whole chrome; `style` is a ShapeStyle.
struct PresentationBackgroundModifier: CheckedModifier {
    @Field(.required) var style: ShapeStyleValue = .color(.clear)

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("presentationBackground", style.arguments(kindLabel: "style"))
    }
}

/// `{"$type": "presentationCornerRadius", "cornerRadius": 24}`: a sheet's corner radius in
/// points (0 or more); `null` (or absent) is the system's.
struct PresentationCornerRadiusModifier: CheckedModifier {
    @Field(.minimum(0)) var cornerRadius: Double?

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("presentationCornerRadius", cornerRadius.map { [.number("cornerRadius", $0)] } ?? [])
    }
}

/// `presentationSizing`'s `sizing`.
enum PresentationSizingName: String, Enumerable {
    case automatic
    case fitted
    case form
    case page
}

/// `{"$type": "presentationSizing", "sizing": "form"}`: how a sheet sizes itself on a large screen.
struct PresentationSizingModifier: CheckedModifier {
    @Field(.required) var sizing: PresentationSizingName = .automatic

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("presentationSizing", [.string("sizing", sizing.rawValue)])
    }
}

/// `containerBackground`'s `container`.
enum ContainerBackgroundPlacementName: String, Enumerable {
    case widget
    case navigation
    case navigationSplitView
}

/// `{"$type": "containerBackground", "style": {"type": "color", "color": "blue"}, "container":
/// "navigation"}`: the background of the enclosing container (a widget, a navigation stack
/// or split view); `style` is a ShapeStyle.
struct ContainerBackgroundModifier: CheckedModifier {
    @Field(.required) var style: ShapeStyleValue = .color(.clear)
    @Field(.required) var container: ContainerBackgroundPlacementName = .navigation

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("containerBackground", style.arguments(kindLabel: "style") + [.string("container", container.rawValue)])
    }
}

// MARK: - Widgets and Live Activities

/// `widgetAccentedRenderingMode`'s `renderingMode`.
enum WidgetAccentedRenderingModeName: String, Enumerable {
    case fullColor
    case accented
    case desaturated
    case accentedDesaturated
}

/// `{"$type": "widgetAccentedRenderingMode", "renderingMode": "accented"}`: how an image draws
/// in a widget's accented mode.
struct WidgetAccentedRenderingModeModifier: CheckedModifier {
    @Field(.required) var renderingMode: WidgetAccentedRenderingModeName = .fullColor

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("widgetAccentedRenderingMode", [.string("renderingMode", renderingMode.rawValue)])
    }
}

/// `{"$type": "widgetURL", "url": "myapp://inbox"}`: the URL a tap on the widget opens in the app.
struct WidgetURLModifier: CheckedModifier {
    @Field(.required) var url: String = ""

    init() {}

    func check(_ params: Dict) throws {
        guard params["url"] != nil else { return }
        try ExpoUI.check(url, field: "url", in: params, expected: "a non-empty URL") { !$0.isEmpty }
    }

    func body(content: Content) -> some View { content.recordStyleWithoutHeadlessEffect("widgetURL", [.string("url", url)]) }
}

/// `{"$type": "activityBackgroundTint", "color": "#1C1C1E"}`: a Live Activity's background
/// tint; `null` (or absent) is the system's.
struct ActivityBackgroundTintModifier: CheckedModifier {
    @Field var color: Color?

    init() {}

    func body(content: Content) -> some View {
        content.recordStyleWithoutHeadlessEffect("activityBackgroundTint", color.map { [.color("color", $0)] } ?? [])
    }
}

// MARK: - Geometry, menus, hinges

/// `{"$type": "geometryGroup"}`: the view's geometry animates as one, apart from its parent's.
struct GeometryGroupModifier: CheckedModifier {
    init() {}

    func body(content: Content) -> some View { content.recordStyleWithoutHeadlessEffect("geometryGroup") }
}

/// `menuOrder`'s `order`.
enum MenuOrderName: String, Enumerable {
    case automatic
    case fixed
    case priority
}

/// `{"$type": "menuOrder", "order": "fixed"}`: the order an opened menu lists its items in.
struct MenuOrderModifier: CheckedModifier {
    @Field(.required) var order: MenuOrderName = .automatic

    init() {}

    func body(content: Content) -> some View { content.recordStyleWithoutHeadlessEffect("menuOrder", [.string("order", order.rawValue)]) }
}

/// A hinge's status, as SwiftUI reports it.
enum HingeStatus: String, Enumerable {
    case closed
    case partiallyOpen
    case fullyOpen
    case unknown
}

/// A device hinge: its angle in degrees (0 closed, 180 flat) and status.
struct HingeRecord: Record {
    @Field var angle: Double = 0
    @Field var status: HingeStatus = .unknown

    init() {}
}

/// A hinge context: the hinge, or `null` on a device without one.
struct HingeContextRecord: Record {
    @Field var hinge: HingeRecord?

    init() {}
}

/// The payload of an `onHingeChange` event: the context before and after.
struct HingeChangeEvent: Record {
    @Field var oldContext: HingeContextRecord = HingeContextRecord()
    @Field var newContext: HingeContextRecord = HingeContextRecord()

    init() {}
}

/// `{"$type": "onHingeChange"}`: on a foldable device, folding sends an event. A headless
/// host has no hinge, so the event never fires; the modifier is accepted with a
/// `no-headless-effect` warning.
struct OnHingeChangeModifier: CheckedModifier {
    init() {}

    func body(content: Content) -> some View { content.recordStyleWithoutHeadlessEffect("onHingeChange") }
}
