// @expo/ui/swift-ui/modifiers: Expo UI's modifier helpers, from @modhost/client. A config is
// `{$type, ...params}` (plus `eventListener`, which stays in this process). The helpers that
// follow from the bundled plugins' descriptions are generated (`modhost codegen client`); the
// others are the client's hand-written ones.
export * from '../../../js/src/generated/bundled-modifiers.js';
export {
  createModifier, createModifierWithEventListener,
  onTapGesture, onLongPressGesture, onAppear, onDisappear, onSubmit, refreshable, badge, shapes,
  symbolEffect, transition, contentTransition, rotation3DEffect, listSectionSpacing, animation, Animation,
  presentationBackgroundInteraction, searchable, presentationDetents,
} from '../../../js/src/index.js';
