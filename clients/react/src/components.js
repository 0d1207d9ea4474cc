// The components. Each view is its host element type itself (a string, as `'div'` is for
// React DOM), so a row costs React one fiber and no wrapper: `<HStack>` is
// createElement('HStack', props). Props go to the node as they are, except `modifiers` (the
// node's modifiers) and text children (below); `key` is React's.
import { VIEW_SLOTS } from '../../js/src/views.js';
import { bundledView } from './native-views.js';
import { HOST_TYPE } from './tree.js';

/**
 * A surface, as Expo UI's `<Host>` is a SwiftUI hosting view: its one child is the surface's
 * root (none or several are wrapped in a VStack). `name` names the surface (default: a name
 * made up per Host); Expo UI's layout props (`style`, `matchContents`, ...) are accepted and
 * ignored.
 */
export const Host = HOST_TYPE;

export const List = 'List';
/** `title`; `header` and `footer` take a view (`header={<Text>…</Text>}`) or a string. */
export const Section = bundledView('Section', VIEW_SLOTS.Section);
export const HStack = 'HStack';
export const VStack = 'VStack';
export const ZStack = 'ZStack';
export const ScrollView = 'ScrollView';
/** Its text children become `props.text`. */
export const Text = 'Text';
/** Its text children become `props.title`; `icon` takes a view. */
export const Label = bundledView('Label', VIEW_SLOTS.Label);
/** `systemName`, `size`, `color`. */
export const Image = 'Image';
/** `onPress`, `role`, `systemImage`; text children become `props.label`, view children stay children. */
export const Button = 'Button';
export const Spacer = 'Spacer';
/** `defaultValue`, `placeholder`, `onTextChange`, `onSubmit` (`onChangeText` before SDK 58). */
export const TextField = 'TextField';
/** `isOn`, `label`, `systemImage`, `onIsOnChange` (`onValueChange` before SDK 58). */
export const Toggle = 'Toggle';
/**
 * `value`, `min`, `max`, `step` (0: continuous), `onValueChange`, `onEditingChanged`; `label`,
 * `minimumValueLabel` and `maximumValueLabel` take a view.
 */
export const Slider = bundledView('Slider', VIEW_SLOTS.Slider);
