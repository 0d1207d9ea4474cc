import Testing
@_spi(ModhostHost) import ModifierKit

private final class DispatchAction: Record {
    @Field var id: String = ""
    @Field("tintColor") var tint: Color?
    @Field var count: Int = 1
}

/// A dispatcher for `type` and what it delivered.
private func probe(_ type: String) -> (EventDispatcher, () -> [Dict]) {
    var delivered: [Dict] = []
    let dispatcher = EventDispatcher(modifierType: type) { delivered.append($0) }
    return (dispatcher, { delivered })
}

@Suite("EventDispatcher", .timeLimit(.minutes(20)))
struct EventDispatcherTests {
    private let canonical = KitTestSupport.canonical

    @Test func remembersItsModifierType() {
        #expect(EventDispatcher(modifierType: "swipeRow") { _ in }.modifierType == "swipeRow")
    }

    @Test func dictionaryPayloadIsDeliveredAsIs() {
        let (dispatch, delivered) = probe("swipeRow")
        dispatch(["swipeRow": ["id": "delete"]])
        #expect(delivered().count == 1)
        #expect(canonical(delivered()) == canonical([["swipeRow": ["id": "delete"]]] as [Any]))
    }

    @Test func dictionaryPayloadUnderAnotherKeyIsNotRewritten() {
        let (dispatch, delivered) = probe("swipeRow")
        dispatch(["other": 1, "more": [true]])
        #expect(canonical(delivered()) == canonical([["other": 1, "more": [true]]] as [Any]))
    }

    @Test func recordIsWrappedUnderTheModifierType() throws {
        let (dispatch, delivered) = probe("swipeRow")
        let action = try DispatchAction(from: ["id": "edit", "tintColor": "#0A84FF"], appContext: KitTestSupport.context)
        dispatch(action)
        #expect(canonical(delivered()) == canonical([
            ["swipeRow": ["id": "edit", "tintColor": "#0A84FFFF", "count": 1]],
        ] as [Any]))
    }

    @Test func nothingIsAnEmptyObjectUnderTheModifierType() {
        let (dispatch, delivered) = probe("refresh")
        dispatch()
        #expect(canonical(delivered()) == canonical([["refresh": [:] as Dict]] as [Any]))
    }

    @Test func everyCallIsDeliveredInOrder() {
        let (dispatch, delivered) = probe("t")
        dispatch()
        dispatch(["t": ["n": 2]])
        dispatch(DispatchAction())
        #expect(delivered().count == 3)
        #expect(canonical(delivered()[1]) == canonical(["t": ["n": 2]] as Dict))
        #expect(canonical(delivered()[2]) == canonical(["t": ["id": "", "tintColor": JSNull(), "count": 1]] as Dict))
    }
}
