// The modifiers that change how a view looks, with SwiftUI's names, parameters and defaults.
// The host draws nothing: it records each style applied to the content, in order, and a
// snapshot shows them (the order matters, as in SwiftUI: padding then background is not
// background then padding).

extension View {
    /// Adds `length` points of padding along `edges`, as SwiftUI's `padding(_:_:)`. Without a
    /// length the padding is 16 points, the host's stand-in for the system default.
    public func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> some View {
        let amount = length ?? EdgeInsets.defaultPadding
        return StyledView(
            content: self,
            style: .padding(
                EdgeInsets(
                    top: edges.contains(.top) ? amount : 0, leading: edges.contains(.leading) ? amount : 0,
                    bottom: edges.contains(.bottom) ? amount : 0, trailing: edges.contains(.trailing) ? amount : 0)))
    }

    /// Adds `length` points of padding on every edge, as SwiftUI's `padding(_:)`.
    public func padding(_ length: Double) -> some View {
        StyledView(content: self, style: .padding(EdgeInsets(top: length, leading: length, bottom: length, trailing: length)))
    }

    /// Adds padding of its own on each edge, as SwiftUI's `padding(_:)` with `EdgeInsets`.
    public func padding(_ insets: EdgeInsets) -> some View {
        StyledView(content: self, style: .padding(insets))
    }

    /// Gives the view a fixed size, as SwiftUI's `frame(width:height:alignment:)`; a `nil`
    /// dimension keeps the view's own.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
        StyledView(content: self, style: .frame(ResolvedFrame(width: width, height: height, alignment: alignment)))
    }

    /// Bounds the view's size, as SwiftUI's flexible `frame(minWidth:idealWidth:maxWidth:…)`.
    /// `.infinity` as a maximum fills the space offered.
    public func frame(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
        idealHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center
    ) -> some View {
        StyledView(
            content: self,
            style: .frame(
                ResolvedFrame(
                    minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth, minHeight: minHeight,
                    idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment)))
    }

    /// Fills the area behind the view with `color`, as SwiftUI's `background(_:)`.
    public func background(_ color: Color) -> some View {
        StyledView(content: self, style: .background(color, shape: nil))
    }

    /// Fills `shape` behind the view with `color`, as SwiftUI's `background(_:in:)`.
    public func background<S: Shape>(_ color: Color, in shape: S) -> some View {
        StyledView(content: self, style: .background(color, shape: shape._resolvedShape))
    }

    /// Sets the colour of the view's text and symbols, as SwiftUI's `foregroundStyle(_:)`.
    public func foregroundStyle(_ color: Color) -> some View {
        StyledView(content: self, style: .foregroundStyle(color))
    }

    /// Sets the font of the view's text, as SwiftUI's `font(_:)`; `nil` keeps the default.
    public func font(_ font: Font?) -> some View {
        StyledView(content: self, style: font.map { .font($0) })
    }

    /// Makes the view translucent, as SwiftUI's `opacity(_:)`: 0 is invisible (yet still
    /// hit by gestures), 1 is opaque.
    public func opacity(_ opacity: Double) -> some View {
        StyledView(content: self, style: .opacity(opacity))
    }

    /// Clips the view to a rectangle with rounded corners, as SwiftUI's
    /// `cornerRadius(_:antialiased:)`.
    public func cornerRadius(_ radius: Double, antialiased: Bool = true) -> some View {
        StyledView(content: self, style: .cornerRadius(radius))
    }

    /// Draws a border of `width` points in `color` inside the view's frame, as SwiftUI's
    /// `border(_:width:)`.
    public func border(_ color: Color, width: Double = 1) -> some View {
        StyledView(content: self, style: .border(color, width: width))
    }

    /// Sets the background of the List row this view is, as SwiftUI's
    /// `listRowBackground(_:)`; `nil` keeps the list's default.
    public func listRowBackground(_ color: Color?) -> some View {
        StyledView(content: self, style: color.map { .listRowBackground($0) })
    }

    /// Shows `count` as a badge on the view (a List row's trailing number), as SwiftUI's
    /// `badge(_:)`; 0 shows no badge.
    public func badge(_ count: Int) -> some View {
        StyledView(content: self, style: count == 0 ? nil : .badge(String(count)))
    }

    /// Shows `label` as a badge on the view, as SwiftUI's `badge(_:)`; `nil` shows none.
    public func badge(_ label: Text?) -> some View {
        StyledView(content: self, style: label.map { .badge($0.content) })
    }

    /// Shows `label` as a badge on the view, as SwiftUI's `badge(_:)`; `nil` shows none.
    public func badge<S: StringProtocol>(_ label: S?) -> some View {
        StyledView(content: self, style: label.map { .badge(String($0)) })
    }

    /// Keeps the List row this view is from being deleted by the list's own editing, as
    /// SwiftUI's `deleteDisabled(_:)`.
    public func deleteDisabled(_ isDisabled: Bool) -> some View {
        StyledView(content: self, style: .deleteDisabled(isDisabled))
    }
}

/// A style applied to the content, as the evaluator records it (``ModifierEffect/styles``).
public enum ResolvedStyle: Equatable, Sendable {
    /// `padding`: the points added on each edge.
    case padding(EdgeInsets)
    /// `frame`: the sizes set or bounded.
    case frame(ResolvedFrame)
    /// `background`: the colour behind, in a shape or the whole frame.
    case background(Color, shape: ResolvedShape?)
    /// `foregroundStyle`: the colour of text and symbols.
    case foregroundStyle(Color)
    /// `font`: the text's font.
    case font(Font)
    /// `opacity`: 0 (invisible) to 1 (opaque).
    case opacity(Double)
    /// `cornerRadius`: the radius the view is clipped with.
    case cornerRadius(Double)
    /// `border`: its colour and width.
    case border(Color, width: Double)
    /// `listRowBackground`: the row's background colour.
    case listRowBackground(Color)
    /// `badge`: the badge's text (a count is written as its digits).
    case badge(String)
    /// `deleteDisabled`: whether the row may be deleted.
    case deleteDisabled(Bool)
    /// A style the SDK records by SwiftUI's modifier name and arguments (`shadow`, `blur`,
    /// `bold`, `listStyle`, ...): see ``View/recordStyle(_:_:)``.
    case named(NamedStyle)
}

/// A style recorded by name: SwiftUI's modifier name and the arguments it was given, in
/// order. A snapshot shows it as `{"$style": name, label: value, ...}`.
public struct NamedStyle: Equatable, Sendable {
    /// SwiftUI's name of the modifier (`shadow`).
    public var name: String
    /// The arguments, in the order the snapshot lists them.
    public var arguments: [StyleArgument]
    /// False for a modifier that only matters on a screen (a glass effect, an animation, the
    /// keyboard's type): the host still records it, and tells the front-end, with a
    /// `no-headless-effect` warning, that nothing headless changes.
    public var hasHeadlessEffect: Bool

    /// The name of ``View/scrollDisabled(_:)``'s style, which the host reads.
    public static let scrollDisabled = "scrollDisabled"

    /// For a ``View/scrollDisabled(_:)`` style, whether it disables scrolling; `nil` for others.
    public var disablesScrolling: Bool? {
        guard name == NamedStyle.scrollDisabled, case let .bool(disabled)? = arguments.first(where: { $0.label == "disabled" })?.value else { return nil }
        return disabled
    }

    /// A style named `name` (SwiftUI's modifier name) with `arguments`, which has a headless
    /// effect unless `hasHeadlessEffect` says otherwise.
    public init(_ name: String, _ arguments: [StyleArgument] = [], hasHeadlessEffect: Bool = true) {
        self.name = name
        self.arguments = arguments
        self.hasHeadlessEffect = hasHeadlessEffect
    }
}

/// One argument of a ``NamedStyle``: a label and a value.
public struct StyleArgument: Equatable, Sendable {
    /// The argument's label, as the snapshot writes it (`radius`).
    public var label: String
    /// Its value.
    public var value: StyleValue

    /// The argument `label` with `value`.
    public init(_ label: String, _ value: StyleValue) {
        self.label = label
        self.value = value
    }
}

/// The value of a ``StyleArgument``: what a snapshot can write as JSON.
public enum StyleValue: Equatable, Sendable {
    /// Written as a JSON number.
    case number(Double)
    /// Written as a JSON string.
    case string(String)
    /// Written as `true` or `false`.
    case bool(Bool)
    /// Written as its hex text (`#FF0000`).
    case color(Color)
}

extension View {
    /// Records a style by SwiftUI's modifier name and arguments, for the many SwiftUI
    /// modifiers whose effect the host shows but does not compute (a shadow, a blur, bold
    /// text, a list style): the node's snapshot lists it among its styles, in application
    /// order, as `{"$style": name, label: value, ...}`.
    public func recordStyle(_ name: String, _ arguments: [StyleArgument] = []) -> some View {
        StyledView(content: self, style: .named(NamedStyle(name, arguments)))
    }

    /// Turns off scrolling of the List or ScrollView at or under the view, as SwiftUI's
    /// `scrollDisabled(_:)`: the host refuses to pull it to refresh. The innermost one wins,
    /// as in SwiftUI's environment. A snapshot lists it as
    /// `{"$style": "scrollDisabled", "disabled": ...}`.
    public func scrollDisabled(_ disabled: Bool) -> some View {
        StyledView(content: self, style: .named(NamedStyle(NamedStyle.scrollDisabled, [StyleArgument("disabled", .bool(disabled))])))
    }

    /// Records a modifier that has no effect without a screen (a glass effect, an animation,
    /// the keyboard's type), as ``recordStyle(_:_:)`` does; the host adds a
    /// `no-headless-effect` warning so that the front-end knows nothing headless changed.
    public func recordStyleWithoutHeadlessEffect(_ name: String, _ arguments: [StyleArgument] = []) -> some View {
        StyledView(content: self, style: .named(NamedStyle(name, arguments, hasHeadlessEffect: false)))
    }
}

/// The sizes of a `frame`: fixed (`width`, `height`) or flexible (the bounds); `nil` members
/// were not given.
public struct ResolvedFrame: Equatable, Sendable {
    /// The fixed width, in points.
    public var width: Double?
    /// The fixed height, in points.
    public var height: Double?
    /// The least width.
    public var minWidth: Double?
    /// The width the view takes when offered any.
    public var idealWidth: Double?
    /// The greatest width; `.infinity` fills the width offered.
    public var maxWidth: Double?
    /// The least height.
    public var minHeight: Double?
    /// The height the view takes when offered any.
    public var idealHeight: Double?
    /// The greatest height; `.infinity` fills the height offered.
    public var maxHeight: Double?
    /// Where the content sits in the frame.
    public var alignment: Alignment

    /// A frame; the modifiers make these, and hosts may make them in tests.
    public init(
        width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, idealWidth: Double? = nil,
        maxWidth: Double? = nil, minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: Alignment = .center
    ) {
        self.width = width
        self.height = height
        self.minWidth = minWidth
        self.idealWidth = idealWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.idealHeight = idealHeight
        self.maxHeight = maxHeight
        self.alignment = alignment
    }
}

/// An edge of a view, as SwiftUI's `Edge`.
public enum Edge: String, Sendable, CaseIterable {
    /// The top, leading, bottom or trailing edge.
    case top, leading, bottom, trailing

    /// A set of edges, as SwiftUI's `Edge.Set`: `.all`, `.horizontal`, `[.top, .leading]`.
    public struct Set: OptionSet, Sendable, Hashable {
        /// The set as bits.
        public let rawValue: Int8
        /// Creates a set from its raw bits.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The top edge.
        public static let top = Set(rawValue: 1)
        /// The leading edge.
        public static let leading = Set(rawValue: 2)
        /// The bottom edge.
        public static let bottom = Set(rawValue: 4)
        /// The trailing edge.
        public static let trailing = Set(rawValue: 8)
        /// Leading and trailing.
        public static let horizontal: Set = [.leading, .trailing]
        /// Top and bottom.
        public static let vertical: Set = [.top, .bottom]
        /// Every edge.
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Points on each edge, as SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Equatable, Sendable {
    /// Points on the top edge.
    public var top: Double
    /// Points on the leading edge.
    public var leading: Double
    /// Points on the bottom edge.
    public var bottom: Double
    /// Points on the trailing edge.
    public var trailing: Double

    /// The padding `padding()` adds without a length.
    public static let defaultPadding = 16.0

    /// Insets of `top`, `leading`, `bottom` and `trailing` points.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

/// Where content sits in a larger frame, as SwiftUI's `Alignment`.
public struct Alignment: Equatable, Sendable, CustomStringConvertible {
    /// `center`, `leading`, `topLeading`, ...
    public let name: String
    private init(_ name: String) { self.name = name }

    /// Content in the middle of the frame.
    public static let center = Alignment("center")
    /// Content along the leading edge, centred vertically.
    public static let leading = Alignment("leading")
    /// Content along the trailing edge, centred vertically.
    public static let trailing = Alignment("trailing")
    /// Content along the top edge, centred horizontally.
    public static let top = Alignment("top")
    /// Content along the bottom edge, centred horizontally.
    public static let bottom = Alignment("bottom")
    /// Content in the top leading corner.
    public static let topLeading = Alignment("topLeading")
    /// Content in the top trailing corner.
    public static let topTrailing = Alignment("topTrailing")
    /// Content in the bottom leading corner.
    public static let bottomLeading = Alignment("bottomLeading")
    /// Content in the bottom trailing corner.
    public static let bottomTrailing = Alignment("bottomTrailing")

    /// Every alignment, for front-ends that name them.
    public static let all: [Alignment] = [.center, .leading, .trailing, .top, .bottom, .topLeading, .topTrailing, .bottomLeading, .bottomTrailing]

    /// The alignment's ``name``.
    public var description: String { name }
}

/// A font, as SwiftUI's `Font`: a text style (`.body`, `.title`) or a system font of a size,
/// with a weight and a design, or a named family.
public struct Font: Equatable, Sendable {
    /// The text style (`body`, `title`, ...), when the font is one.
    public var style: TextStyle?
    /// The family, for a custom font.
    public var family: String?
    /// The size in points, when given.
    public var size: Double?
    /// The weight, when given.
    public var weight: Weight?
    /// The design, when given.
    public var design: Design?

    init(style: TextStyle? = nil, family: String? = nil, size: Double? = nil, weight: Weight? = nil, design: Design? = nil) {
        self.style = style
        self.family = family
        self.size = size
        self.weight = weight
        self.design = design
    }

    /// SwiftUI's text styles.
    public enum TextStyle: String, Sendable, CaseIterable {
        /// SwiftUI's text styles, largest first.
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    /// How heavy the strokes are, as SwiftUI's `Font.Weight`.
    public enum Weight: String, Sendable, CaseIterable {
        /// From the lightest to the heaviest.
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    /// The design of the system font, as SwiftUI's `Font.Design`.
    public enum Design: String, Sendable, CaseIterable {
        /// The system font's designs.
        case `default`, serif, rounded, monospaced
    }

    /// The `largeTitle` text style.
    public static let largeTitle = Font(style: .largeTitle)
    /// The `title` text style.
    public static let title = Font(style: .title)
    /// The `title2` text style.
    public static let title2 = Font(style: .title2)
    /// The `title3` text style.
    public static let title3 = Font(style: .title3)
    /// The `headline` text style.
    public static let headline = Font(style: .headline)
    /// The `subheadline` text style.
    public static let subheadline = Font(style: .subheadline)
    /// The `body` text style.
    public static let body = Font(style: .body)
    /// The `callout` text style.
    public static let callout = Font(style: .callout)
    /// The `footnote` text style.
    public static let footnote = Font(style: .footnote)
    /// The `caption` text style.
    public static let caption = Font(style: .caption)
    /// The `caption2` text style.
    public static let caption2 = Font(style: .caption2)

    /// The system font of `size` points, as SwiftUI's `Font.system(size:weight:design:)`.
    public static func system(size: Double, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(size: size, weight: weight, design: design)
    }

    /// The system font of a text style, as SwiftUI's `Font.system(_:design:weight:)`.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(style: style, weight: weight, design: design)
    }

    /// The font family `name` at `size` points, as SwiftUI's `Font.custom(_:size:)`.
    public static func custom(_ name: String, size: Double) -> Font {
        Font(family: name, size: size)
    }

    /// The same font with `weight`.
    public func weight(_ weight: Weight) -> Font {
        var copy = self
        copy.weight = weight
        return copy
    }

    /// The same font, bold.
    public func bold() -> Font { weight(.bold) }
}

/// `content` with a style; `nil` (a `badge(0)`, a `font(nil)`) styles nothing.
struct StyledView<Content: View>: View {
    let content: Content
    let style: ResolvedStyle?
    var body: Never { fatalError("StyledView is primitive") }
}
