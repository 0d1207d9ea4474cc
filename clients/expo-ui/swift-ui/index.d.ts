// @expo/ui/swift-ui: Expo UI's components and their props, as @modhost/react types them.
export {
  Host, List, Section, HStack, VStack, ZStack, ScrollView, Text, Label, Image, Button, Spacer,
  TextField, Toggle, Slider, SymbolView, SwipeActions, Actions, Alert, BottomSheet, ConfirmationDialog, ContextMenu, Grid, LazyHStack, LazyVStack, Popover, TabView,
} from '../../react/index.js';
export type {
  HostProps, ListProps, SectionProps, HStackProps, VStackProps, ZStackProps, ScrollViewProps,
  TextProps, LabelProps, ImageProps, ButtonProps, ButtonRole, SpacerProps, TextFieldProps,
  ToggleProps, SliderProps, SymbolViewProps, SwipeActionsProps, SwipeActionsActionsProps, ViewProps, Modifiers, HorizontalAlignment, VerticalAlignment, Alignment,
} from '../../react/index.js';
export * from '../../react/src/generated/bundled-views.js';
