import ModifierKit

public class RowActionsModule: Module {
  public func definition() -> ModuleDefinition {
    Name("RowActions")

    OnCreate {
      ViewModifierRegistry.register("rowActions") { params, appContext, eventDispatcher in
        try RowActionsModifier(
          from: params,
          appContext: appContext,
          eventDispatcher: eventDispatcher
        )
      }
    }

    OnDestroy {
      ViewModifierRegistry.unregister("rowActions")
    }
  }
}
