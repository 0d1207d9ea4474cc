@_spi(ModhostHost) import ModifierKit
import Testing

@testable import ExpoUI

private typealias T = ExpoUITest

@Suite("ExpoUI: modifiers with values of more than one type", .timeLimit(.minutes(20)))
struct RecordedValueModifierTests {
    @Test func tagTakesAStringOrANumber() throws {
        #expect(try T.recorded(TagModifier.self, ["tag": "inbox"]) == [.named(NamedStyle("tag", [StyleArgument("tag", .string("inbox"))]))])
        #expect(try T.recorded(TagModifier.self, ["tag": 3]) == [.named(NamedStyle("tag", [StyleArgument("tag", .number(3))]))])
        let error = try T.refused(TagModifier.self, ["tag": true])
        #expect(error.path == "tag")
        #expect("\(error)".contains("a string or a number"))
        #expect(try T.refused(TagModifier.self, [:]).path == "tag")
    }

    @Test func environmentChecksTheValueForItsKey() throws {
        #expect(try T.recorded(EnvironmentModifier.self, ["key": "colorScheme", "value": "dark"]) == [.named(NamedStyle("environment", [StyleArgument("key", .string("colorScheme")), StyleArgument("value", .string("dark"))]))])
        #expect(try T.recorded(EnvironmentModifier.self, ["key": "locale", "value": "fr_FR"]).count == 1)
        let scheme = try T.refused(EnvironmentModifier.self, ["key": "colorScheme", "value": "dim"])
        #expect(scheme.path == "value")
        #expect("\(scheme)".contains("'light', 'dark' for 'colorScheme'"))
        #expect(try T.refused(EnvironmentModifier.self, ["key": "editMode", "value": "on"]).path == "value")
        #expect(try T.refused(EnvironmentModifier.self, ["key": "timeZone", "value": ""]).path == "value")
        #expect("\(try T.refused(EnvironmentModifier.self, ["key": "theme", "value": "x"]))".contains("'colorScheme'"))
    }

    @Test func gridCellAnchorIsAPresetOrAPoint() throws {
        #expect(try T.recorded(GridCellAnchorModifier.self, ["type": "preset", "anchor": "topLeading"]) == [.named(NamedStyle("gridCellAnchor", [StyleArgument("anchor", .string("topLeading"))]))])
        #expect(try T.recorded(GridCellAnchorModifier.self, ["type": "custom", "points": ["x": 0.25, "y": 1]]) == [.named(NamedStyle("gridCellAnchor", [StyleArgument("x", .number(0.25)), StyleArgument("y", .number(1))]))])
        #expect(try T.refused(GridCellAnchorModifier.self, ["type": "preset"]).path == "anchor")
        #expect(try T.refused(GridCellAnchorModifier.self, ["type": "custom"]).path == "points")
        #expect(try T.refused(GridCellAnchorModifier.self, ["type": "custom", "points": ["x": 1]]).path == "points.y")
    }

    @Test func animationIsRecordedWithoutAHeadlessEffect() throws {
        let styles = try T.recorded(AnimationModifier.self, ["animation": ["type": "spring", "duration": 0.3, "repeatCount": 2, "autoreverses": true], "animatedValue": true])
        #expect(styles == [.named(NamedStyle("animation", [
            StyleArgument("type", .string("spring")), StyleArgument("duration", .number(0.3)), StyleArgument("repeatCount", .number(2)),
            StyleArgument("autoreverses", .bool(true)), StyleArgument("animatedValue", .bool(true)),
        ], hasHeadlessEffect: false))])
        #expect(try T.recorded(AnimationModifier.self, ["animation": ["type": "linear"], "animatedValue": 4]).count == 1)
        #expect(try T.refused(AnimationModifier.self, ["animation": ["type": "bouncy"], "animatedValue": 1]).path == "animation.type")
        #expect(try T.refused(AnimationModifier.self, ["animation": ["type": "linear"], "animatedValue": "x"]).path == "animatedValue")
        #expect(try T.refused(AnimationModifier.self, ["animatedValue": 1]).path == "animation")
    }
}
