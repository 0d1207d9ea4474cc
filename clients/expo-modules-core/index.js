// expo-modules-core's functions for a custom module's JavaScript side, as @modhost/react serves them.
export { requireNativeViewManager, requireNativeView, requireNativeModule } from '../react/src/native-views.js';
