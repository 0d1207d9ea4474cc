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

    /// The plugins the JS client has a helper for every modifier type of.
    public static let bundledPlugins: Set<String> = ["ExpoUI", "SwipeActions"]

    /// The client's hand-written helpers: the bundled types whose helper carries client-side
    /// behaviour (a listener, refresh completion, Animation builders, Expo's looser argument
    /// forms). `modhost codegen client` writes the others (`generatedHelpers`).
    public static let handWritten: [Helper] = [
        Helper(type: "swipeActions", plugin: "SwipeActions", name: "swipeActions", types: ["SwipeActionsParams", "SwipeActionsEvent", "SwipeActionsModifier"]),
        expoUI("onTapGesture", ["OnTapGestureModifier"]),
        expoUI("onLongPressGesture", ["OnLongPressGestureModifier"]),
        expoUI("onAppear", ["OnAppearModifier"]),
        expoUI("onDisappear", ["OnDisappearModifier"]),
        expoUI("onSubmit", ["OnSubmitModifier"]),
        expoUI("refreshable", ["RefreshableEvent", "RefreshableModifier"]),
        expoUI("badge"),
        expoUI("symbolEffect", ["SymbolEffectParams"]),
        expoUI("transition"),
        expoUI("contentTransition"),
        expoUI("rotation3DEffect", ["Rotation3DEffectParams"]),
        expoUI("listSectionSpacing"),
        expoUI("animation"),
        expoUI("presentationBackgroundInteraction"),
        expoUI("searchable", ["SearchableParams", "SearchableEvent", "SearchableModifier"]),
        expoUI("presentationDetents", ["PresentationDetentsParams", "PresentationDetentsEvent", "PresentationDetentsModifier"]),
    ]

    /// Every helper the client has for the bundled plugins' types.
    public static var helpers: [Helper] { handWritten + generatedHelpers }

    /// The modules whose types the client writes by hand.
    public static let modules: [Module] = [Module(name: "ExpoUI", plugin: "ExpoUI", types: ["ExpoUIFunctions", "ExpoUIModule"])]

    /// The values `@modhost/client` exports (its module's export names): its own, and its
    /// generated helpers.
    public static var values: Set<String> { handWrittenValues.union(generatedHelpers.map(\.name)) }

    /// The values the client's hand-written modules export.
    public static let handWrittenValues: Set<String> = [
        "Animation", "BUTTON_STYLES", "Button", "CLIENT_VERSION", "CONTENT_MODES", "CONTROL_SIZES", "Connection",
        "DATE_PICKER_STYLES", "EDGE_SETS", "ENGINE_RESTARTED", "ENVIRONMENT_VALUES", "FONT_DESIGNS", "FONT_WEIGHTS",
        "FRAME_ALIGNMENTS", "Fragment", "FrameDecoder", "GAUGE_STYLES", "GLASS_VARIANTS", "HStack", "Host", "Image",
        "KEYBOARD_TYPES", "LABEL_STYLES", "LINE_PATTERNS", "LIST_STYLES", "Label", "List", "ModhostConnectionError",
        "ModhostError", "ModhostTimeoutError", "OVERLAY_ALIGNMENTS", "PICKER_STYLES", "PROGRESS_VIEW_STYLES",
        "PROTOCOL_VERSION", "SAFE_AREA_REGIONS", "SEARCH_FIELD_PLACEMENTS", "SEPARATOR_EDGES", "SHAPE_NAMES",
        "SUBMIT_LABELS", "SYMBOL_EFFECTS", "SYMBOL_EFFECT_KINDS", "SYMBOL_RENDERING_MODES", "SYMBOL_REPEATS",
        "SYMBOL_SCALES", "SYMBOL_VARIANTS", "SYMBOL_VIEW_EFFECTS", "SYMBOL_VIEW_PROPS", "ScrollView", "Section",
        "Slider", "Spacer", "Surface", "SymbolView", "TEXT_ALIGNMENTS", "TEXT_CASES", "TEXT_FIELD_STYLES",
        "TOGGLE_STYLES", "TRUNCATION_MODES", "Text", "TextField", "Toggle", "UNIT_POINTS", "VIEW_EVENTS", "VIEW_SLOTS",
        "VIEW_TYPES", "VISIBILITIES", "VStack", "ZStack", "animation", "badge", "checkValue", "connect",
        "contentTransition", "createModifier", "createModifierWithEventListener", "defaultSocketPath", "encodeFrame",
        "enumOf", "h", "isBuiltInView", "knownViewProps", "listSectionSpacing", "modifierHelper", "nativeViewHelper",
        "onAppear", "onDisappear", "onLongPressGesture", "onSubmit", "onTapGesture",
        "presentationBackgroundInteraction", "presentationDetents", "refreshable", "resolveNativeView",
        "rotation3DEffect", "searchable", "serializeTree", "shapes", "stripFunctions", "swipeActions", "symbolEffect",
        "symbolViewNode", "transition", "viewNameOfType",
    ]

    /// The types its declarations export (classes and namespaces too): its own, and those of
    /// its generated helpers.
    public static var types: Set<String> { handWrittenTypes.union(generatedHelpers.flatMap(\.types)) }

    /// The types the client's hand-written declarations export.
    public static let handWrittenTypes: Set<String> = [
        "AnimationObject", "AnyModifierConfig", "BadgeProminence", "ButtonProps", "ButtonRole", "ButtonStyle",
        "ChainableAnimation", "Child", "CloseInfo", "Color", "CommonViewProps", "Component", "ConnectOptions",
        "Connection", "ConnectionErrorCode", "ContainerViewProps", "ContentMode", "ContentTransitionSymbolEffect",
        "ControlSize", "DatePickerStyle", "DescribeResult", "DetentGesture", "Diagnostic", "DiscreteSymbolEffect",
        "EdgeSet", "ElementHelper", "ElementProps", "EmptyEvent", "EngineEndReason",
        "EngineRestartedErrorData", "EngineRestartedInfo", "EnvironmentConfig", "EventInfo", "EventListener",
        "EventNotification", "EventSubscription", "EventsMap", "FindOptions", "ExpoSymbolEffect", "ExpoSymbolEffectOptions",
        "ExpoUIFunctions", "ExpoUIModule", "FontDesign", "FontWeight", "FrameAlignment", "FrameDecoder", "GaugeStyle",
        "Gesture", "GlassVariant", "GridCellAnchor", "HStackProps", "Handler", "HandlerInfo", "HandlerKind",
        "HeaderProminence", "HorizontalAlignment", "Host", "HostEvents", "ImageProps", "IndefiniteSymbolEffect",
        "InitializeResult", "InteractResult", "JSONPrimitive", "JSONValue", "JSX", "Key", "KeyboardType",
        "LabelProps", "LabelStyle", "LeafElementHelper", "LeafViewProps", "LinePattern", "ListProps", "ListStyle",
        "ListenerEntry", "LongPressGesture", "ModhostConnectionError", "ModhostError", "ModhostTimeoutError",
        "ModifierConfig", "ModifierConfigWithListener", "ModifierHelperSpec", "ModifierInfo", "Modifiers",
        "ModuleEventNotification", "ModuleInfo", "NativeModule", "NativeModuleEvents", "NativeModuleFunctions",
        "NativeViewEvent", "NativeViewHelper", "Node", "NodeRef", "NodeRole", "OnAppearModifier", "OnDisappearModifier",
        "OnLongPressGestureModifier", "OnSubmitModifier", "OnTapGestureModifier", "OverlayAlignment", "PickerStyle",
        "PluginCrash", "PluginCrashedEvent", "PluginInfo", "PluginRootInfo", "PluginsChanged", "PresentationDetent",
        "PresentationDetentsEvent", "PresentationDetentsModifier", "PresentationDetentsParams", "ProgressViewStyle",
        "ReconnectFailedInfo", "ReconnectInfo", "ReconnectOptions", "RecordedStyleName", "RefreshGesture",
        "RefreshInfo", "RefreshableEvent", "RefreshableModifier", "ReloadResult", "RequestOptions", "ResolvedNode",
        "ResolvedShape", "ResolvedSize", "ResolvedStyle", "ResolvedSwipeAction", "ResolvedSymbol",
        "ResolvedSymbolEffect", "Rotation3DEffectParams", "SafeAreaRegions", "ScrollViewProps",
        "SearchFieldPlacement", "SearchableEvent", "SearchableModifier", "SearchableParams", "SectionProps",
        "SeparatorEdges", "Shape", "ShapeName", "SlideGesture", "SliderProps", "SpacerProps", "SubmitGesture",
        "SubmitLabel", "Surface", "SwipeActionConfig", "SwipeActionData", "SwipeActionPress", "SwipeActionRole",
        "SwipeActionsEvent", "SwipeActionsModifier", "SwipeActionsParams", "SwipeEdge", "SwipeGesture",
        "SymbolEffectKind", "SymbolEffectName", "SymbolEffectOptions", "SymbolEffectParams", "SymbolEffectRepeat",
        "SymbolRenderingMode", "SymbolScale", "SymbolVariant", "SymbolViewEffect", "SymbolViewProps", "SymbolWeight",
        "TapActionGesture", "TapGesture", "TextAlignment", "TextCase", "TextChild", "TextFieldProps", "TextMatch",
        "TextFieldStyle", "TextProps", "ToggleProps", "ToggleStyle", "TransitionSymbolEffect",
        "TruncationMode", "TypeGesture", "UnitPoint", "UpdateCounts", "VStackProps", "VerticalAlignment",
        "ViewEventsMap", "ViewInfoEntry", "ViewPropsMap", "ViewType", "Visibility", "WireNode", "ZStackProps",
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
