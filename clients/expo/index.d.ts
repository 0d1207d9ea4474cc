// `expo`'s functions for a custom module's JavaScript side (see @modhost/react).
export { requireNativeView, requireNativeModule, useEvent, useEventListener, NativeViewEvent } from '../react/index.js';
