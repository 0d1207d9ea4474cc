@_spi(ModhostHost) import ModifierKit
import Testing

@testable import ExpoUI

private typealias T = ExpoUITest

/// The message of the error that making `M` from `params` throws, with its path.
private func refusal<M: ExpoUIModifier>(_ type: M.Type, _ params: Dict) throws -> (path: String, message: String) {
    let error = try T.fieldError { try T.make(type, params) }
    return (error.path, error.description)
}

@Suite("ExpoUI: symbols", .timeLimit(.minutes(20)))
struct SymbolModifierTests {
    @Test func aValueMakesADiscreteEffect() throws {
        #expect(try T.effect(SymbolEffectModifier.self, ["effect": "bounce", "value": 3]).symbols == [.discrete(.bounce, .default, value: "3")])
        // 3 and "3" are different values; 2.0 and 2 are one.
        #expect(try T.effect(SymbolEffectModifier.self, ["effect": "bounce", "value": "3"]).symbols == [.discrete(.bounce, .default, value: "\"3\"")])
        #expect(try T.effect(SymbolEffectModifier.self, ["effect": "wiggle", "value": 2.0]).symbols == [.discrete(.wiggle, .default, value: "2")])
        #expect(try T.effect(SymbolEffectModifier.self, ["effect": "pulse", "value": true]).symbols == [.discrete(.pulse, .default, value: "true")])
    }

    @Test func isActiveMakesAnIndefiniteEffectActiveByDefault() throws {
        #expect(try T.effect(SymbolEffectModifier.self, ["effect": "pulse"]).symbols == [.indefinite(.pulse, .default, isActive: true)])
        #expect(
            try T.effect(SymbolEffectModifier.self, ["effect": "drawOn", "isActive": false]).symbols
                == [.indefinite(.drawOn, .default, isActive: false)])
        #expect(try T.effect(SymbolEffectModifier.self, ["effect": "scaleUp", "isActive": true]).symbols == [.indefinite(.scaleUp, .default, isActive: true)])
    }

    @Test func anEffectThatIsNotDiscreteIsRefusedWithValue() throws {
        let drawOn = try refusal(SymbolEffectModifier.self, ["effect": "drawOn", "value": 1])
        #expect(drawOn.path == "effect")
        #expect(drawOn.message.contains("'drawOn' is indefinite and transition"))
        #expect(drawOn.message.contains("bounce, bounceUp, bounceDown, pulse, variableColor, wiggle, rotate, breathe"))
        let replace = try refusal(SymbolEffectModifier.self, ["effect": "replace", "value": 1])
        #expect(replace.message.contains("'replace' is contentTransition"))
        #expect(replace.message.contains("'contentTransition' modifier"))
        let scale = try refusal(SymbolEffectModifier.self, ["effect": "scale", "value": 1])
        #expect(scale.message.contains("use 'isActive'"))
    }

    @Test func aTransitionOnlyEffectIsRefusedWithoutValue() throws {
        let automatic = try refusal(SymbolEffectModifier.self, ["effect": "automatic"])
        #expect(automatic.path == "effect")
        #expect(automatic.message.contains("an indefinite effect"))
        #expect(automatic.message.contains("'transition' modifier's 'symbolEffect' or the 'contentTransition'"))
        let both = try refusal(SymbolEffectModifier.self, ["effect": "bounce", "value": 1, "isActive": true])
        #expect(both.path == "isActive")
        #expect(both.message.contains("not both"))
    }

    @Test func unknownEffectsListTheKnownOnes() throws {
        let error = try refusal(SymbolEffectModifier.self, ["effect": "drawon"])
        #expect(error.path == "effect")
        #expect(error.message.contains("'drawOn'") && error.message.contains("'automatic'"))
        let value = try refusal(SymbolEffectModifier.self, ["effect": "bounce", "value": [1]])
        #expect(value.path == "value")
        #expect(value.message.contains("a string, a number or a boolean"))
    }

    @Test func optionsSetRepetitionAndSpeed() throws {
        func options(_ given: Dict) throws -> SymbolEffectOptions? {
            guard case let .indefinite(_, options, _)? = try T.effect(SymbolEffectModifier.self, ["effect": "pulse", "options": given]).symbols.first else { return nil }
            return options
        }
        #expect(try options([:]) == .default)
        #expect(try options(["repeat": "repeating"]) == .repeating)
        #expect(try options(["repeat": "nonRepeating", "speed": 2]) == SymbolEffectOptions.nonRepeating.speed(2))
        #expect(try options(["repeat": "continuous"]) == .repeat(nil))
        #expect(try options(["count": 3]) == .repeat(3))
        #expect(try options(["repeat": "periodic", "count": 2, "delay": 0.5]) == SymbolEffectOptions(repeatBehavior: .periodic(count: 2, delay: 0.5)))
        let speed = try refusal(SymbolEffectModifier.self, ["effect": "pulse", "options": ["speed": 0]])
        #expect(speed.path == "options.speed")
        let count = try refusal(SymbolEffectModifier.self, ["effect": "pulse", "options": ["repeat": "continuous", "count": 2]])
        #expect(count.path == "options.count")
        #expect(count.message.contains("only with repeat 'periodic'"))
        let unknown = try refusal(SymbolEffectModifier.self, ["effect": "pulse", "options": ["repeat": "forever"]])
        #expect(unknown.path == "options.repeat")
        #expect(unknown.message.contains("'continuous'"))
    }

    @Test func transitionsTakeOnlyTransitionEffects() throws {
        #expect(try T.effect(TransitionModifier.self, ["symbolEffect": "appear"]).symbols == [.transition(.appear, .default)])
        #expect(try T.effect(ContentTransitionModifier.self, ["symbolEffect": "replace"]).symbols == [.contentTransition(.replace, .default)])
        let bounce = try refusal(TransitionModifier.self, ["symbolEffect": "bounce"])
        #expect(bounce.path == "symbolEffect")
        #expect(bounce.message.contains("appear, disappear, drawOn, drawOff, automatic"))
        let appear = try refusal(ContentTransitionModifier.self, ["symbolEffect": "appear"])
        #expect(appear.message.contains("(replace, automatic)"))
    }

    @Test func effectsRemovedIsOnUnlessTurnedOff() throws {
        #expect(try T.effect(SymbolEffectsRemovedModifier.self).symbols == [.effectsRemoved(true)])
        #expect(try T.effect(SymbolEffectsRemovedModifier.self, ["isEnabled": false]).symbols == [.effectsRemoved(false)])
    }

    @Test func scaleRenderingModeVariantAndWeight() throws {
        #expect(try T.effect(ImageScaleModifier.self, ["scale": "large"]).symbols == [.imageScale(.large)])
        #expect(try T.effect(SymbolRenderingModeModifier.self, ["mode": "palette"]).symbols == [.renderingMode(.palette)])
        #expect(try T.effect(SymbolVariantModifier.self, ["variant": "circle.fill"]).symbols == [.variant(.circle.fill)])
        #expect(try T.effect(SymbolVariantModifier.self, ["variant": "slash.rectangle.fill"]).symbols == [.variant(.slash.rectangle.fill)])
        #expect(try T.effect(SymbolVariantModifier.self, ["variant": "none"]).symbols == [.variant(.none)])
        #expect(try T.effect(FontWeightModifier.self, ["weight": "black"]).symbols == [.fontWeight(.black)])
        // SF Symbols' order only: the list is what generated types offer.
        let variant = try refusal(SymbolVariantModifier.self, ["variant": "fill.circle"])
        #expect(variant.path == "variant")
        #expect(variant.message.contains("'circle.fill'") && variant.message.contains("'slash.rectangle.fill'"))
        let scale = try refusal(ImageScaleModifier.self, ["scale": "huge"])
        #expect(scale.message.contains("'small', 'medium', 'large'"))
    }

    @Test func foregroundStyleTakesUpToThreeLayerColours() throws {
        let red = try Color(parsing: "red"), blue = try Color(parsing: "#00F"), green = try Color(parsing: "rgb(0 255 0)")
        let one = try T.effect(ForegroundStyleModifier.self, ["color": "red"])
        #expect(one.styles == [.foregroundStyle(red)] && one.symbols.isEmpty)
        let three = try T.effect(ForegroundStyleModifier.self, ["color": "red", "secondary": "#00F", "tertiary": "rgb(0 255 0)"])
        #expect(three.styles == [.foregroundStyle(red)])
        #expect(three.symbols == [.palette([red, blue, green])])
        let two = try T.effect(ForegroundStyleModifier.self, ["color": "red", "secondary": "#00F"])
        #expect(two.symbols == [.palette([red, blue])])
        let error = try refusal(ForegroundStyleModifier.self, ["color": "red", "tertiary": "blue"])
        #expect(error.path == "tertiary")
        let bad = try refusal(ForegroundStyleModifier.self, ["color": "red", "secondary": "nope"])
        #expect(bad.path == "secondary")
    }

    @Test func variantsJoinInSymbolOrder() {
        #expect(SymbolVariants.fill.circle.slash.symbolName(for: "mic") == "mic.slash.circle.fill")
        #expect(SymbolVariants.fill.symbolName(for: "heart.fill") == "heart.fill")
        #expect(SymbolVariants.none.symbolName(for: "01.circle") == "01.circle")
    }
}
