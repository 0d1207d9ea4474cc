// `expo`'s functions for a custom module's JavaScript side, as @modhost/react serves them.
export { requireNativeView, requireNativeModule, useEvent, useEventListener } from '../react/src/native-views.js';
