import ModifierKit

// SF Symbols modifiers: effects, transitions, scale, rendering mode, variants and weight.
// Each applies to the system images (Image nodes with a `systemName`) at or under the node it
// modifies, as SwiftUI's do. An effect asked for in a way it cannot run (a transition-only
// effect with `value`, say) is refused with the ways it can run: SwiftUI refuses it at
// compile time, and a dropped effect is the bug front-ends hit most with symbol effects.

/// An effect by name: `symbolEffect`'s `effect`, `transition`'s and `contentTransition`'s
/// `symbolEffect`.
enum SymbolEffectName: String, Enumerable {
    case bounce, bounceUp, bounceDown, pulse, variableColor, wiggle, rotate, breathe
    case scale, scaleUp, scaleDown, appear, disappear, drawOn, drawOff, replace, automatic

    var effect: SymbolEffect {
        SymbolEffect.allEffects.first { $0.name == rawValue }!
    }

    /// The effects that run in the way `kind` names, for error messages.
    static func names(of kind: SymbolEffect.Kinds) -> String {
        allCases.filter { $0.effect.kinds.contains(kind) }.map(\.rawValue).joined(separator: ", ")
    }
}

/// `options.repeat`: how often an effect repeats.
enum SymbolEffectRepeat: String, Enumerable {
    /// The effect's own default.
    case `default`
    /// SwiftUI's `.repeating`: periodic, with the default count and delay.
    case repeating
    case nonRepeating
    case continuous
    /// `count` times, `delay` seconds apart.
    case periodic
}

/// `{"repeat": "periodic", "count": 3, "delay": 0.5, "speed": 2}`: SwiftUI's
/// `SymbolEffectOptions`. `count` and `delay` make the repetition periodic when `repeat` is
/// absent, and go with `repeat: "periodic"` only.
struct SymbolEffectOptionsRecord: Record {
    @Field var `repeat`: SymbolEffectRepeat?
    @Field(.minimum(1)) var count: Int?
    @Field(.minimum(0)) var delay: Double?
    @Field(.exclusiveMinimum(0)) var speed: Double?

    init() {}

    /// The options, checked; `params` are the options object, for the values in errors.
    func resolved(in params: Dict) throws(FieldError) -> SymbolEffectOptions {
        let behavior: SymbolEffectOptions.Repeat
        switch `repeat` {
        case nil where count != nil || delay != nil, .periodic?: behavior = .periodic(count: count, delay: delay)
        case nil, .default?: behavior = .default
        case .repeating?: behavior = .periodic(count: nil, delay: nil)
        case .nonRepeating?: behavior = .nonRepeating
        case .continuous?: behavior = .continuous
        }
        if case .periodic = behavior {} else if count != nil || delay != nil {
            let field = count != nil ? "count" : "delay"
            throw refusal(
                field: field, value: params[field].map { "\($0)" }, type: field == "count" ? "Int?" : "Double?",
                expected: "'\(field)' only with repeat 'periodic' (or without 'repeat'); repeat is '\(`repeat`?.rawValue ?? "default")'")
        }
        return SymbolEffectOptions(repeatBehavior: behavior, speed: speed ?? 1)
    }

    /// The options given at `key` of `params`, checked; an error names its place under `key`.
    static func resolve(_ record: SymbolEffectOptionsRecord?, at key: String, in params: Dict) throws(FieldError) -> SymbolEffectOptions {
        guard let record else { return .default }
        do {
            return try record.resolved(in: params[key] as? Dict ?? [:])
        } catch {
            throw FieldError(
                kind: error.kind, path: key + "." + error.path, field: error.field, value: error.value, type: error.type, cause: error.cause)
        }
    }
}

/// `symbolEffect`'s `value`: a string, number or boolean whose changes run a discrete effect.
/// Kept as JSON text, so that `1` and `"1"` are different values.
struct SymbolEffectValue: Convertible {
    let text: String
    let jsonValue: Any

    static func convert(from value: Any, appContext: AppContext) throws -> SymbolEffectValue {
        switch value {
        case let string as String: return SymbolEffectValue(text: "\"" + string + "\"", jsonValue: string)
        case let bool as Bool: return SymbolEffectValue(text: bool ? "true" : "false", jsonValue: bool)
        case let int as Int: return SymbolEffectValue(text: String(int), jsonValue: int)
        case let double as Double:
            // `2.0` and `2` are one JSON number.
            let text = double.rounded() == double && abs(double) < 1e15 ? String(Int64(double)) : String(double)
            return SymbolEffectValue(text: text, jsonValue: double)
        default: throw ConversionError("expected a string, a number or a boolean")
        }
    }

    static var typeName: String { "SymbolEffectValue" }

    static func jsonSchema(in context: inout SchemaContext) -> [String: Any] {
        ["type": ["string", "number", "boolean"] as [Any]]
    }
}

/// A `FieldError` for a value that has the field's type but does not fit.
func refusal(field: String, value: String?, type: String, expected: String) -> FieldError {
    FieldError(kind: .cast, path: field, field: field, value: value, type: type, cause: ConversionError("expected \(expected)"))
}

/// `{"$type": "symbolEffect", "effect": "bounce", "value": 3}`: a discrete effect that runs once
/// each time `value` changes; `{"$type": "symbolEffect", "effect": "pulse", "isActive": true}`:
/// an indefinite effect that runs while `isActive` (true when absent, as SwiftUI's default).
/// `options` sets repetition and speed.
struct SymbolEffectModifier: ViewModifier, Record {
    @Field(.required) var effect: SymbolEffectName = .bounce
    @Field var value: SymbolEffectValue?
    @Field var isActive: Bool?
    @Field var options: SymbolEffectOptionsRecord?

    /// Checked at decoding: the effect fits the way it is asked for.
    private var resolvedOptions = SymbolEffectOptions.default

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        let kinds = effect.effect.kinds
        let written = "\(effect.rawValue)"
        if value != nil && isActive != nil {
            throw refusal(
                field: "isActive", value: params["isActive"].map { "\($0)" }, type: "Bool?",
                expected: "either 'value' (a discrete effect, run once per change) or 'isActive' (an indefinite effect), not both")
        }
        if value != nil, !kinds.contains(.discrete) {
            throw refusal(
                field: "effect", value: written, type: "SymbolEffectName",
                expected: "a discrete effect with 'value' (\(SymbolEffectName.names(of: .discrete))); '\(written)' is \(kinds.names.joined(separator: " and "))\(advice(for: kinds))")
        }
        if value == nil, !kinds.contains(.indefinite) {
            throw refusal(
                field: "effect", value: written, type: "SymbolEffectName",
                expected: "an indefinite effect without 'value' (\(SymbolEffectName.names(of: .indefinite))); '\(written)' is \(kinds.names.joined(separator: " and "))\(advice(for: kinds))")
        }
        resolvedOptions = try SymbolEffectOptionsRecord.resolve(options, at: "options", in: params)
    }

    /// Where an effect that `symbolEffect` cannot run belongs.
    private func advice(for kinds: SymbolEffect.Kinds) -> String {
        if kinds.contains(.indefinite) { return ": use 'isActive' (or neither) for it" }
        if kinds.contains(.discrete) { return ": give it a 'value'" }
        var places: [String] = []
        if kinds.contains(.transition) { places.append("the 'transition' modifier's 'symbolEffect'") }
        if kinds.contains(.contentTransition) { places.append("the 'contentTransition' modifier's 'symbolEffect'") }
        return ": use " + places.joined(separator: " or ")
    }

    func body(content: Content) -> some View {
        if let value {
            content.symbolEffect(effect.effect, options: resolvedOptions, value: value.text)
        } else {
            content.symbolEffect(effect.effect, options: resolvedOptions, isActive: isActive ?? true)
        }
    }
}

/// `{"$type": "symbolEffectsRemoved"}`: the symbol effects of modifiers around this one (on
/// this node after it, and on nodes around) do not reach the images at or under it.
/// `isEnabled: false` lets them through again.
struct SymbolEffectsRemovedModifier: ViewModifier, Record {
    @Field var isEnabled: Bool = true

    init() {}

    func body(content: Content) -> some View {
        content.symbolEffectsRemoved(isEnabled)
    }
}

/// The options of a transition modifier, once its `symbolEffect` is checked to be of `kind`
/// (`described` in the error that says it is not).
private func checkedOptions(
    _ name: SymbolEffectName, _ options: SymbolEffectOptionsRecord?, in params: Dict, kind: SymbolEffect.Kinds, described: String
) throws -> SymbolEffectOptions {
    let kinds = name.effect.kinds
    guard kinds.contains(kind) else {
        throw refusal(
            field: "symbolEffect", value: name.rawValue, type: "SymbolEffectName",
            expected: "\(described) (\(SymbolEffectName.names(of: kind))); '\(name.rawValue)' is \(kinds.names.joined(separator: " and "))")
    }
    return try SymbolEffectOptionsRecord.resolve(options, at: "options", in: params)
}

/// `{"$type": "transition", "symbolEffect": "appear"}`: the effect run when an image enters
/// the tree, and when it leaves (SwiftUI's `transition(.symbolEffect(_:))`).
struct TransitionModifier: ViewModifier, Record {
    @Field(.required) var symbolEffect: SymbolEffectName = .automatic
    @Field var options: SymbolEffectOptionsRecord?

    private var resolvedOptions = SymbolEffectOptions.default

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        resolvedOptions = try checkedOptions(symbolEffect, options, in: params, kind: .transition, described: "a transition effect")
    }

    func body(content: Content) -> some View {
        content.transition(.symbolEffect(symbolEffect.effect, options: resolvedOptions))
    }
}

/// `{"$type": "contentTransition", "symbolEffect": "replace"}`: the effect run when an
/// image's symbol changes (its `systemName`, or its variants).
struct ContentTransitionModifier: ViewModifier, Record {
    @Field(.required) var symbolEffect: SymbolEffectName = .automatic
    @Field var options: SymbolEffectOptionsRecord?

    private var resolvedOptions = SymbolEffectOptions.default

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        resolvedOptions = try checkedOptions(symbolEffect, options, in: params, kind: .contentTransition, described: "a content transition effect")
    }

    func body(content: Content) -> some View {
        content.contentTransition(.symbolEffect(symbolEffect.effect, options: resolvedOptions))
    }
}

/// `imageScale`'s `scale`.
enum ImageScaleName: String, Enumerable {
    case small, medium, large

    var scale: Image.Scale { Image.Scale(rawValue: rawValue)! }
}

/// `{"$type": "imageScale", "scale": "large"}`: symbols at or under the view, smaller or
/// larger than the font.
struct ImageScaleModifier: ViewModifier, Record {
    @Field(.required) var scale: ImageScaleName = .medium

    init() {}

    func body(content: Content) -> some View {
        content.imageScale(scale.scale)
    }
}

/// `symbolRenderingMode`'s `mode`.
enum SymbolRenderingModeName: String, Enumerable {
    case monochrome, hierarchical, palette, multicolor

    var mode: SymbolRenderingMode { SymbolRenderingMode(rawValue: rawValue)! }
}

/// `{"$type": "symbolRenderingMode", "mode": "hierarchical"}`: how symbols colour their layers.
struct SymbolRenderingModeModifier: ViewModifier, Record {
    @Field(.required) var mode: SymbolRenderingModeName = .monochrome

    init() {}

    func body(content: Content) -> some View {
        content.symbolRenderingMode(mode.mode)
    }
}

/// `symbolVariant`'s `variant`: the variants SF Symbols names have, in their order (slash,
/// then an enclosure, then fill), so that front-ends and generated types get the list.
enum SymbolVariantName: String, Enumerable {
    case none, fill, slash
    case slashFill = "slash.fill"
    case circle
    case circleFill = "circle.fill"
    case square
    case squareFill = "square.fill"
    case rectangle
    case rectangleFill = "rectangle.fill"
    case slashCircle = "slash.circle"
    case slashCircleFill = "slash.circle.fill"
    case slashSquare = "slash.square"
    case slashSquareFill = "slash.square.fill"
    case slashRectangle = "slash.rectangle"
    case slashRectangleFill = "slash.rectangle.fill"

    var variants: SymbolVariants {
        rawValue.split(separator: ".").reduce(SymbolVariants.none) { $0.union(SymbolVariants(name: String($1)) ?? .none) }
    }
}

/// `{"$type": "symbolVariant", "variant": "circle.fill"}`: the variants symbols show, added to
/// those from around (`"none"` adds nothing), as SwiftUI's `symbolVariant` adds them.
struct SymbolVariantModifier: ViewModifier, Record {
    @Field(.required) var variant: SymbolVariantName = .none

    init() {}

    func body(content: Content) -> some View {
        content.symbolVariant(variant.variants)
    }
}

/// `{"$type": "fontWeight", "weight": "bold"}`: the stroke weight of symbols (and text) at or
/// under the view.
struct FontWeightModifier: ViewModifier, Record {
    @Field(.required) var weight: FontWeight = .regular

    init() {}

    func body(content: Content) -> some View {
        content.fontWeight(weight.weight)
    }
}
