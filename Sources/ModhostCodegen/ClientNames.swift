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
        // Recorded by SwiftUI's name.
        expoUI("shadow", ["ShadowParams"]), expoUI("offset"), expoUI("fixedSize"), expoUI("clipped"),
        expoUI("aspectRatio"), expoUI("zIndex"), expoUI("layoutPriority"), expoUI("scaleEffect"),
        expoUI("rotationEffect"), expoUI("foregroundColor"), expoUI("blur"), expoUI("brightness"),
        expoUI("contrast"), expoUI("saturation"), expoUI("hueRotation"), expoUI("colorInvert"), expoUI("grayscale"),
        expoUI("luminanceToAlpha"), expoUI("bold"), expoUI("italic"), expoUI("monospacedDigit"), expoUI("kerning"),
        expoUI("lineSpacing"), expoUI("lineLimit"), expoUI("truncationMode"), expoUI("textCase"),
        expoUI("underline"), expoUI("strikethrough"), expoUI("multilineTextAlignment"), expoUI("allowsTightening"),
        expoUI("textSelection"), expoUI("listRowInsets"), expoUI("listRowSeparator"), expoUI("listStyle"),
        expoUI("moveDisabled"), expoUI("scrollContentBackground"), expoUI("headerProminence"),
        expoUI("badgeProminence"), expoUI("buttonStyle"), expoUI("toggleStyle"), expoUI("pickerStyle"),
        expoUI("datePickerStyle"), expoUI("gaugeStyle"), expoUI("progressViewStyle"), expoUI("labelStyle"),
        expoUI("textFieldStyle"), expoUI("controlSize"), expoUI("labelsHidden"), expoUI("submitLabel"),
        expoUI("accessibilityLabel"), expoUI("accessibilityHint"), expoUI("accessibilityValue"),
        // Accepted with a no-headless-effect warning.
        expoUI("ignoreSafeArea"), expoUI("glassEffect", ["GlassEffectParams"]), expoUI("glassEffectId"),
        expoUI("matchedGeometryEffect"), expoUI("scrollDismissesKeyboard"), expoUI("scrollTargetBehavior"),
        expoUI("scrollTargetLayout"), expoUI("defaultScrollAnchor"), expoUI("defaultScrollAnchorForRole"),
        expoUI("menuActionDismissBehavior"), expoUI("keyboardType"), expoUI("autocorrectionDisabled"),
        expoUI("textInputAutocapitalization"), expoUI("textContentType"), expoUI("presentationDragIndicator"),
        expoUI("interactiveDismissDisabled"),
        expoUI("clipShape"), expoUI("mask"), expoUI("containerShape"), expoUI("overlay"),
        expoUI("backgroundOverlay"), expoUI("rotation3DEffect", ["Rotation3DEffectParams"]),
        expoUI("listSectionSpacing"), expoUI("listSectionMargins"), expoUI("gridCellColumns"),
        expoUI("gridCellUnsizedAxes"), expoUI("gridColumnAlignment"), expoUI("resizable"),
        expoUI("tag"), expoUI("environment"), expoUI("gridCellAnchor"), expoUI("animation"),
        expoUI("scrollDisabled"), expoUI("containerRelativeFrame", ["ContainerRelativeFrameParams"]),
        expoUI("presentationBackgroundInteraction"),
        // State the user changes: a search field, a sheet's detent.
        expoUI("searchable", ["SearchableParams", "SearchableEvent", "SearchableModifier"]),
        expoUI("presentationDetents", ["PresentationDetentsParams", "PresentationDetentsEvent", "PresentationDetentsModifier"]),
    ]

    /// The modules whose types the client writes by hand.
    public static let modules: [Module] = [Module(name: "ExpoUI", plugin: "ExpoUI", types: ["ExpoUIFunctions", "ExpoUIModule"])]

    /// The values `@modhost/client` exports (its module's export names).
    public static let values: Set<String> = [
        "Animation", "BUTTON_STYLES", "Button", "CLIENT_VERSION", "CONTENT_MODES", "CONTROL_SIZES", "Connection",
        "DATE_PICKER_STYLES", "EDGE_SETS", "ENGINE_RESTARTED", "ENVIRONMENT_VALUES", "FONT_DESIGNS", "FONT_WEIGHTS", "FRAME_ALIGNMENTS",
        "Fragment", "FrameDecoder", "GAUGE_STYLES", "GLASS_VARIANTS", "HStack", "Host", "Image", "KEYBOARD_TYPES",
        "LABEL_STYLES", "LINE_PATTERNS", "LIST_STYLES", "Label", "List", "ModhostConnectionError", "ModhostError",
        "ModhostTimeoutError", "OVERLAY_ALIGNMENTS", "PICKER_STYLES", "PROGRESS_VIEW_STYLES", "PROTOCOL_VERSION",
        "SAFE_AREA_REGIONS", "SEPARATOR_EDGES", "SHAPE_NAMES", "SUBMIT_LABELS", "SYMBOL_EFFECTS",
        "SYMBOL_EFFECT_KINDS", "SYMBOL_RENDERING_MODES", "SYMBOL_REPEATS", "SYMBOL_SCALES", "SYMBOL_VARIANTS",
        "SYMBOL_VIEW_EFFECTS", "SYMBOL_VIEW_PROPS", "ScrollView", "Section", "Slider", "Spacer", "Surface",
        "SymbolView", "TEXT_ALIGNMENTS", "TEXT_CASES", "TEXT_FIELD_STYLES", "TOGGLE_STYLES", "TRUNCATION_MODES",
        "Text", "TextField", "Toggle", "UNIT_POINTS", "VIEW_EVENTS", "VIEW_TYPES", "VISIBILITIES", "VStack",
        "ZStack", "accessibilityHint", "accessibilityLabel", "accessibilityValue", "allowsTightening", "animation",
        "aspectRatio", "autocorrectionDisabled", "background", "backgroundOverlay", "badge", "badgeProminence",
        "blur", "bold", "border", "brightness", "buttonStyle", "clipShape", "clipped", "colorInvert", "connect",
        "containerShape", "contentShape", "contentTransition", "contrast", "controlSize", "cornerRadius",
        "checkValue", "createModifier", "createModifierWithEventListener", "datePickerStyle", "enumOf", "modifierHelper", "defaultScrollAnchor",
        "defaultScrollAnchorForRole", "defaultSocketPath", "deleteDisabled", "disabled", "encodeFrame",
        "environment", "fixedSize", "font", "fontWeight", "foregroundColor", "foregroundStyle", "frame",
        "gaugeStyle", "glassEffect", "glassEffectId", "grayscale", "gridCellAnchor", "gridCellColumns",
        "gridCellUnsizedAxes", "gridColumnAlignment", "h", "headerProminence", "hidden", "hueRotation",
        "ignoreSafeArea", "imageScale", "interactiveDismissDisabled", "italic", "kerning", "keyboardType",
        "knownViewProps", "isBuiltInView", "resolveNativeView", "viewNameOfType", "nativeViewHelper", "labelStyle", "labelsHidden", "layoutPriority", "lineLimit", "lineSpacing",
        "listRowBackground", "listRowInsets", "listRowSeparator", "listSectionMargins", "listSectionSpacing",
        "listStyle", "luminanceToAlpha", "mask", "matchedGeometryEffect", "menuActionDismissBehavior",
        "monospacedDigit", "moveDisabled", "multilineTextAlignment", "offset", "onAppear", "onDisappear",
        "onLongPressGesture", "onSubmit", "onTapGesture", "opacity", "overlay", "padding", "pickerStyle",
        "presentationDragIndicator", "progressViewStyle", "refreshable", "resizable", "rotation3DEffect",
        "rotationEffect", "saturation", "scaleEffect", "scrollContentBackground", "scrollDismissesKeyboard",
        "scrollTargetBehavior", "scrollTargetLayout", "serializeTree", "shadow", "shapes", "strikethrough",
        "stripFunctions", "submitLabel", "swipeActions", "symbolEffect", "symbolEffectsRemoved",
        "symbolRenderingMode", "symbolVariant", "symbolViewNode", "tag", "textCase", "textContentType",
        "textFieldStyle", "textInputAutocapitalization", "textSelection", "tint", "toggleStyle", "transition",
        "truncationMode", "underline", "zIndex",
        "scrollDisabled", "containerRelativeFrame", "presentationBackgroundInteraction",
        "searchable", "presentationDetents", "SEARCH_FIELD_PLACEMENTS",
    ]

    /// The types its declarations export (classes and namespaces too).
    public static let types: Set<String> = [
        "AnimationObject", "ModifierHelperSpec", "AnyModifierConfig", "BadgeProminence", "ButtonProps", "ButtonRole", "ButtonStyle",
        "ChainableAnimation", "Child", "CloseInfo", "Color", "CommonViewProps", "Component", "ConnectOptions",
        "Connection", "ConnectionErrorCode", "ContainerViewProps", "ContentMode", "ContentTransitionSymbolEffect",
        "ControlSize", "DatePickerStyle", "DescribeResult", "Diagnostic", "DiscreteSymbolEffect", "EdgeInsetsParams",
        "EdgeSet", "ElementHelper", "ElementProps", "EmptyEvent", "EngineEndReason", "EngineRestartedErrorData",
        "EngineRestartedInfo", "EnvironmentConfig", "EventInfo", "EventListener",
        "EventNotification", "EventSubscription", "EventsMap", "ExpoSymbolEffect", "ExpoSymbolEffectOptions",
        "ExpoUIFunctions", "ExpoUIModule", "FontDesign", "FontParams", "FontWeight", "FrameAlignment",
        "FrameDecoder", "FrameParams", "GaugeStyle", "Gesture", "GlassEffectParams", "GlassVariant",
        "GridCellAnchor", "HStackProps", "Handler", "HandlerInfo", "HandlerKind", "HeaderProminence",
        "HorizontalAlignment", "Host", "HostEvents", "ImageProps", "IndefiniteSymbolEffect", "InitializeResult",
        "InteractResult", "JSONPrimitive", "JSONValue", "JSX", "Key", "KeyboardType", "LabelProps", "LabelStyle",
        "LeafElementHelper", "LeafViewProps", "LinePattern", "ListProps", "ListStyle", "ListenerEntry",
        "LongPressGesture", "ModhostConnectionError", "ModhostError", "ModhostTimeoutError", "ModifierConfig",
        "ModifierConfigWithListener", "ModifierInfo", "Modifiers", "ModuleEventNotification", "ModuleInfo",
        "NativeModule", "NativeModuleEvents", "NativeModuleFunctions", "Node", "OnAppearModifier",
        "OnDisappearModifier", "OnLongPressGestureModifier", "OnSubmitModifier", "OnTapGestureModifier",
        "OverlayAlignment", "OverlayParams", "PaddingParams", "PickerStyle", "PluginCrash", "PluginCrashedEvent",
        "PluginInfo", "PluginRootInfo", "PluginsChanged", "ProgressViewStyle", "ReconnectFailedInfo",
        "ReconnectInfo", "ReconnectOptions", "RecordedStyleName", "RefreshGesture", "RefreshInfo",
        "RefreshableEvent", "RefreshableModifier", "ReloadResult", "RequestOptions", "ResolvedNode", "ResolvedShape",
        "ResolvedSize", "ResolvedStyle", "ResolvedSwipeAction", "ResolvedSymbol", "ResolvedSymbolEffect",
        "Rotation3DEffectParams", "SafeAreaRegions", "ScrollViewProps", "SectionProps", "SeparatorEdges",
        "ShadowParams", "Shape", "ShapeName", "SlideGesture", "SliderProps", "SpacerProps", "SubmitGesture",
        "SubmitLabel", "Surface", "SwipeActionConfig", "SwipeActionData", "SwipeActionPress", "SwipeActionRole",
        "SwipeActionsEvent", "SwipeActionsModifier", "SwipeActionsParams", "SwipeEdge", "SwipeGesture",
        "SymbolEffectKind", "SymbolEffectName", "SymbolEffectOptions", "SymbolEffectParams", "SymbolEffectRepeat",
        "SymbolRenderingMode", "SymbolScale", "SymbolVariant", "SymbolViewEffect", "SymbolViewProps", "SymbolWeight",
        "TapActionGesture", "TapGesture", "TextAlignment", "TextCase", "TextChild", "TextFieldProps",
        "TextFieldStyle", "TextLineParams", "TextProps", "ToggleProps", "ToggleStyle", "TransitionSymbolEffect",
        "TruncationMode", "TypeGesture", "UnitPoint", "UpdateCounts", "VStackProps", "VerticalAlignment",
        "ViewEventsMap", "ViewInfoEntry", "NativeViewEvent", "NativeViewHelper", "ViewPropsMap", "ViewType", "Visibility", "WireNode", "ZStackProps",
        "ContainerRelativeFrameParams", "PresentationDetent",
        "SearchFieldPlacement", "SearchableParams", "SearchableEvent", "SearchableModifier",
        "PresentationDetentsParams", "PresentationDetentsEvent", "PresentationDetentsModifier", "DetentGesture",
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
