@_spi(ModhostHost) import ModifierKit
import Testing

@testable import ExpoUI

private typealias T = ExpoUITest

extension ExpoUITest {
    /// `M` made from `params` as the module's factory makes it: decoded, then checked.
    static func checked<M: CheckedModifier>(_ type: M.Type, _ params: Dict = [:]) throws -> M {
        try M.make(from: params, appContext: context)
    }

    /// The styles `M` made from `params` records.
    static func recorded<M: CheckedModifier>(_ type: M.Type, _ params: Dict = [:]) throws -> [ResolvedStyle] {
        ModifierEvaluator.evaluate(try checked(type, params)).styles
    }

    /// The `FieldError` making `M` from `params` throws.
    static func refused<M: CheckedModifier>(_ type: M.Type, _ params: Dict) throws -> FieldError {
        try fieldError { try checked(type, params) }
    }
}

/// A named style with its arguments: numbers, strings, bools and colours by Swift type.
private func named(_ name: String, _ arguments: (String, Any)...) -> ResolvedStyle { T.named(name, arguments) }

@Suite("ExpoUI: recorded styles", .timeLimit(.minutes(20)))
struct RecordedModifierTests {
    @Test func layoutAndStyleRecordTheirParams() throws {
        let black = try Color(parsing: "#00000040")
        #expect(try T.recorded(ShadowModifier.self, ["radius": 4, "y": 2, "color": "#00000040"]) == [named("shadow", ("color", black), ("radius", 4), ("x", 0), ("y", 2))])
        #expect(try T.recorded(ShadowModifier.self, ["radius": 4]) == [named("shadow", ("radius", 4), ("x", 0), ("y", 0))])
        // The edges of each range are in it.
        #expect(try T.recorded(ShadowModifier.self, ["radius": 0]).count == 1)
        #expect(try T.recorded(BlurModifier.self, ["radius": 0]).count == 1)
        #expect(try T.recorded(BrightnessModifier.self, ["amount": -1]).count == 1)
        #expect(try T.recorded(BrightnessModifier.self, ["amount": 1]).count == 1)
        #expect(try T.recorded(SaturationModifier.self, ["amount": 0]).count == 1)
        #expect(try T.recorded(GrayscaleModifier.self, ["amount": 0]).count == 1)
        #expect(try T.recorded(LineSpacingModifier.self, ["value": 0]).count == 1)
        #expect(try T.recorded(LineLimitModifier.self, ["min": 2, "max": 2]).count == 1)
        #expect(try T.recorded(OffsetModifier.self, ["x": 10, "y": -4.5]) == [named("offset", ("x", 10), ("y", -4.5))])
        #expect(try T.recorded(FixedSizeModifier.self) == [named("fixedSize", ("horizontal", true), ("vertical", true))])
        #expect(try T.recorded(FixedSizeModifier.self, ["vertical": false]) == [named("fixedSize", ("horizontal", true), ("vertical", false))])
        #expect(try T.recorded(ClippedModifier.self) == [named("clipped")])
        #expect(try T.recorded(ClippedModifier.self, ["clipped": false]) == [])
        #expect(try T.recorded(AspectRatioModifier.self, ["ratio": 1.5, "contentMode": "fill"]) == [named("aspectRatio", ("ratio", 1.5), ("contentMode", "fill"))])
        #expect(try T.recorded(AspectRatioModifier.self) == [named("aspectRatio", ("contentMode", "fit"))])
        #expect(try T.recorded(ZIndexModifier.self, ["index": 2]) == [named("zIndex", ("index", 2))])
        #expect(try T.recorded(LayoutPriorityModifier.self, ["priority": 1]) == [named("layoutPriority", ("priority", 1))])
        #expect(try T.recorded(ScaleEffectModifier.self, ["x": 2, "y": 0.5]) == [named("scaleEffect", ("x", 2), ("y", 0.5))])
        #expect(try T.recorded(RotationEffectModifier.self, ["angle": 45]) == [named("rotationEffect", ("angle", 45))])
    }

    @Test func colourEffectsRecordTheirParams() throws {
        #expect(try T.recorded(ForegroundColorModifier.self, ["color": "red"]) == [.foregroundStyle(try Color(parsing: "red"))])
        #expect(try T.recorded(BlurModifier.self, ["radius": 8]) == [named("blur", ("radius", 8))])
        #expect(try T.recorded(BrightnessModifier.self, ["amount": -0.5]) == [named("brightness", ("amount", -0.5))])
        #expect(try T.recorded(ContrastModifier.self, ["amount": -1]) == [named("contrast", ("amount", -1))])
        #expect(try T.recorded(SaturationModifier.self, ["amount": 2]) == [named("saturation", ("amount", 2))])
        #expect(try T.recorded(HueRotationModifier.self, ["angle": 180]) == [named("hueRotation", ("angle", 180))])
        #expect(try T.recorded(ColorInvertModifier.self) == [named("colorInvert")])
        #expect(try T.recorded(ColorInvertModifier.self, ["inverted": false]) == [])
        #expect(try T.recorded(GrayscaleModifier.self, ["amount": 1]) == [named("grayscale", ("amount", 1))])
        #expect(try T.recorded(LuminanceToAlphaModifier.self) == [named("luminanceToAlpha")])
    }

    @Test func textModifiersRecordTheirParams() throws {
        #expect(try T.recorded(BoldModifier.self) == [named("bold")])
        #expect(try T.recorded(ItalicModifier.self) == [named("italic")])
        #expect(try T.recorded(MonospacedDigitModifier.self) == [named("monospacedDigit")])
        #expect(try T.recorded(KerningModifier.self, ["value": 1.5]) == [named("kerning", ("value", 1.5))])
        #expect(try T.recorded(LineSpacingModifier.self, ["value": 4]) == [named("lineSpacing", ("value", 4))])
        #expect(try T.recorded(LineLimitModifier.self, ["limit": 2]) == [named("lineLimit", ("limit", 2), ("reservesSpace", false))])
        #expect(try T.recorded(LineLimitModifier.self, ["min": 1, "max": 3]) == [named("lineLimit", ("min", 1), ("max", 3))])
        #expect(try T.recorded(LineLimitModifier.self) == [named("lineLimit")])
        #expect(try T.recorded(TruncationModeModifier.self, ["mode": "middle"]) == [named("truncationMode", ("mode", "middle"))])
        #expect(try T.recorded(TextCaseModifier.self, ["value": "uppercase"]) == [named("textCase", ("value", "uppercase"))])
        #expect(try T.recorded(UnderlineModifier.self, ["isActive": true, "pattern": "dash", "color": "red"]) == [named("underline", ("pattern", "dash"), ("color", try Color(parsing: "red")))])
        #expect(try T.recorded(UnderlineModifier.self, ["isActive": false, "pattern": "dash"]) == [])
        #expect(try T.recorded(StrikethroughModifier.self, ["isActive": true, "pattern": "solid"]) == [named("strikethrough", ("pattern", "solid"))])
        #expect(try T.recorded(MultilineTextAlignmentModifier.self, ["alignment": "center"]) == [named("multilineTextAlignment", ("alignment", "center"))])
        #expect(try T.recorded(AllowsTighteningModifier.self, ["value": true]) == [named("allowsTightening", ("value", true))])
        #expect(try T.recorded(TextSelectionModifier.self, ["value": true]) == [named("textSelection", ("value", true))])
    }

    @Test func listControlAndAccessibilityModifiersRecordTheirParams() throws {
        #expect(try T.recorded(ListRowInsetsModifier.self, ["top": 0, "leading": 20]) == [named("listRowInsets", ("top", 0), ("leading", 20))])
        #expect(try T.recorded(ListRowSeparatorModifier.self, ["visibility": "hidden"]) == [named("listRowSeparator", ("visibility", "hidden"), ("edges", "all"))])
        #expect(try T.recorded(ListStyleModifier.self, ["style": "insetGrouped"]) == [named("listStyle", ("style", "insetGrouped"))])
        #expect(try T.recorded(MoveDisabledModifier.self) == [named("moveDisabled", ("disabled", true))])
        #expect(try T.recorded(ScrollContentBackgroundModifier.self, ["visible": "hidden"]) == [named("scrollContentBackground", ("visible", "hidden"))])
        #expect(try T.recorded(HeaderProminenceModifier.self, ["prominence": "increased"]) == [named("headerProminence", ("prominence", "increased"))])
        #expect(try T.recorded(BadgeProminenceModifier.self, ["badgeType": "decreased"]) == [named("badgeProminence", ("badgeType", "decreased"))])
        #expect(try T.recorded(ButtonStyleModifier.self, ["style": "borderedProminent"]) == [named("buttonStyle", ("style", "borderedProminent"))])
        #expect(try T.recorded(ToggleStyleModifier.self, ["style": "switch"]) == [named("toggleStyle", ("style", "switch"))])
        #expect(try T.recorded(PickerStyleModifier.self, ["style": "segmented"]) == [named("pickerStyle", ("style", "segmented"))])
        #expect(try T.recorded(DatePickerStyleModifier.self, ["style": "graphical"]) == [named("datePickerStyle", ("style", "graphical"))])
        #expect(try T.recorded(GaugeStyleModifier.self, ["style": "linearCapacity"]) == [named("gaugeStyle", ("style", "linearCapacity"))])
        #expect(try T.recorded(ProgressViewStyleModifier.self, ["style": "circular"]) == [named("progressViewStyle", ("style", "circular"))])
        #expect(try T.recorded(LabelStyleModifier.self, ["style": "iconOnly"]) == [named("labelStyle", ("style", "iconOnly"))])
        #expect(try T.recorded(TextFieldStyleModifier.self, ["style": "roundedBorder"]) == [named("textFieldStyle", ("style", "roundedBorder"))])
        #expect(try T.recorded(ControlSizeModifier.self, ["size": "extraLarge"]) == [named("controlSize", ("size", "extraLarge"))])
        #expect(try T.recorded(LabelsHiddenModifier.self) == [named("labelsHidden")])
        #expect(try T.recorded(SubmitLabelModifier.self, ["submitLabel": "continue"]) == [named("submitLabel", ("submitLabel", "continue"))])
        #expect(try T.recorded(AccessibilityLabelModifier.self, ["label": "Close"]) == [named("accessibilityLabel", ("label", "Close"))])
        #expect(try T.recorded(AccessibilityHintModifier.self, ["hint": "Closes"]) == [named("accessibilityHint", ("hint", "Closes"))])
        #expect(try T.recorded(AccessibilityValueModifier.self, ["value": "50%"]) == [named("accessibilityValue", ("value", "50%"))])
    }

    @Test func rangesAreCheckedAtTheField() throws {
        let cases: [(FieldError, String, String)] = [
            (try T.refused(ShadowModifier.self, ["radius": -1]), "radius", "0 or more"),
            (try T.refused(BlurModifier.self, ["radius": -0.5]), "radius", "0 or more"),
            (try T.refused(BrightnessModifier.self, ["amount": 1.5]), "amount", "from -1 to 1"),
            (try T.refused(SaturationModifier.self, ["amount": -1]), "amount", "0 or more"),
            (try T.refused(GrayscaleModifier.self, ["amount": 2]), "amount", "from 0 to 1"),
            (try T.refused(AspectRatioModifier.self, ["ratio": 0]), "ratio", "more than 0"),
            (try T.refused(LineSpacingModifier.self, ["value": -2]), "value", "0 or more"),
            (try T.refused(LineLimitModifier.self, ["limit": 0]), "limit", "1 or more"),
            (try T.refused(LineLimitModifier.self, ["min": 2]), "min", "'min' and 'max' together"),
            (try T.refused(LineLimitModifier.self, ["min": 3, "max": 2]), "max", "'min' (3) or more"),
            (try T.refused(LineLimitModifier.self, ["limit": 2, "min": 1, "max": 2]), "limit", "not both"),
        ]
        for (error, path, expected) in cases {
            #expect(error.path == path)
            #expect("\(error)".contains(expected), "\(error)")
        }
    }

    @Test func requiredParamsAndEnumsAreCheckedAtTheField() throws {
        let missing = try T.refused(BlurModifier.self, [:])
        #expect(missing.path == "radius")
        let wrongType = try T.refused(ZIndexModifier.self, ["index": "top"])
        #expect(wrongType.path == "index")
        let enums: [(FieldError, String, String)] = [
            (try T.refused(ListStyleModifier.self, ["style": "fancy"]), "style", "'insetGrouped'"),
            (try T.refused(ButtonStyleModifier.self, ["style": "big"]), "style", "'borderedProminent'"),
            (try T.refused(ControlSizeModifier.self, ["size": "huge"]), "size", "'extraLarge'"),
            (try T.refused(TruncationModeModifier.self, ["mode": "end"]), "mode", "'middle'"),
            (try T.refused(UnderlineModifier.self, ["pattern": "wavy"]), "pattern", "'dashDotDot'"),
            (try T.refused(AspectRatioModifier.self, ["contentMode": "stretch"]), "contentMode", "'fill'"),
            (try T.refused(ListRowSeparatorModifier.self, ["visibility": "hidden", "edges": "left"]), "edges", "'bottom'"),
            (try T.refused(SubmitLabelModifier.self, ["submitLabel": "ok"]), "submitLabel", "'continue'"),
        ]
        for (error, path, listed) in enums {
            #expect(error.path == path)
            #expect("\(error)".contains(listed), "\(error)")
        }
    }

    @Test func shapeOverlayGridAndImageModifiersRecordTheirParams() throws {
        #expect(try T.recorded(ClipShapeModifier.self, ["shape": "circle"]) == [named("clipShape", ("shape", "circle"))])
        #expect(try T.recorded(ClipShapeModifier.self, ["shape": "roundedRectangle", "cornerRadius": 8]) == [named("clipShape", ("shape", "roundedRectangle"), ("cornerRadius", 8))])
        #expect(try T.recorded(MaskModifier.self, ["shape": "roundedRectangle"]) == [named("mask", ("shape", "roundedRectangle"), ("cornerRadius", 0))])
        #expect(try T.recorded(ContainerShapeModifier.self, ["shape": "roundedRectangle", "cornerRadius": 12, "roundedCornerStyle": "continuous"]) == [named("containerShape", ("shape", "roundedRectangle"), ("cornerRadius", 12), ("roundedCornerStyle", "continuous"))])
        #expect(try T.recorded(OverlayModifier.self, ["color": "red", "alignment": "top"]) == [named("overlay", ("color", try Color(parsing: "red")), ("alignment", "top"))])
        #expect(try T.recorded(BackgroundOverlayModifier.self) == [named("backgroundOverlay", ("alignment", "center"))])
        #expect(try T.recorded(Rotation3DEffectModifier.self, ["angle": 30, "axisY": 1]) == [named("rotation3DEffect", ("angle", 30), ("axisX", 0), ("axisY", 1), ("axisZ", 0), ("perspective", 1))])
        #expect(try T.recorded(ListSectionSpacingModifier.self, ["spacing": "custom", "value": 24]) == [named("listSectionSpacing", ("spacing", "custom"), ("value", 24))])
        #expect(try T.recorded(ListSectionSpacingModifier.self, ["spacing": "compact"]) == [named("listSectionSpacing", ("spacing", "compact"))])
        #expect(try T.recorded(ListSectionMarginsModifier.self, ["length": 8, "edges": "horizontal"]) == [named("listSectionMargins", ("length", 8), ("edges", "horizontal"))])
        #expect(try T.recorded(GridCellColumnsModifier.self, ["count": 2]) == [named("gridCellColumns", ("count", 2))])
        #expect(try T.recorded(GridCellUnsizedAxesModifier.self, ["axes": "vertical"]) == [named("gridCellUnsizedAxes", ("axes", "vertical"))])
        #expect(try T.recorded(GridColumnAlignmentModifier.self, ["alignment": "trailing"]) == [named("gridColumnAlignment", ("alignment", "trailing"))])
        #expect(try T.recorded(ResizableModifier.self, ["top": 4, "resizingMode": "tile"]) == [named("resizable", ("top", 4), ("resizingMode", "tile"))])
        #expect(try T.recorded(ResizableModifier.self, ["leading": 0]) == [named("resizable", ("leading", 0), ("resizingMode", "stretch"))])
        #expect(try T.recorded(ListSectionSpacingModifier.self, ["spacing": "custom", "value": 0]).count == 1)
    }

    @Test func shapeOverlayGridAndImageParamsAreCheckedAtTheField() throws {
        let cases: [(FieldError, String, String)] = [
            (try T.refused(ClipShapeModifier.self, ["shape": "star"]), "shape", "'capsule'"),
            (try T.refused(ClipShapeModifier.self, [:]), "shape", "required but missing"),
            (try T.refused(MaskModifier.self, ["shape": "circle", "cornerRadius": -1]), "cornerRadius", "0 or more"),
            (try T.refused(OverlayModifier.self, ["alignment": "topLeading"]), "alignment", "'trailing'"),
            (try T.refused(Rotation3DEffectModifier.self, ["axisX": 1]), "angle", "required but missing"),
            (try T.refused(ListSectionSpacingModifier.self, ["spacing": "custom"]), "value", "with spacing 'custom'"),
            (try T.refused(ListSectionSpacingModifier.self, ["spacing": "compact", "value": 3]), "value", "unless spacing is 'custom'"),
            (try T.refused(ListSectionSpacingModifier.self, ["spacing": "custom", "value": -3]), "value", "0 or more"),
            (try T.refused(ListSectionMarginsModifier.self, ["edges": "left"]), "edges", "'horizontal'"),
            (try T.refused(GridCellColumnsModifier.self, ["count": 0]), "count", "1 or more"),
            (try T.refused(GridCellUnsizedAxesModifier.self, ["axes": "both"]), "axes", "'vertical'"),
            (try T.refused(ResizableModifier.self, ["bottom": -2]), "bottom", "0 or more"),
            (try T.refused(ResizableModifier.self, ["resizingMode": "repeat"]), "resizingMode", "'tile'"),
        ]
        for (error, path, expected) in cases {
            #expect(error.path == path, "\(error)")
            #expect("\(error)".contains(expected), "\(error)")
        }
    }

    @Test func scrollDisabledAndContainerRelativeFrame() throws {
        let off = try T.recorded(ScrollDisabledModifier.self)
        #expect(off == [named("scrollDisabled", ("disabled", true))])
        guard case let .named(style)? = off.first else { Issue.record("\(off)"); return }
        #expect(style.disablesScrolling == true)
        guard case let .named(on)? = try T.recorded(ScrollDisabledModifier.self, ["disabled": false]).first else { Issue.record("no style"); return }
        #expect(on.disablesScrolling == false)
        #expect(NamedStyle("bold").disablesScrolling == nil)
        #expect(try T.recorded(ContainerRelativeFrameModifier.self, ["axes": "horizontal", "count": 3, "span": 2, "spacing": 8]) == [named("containerRelativeFrame", ("axes", "horizontal"), ("count", 3), ("span", 2), ("spacing", 8), ("alignment", "center"))])
        #expect(try T.refused(ContainerRelativeFrameModifier.self, ["axes": "both", "count": 2, "span": 3]).path == "span")
        #expect(try T.refused(ContainerRelativeFrameModifier.self, ["axes": "both", "count": 0]).path == "count")
        #expect(try T.refused(ContainerRelativeFrameModifier.self, ["axes": "diagonal"]).path == "axes")
    }
}
