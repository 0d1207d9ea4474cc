// @modhost/react: React 18 components rendered into a connection of @modhost/client.
export { render, ReactRoot } from './root.js';
export {
  Host, List, Section, HStack, VStack, ZStack, ScrollView, Text, Label, Image, Button, Spacer,
  TextField, Toggle, Slider,
} from './components.js';
export { SymbolView } from './symbol-view.js';
// Expo UI's SwipeActions: its own component, which sends the bundled view of that name with a
// swipeActions modifier per Actions group (this export wins over the generated one below).
export { SwipeActions, Actions } from './swipe-actions.js';
// Generated views given Expo's sub-components they lack (Alert.Actions, Grid.Row, ...).
export { Alert, BottomSheet, ConfirmationDialog, ContextMenu, Grid, LazyHStack, LazyVStack, Popover, TabView } from './sub-components.js';
// Expo UI's components that a bundled plugin serves (Form, Gauge, ...): generated from its
// description by `modhost codegen client`.
export * from './generated/bundled-views.js';
export {
  requireNativeView, requireNativeViewManager, requireNativeModule, useEvent, useEventListener,
} from './native-views.js';
export { React } from './dependencies.js';
