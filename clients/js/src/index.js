// @modhost/client: the JavaScript front-end of modhostd.
export { createModifier, createModifierWithEventListener, swipeActions } from './modifiers.js';
export { modifierHelper, checkValue, enumOf } from './modifier-helper.js';
// The helpers for the bundled plugins' types that follow from their descriptions alone
// (`modhost codegen client`).
export * from './generated/bundled-modifiers.js';
// Expo UI's modifiers whose helper is written here: listeners, a refresh's completion, Expo's
// argument shapes that are not the params, state the user changes; and the lists of values
// the plugin's params take.
export {
  onTapGesture, onLongPressGesture, onAppear, onDisappear, onSubmit, refreshable, badge, shapes, rotation3DEffect,
  listSectionSpacing, presentationBackgroundInteraction, animation, Animation, searchable, presentationDetents,
  SHAPE_NAMES, FRAME_ALIGNMENTS, FONT_WEIGHTS, FONT_DESIGNS, CONTENT_MODES, TRUNCATION_MODES, TEXT_CASES,
  LINE_PATTERNS, TEXT_ALIGNMENTS, VISIBILITIES, SEPARATOR_EDGES, LIST_STYLES, BUTTON_STYLES, TOGGLE_STYLES,
  PICKER_STYLES, DATE_PICKER_STYLES, GAUGE_STYLES, PROGRESS_VIEW_STYLES, LABEL_STYLES, TEXT_FIELD_STYLES,
  CONTROL_SIZES, SUBMIT_LABELS, SAFE_AREA_REGIONS, EDGE_SETS, GLASS_VARIANTS, UNIT_POINTS, KEYBOARD_TYPES,
  OVERLAY_ALIGNMENTS, ENVIRONMENT_VALUES, SEARCH_FIELD_PLACEMENTS,
} from './modifiers.js';
export {
  symbolEffect, transition, contentTransition, SymbolView, symbolViewNode, SYMBOL_EFFECT_KINDS,
  SYMBOL_EFFECTS, SYMBOL_SCALES, SYMBOL_RENDERING_MODES, SYMBOL_VARIANTS, SYMBOL_REPEATS, SYMBOL_VIEW_EFFECTS,
  SYMBOL_VIEW_PROPS,
} from './symbols.js';
export {
  h, Fragment, List, Section, HStack, VStack, ZStack, ScrollView, Text, Label, Image, Button, Spacer, TextField, Toggle, Slider,
  VIEW_TYPES,
} from './elements.js';
export { VIEW_EVENTS, VIEW_SLOTS, knownViewProps, isBuiltInView, resolveNativeView, viewNameOfType } from './views.js';
export { nativeViewHelper } from './elements.js';
export { serializeTree, stripFunctions } from './serialize.js';
export { connect, Connection, Host, Surface, PROTOCOL_VERSION, CLIENT_VERSION } from './host.js';
export { ModhostError, ModhostConnectionError, ModhostTimeoutError, ENGINE_RESTARTED } from './errors.js';
export { defaultSocketPath } from './socket-path.js';
export { encodeFrame, FrameDecoder } from './framing.js';
