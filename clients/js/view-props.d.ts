// The props of the views, in Expo UI's names: one place for the plain client's helpers and JSX,
// and for front-ends built on it (@modhost/react, @expo/ui) to import. Re-exported by index.d.ts.
//
// Button, TextField, Toggle and Slider are checked at run time too (an unknown prop or a wrong
// type is a TypeError; the protocol lists their props); the other views' props are typed here
// and pass through to the host as they are.
import type { AnyModifierConfig, Child, Color, FontDesign, FontWeight, FrameAlignment, Node } from './index.js';

/** The `modifiers` prop: configs; null, undefined and false are skipped (`cond && padding(4)`). */
export type Modifiers = ReadonlyArray<AnyModifierConfig | null | undefined | false>;

/** Names a node among its siblings: it keeps its node (and its state on the host) across updates. */
export type Key = string | number;

/** What every view takes. */
export interface CommonViewProps {
  key?: Key | null;
  modifiers?: Modifiers;
  /** Names the node for tests and tools, as in Expo UI; shown in the snapshot with the props. */
  testID?: string;
}

/** A view that holds child views. */
export interface ContainerViewProps extends CommonViewProps {
  children?: Child;
}

/** A view that takes no child views. */
export interface LeafViewProps extends CommonViewProps {
  children?: never;
}

/** Text children: strings and numbers, joined (null, undefined and booleans are skipped). */
export type TextChild = string | number | null | undefined | boolean | readonly TextChild[];

export type HorizontalAlignment = 'leading' | 'center' | 'trailing';
export type VerticalAlignment = 'top' | 'center' | 'bottom' | 'firstTextBaseline' | 'lastTextBaseline';
export type ListStyle = NonNullable<import('./src/generated/bundled-modifiers.js').ListStyleParams['style']>;
export type ButtonRole = 'default' | 'cancel' | 'destructive' | 'close';

export interface ListProps extends ContainerViewProps { listStyle?: ListStyle }
/** `header` and `footer` take a view (a slot) or a plain string. */
export interface SectionProps extends ContainerViewProps { title?: string; header?: string | Node; footer?: string | Node }
export interface HStackProps extends ContainerViewProps { alignment?: VerticalAlignment; spacing?: number }
export interface VStackProps extends ContainerViewProps { alignment?: HorizontalAlignment; spacing?: number }
export interface ZStackProps extends ContainerViewProps { alignment?: FrameAlignment }
/** May be `refreshable`. */
export interface ScrollViewProps extends ContainerViewProps { axes?: 'vertical' | 'horizontal' | 'both'; showsIndicators?: boolean }
/**
 * Text children are joined into `text` (the prop that goes on the wire). Nested `Text`s are
 * segments, each with its own style (Expo UI's nested `<Text>`).
 */
export interface TextProps extends CommonViewProps {
  children?: TextChild | Node | ReadonlyArray<TextChild | Node>;
  text?: string;
  size?: number;
  weight?: FontWeight;
  design?: FontDesign;
  color?: Color;
  lineLimit?: number;
  /** Show `text` as inline Markdown (bold, italic, strikethrough, code, links); the snapshot gives the runs as `markdown`. */
  markdownEnabled?: boolean;
}
/** Text children are joined into `title`; view children are its title (and subtitle) as views. */
export interface LabelProps extends CommonViewProps {
  children?: TextChild | Node | ReadonlyArray<TextChild | Node>;
  title?: string;
  /** An SF Symbol name. */
  systemImage?: string;
  /** A view in place of `systemImage` (a slot). */
  icon?: Node;
  color?: Color;
}
/** `systemName` is required, as in Expo UI: an Image without a symbol shows nothing. */
export interface ImageProps extends LeafViewProps {
  /** An SF Symbol name, e.g. "star.fill". */
  systemName: string;
  /** @deprecated the name before SDK 58; use `systemName`. */
  systemImage?: string;
  size?: number;
  color?: Color;
  /** How much of a variable symbol is filled, 0 to 1. */
  variableValue?: number;
  /** Runs when the image is tapped (without it, the image takes no tap). */
  onPress?: () => void;
}
/** A button: its `label`, or children. `onPress` runs when it is tapped. */
export interface ButtonProps extends CommonViewProps {
  label?: string;
  role?: ButtonRole;
  /** An SF Symbol name shown with the label. */
  systemImage?: string;
  onPress?: () => void;
  children?: Child;
}
export interface SpacerProps extends LeafViewProps { minLength?: number }
/**
 * A text field, uncontrolled as in Expo UI: `defaultValue` applies when it enters the tree; the
 * host keeps the text after that. `onTextChange` and `onSubmit` receive the text.
 */
export interface TextFieldProps extends LeafViewProps {
  defaultValue?: string;
  placeholder?: string;
  onTextChange?: (text: string) => void;
  /** @deprecated the name before SDK 58; use `onTextChange`. */
  onChangeText?: (text: string) => void;
  onSubmit?: (text: string) => void;
}
/** A switch, controlled: each update shows `isOn` again, so pass the new value back. */
/** Its children: text (joined into `label`) or views, its title and subtitle, which a tap flips it through. */
export interface ToggleProps extends CommonViewProps {
  children?: TextChild | Node | ReadonlyArray<TextChild | Node>;
  isOn?: boolean;
  label?: string;
  /** An SF Symbol shown as the label's icon. */
  systemImage?: string;
  onIsOnChange?: (isOn: boolean) => void;
  /** @deprecated the name before SDK 58; use `onIsOnChange`. */
  onValueChange?: (isOn: boolean) => void;
}
/** A slider, controlled like Toggle. `min` defaults to 0, `max` to 1; `step` 0 or none is continuous. */
export interface SliderProps extends LeafViewProps {
  value?: number;
  min?: number;
  max?: number;
  step?: number;
  onValueChange?: (value: number) => void;
  /** true when a drag starts, false when it ends. */
  onEditingChanged?: (isEditing: boolean) => void;
  /** Views (slots): what the slider is for, and what its two ends show. */
  label?: Node;
  minimumValueLabel?: Node;
  maximumValueLabel?: Node;
}

/** Each view's props, by view type. */
export interface ViewPropsMap {
  List: ListProps;
  Section: SectionProps;
  HStack: HStackProps;
  VStack: VStackProps;
  ZStack: ZStackProps;
  ScrollView: ScrollViewProps;
  Text: TextProps;
  Label: LabelProps;
  Image: ImageProps;
  Button: ButtonProps;
  Spacer: SpacerProps;
  TextField: TextFieldProps;
  Toggle: ToggleProps;
  Slider: SliderProps;
}

/** The views' own events (function props that stay in JS), by view type. */
export interface ViewEventsMap {
  Button: 'onPress';
  TextField: 'onTextChange' | 'onSubmit' | 'onChangeText';
  Toggle: 'onIsOnChange' | 'onValueChange';
  Slider: 'onValueChange' | 'onEditingChanged';
  Image: 'onPress';
}

/** A function component: called at once with its props (`children` among them). */
export type Component<P = {}> = (props: P) => Node | null;

/**
 * The plain client's JSX (`"jsx": "react-jsx"`, `"jsxImportSource": "@modhost/client"`):
 * elements are Nodes; element types are the view helpers and function components (there are
 * no lower-case intrinsic elements).
 */
export declare namespace JSX {
  type Element = Node;
  interface ElementChildrenAttribute { children: {} }
  interface IntrinsicAttributes { key?: Key | null }
  interface IntrinsicElements {}
}
