import ModifierKit

/// Registers `swipeActions` while the plugin is loaded.
public class SwipeActionsModule: Module {
    public func definition() -> ModuleDefinition {
        Name("SwipeActions")

        OnCreate {
            ViewModifierRegistry.register(
                "swipeActions", description: "Buttons revealed by swiping a List row from either edge; a tap sends the action's id",
                event: SwipeActionTap.self
            ) { params, appContext, eventDispatcher in
                try SwipeActionsModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
        }

        OnDestroy {
            ViewModifierRegistry.unregister("swipeActions")
        }
    }
}
