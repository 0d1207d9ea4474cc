// @expo/ui/swift-ui/modifiers: Expo UI's modifier helpers, as @modhost/client types them.
export * from '../../../js/src/generated/bundled-modifiers.js';
export {
  createModifier, createModifierWithEventListener,
  onTapGesture, onLongPressGesture, onAppear, onDisappear, onSubmit, refreshable, badge, shapes,
  symbolEffect, transition, contentTransition, rotation3DEffect, listSectionSpacing, animation, Animation,
  presentationBackgroundInteraction, searchable, presentationDetents,
} from '../../../js/index.js';
export type {
  ModifierConfig, ModifierConfigWithListener, AnyModifierConfig, EventListener, EventInfo,
  Shape, ShapeName, Color,
  SymbolEffectName, DiscreteSymbolEffect, IndefiniteSymbolEffect, TransitionSymbolEffect, ContentTransitionSymbolEffect,
  SymbolEffectOptions, SymbolEffectParams, SymbolScale, SymbolRenderingMode, SymbolVariant, FontWeight,
} from '../../../js/index.js';
