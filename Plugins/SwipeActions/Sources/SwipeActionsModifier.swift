import ModifierKit

/// `{"$type": "swipeActions", "leading": [...], "trailing": [...], "allowsFullSwipe": false}`:
/// buttons revealed by swiping a List row from either edge. A tap sends
/// `{"swipeActions": {"id": ...}}` back to the front-end.
struct SwipeActionsModifier: ViewModifier, Record {
    @Field(.description("Buttons revealed by swiping from the leading edge, the first nearest the edge")) var leading: [SwipeAction] = []
    @Field(.description("Buttons revealed by swiping from the trailing edge, the first nearest the edge")) var trailing: [SwipeAction] = []
    @Field(.description("Whether a full swipe performs the first action of an edge")) var allowsFullSwipe: Bool = false

    var eventDispatcher: EventDispatcher?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
    }

    func body(content: Content) -> some View {
        content
            .swipeActions(edge: .leading, allowsFullSwipe: allowsFullSwipe) {
                ForEach(leading, id: \.id) { action in
                    button(for: action)
                }
            }
            .swipeActions(edge: .trailing, allowsFullSwipe: allowsFullSwipe) {
                ForEach(trailing, id: \.id) { action in
                    button(for: action)
                }
            }
    }

    @ViewBuilder
    private func button(for action: SwipeAction) -> some View {
        Button(role: action.role?.buttonRole) {
            eventDispatcher?(["swipeActions": ["id": action.id]])
        } label: {
            if let systemImage = action.systemImage {
                Label(action.label, systemImage: systemImage)
            } else {
                Text(action.label)
            }
        }
        .tint(action.tint)
    }
}
