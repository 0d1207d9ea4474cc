/// ModifierKit: the API that Modhost plugins are written against.
///
/// A plugin looks like an Expo UI modifier module: a `Record` with `@Field`s for its params,
/// a `ViewModifier` that is also a `Record`, an `EventDispatcher` handed over through a
/// second initializer, and a `Module` whose `OnCreate` registers a factory with
/// `ViewModifierRegistry`.
public enum ModifierKit {
    /// The SDK version a plugin's manifest must name (`sdkVersion` in `plugin.json`). Swift on
    /// Linux has no library evolution, so a plugin runs only against the SDK it was built with.
    public static let version = "2.5.0"
}

/// What a modifier's params decode from: the `{"$type": ..., ...}` object the front-end sent,
/// as Swift values. Strings are `String`, booleans `Bool`, integers `Int`, other numbers
/// `Double`, arrays `[Any]`, objects `[String: Any]`, and JSON `null` is `JSNull()`.
public typealias Dict = [String: Any]

/// JSON `null` inside a `Dict`. An optional field given `null` reads as absent (`nil`).
public struct JSNull: Sendable, Equatable, CustomStringConvertible {
    /// The `null` value.
    public init() {}
    /// `null`, as JSON writes it.
    public var description: String { "null" }
}
