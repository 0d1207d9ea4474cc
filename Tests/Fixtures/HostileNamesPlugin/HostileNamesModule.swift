import ModifierKit

/// An enum whose cases include a reserved word and a digit-led name.
enum HostileMode: String, Enumerable {
    case `default`
    case fast
    case twoD = "2d"
}

/// A record nested in an array of the modifier's params.
final class HostileLayer: Record {
    @Field(.required) var name: String = ""
    @Field var tint: Color?
    @Field var opacity: Double = 1
    @Field var mode: HostileMode = .default
}

/// A modifier with every kind of param the generator maps: a required string, an enum, a
/// colour, an integer with a default, a nullable number, a custom key that is no identifier,
/// and an array of nested records.
struct HostileModifier: ViewModifier, Record {
    @Field(.required) var label: String = ""
    @Field var mode: HostileMode = .fast
    @Field var color: Color = .blue
    @Field var count: Int = 3
    @Field var scale: Double?
    @Field("z-index") var zIndex: Int = 0
    @Field var layers: [HostileLayer] = []

    init() {}

    func body(content: Content) -> some View { content }
}

/// Registers one modifier type under names that are no valid or distinct identifiers as they
/// are: digit-led, reserved words, case-only differences, and names that map to one stem.
public class HostileNamesModule: Module {
    /// The registered types; the generator's tests expect exactly these.
    static let types = ["3d", "class", "Foo", "foo", "a-b", "a_b", "aB", "default", "constructor", "✨"]

    public func definition() -> ModuleDefinition {
        Name("hostile-names")
        Events("on-change")

        Function("class") { (value: String) -> String in value }
        Function("a-b") { (count: Int, flag: Bool) -> [String] in Array(repeating: flag ? "yes" : "no", count: max(0, min(count, 10))) }
        Function("then") { () -> Int in 1 }

        OnCreate {
            for type in Self.types {
                ViewModifierRegistry.register(type) { params, appContext, _ in
                    try HostileModifier(from: params, appContext: appContext)
                }
            }
        }

        OnDestroy {
            for type in Self.types { ViewModifierRegistry.unregister(type) }
        }
    }
}
