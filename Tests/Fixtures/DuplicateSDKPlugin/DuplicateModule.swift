// Links its own copy of the SDK (the "installed twice" trap): its module class is a Module of
// that copy, not of the host's ModifierKit, and the host must refuse it.
import ModifierKitCopy

public class DuplicateModule: Module {
    public func definition() -> ModuleDefinition {
        Name("Duplicate")
        OnCreate {
            ViewModifierRegistry.register("duplicate") { _, _, _ in DuplicateModifier() }
        }
    }
}

struct DuplicateModifier: ViewModifier {
    func body(content: Content) -> some View { content }
}
