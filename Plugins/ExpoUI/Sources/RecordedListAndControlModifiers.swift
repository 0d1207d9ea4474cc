import ModifierKit

// Expo UI's list, scroll and control-style modifiers, and accessibility: the snapshot records
// them by SwiftUI's name (see RecordedModifiers.swift), where a test of a screen looks for
// them.

/// `{"$type": "listRowInsets", "top": 0, "leading": 20}`: the insets of the List row the view
/// is, in points; an edge absent keeps the list's default (and is not in the snapshot).
struct ListRowInsetsModifier: CheckedModifier {
    @Field var top: Double?
    @Field var leading: Double?
    @Field var bottom: Double?
    @Field var trailing: Double?

    init() {}

    func body(content: Content) -> some View {
        let edges: [(String, Double?)] = [("top", top), ("leading", leading), ("bottom", bottom), ("trailing", trailing)]
        return content.recordStyle("listRowInsets", edges.compactMap { label, value in value.map { .number(label, $0) } })
    }
}

/// A visibility: `listRowSeparator`'s, `scrollContentBackground`'s.
enum Visibility: String, Enumerable {
    case automatic
    case visible
    case hidden
}

/// `listRowSeparator`'s `edges`.
enum SeparatorEdges: String, Enumerable {
    case all
    case top
    case bottom
}

/// `{"$type": "listRowSeparator", "visibility": "hidden", "edges": "bottom"}`: whether the
/// row's separators show (both edges when `edges` is absent).
struct ListRowSeparatorModifier: CheckedModifier {
    @Field(.required) var visibility: Visibility = .automatic
    @Field var edges: SeparatorEdges = .all

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("listRowSeparator", [.string("visibility", visibility.rawValue), .string("edges", edges.rawValue)])
    }
}

/// `listStyle`'s `style`.
enum ListStyleName: String, Enumerable {
    case automatic
    case plain
    case inset
    case insetGrouped
    case grouped
    case sidebar
}

/// `{"$type": "listStyle", "style": "insetGrouped"}`: how the List at or under the view looks.
struct ListStyleModifier: CheckedModifier {
    @Field(.required) var style: ListStyleName = .automatic

    init() {}

    func body(content: Content) -> some View { content.recordStyle("listStyle", [.string("style", style.rawValue)]) }
}

/// `{"$type": "moveDisabled", "disabled": true}`: the List row the view is cannot be moved.
struct MoveDisabledModifier: CheckedModifier {
    @Field var disabled: Bool = true

    init() {}

    func body(content: Content) -> some View { content.recordStyle("moveDisabled", [.bool("disabled", disabled)]) }
}

/// `{"$type": "scrollContentBackground", "visible": "hidden"}`: whether a List's or
/// ScrollView's own background shows.
struct ScrollContentBackgroundModifier: CheckedModifier {
    @Field(.required) var visible: Visibility = .automatic

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("scrollContentBackground", [.string("visible", visible.rawValue)])
    }
}

/// `headerProminence`'s `prominence`.
enum HeaderProminence: String, Enumerable {
    case standard
    case increased
}

/// `{"$type": "headerProminence", "prominence": "increased"}`: how a Section's header stands out.
struct HeaderProminenceModifier: CheckedModifier {
    @Field(.required) var prominence: HeaderProminence = .standard

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("headerProminence", [.string("prominence", prominence.rawValue)])
    }
}

/// `badgeProminence`'s `badgeType`.
enum BadgeProminence: String, Enumerable {
    case standard
    case increased
    case decreased
}

/// `{"$type": "badgeProminence", "badgeType": "increased"}`: how the row badges stand out.
struct BadgeProminenceModifier: CheckedModifier {
    @Field(.required) var badgeType: BadgeProminence = .standard

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("badgeProminence", [.string("badgeType", badgeType.rawValue)])
    }
}

/// `buttonStyle`'s `style`.
enum ButtonStyleName: String, Enumerable {
    case automatic
    case bordered
    case borderedProminent
    case borderless
    case glass
    case glassProminent
    case plain
}

/// `{"$type": "buttonStyle", "style": "borderedProminent"}`: how the buttons at or under the
/// view look.
struct ButtonStyleModifier: CheckedModifier {
    @Field(.required) var style: ButtonStyleName = .automatic

    init() {}

    func body(content: Content) -> some View { content.recordStyle("buttonStyle", [.string("style", style.rawValue)]) }
}

/// `toggleStyle`'s `style`.
enum ToggleStyleName: String, Enumerable {
    case automatic
    case `switch`
    case button
}

/// `{"$type": "toggleStyle", "style": "button"}`: how the toggles at or under the view look.
struct ToggleStyleModifier: CheckedModifier {
    @Field(.required) var style: ToggleStyleName = .automatic

    init() {}

    func body(content: Content) -> some View { content.recordStyle("toggleStyle", [.string("style", style.rawValue)]) }
}

/// `pickerStyle`'s `style`.
enum PickerStyleName: String, Enumerable {
    case automatic
    case inline
    case menu
    case navigationLink
    case palette
    case segmented
    case wheel
}

/// `{"$type": "pickerStyle", "style": "segmented"}`: how the pickers at or under the view look.
struct PickerStyleModifier: CheckedModifier {
    @Field(.required) var style: PickerStyleName = .automatic

    init() {}

    func body(content: Content) -> some View { content.recordStyle("pickerStyle", [.string("style", style.rawValue)]) }
}

/// `datePickerStyle`'s `style`.
enum DatePickerStyleName: String, Enumerable {
    case automatic
    case compact
    case graphical
    case wheel
}

/// `{"$type": "datePickerStyle", "style": "graphical"}`: how the date pickers look.
struct DatePickerStyleModifier: CheckedModifier {
    @Field(.required) var style: DatePickerStyleName = .automatic

    init() {}

    func body(content: Content) -> some View { content.recordStyle("datePickerStyle", [.string("style", style.rawValue)]) }
}

/// `gaugeStyle`'s `style`.
enum GaugeStyleName: String, Enumerable {
    case automatic
    case circular
    case circularCapacity
    case linear
    case linearCapacity
}

/// `{"$type": "gaugeStyle", "style": "circular"}`: how the gauges look.
struct GaugeStyleModifier: CheckedModifier {
    @Field(.required) var style: GaugeStyleName = .automatic

    init() {}

    func body(content: Content) -> some View { content.recordStyle("gaugeStyle", [.string("style", style.rawValue)]) }
}

/// `progressViewStyle`'s `style`.
enum ProgressViewStyleName: String, Enumerable {
    case automatic
    case linear
    case circular
}

/// `{"$type": "progressViewStyle", "style": "circular"}`: how the progress views look.
struct ProgressViewStyleModifier: CheckedModifier {
    @Field(.required) var style: ProgressViewStyleName = .automatic

    init() {}

    func body(content: Content) -> some View { content.recordStyle("progressViewStyle", [.string("style", style.rawValue)]) }
}

/// `labelStyle`'s `style`.
enum LabelStyleName: String, Enumerable {
    case automatic
    case iconOnly
    case titleAndIcon
    case titleOnly
}

/// `{"$type": "labelStyle", "style": "iconOnly"}`: what the labels at or under the view show.
struct LabelStyleModifier: CheckedModifier {
    @Field(.required) var style: LabelStyleName = .automatic

    init() {}

    func body(content: Content) -> some View { content.recordStyle("labelStyle", [.string("style", style.rawValue)]) }
}

/// `textFieldStyle`'s `style`.
enum TextFieldStyleName: String, Enumerable {
    case automatic
    case plain
    case roundedBorder
}

/// `{"$type": "textFieldStyle", "style": "roundedBorder"}`: how the text fields look.
struct TextFieldStyleModifier: CheckedModifier {
    @Field(.required) var style: TextFieldStyleName = .automatic

    init() {}

    func body(content: Content) -> some View { content.recordStyle("textFieldStyle", [.string("style", style.rawValue)]) }
}

/// `controlSize`'s `size`.
enum ControlSize: String, Enumerable {
    case mini
    case small
    case regular
    case large
    case extraLarge
}

/// `{"$type": "controlSize", "size": "large"}`: the size of the controls at or under the view.
struct ControlSizeModifier: CheckedModifier {
    @Field(.required) var size: ControlSize = .regular

    init() {}

    func body(content: Content) -> some View { content.recordStyle("controlSize", [.string("size", size.rawValue)]) }
}

/// `{"$type": "labelsHidden"}`: the controls at or under the view hide their labels.
struct LabelsHiddenModifier: CheckedModifier {
    init() {}

    func body(content: Content) -> some View { content.recordStyle("labelsHidden") }
}

/// `submitLabel`'s `submitLabel`.
enum SubmitLabel: String, Enumerable {
    case `continue`
    case done
    case go
    case join
    case next
    case `return`
    case route
    case search
    case send
}

/// `{"$type": "submitLabel", "submitLabel": "search"}`: the return key's label of the text
/// fields at or under the view.
struct SubmitLabelModifier: CheckedModifier {
    @Field(.required) var submitLabel: SubmitLabel = .return

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("submitLabel", [.string("submitLabel", submitLabel.rawValue)])
    }
}

/// `{"$type": "accessibilityLabel", "label": "Close"}`: what VoiceOver reads for the view.
struct AccessibilityLabelModifier: CheckedModifier {
    @Field(.required) var label: String = ""

    init() {}

    func body(content: Content) -> some View { content.recordStyle("accessibilityLabel", [.string("label", label)]) }
}

/// `{"$type": "accessibilityHint", "hint": "Closes the sheet"}`: what using the view does.
struct AccessibilityHintModifier: CheckedModifier {
    @Field(.required) var hint: String = ""

    init() {}

    func body(content: Content) -> some View { content.recordStyle("accessibilityHint", [.string("hint", hint)]) }
}

/// `{"$type": "accessibilityValue", "value": "50 percent"}`: the view's value, read aloud.
struct AccessibilityValueModifier: CheckedModifier {
    @Field(.required) var value: String = ""

    init() {}

    func body(content: Content) -> some View { content.recordStyle("accessibilityValue", [.string("value", value)]) }
}
