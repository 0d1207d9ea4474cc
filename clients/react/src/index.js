// @modhost/react: React 18 components rendered into a connection of @modhost/client.
export { render, ReactRoot } from './root.js';
export {
  Host, List, Section, HStack, VStack, ZStack, ScrollView, Text, Label, Image, Button, Spacer,
  TextField, Toggle, Slider,
} from './components.js';
export { SymbolView } from './symbol-view.js';
// Expo UI's components that a bundled plugin serves (Form, Gauge, ...): generated from its
// description by `modhost codegen client`.
export * from './generated/bundled-views.js';
export {
  requireNativeView, requireNativeViewManager, requireNativeModule, useEvent, useEventListener,
} from './native-views.js';
export { React } from './dependencies.js';
