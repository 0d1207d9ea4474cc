import Testing
@_spi(ModhostHost) import ModifierKit

// A modifier written in the shape of the Expo UI swipe-actions blog post (written afresh for
// this test): a class record per action, a struct that is both `ViewModifier` and `Record`,
// two `.swipeActions` calls over `ForEach`, a `@ViewBuilder` helper with a `let` switch for
// the role, an `if let` label and `.tint(...)` of an optional colour, and a dispatcher call
// in the button's action.

private final class RowActionRecord: Record {
    @Field var id: String = ""
    @Field var label: String = ""
    @Field var systemImage: String? = nil
    @Field var tint: Color? = nil
    @Field var role: String? = nil
}

private struct RowActionsModifier: ViewModifier, Record {
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
                ForEach(trailing, id: \.id) { action in
                    rowButton(action)
                }
            }
            .swipeActions(edge: .leading, allowsFullSwipe: allowsFullSwipe) {
                ForEach(leading, id: \.id) { action in
                    rowButton(action)
                }
            }
    }

    @ViewBuilder
    private func rowButton(_ action: RowActionRecord) -> some View {
        let role: ButtonRole? = {
            switch action.role {
            case "destructive": return .destructive
            case "cancel": return .cancel
            default: return nil
            }
        }()
        Button(role: role) {
            eventDispatcher?(["rowActions": ["id": action.id]])
        } label: {
            if let icon = action.systemImage {
                Label(action.label, systemImage: icon)
            } else {
                Text(action.label)
            }
        }
        .tint(action.tint)
    }
}

/// Keeps what a dispatcher delivers.
private final class DeliveredEvents {
    var payloads: [Dict] = []
    /// The `id` of each `["rowActions": ["id": ...]]` payload, in order.
    var ids: [String] {
        payloads.map { payload in
            let inner = payload["rowActions"] as? [String: Any]
            return inner?["id"] as? String ?? "<\(payload)>"
        }
    }
}

private let testContext = AppContext(hostVersion: "0.0.0-test", log: .silent)

private func blogParams(allowsFullSwipe: Bool = false) -> Dict { [
    "$type": "rowActions",
    "leading": [
        ["id": "archive", "label": "Archive", "systemImage": "archivebox", "tint": "teal"],
    ],
    "trailing": [
        ["id": "delete", "label": "Delete", "systemImage": "trash", "tint": "#FF3B30", "role": "destructive"],
        ["id": "edit", "label": "Edit", "systemImage": "pencil", "tint": "#0A84FF"],
        ["id": "later", "label": "Later", "role": "cancel"],
    ],
    "allowsFullSwipe": allowsFullSwipe,
] }

@Suite("Views: a modifier in the blog's shape", .timeLimit(.minutes(20)))
struct ViewBlogShapeTests {
    private func evaluate(_ params: Dict, into events: DeliveredEvents) throws -> ModifierEffect {
        let dispatcher = EventDispatcher(modifierType: "rowActions") { events.payloads.append($0) }
        let modifier = try RowActionsModifier(from: params, appContext: testContext, eventDispatcher: dispatcher)
        return ModifierEvaluator.evaluate(modifier)
    }

    @Test func twoGroupsInTheOrderTheyApply() throws {
        let effect = try evaluate(blogParams(), into: DeliveredEvents())
        #expect(effect.swipeActions.map(\.edge) == [.trailing, .leading])
        #expect(effect.swipeActions.map(\.allowsFullSwipe) == [false, false])
        #expect(effect.includesContent)
        #expect(effect.tint == nil)
        #expect(effect.ignored.isEmpty)
    }

    @Test func allowsFullSwipeComesFromTheParams() throws {
        let effect = try evaluate(blogParams(allowsFullSwipe: true), into: DeliveredEvents())
        #expect(effect.swipeActions.map(\.allowsFullSwipe) == [true, true])
    }

    @Test func trailingActionsHaveTheirIdsLabelsImagesTintsAndRoles() throws {
        let trailing = try #require(try evaluate(blogParams(), into: DeliveredEvents()).swipeActions.first).actions
        #expect(trailing.map(\.id) == ["delete", "edit", "later"])
        #expect(trailing.map(\.label) == ["Delete", "Edit", "Later"])
        #expect(trailing.map(\.systemImage) == ["trash", "pencil", nil])
        #expect(trailing.map(\.tint) == [Color(red: 0xFF, green: 0x3B, blue: 0x30, alpha: 0xFF), Color(red: 0x0A, green: 0x84, blue: 0xFF, alpha: 0xFF), nil])
        #expect(trailing.map(\.role) == [.destructive, nil, .cancel])
    }

    @Test func leadingActionHasItsCSSTint() throws {
        let leading = try #require(try evaluate(blogParams(), into: DeliveredEvents()).swipeActions.last).actions
        #expect(leading.map(\.id) == ["archive"])
        #expect(leading.first?.label == "Archive")
        #expect(leading.first?.systemImage == "archivebox")
        #expect(leading.first?.tint?.hex == "#008080FF")
        #expect(leading.first?.role == nil)
    }

    @Test func performDispatchesThePayloadOfThatAction() throws {
        let events = DeliveredEvents()
        let effect = try evaluate(blogParams(), into: events)
        #expect(events.payloads.isEmpty, "evaluating must not run any action")

        effect.swipeActions[0].actions[1].perform()
        effect.swipeActions[1].actions[0].perform()
        effect.swipeActions[0].actions[0].perform()
        #expect(events.ids == ["edit", "archive", "delete"])
        #expect(events.payloads.allSatisfy { $0.count == 1 && $0["rowActions"] != nil })
    }

    @Test func performCanRunAgainAndAfterAnotherEvaluation() throws {
        let events = DeliveredEvents()
        let first = try evaluate(blogParams(), into: events)
        let second = try evaluate(blogParams(), into: events)
        first.swipeActions[1].actions[0].perform()
        first.swipeActions[1].actions[0].perform()
        second.swipeActions[0].actions[2].perform()
        #expect(events.ids == ["archive", "archive", "later"])
    }

    @Test func noActionsGiveEmptyGroups() throws {
        let effect = try evaluate(["$type": "rowActions"], into: DeliveredEvents())
        #expect(effect.swipeActions.count == 2)
        #expect(effect.swipeActions.allSatisfy { $0.actions.isEmpty })
        #expect(effect.ignored.isEmpty)
    }

    @Test func describingModeModifierEvaluatesToEmptyGroups() throws {
        // What the host does to learn a schema: records keep their defaults.
        let describing = AppContext(hostVersion: "0.0.0-test", log: .silent, isDescribing: true)
        let modifier = try RowActionsModifier(
            from: blogParams(), appContext: describing,
            eventDispatcher: EventDispatcher(modifierType: "rowActions") { _ in })
        let effect = ModifierEvaluator.evaluate(modifier)
        #expect(effect.swipeActions.map(\.actions.count) == [0, 0])
    }
}
