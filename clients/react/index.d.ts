// Type declarations for @modhost/react. The view props are Expo UI's names (`@expo/ui/swift-ui`
// re-exports these components); wrong prop names or types are compile errors.
import type * as ReactTypes from 'react';
import type * as Plain from '../js/index.js';
import type { Connection, Diagnostic, Surface } from '../js/index.js';
import type * as Generated from './src/generated/bundled-views.js';

// ---------------------------------------------------------------- props
//
// Each view's props are the plain client's (clients/js/view-props.d.ts, exported by
// @modhost/client), so a prop is defined once for h(), the plain client's JSX, these components
// and @expo/ui. Only `children` differs: a view that holds views takes React nodes; `key` is
// React's own attribute, not a prop.

/** A plain-client view's props as a component of this package takes them (no `key`). */
type ReactViewProps<P> = Omit<P, 'key'>;
/** The same, for a view that holds views: its children are React nodes. */
type ReactContainerProps<P> = Omit<P, 'key' | 'children'> & { children?: ReactTypes.ReactNode };

export type { Modifiers, TextChild, HorizontalAlignment, VerticalAlignment, ButtonRole } from '../js/index.js';
/** A Text's or Label's children: text, joined into its text prop. */
export type TextChildren = Plain.TextChild;
/** A ZStack's (and a frame's) alignment. */
export type Alignment = Plain.FrameAlignment;

/** What every view takes. */
export interface ViewProps extends ReactViewProps<Plain.CommonViewProps> {}

/**
 * A surface, as Expo UI's `<Host>` holds a SwiftUI tree. Its one child is the surface's root
 * (none or several are put in a `VStack`). Expo UI's layout props are accepted and ignored.
 */
export interface HostProps {
  /** The surface's name on the connection (default: one made up per Host). */
  name?: string;
  children?: ReactTypes.ReactNode;
  style?: unknown;
  matchContents?: boolean | { vertical?: boolean; horizontal?: boolean };
  useViewportSizeMeasurement?: boolean;
  colorScheme?: 'light' | 'dark';
}

export interface ListProps extends ReactContainerProps<Plain.ListProps> {}
/** `header` and `footer` take an element (`header={<Text>…</Text>}`) or a string. */
export interface SectionProps extends Omit<ReactContainerProps<Plain.SectionProps>, 'header' | 'footer'> {
  header?: string | ReactTypes.ReactElement;
  footer?: string | ReactTypes.ReactElement;
}
export interface HStackProps extends ReactContainerProps<Plain.HStackProps> {}
export interface VStackProps extends ReactContainerProps<Plain.VStackProps> {}
export interface ZStackProps extends ReactContainerProps<Plain.ZStackProps> {}
export interface ScrollViewProps extends ReactContainerProps<Plain.ScrollViewProps> {}
/** Its text children become the node's `text`; nested `<Text>`s are segments, each with its own style. */
export interface TextProps extends ReactContainerProps<Plain.TextProps> {}
/** Text children become the node's `title`; element children are its title as views. */
export interface LabelProps extends Omit<ReactContainerProps<Plain.LabelProps>, 'icon'> {
  /** An element in place of `systemImage`. */
  icon?: ReactTypes.ReactElement;
}
/** `systemName` (required, as in Expo UI), `size`, `color`. */
export interface ImageProps extends ReactViewProps<Plain.ImageProps> {}
/** Text children become the node's `label`; view children stay its children. */
export interface ButtonProps extends ReactContainerProps<Plain.ButtonProps> {}
export interface SpacerProps extends ReactViewProps<Plain.SpacerProps> {}
/** Uncontrolled, as in Expo UI: `defaultValue` applies when the field enters the tree. */
export interface TextFieldProps extends ReactViewProps<Plain.TextFieldProps> {}
/** Controlled: the host shows `isOn` again after each update. Text children become `label`; element children are its title and subtitle. */
export interface ToggleProps extends ReactContainerProps<Plain.ToggleProps> {}
/** Controlled; `step` > 0 rounds what a slide gives. */
export interface SliderProps extends Omit<ReactViewProps<Plain.SliderProps>, 'label' | 'minimumValueLabel' | 'maximumValueLabel'> {
  label?: ReactTypes.ReactElement;
  minimumValueLabel?: ReactTypes.ReactElement;
  maximumValueLabel?: ReactTypes.ReactElement;
}

// ---------------------------------------------------------------- components

export declare const Host: ReactTypes.FC<HostProps>;
export declare const List: ReactTypes.FC<ListProps>;
export declare const Section: ReactTypes.FC<SectionProps>;
export declare const HStack: ReactTypes.FC<HStackProps>;
export declare const VStack: ReactTypes.FC<VStackProps>;
export declare const ZStack: ReactTypes.FC<ZStackProps>;
export declare const ScrollView: ReactTypes.FC<ScrollViewProps>;
export declare const Text: ReactTypes.FC<TextProps>;
export declare const Label: ReactTypes.FC<LabelProps>;
export declare const Image: ReactTypes.FC<ImageProps>;
export declare const Button: ReactTypes.FC<ButtonProps>;
export declare const Spacer: ReactTypes.FC<SpacerProps>;
export declare const TextField: ReactTypes.FC<TextFieldProps>;
export declare const Toggle: ReactTypes.FC<ToggleProps>;
export declare const Slider: ReactTypes.FC<SliderProps>;
/**
 * react-native-nitro-symbols' props (the plain client's SymbolViewProps, without `key`):
 * an Image with the symbol modifiers they map to; nothing while `isVisible` is false.
 */
export interface SymbolViewProps<Name extends string = string> extends ReactViewProps<Plain.SymbolViewProps<Name>> {}
export declare const SymbolView: ReactTypes.FC<SymbolViewProps>;
/** A group of swipe actions: its children are `<Button>`s, each an action (its key is the id). */
export interface SwipeActionsActionsProps {
  /** The edge the swipe comes from. @default "trailing" */
  edge?: 'leading' | 'trailing';
  /** Whether a full swipe runs the first action. @default true */
  allowsFullSwipe?: boolean;
  children?: ReactTypes.ReactNode;
}
/** Expo UI's `SwipeActions`: a List row's content and `SwipeActions.Actions` groups. */
export interface SwipeActionsProps {
  modifiers?: Plain.Modifiers;
  testID?: string;
  children?: ReactTypes.ReactNode;
}
export declare const Actions: ReactTypes.FC<SwipeActionsActionsProps>;
/** Expo UI's Alert and ConfirmationDialog, with `Actions`: its Buttons are the view's children. */
export declare const Alert: typeof Generated.Alert & { Actions: ReactTypes.FC<{ children?: ReactTypes.ReactNode }> };
export declare const ConfirmationDialog: typeof Generated.ConfirmationDialog & { Actions: ReactTypes.FC<{ children?: ReactTypes.ReactNode }> };
/** Expo UI's ContextMenu, with `Items`: its children are the menu's items. */
export declare const ContextMenu: typeof Generated.ContextMenu & { Items: ReactTypes.FC<{ children?: ReactTypes.ReactNode }> };
/** Expo UI's Grid, with `Row` (the GridRow view). */
export declare const Grid: typeof Generated.Grid & { Row: typeof Generated.GridRow };
/** Props of the lazy stacks' `ForEach`: a row per item of `data`, keyed by `keyExtractor`. */
export interface LazyForEachProps<T> {
  data: readonly T[];
  keyExtractor: (item: T, index: number) => string;
  children: (row: { item: T; index: number }) => ReactTypes.ReactElement;
  /** No effect headless (every row is made). */
  recycling?: boolean;
  /** No effect headless. */
  estimatedItemSize?: number;
  /** No effect headless. */
  overscanCount?: number;
}
/** `LazyVStack.ForEach` / `LazyHStack.ForEach`. */
declare function LazyForEach<T>(props: LazyForEachProps<T>): ReactTypes.ReactElement | null;
export declare const LazyVStack: typeof Generated.LazyVStack & { ForEach: typeof LazyForEach };
export declare const LazyHStack: typeof Generated.LazyHStack & { ForEach: typeof LazyForEach };
/** Expo UI's TabView, with `Tab`: each tab's `value` is what `selection` names. */
export declare const TabView: typeof Generated.TabView & { Tab: typeof Generated.Tab };
/** Expo UI's BottomSheet: its children are mounted while `isPresented`. */
export declare const BottomSheet: typeof Generated.BottomSheet;
/** Expo UI's Popover, with `Content`: its child is the popover (the `popover` slot). */
export declare const Popover: typeof Generated.Popover & { Content: ReactTypes.FC<{ children?: ReactTypes.ReactNode }> };
export declare const SwipeActions: ReactTypes.FC<SwipeActionsProps> & { Actions: ReactTypes.FC<SwipeActionsActionsProps> };

// Expo UI's components that a bundled plugin serves (Form, Gauge, ...), generated from its
// description by `modhost codegen client`: their props, and event functions that get the
// event's value.
export * from './src/generated/bundled-views.js';

// ---------------------------------------------------------------- rendering

/** What went wrong, as `onError` and the `diagnostic` event (source `client`) report it. */
export interface RenderError {
  /** `render-threw`: a component threw; `render-invalid`: a tree this package cannot send (a Host in a Host); `update-failed`: the host refused a tree; `unmount-failed`. */
  code: 'render-threw' | 'render-invalid' | 'update-failed' | 'unmount-failed';
  message: string;
  error: unknown;
  /** `render-threw`: React's component stack ("\n    at Row\n    at List ..."). */
  componentStack?: string;
  surface?: string;
}

export interface RenderOptions {
  /** The surface of views outside any `<Host>` (default "main"). */
  surface?: string;
  /** Called for each error, besides the Host's `diagnostic` event. */
  onError?: (error: RenderError) => void;
  /**
   * Print the host's diagnostics about this tree (`unknown-prop`, `deprecated-name`,
   * `no-headless-effect`, a plugin that failed, ...) with `console.warn`, once per code and
   * path (list indices aside), with the component stack of the node. Default: on, unless
   * `NODE_ENV` is `production`.
   */
  warnings?: boolean;
  /**
   * Make them errors: `settled()` (and `render()` for the first commit) rejects with
   * `code` 'ERR_MODHOST_DIAGNOSTICS' and the `diagnostics` since the last call.
   */
  strict?: boolean;
}

/** A React tree rendered into a connection. */
export declare class ReactRoot {
  readonly host: Connection;
  /** The errors reported since the last `render()`. */
  readonly errors: RenderError[];
  /** Commits seen, and mounts/updates the host accepted. */
  readonly commits: number;
  readonly updates: number;
  /** The names of the surfaces mounted now. */
  readonly surfaceNames: string[];
  /** Surface `name` of the plain client, once mounted; without a name, the only surface (an unnamed `<Host>`'s too), else the default one. */
  surface(name?: string): Surface | null;
  /** Renders another element in place of the current one; a tree that threw gets a fresh try. */
  render(element: ReactTypes.ReactNode): void;
  /**
   * Resolves once React is idle and the host has answered every update that followed; in
   * strict mode, rejects with the host's diagnostics about this tree since the last call.
   */
  settled(): Promise<void>;
  /** Unmounts the React tree (effect cleanups run), then every surface. */
  unmount(): Promise<void>;
}

/**
 * Renders `element` into `host`: each `<Host>` is a surface; views outside any Host make the
 * surface `options.surface`. Resolves once the first commit is on the host; rejects (the tree
 * unmounted) when the first render threw or the host refused it.
 */
export declare function render(element: ReactTypes.ReactNode, host: Connection, options?: RenderOptions): Promise<ReactRoot>;

/** What a plugin view's event function receives, as Expo's native view events carry it. */
export interface NativeViewEvent<T = Record<string, unknown>> { nativeEvent: T }

/**
 * Expo's `requireNativeView(moduleName, viewName?)`: a component for a view a plugin's module
 * declares (`View(RatingView.self)`): `viewName` is its Swift type's name, else the module's
 * first view. Its function props are its events, called with `{nativeEvent}`. The view is
 * looked up, when first rendered, in the `viewInfo` of the connection of the latest `render()`.
 */
export declare function requireNativeView<P extends object = Record<string, unknown>>(
  moduleName: string, viewName?: string,
): ReactTypes.ComponentType<P & { modifiers?: unknown[]; children?: ReactTypes.ReactNode }>;
/** expo-modules-core's older name for `requireNativeView`. */
export declare const requireNativeViewManager: typeof requireNativeView;

/** A native module's events, as `addListener` hears them. */
export interface NativeModuleEvents { addListener(eventName: string, listener: (...args: any[]) => void): { remove(): void } }

/**
 * Expo's `requireNativeModule(name)`: the module's functions on the connection of the latest
 * `render()`, each answering with a Promise (a call crosses a socket), and `addListener`.
 */
export declare function requireNativeModule<M extends object = Record<string, (...args: any[]) => Promise<any>>>(name: string): M & NativeModuleEvents;
/** Expo's `useEventListener`: `listener` hears `module`'s event `eventName` while mounted. */
export declare function useEventListener(module: NativeModuleEvents, eventName: string, listener: (...args: any[]) => void): void;
/** Expo's `useEvent`: the latest payload of `module`'s event `eventName`, or `initialValue`. */
export declare function useEvent<T = unknown>(module: NativeModuleEvents, eventName: string, initialValue?: T | null): T | null;

/** The React this package renders with (Debian's, or the one found from here). */
export declare const React: typeof ReactTypes;

export type { Diagnostic };
