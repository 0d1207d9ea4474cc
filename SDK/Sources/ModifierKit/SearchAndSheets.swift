// A search field and a sheet's detents: state the front-end's user changes (by typing, by
// dragging a sheet), read and written through a Binding, as in SwiftUI. The host shows the
// field's text and the chosen detent, and changes them when a simulated gesture asks.

/// A value read and written elsewhere, as SwiftUI's `Binding`: what ``View/searchable(text:placement:prompt:)``
/// shows and edits, and which detent ``View/presentationDetents(_:selection:)`` selects.
///
/// A plugin makes one from closures over state it keeps (a class instance, say), and sends
/// the front-end an event from `set` when the user's edit should reach it.
public struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// The value: reading calls `get`, writing calls `set`.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// A binding that always reads `value` and ignores writes.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }
}

/// Where a search field goes, as SwiftUI's `SearchFieldPlacement`. Headless, the field belongs
/// to the view the modifier is applied to, whatever the placement; the snapshot names it.
public struct SearchFieldPlacement: Equatable, Sendable {
    /// `automatic`, `toolbar`, `sidebar` or `navigationBarDrawer`.
    public let name: String

    private init(_ name: String) { self.name = name }

    /// Where the system puts it.
    public static let automatic = SearchFieldPlacement("automatic")
    /// In the toolbar.
    public static let toolbar = SearchFieldPlacement("toolbar")
    /// In a navigation sidebar.
    public static let sidebar = SearchFieldPlacement("sidebar")
    /// In a drawer below the navigation bar.
    public static let navigationBarDrawer = SearchFieldPlacement("navigationBarDrawer")
}

/// A height a sheet rests at, as SwiftUI's `PresentationDetent`.
public enum PresentationDetent: Hashable, Sendable {
    /// About half the screen.
    case medium
    /// The whole screen.
    case large
    /// A fraction of the screen's height, from 0 to 1.
    case fraction(Double)
    /// A height in points.
    case height(Double)

    /// The screen height, in points, that the host measures detents against to order them:
    /// an iPhone's (844). Headless there is no screen; the order is what one would show.
    public static let referenceScreenHeight = 844.0

    /// The share of ``referenceScreenHeight`` the detent takes: medium 0.5, large 1.
    public var referenceFraction: Double {
        switch self {
        case .medium: return 0.5
        case .large: return 1
        case let .fraction(fraction): return fraction
        case let .height(height): return height / Self.referenceScreenHeight
        }
    }

    /// The detents smallest first (by ``referenceFraction``; equal ones by kind and value),
    /// the order the host lists them in: a `Set` has none.
    public static func ordered(_ detents: Set<PresentationDetent>) -> [PresentationDetent] {
        detents.sorted { left, right in
            if left.referenceFraction != right.referenceFraction { return left.referenceFraction < right.referenceFraction }
            return left.rank < right.rank
        }
    }

    private var rank: Int {
        switch self {
        case .medium: return 0
        case .large: return 1
        case .fraction: return 2
        case .height: return 3
        }
    }
}

extension View {
    /// Gives the view a search field, as SwiftUI's `searchable(text:placement:prompt:)`: it
    /// shows `text`, and typing into it writes `text`.
    ///
    /// The host shows the field on the node the modifier is applied to (`search` in its
    /// snapshot); a front-end's `interact` `type` aimed at that node types into it. The
    /// innermost `searchable` on a view is its field.
    ///
    /// - Parameters:
    ///   - text: What the field shows; written with each edit.
    ///   - placement: Where the field goes on a screen.
    ///   - prompt: The hint shown while the field is empty.
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: String? = nil) -> some View {
        SearchableView(content: self, search: ResolvedSearch(text: text, placement: placement, prompt: prompt))
    }

    /// The heights the sheet showing this view rests at, as SwiftUI's `presentationDetents(_:)`.
    /// The sheet starts at the smallest (see ``PresentationDetent/ordered(_:)``); the host
    /// keeps the one chosen since for as long as the modifier's params stay the same.
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View {
        let start = PresentationDetent.ordered(detents).first ?? .large
        let chosen = ChosenDetent(start)
        return presentationDetents(detents, selection: Binding(get: { chosen.value }, set: { chosen.value = $0 }))
    }

    /// The heights the sheet showing this view rests at, and the one it is at, as SwiftUI's
    /// `presentationDetents(_:selection:)`: dragging the sheet (a front-end's `interact`
    /// `detent`) writes `selection`. Give a `selection` among `detents`.
    public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>) -> some View {
        PresentationDetentsView(
            content: self, detents: ResolvedPresentationDetents(detents: PresentationDetent.ordered(detents), selection: selection))
    }
}

/// The detent a sheet without a selection binding is at.
private final class ChosenDetent {
    var value: PresentationDetent
    init(_ value: PresentationDetent) { self.value = value }
}

/// A search field the evaluator found around the content.
public struct ResolvedSearch {
    /// What the field shows, written with each edit.
    public let text: Binding<String>
    /// Where the field goes on a screen.
    public let placement: SearchFieldPlacement
    /// The hint shown while the field is empty.
    public let prompt: String?

    /// A search field; the evaluator makes these, and hosts may make them in tests.
    public init(text: Binding<String>, placement: SearchFieldPlacement, prompt: String?) {
        self.text = text
        self.placement = placement
        self.prompt = prompt
    }
}

/// A sheet's detents the evaluator found around the content.
public struct ResolvedPresentationDetents {
    /// The detents, smallest first.
    public let detents: [PresentationDetent]
    /// The detent the sheet is at, written when it is dragged to another.
    public let selection: Binding<PresentationDetent>

    /// A sheet's detents; the evaluator makes these, and hosts may make them in tests.
    public init(detents: [PresentationDetent], selection: Binding<PresentationDetent>) {
        self.detents = detents
        self.selection = selection
    }
}

struct SearchableView<Content: View>: View {
    let content: Content
    let search: ResolvedSearch
    var body: Never { fatalError("SearchableView is primitive") }
}

struct PresentationDetentsView<Content: View>: View {
    let content: Content
    let detents: ResolvedPresentationDetents
    var body: Never { fatalError("PresentationDetentsView is primitive") }
}

extension SearchableView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        // Walked inside out: the first one recorded is the innermost, which wins.
        walker.visitWrapper(content) { if $0.search == nil { $0.search = search } }
    }
}

extension PresentationDetentsView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        walker.visitWrapper(content) { if $0.presentationDetents == nil { $0.presentationDetents = detents } }
    }
}
