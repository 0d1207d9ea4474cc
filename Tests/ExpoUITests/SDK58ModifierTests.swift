@_spi(ModhostHost) import ModifierKit
import Testing

@testable import ExpoUI

private typealias T = ExpoUITest

/// A recorded style, with a headless effect.
private func named(_ name: String, _ arguments: (String, Any)...) -> ResolvedStyle { T.named(name, arguments) }

/// A style recorded with a `no-headless-effect` warning.
private func screenOnly(_ name: String, _ arguments: (String, Any)...) -> ResolvedStyle {
    T.named(name, hasHeadlessEffect: false, arguments)
}

@Suite("ExpoUI: SDK 58 modifiers", .timeLimit(.minutes(20)))
struct SDK58ModifierTests {
    @Test func accessibilityAndRedactionAreRecorded() throws {
        #expect(try T.recorded(AccessibilityAddTraitsModifier.self, ["traits": ["isHeader", "isSelected"]]) == [named("accessibilityAddTraits", ("traits", "isHeader,isSelected"))])
        #expect(try T.recorded(AccessibilityRemoveTraitsModifier.self, ["traits": ["isImage"]]) == [named("accessibilityRemoveTraits", ("traits", "isImage"))])
        #expect(try T.recorded(AccessibilityElementModifier.self) == [named("accessibilityElement", ("children", "ignore"))])
        #expect(try T.recorded(AccessibilityElementModifier.self, ["children": "combine"]) == [named("accessibilityElement", ("children", "combine"))])
        #expect(try T.recorded(AccessibilityHiddenModifier.self) == [named("accessibilityHidden", ("hidden", true))])
        #expect(try T.recorded(AccessibilityIdentifierModifier.self, ["identifier": "save"]) == [named("accessibilityIdentifier", ("identifier", "save"))])
        #expect(try T.recorded(AccessibilityInputLabelsModifier.self, ["inputLabels": ["Hang up", "End"]]) == [named("accessibilityInputLabels", ("inputLabels", "Hang up, End"))])
        #expect(try T.recorded(RedactedModifier.self) == [named("redacted", ("reasons", "placeholder"))])
        #expect(try T.recorded(RedactedModifier.self, ["reasons": "privacy"]) == [named("redacted", ("reasons", "privacy"))])
        #expect(try T.recorded(RedactedModifier.self, ["reasons": ["privacy", "invalidated"]]) == [named("redacted", ("reasons", "privacy,invalidated"))])
        #expect(try T.recorded(RedactedModifier.self, ["reasons": [String]()]) == [])
        #expect(try T.recorded(UnredactedModifier.self) == [named("unredacted")])
        #expect(try T.recorded(PrivacySensitiveModifier.self, ["sensitive": false]) == [named("privacySensitive", ("sensitive", false))])
        #expect(try T.recorded(InvalidatableContentModifier.self) == [named("invalidatableContent", ("isInvalidatable", true))])
        #expect(try T.recorded(DynamicTypeSizeModifier.self, ["size": "large"]) == [named("dynamicTypeSize", ("size", "large"))])
        #expect(try T.recorded(DynamicTypeSizeModifier.self, ["min": "large", "max": "accessibility3"]) == [named("dynamicTypeSize", ("min", "large"), ("max", "accessibility3"))])
        #expect(try T.recorded(DynamicTypeSizeModifier.self, ["max": "xLarge"]) == [named("dynamicTypeSize", ("max", "xLarge"))])
        #expect(try T.recorded(PreferredColorSchemeModifier.self, ["colorScheme": "dark"]) == [named("preferredColorScheme", ("colorScheme", "dark"))])
        #expect(try T.recorded(PreferredColorSchemeModifier.self, ["colorScheme": JSNull()]) == [named("preferredColorScheme")])
    }

    @Test func textListsControlsAndNavigationAreRecorded() throws {
        let red = try Color(parsing: "red")
        #expect(try T.recorded(AlignmentGuideModifier.self, ["guide": "listRowSeparatorLeading", "value": 32]) == [named("alignmentGuide", ("guide", "listRowSeparatorLeading"), ("value", 32))])
        #expect(try T.recorded(LineHeightModifier.self, ["value": 22]) == [named("lineHeight", ("value", 22))])
        #expect(try T.recorded(MinimumScaleFactorModifier.self, ["factor": 0.5]) == [named("minimumScaleFactor", ("factor", 0.5))])
        #expect(try T.recorded(ListRowSeparatorTintModifier.self, ["color": "red", "edges": "bottom"]) == [named("listRowSeparatorTint", ("color", red), ("edges", "bottom"))])
        #expect(try T.recorded(ListRowSeparatorTintModifier.self) == [named("listRowSeparatorTint", ("edges", "all"))])
        #expect(try T.recorded(ListRowSpacingModifier.self, ["spacing": 8]) == [named("listRowSpacing", ("spacing", 8))])
        #expect(try T.recorded(ListRowSpacingModifier.self) == [named("listRowSpacing")])
        #expect(try T.recorded(ButtonBorderShapeModifier.self, ["shape": "roundedRectangle", "cornerRadius": 8]) == [named("buttonBorderShape", ("shape", "roundedRectangle"), ("cornerRadius", 8))])
        #expect(try T.recorded(ButtonBorderShapeModifier.self, ["shape": "capsule"]) == [named("buttonBorderShape", ("shape", "capsule"))])
        #expect(try T.recorded(MenuIndicatorModifier.self, ["visibility": "hidden"]) == [named("menuIndicator", ("visibility", "hidden"))])
        #expect(try T.recorded(MenuStyleModifier.self, ["style": "button"]) == [named("menuStyle", ("style", "button"))])
        #expect(try T.recorded(SearchToolbarBehaviorModifier.self, ["behavior": "minimize"]) == [named("searchToolbarBehavior", ("behavior", "minimize"))])
        #expect(try T.recorded(NavigationTitleModifier.self, ["title": "Inbox"]) == [named("navigationTitle", ("title", "Inbox"))])
        #expect(try T.recorded(NavigationBarTitleDisplayModeModifier.self, ["displayMode": "inline"]) == [named("navigationBarTitleDisplayMode", ("displayMode", "inline"))])
        #expect(try T.recorded(ToolbarTitleDisplayModeModifier.self, ["mode": "inlineLarge"]) == [named("toolbarTitleDisplayMode", ("mode", "inlineLarge"))])
        #expect(try T.recorded(NavigationSplitViewStyleModifier.self, ["style": "prominentDetail"]) == [named("navigationSplitViewStyle", ("style", "prominentDetail"))])
        #expect(try T.recorded(NavigationSplitViewColumnWidthModifier.self, ["width": 240]) == [named("navigationSplitViewColumnWidth", ("width", 240))])
        #expect(try T.recorded(NavigationSplitViewColumnWidthModifier.self, ["min": 180, "ideal": 240, "max": 320]) == [named("navigationSplitViewColumnWidth", ("min", 180), ("ideal", 240), ("max", 320))])
        #expect(try T.recorded(TabViewStyleModifier.self, ["type": "page"]) == [named("tabViewStyle", ("type", "page"), ("indexDisplayMode", "automatic"))])
        #expect(try T.recorded(TabViewStyleModifier.self, ["type": "sidebarAdaptable"]) == [named("tabViewStyle", ("type", "sidebarAdaptable"))])
        #expect(try T.recorded(IndexViewStyleModifier.self, ["type": "page", "backgroundDisplayMode": "always"]) == [named("indexViewStyle", ("type", "page"), ("backgroundDisplayMode", "always"))])
    }

    @Test func strokeBorderAndArrangementsAreRecorded() throws {
        let blue = try Color(parsing: "blue")
        #expect(
            try T.recorded(StrokeBorderModifier.self, ["content": ["type": "color", "color": "blue"], "style": ["lineWidth": 2, "dash": [4, 2]], "shape": "capsule"])
                == [named("strokeBorder", ("content", "color"), ("color", blue), ("lineWidth", 2), ("lineCap", "butt"), ("lineJoin", "miter"), ("miterLimit", 10), ("dash", "4.0,2.0"), ("dashPhase", 0), ("antialiased", true), ("shape", "capsule"))])
        #expect(
            try T.recorded(StrokeBorderModifier.self, ["content": ["type": "hierarchical", "hierarchical": "secondary"]])
                == [named("strokeBorder", ("content", "hierarchical"), ("hierarchical", "secondary"), ("lineWidth", 1), ("lineCap", "butt"), ("lineJoin", "miter"), ("miterLimit", 10), ("antialiased", true))])
        // The deprecated `color` is a colour content.
        #expect(try T.recorded(StrokeBorderModifier.self, ["color": "blue"]).first == named("strokeBorder", ("content", "color"), ("color", blue), ("lineWidth", 1), ("lineCap", "butt"), ("lineJoin", "miter"), ("miterLimit", 10), ("antialiased", true)))
        #expect(try T.recorded(ArrangementViewStyleModifier.self, ["style": "split", "axes": "horizontal"]) == [named("arrangementViewStyle", ("style", "split"), ("axes", "horizontal"))])
        #expect(try T.recorded(SplitArrangementFixedLayoutSizeModifier.self, ["vertical": false]) == [named("splitArrangementFixedLayoutSize", ("horizontal", true), ("vertical", false))])
        #expect(try T.recorded(SplitArrangementLayoutRatioModifier.self, ["ratio": 0.3]) == [named("splitArrangementLayoutRatio", ("ratio", 0.3))])
        #expect(try T.recorded(SplitArrangementLayoutRatioModifier.self, ["minHorizontal": 0.2, "idealHorizontal": 0.3]) == [named("splitArrangementLayoutRatio", ("minHorizontal", 0.2), ("idealHorizontal", 0.3))])
        #expect(try T.recorded(SplitArrangementLayoutSizeModifier.self, ["minWidth": 200, "idealWidth": 320]) == [named("splitArrangementLayoutSize", ("minWidth", 200), ("idealWidth", 320))])
        #expect(try T.recorded(OverlayArrangementEdgeModifier.self, ["edge": "leading"]) == [named("overlayArrangementEdge", ("edge", "leading"))])
    }

    @Test func screenOnlyOnesHaveNoHeadlessEffect() throws {
        let tint = try Color(parsing: "#1C1C1E")
        #expect(try T.recorded(ScrollIndicatorsModifier.self, ["visibility": "hidden"]) == [screenOnly("scrollIndicators", ("visibility", "hidden"), ("axes", "both"))])
        #expect(try T.recorded(ScrollClipDisabledModifier.self) == [screenOnly("scrollClipDisabled", ("disabled", true))])
        #expect(try T.recorded(ScrollEdgeEffectStyleModifier.self, ["style": "soft", "edges": "top"]) == [screenOnly("scrollEdgeEffectStyle", ("style", "soft"), ("edges", "top"))])
        #expect(try T.recorded(PresentationBackgroundModifier.self, ["style": ["type": "material", "material": "thin"]]) == [screenOnly("presentationBackground", ("style", "material"), ("material", "thin"))])
        #expect(try T.recorded(PresentationBackgroundModifier.self, ["style": "#1C1C1E"]) == [screenOnly("presentationBackground", ("style", "color"), ("color", tint))])
        #expect(
            try T.recorded(PresentationBackgroundModifier.self, ["style": ["type": "linearGradient", "colors": ["#1C1C1E", "#1C1C1E"], "startPoint": ["x": 0, "y": 0], "endPoint": ["x": 1, "y": 1]]])
                == [screenOnly("presentationBackground", ("style", "linearGradient"), ("colors", "#1C1C1EFF,#1C1C1EFF"), ("startX", 0), ("startY", 0), ("endX", 1), ("endY", 1))])
        #expect(try T.recorded(PresentationCornerRadiusModifier.self, ["cornerRadius": 24]) == [screenOnly("presentationCornerRadius", ("cornerRadius", 24))])
        #expect(try T.recorded(PresentationCornerRadiusModifier.self, ["cornerRadius": JSNull()]) == [screenOnly("presentationCornerRadius")])
        #expect(try T.recorded(PresentationSizingModifier.self, ["sizing": "form"]) == [screenOnly("presentationSizing", ("sizing", "form"))])
        #expect(
            try T.recorded(ContainerBackgroundModifier.self, ["style": ["type": "color", "color": "#1C1C1E"], "container": "navigation"])
                == [screenOnly("containerBackground", ("style", "color"), ("color", tint), ("container", "navigation"))])
        #expect(try T.recorded(WidgetAccentedRenderingModeModifier.self, ["renderingMode": "accented"]) == [screenOnly("widgetAccentedRenderingMode", ("renderingMode", "accented"))])
        #expect(try T.recorded(WidgetURLModifier.self, ["url": "myapp://inbox"]) == [screenOnly("widgetURL", ("url", "myapp://inbox"))])
        #expect(try T.recorded(ActivityBackgroundTintModifier.self, ["color": "#1C1C1E"]) == [screenOnly("activityBackgroundTint", ("color", tint))])
        #expect(try T.recorded(ActivityBackgroundTintModifier.self, ["color": JSNull()]) == [screenOnly("activityBackgroundTint")])
        #expect(try T.recorded(GeometryGroupModifier.self) == [screenOnly("geometryGroup")])
        #expect(try T.recorded(MenuOrderModifier.self, ["order": "fixed"]) == [screenOnly("menuOrder", ("order", "fixed"))])
        #expect(try T.recorded(OnHingeChangeModifier.self) == [screenOnly("onHingeChange")])
    }

    @Test func aShapeStylesTypeTagIsNotAnUnknownKey() throws {
        let before = PluginHostSupport.unknownKeysCounted
        _ = try T.checked(PresentationBackgroundModifier.self, ["style": ["type": "material", "material": "thin"]])
        _ = try T.checked(ContainerBackgroundModifier.self, ["style": ["type": "angularGradient", "colors": ["red"], "center": ["x": 0.5, "y": 0.5]], "container": "widget"])
        #expect(PluginHostSupport.unknownKeysCounted == before)
        _ = try T.checked(PresentationBackgroundModifier.self, ["style": ["type": "material", "material": "thin", "blur": 3]])
        #expect(PluginHostSupport.unknownKeysCounted == before + 1)
    }

    @Test func badParamsAreRefusedAtTheirField() throws {
        let cases: [(FieldError, String, String)] = [
            (try T.refused(AccessibilityAddTraitsModifier.self, [:]), "traits", "required but missing"),
            (try T.refused(AccessibilityAddTraitsModifier.self, ["traits": ["isHeader", "isTitle"]]), "traits[1]", "'isHeader'"),
            (try T.refused(AccessibilityElementModifier.self, ["children": "merge"]), "children", "'combine'"),
            (try T.refused(AccessibilityIdentifierModifier.self, [:]), "identifier", "required but missing"),
            (try T.refused(RedactedModifier.self, ["reasons": "blur"]), "reasons", "'placeholder'"),
            (try T.refused(DynamicTypeSizeModifier.self, ["size": "huge"]), "size", "'xxxLarge'"),
            (try T.refused(DynamicTypeSizeModifier.self, ["min": "xLarge", "max": "small"]), "max", "'min' ('xLarge') or larger"),
            (try T.refused(DynamicTypeSizeModifier.self, ["size": "large", "max": "xLarge"]), "max", "not both"),
            (try T.refused(LineHeightModifier.self, ["value": -1]), "value", "0"),
            (try T.refused(MinimumScaleFactorModifier.self, ["factor": 1.5]), "factor", "1"),
            (try T.refused(ButtonBorderShapeModifier.self, ["shape": "capsule", "cornerRadius": 8]), "cornerRadius", "roundedRectangle"),
            (try T.refused(NavigationTitleModifier.self, [:]), "title", "required but missing"),
            (try T.refused(NavigationSplitViewColumnWidthModifier.self, ["width": 200, "ideal": 240]), "ideal", "not both"),
            (try T.refused(NavigationSplitViewColumnWidthModifier.self, ["min": 180]), "ideal", "an 'ideal' width"),
            (try T.refused(NavigationSplitViewColumnWidthModifier.self, ["ideal": 240, "max": 200]), "max", "'ideal' (240.0) or more"),
            (try T.refused(TabViewStyleModifier.self, ["type": "automatic", "indexDisplayMode": "always"]), "indexDisplayMode", "unless type is 'page'"),
            (try T.refused(SplitArrangementLayoutRatioModifier.self, ["ratio": 0.5, "maxVertical": 0.8]), "maxVertical", "not both"),
            (try T.refused(StrokeBorderModifier.self, ["content": "red", "color": "blue"]), "color", "not both"),
            (try T.refused(StrokeBorderModifier.self, ["content": ["type": "material", "material": "frosted"]]), "content.material", "'ultraThin'"),
            (try T.refused(StrokeBorderModifier.self, ["style": ["lineCap": "flat"]]), "style.lineCap", "'square'"),
            (try T.refused(ScrollIndicatorsModifier.self, ["visibility": "shown"]), "visibility", "'never'"),
            (try T.refused(PresentationBackgroundModifier.self, [:]), "style", "required but missing"),
            (try T.refused(PresentationBackgroundModifier.self, ["style": ["type": "pattern"]]), "style", "'linearGradient'"),
            (try T.refused(PresentationBackgroundModifier.self, ["style": ["type": "radialGradient", "colors": ["red"], "center": ["x": 0.5, "y": 0.5], "startRadius": 0]]), "style.endRadius", "required but missing"),
            (try T.refused(PresentationCornerRadiusModifier.self, ["cornerRadius": -2]), "cornerRadius", "0"),
            (try T.refused(ContainerBackgroundModifier.self, ["style": "red"]), "container", "required but missing"),
            (try T.refused(WidgetURLModifier.self, ["url": ""]), "url", "a non-empty URL"),
            (try T.refused(WidgetAccentedRenderingModeModifier.self, ["renderingMode": "tinted"]), "renderingMode", "'accentedDesaturated'"),
        ]
        for (error, path, expected) in cases {
            #expect(error.path == path, "\(error)")
            #expect("\(error)".contains(expected), "\(error)")
        }
    }
}
