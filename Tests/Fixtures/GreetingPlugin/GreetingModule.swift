import ModifierKit

public class GreetingModule: Module {
    public func definition() -> ModuleDefinition {
        Name("Greeting")

        OnCreate {
            ViewModifierRegistry.register("greeting") { params, appContext, eventDispatcher in
                try GreetingModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            self.appContext.log.info("greeting module created")
        }

        OnDestroy {
            ViewModifierRegistry.unregister("greeting")
            self.appContext.log.info("greeting module destroyed")
        }
    }
}
