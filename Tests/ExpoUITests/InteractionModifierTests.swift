@_spi(ModhostHost) import ModifierKit
import Testing

@testable import ExpoUI

private typealias T = ExpoUITest

@Suite("ExpoUI: gestures, lifecycle, submit, disabled, hidden, contentShape", .timeLimit(.minutes(20)))
struct InteractionModifierTests {
    @Test func onTapGestureTapsOnceByDefaultAndDispatchesItsType() throws {
        let events = EventLog()
        let effect = try T.effect(OnTapGestureModifier.self, events: events)
        #expect(effect.includesContent)
        #expect(effect.taps.map(\.count) == [1])
        effect.taps.first?.perform()
        #expect(events.all == [#"{"onTapGesture":{}}"#])
    }

    @Test func onTapGestureTakesACount() throws {
        let effect = try T.effect(OnTapGestureModifier.self, ["$type": "onTapGesture", "count": 2])
        #expect(effect.taps.map(\.count) == [2])
        // A whole number written as a double is an integer.
        #expect(try T.effect(OnTapGestureModifier.self, ["count": 3.0]).taps.map(\.count) == [3])
    }

    @Test func onTapGestureRefusesCountsBelowOneAndNonIntegers() throws {
        for bad in [0, -2] {
            let error = try T.fieldError { try T.make(OnTapGestureModifier.self, ["count": bad]) }
            #expect(error.path == "count")
            #expect(error.value == String(bad))
            #expect(error.type == "Int")
            #expect(error.description == "Cannot cast '\(bad)' for field 'count' of type Int: expected an integer of 1 or more")
        }
        let fraction = try T.fieldError { try T.make(OnTapGestureModifier.self, ["count": 1.5]) }
        #expect(fraction.path == "count")
        #expect(fraction.kind == .cast)
        let text = try T.fieldError { try T.make(OnTapGestureModifier.self, ["count": "two"]) }
        #expect(text.path == "count")
        #expect(text.value == "two")
    }

    @Test func onLongPressGestureNeedsHalfASecondByDefault() throws {
        let events = EventLog()
        let effect = try T.effect(OnLongPressGestureModifier.self, events: events)
        #expect(effect.longPresses.map(\.minimumDuration) == [0.5])
        effect.longPresses.first?.perform()
        #expect(events.all == [#"{"onLongPressGesture":{}}"#])
        #expect(effect.taps.isEmpty)
    }

    @Test func onLongPressGestureTakesAnyDurationFromZero() throws {
        #expect(try T.effect(OnLongPressGestureModifier.self, ["minimumDuration": 2]).longPresses.map(\.minimumDuration) == [2])
        #expect(try T.effect(OnLongPressGestureModifier.self, ["minimumDuration": 0]).longPresses.map(\.minimumDuration) == [0])
        let error = try T.fieldError { try T.make(OnLongPressGestureModifier.self, ["minimumDuration": -0.25]) }
        #expect(error.path == "minimumDuration")
        #expect(error.value == "-0.25")
        #expect("\(error)".hasSuffix("expected a number of 0 or more"))
        let text = try T.fieldError { try T.make(OnLongPressGestureModifier.self, ["minimumDuration": true]) }
        #expect(text.path == "minimumDuration")
        #expect(text.type == "Double")
    }

    @Test func onAppearAndOnDisappearDispatchTheirTypes() throws {
        let events = EventLog()
        let appear = try T.effect(OnAppearModifier.self, events: events)
        let disappear = try T.effect(OnDisappearModifier.self, events: events)
        #expect(appear.appearActions.count == 1 && appear.disappearActions.isEmpty)
        #expect(disappear.disappearActions.count == 1 && disappear.appearActions.isEmpty)
        appear.appearActions.forEach { $0() }
        disappear.disappearActions.forEach { $0() }
        #expect(events.all == [#"{"onAppear":{}}"#, #"{"onDisappear":{}}"#])
    }

    @Test func onSubmitDispatchesItsTypeForText() throws {
        let events = EventLog()
        let effect = try T.effect(OnSubmitModifier.self, events: events)
        #expect(effect.submits.count == 1)
        #expect(effect.submits.first?.triggers == .text)
        effect.submits.first?.perform()
        #expect(events.all == [#"{"onSubmit":{}}"#])
    }

    @Test func modifiersWithoutParamsIgnoreWhatTheyAreSent() throws {
        // Unknown keys (and `$type`) are ignored, as for every record.
        let effect = try T.effect(OnAppearModifier.self, ["$type": "onAppear", "extra": 1])
        #expect(effect.appearActions.count == 1)
    }

    @Test func disabledDisablesByDefault() throws {
        #expect(try T.effect(DisabledModifier.self).isDisabled)
        #expect(try T.effect(DisabledModifier.self, ["disabled": true]).isDisabled)
        let enabled = try T.effect(DisabledModifier.self, ["disabled": false])
        #expect(!enabled.isDisabled)
        #expect(enabled.includesContent)
        let error = try T.fieldError { try T.make(DisabledModifier.self, ["disabled": "yes"]) }
        #expect(error.path == "disabled")
        #expect(error.type == "Bool")
    }

    @Test func hiddenHidesByDefault() throws {
        #expect(try T.effect(HiddenModifier.self).isHidden)
        let shown = try T.effect(HiddenModifier.self, ["hidden": false])
        #expect(!shown.isHidden)
        #expect(shown.includesContent)
        let error = try T.fieldError { try T.make(HiddenModifier.self, ["hidden": 1]) }
        #expect(error.path == "hidden")
    }

    @Test func contentShapeNeedsAShapeFromTheList() throws {
        let expected: [String: ResolvedShape] = [
            "rectangle": ResolvedShape(name: "rectangle"),
            "roundedRectangle": ResolvedShape(name: "roundedRectangle", cornerRadius: 0),
            "circle": ResolvedShape(name: "circle"),
            "capsule": ResolvedShape(name: "capsule"),
            "ellipse": ResolvedShape(name: "ellipse"),
        ]
        for (name, shape) in expected {
            #expect(try T.effect(ContentShapeModifier.self, ["shape": name]).contentShape == shape)
        }
        #expect(
            try T.effect(ContentShapeModifier.self, ["shape": "roundedRectangle", "cornerRadius": 12]).contentShape
                == ResolvedShape(name: "roundedRectangle", cornerRadius: 12))
        // Only a rounded rectangle has corners.
        #expect(
            try T.effect(ContentShapeModifier.self, ["shape": "circle", "cornerRadius": 12]).contentShape
                == ResolvedShape(name: "circle"))

        let missing = try T.fieldError { try T.make(ContentShapeModifier.self) }
        #expect(missing.kind == .missing)
        #expect(missing.path == "shape")
        let unknown = try T.fieldError { try T.make(ContentShapeModifier.self, ["shape": "star"]) }
        #expect(unknown.path == "shape")
        #expect(unknown.value == "star")
        #expect(
            "\(unknown)".hasSuffix("expected one of 'rectangle', 'roundedRectangle', 'circle', 'capsule', 'ellipse'"))
        let radius = try T.fieldError { try T.make(ContentShapeModifier.self, ["shape": "rectangle", "cornerRadius": "8"]) }
        #expect(radius.path == "cornerRadius")
    }

    @Test func interactionModifiersAddNoStyles() throws {
        #expect(try T.effect(OnTapGestureModifier.self).styles.isEmpty)
        #expect(try T.effect(DisabledModifier.self).styles.isEmpty)
        #expect(try T.effect(ContentShapeModifier.self, ["shape": "circle"]).styles.isEmpty)
    }
}
