import ModifierKit

/// Expo UI's SwiftUI modifiers (`onTapGesture`, `padding`, `refreshable`, `symbolEffect`, ...) while the
/// plugin is loaded, and the function `completeRefresh(id)` that ends a refresh the
/// `refreshable` modifier announced.
public class ExpoUIModule: Module {
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
            ViewModifierRegistry.register("onTapGesture", description: "A tap (count 2: a double tap) on the view sends an event", event: TapEvent.self) { params, appContext, eventDispatcher in
                try OnTapGestureModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("onLongPressGesture", description: "A press of at least minimumDuration seconds on the view sends an event", event: TapEvent.self) { params, appContext, eventDispatcher in
                try OnLongPressGestureModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("onAppear", description: "Sends an event when the view enters the tree", event: TapEvent.self) { params, appContext, eventDispatcher in
                try OnAppearModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("onDisappear", description: "Sends an event when the view leaves the tree", event: TapEvent.self) { params, appContext, eventDispatcher in
                try OnDisappearModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("refreshable", description: "Pulling a List or ScrollView at or under the view sends an event with a refresh id; the view shows it refreshing until ExpoUI.completeRefresh(id)", event: RefreshStarted.self) { params, appContext, eventDispatcher in
                try RefreshableModifier(
                    from: params, appContext: appContext, eventDispatcher: eventDispatcher, refreshes: refreshes)
            }
            ViewModifierRegistry.register("onSubmit", description: "Submitting a text field at or under the view sends an event", event: TapEvent.self) { params, appContext, eventDispatcher in
                try OnSubmitModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("disabled", description: "Turns off gestures on the view and everything under it") { params, appContext, _ in
                try DisabledModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("hidden", description: "Hides the view: it is not hit by gestures") { params, appContext, _ in
                try HiddenModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("contentShape", description: "The shape gestures hit: makes a container's empty space hittable") { params, appContext, _ in
                try ContentShapeModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("padding", description: "Space around the view, in points (16 each side when no value is given)") { params, appContext, _ in
                try PaddingModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("frame", description: "A fixed or flexible frame around the view") { params, appContext, _ in
                try FrameModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("background", description: "A colour behind the view, optionally in a shape") { params, appContext, _ in
                try BackgroundModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("foregroundStyle", description: "The colour of the view's text and symbols; secondary and tertiary colour further symbol layers") { params, appContext, eventDispatcher in
                try ForegroundStyleModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("tint", description: "The accent colour of the view's controls") { params, appContext, _ in
                try TintModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("font", description: "The font of the view's text") { params, appContext, _ in
                try FontModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("opacity", description: "The view's opacity, from 0 to 1") { params, appContext, eventDispatcher in
                try OpacityModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("cornerRadius", description: "Clips the view to a rounded rectangle") { params, appContext, _ in
                try CornerRadiusModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("border", description: "A border of a colour and width around the view") { params, appContext, _ in
                try BorderModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("listRowBackground", description: "The background of the List row the view is") { params, appContext, _ in
                try ListRowBackgroundModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("badge", description: "A badge on a List row: a number or a short text") { params, appContext, _ in
                try BadgeModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("deleteDisabled", description: "Keeps a List row from being deleted by a swipe") { params, appContext, _ in
                try DeleteDisabledModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("symbolEffect", description: "A symbol effect on the images at or under the view: discrete with value (runs once per change), indefinite with isActive (runs while true; the default)") { params, appContext, eventDispatcher in
                try SymbolEffectModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("symbolEffectsRemoved", description: "Keeps the symbol effects from around the view from reaching the images in it") { params, appContext, _ in
                try SymbolEffectsRemovedModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("transition", description: "The symbol effect run when an image at or under the view enters or leaves the tree") { params, appContext, eventDispatcher in
                try TransitionModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("contentTransition", description: "The symbol effect run when the symbol an image at or under the view shows changes") { params, appContext, eventDispatcher in
                try ContentTransitionModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("imageScale", description: "The size of the symbols at or under the view, relative to the font") { params, appContext, _ in
                try ImageScaleModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("symbolRenderingMode", description: "How the symbols at or under the view colour their layers") { params, appContext, _ in
                try SymbolRenderingModeModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("symbolVariant", description: "The variants (fill, circle, slash, ...) the symbols at or under the view show") { params, appContext, _ in
                try SymbolVariantModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("fontWeight", description: "The stroke weight of the symbols and text at or under the view") { params, appContext, _ in
                try FontWeightModifier(from: params, appContext: appContext)
            }
        }

        // The host unregisters every type this module registered when the plugin unloads.
        OnDestroy {
            // Nobody can complete a refresh once the module is gone.
            refreshes.endAll()
        }
    }
}
