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
            ViewModifierRegistry.register("disabled") { params, appContext, eventDispatcher in
                try DisabledModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("hidden") { params, appContext, eventDispatcher in
                try HiddenModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("contentShape") { params, appContext, eventDispatcher in
                try ContentShapeModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("padding") { params, appContext, eventDispatcher in
                try PaddingModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("frame") { params, appContext, eventDispatcher in
                try FrameModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("background") { params, appContext, eventDispatcher in
                try BackgroundModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("foregroundStyle") { params, appContext, eventDispatcher in
                try ForegroundStyleModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("tint") { params, appContext, eventDispatcher in
                try TintModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("font") { params, appContext, eventDispatcher in
                try FontModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("opacity") { params, appContext, eventDispatcher in
                try OpacityModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("cornerRadius") { params, appContext, eventDispatcher in
                try CornerRadiusModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("border") { params, appContext, eventDispatcher in
                try BorderModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("listRowBackground") { params, appContext, eventDispatcher in
                try ListRowBackgroundModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("badge") { params, appContext, eventDispatcher in
                try BadgeModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("deleteDisabled") { params, appContext, eventDispatcher in
                try DeleteDisabledModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
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
