// The primitive views plugin authors compose, with SwiftUI's names and initializers.

/// A line of text, as SwiftUI's `Text`. Inside a ``Button``'s label it is the action's label.
public struct Text: View {
    /// The text shown.
    public let content: String

    /// Text showing `content` as it is (there is no localization on the host).
    public init(_ content: String) {
        self.content = content
    }

    /// Text showing `content`, a `Substring` or another string-like value.
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    /// Text showing `content` as it is, as SwiftUI's `Text(verbatim:)`.
    public init(verbatim content: String) {
        self.content = content
    }

    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("Text is primitive") }
}

/// A title with an SF Symbols icon, as SwiftUI's `Label(_:systemImage:)`.
///
/// Inside a ``Button``'s label, the title is the action's label and the icon its
/// ``ResolvedSwipeAction/systemImage``.
public struct Label: View {
    /// The text of the label.
    public let title: String
    /// The name of the SF Symbol shown next to the title, such as `"trash"`.
    public let systemImage: String

    /// A label showing `title` next to the SF Symbol named `systemImage`.
    public init(_ title: String, systemImage: String) {
        self.title = title
        self.systemImage = systemImage
    }

    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("Label is primitive") }
}

/// An image, as SwiftUI's `Image`. Inside a ``Button``'s label, a system image is the
/// action's icon.
public struct Image: View {
    /// The image's name: an SF Symbol name when ``isSystemImage`` is true, else the name of
    /// an image of the front-end's own.
    public let name: String
    /// True for an SF Symbol (`Image(systemName:)`).
    public let isSystemImage: Bool

    /// The SF Symbol named `systemName`, such as `"trash"` or `"pencil"`.
    public init(systemName: String) {
        self.name = systemName
        self.isSystemImage = true
    }

    /// The front-end's own image named `name`. It is not an SF Symbol, so it does not become
    /// an action's ``ResolvedSwipeAction/systemImage``.
    public init(_ name: String) {
        self.name = name
        self.isSystemImage = false
    }

    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("Image is primitive") }
}

/// Flexible space, as SwiftUI's `Spacer`. Inside swipe actions it has no effect (and the
/// evaluator lists it in ``ModifierEffect/ignored``).
public struct Spacer: View {
    /// The least length of the space, or `nil` for the default.
    public let minLength: Double?

    /// Flexible space at least `minLength` long.
    public init(minLength: Double? = nil) {
        self.minLength = minLength
    }

    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("Spacer is primitive") }
}

/// What a button does, as SwiftUI's `ButtonRole`: the front-end styles a button by its role
/// (a destructive swipe action is red, unless a ``View/tint(_:)`` says otherwise).
///
/// Compare roles with `==`; ``name`` is the role as the front-end spells it.
public struct ButtonRole: Hashable, Sendable, CustomStringConvertible {
    /// The role as the front-end spells it: `"destructive"` or `"cancel"`.
    public let name: String

    private init(name: String) {
        self.name = name
    }

    /// The button deletes or otherwise destroys something.
    public static let destructive = ButtonRole(name: "destructive")

    /// The button cancels an operation.
    public static let cancel = ButtonRole(name: "cancel")

    /// The role's ``name``.
    public var description: String { name }
}

/// A horizontal edge of a view, as SwiftUI's `HorizontalEdge`: where swipe actions come from.
public enum HorizontalEdge: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The leading edge (the left edge in left-to-right languages).
    case leading
    /// The trailing edge (the right edge in left-to-right languages).
    case trailing

    /// `"leading"` or `"trailing"`.
    public var description: String { rawValue }
}

/// A control that performs an action when pressed, as SwiftUI's `Button`.
///
/// Inside ``View/swipeActions(edge:allowsFullSwipe:content:)`` each button is one swipe
/// action; the host calls ``action`` (through ``ResolvedSwipeAction/perform``) when the user
/// picks it.
///
/// ```swift
/// Button(role: .destructive) {
///   eventDispatcher?(["myModifier": ["id": "delete"]])
/// } label: {
///   Label("Delete", systemImage: "trash")
/// }
/// Button("Flag") { flag() }
/// Button("Delete", systemImage: "trash", role: .destructive) { delete() }
/// ```
///
/// (SwiftUI calls the type of the label `Label`; here it is `LabelContent`, so that the name
/// `Label` always means the ``Label`` view. Code that does not spell the type is the same.)
public struct Button<LabelContent: View>: View {
    /// The button's role, if any.
    public let role: ButtonRole?
    /// What pressing the button does.
    public let action: () -> Void
    /// What the button shows: usually a ``Text``, a ``Label`` or an ``Image``.
    public let label: LabelContent

    /// A button showing the view `label` builds, that runs `action` when pressed.
    ///
    /// With trailing closures: `Button(role: .cancel) { ... } label: { Text("Cancel") }`.
    public init(role: ButtonRole? = nil, action: @escaping () -> Void, @ViewBuilder label: () -> LabelContent) {
        self.role = role
        self.action = action
        self.label = label()
    }

    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("Button is primitive") }
}

extension Button where LabelContent == Text {
    /// A button showing the text `title`, that runs `action` when pressed:
    /// `Button("Archive") { archive() }`.
    public init(_ title: String, action: @escaping () -> Void) {
        self.init(role: nil, action: action) { Text(title) }
    }

    /// A button with a role showing the text `title`:
    /// `Button("Delete", role: .destructive) { delete() }`.
    public init(_ title: String, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

extension Button where LabelContent == Label {
    /// A button showing `title` next to the SF Symbol named `systemImage`, as SwiftUI's
    /// `Button(_:systemImage:role:action:)`:
    /// `Button("Delete", systemImage: "trash", role: .destructive) { delete() }`.
    public init(_ title: String, systemImage: String, role: ButtonRole? = nil, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Label(title, systemImage: systemImage) }
    }
}

/// Views made from each element of a collection, as SwiftUI's `ForEach`.
///
/// Inside swipe actions, each element's id (`String(describing:)` of the value at `id`) is the
/// ``ResolvedSwipeAction/id`` of the buttons made from that element:
///
/// ```swift
/// ForEach(trailing, id: \.id) { action in
///   Button(action.label) { dispatch(action.id) }
/// }
/// ```
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    /// The elements.
    public let data: Data
    /// Where each element's identity is.
    public let id: KeyPath<Data.Element, ID>
    /// Makes the view for an element.
    public let content: (Data.Element) -> Content

    /// The views `content` builds for the elements of `data`, each identified by the value
    /// at the key path `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }

    /// Primitive: the evaluator reads this view directly.
    public var body: Never { fatalError("ForEach is primitive") }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// The views `content` builds for the elements of `data`, each identified by its own `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// The views `content` builds for each integer of `data`, each identified by the integer:
    /// `ForEach(0..<3) { index in ... }`.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}
