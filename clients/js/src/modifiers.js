// Modifier configs: plain data with a `$type`, spread flat as Expo UI builds them.
// A listener, when there is one, rides along as `eventListener` and never reaches the wire.
// Every helper refuses keys it does not know (a TypeError naming the key, the known ones and the
// closest), so a misspelt option never goes missing without a word.
import { refuseUnknownKeys } from './suggest.js';
import { checkOptionsOf, createModifier, createModifierWithEventListener, describeValue, enumOf } from './modifier-helper.js';
import { handWrittenSpecs } from './generated/hand-written-specs.js';
import {
  aspectRatio, background, buttonStyle, controlSize, datePickerStyle, defaultScrollAnchor, font, frame, gaugeStyle,
  glassEffect, ignoreSafeArea, keyboardType, labelStyle, listRowSeparator, listStyle, multilineTextAlignment, overlay,
  pickerStyle, progressViewStyle, scrollContentBackground, submitLabel, textCase, textFieldStyle, toggleStyle,
  truncationMode, underline,
} from './generated/bundled-modifiers.js';

export { createModifier, createModifierWithEventListener };

const ACTION_FIELDS = ['id', 'label', 'systemImage', 'tint', 'role'];
const ACTION_KEYS = [...ACTION_FIELDS, 'onPress'];
const SWIPE_ACTIONS_KEYS = ['leading', 'trailing', 'allowsFullSwipe'];

function actionData(action, edge, index) {
  if (action === null || typeof action !== 'object' || Array.isArray(action)) {
    throw new TypeError(`swipeActions: ${edge}[${index}] must be an object {id, label, systemImage?, tint?, role?, onPress?}`);
  }
  refuseUnknownKeys(`swipeActions: ${edge}[${index}]`, action, ACTION_KEYS);
  if (typeof action.id !== 'string' || action.id.length === 0) {
    throw new TypeError(`swipeActions: ${edge}[${index}].id must be a non-empty string`);
  }
  const data = {};
  for (const field of ACTION_FIELDS) {
    if (action[field] !== undefined) data[field] = action[field];
  }
  return data;
}

/**
 * The swipeActions modifier. Each action's `onPress` stays here, in a Map keyed by action
 * id; only the data fields travel to the host. The host answers a tap with
 * `{"swipeActions": {"id": ...}}`, and the listener calls the matching `onPress`.
 *
 * @param {{leading?: object[], trailing?: object[], allowsFullSwipe?: boolean}} config
 */
export function swipeActions(config = {}) {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw new TypeError(`swipeActions: params must be an object {leading?, trailing?, allowsFullSwipe?}, got ${describeValue(config)}`);
  }
  refuseUnknownKeys('swipeActions', config, SWIPE_ACTIONS_KEYS);
  const leading = config.leading ?? [];
  const trailing = config.trailing ?? [];
  for (const [edge, list] of [['leading', leading], ['trailing', trailing]]) {
    if (!Array.isArray(list)) throw new TypeError(`swipeActions: ${edge} must be an array of actions, got ${describeValue(list)}`);
  }
  if (config.allowsFullSwipe !== undefined && typeof config.allowsFullSwipe !== 'boolean') {
    throw new TypeError(`swipeActions: allowsFullSwipe must be a boolean, got ${describeValue(config.allowsFullSwipe)}`);
  }
  const presses = new Map();
  const collect = (list, edge) =>
    list.map((action, index) => {
      const data = actionData(action, edge, index);
      if (action.onPress !== undefined) {
        if (typeof action.onPress !== 'function') {
          throw new TypeError(`swipeActions: ${edge}[${index}].onPress must be a function`);
        }
        if (presses.has(data.id)) {
          throw new TypeError(`swipeActions: action id '${data.id}' is used twice; ids route taps, so they must be unique within one swipeActions`);
        }
        presses.set(data.id, action.onPress);
      }
      return data;
    });
  const params = {
    leading: collect(leading, 'leading'),
    trailing: collect(trailing, 'trailing'),
    allowsFullSwipe: config.allowsFullSwipe ?? false,
  };
  const listener = (event, info) => {
    const id = event?.id;
    const onPress = presses.get(id);
    if (onPress === undefined) return false;
    onPress({ id, ...info });
    return true;
  };
  return createModifierWithEventListener('swipeActions', listener, params);
}

// ---------------------------------------------------------------- lists from the plugin's description
// The values an ExpoUI param takes, as its schema lists them: the generated helpers carry it.

export const SHAPE_NAMES = enumOf(background, 'shape');
export const FRAME_ALIGNMENTS = enumOf(frame, 'alignment');
export const FONT_WEIGHTS = enumOf(font, 'weight');
export const FONT_DESIGNS = enumOf(font, 'design');
export const CONTENT_MODES = enumOf(aspectRatio, 'contentMode');
export const TRUNCATION_MODES = enumOf(truncationMode, 'mode');
export const TEXT_CASES = enumOf(textCase, 'value');
export const LINE_PATTERNS = enumOf(underline, 'pattern');
export const TEXT_ALIGNMENTS = enumOf(multilineTextAlignment, 'alignment');
export const VISIBILITIES = enumOf(scrollContentBackground, 'visible');
export const SEPARATOR_EDGES = enumOf(listRowSeparator, 'edges');
export const LIST_STYLES = enumOf(listStyle, 'style');
export const BUTTON_STYLES = enumOf(buttonStyle, 'style');
export const TOGGLE_STYLES = enumOf(toggleStyle, 'style');
export const PICKER_STYLES = enumOf(pickerStyle, 'style');
export const DATE_PICKER_STYLES = enumOf(datePickerStyle, 'style');
export const GAUGE_STYLES = enumOf(gaugeStyle, 'style');
export const PROGRESS_VIEW_STYLES = enumOf(progressViewStyle, 'style');
export const LABEL_STYLES = enumOf(labelStyle, 'style');
export const TEXT_FIELD_STYLES = enumOf(textFieldStyle, 'style');
export const CONTROL_SIZES = enumOf(controlSize, 'size');
export const SUBMIT_LABELS = enumOf(submitLabel, 'submitLabel');
export const SAFE_AREA_REGIONS = enumOf(ignoreSafeArea, 'regions');
export const EDGE_SETS = enumOf(ignoreSafeArea, 'edges');
export const GLASS_VARIANTS = enumOf(glassEffect, 'glass.variant');
export const UNIT_POINTS = enumOf(defaultScrollAnchor, 'anchor');
export const KEYBOARD_TYPES = enumOf(keyboardType, 'keyboardType');
export const OVERLAY_ALIGNMENTS = enumOf(overlay, 'alignment');

// ---------------------------------------------------------------- ExpoUI: argument checks

function fail(name, message) {
  throw new TypeError(`${name}: ${message}`);
}

function checkFunction(name, fn, what = 'its first argument') {
  if (typeof fn !== 'function') fail(name, `${what} must be a function, got ${describeValue(fn)}`);
}

function checkNumber(name, field, value, { min, max, integer = false } = {}) {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(name, `${field} must be a finite number, got ${describeValue(value)}`);
  if (integer && !Number.isInteger(value)) fail(name, `${field} must be an integer, got ${value}`);
  if (min !== undefined && value < min) fail(name, `${field} must be >= ${min}, got ${value}`);
  if (max !== undefined && value > max) fail(name, `${field} must be <= ${max}, got ${value}`);
  return value;
}

function checkBoolean(name, field, value) {
  if (typeof value !== 'boolean') fail(name, `${field} must be a boolean, got ${describeValue(value)}`);
  return value;
}

function checkOneOf(name, field, value, allowed) {
  if (!allowed.includes(value)) fail(name, `${field} must be one of ${allowed.join(', ')}, got ${describeValue(value)}`);
  return value;
}

/** An options object (or nothing) whose members are all among `known`. */
function checkOptions(name, options, known) {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) fail(name, `options must be an object, got ${describeValue(options)}`);
  refuseUnknownKeys(name, options, known, 'option');
  return options;
}

/** Copies the members of `options` that are set, checking each with `check(field, value)`. */
function pick(options, fields, check) {
  const out = {};
  for (const field of fields) {
    if (options[field] !== undefined) out[field] = check(field, options[field]);
  }
  return out;
}

// ---------------------------------------------------------------- ExpoUI: gestures and lifecycle

// What a handler gets: where the event happened, without the routing details' host.
function handlerInfo(info) {
  return { surface: info?.surface, node: info?.node, modifier: info?.modifier, type: info?.type };
}

// A listener that calls `fn(info)`. A promise fn returns is handed back so that a rejection is
// reported (diagnostic `listener-threw`); any other result is dropped, so that a handler that
// happens to return false is not taken for "not handled".
function handlerListener(fn) {
  return (event, info) => {
    const result = fn(handlerInfo(info));
    return result && typeof result.then === 'function' ? result : undefined;
  };
}

/**
 * Runs `fn` when the node is tapped `count` times (default 1): the host's `tap` gesture with the
 * same count, on the node or on a descendant that has no tap handler of its own.
 * @param {(info: object) => unknown} fn
 * @param {{count?: number}} [options]
 */
export function onTapGesture(fn, options) {
  checkFunction('onTapGesture', fn);
  const { count } = checkOptionsOf('onTapGesture', options, handWrittenSpecs.onTapGesture);
  const params = {};
  if (count !== undefined) params.count = count;
  return createModifierWithEventListener('onTapGesture', handlerListener(fn), params);
}

/**
 * Runs `fn` when the node is pressed for at least `minimumDuration` seconds (default 0.5).
 * As in Expo UI, the duration may also be given as a number.
 * @param {(info: object) => unknown} fn
 * @param {{minimumDuration?: number} | number} [options]
 */
export function onLongPressGesture(fn, options) {
  checkFunction('onLongPressGesture', fn);
  const opts = checkOptionsOf('onLongPressGesture', typeof options === 'number' ? { minimumDuration: options } : options,
    handWrittenSpecs.onLongPressGesture);
  const params = {};
  if (opts.minimumDuration !== undefined) params.minimumDuration = opts.minimumDuration;
  return createModifierWithEventListener('onLongPressGesture', handlerListener(fn), params);
}

/**
 * Runs `fn` when the node enters the tree: at `mount`, or at the `update` that adds it (also
 * when its key or view type changed). The host sends it before answering, so `fn` has run
 * when `mount`/`update` resolves.
 * @param {(info: object) => unknown} fn
 */
export function onAppear(fn) {
  checkFunction('onAppear', fn);
  return createModifierWithEventListener('onAppear', handlerListener(fn));
}

/**
 * Runs `fn` when the node leaves the tree: at the `update` that removes it, or at `unmount`.
 * @param {(info: object) => unknown} fn
 */
export function onDisappear(fn) {
  checkFunction('onDisappear', fn);
  return createModifierWithEventListener('onDisappear', handlerListener(fn));
}

/**
 * Runs `fn` when the user submits a TextField inside the node (the host's `submit` gesture).
 * @param {(info: object) => unknown} fn
 */
export function onSubmit(fn) {
  checkFunction('onSubmit', fn);
  return createModifierWithEventListener('onSubmit', handlerListener(fn));
}

/** The module whose function ends a refresh, and that function. */
export const REFRESH_MODULE = 'ExpoUI';
export const COMPLETE_REFRESH = 'completeRefresh';

/**
 * Pull to refresh on a List or ScrollView (or on an ancestor of one). When the host starts a
 * refresh it sends `{"refreshable": {"id"}}`; the listener calls `fn` and, once the promise `fn`
 * returns settles (fulfilled or rejected), calls the module function
 * `ExpoUI.completeRefresh(id)` on the Host the event came from, exactly once. Until then the
 * List's snapshot shows `refreshing: true`. A rejection of `fn` (or a throw) is reported as a
 * `listener-threw` diagnostic, after the refresh was completed; so is a failed completeRefresh.
 * When the connection the refresh came on is gone by then (the daemon restarted, the Host was
 * closed), nothing is sent: the engine that ran the refresh is gone with it. When the host
 * stopped the refresh itself (its node left the tree), completeRefresh fails with -32003: that
 * is a `refresh-not-running` warning, not an error.
 * @param {(info: object) => unknown} fn
 */
export function refreshable(fn) {
  checkFunction('refreshable', fn);
  const listener = (event, info) => {
    const id = event?.id;
    if (typeof id !== 'string') return false;
    const host = info?.host;
    if (!host || typeof host.callFunction !== 'function') {
      throw new TypeError(`refreshable: the event of refresh '${id}' came without the Host it came from; cannot call ${REFRESH_MODULE}.${COMPLETE_REFRESH}`);
    }
    const where = { ...handlerInfo(info), id };
    let running;
    try {
      running = Promise.resolve(fn(where));
    } catch (error) {
      running = Promise.reject(error);
    }
    const completing = `${REFRESH_MODULE}.${COMPLETE_REFRESH}('${id}')`;
    // A refresh belongs to the engine that started it: once the connection it came on is gone
    // (the daemon restarted, the Host was closed) there is nothing left to complete.
    const gone = () => info.connection !== undefined && typeof host.isCurrentConnection === 'function' && !host.isCurrentConnection(info.connection);
    // The host stops a refresh whose node left the tree (an update dropped it, unmount); it then
    // answers completeRefresh with -32003. Nothing went wrong on this side: a warning says so.
    const stopped = (error) => {
      if (error?.code !== -32003 || typeof host.clientDiagnostic !== 'function') throw error;
      host.clientDiagnostic('warning', 'refresh-not-running',
        `refresh '${id}' of modifier ${info.modifier} of node '${info.node}' in surface '${info.surface}' was no longer running when its function settled (its List or ScrollView left the tree?): ${messageOf(error)}`,
        { surface: info.surface, node: info.node, modifier: info.modifier, error });
    };
    const complete = () => (gone() ? Promise.resolve()
      : host.callFunction(REFRESH_MODULE, COMPLETE_REFRESH, [id]).then(() => undefined, stopped));
    return running.then(
      () => complete().catch((completion) => {
        throw refreshError(`${completing} failed: ${messageOf(completion)}`, completion);
      }),
      (failure) => complete().then(
        () => { throw refreshError(`the refresh function rejected: ${messageOf(failure)} (refresh '${id}' was completed anyway)`, failure); },
        (completion) => { throw refreshError(`the refresh function rejected: ${messageOf(failure)}; then ${completing} failed: ${messageOf(completion)}`, failure); }));
  };
  return createModifierWithEventListener('refreshable', listener);
}

function refreshError(message, cause) {
  return new Error(`refreshable: ${message}`, { cause });
}

function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

// ---------------------------------------------------------------- ExpoUI: shapes

/**
 * Shapes for `background` and `contentShape`: `{shape, cornerRadius?}`, the members those
 * modifiers send.
 */
export const shapes = Object.freeze({
  rectangle: () => ({ shape: 'rectangle' }),
  roundedRectangle: (options) => {
    const { cornerRadius } = checkOptions('shapes.roundedRectangle', options, ['cornerRadius']);
    const shape = { shape: 'roundedRectangle' };
    if (cornerRadius !== undefined) shape.cornerRadius = checkNumber('shapes.roundedRectangle', 'cornerRadius', cornerRadius, { min: 0 });
    return shape;
  },
  circle: () => ({ shape: 'circle' }),
  capsule: () => ({ shape: 'capsule' }),
  ellipse: () => ({ shape: 'ellipse' }),
});

// ---------------------------------------------------------------- ExpoUI: badge

/**
 * A badge on a List row or tab: a string, or a count shown as one; without a value, or with the
 * count 0 (as SwiftUI's badge(0)), no badge.
 * @param {string | number} [value]
 */
export function badge(value) {
  if (value === undefined || value === null) return createModifier('badge');
  if (typeof value === 'number') {
    const count = checkNumber('badge', 'value', value, { integer: true });
    return count === 0 ? createModifier('badge') : createModifier('badge', { value: String(count) });
  }
  if (typeof value !== 'string') fail('badge', `value must be a string or a number, got ${describeValue(value)}`);
  return createModifier('badge', { value });
}

// ---------------------------------------------------------------- ExpoUI: rotation3DEffect, listSectionSpacing
// Expo's argument shapes that differ from the params: the axis is sent flat, a number of points
// is a custom spacing. The other recorded styles' helpers are generated (src/generated/).

/** `{ ...picked }` of an options object whose members are numbers, refusing unknown keys. */
function numberOptions(type, params, fields, range = {}) {
  const options = checkOptions(type, params, fields);
  return pick(options, fields, (field, value) => checkNumber(type, field, value, range));
}

/** `rotation3DEffect({angle, axis?: {x?, y?, z?}, perspective?})`, sent flat as Expo sends it. */
export function rotation3DEffect(params) {
  if (params === undefined || params === null) fail('rotation3DEffect', 'params {angle, axis?, perspective?} are required');
  const options = checkOptions('rotation3DEffect', params, ['angle', 'axis', 'perspective']);
  const axis = options.axis === undefined ? {} : numberOptions('rotation3DEffect: axis', options.axis, ['x', 'y', 'z']);
  return createModifier('rotation3DEffect', {
    angle: checkNumber('rotation3DEffect', 'angle', options.angle),
    axisX: axis.x ?? 0, axisY: axis.y ?? 0, axisZ: axis.z ?? 0,
    perspective: options.perspective === undefined ? 1 : checkNumber('rotation3DEffect', 'perspective', options.perspective),
  });
}

/** `'default'`, `'compact'`, or a number of points (sent as `{spacing: 'custom', value}`). */
export function listSectionSpacing(spacing) {
  if (typeof spacing === 'number') {
    return createModifier('listSectionSpacing', { spacing: 'custom', value: checkNumber('listSectionSpacing', 'spacing', spacing, { min: 0 }) });
  }
  return createModifier('listSectionSpacing', { spacing: checkOneOf('listSectionSpacing', 'spacing', spacing, ['default', 'compact']) });
}

// ---------------------------------------------------------------- ExpoUI: tag, environment, anchors, animation

export const ENVIRONMENT_VALUES = Object.freeze({
  editMode: Object.freeze(['active', 'inactive', 'transient']),
  colorScheme: Object.freeze(['light', 'dark']),
  locale: null,
  timeZone: null,
});

const ANIMATION_VALUE = Symbol('modhost.animation');

function chainable(current) {
  return Object.freeze({
    delay: (delay) => chainable({ ...current, delay: checkNumber('Animation.delay', 'delay', delay, { min: 0 }) }),
    repeat: (params) => {
      const options = checkOptions('Animation.repeat', params, ['repeatCount', 'autoreverses']);
      const next = { ...current, repeatCount: checkNumber('Animation.repeat', 'repeatCount', options.repeatCount, { min: 0, integer: true }) };
      if (options.autoreverses !== undefined) next.autoreverses = checkBoolean('Animation.repeat', 'autoreverses', options.autoreverses);
      return chainable(next);
    },
    [ANIMATION_VALUE]: () => current,
  });
}

function curve(type, fields) {
  return (params) => {
    const options = checkOptions(`Animation.${type}`, params, fields);
    return chainable({ type, ...pick(options, fields, (field, value) => checkNumber(`Animation.${type}`, field, value)) });
  };
}

/** Expo UI's animation builders: `Animation.spring({duration: 0.3}).delay(0.1)`. */
export const Animation = Object.freeze({
  easeInOut: curve('easeInOut', ['duration']),
  easeIn: curve('easeIn', ['duration']),
  easeOut: curve('easeOut', ['duration']),
  linear: curve('linear', ['duration']),
  spring: curve('spring', ['response', 'dampingFraction', 'blendDuration', 'duration', 'bounce']),
  interpolatingSpring: curve('interpolatingSpring', ['mass', 'stiffness', 'damping', 'initialVelocity', 'duration', 'bounce']),
  default: chainable({ type: 'default' }),
});

/** Animates the view's changes when `animatedValue` (a number or a boolean) changes. */
export function animation(animationObject, animatedValue) {
  const value = animationObject?.[ANIMATION_VALUE];
  if (typeof value !== 'function') fail('animation', 'its first argument must come from Animation (Animation.spring(), Animation.easeInOut({duration}), ...)');
  if (typeof animatedValue !== 'boolean') checkNumber('animation', 'animatedValue', animatedValue);
  return createModifier('animation', { animation: value(), animatedValue });
}

/** A sheet detent: 'medium', 'large', {fraction: 0...1} or {height: > 0}. */
function checkDetent(name, detent, field = 'detent') {
  if (detent === 'medium' || detent === 'large') return detent;
  if (detent !== null && typeof detent === 'object' && !Array.isArray(detent)) {
    if ('fraction' in detent) {
      refuseUnknownKeys(`${name}: ${field}`, detent, ['fraction'], 'option');
      return { fraction: checkNumber(name, `${field}.fraction`, detent.fraction, { min: 0, max: 1 }) };
    }
    if ('height' in detent) {
      refuseUnknownKeys(`${name}: ${field}`, detent, ['height'], 'option');
      const height = checkNumber(name, `${field}.height`, detent.height);
      if (height <= 0) fail(name, `${field}.height must be > 0, got ${height}`);
      return { height };
    }
  }
  return fail(name, `${field} must be 'medium', 'large', {fraction} or {height}, got ${describeValue(detent)}`);
}

/** `'automatic' | 'enabled' | 'disabled'`, or `{type: 'enabledUpThrough', detent}`. */
export function presentationBackgroundInteraction(interaction) {
  if (typeof interaction === 'string') {
    return createModifier('presentationBackgroundInteraction', { interactionType: checkOneOf('presentationBackgroundInteraction', 'interaction', interaction, ['automatic', 'enabled', 'disabled']) });
  }
  const options = checkOptions('presentationBackgroundInteraction', interaction, ['type', 'detent']);
  checkOneOf('presentationBackgroundInteraction', 'type', options.type, ['enabledUpThrough']);
  return createModifier('presentationBackgroundInteraction', { interactionType: 'enabledUpThrough', detent: checkDetent('presentationBackgroundInteraction', options.detent) });
}

// ---------------------------------------------------------------- ExpoUI: search fields and sheets

export const SEARCH_FIELD_PLACEMENTS = enumOf(handWrittenSpecs.searchable, 'placement');

/**
 * A search field on the node, as Expo UI's `searchable(text, {placement?, prompt?, onChange?})`:
 * it shows `text` (a string: the field's text as this front-end last wrote it; Expo UI's is a
 * native state, which Modhost does not have). `onChange(text)` runs with the field's whole
 * text when the user edits it (the host's `type` gesture on the node), not for a `text` the
 * front-end writes.
 * @param {string} [text]
 * @param {{placement?: string, prompt?: string, onChange?: (text: string) => unknown}} [options]
 */
export function searchable(text, options) {
  const params = {};
  if (text !== undefined) {
    if (typeof text !== 'string') fail('searchable', `text must be a string, got ${describeValue(text)}`);
    params.text = text;
  }
  const { placement, prompt, onChange } = checkOptions('searchable', options, ['placement', 'prompt', 'onChange']);
  if (placement !== undefined) params.placement = checkOneOf('searchable', 'placement', placement, SEARCH_FIELD_PLACEMENTS);
  if (prompt !== undefined) {
    if (typeof prompt !== 'string') fail('searchable', `prompt must be a string, got ${describeValue(prompt)}`);
    params.prompt = prompt;
  }
  if (onChange === undefined) return createModifier('searchable', params);
  checkFunction('searchable', onChange, 'onChange');
  return createModifierWithEventListener('searchable', (event) => {
    const result = onChange(typeof event?.text === 'string' ? event.text : '');
    return result && typeof result.then === 'function' ? result : undefined;
  }, params);
}

/**
 * The heights the sheet showing the node rests at, as Expo UI's
 * `presentationDetents(detents, {selection?, onSelectionChange?})`: each detent 'medium',
 * 'large', {fraction: 0...1} or {height: > 0}; `selection`, one of them, is where the sheet is
 * (the smallest when absent). `onSelectionChange(detent)` runs when the sheet is dragged to
 * another (the host's `detent` gesture).
 * @param {Array<string | {fraction: number} | {height: number}>} detents
 * @param {{selection?: string | object, onSelectionChange?: (detent: any) => unknown}} [options]
 */
export function presentationDetents(detents, options) {
  if (!Array.isArray(detents) || detents.length === 0) fail('presentationDetents', `detents must be a non-empty array of detents, got ${describeValue(detents)}`);
  const params = { detents: detents.map((detent, index) => checkDetent('presentationDetents', detent, `detents[${index}]`)) };
  const { selection, onSelectionChange } = checkOptions('presentationDetents', options, ['selection', 'onSelectionChange']);
  if (selection !== undefined) {
    params.selection = checkDetent('presentationDetents', selection, 'selection');
    const written = JSON.stringify(params.selection);
    if (!params.detents.some((detent) => JSON.stringify(detent) === written)) {
      fail('presentationDetents', `selection must be one of the detents (${params.detents.map((d) => JSON.stringify(d)).join(', ')}), got ${written}`);
    }
  }
  if (onSelectionChange === undefined) return createModifier('presentationDetents', params);
  checkFunction('presentationDetents', onSelectionChange, 'onSelectionChange');
  return createModifierWithEventListener('presentationDetents', (event) => {
    const result = onSelectionChange(event?.detent);
    return result && typeof result.then === 'function' ? result : undefined;
  }, params);
}
