import ModifierKit

/// Expo UI's SwiftUI modifiers (`onTapGesture`, `padding`, `refreshable`, ...) while the
/// plugin is loaded, and the function `completeRefresh(id)` that ends a refresh the
/// `refreshable` modifier announced.
public class ExpoUIModule: Module {
    /// The `$type`s this module registers, in the order it registers them.
    static let modifierTypes = [
        "onTapGesture", "onLongPressGesture", "onAppear", "onDisappear", "refreshable", "onSubmit",
        "disabled", "hidden", "contentShape",
        "padding", "frame", "background", "foregroundStyle", "tint", "font", "opacity", "cornerRadius",
        "border", "listRowBackground", "badge", "deleteDisabled",
    ]

    /// The refreshes this module's `refreshable` modifiers started.
    let refreshes = RefreshStore()

    public func definition() -> ModuleDefinition {
        let refreshes = refreshes

        Name("ExpoUI")

        // Ends the refresh `id` (from a `{"refreshable": {"id": ...}}` event): the view stops
        // refreshing. An id that is not refreshing is an error.
        Function("completeRefresh") { (id: String) in
            try refreshes.complete(id)
        }

        OnCreate {
            ViewModifierRegistry.register("onTapGesture") { params, appContext, eventDispatcher in
                try OnTapGestureModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("onLongPressGesture") { params, appContext, eventDispatcher in
                try OnLongPressGestureModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("onAppear") { params, appContext, eventDispatcher in
                try OnAppearModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("onDisappear") { params, appContext, eventDispatcher in
                try OnDisappearModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("refreshable") { params, appContext, eventDispatcher in
                try RefreshableModifier(
                    from: params, appContext: appContext, eventDispatcher: eventDispatcher, refreshes: refreshes)
            }
            ViewModifierRegistry.register("onSubmit") { params, appContext, eventDispatcher in
                try OnSubmitModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("disabled") { params, appContext, _ in
                try DisabledModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("hidden") { params, appContext, _ in
                try HiddenModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("contentShape") { params, appContext, _ in
                try ContentShapeModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("padding") { params, appContext, _ in
                try PaddingModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("frame") { params, appContext, _ in
                try FrameModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("background") { params, appContext, _ in
                try BackgroundModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("foregroundStyle") { params, appContext, _ in
                try ForegroundStyleModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("tint") { params, appContext, _ in
                try TintModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("font") { params, appContext, _ in
                try FontModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("opacity") { params, appContext, eventDispatcher in
                try OpacityModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("cornerRadius") { params, appContext, _ in
                try CornerRadiusModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("border") { params, appContext, _ in
                try BorderModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("listRowBackground") { params, appContext, _ in
                try ListRowBackgroundModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("badge") { params, appContext, _ in
                try BadgeModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("deleteDisabled") { params, appContext, _ in
                try DeleteDisabledModifier(from: params, appContext: appContext)
            }
        }

        OnDestroy {
            for type in ExpoUIModule.modifierTypes {
                ViewModifierRegistry.unregister(type)
            }
            // Nobody can complete a refresh once the module is gone.
            refreshes.endAll()
        }
    }
}
