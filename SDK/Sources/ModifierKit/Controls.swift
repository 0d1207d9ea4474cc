// The containers and controls a plugin view's body is made of, with SwiftUI's names and
// initializers. The host evaluates them into a headless tree (see `HeadlessElement`) and
// runs the controls' rules when a gesture reaches them.

/// How views line up across a horizontal stack, as SwiftUI's `VerticalAlignment`.
public struct VerticalAlignment: Equatable, Sendable {
    /// `top`, `center`, `bottom`, `firstTextBaseline` or `lastTextBaseline`.
    public let name: String
    private init(_ name: String) { self.name = name }
    /// Along the top edges.
    public static let top = VerticalAlignment("top")
    /// Centred (the default).
    public static let center = VerticalAlignment("center")
    /// Along the bottom edges.
    public static let bottom = VerticalAlignment("bottom")
    /// Along the first line of text.
    public static let firstTextBaseline = VerticalAlignment("firstTextBaseline")
    /// Along the last line of text.
    public static let lastTextBaseline = VerticalAlignment("lastTextBaseline")
}

/// How views line up down a vertical stack, as SwiftUI's `HorizontalAlignment`.
public struct HorizontalAlignment: Equatable, Sendable {
    /// `leading`, `center` or `trailing`.
    public let name: String
    private init(_ name: String) { self.name = name }
    /// Along the leading edges.
    public static let leading = HorizontalAlignment("leading")
    /// Centred (the default).
    public static let center = HorizontalAlignment("center")
    /// Along the trailing edges.
    public static let trailing = HorizontalAlignment("trailing")
}

/// The directions a ``ScrollView`` scrolls in, as SwiftUI's `Axis.Set`.
public struct Axes: OptionSet, Sendable, Hashable {
    /// The bits of the set.
    public let rawValue: Int
    /// The set of `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Left and right.
    public static let horizontal = Axes(rawValue: 1)
    /// Up and down.
    public static let vertical = Axes(rawValue: 2)

    var name: String {
        switch (contains(.horizontal), contains(.vertical)) {
        case (true, true): return "both"
        case (true, false): return "horizontal"
        default: return "vertical"
        }
    }
}

/// Views side by side, as SwiftUI's `HStack`.
public struct HStack<Content: View>: View {
    let alignment: VerticalAlignment
    let spacing: Double?
    let content: Content
    /// A row of the views `content` builds.
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
    /// Primitive: the host evaluates it directly.
    public var body: Never { fatalError("HStack is primitive") }
}

/// Views one above the other, as SwiftUI's `VStack`.
public struct VStack<Content: View>: View {
    let alignment: HorizontalAlignment
    let spacing: Double?
    let content: Content
    /// A column of the views `content` builds.
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }
    /// Primitive: the host evaluates it directly.
    public var body: Never { fatalError("VStack is primitive") }
}

/// Views on top of each other, as SwiftUI's `ZStack`.
public struct ZStack<Content: View>: View {
    let alignment: Alignment
    let content: Content
    /// The views `content` builds, the first at the back.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
    /// Primitive: the host evaluates it directly.
    public var body: Never { fatalError("ZStack is primitive") }
}

/// A scrolling region, as SwiftUI's `ScrollView`.
public struct ScrollView<Content: View>: View {
    let axes: Axes
    let showsIndicators: Bool
    let content: Content
    /// The views `content` builds, scrolling along `axes`.
    public init(_ axes: Axes = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }
    /// Primitive: the host evaluates it directly.
    public var body: Never { fatalError("ScrollView is primitive") }
}

/// Rows in a list, as SwiftUI's `List`.
public struct List<Content: View>: View {
    let content: Content
    /// A list whose rows are the views `content` builds.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// Primitive: the host evaluates it directly.
    public var body: Never { fatalError("List is primitive") }
}

/// A group of rows with an optional header and footer, as SwiftUI's `Section`.
public struct Section<Content: View>: View {
    let header: String?
    let footer: String?
    let content: Content
    /// A section titled `header`, with `footer` under it, of the views `content` builds.
    public init(_ header: String? = nil, footer: String? = nil, @ViewBuilder content: () -> Content) {
        self.header = header
        self.footer = footer
        self.content = content()
    }
    /// Primitive: the host evaluates it directly.
    public var body: Never { fatalError("Section is primitive") }
}

/// A switch, as SwiftUI's `Toggle`: a tap flips the value its binding holds.
public struct Toggle<LabelContent: View>: View {
    let isOn: Binding<Bool>
    let label: LabelContent
    /// A switch bound to `isOn`, labelled by the view `label` builds.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> LabelContent) {
        self.isOn = isOn
        self.label = label()
    }
    /// Primitive: the host evaluates it directly.
    public var body: Never { fatalError("Toggle is primitive") }
}

extension Toggle where LabelContent == Text {
    /// A switch titled `title`, bound to `isOn`: `Toggle("Wi-Fi", isOn: $enabled)`.
    public init(_ title: String, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// A field of editable text, as SwiftUI's `TextField`: typing sets the text its binding
/// holds, and submitting it (the return key) runs `onSubmit`.
public struct TextField: View {
    let placeholder: String
    let text: Binding<String>
    let onSubmit: (() -> Void)?
    /// A field showing `placeholder` while empty, bound to `text`.
    public init(_ placeholder: String, text: Binding<String>, onSubmit: (() -> Void)? = nil) {
        self.placeholder = placeholder
        self.text = text
        self.onSubmit = onSubmit
    }
    /// Primitive: the host evaluates it directly.
    public var body: Never { fatalError("TextField is primitive") }
}

/// A field of text that is not shown, as SwiftUI's `SecureField`: typing sets the text its
/// binding holds, as a TextField's does, but the body shows a bullet per character (as the
/// device does) and a gesture's answer the same, never the text.
public struct SecureField: View {
    /// The field it is, but for what it shows.
    let field: TextField
    /// A field showing `placeholder` while empty, bound to `text`.
    public init(_ placeholder: String, text: Binding<String>, onSubmit: (() -> Void)? = nil) {
        field = TextField(placeholder, text: text, onSubmit: onSubmit)
    }
    /// Primitive: the host evaluates it directly.
    public var body: Never { fatalError("SecureField is primitive") }
}

extension View {
    /// Binds whether the field is focused, as SwiftUI's `focused(_:)` (here with a
    /// `Binding<Bool>`, such as `$isFocused` of a `@State`): typing into a field that is not
    /// focused focuses it first; submitting it (the return key) ends the focus.
    public func focused(_ isFocused: Binding<Bool>) -> some View {
        FocusedView(content: self, isFocused: isFocused)
    }
}

struct FocusedView<Content: View>: View {
    let content: Content
    let isFocused: Binding<Bool>
    var body: Never { fatalError("FocusedView is primitive") }
}

/// A value picked along a range, as SwiftUI's `Slider`: a slide sets the value its binding
/// holds, clamped to the range and put on the nearest step.
public struct Slider: View {
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    let step: Double?
    /// A slider bound to `value`, within `bounds`, moving by `step` when given.
    public init(value: Binding<Double>, in bounds: ClosedRange<Double> = 0...1, step: Double? = nil) {
        self.value = value
        self.bounds = bounds
        self.step = step
    }
    /// Primitive: the host evaluates it directly.
    public var body: Never { fatalError("Slider is primitive") }
}

/// A choice of one option among several, as SwiftUI's `Picker`: each option is a view marked
/// with ``View/tag(_:)`` (or made by a `ForEach` whose ids are of the selection's type), and
/// a tap on an option sets the selection to its tag.
///
/// In a plugin view, `Picker(title, selection: $value) { Children() }` makes the node's
/// children the options: each is chosen by the value its `tag` modifier gives it.
public struct Picker<SelectionValue: Hashable, Content: View>: View {
    let title: String
    let systemImage: String?
    let selection: Binding<SelectionValue>
    let content: Content
    /// A picker titled `title` whose options `content` builds, bound to `selection`.
    public init(_ title: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.title = title
        self.systemImage = nil
        self.selection = selection
        self.content = content()
    }
    /// A picker titled `title` beside the SF Symbol `systemImage`.
    public init(_ title: String, systemImage: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.title = title
        self.systemImage = systemImage
        self.selection = selection
        self.content = content()
    }
    /// Primitive: the host evaluates it directly.
    public var body: Never { fatalError("Picker is primitive") }
}

/// Tabs, as SwiftUI's `TabView(selection:)`: in a plugin view, `TabView(selection: $tab) {
/// Children() }` makes the node's children the tabs, each chosen by its tag (a child plugin
/// view whose body is `.tag(value)`, or a `tag` modifier). A tap on a tab itself (its tab item)
/// selects it; only the selected tab's content is shown: gestures do not reach the others'.
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>
    let content: Content
    /// Tabs that `content` places, bound to `selection`.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }
    /// Primitive: the host evaluates it directly.
    public var body: Never { fatalError("TabView is primitive") }
}

extension View {
    /// Marks the view as the option whose value is `tag`, inside a ``Picker``.
    public func tag<V: Hashable>(_ tag: V) -> some View {
        TaggedView(content: self, tag: AnyHashable(tag))
    }
}

struct TaggedView<Content: View>: View {
    let content: Content
    let tag: AnyHashable
    var body: Never { fatalError("TaggedView is primitive") }
}
