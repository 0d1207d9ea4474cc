import Testing
@_spi(ModhostHost) import ModifierKit

// A plugin in the shape of the Expo blog's swipe-actions module, written afresh: a final
// class record per action, a struct that is both `ViewModifier` and `Record` with an
// injected `EventDispatcher`, and the payload keyed by the modifier's `$type`.

private final class RowButtonRecord: Record {
    @Field var id: String = ""
    @Field var title: String = ""
    @Field var icon: String?
    @Field var tint: Color? = nil
    @Field var role: String? = nil
}

private struct RowButtonsModifier: ViewModifier, Record {
    @Field var leading: [RowButtonRecord] = []
    @Field var trailing: [RowButtonRecord] = []
    @Field var allowsFullSwipe: Bool = false

    var eventDispatcher: EventDispatcher?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
    }

    func body(content: Content) -> some View {
        content
    }

    func tap(_ button: RowButtonRecord) {
        eventDispatcher?(["rowButtons": ["id": button.id]])
    }
}

private func blogShapedParams() -> Dict { [
    "$type": "rowButtons",
    "leading": [
        ["id": "pin", "title": "Pin", "icon": "pin", "tint": "orange"],
    ],
    "trailing": [
        ["id": "remove", "title": "Remove", "icon": "trash", "tint": "#FF3B30", "role": "destructive"],
        ["id": "rename", "title": "Rename", "icon": "pencil", "tint": "#0A84FF"],
        ["id": "later", "title": "Later"],
    ],
    "allowsFullSwipe": true,
] }

@Suite("Plugin pattern: ViewModifier that is a Record", .timeLimit(.minutes(20)))
struct PluginPatternTests {
    @Test func secondInitializerDecodesParamsAndKeepsTheDispatcher() throws {
        var events: [Dict] = []
        let dispatcher = EventDispatcher(modifierType: "rowButtons") { events.append($0) }
        let modifier = try RowButtonsModifier(from: blogShapedParams(), appContext: KitTestSupport.context, eventDispatcher: dispatcher)

        #expect(modifier.allowsFullSwipe)
        #expect(modifier.leading.map(\.id) == ["pin"])
        #expect(modifier.leading.first?.tint == Color(red: 255, green: 165, blue: 0, alpha: 255))
        #expect(modifier.trailing.map(\.id) == ["remove", "rename", "later"])
        #expect(modifier.trailing.map(\.title) == ["Remove", "Rename", "Later"])
        #expect(modifier.trailing.map(\.role) == ["destructive", nil, nil])
        #expect(modifier.trailing.map(\.icon) == ["trash", "pencil", nil])
        #expect(modifier.trailing[1].tint == Color(red: 0x0A, green: 0x84, blue: 0xFF, alpha: 0xFF))
        #expect(modifier.trailing[2].tint == nil)
        #expect(modifier.eventDispatcher === dispatcher)

        modifier.tap(modifier.trailing[0])
        #expect(KitTestSupport.canonical(events) == KitTestSupport.canonical([["rowButtons": ["id": "remove"]]] as [Any]))
    }

    @Test func plainRecordInitializerLeavesTheDispatcherNil() throws {
        let modifier = try RowButtonsModifier(from: ["allowsFullSwipe": true], appContext: KitTestSupport.context)
        #expect(modifier.allowsFullSwipe)
        #expect(modifier.eventDispatcher == nil)
        #expect(modifier.leading.isEmpty)
    }

    @Test func eventDispatcherIsNotAParamOrAField() throws {
        let modifier = try RowButtonsModifier(
            from: ["eventDispatcher": "ignored"], appContext: KitTestSupport.context,
            eventDispatcher: EventDispatcher(modifierType: "rowButtons") { _ in })
        #expect(Set(modifier.toDictionary().keys) == ["leading", "trailing", "allowsFullSwipe"])
        #expect(RowButtonsModifier.jsonSchema["x-order"] as? [String] == ["leading", "trailing", "allowsFullSwipe"])
    }

    @Test func badTintInSecondTrailingButtonIsReportedAtItsPath() throws {
        var params = blogShapedParams()
        params["trailing"] = [["id": "a", "tint": "#0A84FF"], ["id": "b", "tint": "nope"]]
        let error = try #require(throws: FieldError.self) {
            try RowButtonsModifier(
                from: params, appContext: KitTestSupport.context,
                eventDispatcher: EventDispatcher(modifierType: "rowButtons") { _ in })
        }
        #expect(error.path == "trailing[1].tint")
        #expect(error.summary == "Cannot cast 'nope' for field 'tint' of type Color?")
        #expect(error.cause as? ColorParseError == ColorParseError(input: "nope"))
    }

    @Test func modifierIsUsableAsAnyViewModifierAndAnyRecord() throws {
        let built: any ViewModifier = try RowButtonsModifier(
            from: blogShapedParams(), appContext: KitTestSupport.context,
            eventDispatcher: EventDispatcher(modifierType: "rowButtons") { _ in })
        let record = try #require(built as? any Record)
        #expect(record.toDictionary()["allowsFullSwipe"] as? Bool == true)
    }
}
