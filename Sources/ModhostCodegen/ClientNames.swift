/// What the JS client (`@modhost/client`, clients/js) exports, and its hand-written helpers for
/// the bundled plugins' modifier types. The generator re-exports those helpers instead of
/// generating factories of its own, and gives no other export a name the client has, so that
/// importing from both never clashes (docs/codegen.md, "The JS client's names").
/// `CodegenTests` checks these lists against clients/js (its module and its .d.ts files).
public enum ClientNames {
    /// A hand-written helper: the modifier type it builds, the plugin that serves that type in
    /// the bundle, and the client's own types named like the generator's derived names.
    public struct Helper: Equatable, Sendable {
        public var type: String
        public var plugin: String
        /// The helper's name: the type's stem, as the naming rule would give it.
        public var name: String
        /// Of `PParams`, `PEvent`, `PModifier`: those the client exports (re-exported).
        public var types: [String]
    }

    /// A module whose types the client writes by hand (`ExpoUIFunctions`, `ExpoUIModule`).
    public struct Module: Equatable, Sendable {
        public var name: String
        public var plugin: String
        /// Of `QFunctions`, `QEvents`, `QModule`: those the client exports (re-exported).
        public var types: [String]
    }

    private static func expoUI(_ type: String, _ types: [String] = []) -> Helper {
        Helper(type: type, plugin: "ExpoUI", name: type, types: types)
    }

    /// The client's helpers for the bundled plugins' types (ExpoUI, SwipeActions).
    public static let helpers: [Helper] = [
        Helper(type: "swipeActions", plugin: "SwipeActions", name: "swipeActions", types: ["SwipeActionsParams", "SwipeActionsEvent", "SwipeActionsModifier"]),
        expoUI("onTapGesture", ["OnTapGestureModifier"]), expoUI("onLongPressGesture", ["OnLongPressGestureModifier"]),
        expoUI("onAppear", ["OnAppearModifier"]), expoUI("onDisappear", ["OnDisappearModifier"]),
        expoUI("onSubmit", ["OnSubmitModifier"]), expoUI("refreshable", ["RefreshableEvent", "RefreshableModifier"]),
        expoUI("padding", ["PaddingParams"]), expoUI("frame", ["FrameParams"]), expoUI("background"), expoUI("foregroundStyle"),
        expoUI("tint"), expoUI("font", ["FontParams"]), expoUI("opacity"), expoUI("cornerRadius"), expoUI("border"),
        expoUI("listRowBackground"), expoUI("badge"), expoUI("deleteDisabled"), expoUI("disabled"), expoUI("hidden"),
        expoUI("contentShape"), expoUI("symbolEffect", ["SymbolEffectParams"]), expoUI("symbolEffectsRemoved"),
        expoUI("transition"), expoUI("contentTransition"), expoUI("imageScale"), expoUI("symbolRenderingMode"),
        expoUI("symbolVariant"), expoUI("fontWeight"),
    ]

    /// The modules whose types the client writes by hand.
    public static let modules: [Module] = [Module(name: "ExpoUI", plugin: "ExpoUI", types: ["ExpoUIFunctions", "ExpoUIModule"])]

    /// The values `@modhost/client` exports (its module's export names).
    public static let values: Set<String> = [
        "Button", "CLIENT_VERSION", "Connection", "FONT_DESIGNS", "FONT_WEIGHTS", "FRAME_ALIGNMENTS",
        "Fragment", "FrameDecoder", "HStack", "Host", "Image", "Label", "List", "ModhostConnectionError",
        "ModhostError", "ModhostTimeoutError", "PROTOCOL_VERSION", "SHAPE_NAMES", "SYMBOL_EFFECTS",
        "SYMBOL_EFFECT_KINDS", "SYMBOL_RENDERING_MODES", "SYMBOL_REPEATS", "SYMBOL_SCALES", "SYMBOL_VARIANTS",
        "SYMBOL_VIEW_EFFECTS", "SYMBOL_VIEW_PROPS", "ScrollView", "Section", "Slider", "Spacer", "Surface",
        "SymbolView", "Text", "TextField", "Toggle", "VIEW_EVENTS", "VIEW_TYPES", "VStack", "ZStack",
        "background", "badge", "border", "connect", "contentShape", "contentTransition", "cornerRadius",
        "createModifier", "createModifierWithEventListener", "defaultSocketPath", "deleteDisabled", "disabled",
        "encodeFrame", "font", "fontWeight", "foregroundStyle", "frame", "h", "hidden", "imageScale",
        "knownViewProps", "listRowBackground", "onAppear", "onDisappear", "onLongPressGesture", "onSubmit",
        "onTapGesture", "opacity", "padding", "refreshable", "serializeTree", "shapes", "stripFunctions",
        "swipeActions", "symbolEffect", "symbolEffectsRemoved", "symbolRenderingMode", "symbolVariant",
        "symbolViewNode", "tint", "transition",
    ]

    /// The types its declarations export (classes and namespaces too).
    public static let types: Set<String> = [
        "AnyModifierConfig", "ButtonProps", "ButtonRole", "Child", "CloseInfo", "Color", "CommonViewProps",
        "Component", "ConnectOptions", "Connection", "ConnectionErrorCode", "ContainerViewProps",
        "ContentTransitionSymbolEffect", "DescribeResult", "Diagnostic", "DiscreteSymbolEffect",
        "ElementHelper", "ElementProps", "EmptyEvent", "EventInfo", "EventListener", "EventNotification",
        "EventSubscription", "EventsMap", "ExpoUIFunctions", "ExpoSymbolEffect", "ExpoSymbolEffectOptions", "ExpoUIModule", "FontDesign", "FontParams",
        "FontWeight", "FrameAlignment", "FrameDecoder", "FrameParams", "Gesture", "HStackProps", "Handler",
        "HandlerInfo", "HandlerKind", "HorizontalAlignment", "Host", "HostEvents", "ImageProps",
        "IndefiniteSymbolEffect", "InitializeResult", "InteractResult", "JSONPrimitive", "JSONValue", "JSX",
        "Key", "LabelProps", "LeafElementHelper", "LeafViewProps", "ListProps", "ListStyle", "ListenerEntry",
        "LongPressGesture", "ModhostConnectionError", "ModhostError", "ModhostTimeoutError", "ModifierConfig",
        "ModifierConfigWithListener", "ModifierInfo", "Modifiers", "ModuleEventNotification", "ModuleInfo",
        "NativeModule", "NativeModuleEvents", "NativeModuleFunctions", "Node", "OnAppearModifier",
        "OnDisappearModifier", "OnLongPressGestureModifier", "OnSubmitModifier", "OnTapGestureModifier",
        "PaddingParams", "PluginCrash", "PluginCrashedEvent", "PluginInfo", "PluginRootInfo", "PluginsChanged",
        "ReconnectFailedInfo", "ReconnectInfo", "ReconnectOptions", "RefreshGesture", "RefreshInfo",
        "RefreshableEvent", "RefreshableModifier", "ReloadResult", "RequestOptions", "ResolvedNode",
        "ResolvedShape", "ResolvedSize", "ResolvedStyle", "ResolvedSwipeAction", "ResolvedSymbol",
        "ResolvedSymbolEffect", "ScrollViewProps", "SectionProps", "Shape", "ShapeName", "SlideGesture",
        "SliderProps", "SpacerProps", "SubmitGesture", "Surface", "SwipeActionConfig", "SwipeActionData",
        "SwipeActionPress", "SwipeActionRole", "SwipeActionsEvent", "SwipeActionsModifier",
        "SwipeActionsParams", "SwipeEdge", "SwipeGesture", "SymbolEffectKind", "SymbolEffectName",
        "SymbolEffectOptions", "SymbolEffectParams", "SymbolEffectRepeat", "SymbolRenderingMode", "SymbolScale",
        "SymbolVariant", "SymbolViewEffect", "SymbolViewProps", "SymbolWeight",
        "TapActionGesture", "TapGesture", "TextChild", "TextFieldProps", "TextProps", "ToggleProps",
        "TransitionSymbolEffect", "TypeGesture", "UpdateCounts", "VStackProps", "VerticalAlignment",
        "ViewEventsMap", "ViewPropsMap", "ViewType", "WireNode", "ZStackProps",
    ]

    /// The suffixes of the generator's derived type names.
    static let typeSuffixes = ["Params", "Event", "Modifier", "Functions", "Events", "Module"]

    /// Identifiers a generated name must not take (compared ignoring case, as in the naming
    /// rule): every name the client exports, and the stem of each client type that ends like a
    /// derived type name (`EmptyEvent` takes `empty`, since a type `empty` would give
    /// `EmptyEvent`).
    public static var reserved: Set<String> {
        var names = values.union(types)
        for type in types {
            for suffix in typeSuffixes where type.hasSuffix(suffix) && type.count > suffix.count {
                names.insert(String(type.dropLast(suffix.count)))
            }
        }
        return names
    }
}
