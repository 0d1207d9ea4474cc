import ModhostWire
@_spi(ModhostHost) import ModifierKit

// SF Symbols modifiers (`symbolEffect`, `transition`, `contentTransition`, `imageScale`,
// `symbolRenderingMode`, `symbolVariant`, `fontWeight`, `symbolEffectsRemoved`) reach the
// system images at or under the node they modify, as SwiftUI's environment carries them.
// The host draws nothing: each image keeps what would run on it, and counts what ran, so a
// snapshot shows it (`symbol`).

/// The symbol modifiers that reach a node from around it and from its own modifiers.
struct SymbolEnvironment {
    /// An effect or transition, and where it was asked for: `node#modifier.k`, which keeps a
    /// discrete effect's run count across updates that rebuild its modifier.
    struct Item {
        let origin: String
        let modifier: ResolvedSymbolModifier
    }

    /// Effects and transitions, outermost first.
    var items: [Item] = []
    var scale: Image.Scale?
    var renderingMode: SymbolRenderingMode?
    var variants = SymbolVariants.none
    var weight: Font.Weight?
    /// The foreground colours: one from a `foregroundStyle`, up to three from a palette.
    var colors: [Color] = []
    /// The size of the innermost font with one, in points: a symbol's point size.
    var pointSize: Double?
    /// Whether any symbol modifier reached here: only then does an image show `symbol`.
    var isActive = false

    /// Whether `symbol` only means something for symbols: a `fontWeight` or a palette also
    /// styles text, so they are not reported on a node without images.
    static func needsImage(_ symbol: ResolvedSymbolModifier) -> Bool {
        switch symbol {
        case .fontWeight, .palette: return false
        default: return true
        }
    }

    /// Whether a modifier whose body does `effect` changes the environment (a symbol
    /// modifier, a font, a foreground style).
    static func matters(_ effect: ModifierEffect) -> Bool {
        !effect.symbols.isEmpty
            || effect.styles.contains {
                switch $0 {
                case .font, .foregroundStyle: return true
                default: return false
                }
            }
    }

    /// The environment inside the modifiers of the node `node`: they apply outermost (the
    /// last written) first, and inside each modifier its outermost wrapper first.
    func inside(_ modifiers: [ModifierInstance], node: String) -> SymbolEnvironment {
        var result = self
        // Most modifiers of a styled row change nothing here: their effects are not copied.
        for (index, instance) in modifiers.enumerated().reversed() where instance.effectStore.changesSymbols {
            let effect = instance.effect
            for style in effect.styles.reversed() {
                switch style {
                case let .font(font):
                    if let weight = font.weight { result.weight = weight }
                    if let size = font.size { result.pointSize = size }
                case let .foregroundStyle(color): result.colors = [color]
                default: break
                }
            }
            for (k, symbol) in effect.symbols.enumerated().reversed() {
                result.isActive = true
                switch symbol {
                case .discrete, .indefinite, .transition, .contentTransition:
                    result.items.append(Item(origin: node + "#" + String(index) + "." + String(k), modifier: symbol))
                case let .effectsRemoved(isEnabled):
                    // Symbol effects from around stop here; transitions belong to the image
                    // entering or leaving, and content transitions to its symbol changing.
                    if isEnabled {
                        result.items.removeAll {
                            switch $0.modifier {
                            case .discrete, .indefinite: return true
                            default: return false
                            }
                        }
                    }
                case let .imageScale(scale): result.scale = scale
                case let .renderingMode(mode): result.renderingMode = mode
                case let .variant(variants): result.variants = result.variants.union(variants)
                case let .fontWeight(weight): result.weight = weight
                case let .palette(colors): result.colors = colors
                }
            }
        }
        return result
    }
}

/// What the symbol modifiers do to one system image, and what has run on it. Made anew for
/// each tree from the previous tree's state, so a failed update changes nothing.
struct SymbolState {
    /// An effect on the image.
    struct Effect {
        let origin: String
        let effect: SymbolEffect
        let options: SymbolEffectOptions
        /// Discrete: the value whose changes run it. `nil` for an indefinite effect.
        let value: String?
        /// Indefinite: whether it runs.
        let isActive: Bool
        /// Discrete: how many times it ran (once per change of `value`).
        let runs: Int
    }

    let systemName: String
    /// The symbol shown: `systemName` with the variants added.
    let shown: String
    let environment: SymbolEnvironment
    let effects: [Effect]
    /// The innermost transition, and whether it ran as the image entered.
    let transition: (effect: SymbolEffect, options: SymbolEffectOptions, ranOnEnter: Bool)?
    /// The innermost content transition, and how many times the shown symbol changed under it.
    let contentTransition: (effect: SymbolEffect, options: SymbolEffectOptions, runs: Int)?

    /// The state of an image showing `systemName` in `environment`, after `previous` (its
    /// state in the tree before; `nil` for an image that just entered, or had none).
    init(systemName: String, environment: SymbolEnvironment, previous: SymbolState?, entered: Bool) {
        self.systemName = systemName
        self.environment = environment
        shown = environment.variants.symbolName(for: systemName)
        var effects: [Effect] = []
        var transition: (SymbolEffect, SymbolEffectOptions)?
        var contentTransition: (SymbolEffect, SymbolEffectOptions)?
        for item in environment.items {
            switch item.modifier {
            case let .discrete(effect, options, value):
                // A discrete effect runs when its value changes, never as it first appears.
                let before = previous?.effects.first { $0.origin == item.origin && $0.value != nil && $0.effect == effect }
                let runs = before.map { $0.runs + ($0.value == value ? 0 : 1) } ?? 0
                effects.append(Effect(origin: item.origin, effect: effect, options: options, value: value, isActive: true, runs: runs))
            case let .indefinite(effect, options, isActive):
                effects.append(Effect(origin: item.origin, effect: effect, options: options, value: nil, isActive: isActive, runs: 0))
            // The innermost wins: items are outermost first.
            case let .transition(effect, options): transition = (effect, options)
            case let .contentTransition(effect, options): contentTransition = (effect, options)
            default: break
            }
        }
        self.effects = effects
        self.transition = transition.map { ($0.0, $0.1, entered || (previous?.transition?.ranOnEnter ?? false)) }
        let shownBefore = previous?.shown
        let runsBefore = previous?.contentTransition?.runs ?? 0
        let changed = shownBefore != nil && shownBefore != shown
        self.contentTransition = contentTransition.map { ($0.0, $0.1, runsBefore + (changed ? 1 : 0)) }
    }

    /// The SF Symbol a node shows, if any: an Image's `systemName` (or `systemImage`, the older
    /// name), a Label's, a Button's or a Toggle's `systemImage` (SwiftUI's symbol modifiers reach a Label's
    /// icon as they reach an Image).
    static func systemName(of node: NodeState) -> String? {
        switch node.kind {
        case .image: return node.props["systemName"]?.stringValue ?? node.props["systemImage"]?.stringValue
        case .label, .button, .toggle: return node.props["systemImage"]?.stringValue
        default: return nil
        }
    }

    /// The snapshot's `symbol` member: `{systemName, shown, variant?, scale?, renderingMode?,
    /// weight?, pointSize?, colors?, effects?, transition?, contentTransition?}`.
    var json: JSONValue {
        var object = JSONObject()
        object["systemName"] = .string(systemName)
        object["shown"] = .string(shown)
        let variants = environment.variants.names
        if !variants.isEmpty { object["variant"] = .string(variants.joined(separator: ".")) }
        if let scale = environment.scale { object["scale"] = .string(scale.rawValue) }
        if let mode = environment.renderingMode { object["renderingMode"] = .string(mode.rawValue) }
        if let weight = environment.weight { object["weight"] = .string(weight.rawValue) }
        if let size = environment.pointSize { object["pointSize"] = SymbolState.number(size) }
        if !environment.colors.isEmpty { object["colors"] = .array(environment.colors.map { .string($0.hex) }) }
        if !effects.isEmpty {
            object["effects"] = .array(
                effects.map { effect in
                    var entry = JSONObject()
                    entry["effect"] = .string(effect.effect.name)
                    if effect.value != nil {
                        entry["kind"] = "discrete"
                        entry["runs"] = .int(Int64(effect.runs))
                    } else {
                        entry["kind"] = "indefinite"
                        entry["active"] = .bool(effect.isActive)
                    }
                    if let options = SymbolState.options(effect.options) { entry["options"] = options }
                    return .object(entry)
                })
        }
        if let transition {
            var entry = JSONObject([("effect", .string(transition.effect.name)), ("ranOnEnter", .bool(transition.ranOnEnter))])
            if let options = SymbolState.options(transition.options) { entry["options"] = options }
            object["transition"] = .object(entry)
        }
        if let contentTransition {
            var entry = JSONObject([("effect", .string(contentTransition.effect.name)), ("runs", .int(Int64(contentTransition.runs)))])
            if let options = SymbolState.options(contentTransition.options) { entry["options"] = options }
            object["contentTransition"] = .object(entry)
        }
        return .object(object)
    }

    /// `{repeat, count?, delay?, speed?}`, or `nil` for the defaults.
    static func options(_ options: SymbolEffectOptions) -> JSONValue? {
        guard options != .default else { return nil }
        var object = JSONObject()
        switch options.repeatBehavior {
        case .default: break
        case .nonRepeating: object["repeat"] = "nonRepeating"
        case .continuous: object["repeat"] = "continuous"
        case let .periodic(count, delay):
            object["repeat"] = "periodic"
            if let count { object["count"] = .int(Int64(count)) }
            if let delay { object["delay"] = number(delay) }
        }
        if options.speed != 1 { object["speed"] = number(options.speed) }
        return .object(object)
    }

    private static func number(_ value: Double) -> JSONValue {
        if value.rounded() == value, abs(value) < 1e15 { return .int(Int64(value)) }
        return .double(value)
    }
}
