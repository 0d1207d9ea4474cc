import ModifierKit

// `searchable` and `presentationDetents`: state the user changes. Each instance keeps the
// value in a box (Expo UI keeps it in a native state object), made from the params: a new
// value from the front-end makes a new instance, and the user's edits since are replaced, as
// a value written from JavaScript replaces them in Expo UI. An edit sends an event; a value
// from the front-end does not bounce back as one.

/// The payload of a `searchable` event: the field's text after the edit.
struct SearchTextEvent: Record {
    @Field var text: String = ""
}

/// The payload of a `presentationDetents` event: the detent the sheet was dragged to.
struct DetentEvent: Record {
    @Field(.required) var detent: Detent = .large
}

/// `searchable`'s `placement`.
enum SearchPlacementName: String, Enumerable {
    case automatic
    case toolbar
    case sidebar
    case navigationBarDrawer

    var placement: SearchFieldPlacement {
        switch self {
        case .automatic: return .automatic
        case .toolbar: return .toolbar
        case .sidebar: return .sidebar
        case .navigationBarDrawer: return .navigationBarDrawer
        }
    }
}

/// What a search field or a sheet shows now.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// `{"$type": "searchable", "text": "", "placement": "automatic", "prompt": "Search"}`: the
/// view gets a search field showing `text`. Typing into it sends `{"searchable": {"text":
/// "..."}}` with the whole text after the edit.
struct SearchableModifier: ViewModifier, Record {
    @Field(.description("What the search field shows")) var text: String = ""
    @Field var placement: SearchPlacementName = .automatic
    @Field(.description("The hint shown while the field is empty")) var prompt: String?

    var eventDispatcher: EventDispatcher?
    private var shown = Box("")

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
        shown = Box(text)
    }

    func body(content: Content) -> some View {
        let shown = shown, eventDispatcher = eventDispatcher
        let binding = Binding<String>(
            get: { shown.value },
            set: { text in
                guard text != shown.value else { return }
                shown.value = text
                eventDispatcher?(SearchTextEvent(text: text))
            })
        return content.searchable(text: binding, placement: placement.placement, prompt: prompt)
    }
}

extension Detent {
    /// The SDK's detent.
    var presentationDetent: PresentationDetent {
        switch self {
        case .medium: return .medium
        case .large: return .large
        case let .fraction(fraction): return .fraction(fraction)
        case let .height(height): return .height(height)
        }
    }

    init(_ detent: PresentationDetent) {
        switch detent {
        case .medium: self = .medium
        case .large: self = .large
        case let .fraction(fraction): self = .fraction(fraction)
        case let .height(height): self = .height(height)
        }
    }
}

/// `{"$type": "presentationDetents", "detents": ["medium", "large"], "selection": "medium"}`:
/// the heights the sheet showing the view rests at (at least one), and the one it is at
/// (`selection`, one of `detents`; the smallest when absent, as a sheet opens). Dragging the
/// sheet to another sends `{"presentationDetents": {"detent": "large"}}`.
struct PresentationDetentsModifier: ViewModifier, Record {
    @Field(.required, .description("The detents the sheet rests at")) var detents: [Detent] = []
    @Field(.description("The detent the sheet is at")) var selection: Detent?

    var eventDispatcher: EventDispatcher?
    private var shown = Box(PresentationDetent.large)

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
        // Only detents given are checked: the host describes the params from the defaults.
        guard params["detents"] != nil else { return }
        guard !detents.isEmpty else {
            throw refusal(field: "detents", value: "[]", type: "[Detent]", expected: "at least one detent")
        }
        let set = Set(detents.map(\.presentationDetent))
        if let selection {
            guard set.contains(selection.presentationDetent) else {
                throw refusal(
                    field: "selection", value: selection.text, type: "Detent?",
                    expected: "one of the detents: \(detents.map(\.text).joined(separator: ", "))")
            }
            shown = Box(selection.presentationDetent)
        } else {
            shown = Box(PresentationDetent.ordered(set).first ?? .large)
        }
    }

    func body(content: Content) -> some View {
        let shown = shown, eventDispatcher = eventDispatcher
        let binding = Binding<PresentationDetent>(
            get: { shown.value },
            set: { detent in
                guard detent != shown.value else { return }
                shown.value = detent
                eventDispatcher?(DetentEvent(detent: Detent(detent)))
            })
        return content.presentationDetents(Set(detents.map(\.presentationDetent)), selection: binding)
    }
}
