// SF Symbols modifiers with SwiftUI's names: symbol effects, content transitions, scale,
// rendering mode and variants. They apply to the system images at or under the view they
// modify (SwiftUI passes them down its environment); the host resolves them per image.

/// An SF Symbols effect, as SwiftUI's `BounceSymbolEffect`, `PulseSymbolEffect`, ...
///
/// SwiftUI tells the ways to run an effect apart by protocol (`DiscreteSymbolEffect`,
/// `IndefiniteSymbolEffect`, ...) at compile time; here ``kinds`` says which fit, and the
/// plugin that takes an effect by name checks the way it was asked for against it.
public struct SymbolEffect: Equatable, Sendable, CustomStringConvertible {
    /// The effect's name: `bounce`, `bounceUp`, `scaleDown`, `drawOn`, `replace`, ...
    public let name: String
    /// The ways the effect can run.
    public let kinds: Kinds

    /// The ways an effect runs, as SwiftUI's symbol effect protocols.
    public struct Kinds: OptionSet, Sendable, Hashable {
        /// The bits.
        public let rawValue: UInt8
        /// Kinds from bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Runs once each time a value changes: `symbolEffect(_:options:value:)`.
        public static let discrete = Kinds(rawValue: 1)
        /// Runs while active: `symbolEffect(_:options:isActive:)`.
        public static let indefinite = Kinds(rawValue: 2)
        /// Runs when the image enters or leaves: `transition(.symbolEffect(_:))`.
        public static let transition = Kinds(rawValue: 4)
        /// Runs when the symbol shown changes: `contentTransition(.symbolEffect(_:))`.
        public static let contentTransition = Kinds(rawValue: 8)

        /// The kinds' names, in this order: `discrete`, `indefinite`, `transition`,
        /// `contentTransition`.
        public var names: [String] {
            [(Kinds.discrete, "discrete"), (.indefinite, "indefinite"), (.transition, "transition"), (.contentTransition, "contentTransition")]
                .filter { contains($0.0) }.map(\.1)
        }
    }

    /// An effect named `name` that runs in the ways `kinds` lists.
    public init(name: String, kinds: Kinds) {
        self.name = name
        self.kinds = kinds
    }

    /// The effect's ``name``.
    public var description: String { name }

    private static let all: Kinds = [.discrete, .indefinite]
    /// A bounce: discrete or indefinite.
    public static let bounce = SymbolEffect(name: "bounce", kinds: all)
    /// A bounce upwards.
    public static let bounceUp = SymbolEffect(name: "bounceUp", kinds: all)
    /// A bounce downwards.
    public static let bounceDown = SymbolEffect(name: "bounceDown", kinds: all)
    /// A pulse of opacity: discrete or indefinite.
    public static let pulse = SymbolEffect(name: "pulse", kinds: all)
    /// Layers lit one after another: discrete or indefinite.
    public static let variableColor = SymbolEffect(name: "variableColor", kinds: all)
    /// A wiggle: discrete or indefinite.
    public static let wiggle = SymbolEffect(name: "wiggle", kinds: all)
    /// A rotation: discrete or indefinite.
    public static let rotate = SymbolEffect(name: "rotate", kinds: all)
    /// A breath: discrete or indefinite.
    public static let breathe = SymbolEffect(name: "breathe", kinds: all)
    /// Scaled: indefinite only.
    public static let scale = SymbolEffect(name: "scale", kinds: .indefinite)
    /// Scaled up: indefinite only.
    public static let scaleUp = SymbolEffect(name: "scaleUp", kinds: .indefinite)
    /// Scaled down: indefinite only.
    public static let scaleDown = SymbolEffect(name: "scaleDown", kinds: .indefinite)
    /// Appearing: indefinite, or a transition.
    public static let appear = SymbolEffect(name: "appear", kinds: [.indefinite, .transition])
    /// Disappearing: indefinite, or a transition.
    public static let disappear = SymbolEffect(name: "disappear", kinds: [.indefinite, .transition])
    /// Drawn on, stroke by stroke: indefinite, or a transition.
    public static let drawOn = SymbolEffect(name: "drawOn", kinds: [.indefinite, .transition])
    /// Drawn off: indefinite, or a transition.
    public static let drawOff = SymbolEffect(name: "drawOff", kinds: [.indefinite, .transition])
    /// One symbol replacing another: a content transition only.
    public static let replace = SymbolEffect(name: "replace", kinds: .contentTransition)
    /// The system's choice: a transition or a content transition.
    public static let automatic = SymbolEffect(name: "automatic", kinds: [.transition, .contentTransition])

    /// Every effect, in the order above.
    public static let allEffects: [SymbolEffect] = [
        .bounce, .bounceUp, .bounceDown, .pulse, .variableColor, .wiggle, .rotate, .breathe, .scale, .scaleUp, .scaleDown,
        .appear, .disappear, .drawOn, .drawOff, .replace, .automatic,
    ]
}

/// How a symbol effect runs, as SwiftUI's `SymbolEffectOptions`.
public struct SymbolEffectOptions: Equatable, Sendable {
    /// How often it repeats, as SwiftUI's `SymbolEffectOptions.RepeatBehavior`.
    public enum Repeat: Equatable, Sendable {
        /// The effect's own default.
        case `default`
        /// Once per trigger.
        case nonRepeating
        /// Over and over while it runs.
        case continuous
        /// `count` times (`nil`: the effect's default), `delay` seconds apart (`nil`: none).
        case periodic(count: Int?, delay: Double?)
    }

    /// Its repetition.
    public var repeatBehavior: Repeat
    /// Its speed: 1 is the effect's own, 2 twice as fast.
    public var speed: Double

    /// Options with a repetition and a speed.
    public init(repeatBehavior: Repeat = .default, speed: Double = 1) {
        self.repeatBehavior = repeatBehavior
        self.speed = speed
    }

    /// The effect's defaults.
    public static let `default` = SymbolEffectOptions()
    /// Repeats, as SwiftUI's `.repeating` (a periodic repetition with the defaults).
    public static let repeating = SymbolEffectOptions(repeatBehavior: .periodic(count: nil, delay: nil))
    /// Does not repeat.
    public static let nonRepeating = SymbolEffectOptions(repeatBehavior: .nonRepeating)
    /// These options, `speed` times as fast.
    public func speed(_ speed: Double) -> SymbolEffectOptions {
        var copy = self
        copy.speed = speed
        return copy
    }
    /// These options with `behavior` as repetition.
    public func `repeat`(_ behavior: Repeat) -> SymbolEffectOptions {
        var copy = self
        copy.repeatBehavior = behavior
        return copy
    }
    /// The defaults, `speed` times as fast, as SwiftUI's `.speed(_:)`.
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions(speed: speed) }
    /// The defaults with `behavior` as repetition, as SwiftUI's `.repeat(.continuous)`.
    public static func `repeat`(_ behavior: Repeat) -> SymbolEffectOptions { SymbolEffectOptions(repeatBehavior: behavior) }
    /// Repeats `count` times, as SwiftUI's `repeat(_:)`; `nil` repeats continuously.
    public static func `repeat`(_ count: Int?) -> SymbolEffectOptions {
        SymbolEffectOptions(repeatBehavior: count.map { .periodic(count: $0, delay: nil) } ?? .continuous)
    }
}

/// A transition for a view entering or leaving, as SwiftUI's `AnyTransition`; only symbol
/// effect transitions are known.
public struct AnyTransition: Equatable, Sendable {
    /// The effect run as the view enters or leaves.
    public let effect: SymbolEffect
    /// How the effect runs.
    public let options: SymbolEffectOptions

    /// A symbol effect as the transition, as SwiftUI's `.symbolEffect(_:options:)`.
    public static func symbolEffect(_ effect: SymbolEffect, options: SymbolEffectOptions = .default) -> AnyTransition {
        AnyTransition(effect: effect, options: options)
    }
    /// The system's choice of symbol transition.
    public static let symbolEffect = AnyTransition(effect: .automatic, options: .default)
}

/// How a view's content changes, as SwiftUI's `ContentTransition`; only symbol effects are
/// known.
public struct ContentTransition: Equatable, Sendable {
    /// The effect run as the symbol shown changes.
    public let effect: SymbolEffect
    /// How the effect runs.
    public let options: SymbolEffectOptions

    /// A symbol effect as the content transition, as SwiftUI's `.symbolEffect(_:options:)`.
    public static func symbolEffect(_ effect: SymbolEffect, options: SymbolEffectOptions = .default) -> ContentTransition {
        ContentTransition(effect: effect, options: options)
    }
    /// The system's choice of symbol content transition.
    public static let symbolEffect = ContentTransition(effect: .automatic, options: .default)
}

extension Image {
    /// A symbol's size relative to the font, as SwiftUI's `Image.Scale`.
    public enum Scale: String, Sendable, CaseIterable {
        /// Smaller, the font's size, larger.
        case small, medium, large
    }
}

/// How a symbol's layers are coloured, as SwiftUI's `SymbolRenderingMode`.
public enum SymbolRenderingMode: String, Sendable, CaseIterable {
    /// One colour; layers in shades of one colour; one colour per layer from the styles
    /// given; the symbol's own colours.
    case monochrome, hierarchical, palette, multicolor
}

/// Variants of a symbol, as SwiftUI's `SymbolVariants`: they combine (`.circle.fill`), and a
/// symbol shows its name with them added (`heart` as `heart.circle.fill`).
public struct SymbolVariants: Equatable, Sendable, Hashable {
    /// The bits.
    let bits: UInt8
    private init(bits: UInt8) { self.bits = bits }

    /// No variant.
    public static let none = SymbolVariants(bits: 0)
    /// Slashed.
    public static let slash = SymbolVariants(bits: 1)
    /// Enclosed in a circle.
    public static let circle = SymbolVariants(bits: 2)
    /// Enclosed in a square.
    public static let square = SymbolVariants(bits: 4)
    /// Enclosed in a rectangle.
    public static let rectangle = SymbolVariants(bits: 8)
    /// Filled.
    public static let fill = SymbolVariants(bits: 16)

    /// The names in symbol order (`slash`, then the enclosure, then `fill`), as SF Symbols
    /// names join them: `mic.slash.circle.fill`.
    private static let ordered: [(SymbolVariants, String)] = [(.slash, "slash"), (.circle, "circle"), (.square, "square"), (.rectangle, "rectangle"), (.fill, "fill")]

    /// These variants and `other`'s.
    public func union(_ other: SymbolVariants) -> SymbolVariants { SymbolVariants(bits: bits | other.bits) }
    /// These with slash added.
    public var slash: SymbolVariants { union(.slash) }
    /// These with circle added.
    public var circle: SymbolVariants { union(.circle) }
    /// These with square added.
    public var square: SymbolVariants { union(.square) }
    /// These with rectangle added.
    public var rectangle: SymbolVariants { union(.rectangle) }
    /// These with fill added.
    public var fill: SymbolVariants { union(.fill) }

    /// The variants' names in symbol order; empty for ``none``.
    public var names: [String] { SymbolVariants.ordered.filter { bits & $0.0.bits != 0 }.map(\.1) }

    /// The variant named `name` (`"fill"`, `"circle"`, ...; `"none"`), or `nil`.
    public init?(name: String) {
        if name == "none" { self = .none; return }
        guard let found = SymbolVariants.ordered.first(where: { $0.1 == name }) else { return nil }
        self = found.0
    }

    /// `systemName` with these variants added, in symbol order; parts it has already stay.
    public func symbolName(for systemName: String) -> String {
        var parts = systemName.split(separator: ".").map(String.init)
        for name in names where !parts.contains(name) { parts.append(name) }
        return parts.joined(separator: ".")
    }
}

/// A symbol modifier applied to the content, as the evaluator records it
/// (``ModifierEffect/symbols``). It applies to the system images at or under the node.
public enum ResolvedSymbolModifier: Equatable, Sendable {
    /// `symbolEffect(_:options:value:)`: runs once each time `value` changes. `value` is the
    /// value's description: equal descriptions are equal values.
    case discrete(SymbolEffect, SymbolEffectOptions, value: String)
    /// `symbolEffect(_:options:isActive:)`: runs while `isActive`.
    case indefinite(SymbolEffect, SymbolEffectOptions, isActive: Bool)
    /// `transition(.symbolEffect(_:options:))`: runs when the image enters or leaves.
    case transition(SymbolEffect, SymbolEffectOptions)
    /// `contentTransition(.symbolEffect(_:options:))`: runs when the symbol shown changes.
    case contentTransition(SymbolEffect, SymbolEffectOptions)
    /// `symbolEffectsRemoved(_:)`: with `true`, the effects from around it do not reach in.
    case effectsRemoved(Bool)
    /// `imageScale(_:)`.
    case imageScale(Image.Scale)
    /// `symbolRenderingMode(_:)`; `nil` is the default.
    case renderingMode(SymbolRenderingMode?)
    /// `symbolVariant(_:)`: adds to the variants from around it.
    case variant(SymbolVariants)
    /// `fontWeight(_:)`: the weight of text and symbols; `nil` is the default.
    case fontWeight(Font.Weight?)
    /// `foregroundStyle(_:_:_:)`: the colours of a symbol's layers, primary first (the
    /// primary is also the content's `foregroundStyle` style).
    case palette([Color])
}

extension View {
    /// Runs `effect` on the symbols in this view once each time `value` changes, as
    /// SwiftUI's `symbolEffect(_:options:value:)`. `effect` should be discrete.
    public func symbolEffect<T: Equatable>(_ effect: SymbolEffect, options: SymbolEffectOptions = .default, value: T) -> some View {
        SymbolModifiedView(content: self, symbol: .discrete(effect, options, value: String(describing: value)))
    }

    /// Runs `effect` on the symbols in this view while `isActive`, as SwiftUI's
    /// `symbolEffect(_:options:isActive:)`. `effect` should be indefinite.
    public func symbolEffect(_ effect: SymbolEffect, options: SymbolEffectOptions = .default, isActive: Bool = true) -> some View {
        SymbolModifiedView(content: self, symbol: .indefinite(effect, options, isActive: isActive))
    }

    /// Keeps the symbol effects from around this view from reaching the symbols in it, as
    /// SwiftUI's `symbolEffectsRemoved(_:)`.
    public func symbolEffectsRemoved(_ isEnabled: Bool = true) -> some View {
        SymbolModifiedView(content: self, symbol: .effectsRemoved(isEnabled))
    }

    /// How the symbols in this view enter and leave, as SwiftUI's `transition(_:)`.
    public func transition(_ transition: AnyTransition) -> some View {
        SymbolModifiedView(content: self, symbol: .transition(transition.effect, transition.options))
    }

    /// How the symbols in this view change from one to another, as SwiftUI's
    /// `contentTransition(_:)`.
    public func contentTransition(_ transition: ContentTransition) -> some View {
        SymbolModifiedView(content: self, symbol: .contentTransition(transition.effect, transition.options))
    }

    /// The size of the symbols in this view relative to the font, as SwiftUI's `imageScale(_:)`.
    public func imageScale(_ scale: Image.Scale) -> some View {
        SymbolModifiedView(content: self, symbol: .imageScale(scale))
    }

    /// How the symbols in this view colour their layers, as SwiftUI's `symbolRenderingMode(_:)`.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View {
        SymbolModifiedView(content: self, symbol: .renderingMode(mode))
    }

    /// Shows the symbols in this view with `variant` added, as SwiftUI's `symbolVariant(_:)`.
    public func symbolVariant(_ variant: SymbolVariants) -> some View {
        SymbolModifiedView(content: self, symbol: .variant(variant))
    }

    /// Colours the layers of the symbols in this view, as SwiftUI's
    /// `foregroundStyle(_:_:_:)`: the primary colour also colours the view's text (it is its
    /// `foregroundStyle` style), and a symbol drawn in the palette rendering mode takes one
    /// colour per layer.
    public func foregroundStyle(_ primary: Color, _ secondary: Color, _ tertiary: Color? = nil) -> some View {
        SymbolModifiedView(
            content: StyledView(content: self, style: .foregroundStyle(primary)),
            symbol: .palette([primary, secondary] + (tertiary.map { [$0] } ?? [])))
    }

    /// The weight of the text and symbols in this view, as SwiftUI's `fontWeight(_:)`.
    public func fontWeight(_ weight: Font.Weight?) -> some View {
        SymbolModifiedView(content: self, symbol: .fontWeight(weight))
    }
}

/// `content` with a symbol modifier.
struct SymbolModifiedView<Content: View>: View {
    let content: Content
    let symbol: ResolvedSymbolModifier
    var body: Never { fatalError("SymbolModifiedView is primitive") }
}

extension SymbolModifiedView {
    public func _walk(with walker: inout _ViewWalker) -> Bool {
        walker.visitWrapper(content) { $0.symbols.append(symbol) }
    }
}
