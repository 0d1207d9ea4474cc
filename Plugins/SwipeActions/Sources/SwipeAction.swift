import ModifierKit

/// What a button's role means to SwiftUI: destructive actions show red unless tinted.
enum SwipeActionRole: String, Enumerable {
    case destructive
    case cancel

    var buttonRole: ButtonRole {
        switch self {
        case .destructive: return .destructive
        case .cancel: return .cancel
        }
    }
}

/// One button revealed by a swipe: `{id, label, systemImage?, tint?, role?}`.
final class SwipeAction: Record {
    @Field(.required, .description("Identifies the action in the event a tap sends (and in interact and snapshot); keep it unique on a row"))
    var id: String = ""
    @Field(.description("The button's title")) var label: String = ""
    @Field(.description("An SF Symbol name: the button then shows a Label with that symbol")) var systemImage: String?
    @Field(.description("The button's colour; wins over the role's colour")) var tint: Color?
    @Field(.description("The button's role: a destructive one without a tint shows red")) var role: SwipeActionRole?
}

/// What a tap on a swipe action sends, under `swipeActions`: the action's id.
struct SwipeActionTap: Record {
    @Field var id: String = ""
}
