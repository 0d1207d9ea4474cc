// @expo/ui/swift-ui/modifiers: Expo UI's modifier helpers, from @modhost/client. A config is
// `{$type, ...params}` (plus `eventListener`, which stays in this process).
export {
  createModifier, createModifierWithEventListener,
  onTapGesture, onLongPressGesture, onAppear, onDisappear, onSubmit, refreshable,
  padding, frame, background, foregroundStyle, tint, font, opacity, cornerRadius, border,
  listRowBackground, badge, deleteDisabled, disabled, hidden, contentShape, shapes,
  symbolEffect, symbolEffectsRemoved, transition, contentTransition, imageScale, symbolRenderingMode, symbolVariant,
  fontWeight,
  shadow, offset, fixedSize, clipped, aspectRatio, zIndex, layoutPriority, scaleEffect, rotationEffect,
  foregroundColor, blur, brightness, contrast, saturation, hueRotation, colorInvert, grayscale,
  luminanceToAlpha, bold, italic, monospacedDigit, kerning, lineSpacing, lineLimit, truncationMode, textCase,
  underline, strikethrough, multilineTextAlignment, allowsTightening, textSelection, listRowInsets,
  listRowSeparator, listStyle, moveDisabled, scrollContentBackground, headerProminence, badgeProminence,
  buttonStyle, toggleStyle, pickerStyle, datePickerStyle, gaugeStyle, progressViewStyle, labelStyle,
  textFieldStyle, controlSize, labelsHidden, submitLabel, accessibilityLabel, accessibilityHint,
  accessibilityValue,
  ignoreSafeArea, glassEffect, glassEffectId, matchedGeometryEffect, scrollDismissesKeyboard,
  scrollTargetBehavior, scrollTargetLayout, defaultScrollAnchor, defaultScrollAnchorForRole,
  menuActionDismissBehavior, keyboardType, autocorrectionDisabled, textInputAutocapitalization,
  textContentType, presentationDragIndicator, interactiveDismissDisabled,
  clipShape, mask, containerShape, overlay, backgroundOverlay, rotation3DEffect, listSectionSpacing,
  listSectionMargins, gridCellColumns, gridCellUnsizedAxes, gridColumnAlignment, resizable,
} from '../../../js/src/index.js';
