@_spi(ModhostHost) import ModifierKit
import Testing

@testable import ExpoUI

private typealias T = ExpoUITest

/// A named style the host records with a `no-headless-effect` warning.
private func screenOnly(_ name: String, _ arguments: [StyleArgument] = []) -> ResolvedStyle {
    .named(NamedStyle(name, arguments, hasHeadlessEffect: false))
}

private func s(_ label: String, _ value: String) -> StyleArgument { StyleArgument(label, .string(value)) }
private func b(_ label: String, _ value: Bool) -> StyleArgument { StyleArgument(label, .bool(value)) }

@Suite("ExpoUI: modifiers without a headless effect", .timeLimit(.minutes(20)))
struct ScreenOnlyModifierTests {
    @Test func eachIsRecordedAsHavingNoHeadlessEffect() throws {
        #expect(try T.recorded(IgnoreSafeAreaModifier.self, ["regions": "keyboard", "edges": "bottom"]) == [screenOnly("ignoreSafeArea", [s("regions", "keyboard"), s("edges", "bottom")])])
        #expect(try T.recorded(IgnoreSafeAreaModifier.self) == [screenOnly("ignoreSafeArea", [s("regions", "all"), s("edges", "all")])])
        #expect(
            try T.recorded(GlassEffectModifier.self, ["glass": ["variant": "clear", "interactive": true, "tint": "#FF0000"], "shape": "roundedRectangle", "cornerRadius": 8])
                == [screenOnly("glassEffect", [s("variant", "clear"), b("interactive", true), StyleArgument("tint", .color(try Color(parsing: "#FF0000"))), s("shape", "roundedRectangle"), StyleArgument("cornerRadius", .number(8))])])
        #expect(try T.recorded(GlassEffectModifier.self) == [screenOnly("glassEffect")])
        #expect(try T.recorded(GlassEffectIdModifier.self, ["id": "a", "namespaceId": "ns"]) == [screenOnly("glassEffectId", [s("id", "a"), s("namespaceId", "ns")])])
        #expect(try T.recorded(MatchedGeometryEffectModifier.self, ["id": "a", "namespaceId": "ns"]) == [screenOnly("matchedGeometryEffect", [s("id", "a"), s("namespaceId", "ns")])])
        #expect(try T.recorded(ScrollDismissesKeyboardModifier.self, ["mode": "interactively"]) == [screenOnly("scrollDismissesKeyboard", [s("mode", "interactively")])])
        #expect(try T.recorded(ScrollTargetBehaviorModifier.self, ["behavior": "viewAligned"]) == [screenOnly("scrollTargetBehavior", [s("behavior", "viewAligned")])])
        #expect(try T.recorded(ScrollTargetLayoutModifier.self) == [screenOnly("scrollTargetLayout")])
        #expect(try T.recorded(DefaultScrollAnchorModifier.self, ["anchor": "bottom"]) == [screenOnly("defaultScrollAnchor", [s("anchor", "bottom")])])
        #expect(try T.recorded(DefaultScrollAnchorModifier.self, ["anchor": JSNull()]) == [screenOnly("defaultScrollAnchor")])
        #expect(try T.recorded(DefaultScrollAnchorForRoleModifier.self, ["anchor": "top", "role": "sizeChanges"]) == [screenOnly("defaultScrollAnchorForRole", [s("anchor", "top"), s("role", "sizeChanges")])])
        #expect(try T.recorded(MenuActionDismissBehaviorModifier.self, ["behavior": "disabled"]) == [screenOnly("menuActionDismissBehavior", [s("behavior", "disabled")])])
        #expect(try T.recorded(KeyboardTypeModifier.self, ["keyboardType": "email-address"]) == [screenOnly("keyboardType", [s("keyboardType", "email-address")])])
        #expect(try T.recorded(AutocorrectionDisabledModifier.self) == [screenOnly("autocorrectionDisabled", [b("disabled", true)])])
        #expect(try T.recorded(TextInputAutocapitalizationModifier.self, ["autocapitalization": "words"]) == [screenOnly("textInputAutocapitalization", [s("autocapitalization", "words")])])
        #expect(try T.recorded(TextContentTypeModifier.self, ["textContentType": "emailAddress"]) == [screenOnly("textContentType", [s("textContentType", "emailAddress")])])
        #expect(try T.recorded(PresentationDragIndicatorModifier.self, ["visibility": "visible"]) == [screenOnly("presentationDragIndicator", [s("visibility", "visible")])])
    }

    /// It keeps a sheet from being dismissed: the host's `dismiss` gesture reads the effect.
    @Test func interactiveDismissDisabledRefusesTheDismissGesture() throws {
        #expect(try T.recorded(InteractiveDismissDisabledModifier.self) == [T.named("interactiveDismissDisabled", [("isDisabled", true)])])
        #expect(ModifierEvaluator.evaluate(try T.checked(InteractiveDismissDisabledModifier.self)).isDismissDisabled)
        #expect(!ModifierEvaluator.evaluate(try T.checked(InteractiveDismissDisabledModifier.self, ["isDisabled": false])).isDismissDisabled)
    }

    @Test func theirParamsAreCheckedAtTheField() throws {
        let cases: [(FieldError, String, String)] = [
            (try T.refused(IgnoreSafeAreaModifier.self, ["regions": "notch"]), "regions", "'keyboard'"),
            (try T.refused(IgnoreSafeAreaModifier.self, ["edges": "left"]), "edges", "'horizontal'"),
            (try T.refused(GlassEffectModifier.self, ["glass": ["variant": "frosted"]]), "glass.variant", "'identity'"),
            (try T.refused(GlassEffectModifier.self, ["glass": [String: Any]()]), "glass.variant", "required but missing"),
            (try T.refused(GlassEffectIdModifier.self, ["id": "a"]), "namespaceId", "required but missing"),
            (try T.refused(MatchedGeometryEffectModifier.self, ["namespaceId": "ns"]), "id", "required but missing"),
            (try T.refused(ScrollDismissesKeyboardModifier.self, ["mode": "sometimes"]), "mode", "'interactively'"),
            (try T.refused(DefaultScrollAnchorForRoleModifier.self, ["anchor": "top"]), "role", "required but missing"),
            (try T.refused(KeyboardTypeModifier.self, ["keyboardType": "email"]), "keyboardType", "'email-address'"),
            (try T.refused(TextContentTypeModifier.self, ["textContentType": ""]), "textContentType", "a content type name"),
            (try T.refused(PresentationDragIndicatorModifier.self, ["visibility": "shown"]), "visibility", "'visible'"),
        ]
        for (error, path, expected) in cases {
            #expect(error.path == path, "\(error)")
            #expect("\(error)".contains(expected), "\(error)")
        }
    }

    @Test func recordedStylesHaveAHeadlessEffect() throws {
        for style in try T.recorded(ShadowModifier.self, ["radius": 1]) + T.recorded(BoldModifier.self) + T.recorded(ListStyleModifier.self, ["style": "plain"]) {
            guard case let .named(named) = style else { Issue.record("\(style)"); continue }
            #expect(named.hasHeadlessEffect, "\(named.name)")
        }
    }

    @Test func presentationBackgroundInteractionTakesADetentOnlyUpThroughOne() throws {
        #expect(try T.recorded(PresentationBackgroundInteractionModifier.self, ["interactionType": "enabledUpThrough", "detent": ["fraction": 0.3]]) == [screenOnly("presentationBackgroundInteraction", [s("interactionType", "enabledUpThrough"), s("detent", "fraction 0.3")])])
        #expect(try T.recorded(PresentationBackgroundInteractionModifier.self, ["interactionType": "enabled"]) == [screenOnly("presentationBackgroundInteraction", [s("interactionType", "enabled")])])
        #expect(try T.recorded(PresentationBackgroundInteractionModifier.self, ["interactionType": "enabledUpThrough", "detent": "medium"]).count == 1)
        #expect(try T.refused(PresentationBackgroundInteractionModifier.self, ["interactionType": "enabledUpThrough"]).path == "detent")
        #expect(try T.refused(PresentationBackgroundInteractionModifier.self, ["interactionType": "enabled", "detent": "large"]).path == "detent")
        #expect(try T.refused(PresentationBackgroundInteractionModifier.self, ["interactionType": "enabledUpThrough", "detent": ["fraction": 2]]).path == "detent")
        #expect(try T.refused(PresentationBackgroundInteractionModifier.self, ["interactionType": "enabledUpThrough", "detent": "small"]).path == "detent")
    }
}
