// Type declarations for @modhost/react. The view props are Expo UI's names (`@expo/ui/swift-ui`
// re-exports these components); wrong prop names or types are compile errors.
import type * as ReactTypes from 'react';
import type { AnyModifierConfig, Diagnostic, FontDesign, FontWeight, Host as Connection, Surface } from '../js/index.js';

// ---------------------------------------------------------------- props

/** A view's `modifiers`: configs from the modifier helpers; null, undefined and false are skipped. */
export type Modifiers = ReadonlyArray<AnyModifierConfig | null | undefined | false>;

/** What every view takes. */
export interface ViewProps {
  modifiers?: Modifiers;
}

/** Text children: joined into the view's text prop. */
export type TextChild = string | number | boolean | null | undefined;
export type TextChildren = TextChild | readonly TextChild[];

export type HorizontalAlignment = 'leading' | 'center' | 'trailing';
export type VerticalAlignment = 'top' | 'center' | 'bottom' | 'firstTextBaseline' | 'lastTextBaseline';
export type Alignment =
  | 'center' | 'leading' | 'trailing' | 'top' | 'bottom'
  | 'topLeading' | 'topTrailing' | 'bottomLeading' | 'bottomTrailing';

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

export interface ListProps extends ViewProps {
  children?: ReactTypes.ReactNode;
  listStyle?: 'automatic' | 'plain' | 'inset' | 'insetGrouped' | 'grouped' | 'sidebar';
}
export interface SectionProps extends ViewProps {
  children?: ReactTypes.ReactNode;
  title?: string;
  header?: string;
  footer?: string;
}
export interface HStackProps extends ViewProps {
  children?: ReactTypes.ReactNode;
  spacing?: number;
  alignment?: VerticalAlignment;
}
export interface VStackProps extends ViewProps {
  children?: ReactTypes.ReactNode;
  spacing?: number;
  alignment?: HorizontalAlignment;
}
export interface ZStackProps extends ViewProps {
  children?: ReactTypes.ReactNode;
  alignment?: Alignment;
}
export interface ScrollViewProps extends ViewProps {
  children?: ReactTypes.ReactNode;
  axes?: 'vertical' | 'horizontal' | 'both';
  showsIndicators?: boolean;
}
/** Its text children become the node's `text`. */
export interface TextProps extends ViewProps {
  children?: TextChildren;
  size?: number;
  weight?: FontWeight;
  design?: FontDesign;
  color?: string;
  lineLimit?: number;
}
/** Text children become the node's `title`. */
export interface LabelProps extends ViewProps {
  title?: string;
  systemImage?: string;
  color?: string;
  children?: TextChildren;
}
export interface ImageProps extends ViewProps {
  /** An SF Symbol name, e.g. "trash". */
  systemName: string;
  size?: number;
  color?: string;
}
/** The roles the host interprets (protocol: Button). */
export type ButtonRole = 'cancel' | 'destructive';
/** Text children become the node's `label`; view children stay its children. */
export interface ButtonProps extends ViewProps {
  onPress?: () => void;
  role?: ButtonRole;
  systemImage?: string;
  label?: string;
  children?: ReactTypes.ReactNode;
}
export interface SpacerProps extends ViewProps {
  minLength?: number;
}
/** Uncontrolled, as in Expo UI: `defaultValue` applies when the field enters the tree. */
export interface TextFieldProps extends ViewProps {
  defaultValue?: string;
  placeholder?: string;
  onChangeText?: (value: string) => void;
  onSubmit?: (value: string) => void;
}
/** Controlled: the host shows `isOn` again after each update. */
export interface ToggleProps extends ViewProps {
  isOn?: boolean;
  label?: string;
  onValueChange?: (isOn: boolean) => void;
}
/** Controlled; `step` > 0 rounds what a slide gives. */
export interface SliderProps extends ViewProps {
  value?: number;
  min?: number;
  max?: number;
  step?: number;
  onValueChange?: (value: number) => void;
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
  /** Surface `name` (default: the root's default surface) of the plain client, once mounted. */
  surface(name?: string): Surface | null;
  /** Renders another element in place of the current one; a tree that threw gets a fresh try. */
  render(element: ReactTypes.ReactNode): void;
  /** Resolves once React is idle and the host has answered every update that followed. */
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

/** The React this package renders with (Debian's, or the one found from here). */
export declare const React: typeof ReactTypes;

export type { Diagnostic };
