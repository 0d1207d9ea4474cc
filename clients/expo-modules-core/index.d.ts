// expo-modules-core's functions for a custom module's JavaScript side (see @modhost/react).
export { requireNativeViewManager, requireNativeView, requireNativeModule, NativeViewEvent } from '../react/index.js';
