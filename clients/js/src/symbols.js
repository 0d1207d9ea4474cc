// SF Symbols: the ExpoUI symbol effect modifiers (symbolEffect, transition, contentTransition)
// and `SymbolView`, a react-native-nitro-symbols-like view made of an Image node and modifiers.
// The plainer symbol modifiers (symbolEffectsRemoved, imageScale, symbolRenderingMode,
// symbolVariant, fontWeight) are generated from the plugin's description (src/generated/).
// Every helper checks its arguments as the host does (unknown keys, enum values, an effect
// asked for in a way it cannot run), so the mistake is a TypeError here, before any request.
import { createModifier, FONT_WEIGHTS } from './modifiers.js';
import { enumOf } from './modifier-helper.js';
import { font, foregroundStyle, imageScale, symbolRenderingMode, symbolVariant } from './generated/bundled-modifiers.js';
import { refuseUnknownKeys } from './suggest.js';

/** Every effect, and the ways it can run (the host's table: protocol/surfaces.md). */
export const SYMBOL_EFFECT_KINDS = Object.freeze({
  bounce: ['discrete', 'indefinite'], bounceUp: ['discrete', 'indefinite'], bounceDown: ['discrete', 'indefinite'],
  pulse: ['discrete', 'indefinite'], variableColor: ['discrete', 'indefinite'], wiggle: ['discrete', 'indefinite'],
  rotate: ['discrete', 'indefinite'], breathe: ['discrete', 'indefinite'],
  scale: ['indefinite'], scaleUp: ['indefinite'], scaleDown: ['indefinite'],
  appear: ['indefinite', 'transition'], disappear: ['indefinite', 'transition'],
  drawOn: ['indefinite', 'transition'], drawOff: ['indefinite', 'transition'],
  replace: ['contentTransition'], automatic: ['transition', 'contentTransition'],
});
export const SYMBOL_EFFECTS = Object.freeze(Object.keys(SYMBOL_EFFECT_KINDS));
export const SYMBOL_SCALES = enumOf(imageScale, 'scale');
export const SYMBOL_RENDERING_MODES = enumOf(symbolRenderingMode, 'mode');
/** symbolVariant's values: SF Symbols' variant suffixes, in their order (slash, enclosure, fill). */
export const SYMBOL_VARIANTS = enumOf(symbolVariant, 'variant');
export const SYMBOL_REPEATS = Object.freeze(['default', 'repeating', 'nonRepeating', 'continuous', 'periodic']);

function fail(name, message) {
  throw new TypeError(`${name}: ${message}`);
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

function object(name, value, known, what) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(name, `${what} must be an object, got ${describe(value)}`);
  refuseUnknownKeys(name, value, known);
  return value;
}

function oneOf(name, field, value, allowed) {
  if (!allowed.includes(value)) fail(name, `${field} must be one of ${allowed.join(', ')}, got ${describe(value)}`);
  return value;
}

function effectsOf(kind) {
  return SYMBOL_EFFECTS.filter((effect) => SYMBOL_EFFECT_KINDS[effect].includes(kind));
}

/** `{repeat?, count?, delay?, speed?}`, checked; `count`/`delay` go with `periodic` only. */
function effectOptions(name, given) {
  if (given === undefined) return undefined;
  object(name, given, ['repeat', 'count', 'delay', 'speed'], 'options');
  let options = given;
  // Expo UI's form: repeat {count?, delay?} is a periodic repetition.
  if (given.repeat !== null && typeof given.repeat === 'object' && !Array.isArray(given.repeat)) {
    object(name, given.repeat, ['count', 'delay'], 'options.repeat');
    if (given.count !== undefined || given.delay !== undefined) fail(name, 'give count and delay inside repeat {count, delay} or beside it, not both');
    options = { ...given, repeat: 'periodic', count: given.repeat.count, delay: given.repeat.delay };
  }
  const out = {};
  if (options.repeat !== undefined) out.repeat = oneOf(name, 'options.repeat', options.repeat, SYMBOL_REPEATS);
  if (options.count !== undefined) {
    if (!Number.isInteger(options.count) || options.count < 1) fail(name, `options.count must be an integer >= 1, got ${describe(options.count)}`);
    out.count = options.count;
  }
  if (options.delay !== undefined) {
    if (typeof options.delay !== 'number' || !Number.isFinite(options.delay) || options.delay < 0) fail(name, `options.delay must be a number of seconds >= 0, got ${describe(options.delay)}`);
    out.delay = options.delay;
  }
  if (options.speed !== undefined) {
    if (typeof options.speed !== 'number' || !Number.isFinite(options.speed) || options.speed <= 0) fail(name, `options.speed must be a number > 0, got ${describe(options.speed)}`);
    out.speed = options.speed;
  }
  if ((out.count !== undefined || out.delay !== undefined) && out.repeat !== undefined && out.repeat !== 'periodic') {
    fail(name, `options.count and options.delay go with repeat 'periodic' only (or no repeat), got repeat ${describe(out.repeat)}`);
  }
  return out;
}

/**
 * A symbol effect on the images at or under the node. With `value`, a discrete effect that runs
 * once each time `value` changes (bounce, pulse, variableColor, wiggle, rotate, breathe and the
 * bounce directions); without it, an indefinite effect that runs while `isActive` (true when
 * absent). An effect asked for in a way it cannot run is a TypeError naming what fits.
 * @param {{effect: string, value?: string|number|boolean, isActive?: boolean, options?: object}} params
 */
export function symbolEffect(params, args) {
  const name = 'symbolEffect';
  if (args !== undefined || typeof params === 'string' || isExpoEffect(params)) return symbolEffect(expoParams(params, args));
  object(name, params, ['effect', 'value', 'isActive', 'options'], 'params');
  const effect = oneOf(name, 'effect', params.effect, SYMBOL_EFFECTS);
  const kinds = SYMBOL_EFFECT_KINDS[effect];
  const out = { effect };
  if (params.value !== undefined && params.isActive !== undefined) fail(name, "give 'value' (a discrete effect) or 'isActive' (an indefinite effect), not both");
  if (params.value !== undefined) {
    if (!['string', 'number', 'boolean'].includes(typeof params.value)) fail(name, `value must be a string, a number or a boolean, got ${describe(params.value)}`);
    if (!kinds.includes('discrete')) fail(name, `'${effect}' is ${kinds.join(' and ')}, not discrete: with 'value' use one of ${effectsOf('discrete').join(', ')}`);
    out.value = params.value;
  } else {
    if (!kinds.includes('indefinite')) fail(name, `'${effect}' is ${kinds.join(' and ')}, not indefinite: without 'value' use one of ${effectsOf('indefinite').join(', ')}; '${effect}' belongs in ${kinds.map((k) => (k === 'transition' ? 'transition()' : 'contentTransition()')).join(' or ')}`);
    if (params.isActive !== undefined) {
      if (typeof params.isActive !== 'boolean') fail(name, `isActive must be a boolean, got ${describe(params.isActive)}`);
      out.isActive = params.isActive;
    }
  }
  const options = effectOptions(name, params.options);
  if (options !== undefined) out.options = options;
  return createModifier('symbolEffect', out);
}

/** Expo UI's effect object members beyond `effect` that name a direction the host models. */
const EXPO_EFFECT_KEYS = ['effect', 'direction', 'scale'];

/** The members Expo UI's effect objects have besides `effect` (the host models the first two). */
const EXPO_EFFECT_MEMBERS = ['direction', 'scale', 'scope', 'style', 'fillStyle', 'playbackStyle', 'inactiveLayers', 'customAngle'];

/**
 * Whether `params` is Expo UI's effect object (`{effect, direction?}`), not this helper's params:
 * it has a member only Expo's effects have. A misspelt key of this helper's params is not one,
 * so it is refused as that.
 */
function isExpoEffect(params) {
  return params !== null && typeof params === 'object' && !Array.isArray(params)
    && Object.keys(params).some((key) => EXPO_EFFECT_MEMBERS.includes(key));
}

/**
 * Expo UI's call, `symbolEffect(effect, {value?, isActive?, options?})`, as this helper's params.
 * `effect` is a name or Expo's object: `{effect: 'bounce', direction: 'up'}` is `bounceUp`,
 * `{effect: 'scale', scale: 'down'}` is `scaleDown`; the other members of Expo's objects (scope,
 * style, ...) are refused, since the host does not model them. `value` and `isActive` are plain
 * values here (Expo's are native state).
 */
function expoParams(effect, args = {}) {
  const name = 'symbolEffect';
  let effectName = effect;
  if (effect !== null && typeof effect === 'object' && !Array.isArray(effect)) {
    refuseUnknownKeys(`${name}: effect`, effect, EXPO_EFFECT_KEYS);
    const { effect: base, direction, scale } = effect;
    effectName = base;
    const turn = (modifier, allowed, field) => {
      oneOf(name, `effect.${field}`, modifier, allowed);
      return `${base}${modifier[0].toUpperCase()}${modifier.slice(1)}`;
    };
    if (direction !== undefined) {
      if (base !== 'bounce') fail(name, `effect.direction goes with 'bounce' only here (up, down), got it with ${describe(base)}`);
      effectName = turn(direction, ['up', 'down'], 'direction');
    }
    if (scale !== undefined) {
      if (base !== 'scale') fail(name, `effect.scale goes with 'scale' only here (up, down), got it with ${describe(base)}`);
      effectName = turn(scale, ['up', 'down'], 'scale');
    }
  }
  object(name, args, ['value', 'isActive', 'options'], 'its second argument');
  const params = { effect: effectName };
  for (const key of ['value', 'isActive', 'options']) if (args[key] !== undefined) params[key] = args[key];
  return params;
}

function transitionLike(type, kind, symbolEffectName, options) {
  const effect = oneOf(type, 'symbolEffect', symbolEffectName, effectsOf(kind));
  const out = { symbolEffect: effect };
  const checked = effectOptions(type, options);
  if (checked !== undefined) out.options = checked;
  return createModifier(type, out);
}

/**
 * The effect an image at or under the node runs when it enters the tree by an update (or leaves
 * it): appear, disappear, drawOn, drawOff or automatic.
 * @param {string} symbolEffect
 * @param {object} [options]
 */
export function transition(symbolEffect, options) {
  return transitionLike('transition', 'transition', symbolEffect, options);
}

/**
 * The effect an image at or under the node runs when the symbol it shows changes: replace or
 * automatic.
 * @param {string} symbolEffect
 * @param {object} [options]
 */
export function contentTransition(symbolEffect, options) {
  return transitionLike('contentTransition', 'contentTransition', symbolEffect, options);
}

// ---------------------------------------------------------------- SymbolView

/**
 * SymbolView's `effect` names (react-native-nitro-symbols' spellings, lowercase; the host's
 * camelCase names work too), and how each runs. `discrete` effects run once each time
 * `isAnimating` changes (it is their `value`); `indefinite` ones run while `isAnimating` is
 * true; `transition` ones run when the view appears (`isVisible` turning true); `content` ones
 * when `symbolName` changes.
 */
export const SYMBOL_VIEW_EFFECTS = Object.freeze({
  bounce: Object.freeze({ effect: 'bounce', runs: 'discrete' }),
  wiggle: Object.freeze({ effect: 'wiggle', runs: 'discrete' }),
  pulse: Object.freeze({ effect: 'pulse', runs: 'indefinite' }),
  variablecolor: Object.freeze({ effect: 'variableColor', runs: 'indefinite' }),
  breathe: Object.freeze({ effect: 'breathe', runs: 'indefinite' }),
  rotate: Object.freeze({ effect: 'rotate', runs: 'indefinite' }),
  scaleup: Object.freeze({ effect: 'scaleUp', runs: 'indefinite' }),
  scaledown: Object.freeze({ effect: 'scaleDown', runs: 'indefinite' }),
  drawon: Object.freeze({ effect: 'drawOn', runs: 'indefinite' }),
  appear: Object.freeze({ effect: 'appear', runs: 'transition' }),
  replace: Object.freeze({ effect: 'replace', runs: 'content' }),
});

/** nitro-symbols' weights (lowercase) to the host's. */
const WEIGHTS = Object.fromEntries(FONT_WEIGHTS.map((weight) => [weight.toLowerCase(), weight]));
export const SYMBOL_VIEW_PROPS = Object.freeze([
  'symbolName', 'pointSize', 'weight', 'tintColor', 'colors', 'isAnimating', 'isVisible', 'scale', 'effect', 'variant',
  'renderingMode', 'modifiers',
]);

/** `effect` as SymbolView takes it: nitro's lowercase names, or the host's. */
function viewEffect(effect) {
  const entry = SYMBOL_VIEW_EFFECTS[String(effect).toLowerCase()];
  if (typeof effect !== 'string' || entry === undefined) {
    fail('SymbolView', `effect must be one of ${Object.keys(SYMBOL_VIEW_EFFECTS).join(', ')}, got ${describe(effect)}`);
  }
  return entry;
}

/**
 * What a SymbolView is on the wire: `{type: 'Image', props: {systemName}, modifiers}`. Equal
 * props give an equal node, so re-rendering with them changes nothing on the host.
 * @param {object} props nitro-symbols' props (see index.d.ts)
 */
export function symbolViewNode(props) {
  const name = 'SymbolView';
  object(name, props, [...SYMBOL_VIEW_PROPS, 'key', 'children'], 'props');
  if (props.children !== undefined && props.children !== null) fail(name, 'takes no children');
  if (typeof props.symbolName !== 'string' || props.symbolName.length === 0) fail(name, `symbolName must be a non-empty string (an SF Symbol name), got ${describe(props.symbolName)}`);
  const modifiers = [];
  const pointSize = props.pointSize ?? 24;
  if (typeof pointSize !== 'number' || !Number.isFinite(pointSize) || pointSize <= 0) fail(name, `pointSize must be a number > 0, got ${describe(pointSize)}`);
  const fontParams = { size: pointSize };
  if (props.weight !== undefined) {
    const weight = WEIGHTS[typeof props.weight === 'string' ? props.weight.toLowerCase() : ''];
    if (weight === undefined) fail(name, `weight must be one of ${Object.keys(WEIGHTS).join(', ')}, got ${describe(props.weight)}`);
    fontParams.weight = weight;
  }
  modifiers.push(font(fontParams));
  modifiers.push(imageScale(props.scale ?? 'medium'));
  // The effect comes third, before the modifiers that props may add or leave out, so that its
  // index (which keeps a discrete effect's run count on the host) stays put.
  if (props.isAnimating !== undefined && typeof props.isAnimating !== 'boolean') fail(name, `isAnimating must be a boolean, got ${describe(props.isAnimating)}`);
  if (props.effect !== undefined) {
    const { effect, runs } = viewEffect(props.effect);
    const isAnimating = props.isAnimating ?? false;
    if (runs === 'discrete') modifiers.push(symbolEffect({ effect, value: isAnimating }));
    else if (runs === 'indefinite') modifiers.push(symbolEffect({ effect, isActive: isAnimating }));
    else if (runs === 'transition') modifiers.push(transition(effect));
    else modifiers.push(contentTransition(effect));
  }
  if (props.renderingMode !== undefined) modifiers.push(symbolRenderingMode(props.renderingMode));
  if (props.variant !== undefined) modifiers.push(symbolVariant(props.variant));
  if (props.colors !== undefined) {
    if (!Array.isArray(props.colors) || props.colors.length === 0 || props.colors.length > 3) fail(name, `colors must be an array of 1 to 3 colours, got ${describe(props.colors)}`);
    if (props.tintColor !== undefined) fail(name, 'give tintColor or colors, not both (colors[0] is the tint)');
    modifiers.push(foregroundStyle(...props.colors));
  } else if (props.tintColor !== undefined) {
    modifiers.push(foregroundStyle(props.tintColor));
  }
  if (props.modifiers !== undefined) {
    if (!Array.isArray(props.modifiers)) fail(name, `modifiers must be an array, got ${describe(props.modifiers)}`);
    modifiers.push(...props.modifiers);
  }
  const node = { type: 'Image', props: { systemName: props.symbolName }, modifiers };
  if (props.key !== undefined && props.key !== null) node.key = String(props.key);
  return node;
}

/**
 * An SF Symbol with nitro-symbols' props, as a function component for `h` and JSX: an Image
 * node with the symbol modifiers its props map to, or nothing while `isVisible` is false.
 */
export function SymbolView(props) {
  if (props?.isVisible !== undefined && typeof props.isVisible !== 'boolean') fail('SymbolView', `isVisible must be a boolean, got ${describe(props.isVisible)}`);
  if (props?.isVisible === false) {
    symbolViewNode(props);
    return null;
  }
  return symbolViewNode(props);
}
