import Testing
@_spi(ModhostHost) import ModifierKit

/// A modifier whose body is the closure it was made with.
private struct SymbolsModifier<Result: View>: ViewModifier {
    let make: (Content) -> Result
    init(@ViewBuilder _ make: @escaping (Content) -> Result) { self.make = make }
    func body(content: Content) -> Result { make(content) }
}

private func symbols<Result: View>(@ViewBuilder _ make: @escaping (ModifiedContent) -> Result) -> [ResolvedSymbolModifier] {
    ModifierEvaluator.evaluate(SymbolsModifier(make)).symbols
}

@Suite("Symbol modifiers", .timeLimit(.minutes(20)))
struct SymbolEvaluatorTests {
    @Test func symbolModifiersAroundTheContentAreRecordedInnermostFirst() {
        let found = symbols { content in
            content
                .symbolEffect(.bounce, options: .repeating, value: 3)
                .symbolEffect(.pulse)
                .imageScale(.large)
                .symbolVariant(.circle.fill)
                .symbolRenderingMode(.palette)
                .fontWeight(.bold)
                .symbolEffectsRemoved()
                .transition(.symbolEffect(.drawOn))
                .contentTransition(.symbolEffect(.replace, options: .speed(2)))
        }
        #expect(found == [
            .discrete(.bounce, .repeating, value: "3"), .indefinite(.pulse, .default, isActive: true), .imageScale(.large),
            .variant(.circle.fill), .renderingMode(.palette), .fontWeight(.bold), .effectsRemoved(true),
            .transition(.drawOn, .default), .contentTransition(.replace, SymbolEffectOptions.default.speed(2)),
        ])
    }

    @Test func aPaletteIsTheForegroundStyleAndTheLayerColours() {
        let effect = ModifierEvaluator.evaluate(SymbolsModifier { content in content.foregroundStyle(.red, .blue) })
        #expect(effect.styles == [.foregroundStyle(.red)])
        #expect(effect.symbols == [.palette([.red, .blue])])
    }

    @Test func symbolModifiersOnAnotherViewDoNothing() {
        #expect(symbols { content in
            content
            Image(systemName: "star").symbolEffect(.pulse)
        }.isEmpty)
    }

    @Test func effectsSayHowTheyCanRun() {
        #expect(SymbolEffect.bounce.kinds == [.discrete, .indefinite])
        #expect(SymbolEffect.drawOn.kinds.names == ["indefinite", "transition"])
        #expect(SymbolEffect.replace.kinds.names == ["contentTransition"])
        #expect(SymbolEffect.automatic.kinds.names == ["transition", "contentTransition"])
        #expect(SymbolEffect.allEffects.count == 17)
        #expect(SymbolEffectOptions.repeat(2) == SymbolEffectOptions(repeatBehavior: .periodic(count: 2, delay: nil)))
        #expect(SymbolEffectOptions.repeat(nil) == SymbolEffectOptions(repeatBehavior: .continuous))
    }

    @Test func variantsCombineAndNameTheSymbolInSymbolOrder() {
        #expect(SymbolVariants.fill.circle == SymbolVariants.circle.fill)
        #expect(SymbolVariants.circle.fill.names == ["circle", "fill"])
        #expect(SymbolVariants.fill.slash.symbolName(for: "bell") == "bell.slash.fill")
        #expect(SymbolVariants.none.symbolName(for: "bell") == "bell")
        #expect(SymbolVariants(name: "square") == .square)
        #expect(SymbolVariants(name: "filled") == nil)
    }
}
