import ModifierKit

struct RowActionsModifier: ViewModifier, Record {
  @Field var leading: [RowActionRecord] = []
  @Field var trailing: [RowActionRecord] = []
  @Field var allowsFullSwipe: Bool = false

  var eventDispatcher: EventDispatcher?

  init() {}

  init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
    try self = .init(from: params, appContext: appContext)
    self.eventDispatcher = eventDispatcher
  }

  func body(content: Content) -> some View {
    content
      .swipeActions(edge: .trailing, allowsFullSwipe: allowsFullSwipe) {
        ForEach(trailing, id: \.id) { item in
          makeButton(item)
        }
      }
      .swipeActions(edge: .leading, allowsFullSwipe: allowsFullSwipe) {
        ForEach(leading, id: \.id) { item in
          makeButton(item)
        }
      }
  }

  @ViewBuilder
  private func makeButton(_ item: RowActionRecord) -> some View {
    let role: ButtonRole? = {
      switch item.role {
      case "destructive": return .destructive
      case "cancel": return .cancel
      default: return nil
      }
    }()
    Button(role: role) {
      eventDispatcher?(["rowActions": ["id": item.id]])
    } label: {
      if let icon = item.systemImage {
        Label(item.label, systemImage: icon)
      } else {
        Text(item.label)
      }
    }
    .tint(item.tint)
  }
}
