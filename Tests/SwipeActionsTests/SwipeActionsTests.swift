@_spi(ModhostHost) import ModifierKit
import Synchronization
import Testing

@testable import SwipeActions

private let context = AppContext(hostVersion: "test", log: .silent)

/// What a modifier dispatched: each payload's `swipeActions` member.
private final class Sent: Sendable {
    private let payloads = Mutex<[[String: String]?]>([])
    var all: [[String: String]?] { payloads.withLock { $0 } }
    func dispatcher() -> EventDispatcher {
        EventDispatcher(modifierType: "swipeActions") { payload in
            let member = payload["swipeActions"] as? [String: String]
            self.payloads.withLock { $0.append(member) }
        }
    }
}

private func modifier(_ params: Dict, sent: Sent = Sent()) throws -> SwipeActionsModifier {
    try SwipeActionsModifier(from: params, appContext: context, eventDispatcher: sent.dispatcher())
}

@Suite("SwipeActions: the plugin on its own", .timeLimit(.minutes(20)))
struct SwipeActionsTests {
    @Test func theModuleRegistersSwipeActionsWithItsEventPayload() throws {
        let registry = ModifierRegistry()
        registry.attributing(plugin: "SwipeActions", module: "SwipeActionsModule") {
            SwipeActionsModule(appContext: context).definition().onCreate.forEach { $0() }
        }
        let entry = try #require(registry.entry(for: "swipeActions"))
        #expect(entry.plugin == "SwipeActions")
        #expect(entry.description?.isEmpty == false)
        let event = try #require(PluginHostSupport.eventSchema(of: entry))
        #expect(event["required"] as? [String] == ["id"])
        let params = try #require(try PluginHostSupport.paramsSchema(of: entry, appContext: context))
        #expect((params["properties"] as? [String: Any])?.keys.sorted() == ["allowsFullSwipe", "leading", "trailing"])
    }

    @Test func eachEdgeRevealsItsActionsInOrderWithLabelIconTintAndRole() throws {
        let effect = ModifierEvaluator.evaluate(try modifier([
            "$type": "swipeActions", "allowsFullSwipe": true,
            "leading": [["id": "archive", "label": "Archive", "systemImage": "archivebox", "tint": "#34C759"]],
            "trailing": [["id": "delete", "label": "Delete", "role": "destructive"], ["id": "edit", "label": "Edit"]],
        ]))
        #expect(effect.swipeActions.map(\.edge) == [.leading, .trailing])
        #expect(effect.swipeActions.map(\.allowsFullSwipe) == [true, true])
        let archive = try #require(effect.swipeActions.first?.actions.first)
        #expect(archive.id == "archive" && archive.label == "Archive" && archive.systemImage == "archivebox")
        #expect(archive.tint == Color(red: UInt8(0x34), green: 0xC7, blue: 0x59))
        let trailing = try #require(effect.swipeActions.last?.actions)
        #expect(trailing.map(\.id) == ["delete", "edit"])
        #expect(trailing.map(\.role) == [.destructive, nil])
        #expect(trailing.map(\.systemImage) == [nil, nil])
    }

    @Test func aTapSendsTheActionsIdUnderSwipeActions() throws {
        let sent = Sent()
        let effect = ModifierEvaluator.evaluate(try modifier(["trailing": [["id": "delete"], ["id": "flag"]]], sent: sent))
        try #require(effect.swipeActions.last?.actions.last).perform()
        #expect(sent.all == [["id": "flag"]])
    }

    @Test func anActionWithoutIdOrWithABadRoleIsAFieldErrorAtItsPlace() throws {
        let missing = try #require(throws: FieldError.self) { try modifier(["trailing": [["label": "Delete"]]]) }
        #expect(missing.path == "trailing[0].id")
        let role = try #require(throws: FieldError.self) { try modifier(["leading": [["id": "a"], ["id": "b", "role": "danger"]]]) }
        #expect(role.path == "leading[1].role")
    }

    @Test func noActionsMeansNoSwipeActions() throws {
        let effect = ModifierEvaluator.evaluate(try modifier([:]))
        #expect(effect.swipeActions.allSatisfy { $0.actions.isEmpty })
    }
}
