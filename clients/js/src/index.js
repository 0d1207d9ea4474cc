// @modhost/client: the JavaScript front-end of modhostd.
export { createModifier, createModifierWithEventListener, swipeActions } from './modifiers.js';
export { modifierHelper, checkValue, enumOf } from './modifier-helper.js';
export {
  onTapGesture, onLongPressGesture, onAppear, onDisappear, onSubmit, refreshable,
  padding, frame, background, foregroundStyle, tint, font, opacity, cornerRadius, border,
  listRowBackground, badge, deleteDisabled, disabled, hidden, contentShape, shapes,
  SHAPE_NAMES, FRAME_ALIGNMENTS, FONT_WEIGHTS, FONT_DESIGNS,
} from './modifiers.js';
// Expo UI's modifiers the host records by SwiftUI's name.
export {
  shadow, offset, fixedSize, clipped, aspectRatio, zIndex, layoutPriority, scaleEffect, rotationEffect,
  foregroundColor, blur, brightness, contrast, saturation, hueRotation, colorInvert, grayscale,
  luminanceToAlpha, bold, italic, monospacedDigit, kerning, lineSpacing, lineLimit, truncationMode, textCase,
  underline, strikethrough, multilineTextAlignment, allowsTightening, textSelection, listRowInsets,
  listRowSeparator, listStyle, moveDisabled, scrollContentBackground, headerProminence, badgeProminence,
  buttonStyle, toggleStyle, pickerStyle, datePickerStyle, gaugeStyle, progressViewStyle, labelStyle,
  textFieldStyle, controlSize, labelsHidden, submitLabel, accessibilityLabel, accessibilityHint,
  accessibilityValue, CONTENT_MODES, TRUNCATION_MODES, TEXT_CASES, LINE_PATTERNS, TEXT_ALIGNMENTS,
  VISIBILITIES, SEPARATOR_EDGES, LIST_STYLES, BUTTON_STYLES, TOGGLE_STYLES, PICKER_STYLES,
  DATE_PICKER_STYLES, GAUGE_STYLES, PROGRESS_VIEW_STYLES, LABEL_STYLES, TEXT_FIELD_STYLES, CONTROL_SIZES,
  SUBMIT_LABELS,
} from './modifiers.js';
// Expo UI's modifiers that need a screen (a no-headless-effect warning).
export {
  ignoreSafeArea, glassEffect, glassEffectId, matchedGeometryEffect, scrollDismissesKeyboard,
  scrollTargetBehavior, scrollTargetLayout, defaultScrollAnchor, defaultScrollAnchorForRole,
  menuActionDismissBehavior, keyboardType, autocorrectionDisabled, textInputAutocapitalization,
  textContentType, presentationDragIndicator, interactiveDismissDisabled, SAFE_AREA_REGIONS, EDGE_SETS,
  GLASS_VARIANTS, UNIT_POINTS, KEYBOARD_TYPES,
} from './modifiers.js';
// Expo UI's shape, overlay, section, grid and image modifiers.
export {
  clipShape, mask, containerShape, overlay, backgroundOverlay, rotation3DEffect, listSectionSpacing,
  listSectionMargins, gridCellColumns, gridCellUnsizedAxes, gridColumnAlignment, resizable,
  OVERLAY_ALIGNMENTS,
} from './modifiers.js';
// Expo UI's tag, environment, gridCellAnchor and animation, scrollDisabled, containerRelativeFrame.
export {
  scrollDisabled, containerRelativeFrame, presentationBackgroundInteraction,
  tag, environment, gridCellAnchor, animation, Animation, ENVIRONMENT_VALUES,
} from './modifiers.js';
// Expo UI's search field and sheet detents: state the user changes.
export { searchable, presentationDetents, SEARCH_FIELD_PLACEMENTS } from './modifiers.js';
export {
  symbolEffect, symbolEffectsRemoved, transition, contentTransition, imageScale, symbolRenderingMode, symbolVariant,
  fontWeight, SymbolView, symbolViewNode, SYMBOL_EFFECT_KINDS, SYMBOL_EFFECTS, SYMBOL_SCALES, SYMBOL_RENDERING_MODES,
  SYMBOL_VARIANTS, SYMBOL_REPEATS, SYMBOL_VIEW_EFFECTS, SYMBOL_VIEW_PROPS,
} from './symbols.js';
export {
  h, Fragment, List, Section, HStack, VStack, ZStack, ScrollView, Text, Label, Image, Button, Spacer, TextField, Toggle, Slider,
  VIEW_TYPES,
} from './elements.js';
export { VIEW_EVENTS, knownViewProps, isBuiltInView, resolveNativeView, viewNameOfType } from './views.js';
export { nativeViewHelper } from './elements.js';
export { serializeTree, stripFunctions } from './serialize.js';
export { connect, Connection, Host, Surface, PROTOCOL_VERSION, CLIENT_VERSION } from './host.js';
export { ModhostError, ModhostConnectionError, ModhostTimeoutError, ENGINE_RESTARTED } from './errors.js';
export { defaultSocketPath } from './socket-path.js';
export { encodeFrame, FrameDecoder } from './framing.js';
