// Uses the types generated for the Rating fixture plugin's views (`modhost codegen ts`): props
// from the props record, events as functions of {nativeEvent}. Checked with tsc --strict.
import { Rating, Panel, type RatingProps } from './modifiers.js';

const props: RatingProps = { value: 2, max: 5, label: 'Stars', onValueChange: (event) => { void event.nativeEvent; } };
export const rating = Rating({ key: 'r', ...props });
export const panel = Panel({ title: 'Prefs', options: ['a', 'b'], onCommit: () => {} });
// @ts-expect-error value is an integer prop, not a string
export const badValue = Rating({ value: 'two' });
// @ts-expect-error options is an array of strings
export const badOptions = Panel({ options: 'a' });
