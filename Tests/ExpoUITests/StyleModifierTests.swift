@_spi(ModhostHost) import ModifierKit
import Testing

@testable import ExpoUI

private typealias T = ExpoUITest

private func insets(_ top: Double, _ leading: Double, _ bottom: Double, _ trailing: Double) -> ResolvedStyle {
    .padding(EdgeInsets(top: top, leading: leading, bottom: bottom, trailing: trailing))
}

/// The colour a front-end's `text` stands for (a CSS name reads as CSS's colour: `"red"` is
/// `#FF0000`, not SwiftUI's `Color.red`).
private func color(_ text: String) throws -> Color { try Color(parsing: text) }

@Suite("ExpoUI: styles", .timeLimit(.minutes(20)))
struct StyleModifierTests {
    @Test func paddingWithoutKeysIsTheDefaultOnEveryEdge() throws {
        #expect(try T.effect(PaddingModifier.self).styles == [insets(16, 16, 16, 16)])
        // null is as absent.
        #expect(try T.effect(PaddingModifier.self, ["all": JSNull()]).styles == [insets(16, 16, 16, 16)])
    }

    @Test func paddingTakesTheMostSpecificKeyForEachEdge() throws {
        #expect(try T.effect(PaddingModifier.self, ["all": 4]).styles == [insets(4, 4, 4, 4)])
        #expect(try T.effect(PaddingModifier.self, ["all": 4, "top": 10]).styles == [insets(10, 4, 4, 4)])
        #expect(try T.effect(PaddingModifier.self, ["horizontal": 8]).styles == [insets(0, 8, 0, 8)])
        #expect(try T.effect(PaddingModifier.self, ["vertical": 2, "bottom": 6]).styles == [insets(2, 0, 6, 0)])
        #expect(
            try T.effect(PaddingModifier.self, ["all": 1, "horizontal": 2, "vertical": 3, "leading": 4]).styles
                == [insets(3, 4, 3, 2)])
        #expect(
            try T.effect(PaddingModifier.self, ["top": 1, "leading": 2, "bottom": 3, "trailing": 4.5]).styles
                == [insets(1, 2, 3, 4.5)])
        // A zero is given too: the other edges are not defaulted.
        #expect(try T.effect(PaddingModifier.self, ["top": 0]).styles == [insets(0, 0, 0, 0)])
        let error = try T.fieldError { try T.make(PaddingModifier.self, ["all": 4, "leading": "wide"]) }
        #expect(error.path == "leading")
        #expect(error.type == "Double?")
    }

    @Test func frameFixedFlexibleOrBoth() throws {
        #expect(try T.effect(FrameModifier.self).styles == [.frame(ResolvedFrame())])
        #expect(
            try T.effect(FrameModifier.self, ["width": 100, "height": 40]).styles
                == [.frame(ResolvedFrame(width: 100, height: 40))])
        #expect(
            try T.effect(FrameModifier.self, ["minWidth": 10, "idealWidth": 20, "maxWidth": 30, "alignment": "leading"]).styles
                == [.frame(ResolvedFrame(minWidth: 10, idealWidth: 20, maxWidth: 30, alignment: .leading))])
        #expect(
            try T.effect(FrameModifier.self, ["minHeight": 1, "idealHeight": 2, "maxHeight": 3]).styles
                == [.frame(ResolvedFrame(minHeight: 1, idealHeight: 2, maxHeight: 3))])
        // Both kinds: the fixed frame, then the flexible one around it.
        #expect(
            try T.effect(FrameModifier.self, ["width": 50, "maxHeight": 200, "alignment": "bottomTrailing"]).styles
                == [
                    .frame(ResolvedFrame(width: 50, alignment: .bottomTrailing)),
                    .frame(ResolvedFrame(maxHeight: 200, alignment: .bottomTrailing)),
                ])
    }

    @Test func frameAlignmentsAreTheNineOfSwiftUI() throws {
        for alignment in Alignment.all {
            #expect(
                try T.effect(FrameModifier.self, ["alignment": alignment.name]).styles
                    == [.frame(ResolvedFrame(alignment: alignment))])
        }
        let error = try T.fieldError { try T.make(FrameModifier.self, ["alignment": "middle"]) }
        #expect(error.path == "alignment")
        #expect("\(error)".contains("'topLeading'"))
        let width = try T.fieldError { try T.make(FrameModifier.self, ["width": "100px"]) }
        #expect(width.path == "width")
    }

    @Test func backgroundIsAColourInAShapeOrBehindEverything() throws {
        #expect(try T.effect(BackgroundModifier.self, ["color": "red"]).styles == [.background(try color("red"), shape: nil)])
        #expect(
            try T.effect(BackgroundModifier.self, ["color": "#00FF0080", "shape": "capsule"]).styles
                == [.background(Color(red: 0, green: 255, blue: 0, alpha: 128), shape: ResolvedShape(name: "capsule"))])
        #expect(
            try T.effect(BackgroundModifier.self, ["color": "blue", "shape": "roundedRectangle", "cornerRadius": 8]).styles
                == [.background(try color("blue"), shape: ResolvedShape(name: "roundedRectangle", cornerRadius: 8))])
        #expect(
            try T.effect(BackgroundModifier.self, ["color": "blue", "shape": "roundedRectangle"]).styles
                == [.background(try color("blue"), shape: ResolvedShape(name: "roundedRectangle", cornerRadius: 0))])
        // A corner radius alone rounds a rectangle; other shapes have no corners.
        #expect(
            try T.effect(BackgroundModifier.self, ["color": "blue", "cornerRadius": 6]).styles
                == [.background(try color("blue"), shape: ResolvedShape(name: "roundedRectangle", cornerRadius: 6))])
        #expect(
            try T.effect(BackgroundModifier.self, ["color": "blue", "shape": "ellipse", "cornerRadius": 6]).styles
                == [.background(try color("blue"), shape: ResolvedShape(name: "ellipse"))])
        for shape in ["rectangle", "circle"] {
            #expect(
                try T.effect(BackgroundModifier.self, ["color": "blue", "shape": shape]).styles
                    == [.background(try color("blue"), shape: ResolvedShape(name: shape))])
        }

        let missing = try T.fieldError { try T.make(BackgroundModifier.self, ["shape": "circle"]) }
        #expect(missing.kind == .missing)
        #expect(missing.path == "color")
        let badColour = try T.fieldError { try T.make(BackgroundModifier.self, ["color": "not a colour"]) }
        #expect(badColour.path == "color")
        #expect(badColour.value == "not a colour")
        let badShape = try T.fieldError { try T.make(BackgroundModifier.self, ["color": "red", "shape": "star"]) }
        #expect(badShape.path == "shape")
    }

    @Test func colourModifiersNeedAColour() throws {
        #expect(try T.effect(ForegroundStyleModifier.self, ["color": "#FF0000"]).styles == [.foregroundStyle(Color(red: 255, green: 0, blue: 0, alpha: 255))])
        #expect(try T.effect(ListRowBackgroundModifier.self, ["color": "yellow"]).styles == [.listRowBackground(try color("yellow"))])
        let tint = try T.effect(TintModifier.self, ["color": "orange"])
        #expect(tint.tint == (try color("orange")))
        #expect(tint.styles.isEmpty)
        for make in [
            { try T.make(ForegroundStyleModifier.self) as Any },
            { try T.make(TintModifier.self) as Any },
            { try T.make(ListRowBackgroundModifier.self) as Any },
            { try T.make(BorderModifier.self) as Any },
        ] {
            let error = try T.fieldError(make)
            #expect(error.kind == .missing)
            #expect(error.path == "color")
            #expect(error.type == "Color")
        }
        let wrong = try T.fieldError { try T.make(TintModifier.self, ["color": 3]) }
        #expect(wrong.path == "color")
        #expect(wrong.kind == .cast)
    }

    @Test func fontMapsFamilySizeWeightAndDesign() throws {
        func font(_ params: Dict) throws -> [ResolvedStyle] { try T.effect(FontModifier.self, params).styles }
        // Nothing given: no font.
        #expect(try font([:]) == [])
        #expect(try font(["size": 20]) == [.font(.system(size: 20))])
        #expect(
            try font(["size": 20, "weight": "semibold", "design": "rounded"])
                == [.font(.system(size: 20, weight: .semibold, design: .rounded))])
        #expect(try font(["family": "Menlo", "size": 12]) == [.font(.custom("Menlo", size: 12))])
        #expect(try font(["family": "Menlo"]) == [.font(.custom("Menlo", size: 17))])
        // A family has its own design; a weight applies to it.
        #expect(
            try font(["family": "Menlo", "weight": "bold", "design": "serif"])
                == [.font(.custom("Menlo", size: 17).weight(.bold))])
        // Only a weight or a design: the body text style with them.
        #expect(try font(["weight": "heavy"]) == [.font(.system(.body, weight: .heavy))])
        #expect(try font(["design": "monospaced"]) == [.font(.system(.body, design: .monospaced))])
        guard case .font(let body) = try font(["weight": "light", "design": "default"]).first else {
            Issue.record("no font")
            return
        }
        #expect(body.style == .body && body.weight == .light && body.design == .default && body.size == nil)

        for weight in Font.Weight.allCases {
            #expect(try font(["size": 10, "weight": weight.rawValue]) == [.font(.system(size: 10, weight: weight))])
        }
        for design in Font.Design.allCases {
            #expect(try font(["size": 10, "design": design.rawValue]) == [.font(.system(size: 10, design: design))])
        }
        let weight = try T.fieldError { try T.make(FontModifier.self, ["weight": "extraBold"]) }
        #expect(weight.path == "weight")
        #expect("\(weight)".contains("'ultraLight'"))
        let design = try T.fieldError { try T.make(FontModifier.self, ["design": "italic"]) }
        #expect(design.path == "design")
        let size = try T.fieldError { try T.make(FontModifier.self, ["size": "large"]) }
        #expect(size.path == "size")
    }

    @Test func opacityIsRequiredAndFromZeroToOne() throws {
        #expect(try T.effect(OpacityModifier.self, ["value": 0.4]).styles == [.opacity(0.4)])
        #expect(try T.effect(OpacityModifier.self, ["value": 0]).styles == [.opacity(0)])
        #expect(try T.effect(OpacityModifier.self, ["value": 1]).styles == [.opacity(1)])
        let missing = try T.fieldError { try T.make(OpacityModifier.self) }
        #expect(missing.kind == .missing)
        #expect(missing.path == "value")
        for bad in [1.5, -0.1] {
            let error = try T.fieldError { try T.make(OpacityModifier.self, ["value": bad]) }
            #expect(error.path == "value")
            #expect(error.value == String(bad))
            #expect("\(error)".hasSuffix("expected a number from 0 to 1"))
        }
        // The value as the front-end wrote it: an integer stays one.
        let two = try T.fieldError { try T.make(OpacityModifier.self, ["value": 2]) }
        #expect(two.value == "2")
        #expect(two.description == "Cannot cast '2' for field 'value' of type Double: expected a number from 0 to 1")
        let text = try T.fieldError { try T.make(OpacityModifier.self, ["value": "half"]) }
        #expect(text.path == "value")
    }

    /// Sizes and radii below 0 are refused by the plugin, as the JS helpers refuse them: the
    /// bounds are declared on the fields, and both sides read them from there.
    @Test func negativeSizesAndRadiiAreRefusedAtTheField() throws {
        let cases: [(FieldError, String)] = [
            (try T.fieldError { try T.make(FrameModifier.self, ["maxWidth": -1]) }, "maxWidth"),
            (try T.fieldError { try T.make(FontModifier.self, ["size": -12]) }, "size"),
            (try T.fieldError { try T.make(BorderModifier.self, ["color": "red", "width": -1]) }, "width"),
            (try T.fieldError { try T.make(CornerRadiusModifier.self, ["radius": -4]) }, "radius"),
            (try T.fieldError { try T.make(BackgroundModifier.self, ["color": "red", "shape": "roundedRectangle", "cornerRadius": -2]) }, "cornerRadius"),
        ]
        for (error, path) in cases {
            #expect(error.path == path, "\(error)")
            #expect("\(error)".hasSuffix("expected a number of 0 or more"), "\(error)")
        }
        #expect(try T.effect(FrameModifier.self, ["width": 0, "height": 0]).styles.isEmpty == false)
    }

    @Test func cornerRadiusNeedsARadius() throws {
        #expect(try T.effect(CornerRadiusModifier.self, ["radius": 12]).styles == [.cornerRadius(12)])
        let missing = try T.fieldError { try T.make(CornerRadiusModifier.self) }
        #expect(missing.kind == .missing)
        #expect(missing.path == "radius")
    }

    @Test func borderIsOnePointWideByDefault() throws {
        #expect(try T.effect(BorderModifier.self, ["color": "gray"]).styles == [.border(try color("gray"), width: 1)])
        #expect(try T.effect(BorderModifier.self, ["color": "gray", "width": 3]).styles == [.border(try color("gray"), width: 3)])
        let width = try T.fieldError { try T.make(BorderModifier.self, ["color": "gray", "width": "thick"]) }
        #expect(width.path == "width")
    }

    @Test func badgeShowsItsValueOrNothing() throws {
        #expect(try T.effect(BadgeModifier.self, ["value": "3"]).styles == [.badge("3")])
        #expect(try T.effect(BadgeModifier.self, ["value": "New"]).styles == [.badge("New")])
        let none = try T.effect(BadgeModifier.self)
        #expect(none.styles.isEmpty)
        #expect(none.includesContent)
        #expect(try T.effect(BadgeModifier.self, ["value": JSNull()]).styles.isEmpty)
        let number = try T.fieldError { try T.make(BadgeModifier.self, ["value": 3]) }
        #expect(number.path == "value")
        #expect(number.type == "String?")
    }

    @Test func deleteDisabledIsTrueByDefault() throws {
        #expect(try T.effect(DeleteDisabledModifier.self).styles == [.deleteDisabled(true)])
        #expect(try T.effect(DeleteDisabledModifier.self, ["disabled": false]).styles == [.deleteDisabled(false)])
        let error = try T.fieldError { try T.make(DeleteDisabledModifier.self, ["disabled": "no"]) }
        #expect(error.path == "disabled")
    }

    @Test func stylesDoNotMakeTheViewRespond() throws {
        let effect = try T.effect(PaddingModifier.self)
        #expect(effect.taps.isEmpty && effect.longPresses.isEmpty && effect.refreshAction == nil)
        #expect(!effect.isDisabled && !effect.isHidden && effect.contentShape == nil)
    }
}
