// @expo/ui/swift-ui: Expo UI's components, rendered by @modhost/react. `<Host>` is a surface.
export {
  Host, List, Section, HStack, VStack, ZStack, ScrollView, Text, Label, Image, Button, Spacer,
  TextField, Toggle, Slider, SymbolView, SwipeActions, Actions, Alert, BottomSheet, ConfirmationDialog, ContextMenu, Grid, LazyHStack, LazyVStack, Popover, TabView,
} from '../../react/src/index.js';
export * from '../../react/src/generated/bundled-views.js';
