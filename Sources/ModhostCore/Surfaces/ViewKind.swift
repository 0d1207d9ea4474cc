/// The views a surface may hold, and which of them take children.
public enum ViewKind: String, CaseIterable, Sendable {
    case list = "List"
    case section = "Section"
    case hStack = "HStack"
    case vStack = "VStack"
    case zStack = "ZStack"
    case text = "Text"
    case label = "Label"
    case image = "Image"
    case button = "Button"
    case spacer = "Spacer"
    case scrollView = "ScrollView"
    case textField = "TextField"
    case toggle = "Toggle"
    case slider = "Slider"
    /// A view a plugin serves (`NodeState.pluginView` says which). Its name on the wire is
    /// the plugin view's; this case has none of its own and is not among `names`.
    case plugin = "$plugin"

    /// Whether the view takes child nodes. A `Text`'s children are its segments, `Text`s
    /// themselves (Expo UI's nested `<Text>`, each with its own style); `onlyChildKind` says so.
    /// A `Label`'s and a `Toggle`'s children are their title, as SDK 58 takes a title and a
    /// subtitle there: a tap on a Toggle's title flips it, as a tap on a Button's content
    /// performs its action.
    public var takesChildren: Bool {
        switch self {
        case .list, .section, .hStack, .vStack, .zStack, .button, .scrollView, .plugin, .text, .label, .toggle: return true
        case .image, .spacer, .textField, .slider: return false
        }
    }

    /// The props that hold a view (a slot: Expo UI's `ReactNode` props). A node object there
    /// is built as a node of the tree, at `PATH/name`, reconciled as children are. Section's
    /// `header` and `footer` also take a string (its props schema says so): a plain title.
    public var slots: [String] {
        switch self {
        case .section: return ["header", "footer"]
        case .slider: return ["label", "minimumValueLabel", "maximumValueLabel"]
        case .label: return ["icon"]
        default: return []
        }
    }

    /// The one view a child of this view may be, for a view that takes only that one.
    var onlyChildKind: ViewKind? { self == .text ? .text : nil }

    /// Whether a gesture aimed at the view itself hits it. Views that draw something (text,
    /// an image, a control) are hit; lists, stacks, sections, scroll views and spacers are
    /// hit only where their children are, so a gesture aimed at one lands on its empty space,
    /// which only a `contentShape` or a `background` makes hittable (SwiftUI's rule, and the
    /// reason `contentShape(Rectangle())` exists).
    var isHitByItsContent: Bool {
        switch self {
        case .text, .label, .image, .button, .textField, .toggle, .slider, .plugin: return true
        case .list, .section, .hStack, .vStack, .zStack, .spacer, .scrollView: return false
        }
    }

    /// The view named `name` on the wire. A plain `switch` compares the short names
    /// directly; the synthesized `init(rawValue:)` goes through a slower generic lookup, and
    /// every node of a tree pays for it.
    public init?(name: String) {
        switch name {
        case "List": self = .list
        case "Section": self = .section
        case "HStack": self = .hStack
        case "VStack": self = .vStack
        case "ZStack": self = .zStack
        case "Text": self = .text
        case "Label": self = .label
        case "Image": self = .image
        case "Button": self = .button
        case "Spacer": self = .spacer
        case "ScrollView": self = .scrollView
        case "TextField": self = .textField
        case "Toggle": self = .toggle
        case "Slider": self = .slider
        default: return nil
        }
    }

    /// The views built into the host, in the order `initialize` lists them.
    public static let builtIn: [ViewKind] = allCases.filter { $0 != .plugin }

    /// Built-in view names as `initialize` lists them (the plugins' follow).
    public static var names: [String] { builtIn.map(\.rawValue) }
}

/// Limits that keep one front-end from exhausting the host. Exceeding one is an error.
public struct SurfaceLimits: Sendable {
    public var maxDepth = 64
    public var maxNodesPerSurface = 100_000
    /// Nodes across every surface of every connection (`--max-nodes`). A connection grows
    /// only up to its fair share of it: the budget divided by the connections holding nodes,
    /// itself included (see `NodeBudget`).
    public var maxNodes = 1_000_000
    public var maxSurfacesPerConnection = 64
    public var maxModifiersPerNode = 16
    public var maxSurfaceNameLength = 128
    /// Requests of one connection answered later (an `AsyncFunction` that waits) that may be
    /// waiting at once; past it a `callFunction` of an `AsyncFunction` is refused (-32001).
    public var maxPendingCallsPerConnection = 1000

    public init() {}
}
