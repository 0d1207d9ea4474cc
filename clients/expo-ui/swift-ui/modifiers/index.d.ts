// @expo/ui/swift-ui/modifiers: Expo UI's modifier helpers, as @modhost/client types them.
export {
  createModifier, createModifierWithEventListener,
  onTapGesture, onLongPressGesture, onAppear, onDisappear, onSubmit, refreshable,
  padding, frame, background, foregroundStyle, tint, font, opacity, cornerRadius, border,
  listRowBackground, badge, deleteDisabled, disabled, hidden, contentShape, shapes,
} from '../../../js/index.js';
export type {
  ModifierConfig, ModifierConfigWithListener, AnyModifierConfig, EventListener, EventInfo,
  Shape, ShapeName, Color, PaddingParams, FrameParams, FontParams,
} from '../../../js/index.js';
