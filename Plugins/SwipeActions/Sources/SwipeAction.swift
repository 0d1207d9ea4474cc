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
    @Field(.required) var id: String = ""
    @Field var label: String = ""
    @Field var systemImage: String?
    @Field var tint: Color?
    @Field var role: SwipeActionRole?
}
