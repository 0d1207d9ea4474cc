// The JS client's modifier types (clients/js/index.d.ts: its hand-written helpers, and the
// names it gives to values of its generated ones) checked against the types generated from
// the bundled plugins' schemas: the same member names, and every value
// the client's types allow is one the host's schema accepts. The other way round they match
// once null (which the schemas allow for optional Swift fields and the client leaves out) is
// removed, except where the client is stricter on purpose, which is spelt out below.
import type * as client from '@modhost/client';
import type * as generated from './modifiers.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
type Assignable<A, B> = [A] extends [B] ? true : false;
type NoNull<T> = { [K in keyof T]: Exclude<T[K], null> };
function check<T extends true>(): void {}

// swipeActions
type Action = NonNullable<generated.SwipeActionsParams['trailing']>[number];
check<Equal<keyof client.SwipeActionData, keyof Action>>();
check<Equal<keyof client.SwipeActionsParams, keyof generated.SwipeActionsParams>>();
check<Assignable<client.SwipeActionData, Action>>();
check<Assignable<client.SwipeActionsModifier, generated.SwipeActionsModifier>>();
check<Equal<client.SwipeActionRole, NonNullable<Action['role']>>>();
// The client makes a button's label required (the host defaults it to "").
check<Assignable<NoNull<Action> & { label: string }, client.SwipeActionData>>();

// ExpoUI style modifiers. Their Params and Modifier types are the client's generated ones
// (`modhost codegen client`); the unions the client names are taken from them.
check<Equal<client.FrameAlignment, NonNullable<generated.FrameParams['alignment']>>>();
check<Equal<client.FontWeight, NonNullable<generated.FontParams['weight']>>>();
check<Equal<client.FontDesign, NonNullable<generated.FontParams['design']>>>();
check<Equal<client.ShapeName, generated.ContentShapeParams['shape']>>();
check<Equal<client.ShapeName, NonNullable<generated.BackgroundParams['shape']>>>();
check<Equal<client.Color, generated.ColorValue>>();

// What each hand-written helper returns is a config the generated types accept.
type Returned<F extends (...args: any[]) => unknown> = ReturnType<F>;
check<Assignable<Returned<typeof client.padding>, generated.PaddingModifier>>();
check<Assignable<Returned<typeof client.frame>, generated.FrameModifier>>();
check<Assignable<Returned<typeof client.background>, generated.BackgroundModifier>>();
check<Assignable<Returned<typeof client.foregroundStyle>, generated.ForegroundStyleModifier>>();
check<Assignable<Returned<typeof client.tint>, generated.TintModifier>>();
check<Assignable<Returned<typeof client.font>, generated.FontModifier>>();
check<Assignable<Returned<typeof client.opacity>, generated.OpacityModifier>>();
check<Assignable<Returned<typeof client.cornerRadius>, generated.CornerRadiusModifier>>();
check<Assignable<Returned<typeof client.border>, generated.BorderModifier>>();
check<Assignable<Returned<typeof client.listRowBackground>, generated.ListRowBackgroundModifier>>();
check<Assignable<Returned<typeof client.badge>, generated.BadgeModifier>>();
check<Assignable<Returned<typeof client.deleteDisabled>, generated.DeleteDisabledModifier>>();
check<Assignable<Returned<typeof client.disabled>, generated.DisabledModifier>>();
check<Assignable<Returned<typeof client.hidden>, generated.HiddenModifier>>();
check<Assignable<Returned<typeof client.contentShape>, generated.ContentShapeModifier>>();
check<Assignable<Returned<typeof client.onTapGesture>, generated.OnTapGestureModifier>>();
check<Assignable<Returned<typeof client.onLongPressGesture>, generated.OnLongPressGestureModifier>>();
check<Assignable<Returned<typeof client.onAppear>, generated.OnAppearModifier>>();
check<Assignable<Returned<typeof client.onDisappear>, generated.OnDisappearModifier>>();
check<Assignable<Returned<typeof client.onSubmit>, generated.OnSubmitModifier>>();
check<Assignable<Returned<typeof client.refreshable>, generated.RefreshableModifier>>();

// The ExpoUI module's functions.
check<Equal<client.ExpoUIFunctions, generated.ExpoUIFunctions>>();

// ExpoUI symbol modifiers: the client's unions are the schemas' enums.
check<Equal<client.SymbolEffectName, generated.SymbolEffectParams['effect']>>();
check<Equal<client.SymbolScale, generated.ImageScaleParams['scale']>>();
check<Equal<client.SymbolRenderingMode, generated.SymbolRenderingModeParams['mode']>>();
check<Equal<client.SymbolVariant, generated.SymbolVariantParams['variant']>>();
check<Equal<client.SymbolEffectRepeat, NonNullable<NonNullable<generated.SymbolEffectParams['options']>['repeat']>>>();
check<Equal<client.FontWeight, generated.FontWeightParams['weight']>>();
check<Equal<client.TransitionSymbolEffect | client.ContentTransitionSymbolEffect | client.IndefiniteSymbolEffect, generated.TransitionParams['symbolEffect']>>();
check<Assignable<client.SymbolEffectOptions, NoNull<NonNullable<generated.SymbolEffectParams['options']>>>>();
check<Assignable<Returned<typeof client.symbolEffect>, generated.SymbolEffectModifier>>();
check<Assignable<Returned<typeof client.symbolEffectsRemoved>, generated.SymbolEffectsRemovedModifier>>();
check<Assignable<Returned<typeof client.transition>, generated.TransitionModifier>>();
check<Assignable<Returned<typeof client.contentTransition>, generated.ContentTransitionModifier>>();
check<Assignable<Returned<typeof client.imageScale>, generated.ImageScaleModifier>>();
check<Assignable<Returned<typeof client.symbolRenderingMode>, generated.SymbolRenderingModeModifier>>();
check<Assignable<Returned<typeof client.symbolVariant>, generated.SymbolVariantModifier>>();
check<Assignable<Returned<typeof client.fontWeight>, generated.FontWeightModifier>>();
