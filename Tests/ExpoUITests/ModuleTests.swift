@_spi(ModhostHost) import ModifierKit
import Testing

@testable import ExpoUI

private typealias T = ExpoUITest

@Suite("ExpoUI: the module", .timeLimit(.minutes(20)))
struct ModuleTests {
    @Test func isNamedExpoUIAndDeclaresCompleteRefresh() {
        let definition = ExpoUIModule(appContext: T.context).definition()
        #expect(definition.name == "ExpoUI")
        #expect(definition.functions.map(\.name) == ["completeRefresh"])
        #expect(definition.events.isEmpty)
        #expect(definition.onCreate.count == 1 && definition.onDestroy.count == 1)
    }

    /// The `$type`s the module registers.
    static let modifierTypes = [
        "onTapGesture", "onLongPressGesture", "onAppear", "onDisappear", "refreshable", "onSubmit",
        "disabled", "hidden", "contentShape",
        "padding", "frame", "background", "foregroundStyle", "tint", "font", "opacity", "cornerRadius",
        "border", "listRowBackground", "badge", "deleteDisabled",
        "symbolEffect", "symbolEffectsRemoved", "transition", "contentTransition", "imageScale", "symbolRenderingMode",
        "symbolVariant", "fontWeight",
        // Recorded by SwiftUI's name.
        "shadow", "offset", "fixedSize", "clipped", "aspectRatio", "zIndex", "layoutPriority", "scaleEffect",
        "rotationEffect", "foregroundColor", "blur", "brightness", "contrast", "saturation", "hueRotation",
        "colorInvert", "grayscale", "luminanceToAlpha", "bold", "italic", "monospacedDigit", "kerning", "lineSpacing",
        "lineLimit", "truncationMode", "textCase", "underline", "strikethrough", "multilineTextAlignment",
        "allowsTightening", "textSelection", "listRowInsets", "listRowSeparator", "listStyle", "moveDisabled",
        "scrollContentBackground", "headerProminence", "badgeProminence", "buttonStyle", "toggleStyle", "pickerStyle",
        "datePickerStyle", "gaugeStyle", "progressViewStyle", "labelStyle", "textFieldStyle", "controlSize",
        "labelsHidden", "submitLabel", "accessibilityLabel", "accessibilityHint", "accessibilityValue",
        "scrollDisabled", "containerRelativeFrame",
        "tag", "environment", "gridCellAnchor", "animation",
        "clipShape", "mask", "containerShape", "overlay", "backgroundOverlay", "rotation3DEffect",
        "listSectionSpacing", "listSectionMargins", "gridCellColumns", "gridCellUnsizedAxes", "gridColumnAlignment", "resizable",
        // Accepted with a no-headless-effect warning.
        "ignoreSafeArea", "glassEffect", "glassEffectId", "matchedGeometryEffect", "scrollDismissesKeyboard", "scrollTargetBehavior",
        "scrollTargetLayout", "defaultScrollAnchor", "defaultScrollAnchorForRole", "menuActionDismissBehavior", "keyboardType",
        "autocorrectionDisabled", "textInputAutocapitalization", "textContentType", "presentationDragIndicator",
        "presentationBackgroundInteraction",
        // State the user changes: a search field, a sheet's detent, whether it can be dismissed.
        "searchable", "presentationDetents", "interactiveDismissDisabled",
        // SDK 58, recorded.
        "accessibilityAddTraits", "accessibilityRemoveTraits", "accessibilityElement", "accessibilityHidden",
        "accessibilityIdentifier", "accessibilityInputLabels", "redacted", "unredacted", "privacySensitive",
        "invalidatableContent", "dynamicTypeSize", "preferredColorScheme", "alignmentGuide", "lineHeight",
        "minimumScaleFactor", "strokeBorder", "listRowSeparatorTint", "listRowSpacing", "buttonBorderShape",
        "menuIndicator", "menuStyle", "searchToolbarBehavior", "navigationTitle", "navigationBarTitleDisplayMode",
        "toolbarTitleDisplayMode", "navigationSplitViewStyle", "navigationSplitViewColumnWidth", "tabViewStyle",
        "indexViewStyle", "arrangementViewStyle", "splitArrangementFixedLayoutSize", "splitArrangementLayoutRatio",
        "splitArrangementLayoutSize", "overlayArrangementEdge",
        // SDK 58, accepted with a no-headless-effect warning.
        "scrollIndicators", "scrollClipDisabled", "scrollEdgeEffectStyle", "presentationBackground",
        "presentationCornerRadius", "presentationSizing", "containerBackground", "widgetAccentedRenderingMode",
        "widgetURL", "activityBackgroundTint", "geometryGroup", "menuOrder", "onHingeChange",
    ]

    @Test func registersEveryTypeWhileItLives() async throws {
        let module = ExpoUIModule(appContext: T.context)
        let plugin = "ExpoUITests.registry"
        let registry = ModifierRegistry()
        registry.attributing(plugin: plugin, module: "ExpoUIModule") {
            module.definition().onCreate.forEach { $0() }
        }
        let registered = registry.registrations(byPlugin: plugin).map(\.type)
        #expect(registered == Self.modifierTypes.sorted())
        #expect(Set(Self.modifierTypes).count == 165)

        // Every factory makes its modifier, and the host can describe its params.
        var schemas: [String: [String: Any]] = [:]
        for type in Self.modifierTypes {
            let entry = try #require(registry.registrations(of: type).first { $0.plugin == plugin })
            let schema = try PluginHostSupport.paramsSchema(of: entry, appContext: T.context)
            #expect(schema != nil, "\(type) is a record")
            schemas[type] = schema
        }
        #expect(T.canonical(schemas["onTapGesture"]!["properties"]!) == #"{"count":{"default":1,"description":"Taps needed: 1 for a tap, 2 for a double tap","minimum":1,"type":"integer"}}"#)
        // Every type says what it does; the event modifiers declare their payloads.
        for type in Self.modifierTypes {
            let entry = try #require(registry.registrations(of: type).first { $0.plugin == plugin })
            #expect(entry.description?.isEmpty == false, "\(type) has a description")
            let declaresEvent = ["onTapGesture", "onLongPressGesture", "onAppear", "onDisappear", "refreshable", "onSubmit", "searchable", "presentationDetents", "onHingeChange"].contains(type)
            #expect((PluginHostSupport.eventSchema(of: entry) != nil) == declaresEvent, "\(type)")
        }
        let refreshEvent = try #require(registry.registrations(of: "refreshable").first { $0.plugin == plugin })
        #expect(T.canonical(PluginHostSupport.eventSchema(of: refreshEvent)!) == #"{"properties":{"id":{"type":"string"}},"required":["id"],"type":"object","x-order":["id"]}"#)
        #expect(T.canonical(schemas["contentShape"]!["required"]!) == #"["shape"]"#)
        #expect(T.canonical(schemas["opacity"]!["required"]!) == #"["value"]"#)
        #expect(T.canonical(schemas["border"]!["required"]!) == #"["color"]"#)
        #expect(schemas["onAppear"]!["required"] == nil)
        #expect(T.canonical(schemas["padding"]!["x-order"]!) == #"["all","horizontal","vertical","top","bottom","leading","trailing"]"#)

        // The factory of `refreshable` uses the module's refreshes.
        let refreshable = try #require(registry.registrations(of: "refreshable").first { $0.plugin == plugin })
        let events = EventLog()
        let modifier = try refreshable.factory(["$type": "refreshable"], T.context, events.dispatcher(for: "refreshable"))
        let action = try #require(ModifierEvaluator.evaluate(modifier).refreshAction)
        let task = Task { await action() }
        _ = try await events.waitFor(count: 1)
        #expect(module.refreshes.inProgress == ["refresh-1"])
        try module.refreshes.complete("refresh-1")
        await task.value

        // OnDestroy leaves the types to the host, which removes what the plugin registered.
        registry.attributing(plugin: plugin, module: "ExpoUIModule") {
            module.definition().onDestroy.forEach { $0() }
        }
        #expect(registry.unregisterAll(plugin: plugin) == Self.modifierTypes.sorted())
        #expect(registry.entries.isEmpty)
    }

    @Test func aFactorysRangeErrorIsAFieldErrorAtTheField() throws {
        // What the host turns into invalid params at the field's full path.
        let error = try T.fieldError { try T.make(OnTapGestureModifier.self, ["$type": "onTapGesture", "count": 0]) }
        #expect(error.kind == .cast)
        #expect(error.field == "count")
        #expect(error.path == "count")
        #expect(error.cause is ConversionError)
    }
}
