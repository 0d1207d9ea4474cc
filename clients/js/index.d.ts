// Type declarations for @modhost/client.
// Self-contained: no @types/node needed. At run time Connection is a node:events EventEmitter; the
// typed on/once/off/emit below are the part of it this package documents. (Connection was
// called Host; that name stays as a deprecated alias.)

// ---------------------------------------------------------------- JSON and nodes

export type JSONPrimitive = string | number | boolean | null;
export type JSONValue = JSONPrimitive | JSONValue[] | { [key: string]: JSONValue };

/** The views the host knows (it may know more; see `Connection.server.views`). */
export type ViewType =
  | 'List' | 'Section' | 'HStack' | 'VStack' | 'ZStack' | 'ScrollView'
  | 'Text' | 'Label' | 'Image' | 'Button' | 'Spacer' | 'TextField' | 'Toggle' | 'Slider';

export declare const VIEW_TYPES: readonly ViewType[];

/** What a modifier's event listener is told besides the event itself. */
export interface EventInfo {
  surface: string;
  /** The node id: its key, else its index path ("0/2/1"). */
  node: string;
  /** The modifier's index in the node's `modifiers` array. */
  modifier: number;
  /** The modifier's `$type`. */
  type: string;
  /**
   * The Connection the event came from (set when a Connection routes it; not enumerable, so spreading the
   * info leaves it out). refreshable's listener calls `completeRefresh` through it.
   */
  readonly host?: Connection;
  /**
   * The socket the event came on, an opaque token (not enumerable): `Connection.isCurrentConnection`
   * tells whether it is still the one in use.
   */
  readonly connection?: unknown;
}

/** What a gesture, lifecycle or submit handler receives: where its event happened. */
export type HandlerInfo = Omit<EventInfo, 'host' | 'connection'>;

/**
 * Receives `payload[$type]` of an event. Return `false` to say "not handled": the client then
 * emits a `diagnostic` (code `event-unhandled`). A throw or rejected promise becomes a
 * `diagnostic` with code `listener-threw`.
 */
export type EventListener<E = any> = (event: E, info: EventInfo) => unknown;

/** A modifier config: `{$type, ...params}`, params spread flat (as Expo UI builds them). */
export type ModifierConfig<T extends string = string, P extends object = {}> =
  { $type: T } & P & { eventListener?: undefined };

/** A modifier config with a listener that stays on this side of the socket. */
export type ModifierConfigWithListener<T extends string = string, P extends object = {}, E = any> =
  { $type: T } & P & { eventListener: EventListener<E> };

export type AnyModifierConfig = { $type: string; eventListener?: EventListener; [param: string]: unknown };

/** A node of a surface's tree, as the helpers build it and as it may be written by hand. */
export interface Node {
  type: ViewType | (string & {});
  /** Unique in its surface; without it, the node is addressed by its index path. */
  key?: string;
  props?: { [prop: string]: unknown };
  modifiers?: AnyModifierConfig[];
  children?: Node[];
  /**
   * The view's own events the front-end listens to. The serializer fills it from function props
   * named after them (`props.onPress`); a name listed here without a function gets its events
   * reported as `event-without-listener`.
   */
  events?: string[];
}

/** A node as it goes on the wire: data only. */
export interface WireNode {
  type: string;
  key?: string;
  props?: { [prop: string]: JSONValue };
  modifiers?: Array<{ $type: string; [param: string]: JSONValue }>;
  children?: WireNode[];
  events?: string[];
}

// ---------------------------------------------------------------- modifiers

// The helpers for the bundled plugins' types that follow from their descriptions alone
// (`modhost codegen client`), with their Params and Modifier types.
export * from './src/generated/bundled-modifiers.js';
import type {
  AspectRatioParams, BackgroundParams, BadgeProminenceParams, ButtonStyleParams, ControlSizeParams, DatePickerStyleParams, DefaultScrollAnchorParams, FontParams, FrameParams, GaugeStyleParams, GlassEffectParams, HeaderProminenceParams, IgnoreSafeAreaParams, ImageScaleParams, KeyboardTypeParams, LabelStyleParams, ListRowSeparatorParams, MultilineTextAlignmentParams, OverlayParams, PickerStyleParams, ProgressViewStyleParams, ScrollContentBackgroundParams, SubmitLabelParams, SymbolRenderingModeParams, SymbolVariantParams, TextCaseParams, TextFieldStyleParams, ToggleStyleParams, TruncationModeParams, UnderlineParams,
} from './src/generated/bundled-modifiers.js';

export declare function createModifier<T extends string, P extends object = {}>(type: T, params?: P): ModifierConfig<T, P>;
export declare function createModifierWithEventListener<T extends string, E = any, P extends object = {}>(
  type: T, listener: EventListener<E>, params?: P): ModifierConfigWithListener<T, P, E>;

/** A plugin's description of a modifier type, as a generated helper is made from it. */
export interface ModifierHelperSpec {
  /** The params schema without `$type` (the parts a helper checks values with). */
  params: { type?: 'object'; properties?: { [key: string]: object }; required?: string[] };
  /** ModifierInfo `arguments`: how the helper takes the params; absent, one options object. */
  arguments?: Array<{ kind: 'value' | 'valueOrOptions'; keys: string[] } | { kind: 'options' }>;
  /** Whether the type declares events: a function after the arguments is their listener. */
  event?: boolean;
}

/**
 * A modifier helper from a plugin's description of the type (what `modhost codegen ts`
 * writes a call of): it checks its arguments against the params schema and builds the config.
 */
export declare function modifierHelper(type: string, spec: ModifierHelperSpec, name?: string): (...args: any[]) => AnyModifierConfig;

/** Checks `value` at `path` against a params schema as a helper does; a TypeError names the place. */
export declare function checkValue<V>(name: string, path: string, value: V, schema: object | undefined): V;

/** The values of the enum of param `key` in a helper spec. */
export declare function enumOf(spec: ModifierHelperSpec, key: string): readonly string[];

export type SwipeActionRole = 'destructive' | 'cancel';
export type SwipeEdge = 'leading' | 'trailing';

/** What `onPress` receives: the action id and where the tap happened. */
export interface SwipeActionPress extends EventInfo {
  id: string;
}

/** One swipe action: data for the host plus an `onPress` that never leaves this process. */
export interface SwipeActionConfig {
  id: string;
  label: string;
  /** An SF Symbol name, e.g. "trash"; shown in its `fill` variant. */
  systemImage?: string;
  /** `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `rgb()`/`rgba()`, CSS or SwiftUI colour names. */
  tint?: string;
  role?: SwipeActionRole;
  onPress?: (press: SwipeActionPress) => unknown;
}

export interface SwipeActionsParams {
  leading?: SwipeActionConfig[];
  trailing?: SwipeActionConfig[];
  /** Default false. */
  allowsFullSwipe?: boolean;
}

/** The data that goes on the wire for one action. */
export type SwipeActionData = Omit<SwipeActionConfig, 'onPress'>;

/** The event the swipeActions modifier dispatches: `{"swipeActions": {id}}`. */
export interface SwipeActionsEvent { id: string }

export type SwipeActionsModifier = ModifierConfigWithListener<'swipeActions', {
  leading: SwipeActionData[];
  trailing: SwipeActionData[];
  allowsFullSwipe: boolean;
}, SwipeActionsEvent>;

export declare function swipeActions(params?: SwipeActionsParams): SwipeActionsModifier;

// ---------------------------------------------------------------- ExpoUI modifiers (bundled plugin ExpoUI)
// (Params are type aliases, not interfaces, so that the configs fit AnyModifierConfig.)

/**
 * A handler of a gesture, lifecycle or submit event. A promise it returns is watched: a
 * rejection becomes a `listener-threw` diagnostic. Its other results are ignored.
 */
export type Handler<I = HandlerInfo> = (info: I) => unknown;

/** The host dispatches `{"<$type>": {}}`. */
export type EmptyEvent = { [k: string]: never };

export type OnTapGestureModifier = ModifierConfigWithListener<'onTapGesture', { count?: number }, EmptyEvent>;
export type OnLongPressGestureModifier = ModifierConfigWithListener<'onLongPressGesture', { minimumDuration?: number }, EmptyEvent>;
export type OnAppearModifier = ModifierConfigWithListener<'onAppear', {}, EmptyEvent>;
export type OnDisappearModifier = ModifierConfigWithListener<'onDisappear', {}, EmptyEvent>;
export type OnSubmitModifier = ModifierConfigWithListener<'onSubmit', {}, EmptyEvent>;
/** The event the refreshable modifier dispatches: `{"refreshable": {id}}`. */
export interface RefreshableEvent { id: string }
export type RefreshableModifier = ModifierConfigWithListener<'refreshable', {}, RefreshableEvent>;
/** What a refreshable's function receives: where, and the refresh id. */
export interface RefreshInfo extends HandlerInfo { id: string }

/**
 * Runs `fn` on a tap with `count` taps (an integer >= 1; default 1, the host's default): on the
 * node, or on a descendant without a tap handler of its own that matches.
 */
export declare function onTapGesture(fn: Handler, options?: { count?: number }): OnTapGestureModifier;
/**
 * Runs `fn` on a press of at least `minimumDuration` seconds (>= 0; default 0.5). As in Expo UI
 * the duration may be given as a number.
 */
export declare function onLongPressGesture(fn: Handler, options?: { minimumDuration?: number } | number): OnLongPressGestureModifier;
/** Runs `fn` when the node enters the tree (at `mount`, or the `update` that adds it), before that request resolves. */
export declare function onAppear(fn: Handler): OnAppearModifier;
/** Runs `fn` when the node leaves the tree (the `update` that removes it, or `unmount`), before that request resolves. */
export declare function onDisappear(fn: Handler): OnDisappearModifier;
/** Runs `fn` when a TextField at or inside the node is submitted; every onSubmit from the field up runs. */
export declare function onSubmit(fn: Handler): OnSubmitModifier;
/**
 * Pull to refresh on a List or ScrollView. On the host's refresh event it calls `fn`; when the
 * promise `fn` returns settles (fulfilled or rejected) it calls `ExpoUI.completeRefresh(id)`
 * on the Connection the event came from, exactly once. A rejection is reported as a `listener-threw`
 * diagnostic after the refresh was completed; so is a failed `completeRefresh`, except the
 * -32003 of a refresh the host had stopped (its node left the tree): a `refresh-not-running`
 * warning. Nothing is sent when the connection the refresh came on is gone.
 */
export declare function refreshable(fn: (info: RefreshInfo) => Promise<unknown> | unknown): RefreshableModifier;

export type ShapeName = NonNullable<BackgroundParams['shape']>;
/** A shape for `background` and `contentShape`, as the `shapes` helpers build it. */
export type Shape =
  | { shape: 'rectangle' | 'circle' | 'capsule' | 'ellipse' }
  | { shape: 'roundedRectangle'; cornerRadius?: number };
export declare const SHAPE_NAMES: readonly ShapeName[];
export declare const shapes: {
  rectangle(): { shape: 'rectangle' };
  roundedRectangle(options?: { cornerRadius?: number }): { shape: 'roundedRectangle'; cornerRadius?: number };
  circle(): { shape: 'circle' };
  capsule(): { shape: 'capsule' };
  ellipse(): { shape: 'ellipse' };
};

/** `"red"`, `"#RRGGBB"`, `"#RRGGBBAA"`, `rgb()`: the SDK's colours, checked by the host. */
export type Color = string;

export type FrameAlignment = NonNullable<FrameParams['alignment']>;
export declare const FRAME_ALIGNMENTS: readonly FrameAlignment[];
export type FontWeight = NonNullable<FontParams['weight']>;
export type FontDesign = NonNullable<FontParams['design']>;
export declare const FONT_WEIGHTS: readonly FontWeight[];
export declare const FONT_DESIGNS: readonly FontDesign[];

/** A count is sent as its string; without a value, or with the count 0 (as SwiftUI's badge(0)), no badge. */
export declare function badge(value?: string | number): ModifierConfig<'badge', { value?: string }>;

// ---------------------------------------------------------------- Expo UI: recorded styles
// The host records these by SwiftUI's name: a snapshot lists them among the node's styles.

export type ContentMode = NonNullable<AspectRatioParams['contentMode']>;
export type TruncationMode = NonNullable<TruncationModeParams['mode']>;
export type TextCase = NonNullable<TextCaseParams['value']>;
export type LinePattern = NonNullable<UnderlineParams['pattern']>;
export type TextAlignment = NonNullable<MultilineTextAlignmentParams['alignment']>;
export type Visibility = NonNullable<ScrollContentBackgroundParams['visible']>;
export type SeparatorEdges = NonNullable<ListRowSeparatorParams['edges']>;
export type ButtonStyle = NonNullable<ButtonStyleParams['style']>;
export type ToggleStyle = NonNullable<ToggleStyleParams['style']>;
export type PickerStyle = NonNullable<PickerStyleParams['style']>;
export type DatePickerStyle = NonNullable<DatePickerStyleParams['style']>;
export type GaugeStyle = NonNullable<GaugeStyleParams['style']>;
export type ProgressViewStyle = NonNullable<ProgressViewStyleParams['style']>;
export type LabelStyle = NonNullable<LabelStyleParams['style']>;
export type TextFieldStyle = NonNullable<TextFieldStyleParams['style']>;
export type ControlSize = NonNullable<ControlSizeParams['size']>;
export type SubmitLabel = NonNullable<SubmitLabelParams['submitLabel']>;
export type HeaderProminence = NonNullable<HeaderProminenceParams['prominence']>;
export type BadgeProminence = NonNullable<BadgeProminenceParams['badgeType']>;

export declare const CONTENT_MODES: readonly ContentMode[];
export declare const TRUNCATION_MODES: readonly TruncationMode[];
export declare const TEXT_CASES: readonly TextCase[];
export declare const LINE_PATTERNS: readonly LinePattern[];
export declare const TEXT_ALIGNMENTS: readonly TextAlignment[];
export declare const VISIBILITIES: readonly Visibility[];
export declare const SEPARATOR_EDGES: readonly SeparatorEdges[];
export declare const LIST_STYLES: readonly ListStyle[];
export declare const BUTTON_STYLES: readonly ButtonStyle[];
export declare const TOGGLE_STYLES: readonly ToggleStyle[];
export declare const PICKER_STYLES: readonly PickerStyle[];
export declare const DATE_PICKER_STYLES: readonly DatePickerStyle[];
export declare const GAUGE_STYLES: readonly GaugeStyle[];
export declare const PROGRESS_VIEW_STYLES: readonly ProgressViewStyle[];
export declare const LABEL_STYLES: readonly LabelStyle[];
export declare const TEXT_FIELD_STYLES: readonly TextFieldStyle[];
export declare const CONTROL_SIZES: readonly ControlSize[];
export declare const SUBMIT_LABELS: readonly SubmitLabel[];

// ---------------------------------------------------------------- Expo UI: screen-only modifiers
// Accepted and listed in the node's styles, with a `no-headless-effect` warning.

export type SafeAreaRegions = NonNullable<IgnoreSafeAreaParams['regions']>;
export type EdgeSet = NonNullable<IgnoreSafeAreaParams['edges']>;
export type GlassVariant = NonNullable<GlassEffectParams['glass']>['variant'];
export type UnitPoint = NonNullable<DefaultScrollAnchorParams['anchor']>;
export type KeyboardType = NonNullable<KeyboardTypeParams['keyboardType']>;
export declare const SAFE_AREA_REGIONS: readonly SafeAreaRegions[];
export declare const EDGE_SETS: readonly EdgeSet[];
export declare const GLASS_VARIANTS: readonly GlassVariant[];
export declare const UNIT_POINTS: readonly UnitPoint[];
export declare const KEYBOARD_TYPES: readonly KeyboardType[];

// ---------------------------------------------------------------- Expo UI: shapes, overlays, grids

export type OverlayAlignment = NonNullable<OverlayParams['alignment']>;
export type Rotation3DEffectParams = { angle: number; axis?: { x?: number; y?: number; z?: number }; perspective?: number };
export declare const OVERLAY_ALIGNMENTS: readonly OverlayAlignment[];

/** Degrees around the axis; sent flat (`axisX`, `axisY`, `axisZ`, `perspective`) as Expo sends it. */
export declare function rotation3DEffect(params: Rotation3DEffectParams): ModifierConfig<'rotation3DEffect', { angle: number; axisX: number; axisY: number; axisZ: number; perspective: number }>;
/** A number is `{spacing: 'custom', value}`. */
export declare function listSectionSpacing(spacing: 'default' | 'compact' | number): ModifierConfig<'listSectionSpacing', { spacing: 'default' | 'compact' | 'custom'; value?: number }>;

// ---------------------------------------------------------------- Expo UI: tag, environment, anchors, animation

export type EnvironmentConfig =
  | { key: 'editMode'; value: 'active' | 'inactive' | 'transient' }
  | { key: 'colorScheme'; value: 'light' | 'dark' }
  | { key: 'locale'; value: string }
  | { key: 'timeZone'; value: string };
export type GridCellAnchor = { type: 'preset'; anchor: UnitPoint } | { type: 'custom'; points: { x: number; y: number } };
export type AnimationObject = {
  type: 'easeInOut' | 'easeIn' | 'easeOut' | 'linear' | 'spring' | 'interpolatingSpring' | 'default';
  duration?: number; response?: number; dampingFraction?: number; blendDuration?: number; bounce?: number;
  mass?: number; stiffness?: number; damping?: number; initialVelocity?: number;
  delay?: number; repeatCount?: number; autoreverses?: boolean;
};
/** What `Animation`'s builders return: chain `delay` and `repeat`, then pass it to `animation`. */
export interface ChainableAnimation {
  delay(delay: number): ChainableAnimation;
  repeat(params: { repeatCount: number; autoreverses?: boolean }): ChainableAnimation;
}
export declare const Animation: {
  easeInOut(params?: { duration?: number }): ChainableAnimation;
  easeIn(params?: { duration?: number }): ChainableAnimation;
  easeOut(params?: { duration?: number }): ChainableAnimation;
  linear(params?: { duration?: number }): ChainableAnimation;
  spring(params?: { response?: number; dampingFraction?: number; blendDuration?: number; duration?: number; bounce?: number }): ChainableAnimation;
  interpolatingSpring(params?: { mass?: number; stiffness?: number; damping?: number; initialVelocity?: number; duration?: number; bounce?: number }): ChainableAnimation;
  default: ChainableAnimation;
};
export declare const ENVIRONMENT_VALUES: { readonly editMode: readonly string[]; readonly colorScheme: readonly string[]; readonly locale: null; readonly timeZone: null };

/** Recorded with a no-headless-effect warning: nothing animates headless. */
export declare function animation(animation: ChainableAnimation, animatedValue: number | boolean): ModifierConfig<'animation', { animation: AnimationObject; animatedValue: number | boolean }>;

export type PresentationDetent = 'medium' | 'large' | { fraction: number } | { height: number };
/** Recorded with a no-headless-effect warning. */
export declare function presentationBackgroundInteraction(interaction: 'automatic' | 'enabled' | 'disabled' | { type: 'enabledUpThrough'; detent: PresentationDetent }): ModifierConfig<'presentationBackgroundInteraction', { interactionType: 'automatic' | 'enabled' | 'disabled' | 'enabledUpThrough'; detent?: PresentationDetent }>;
export type SearchFieldPlacement = 'automatic' | 'toolbar' | 'sidebar' | 'navigationBarDrawer';
export declare const SEARCH_FIELD_PLACEMENTS: readonly SearchFieldPlacement[];
/** The event the searchable modifier dispatches: `{"searchable": {text}}`, the field's whole text. */
export interface SearchableEvent { text: string }
export type SearchableParams = { text?: string; placement?: SearchFieldPlacement; prompt?: string };
export type SearchableModifier = ModifierConfig<'searchable', SearchableParams> | ModifierConfigWithListener<'searchable', SearchableParams, SearchableEvent>;
/**
 * A search field on the node, as Expo UI's `searchable`: it shows `text` (the field's text as
 * this front-end last wrote it). `onChange(text)` runs with the whole text when the user edits
 * the field (the host's `type` gesture on the node), not for a `text` written from here.
 */
export declare function searchable(text?: string, options?: { placement?: SearchFieldPlacement; prompt?: string; onChange?: (text: string) => unknown }): SearchableModifier;
/** The event the presentationDetents modifier dispatches: `{"presentationDetents": {detent}}`. */
export interface PresentationDetentsEvent { detent: PresentationDetent }
export type PresentationDetentsParams = { detents: PresentationDetent[]; selection?: PresentationDetent };
export type PresentationDetentsModifier = ModifierConfig<'presentationDetents', PresentationDetentsParams> | ModifierConfigWithListener<'presentationDetents', PresentationDetentsParams, PresentationDetentsEvent>;
/**
 * The heights the sheet showing the node rests at (at least one), as Expo UI's
 * `presentationDetents`; `selection`, one of them, is where it is (the smallest when absent).
 * `onSelectionChange(detent)` runs when the sheet is dragged to another (the host's `detent` gesture).
 */
export declare function presentationDetents(detents: PresentationDetent[], options?: { selection?: PresentationDetent; onSelectionChange?: (detent: PresentationDetent) => unknown }): PresentationDetentsModifier;

// ---------------------------------------------------------------- elements

export * from './view-props.js';
import type { ViewPropsMap, TextProps, LabelProps, Component, TextChild, ViewEventsMap, ListStyle } from './view-props.js';

/** `key` and `modifiers` go on the node; every other member becomes `node.props`. */
export interface ElementProps {
  key?: string | number;
  modifiers?: Array<AnyModifierConfig | null | undefined | false>;
  [prop: string]: unknown;
}

/** A child: a node, text, an array of children, or nothing (null/undefined/booleans are skipped). */
export type Child = Node | string | number | null | undefined | boolean | Child[];

/**
 * Builds a node. String/number children: on `Text` joined into `props.text`, on `Label` into
 * `props.title`, elsewhere each becomes a `Text` node. Leaf views take no children. A function
 * component is called with its props and the children (`props.children`); a key goes on the node
 * it returns. A type the client does not know takes any props.
 */
export declare function h<T extends ViewType>(type: T, props?: ViewPropsMap[T] | null, ...children: Child[]): Node;
export declare function h<P extends object>(component: Component<P>, props?: (Omit<P, 'children'> & { key?: string | number | null }) | null, ...children: Child[]): Node | null;
export declare function h<T extends string>(type: T extends ViewType ? never : T, props?: ElementProps | null, ...children: Child[]): Node;

/** A fragment: its children, flattened into the parent's (`<>...</>`). */
export declare function Fragment(props: { children?: Child }): Node;

/** A view helper: `View(props, ...children)` or, without props, `View(...children)`; also a JSX element type. */
export interface ElementHelper<P = ElementProps, C = Child> {
  (props?: P | null, ...children: C[]): Node;
  (...children: C[]): Node;
}
/** A view that takes no children: `View(props)`. */
export interface LeafElementHelper<P> {
  (props?: P | null): Node;
}

export declare const List: ElementHelper<ViewPropsMap['List']>;
export declare const Section: ElementHelper<ViewPropsMap['Section']>;
export declare const HStack: ElementHelper<ViewPropsMap['HStack']>;
export declare const VStack: ElementHelper<ViewPropsMap['VStack']>;
export declare const ZStack: ElementHelper<ViewPropsMap['ZStack']>;
/** Children joined into `props.text`. */
export declare const Text: ElementHelper<TextProps, TextChild>;
/** Children joined into `props.title`. */
export declare const Label: ElementHelper<LabelProps, TextChild>;
/** `systemName` is required, as in Expo UI. */
export declare const Image: (props: ViewPropsMap['Image']) => Node;
/** `label` or children; `onPress` runs when tapped. */
export declare const Button: ElementHelper<ViewPropsMap['Button']>;
export declare const Spacer: LeafElementHelper<ViewPropsMap['Spacer']>;
/** A scrolling container: children like VStack; may be `refreshable`. */
export declare const ScrollView: ElementHelper<ViewPropsMap['ScrollView']>;
/** A text field: `defaultValue`, `placeholder`; `onTextChange(text)`, `onSubmit(text)`. */
export declare const TextField: LeafElementHelper<ViewPropsMap['TextField']>;
/** A switch: `isOn`, `label`, `systemImage`; `onIsOnChange(isOn)`. Controlled: pass the new value back. */
export declare const Toggle: LeafElementHelper<ViewPropsMap['Toggle']>;
/** A slider: `value`, `min`, `max`, `step` (0: continuous); `onValueChange(value)`, `onEditingChanged(isEditing)`. Controlled. */
export declare const Slider: LeafElementHelper<ViewPropsMap['Slider']>;

/** The views' own events: a function prop with one of these names stays in JS (see `Node.events`). */
export declare const VIEW_EVENTS: { readonly [V in keyof ViewEventsMap]: readonly ViewEventsMap[V][] };
/** The host's views' props that hold a view (a slot), by view: a node there is a node of the tree. */
export declare const VIEW_SLOTS: { readonly Section: readonly ['header', 'footer']; readonly Label: readonly ['icon']; readonly Slider: readonly ['label', 'minimumValueLabel', 'maximumValueLabel'] };
/** The props the client checks at run time for `type` (Button, TextField, Toggle, Slider); undefined for the others. */
export declare function knownViewProps(type: string): string[] | undefined;
/** Whether `type` is one of the host's own views (any other is a plugin's). */
export declare function isBuiltInView(type: string): boolean;
/** One view of `initialize`'s and `describe`'s `viewInfo`; a plugin's view also names its plugin, module and Swift type. */
export interface ViewInfoEntry {
  name: string;
  children: boolean;
  props: { type: 'object'; properties: Record<string, unknown> };
  events: Record<string, unknown>;
  plugin?: string;
  module?: string;
  typeName?: string;
}
/** The node type of `requireNativeView(moduleName, viewName?)`, looked up in `viewInfo`. */
export declare function resolveNativeView(moduleName: string, viewName?: string, viewInfo?: readonly ViewInfoEntry[]): string;
/** `RatingView` -> `Rating`: a plugin view's node type from its Swift type's name. */
export declare function viewNameOfType(typeName: string): string;
/** What a plugin view's event function receives, as Expo's native view events carry it. */
export interface NativeViewEvent<T = Record<string, unknown>> { nativeEvent: T }
/** A plugin view's helper (`requireNativeView`): props (its events as functions), then children. */
export type NativeViewHelper<P extends object = Record<string, unknown>> =
  (props?: (P & { key?: string | number; modifiers?: ModifierConfig[] }) | null, ...children: Child[]) => Node;
/** A helper for the plugin view whose node type is `type`. */
export declare function nativeViewHelper<P extends object = Record<string, unknown>>(type: string): NativeViewHelper<P>;

// ---------------------------------------------------------------- serialization

export interface ListenerEntry { type: string; listener: EventListener }

/**
 * The wire tree; the listeners by node id then modifier index; the view event functions by node
 * id then event name (taken out of the props, their names put in `events`). Throws a TypeError
 * naming the place for a function prop that is not one of the view's events, and for an unknown
 * prop of Button, TextField, Toggle or Slider.
 */
export declare function serializeTree(tree: Node): {
  root: WireNode;
  listeners: Map<string, Map<number, ListenerEntry>>;
  events: Map<string, Map<string, (...args: any[]) => unknown>>;
};
/** A deep copy without functions or `eventListener` members. */
export declare function stripFunctions<T>(value: T): unknown;

// ---------------------------------------------------------------- protocol results

export interface ModifierInfo {
  type: string;
  plugin: string;
  module: string;
  /** What the modifier does, when its registration says. */
  description?: string;
  params: { [k: string]: JSONValue };
  /** JSON Schema of the payload its events carry under the `$type` key, when declared. */
  event?: { [k: string]: JSONValue };
  /** Plugins that also register this type but come later, so this one hides them. */
  overrides?: string[];
}
export interface PluginInfo {
  name: string;
  path: string;
  /**
   * `quarantined`: it crashed or hung the host; not loaded until its files change or `enablePlugin`.
   * `overridden`: a bundled plugin that a --plugins or user plugin of the same name replaces
   * (not loaded, not an error).
   * `held-out`: not loaded for a while, as the daemon bisects its plugins to find the one that
   * crashes it outside any plugin call; it loads again once that one is found.
   */
  status: 'loaded' | 'failed' | 'quarantined' | 'overridden' | 'held-out';
  error?: string;
  modules?: string[];
  /** Types this plugin serves. */
  types?: string[];
  /** Types it registered that a plugin coming first serves. */
  hidden?: string[];
  /** What went wrong in a loaded plugin without stopping it. */
  problems?: string[];
  /** Why a quarantined plugin is quarantined. */
  crash?: PluginCrash;
}

/** A crash or hang of the host in a plugin's code, as the daemon's supervisor saw it. */
export interface PluginCrash {
  /** The kind of plugin call: "body", "action", "factory", "OnCreate", "schema", ... */
  call: string;
  /** The modifier type or module the call was for. */
  detail: string;
  /** What ended the engine: "SIGILL", "SIGSEGV", "exit status 3", "hung for more than 5.0 s". */
  reason: string;
  /** The last message the Swift runtime printed ("...Fatal error: ..."), or "". */
  message: string;
  /** The request being handled, by the process that sent it; absent when none was (e.g. while loading). */
  request?: { pid: number; id: number | string; method: string };
  /** The types the plugin served (empty when it crashed before registering any). */
  types: string[];
}
/** A folder the host searches for plugins. */
export interface PluginRootInfo {
  path: string;
  kind: 'flag' | 'user' | 'bundled';
  status: 'ok' | 'missing' | 'not-a-folder';
  message?: string;
}

export interface InitializeResult {
  protocolVersion: number;
  server: { name: string; version: string };
  modifiers: ModifierInfo[];
  views: string[];
  /** Present when the connection asked for strict params. */
  strictParams?: true;
  /** The ops an `update` may send as a `patch` (`set`, `insert`, `remove`, `move`); absent on older hosts. */
  patchOps?: Array<'set' | 'insert' | 'remove' | 'move'>;
}

/** A native module's functions and events, as `describe` lists them. */
export interface ModuleInfo {
  name: string;
  plugin: string;
  functions: Array<{ name: string; async: boolean; arguments: JSONValue[]; result: JSONValue | null }>;
  events: string[];
}

export interface DescribeResult {
  modifiers: ModifierInfo[];
  views: string[];
  plugins: PluginInfo[];
  roots: PluginRootInfo[];
  modules: ModuleInfo[];
}

/** What a rescan did: type changes, one entry per plugin folder event, and the plugins. */
export interface ReloadResult {
  added: string[];
  removed: string[];
  changed: string[];
  events: { event: 'loaded' | 'unloaded' | 'failed'; plugin: string; path: string; reason?: string }[];
  plugins: PluginInfo[];
}

/** What an `update` did, counted in modifier instances over the whole tree (not nodes). */
export interface UpdateCounts {
  created: number; updated: number; unchanged: number; removed: number;
  /** Images with a symbol transition that left (first) or entered the tree in this update. */
  symbolTransitions?: Array<{ node: string; effect: SymbolEffectName; phase: 'enter' | 'leave' }>;
}

export interface ResolvedSwipeAction {
  id: string;
  label: string | null;
  systemImage: string | null;
  symbolVariant: 'fill' | null;
  /** `#RRGGBBAA`. */
  tint: string | null;
  role: SwipeActionRole | null;
  modifier: number;
}

/** A frame size in a snapshot: a number, or `"infinity"` (a plugin's own frame filling the space offered). */
export type ResolvedSize = number | 'infinity';
/** A shape in a snapshot: ExpoUI's, or a shape type of a plugin's own. */
export type ResolvedShape = ShapeName | (string & {});

/**
 * One style modifier's effect in a snapshot; colours as `#RRGGBBAA`. These are ExpoUI's; a
 * front-end should ignore a `$style` it does not know (a plugin may add its own).
 */
export type ResolvedStyle =
  | { $style: 'padding'; top: number; leading: number; bottom: number; trailing: number }
  | {
    $style: 'frame'; alignment: FrameAlignment;
    width?: ResolvedSize; height?: ResolvedSize;
    minWidth?: ResolvedSize; idealWidth?: ResolvedSize; maxWidth?: ResolvedSize;
    minHeight?: ResolvedSize; idealHeight?: ResolvedSize; maxHeight?: ResolvedSize;
  }
  | { $style: 'background'; color: string; shape?: ResolvedShape; cornerRadius?: number }
  | { $style: 'foregroundStyle'; color: string }
  /** `style`: a SwiftUI text style ("body", "title", ...) the params made (a weight or design alone gives "body"). */
  | { $style: 'font'; family?: string; size?: number; weight?: FontWeight; design?: FontDesign; style?: string }
  | { $style: 'opacity'; value: number }
  | { $style: 'cornerRadius'; radius: number }
  | { $style: 'border'; color: string; width: number }
  | { $style: 'listRowBackground'; color: string }
  | { $style: 'badge'; value: string }
  | { $style: 'deleteDisabled'; disabled: boolean }
  | { $style: 'contentShape'; shape: ResolvedShape; cornerRadius?: number }
  /** A style recorded by SwiftUI's name (shadow, blur, bold, listStyle, ...): its params as the host read them. */
  | { $style: RecordedStyleName; [argument: string]: string | number | boolean };

/** The `$style`s the host records by SwiftUI's name. */
export type RecordedStyleName =
  | 'shadow' | 'offset' | 'fixedSize' | 'clipped' | 'aspectRatio' | 'zIndex' | 'layoutPriority' | 'scaleEffect' | 'rotationEffect'
  | 'blur' | 'brightness' | 'contrast' | 'saturation' | 'hueRotation' | 'colorInvert' | 'grayscale' | 'luminanceToAlpha'
  | 'bold' | 'italic' | 'monospacedDigit' | 'kerning' | 'lineSpacing' | 'lineLimit' | 'truncationMode' | 'textCase'
  | 'underline' | 'strikethrough' | 'multilineTextAlignment' | 'allowsTightening' | 'textSelection'
  | 'listRowInsets' | 'listRowSeparator' | 'listStyle' | 'moveDisabled' | 'scrollContentBackground' | 'headerProminence'
  | 'badgeProminence' | 'buttonStyle' | 'toggleStyle' | 'pickerStyle' | 'datePickerStyle' | 'gaugeStyle' | 'progressViewStyle'
  | 'labelStyle' | 'textFieldStyle' | 'controlSize' | 'labelsHidden' | 'submitLabel'
  | 'accessibilityLabel' | 'accessibilityHint' | 'accessibilityValue'
  | 'tag' | 'environment' | 'gridCellAnchor' | 'animation' | 'scrollDisabled' | 'containerRelativeFrame'
  | 'presentationBackgroundInteraction'
  | 'clipShape' | 'mask' | 'containerShape' | 'overlay' | 'backgroundOverlay' | 'rotation3DEffect' | 'listSectionSpacing' | 'listSectionMargins' | 'gridCellColumns' | 'gridCellUnsizedAxes' | 'gridColumnAlignment' | 'resizable'
  | 'ignoreSafeArea' | 'glassEffect' | 'glassEffectId' | 'matchedGeometryEffect' | 'scrollDismissesKeyboard' | 'scrollTargetBehavior' | 'scrollTargetLayout' | 'defaultScrollAnchor' | 'defaultScrollAnchorForRole' | 'menuActionDismissBehavior' | 'keyboardType' | 'autocorrectionDisabled' | 'textInputAutocapitalization' | 'textContentType' | 'presentationDragIndicator' | 'interactiveDismissDisabled';

// ---------------------------------------------------------------- SF Symbols

/** Effects that run once per change of a value (`symbolEffect({effect, value})`). */
export type DiscreteSymbolEffect = 'bounce' | 'bounceUp' | 'bounceDown' | 'pulse' | 'variableColor' | 'wiggle' | 'rotate' | 'breathe';
/** Effects that run while active (`symbolEffect({effect, isActive})`). */
export type IndefiniteSymbolEffect = DiscreteSymbolEffect | 'scale' | 'scaleUp' | 'scaleDown' | 'appear' | 'disappear' | 'drawOn' | 'drawOff';
/** Effects that run when an image enters or leaves (`transition(effect)`). */
export type TransitionSymbolEffect = 'appear' | 'disappear' | 'drawOn' | 'drawOff' | 'automatic';
/** Effects that run when the symbol shown changes (`contentTransition(effect)`). */
export type ContentTransitionSymbolEffect = 'replace' | 'automatic';
export type SymbolEffectName = IndefiniteSymbolEffect | TransitionSymbolEffect | ContentTransitionSymbolEffect;
export type SymbolEffectKind = 'discrete' | 'indefinite' | 'transition' | 'contentTransition';
export type SymbolEffectRepeat = 'default' | 'repeating' | 'nonRepeating' | 'continuous' | 'periodic';
/** SwiftUI's SymbolEffectOptions; `count` and `delay` go with `repeat: 'periodic'` (or no repeat). */
export type SymbolEffectOptions = { repeat?: SymbolEffectRepeat; count?: number; delay?: number; speed?: number };
export type SymbolEffectParams =
  | { effect: DiscreteSymbolEffect; value: string | number | boolean; isActive?: never; options?: SymbolEffectOptions }
  | { effect: IndefiniteSymbolEffect; value?: never; isActive?: boolean; options?: SymbolEffectOptions };
export type SymbolScale = NonNullable<ImageScaleParams['scale']>;
export type SymbolRenderingMode = NonNullable<SymbolRenderingModeParams['mode']>;
/** SF Symbols' variant suffixes, in their order: slash, then an enclosure, then fill. */
export type SymbolVariant = NonNullable<SymbolVariantParams['variant']>;

export declare const SYMBOL_EFFECT_KINDS: { readonly [E in SymbolEffectName]: readonly SymbolEffectKind[] };
export declare const SYMBOL_EFFECTS: readonly SymbolEffectName[];
export declare const SYMBOL_SCALES: readonly SymbolScale[];
export declare const SYMBOL_RENDERING_MODES: readonly SymbolRenderingMode[];
export declare const SYMBOL_VARIANTS: readonly SymbolVariant[];
export declare const SYMBOL_REPEATS: readonly SymbolEffectRepeat[];

/** A symbol effect on the images at or under the node: discrete with `value`, indefinite with `isActive` (default true). */
export declare function symbolEffect<P extends SymbolEffectParams>(params: P): ModifierConfig<'symbolEffect', P>;
/** Expo UI's effect object: a name, with the directions the host models (`bounce` up/down, `scale` up/down). */
export type ExpoSymbolEffect =
  | { effect: Exclude<IndefiniteSymbolEffect, 'bounce' | 'scale'> }
  | { effect: 'bounce'; direction?: 'up' | 'down' }
  | { effect: 'scale'; scale?: 'up' | 'down' };
/** Expo UI's options: `repeat` is 'continuous', 'nonRepeating' or a periodic {count?, delay?}. */
export type ExpoSymbolEffectOptions = { repeat?: SymbolEffectRepeat | { count?: number; delay?: number }; speed?: number };
/** Expo UI's call: the effect, then `{value}` (discrete) or `{isActive}` (indefinite) and `options`. */
export declare function symbolEffect(
  effect: ExpoSymbolEffect | IndefiniteSymbolEffect,
  args?: { value?: undefined; isActive?: boolean; options?: ExpoSymbolEffectOptions },
): ModifierConfig<'symbolEffect', { effect: IndefiniteSymbolEffect; isActive?: boolean; options?: SymbolEffectOptions }>;
export declare function symbolEffect(
  effect: ExpoSymbolEffect | DiscreteSymbolEffect,
  args: { value: string | number | boolean; isActive?: undefined; options?: ExpoSymbolEffectOptions },
): ModifierConfig<'symbolEffect', { effect: DiscreteSymbolEffect; value: string | number | boolean; options?: SymbolEffectOptions }>;
export declare function transition(symbolEffect: TransitionSymbolEffect, options?: SymbolEffectOptions): ModifierConfig<'transition', { symbolEffect: TransitionSymbolEffect; options?: SymbolEffectOptions }>;
export declare function contentTransition(symbolEffect: ContentTransitionSymbolEffect, options?: SymbolEffectOptions): ModifierConfig<'contentTransition', { symbolEffect: ContentTransitionSymbolEffect; options?: SymbolEffectOptions }>;

/**
 * SymbolView's effects (react-native-nitro-symbols' names; the host's camelCase names work too).
 * Discrete, run once each time `isAnimating` changes: bounce, wiggle. Indefinite, run while
 * `isAnimating`: pulse, variablecolor, breathe, rotate, scaleup, scaledown, drawon. Transition,
 * run when the view appears: appear. Content transition, run when `symbolName` changes: replace.
 */
export type SymbolViewEffect =
  | 'bounce' | 'wiggle' | 'pulse' | 'variablecolor' | 'breathe' | 'rotate' | 'scaleup' | 'scaledown' | 'drawon' | 'appear' | 'replace'
  | 'variableColor' | 'scaleUp' | 'scaleDown' | 'drawOn';
export declare const SYMBOL_VIEW_EFFECTS: { readonly [name: string]: { readonly effect: SymbolEffectName; readonly runs: 'discrete' | 'indefinite' | 'transition' | 'content' } };
export declare const SYMBOL_VIEW_PROPS: readonly string[];
/** nitro-symbols' weights (lowercase) or the host's. */
export type SymbolWeight = Lowercase<FontWeight> | FontWeight;

/**
 * react-native-nitro-symbols' props. `Name` lets an app narrow `symbolName` to its own union of
 * SF Symbol names (digit-led ones such as `'01.circle'` are plain string literals).
 */
export interface SymbolViewProps<Name extends string = string> {
  symbolName: Name;
  /** Default 24. */
  pointSize?: number;
  weight?: SymbolWeight;
  tintColor?: Color;
  /** Up to three layer colours (palette); any colour the host's Color takes. Not with tintColor. */
  colors?: [Color] | [Color, Color] | [Color, Color, Color];
  isAnimating?: boolean;
  /** False: nothing is rendered (the image leaves the tree). */
  isVisible?: boolean;
  /** Default 'medium'. */
  scale?: SymbolScale;
  effect?: SymbolViewEffect;
  variant?: SymbolVariant;
  renderingMode?: SymbolRenderingMode;
  /** More modifiers, after the ones the props map to. */
  modifiers?: AnyModifierConfig[];
  key?: string | number | null;
}
/** An SF Symbol: an Image node with the modifiers its props map to, or null while `isVisible` is false. */
export declare function SymbolView(props: SymbolViewProps): Node | null;
/** SymbolView's node, whatever `isVisible` says. */
export declare function symbolViewNode<Name extends string = string>(props: SymbolViewProps<Name>): Node;

/** A discrete effect in a snapshot: how many times a change of its value ran it. */
export type ResolvedSymbolEffect =
  | { effect: SymbolEffectName; kind: 'discrete'; runs: number; options?: SymbolEffectOptions }
  | { effect: SymbolEffectName; kind: 'indefinite'; active: boolean; options?: SymbolEffectOptions };

/** What the symbol modifiers reaching an Image do to it, and what has run (snapshot). */
export interface ResolvedSymbol {
  systemName: string;
  /** systemName with the variants added. */
  shown: string;
  variant?: string;
  scale?: SymbolScale;
  renderingMode?: SymbolRenderingMode;
  weight?: FontWeight;
  pointSize?: number;
  /** `#RRGGBBAA`. */
  colors?: string[];
  effects?: ResolvedSymbolEffect[];
  transition?: { effect: SymbolEffectName; ranOnEnter: boolean; options?: SymbolEffectOptions };
  contentTransition?: { effect: SymbolEffectName; runs: number; options?: SymbolEffectOptions };
}

/** The gesture and lifecycle handlers a node has, in this order. */
export type HandlerKind = 'tap' | 'longPress' | 'appear' | 'disappear' | 'refresh' | 'submit';

export interface ResolvedNode {
  type: string;
  id: string;
  key?: string;
  props?: { [prop: string]: JSONValue };
  modifiers?: Array<{ $type: string }>;
  tint?: string;
  /** The style modifiers' effects in the order they apply (innermost first). */
  styles?: ResolvedStyle[];
  handlers?: HandlerKind[];
  /** True when the node or an ancestor is disabled. */
  disabled?: true;
  /** True when the node itself is hidden. */
  hidden?: true;
  /** On a List or ScrollView with a refreshable in reach: whether a refresh is running. */
  refreshing?: boolean;
  /** A gesture on a view in a plugin view's body: that view's path (`"0/3"`). */
  element?: string;
  /** The view's own events the front-end listens to. */
  events?: string[];
  /** TextField, Toggle, Slider: the value the host shows. */
  value?: JSONValue;
  swipeActions?: {
    leading: ResolvedSwipeAction[];
    trailing: ResolvedSwipeAction[];
    allowsFullSwipe: { leading: boolean; trailing: boolean };
    revealed: SwipeEdge | null;
  };
  /** With a searchable: the field's text now, prompt, placement and the modifier's index. */
  search?: { text: string; prompt: string | null; placement: SearchFieldPlacement; modifier: number };
  /** With presentationDetents: the detents smallest first, the one the sheet is at, the modifier's index. */
  sheet?: { detents: PresentationDetent[]; selection: PresentationDetent; modifier: number };
  /** On an Image with a systemName that a symbol modifier reaches. */
  symbol?: ResolvedSymbol;
  children?: ResolvedNode[];
}

export interface SwipeGesture { gesture: 'swipe'; edge: SwipeEdge; full?: boolean }
export interface TapActionGesture { gesture: 'tapAction'; id: string }
/** `count`: an integer >= 1 (default 1). */
export interface TapGesture { gesture: 'tap'; count?: number }
/** `duration`: seconds (>= 0). */
export interface LongPressGesture { gesture: 'longPress'; duration: number }
/** On a List or ScrollView. */
export interface RefreshGesture { gesture: 'refresh' }
/** On a TextField. */
export interface SubmitGesture { gesture: 'submit' }
/** On a TextField: `text` is appended, or replaces the text with `replace: true`. */
export interface TypeGesture { gesture: 'type'; text: string; replace?: boolean }
/** On a Slider: clamped to min...max and rounded to the step. */
export interface SlideGesture { gesture: 'slide'; value: number }
/** On a node with presentationDetents: one of its detents. */
export interface DetentGesture { gesture: 'detent'; detent: PresentationDetent }
export type Gesture =
  | SwipeGesture | TapActionGesture | TapGesture | LongPressGesture | RefreshGesture | SubmitGesture
  | TypeGesture | SlideGesture | DetentGesture
  | { gesture: string; [param: string]: JSONValue };

export interface InteractResult {
  handled: boolean;
  /** After a swipe: the revealed action ids. */
  revealed?: string[];
  edge?: SwipeEdge;
  /** After a tap or a full swipe: the action that ran. */
  performed?: string;
  /** tap, longPress, refresh: the node whose handler ran (it may be an ancestor of the one aimed at). */
  node?: string;
  /** The handler's modifier index on its node. */
  modifier?: number;
  /** refresh: true (the refresh is running until the refreshable's function settles). */
  refreshing?: boolean;
  /** submit: every onSubmit that ran, innermost first (`view` for a TextField's own onSubmit). */
  handlers?: Array<{ node: string; modifier?: number; view?: string }>;
  /** A view's own action or change (Button, Toggle, TextField, Slider): its view type. */
  view?: string;
  /** Toggle, TextField, Slider: the value the host shows now. */
  value?: JSONValue;
  /** type into a search field: "search". */
  field?: 'search';
  /** detent: the detent the sheet is at now, and whether it moved. */
  detent?: PresentationDetent;
  changed?: boolean;
  /** When not handled: why. */
  reason?: string;
  [member: string]: unknown;
}

// ---------------------------------------------------------------- notifications

/**
 * An `event` notification: a modifier's event (`modifier` set, payload keyed by its `$type`), or
 * a view's own event (`view` set, no `modifier`; payload keyed by the event's name:
 * `{"onTextChange": {"value": "text now"}}`, `{"onPress": {}}`).
 */
export interface EventNotification {
  surface: string;
  node: string;
  modifier?: number;
  /** A view event: the node's view type. */
  view?: string;
  payload: { [type: string]: JSONValue };
}

/** A native module's event: `{module, event, payload}`. */
export interface ModuleEventNotification {
  module: string;
  event: string;
  payload: JSONValue;
}

export interface Diagnostic {
  severity: 'warning' | 'error';
  code: string;
  message: string;
  surface?: string;
  node?: string;
  path?: string;
  /** `"client"` for diagnostics this client raised (e.g. `event-without-listener`); absent for the host's. */
  source?: 'client';
  /** `unknown-param`: the member that is not declared, the keys declared there, the one it likely meant. */
  key?: string;
  known?: string[];
  suggestion?: string;
  /** `plugin-crashed`: the quarantined plugin's name and its crash (`path` is its folder). */
  plugin?: string;
  crash?: PluginCrash;
  modifier?: number;
  payload?: unknown;
  error?: unknown;
  /** `listener-threw` for a module event's listener: the module and event. */
  module?: string;
  event?: string;
}

/** `changed`: types still registered whose code changed (reloaded, or another plugin took them). */
export interface PluginsChanged { added: string[]; removed: string[]; changed: string[] }

/**
 * A `plugin-crashed` diagnostic, told from this Connection's side: when a new engine takes the
 * connection over after a plugin ended the last one (just before `engineRestarted`), and for each
 * quarantined plugin at each (re)connect. `mine` is true when the request the plugin crashed in was
 * sent by this Connection (same pid, and one of its requests still waiting for an answer, or in
 * flight when its connection dropped). That request then rejects with ModhostError -32005
 * (`ENGINE_RESTARTED`) and the same `requestId`, or, when the connection itself dropped (no
 * supervisor), with `ERR_MODHOST_DISCONNECTED`.
 */
export type PluginCrashedEvent = {
  plugin: string;
  /** The plugin's folder. */
  path: string;
  crash: PluginCrash;
  message: string;
} & (
  | { mine: true; requestId: number; method: string; params: unknown }
  | { mine: false; requestId?: undefined; method?: undefined; params?: undefined }
);

/**
 * `closed`: `host.close()`; `lost`: the connection dropped with `reconnect: false`;
 * `reconnectFailed`: `reconnect.maxAttempts` attempts failed (`error` is the final
 * ModhostConnectionError, code `ERR_MODHOST_RECONNECT_FAILED`; also `host.closeError`).
 */
export interface CloseInfo { reason: 'closed' | 'lost' | 'reconnectFailed'; error?: Error }
export interface ReconnectInfo {
  attempts: number;
  /** Surfaces mounted again from their latest accepted tree. */
  surfaces: string[];
  /** Surfaces the new host refused (e.g. a quarantined type): now unmounted, see `Surface.error`. */
  lost: string[];
  server: InitializeResult;
}
/** Why an engine ended: `engineRestarted.reason` and `ModhostError.data.reason` of -32005. */
export type EngineEndReason = 'plugin-crashed' | 'plugin-hung' | 'memory-limit' | 'engine-crashed' | 'engine-unresponsive';

/**
 * The `engineRestarted` notification: the engine that served this connection ended (a plugin
 * crashed or hung it, it ran out of memory, or it crashed outside plugin code) and a new one
 * serves the same connection on. The daemon rebuilt the connection's surfaces from their last
 * committed trees, without running `onAppear` again (a revealed swipe is closed, a refresh ends);
 * the client mounts nothing again. A surface with `status: "failed"` is gone: the Connection marks
 * it unmounted (`Surface.error` is its `error`) and reports a `remount-failed` diagnostic.
 */
export interface EngineRestartedInfo {
  reason: EngineEndReason | string;
  message: string;
  /** The plugin blamed (then quarantined), the kind of call (`body`, `action`, ...) and its modifier type or module. */
  plugin?: string;
  call?: string;
  detail?: string;
  surfaces: { surface: string; status: 'rebuilt' | 'failed'; error?: { code: number; message: string; data?: any } }[];
}

/** `nextDelayMs` is null after the last attempt `reconnect.maxAttempts` allows (then `close` follows). */
export interface ReconnectFailedInfo { attempt: number; error: Error; nextDelayMs: number | null }

// ---------------------------------------------------------------- errors

/**
 * The code of the error a request gets when the engine ended while it ran or waited (a plugin
 * crashed or hung it): `data: {reason, method, plugin?, call?, detail?}`. The connection goes on.
 */
export declare const ENGINE_RESTARTED: -32005;

/** `data` of a -32005 (ENGINE_RESTARTED) error. */
export interface EngineRestartedErrorData {
  reason: EngineEndReason | string;
  /** The method of the request. */
  method: string;
  /** The plugin blamed, the kind of call and its modifier type or module, when one was. */
  plugin?: string;
  call?: string;
  detail?: string;
}

/**
 * An error the host answered: JSON-RPC `code`, `data` (with `data.path` where it helps), message,
 * `method`, `requestId`. Code -32005 (`ENGINE_RESTARTED`, `engineRestarted: true`): the engine ended
 * while this request ran; `data.plugin` names the plugin blamed and `data.reason` why (see
 * EngineRestartedErrorData). Whether it took effect is unknown, and sending it again would meet the
 * quarantine (its modifiers now mount inert).
 */
export declare class ModhostError extends Error {
  constructor(error: { code: number; message: string; data?: any }, method?: string, requestId?: number);
  readonly name: 'ModhostError';
  code: number;
  data?: { path?: string; expected?: string; got?: string; [k: string]: unknown } & Partial<EngineRestartedErrorData>;
  /** The method that failed. */
  method?: string;
  /** The JSON-RPC id the request was sent with (see `PluginCrashedEvent.requestId`). */
  requestId?: number;
  /** Same as `data.path`. */
  readonly path: string | undefined;
  /** Whether `code` is -32005: the engine ended while this request ran or waited. */
  readonly engineRestarted: boolean;
  /**
   * A `mount` rejected with -32005 that the ended engine had committed: the new engine rebuilt
   * the surface, and this is it (mounted, with the tree of that mount). Otherwise undefined.
   */
  surface?: Surface;
}

export type ConnectionErrorCode =
  /** Sent, then the connection dropped before the answer: the host may or may not have acted on it. */
  | 'ERR_MODHOST_DISCONNECTED'
  /** Never reached the host (e.g. an `interact` while reconnecting); safe to send again. */
  | 'ERR_MODHOST_NOT_SENT'
  | 'ERR_MODHOST_CLOSED'
  | 'ERR_MODHOST_CONNECT'
  /** The socket, or its folder, belongs to another user or others may replace it: nothing was sent. */
  | 'ERR_MODHOST_SOCKET_OWNER'
  | 'ERR_MODHOST_SURFACE_GONE'
  /** The Connection gave up after `reconnect.maxAttempts` failed attempts; nothing waiting was sent. */
  | 'ERR_MODHOST_RECONNECT_FAILED'
  /** Not answered within its time limit: see ModhostTimeoutError. */
  | 'ERR_MODHOST_TIMEOUT';

/** The connection was lost or closed, or a request could not be sent. */
export declare class ModhostConnectionError extends Error {
  constructor(message: string, code?: ConnectionErrorCode, details?: {
    method?: string; requestId?: number; attempts?: number; socketPath?: string; cause?: unknown;
  });
  readonly name: 'ModhostConnectionError' | 'ModhostTimeoutError';
  code: ConnectionErrorCode;
  /** The request's method, when the error is about one request. */
  method?: string;
  /** `ERR_MODHOST_DISCONNECTED`: the JSON-RPC id it was sent with (see `PluginCrashedEvent.requestId`). */
  requestId?: number;
  /** `ERR_MODHOST_RECONNECT_FAILED`: how many reconnect attempts failed. */
  attempts?: number;
  /** `ERR_MODHOST_RECONNECT_FAILED`, `ERR_MODHOST_TIMEOUT`: the socket it was talking to. */
  socketPath?: string;
  /** `ERR_MODHOST_RECONNECT_FAILED`: the last attempt's error. */
  cause?: unknown;
}

/**
 * A request was not answered within its time limit (`requestTimeoutMs`, or a call's `timeoutMs`).
 * `sent: false`: it was still waiting for a reconnect and never reached the host. `sent: true`:
 * the host may still act on it; its late answer is dropped.
 */
export declare class ModhostTimeoutError extends ModhostConnectionError {
  constructor(method: string, timeoutMs: number, details?: { sent?: boolean; requestId?: number; socketPath?: string });
  readonly name: 'ModhostTimeoutError';
  code: 'ERR_MODHOST_TIMEOUT';
  method: string;
  /** The limit that passed, in ms. */
  timeoutMs: number;
  sent: boolean;
}

/** Per request: `timeoutMs` overrides the Connection's `requestTimeoutMs` (0: no limit). */
export interface RequestOptions {
  timeoutMs?: number;
}

// ---------------------------------------------------------------- host and surfaces

export interface ReconnectOptions {
  /** First delay after a lost connection (default 100 ms); doubles per failed attempt. */
  initialDelayMs?: number;
  /** Ceiling of the delay (default 5000 ms). */
  maxDelayMs?: number;
  /**
   * Attempts before giving up (an integer >= 1; default Infinity). After the last one fails the
   * Connection closes: waiting requests reject and `close` comes with `reason: 'reconnectFailed'` and an
   * `ERR_MODHOST_RECONNECT_FAILED` error naming the attempts, the socket and the last error.
   */
  maxAttempts?: number;
}

export interface ConnectOptions {
  /** Default: `$MODHOST_SOCKET`, `$XDG_RUNTIME_DIR/modhost/modhost.sock`, `/tmp/modhost-$UID/modhost.sock`. */
  socket?: string;
  /** Sent in `initialize` (default `"modhost-js"`). */
  clientName?: string;
  clientVersion?: string;
  /** Reconnect with backoff when the socket closes unexpectedly (default on); `false` turns it off. */
  reconnect?: ReconnectOptions | boolean;
  /** Largest frame accepted from the host (default 16 MiB). */
  maxFrame?: number;
  /**
   * Time limit of every request in ms, `initialize` and the re-mounts after a reconnect included
   * (default none; 0 or Infinity: none). A request not answered in time rejects with
   * ModhostTimeoutError (`ERR_MODHOST_TIMEOUT`).
   */
  requestTimeoutMs?: number;
  /**
   * A `diagnostic` listener added before anything is sent: it hears the diagnostics the host
   * sends while answering `initialize` (e.g. `plugin-load-failed`) before `connect()` resolves,
   * and every later one.
   */
  onDiagnostic?: (diagnostic: Diagnostic) => void;
  /**
   * Ask the host for strict params (default false): a modifier object member its type does not
   * declare (a misspelt param) then fails the `mount` or `update` with -32602 at its path,
   * instead of the `unknown-param` warning diagnostic. Kept across reconnects.
   */
  strictParams?: boolean;
  /**
   * Send only what changed on `update` when the host takes patches (default true): the host then
   * spends on a change what it changes, not what the surface holds. `false` sends whole trees.
   */
  patches?: boolean;
}

export interface HostEvents {
  diagnostic: [Diagnostic];
  /** Also after a reconnect, when the new host serves other types (e.g. a plugin was quarantined). */
  pluginsChanged: [PluginsChanged];
  pluginCrashed: [PluginCrashedEvent];
  event: [EventNotification];
  /** Every module event (also of modules nobody required here), before its module's listeners run. */
  moduleEvent: [ModuleEventNotification];
  close: [CloseInfo];
  /** A new engine serves this connection on, its surfaces rebuilt: no disconnect, nothing to mount again. */
  engineRestarted: [EngineRestartedInfo];
  /** The daemon itself went away (with `--no-supervisor`, also an engine's end): the Connection reconnects. */
  disconnect: [{ error?: Error }];
  reconnect: [ReconnectInfo];
  reconnectFailed: [ReconnectFailedInfo];
  notification: [{ method: string; params: unknown }];
}

/** A node to act on: its key or index path, or a node a query found (its `id`). */
export type NodeRef = string | { id: string };
/** What a query compares text with: the same string, or a match of a RegExp. */
export type TextMatch = string | RegExp;
/** The roles getByRole knows: Button, Toggle (and Switch), Slider, TextField, Image, Text and Label, List and Form, and ProgressView, Gauge, DisclosureGroup. */
export type NodeRole = 'button' | 'switch' | 'slider' | 'textbox' | 'image' | 'text' | 'list' | 'link' | 'progressbar' | 'meter' | 'group';
/** How long a findBy* query waits, and how often it looks again. */
export interface FindOptions { timeout?: number; interval?: number }

export declare class Surface {
  /** The Connection this surface lives on. */
  readonly connection: Connection;
  /** @deprecated the same Connection: use `connection`. */
  readonly host: Connection;
  readonly name: string;
  readonly state: 'mounted' | 'unmounted';
  readonly mounted: boolean;
  /** Why the host could not mount it again after a reconnect or an engine restart (it is then unmounted). */
  readonly error: Error | undefined;
  /** The latest tree the host accepted (with its listeners). */
  readonly tree: Node | null;
  /**
   * Reconciles with `tree`; a failure changes nothing (tree and listeners stay). Sends only what
   * changed since the tree the host has (`ConnectOptions.patches`); the counts are the same.
   */
  update(tree: Node): Promise<UpdateCounts>;
  unmount(): Promise<{}>;
  snapshot(): Promise<{ root: ResolvedNode }>;
  /** `node` is a key, an index path such as "0/2/1", or a node a query found. */
  interact(node: NodeRef, gesture: Gesture | string): Promise<InteractResult>;
  swipe(node: NodeRef, edge: SwipeEdge, options?: { full?: boolean }): Promise<InteractResult>;
  tapAction(node: NodeRef, id: string): Promise<InteractResult>;
  /** A tap (`count` taps, default 1); resolves with `{handled, node, modifier}` of the handler that ran. */
  tap(node: NodeRef, options?: { count?: number; element?: string }): Promise<InteractResult>;
  /** A press of `duration` seconds. */
  longPress(node: NodeRef, duration: number): Promise<InteractResult>;
  /** Pull to refresh on a List or ScrollView: `{handled, node, modifier, refreshing: true}`. */
  refresh(node: NodeRef): Promise<InteractResult>;
  /** Submits a TextField: `{handled, handlers: [{node, modifier}, ...]}`. */
  submit(node: NodeRef, options?: { element?: string }): Promise<InteractResult>;
  /** Types into a TextField (appends; `replace: true` replaces): `{handled, node, view, value}`. */
  typeText(node: NodeRef, text: string, options?: { replace?: boolean; element?: string }): Promise<InteractResult>;
  /** Moves a Slider: `{handled, node, view, value}` (the value clamped and rounded by the host). */
  slide(node: NodeRef, value: number, options?: { element?: string }): Promise<InteractResult>;
  /** Drags the sheet whose content is `node` to one of its detents: `{handled, node, modifier, detent, changed}`. */
  detent(node: NodeRef, detent: PresentationDetent): Promise<InteractResult>;
  /** Dismisses what presents `node` (a BottomSheet, a Popover): `{handled, node, view}` (the presenting view). */
  dismiss(node: NodeRef): Promise<InteractResult>;
  // Finding nodes as a user sees them, as testing-library does: getBy* (exactly one),
  // queryBy* (one or null), getAllBy* (one or more), findBy*/findAllBy* (waiting up to
  // `timeout` ms, default 1000). None (or several for getBy*) is an error
  // (ERR_MODHOST_NO_MATCH, ERR_MODHOST_MULTIPLE_MATCHES) listing what the tree has and the
  // closest. Text is a Text's (its segments joined), a Label's title or a Button's label; a
  // role's name is the node's accessibilityLabel, its text, label or placeholder, or the text
  // inside it.
  getByTestId(id: TextMatch): Promise<ResolvedNode>;
  queryByTestId(id: TextMatch): Promise<ResolvedNode | null>;
  getAllByTestId(id: TextMatch): Promise<ResolvedNode[]>;
  findByTestId(id: TextMatch, options?: FindOptions): Promise<ResolvedNode>;
  findAllByTestId(id: TextMatch, options?: FindOptions): Promise<ResolvedNode[]>;
  getByText(text: TextMatch): Promise<ResolvedNode>;
  queryByText(text: TextMatch): Promise<ResolvedNode | null>;
  getAllByText(text: TextMatch): Promise<ResolvedNode[]>;
  findByText(text: TextMatch, options?: FindOptions): Promise<ResolvedNode>;
  findAllByText(text: TextMatch, options?: FindOptions): Promise<ResolvedNode[]>;
  getByRole(role: NodeRole, options?: { name?: TextMatch }): Promise<ResolvedNode>;
  queryByRole(role: NodeRole, options?: { name?: TextMatch }): Promise<ResolvedNode | null>;
  getAllByRole(role: NodeRole, options?: { name?: TextMatch }): Promise<ResolvedNode[]>;
  findByRole(role: NodeRole, options?: { name?: TextMatch } & FindOptions): Promise<ResolvedNode>;
  findAllByRole(role: NodeRole, options?: { name?: TextMatch } & FindOptions): Promise<ResolvedNode[]>;
}

// ---------------------------------------------------------------- native modules

/** What `addListener` returns; `remove()` stops that one registration (twice is harmless). */
export interface EventSubscription { remove(): void }

/** Event name to listener signature, as expo-modules-core's EventEmitter types them. */
export type EventsMap = { [eventName: string]: (payload: any) => void };

/** The events side of a native module object, like expo-modules-core's EventEmitter. */
export interface NativeModuleEvents<E extends EventsMap = EventsMap> {
  readonly moduleName: string;
  addListener<K extends keyof E & string>(eventName: K, listener: E[K]): EventSubscription;
  removeListener<K extends keyof E & string>(eventName: K, listener: E[K]): void;
  removeAllListeners(eventName?: keyof E & string): void;
  listenerCount(eventName: keyof E & string): number;
  /** Calls this side's listeners as if the host had sent the event; returns how many ran. */
  emit<K extends keyof E & string>(eventName: K, payload: Parameters<E[K]>[0]): number;
}

/** Any function of any module: a Promise of its JSON result. */
export type NativeModuleFunctions = { [name: string]: (...args: any[]) => Promise<any> };

/**
 * A native module object: the module's functions (`F`) called by name over `callFunction`, and
 * its events (`E`).
 */
export type NativeModule<F extends object = NativeModuleFunctions, E extends EventsMap = EventsMap> = F & NativeModuleEvents<E>;

/** The bundled ExpoUI module. */
export interface ExpoUIFunctions {
  /** Ends refresh `id`; refreshable calls it itself. Rejects with -32003 when `id` is not refreshing. */
  completeRefresh(id: string): Promise<null>;
}
export type ExpoUIModule = NativeModule<ExpoUIFunctions>;

/**
 * A front-end's session with modhostd: one socket, reconnected after daemon restarts, holding
 * the surfaces it mounted. (Called `Host` before; in Expo UI `<Host>` is the component holding a
 * SwiftUI tree, which here is a Surface.)
 */
export declare class Connection {
  constructor(options?: ConnectOptions);
  readonly socketPath: string;
  /** The `initialize` result of the current connection. */
  readonly server: InitializeResult;
  readonly surfaces: Map<string, Surface>;
  readonly state: 'new' | 'open' | 'reconnecting' | 'closed';
  readonly connected: boolean;
  /** The default time limit of a request (`ConnectOptions.requestTimeoutMs`). */
  readonly requestTimeoutMs: number | undefined;
  /** Whether `initialize` asks for strict params (`ConnectOptions.strictParams`). */
  readonly strictParams: boolean;
  /** Whether updates send patches when the host takes them (`ConnectOptions.patches`). */
  readonly patches: boolean;
  /**
   * The diagnostics received while `start()` made the first connection (the host sends them with
   * its `initialize` answer). Those no listener heard then are emitted again on the Connection (as are
   * `pluginCrashed` events) once `start()` has resolved, in a later turn of the event loop: a
   * listener added right after `await connect()` hears them once.
   */
  readonly startupDiagnostics: Diagnostic[];
  /** Why the Connection closed itself (`ERR_MODHOST_RECONNECT_FAILED`); undefined otherwise. */
  readonly closeError: ModhostConnectionError | undefined;
  /** Connects and sends `initialize` (what `connect()` does after `new Connection`); add listeners first to hear what comes with it. */
  start(): Promise<this>;
  /**
   * Makes user events discrete: after an event's function ran, the next event waits until
   * `gate()` resolves (@modhost/react's root: until the updates it caused are on the host).
   * The first event of a burst runs at once; `onAppear`/`onDisappear` never wait. Returns a
   * function that removes the gate.
   */
  addEventGate(gate: () => unknown): () => void;
  /** Whether user events wait for a gate, or are being run after one. */
  readonly hasHeldEvents: boolean;
  /** Resolves once the user events held now have run. */
  heldEventsDone(): Promise<void>;
  mount(name: string, tree: Node): Promise<Surface>;
  describe(): Promise<DescribeResult>;
  /** Asks the host to rescan its plugin folders now. */
  reload(): Promise<ReloadResult>;
  /** Lets a quarantined plugin load again (by name); resolves like `reload`. */
  enablePlugin(name: string): Promise<ReloadResult>;
  ping(): Promise<{}>;
  /**
   * Calls `module.fn(...args)` on the host; resolves with its result (null for none). A throw in
   * the function rejects with ModhostError -32003 (`data.error`); an unknown module or function,
   * or bad arguments, with -32602 (`data.path`: module, function, args, args[i]...).
   */
  callFunction<R = unknown>(module: string, fn: string, args?: unknown[], options?: RequestOptions): Promise<R>;
  /**
   * The native module `name` of this Connection: functions by name, events by `addListener`. One object
   * per name; it keeps working across reconnects. The host is not asked whether the module
   * exists: calls to an unknown one reject with -32602.
   */
  requireNativeModule(name: 'ExpoUI'): ExpoUIModule;
  /**
   * Expo's `requireNativeView(moduleName, viewName?)`: a helper, like `Text`, for a view a
   * plugin's module declares (`View(RatingView.self)`), found in this connection's `viewInfo`
   * (`viewName` is its Swift type's name; without it, the module's first view). Its function
   * props are its events, called with `{nativeEvent: payload}`.
   */
  requireNativeView<P extends object = Record<string, unknown>>(moduleName: string, viewName?: string): NativeViewHelper<P>;
  /** Whether `connection` (an event's `info.connection`) is the one this Connection talks on now: false once it dropped or the Connection closed. */
  isCurrentConnection(connection: unknown): boolean;
  requireNativeModule<F extends object = NativeModuleFunctions, E extends EventsMap = EventsMap>(name: string): NativeModule<F, E>;
  /**
   * Any method. While reconnecting, requests wait for the new connection; `interact` rejects
   * (`ERR_MODHOST_NOT_SENT`). `options.timeoutMs` overrides `requestTimeoutMs`; the time counts
   * from this call, a wait for a reconnect included.
   */
  request<R = unknown>(method: string, params?: object | unknown[], options?: RequestOptions): Promise<R>;
  /** No reconnect, socket closed, timers cleared; waiting requests reject. */
  close(): Promise<void>;

  on<K extends keyof HostEvents>(event: K, listener: (...args: HostEvents[K]) => void): this;
  once<K extends keyof HostEvents>(event: K, listener: (...args: HostEvents[K]) => void): this;
  off<K extends keyof HostEvents>(event: K, listener: (...args: HostEvents[K]) => void): this;
  emit<K extends keyof HostEvents>(event: K, ...args: HostEvents[K]): boolean;
  removeAllListeners(event?: keyof HostEvents): this;
  listenerCount(event: keyof HostEvents): number;
}

/** @deprecated the old name of Connection, kept so existing code runs. */
export declare const Host: typeof Connection;
/** @deprecated the old name of Connection. */
export type Host = Connection;

/** Connects to modhostd and sends `initialize`: a Connection that is open. */
export declare function connect(options?: ConnectOptions): Promise<Connection>;
export declare function defaultSocketPath(env?: { [name: string]: string | undefined }): string;

export declare const PROTOCOL_VERSION: 1;
export declare const CLIENT_VERSION: string;

/** A frame (a Node Buffer): 4-byte big-endian length, then UTF-8 JSON. */
export declare function encodeFrame(message: unknown): Uint8Array;
export declare class FrameDecoder {
  constructor(maxFrame?: number);
  /** Takes Buffers; returns the bodies (Buffers) of the frames completed so far. */
  push(chunk: Uint8Array): Uint8Array[];
}
