// @expo/ui/swift-ui/modifiers: Expo UI's modifier helpers, from @modhost/client. A config is
// `{$type, ...params}` (plus `eventListener`, which stays in this process).
export {
  createModifier, createModifierWithEventListener,
  onTapGesture, onLongPressGesture, onAppear, onDisappear, onSubmit, refreshable,
  padding, frame, background, foregroundStyle, tint, font, opacity, cornerRadius, border,
  listRowBackground, badge, deleteDisabled, disabled, hidden, contentShape, shapes,
  symbolEffect, symbolEffectsRemoved, transition, contentTransition, imageScale, symbolRenderingMode, symbolVariant,
  fontWeight,
} from '../../../js/src/index.js';
