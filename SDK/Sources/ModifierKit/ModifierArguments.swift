/// How a front-end's helper for a modifier takes its arguments: the positional arguments of
/// Expo UI's JavaScript function, and the params each one sets.
///
/// The host lists them in `describe` (`arguments`), and `modhost codegen ts` writes the
/// helper from them, so that `opacity(0.5)`, `frame({width: 100})` and `padding(8)` are
/// declared once, with the modifier, instead of by hand in every front-end:
///
/// ```swift
/// ViewModifierRegistry.register("opacity", arguments: [.value("value")]) { … }          // opacity(0.5)
/// ViewModifierRegistry.register("frame", arguments: [.options]) { … }                  // frame({width: 100})
/// ViewModifierRegistry.register("padding", arguments: [.valueOrOptions("all")]) { … }  // padding(8), padding({top: 8})
/// ViewModifierRegistry.register("background", arguments: [.value("color"), .options]) { … }
/// ```
///
/// A registration without arguments takes one options object (`[.options]`). A helper checks
/// each value against the params schema (type, enum, bounds) and refuses keys the params do
/// not have; a modifier that declares an event takes its listener after these arguments.
public enum ModifierArgument: Sendable, Equatable {
    /// One value that sets the params `keys` (usually one key; `scaleEffect(2)` sets `x` and
    /// `y`). Left out, it sets nothing and the host's default applies.
    case value(keys: [String])
    /// An object of params: any key that no `value` argument before it sets.
    case options
    /// A value that sets `keys`, or else an object as `options` takes (`padding(8)` or
    /// `padding({top: 8})`; `environment("colorScheme", "dark")` or `environment({key, value})`).
    /// It may come before an `options` argument: `lineLimit(2, {reservesSpace: true})` or
    /// `lineLimit({min: 1, max: 3})`; a call gives at most one object, and sets a key once.
    case valueOrOptions(keys: [String])

    /// One value that sets `key` (or each of `keys`).
    public static func value(_ key: String, _ more: String...) -> ModifierArgument { .value(keys: [key] + more) }

    /// A value that sets `key` (or each of `keys`), or an options object.
    public static func valueOrOptions(_ key: String, _ more: String...) -> ModifierArgument {
        .valueOrOptions(keys: [key] + more)
    }

    /// As `describe` lists it: `{"kind": "value", "keys": ["value"]}`, `{"kind": "options"}`.
    @_spi(ModhostHost) public var jsonValue: [String: Any] {
        switch self {
        case let .value(keys): return ["kind": "value", "keys": keys as [Any]]
        case .options: return ["kind": "options"]
        case let .valueOrOptions(keys): return ["kind": "valueOrOptions", "keys": keys as [Any]]
        }
    }

    /// Problems of `arguments` against the params' keys, one sentence each: a key that is no
    /// param or is set twice, two `options` or two `valueOrOptions` arguments.
    @_spi(ModhostHost) public static func problems(of arguments: [ModifierArgument], paramKeys: Set<String>) -> [String] {
        var problems: [String] = []
        var seen: Set<String> = []
        var options = 0, valueOrOptions = 0
        for (index, argument) in arguments.enumerated() {
            switch argument {
            case let .value(keys), let .valueOrOptions(keys):
                if keys.isEmpty { problems.append("argument \(index) sets no key") }
                for key in keys {
                    if !paramKeys.contains(key) {
                        problems.append("argument \(index) sets '\(key)', which is not a param (params: \(paramKeys.sorted().joined(separator: ", ")))")
                    }
                    if !seen.insert(key).inserted { problems.append("argument \(index) sets '\(key)', which an earlier argument sets") }
                }
                if case .valueOrOptions = argument { valueOrOptions += 1 }
            case .options:
                options += 1
            }
        }
        if options > 1 { problems.append("more than one argument is an options object") }
        if valueOrOptions > 1 { problems.append("more than one argument is a value or an options object") }
        return problems
    }
}
