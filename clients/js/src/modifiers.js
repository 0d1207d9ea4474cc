// Modifier configs: plain data with a `$type`, spread flat as Expo UI builds them.
// A listener, when there is one, rides along as `eventListener` and never reaches the wire.
// Every helper refuses keys it does not know (a TypeError naming the key, the known ones and the
// closest), so a misspelt option never goes missing without a word.
import { refuseUnknownKeys } from './suggest.js';
import { createModifier, createModifierWithEventListener } from './modifier-helper.js';

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

// ---------------------------------------------------------------- ExpoUI: argument checks

function fail(name, message) {
  throw new TypeError(`${name}: ${message}`);
}

function describeValue(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
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

function checkString(name, field, value) {
  if (typeof value !== 'string' || value.length === 0) fail(name, `${field} must be a non-empty string, got ${describeValue(value)}`);
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
  const { count } = checkOptions('onTapGesture', options, ['count']);
  const params = {};
  if (count !== undefined) params.count = checkNumber('onTapGesture', 'count', count, { min: 1, integer: true });
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
  const opts = typeof options === 'number' ? { minimumDuration: options } : checkOptions('onLongPressGesture', options, ['minimumDuration']);
  const params = {};
  if (opts.minimumDuration !== undefined) {
    params.minimumDuration = checkNumber('onLongPressGesture', 'minimumDuration', opts.minimumDuration, { min: 0 });
  }
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

export const SHAPE_NAMES = Object.freeze(['rectangle', 'roundedRectangle', 'circle', 'capsule', 'ellipse']);

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

/** `{shape, cornerRadius?}` from a shape helper's result (or a shape name). */
function shapeParams(name, shape) {
  const value = typeof shape === 'string' ? { shape } : shape;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    fail(name, `shape must come from shapes.rectangle(), shapes.roundedRectangle({cornerRadius}), shapes.circle(), shapes.capsule() or shapes.ellipse(), got ${describeValue(shape)}`);
  }
  const { shape: kind, cornerRadius } = checkOptions(name, value, ['shape', 'cornerRadius']);
  const out = { shape: checkOneOf(name, 'shape', kind, SHAPE_NAMES) };
  if (cornerRadius !== undefined) out.cornerRadius = checkNumber(name, 'cornerRadius', cornerRadius, { min: 0 });
  return out;
}

/**
 * The area that takes taps: `contentShape(shapes.rectangle())` makes a stack's empty space
 * tappable.
 * @param {{shape: string, cornerRadius?: number}} shape
 */
export function contentShape(shape) {
  return createModifier('contentShape', shapeParams('contentShape', shape));
}

// ---------------------------------------------------------------- ExpoUI: state and style

/** Disables the node and its descendants (gestures are not handled there). */
export function disabled(value = true) {
  return createModifier('disabled', { disabled: checkBoolean('disabled', 'disabled', value) });
}

/** Hides the node: gestures aimed at it or inside it are not handled. */
export function hidden(value = true) {
  return createModifier('hidden', { hidden: checkBoolean('hidden', 'hidden', value) });
}

/** Turns off swipe-to-delete on a List row. */
export function deleteDisabled(value = true) {
  return createModifier('deleteDisabled', { disabled: checkBoolean('deleteDisabled', 'disabled', value) });
}

const PADDING_EDGES = ['all', 'horizontal', 'vertical', 'top', 'bottom', 'leading', 'trailing'];

/**
 * Padding: a number is `{all}`; without arguments, 16 on every edge (the host's default).
 * Specific edges override `horizontal`/`vertical`, which override `all`.
 * @param {number | {all?: number, horizontal?: number, vertical?: number, top?: number, bottom?: number, leading?: number, trailing?: number}} [params]
 */
export function padding(params) {
  if (typeof params === 'number') return createModifier('padding', { all: checkNumber('padding', 'all', params) });
  const options = checkOptions('padding', params, PADDING_EDGES);
  return createModifier('padding', pick(options, PADDING_EDGES, (field, value) => checkNumber('padding', field, value)));
}

const FRAME_SIZES = ['width', 'height', 'minWidth', 'idealWidth', 'maxWidth', 'minHeight', 'idealHeight', 'maxHeight'];
export const FRAME_ALIGNMENTS = Object.freeze([
  'center', 'leading', 'trailing', 'top', 'bottom', 'topLeading', 'topTrailing', 'bottomLeading', 'bottomTrailing',
]);

/**
 * A frame: fixed or flexible sizes (numbers; `Infinity` is not JSON: use a large number) and an
 * alignment.
 * @param {{width?: number, height?: number, minWidth?: number, idealWidth?: number, maxWidth?: number,
 *          minHeight?: number, idealHeight?: number, maxHeight?: number, alignment?: string}} params
 */
export function frame(params) {
  const options = checkOptions('frame', params, [...FRAME_SIZES, 'alignment']);
  const out = pick(options, FRAME_SIZES, (field, value) => checkNumber('frame', field, value, { min: 0 }));
  if (options.alignment !== undefined) out.alignment = checkOneOf('frame', 'alignment', options.alignment, FRAME_ALIGNMENTS);
  return createModifier('frame', out);
}

/**
 * A background colour, optionally in a shape: `background('#F2F2F7', shapes.roundedRectangle({cornerRadius: 8}))`.
 * @param {string} color
 * @param {{shape: string, cornerRadius?: number}} [shape]
 */
export function background(color, shape) {
  const params = { color: checkString('background', 'color', color) };
  if (shape !== undefined) Object.assign(params, shapeParams('background', shape));
  return createModifier('background', params);
}

/**
 * The colour of text and symbols; `secondary` and `tertiary` colour a symbol's further layers
 * (SwiftUI's `foregroundStyle(_:_:_:)`, which the palette rendering mode uses).
 */
export function foregroundStyle(color, secondary, tertiary) {
  const params = { color: checkString('foregroundStyle', 'color', color) };
  if (secondary !== undefined) params.secondary = checkString('foregroundStyle', 'secondary', secondary);
  if (tertiary !== undefined) {
    if (secondary === undefined) fail('foregroundStyle', 'tertiary needs secondary (the layers are coloured in order)');
    params.tertiary = checkString('foregroundStyle', 'tertiary', tertiary);
  }
  return createModifier('foregroundStyle', params);
}

/** The accent colour of controls inside the node. */
export function tint(color) {
  return createModifier('tint', { color: checkString('tint', 'color', color) });
}

export const FONT_WEIGHTS = Object.freeze(['ultraLight', 'thin', 'light', 'regular', 'medium', 'semibold', 'bold', 'heavy', 'black']);
export const FONT_DESIGNS = Object.freeze(['default', 'rounded', 'serif', 'monospaced']);

/**
 * A font: `{family?, size?, weight?, design?}`.
 * @param {{family?: string, size?: number, weight?: string, design?: string}} params
 */
export function font(params) {
  const options = checkOptions('font', params, ['family', 'size', 'weight', 'design']);
  const out = {};
  if (options.family !== undefined) out.family = checkString('font', 'family', options.family);
  if (options.size !== undefined) out.size = checkNumber('font', 'size', options.size, { min: 0 });
  if (options.weight !== undefined) out.weight = checkOneOf('font', 'weight', options.weight, FONT_WEIGHTS);
  if (options.design !== undefined) out.design = checkOneOf('font', 'design', options.design, FONT_DESIGNS);
  return createModifier('font', out);
}

/** Opacity from 0 (invisible) to 1. */
export function opacity(value) {
  return createModifier('opacity', { value: checkNumber('opacity', 'value', value, { min: 0, max: 1 }) });
}

/** Clips the node to a rounded rectangle. */
export function cornerRadius(radius) {
  return createModifier('cornerRadius', { radius: checkNumber('cornerRadius', 'radius', radius, { min: 0 }) });
}

/**
 * A border: `border({color: 'gray', width: 2})` (width defaults to 1 on the host).
 * @param {{color: string, width?: number}} params
 */
export function border(params) {
  if (params === undefined || params === null) fail('border', 'params {color, width?} are required');
  const options = checkOptions('border', params, ['color', 'width']);
  const out = { color: checkString('border', 'color', options.color) };
  if (options.width !== undefined) out.width = checkNumber('border', 'width', options.width, { min: 0 });
  return createModifier('border', out);
}

/** The background of a List row. */
export function listRowBackground(color) {
  return createModifier('listRowBackground', { color: checkString('listRowBackground', 'color', color) });
}

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

// ---------------------------------------------------------------- ExpoUI: recorded styles
// Expo UI's modifiers that the host records by SwiftUI's name (a snapshot lists them among the
// node's `styles`): Expo's signatures and param names, checked here as the host checks them.

/** A modifier with one number param `field`, within `range`. */
function numberModifier(type, field, range = {}) {
  return (value) => createModifier(type, { [field]: checkNumber(type, field, value, range) });
}

/** A modifier with one param `field` that is one of `values`. */
function choiceModifier(type, field, values) {
  return (value) => createModifier(type, { [field]: checkOneOf(type, field, value, values) });
}

/** A modifier with one boolean param `field`, true when not given. */
function flagModifier(type, field) {
  return (value = true) => createModifier(type, { [field]: checkBoolean(type, field, value) });
}

/** A modifier without params; it takes no arguments. */
function bareModifier(type) {
  return (...args) => {
    if (args.length > 0) fail(type, `takes no arguments, got ${args.length}`);
    return createModifier(type);
  };
}

/** A modifier with one non-empty string param `field`. */
function stringModifier(type, field) {
  return (value) => createModifier(type, { [field]: checkString(type, field, value) });
}

/** `{ ...picked }` of an options object whose members are numbers, refusing unknown keys. */
function numberOptions(type, params, fields, range = {}) {
  const options = checkOptions(type, params, fields);
  return pick(options, fields, (field, value) => checkNumber(type, field, value, range));
}

/** A drop shadow: `shadow({radius: 4, y: 2, color: '#00000040'})`; radius 0 or more. */
export function shadow(params) {
  if (params === undefined || params === null) fail('shadow', 'params {radius, x?, y?, color?} are required');
  const options = checkOptions('shadow', params, ['radius', 'x', 'y', 'color']);
  const out = { radius: checkNumber('shadow', 'radius', options.radius, { min: 0 }) };
  Object.assign(out, pick(options, ['x', 'y'], (field, value) => checkNumber('shadow', field, value)));
  if (options.color !== undefined) out.color = checkString('shadow', 'color', options.color);
  return createModifier('shadow', out);
}

/** Moves the drawing by `{x?, y?}` points. */
export function offset(params) {
  return createModifier('offset', numberOptions('offset', params, ['x', 'y']));
}

/** The view keeps its ideal size along `{horizontal?, vertical?}` (both when absent). */
export function fixedSize(params) {
  const options = checkOptions('fixedSize', params, ['horizontal', 'vertical']);
  return createModifier('fixedSize', pick(options, ['horizontal', 'vertical'], (field, value) => checkBoolean('fixedSize', field, value)));
}

export const clipped = flagModifier('clipped', 'clipped');

export const CONTENT_MODES = Object.freeze(['fit', 'fill']);

/** Width over height (more than 0), fitting or filling: `aspectRatio({ratio: 1.5, contentMode: 'fill'})`. */
export function aspectRatio(params) {
  const options = checkOptions('aspectRatio', params, ['ratio', 'contentMode']);
  const out = {};
  if (options.ratio !== undefined) {
    out.ratio = checkNumber('aspectRatio', 'ratio', options.ratio);
    if (out.ratio <= 0) fail('aspectRatio', `ratio must be > 0, got ${out.ratio}`);
  }
  if (options.contentMode !== undefined) out.contentMode = checkOneOf('aspectRatio', 'contentMode', options.contentMode, CONTENT_MODES);
  return createModifier('aspectRatio', out);
}

export const zIndex = numberModifier('zIndex', 'index');
export const layoutPriority = numberModifier('layoutPriority', 'priority');

/** Scales the drawing: a number scales both axes, `{x, y}` each. */
export function scaleEffect(scale) {
  if (typeof scale === 'number') {
    checkNumber('scaleEffect', 'scale', scale);
    return createModifier('scaleEffect', { x: scale, y: scale });
  }
  if (scale === null || typeof scale !== 'object' || Array.isArray(scale)) fail('scaleEffect', `scale must be a number or {x, y}, got ${describeValue(scale)}`);
  return createModifier('scaleEffect', numberOptions('scaleEffect', scale, ['x', 'y']));
}

/** Rotates the drawing by `angle` degrees. */
export const rotationEffect = numberModifier('rotationEffect', 'angle');

/** @deprecated Expo's alias of `foregroundStyle(color)`; the snapshot shows a foregroundStyle. */
export const foregroundColor = stringModifier('foregroundColor', 'color');

export const blur = numberModifier('blur', 'radius', { min: 0 });
export const brightness = numberModifier('brightness', 'amount', { min: -1, max: 1 });
export const contrast = numberModifier('contrast', 'amount');
export const saturation = numberModifier('saturation', 'amount', { min: 0 });
export const hueRotation = numberModifier('hueRotation', 'angle');
export const colorInvert = flagModifier('colorInvert', 'inverted');
export const grayscale = numberModifier('grayscale', 'amount', { min: 0, max: 1 });
export const luminanceToAlpha = bareModifier('luminanceToAlpha');

export const bold = bareModifier('bold');
export const italic = bareModifier('italic');
export const monospacedDigit = bareModifier('monospacedDigit');

/** Points between characters; without a value, 0. */
export function kerning(value) {
  return createModifier('kerning', value === undefined ? {} : { value: checkNumber('kerning', 'value', value) });
}

export const lineSpacing = numberModifier('lineSpacing', 'value', { min: 0 });

/**
 * The most lines: `lineLimit()` (none), `lineLimit(2, {reservesSpace: true})`, or a range
 * `lineLimit({min: 1, max: 3})`. Counts are integers of 1 or more.
 */
export function lineLimit(limitOrRange, options) {
  if (limitOrRange !== null && typeof limitOrRange === 'object' && !Array.isArray(limitOrRange)) {
    if (options !== undefined) fail('lineLimit', 'a {min, max} range takes no options');
    const range = checkOptions('lineLimit', limitOrRange, ['min', 'max']);
    const min = checkNumber('lineLimit', 'min', range.min, { min: 1, integer: true });
    const max = checkNumber('lineLimit', 'max', range.max, { min, integer: true });
    return createModifier('lineLimit', { min, max });
  }
  const { reservesSpace } = checkOptions('lineLimit', options, ['reservesSpace']);
  const out = {};
  if (limitOrRange !== undefined && limitOrRange !== null) out.limit = checkNumber('lineLimit', 'limit', limitOrRange, { min: 1, integer: true });
  if (reservesSpace !== undefined) out.reservesSpace = checkBoolean('lineLimit', 'reservesSpace', reservesSpace);
  return createModifier('lineLimit', out);
}

export const TRUNCATION_MODES = Object.freeze(['head', 'middle', 'tail']);
export const TEXT_CASES = Object.freeze(['lowercase', 'uppercase']);
export const LINE_PATTERNS = Object.freeze(['solid', 'dash', 'dot', 'dashDot', 'dashDotDot']);
export const TEXT_ALIGNMENTS = Object.freeze(['leading', 'center', 'trailing']);

export const truncationMode = choiceModifier('truncationMode', 'mode', TRUNCATION_MODES);
export const textCase = choiceModifier('textCase', 'value', TEXT_CASES);

function lineModifier(type) {
  return (params) => {
    if (params === undefined || params === null) fail(type, 'params {isActive, pattern, color?} are required');
    const options = checkOptions(type, params, ['isActive', 'pattern', 'color']);
    const out = {};
    if (options.isActive !== undefined) out.isActive = checkBoolean(type, 'isActive', options.isActive);
    if (options.pattern !== undefined) out.pattern = checkOneOf(type, 'pattern', options.pattern, LINE_PATTERNS);
    if (options.color !== undefined) out.color = checkString(type, 'color', options.color);
    return createModifier(type, out);
  };
}

export const underline = lineModifier('underline');
export const strikethrough = lineModifier('strikethrough');
export const multilineTextAlignment = choiceModifier('multilineTextAlignment', 'alignment', TEXT_ALIGNMENTS);
export const allowsTightening = (value) => createModifier('allowsTightening', { value: checkBoolean('allowsTightening', 'value', value) });
export const textSelection = (value) => createModifier('textSelection', { value: checkBoolean('textSelection', 'value', value) });

/** The row's insets `{top?, leading?, bottom?, trailing?}`, in points. */
export function listRowInsets(params) {
  return createModifier('listRowInsets', numberOptions('listRowInsets', params, ['top', 'leading', 'bottom', 'trailing']));
}

export const VISIBILITIES = Object.freeze(['automatic', 'visible', 'hidden']);
export const SEPARATOR_EDGES = Object.freeze(['all', 'top', 'bottom']);

/** Whether the row's separators show, on `edges` (both when absent). */
export function listRowSeparator(visibility, edges) {
  const out = { visibility: checkOneOf('listRowSeparator', 'visibility', visibility, VISIBILITIES) };
  if (edges !== undefined) out.edges = checkOneOf('listRowSeparator', 'edges', edges, SEPARATOR_EDGES);
  return createModifier('listRowSeparator', out);
}

export const LIST_STYLES = Object.freeze(['automatic', 'plain', 'inset', 'insetGrouped', 'grouped', 'sidebar']);
export const BUTTON_STYLES = Object.freeze(['automatic', 'bordered', 'borderedProminent', 'borderless', 'glass', 'glassProminent', 'plain']);
export const TOGGLE_STYLES = Object.freeze(['automatic', 'switch', 'button']);
export const PICKER_STYLES = Object.freeze(['automatic', 'inline', 'menu', 'navigationLink', 'palette', 'segmented', 'wheel']);
export const DATE_PICKER_STYLES = Object.freeze(['automatic', 'compact', 'graphical', 'wheel']);
export const GAUGE_STYLES = Object.freeze(['automatic', 'circular', 'circularCapacity', 'linear', 'linearCapacity']);
export const PROGRESS_VIEW_STYLES = Object.freeze(['automatic', 'linear', 'circular']);
export const LABEL_STYLES = Object.freeze(['automatic', 'iconOnly', 'titleAndIcon', 'titleOnly']);
export const TEXT_FIELD_STYLES = Object.freeze(['automatic', 'plain', 'roundedBorder']);
export const CONTROL_SIZES = Object.freeze(['mini', 'small', 'regular', 'large', 'extraLarge']);
export const SUBMIT_LABELS = Object.freeze(['continue', 'done', 'go', 'join', 'next', 'return', 'route', 'search', 'send']);

export const listStyle = choiceModifier('listStyle', 'style', LIST_STYLES);
export const moveDisabled = flagModifier('moveDisabled', 'disabled');
export const scrollContentBackground = choiceModifier('scrollContentBackground', 'visible', VISIBILITIES);
export const headerProminence = choiceModifier('headerProminence', 'prominence', ['standard', 'increased']);
export const badgeProminence = choiceModifier('badgeProminence', 'badgeType', ['standard', 'increased', 'decreased']);
export const buttonStyle = choiceModifier('buttonStyle', 'style', BUTTON_STYLES);
export const toggleStyle = choiceModifier('toggleStyle', 'style', TOGGLE_STYLES);
export const pickerStyle = choiceModifier('pickerStyle', 'style', PICKER_STYLES);
export const datePickerStyle = choiceModifier('datePickerStyle', 'style', DATE_PICKER_STYLES);
export const gaugeStyle = choiceModifier('gaugeStyle', 'style', GAUGE_STYLES);
export const progressViewStyle = choiceModifier('progressViewStyle', 'style', PROGRESS_VIEW_STYLES);
export const labelStyle = choiceModifier('labelStyle', 'style', LABEL_STYLES);
export const textFieldStyle = choiceModifier('textFieldStyle', 'style', TEXT_FIELD_STYLES);
export const controlSize = choiceModifier('controlSize', 'size', CONTROL_SIZES);
export const labelsHidden = bareModifier('labelsHidden');
export const submitLabel = choiceModifier('submitLabel', 'submitLabel', SUBMIT_LABELS);
export const accessibilityLabel = stringModifier('accessibilityLabel', 'label');
export const accessibilityHint = stringModifier('accessibilityHint', 'hint');
export const accessibilityValue = stringModifier('accessibilityValue', 'value');

// ---------------------------------------------------------------- ExpoUI: screen-only modifiers
// Accepted by the host and listed in the node's styles, with a `no-headless-effect` warning:
// what they do needs a screen.

export const SAFE_AREA_REGIONS = Object.freeze(['all', 'container', 'keyboard']);
export const EDGE_SETS = Object.freeze(['all', 'top', 'bottom', 'leading', 'trailing', 'horizontal', 'vertical']);
export const GLASS_VARIANTS = Object.freeze(['regular', 'clear', 'identity']);
export const UNIT_POINTS = Object.freeze(['zero', 'topLeading', 'top', 'topTrailing', 'leading', 'center', 'trailing', 'bottomLeading', 'bottom', 'bottomTrailing']);
export const KEYBOARD_TYPES = Object.freeze(['default', 'email-address', 'numeric', 'phone-pad', 'ascii-capable', 'numbers-and-punctuation', 'url', 'name-phone-pad', 'decimal-pad', 'twitter', 'web-search', 'ascii-capable-number-pad']);

/** `ignoreSafeArea({regions?, edges?})`. */
export function ignoreSafeArea(params) {
  const options = checkOptions('ignoreSafeArea', params, ['regions', 'edges']);
  const out = {};
  if (options.regions !== undefined) out.regions = checkOneOf('ignoreSafeArea', 'regions', options.regions, SAFE_AREA_REGIONS);
  if (options.edges !== undefined) out.edges = checkOneOf('ignoreSafeArea', 'edges', options.edges, EDGE_SETS);
  return createModifier('ignoreSafeArea', out);
}

/** `glassEffect({glass?: {variant, interactive?, tint?}, shape?, cornerRadius?})`. */
export function glassEffect(params) {
  const options = checkOptions('glassEffect', params, ['glass', 'shape', 'cornerRadius']);
  const out = {};
  if (options.glass !== undefined) {
    const glass = checkOptions('glassEffect: glass', options.glass, ['variant', 'interactive', 'tint']);
    out.glass = { variant: checkOneOf('glassEffect', 'glass.variant', glass.variant, GLASS_VARIANTS) };
    if (glass.interactive !== undefined) out.glass.interactive = checkBoolean('glassEffect', 'glass.interactive', glass.interactive);
    if (glass.tint !== undefined) out.glass.tint = checkString('glassEffect', 'glass.tint', glass.tint);
  }
  if (options.shape !== undefined) out.shape = checkOneOf('glassEffect', 'shape', options.shape, SHAPE_NAMES);
  if (options.cornerRadius !== undefined) out.cornerRadius = checkNumber('glassEffect', 'cornerRadius', options.cornerRadius, { min: 0 });
  return createModifier('glassEffect', out);
}

function idInNamespace(type) {
  return (id, namespaceId) => createModifier(type, { id: checkString(type, 'id', id), namespaceId: checkString(type, 'namespaceId', namespaceId) });
}

export const glassEffectId = idInNamespace('glassEffectId');
export const matchedGeometryEffect = idInNamespace('matchedGeometryEffect');
export const scrollDismissesKeyboard = choiceModifier('scrollDismissesKeyboard', 'mode', ['automatic', 'never', 'interactively', 'immediately']);
export const scrollTargetBehavior = choiceModifier('scrollTargetBehavior', 'behavior', ['paging', 'viewAligned']);
export const scrollTargetLayout = bareModifier('scrollTargetLayout');

/** Where a ScrollView starts; `null` is the system's default. */
export function defaultScrollAnchor(anchor) {
  return createModifier('defaultScrollAnchor', { anchor: anchor === null ? null : checkOneOf('defaultScrollAnchor', 'anchor', anchor, UNIT_POINTS) });
}

export function defaultScrollAnchorForRole(anchor, role) {
  return createModifier('defaultScrollAnchorForRole', {
    anchor: anchor === null ? null : checkOneOf('defaultScrollAnchorForRole', 'anchor', anchor, UNIT_POINTS),
    role: checkOneOf('defaultScrollAnchorForRole', 'role', role, ['initialOffset', 'sizeChanges', 'alignment']),
  });
}

export const menuActionDismissBehavior = choiceModifier('menuActionDismissBehavior', 'behavior', ['automatic', 'disabled', 'enabled']);
export const keyboardType = choiceModifier('keyboardType', 'keyboardType', KEYBOARD_TYPES);
export const autocorrectionDisabled = flagModifier('autocorrectionDisabled', 'disabled');
export const textInputAutocapitalization = choiceModifier('textInputAutocapitalization', 'autocapitalization', ['never', 'words', 'sentences', 'characters']);
export const textContentType = stringModifier('textContentType', 'textContentType');
export const presentationDragIndicator = choiceModifier('presentationDragIndicator', 'visibility', VISIBILITIES);
export const interactiveDismissDisabled = flagModifier('interactiveDismissDisabled', 'isDisabled');

// ---------------------------------------------------------------- ExpoUI: shapes, overlays, grids

/** `clipShape(shape, cornerRadius?)` and `mask`: Expo's shape name and radius. */
function shapeModifier(type) {
  return (shape, cornerRadius) => {
    const out = { shape: checkOneOf(type, 'shape', shape, SHAPE_NAMES) };
    if (cornerRadius !== undefined) out.cornerRadius = checkNumber(type, 'cornerRadius', cornerRadius, { min: 0 });
    return createModifier(type, out);
  };
}

export const clipShape = shapeModifier('clipShape');
export const mask = shapeModifier('mask');

/** The shape container-relative shapes inside take: `containerShape(shapes.roundedRectangle({cornerRadius: 12}))`. */
export function containerShape(shape) {
  return createModifier('containerShape', shapeParams('containerShape', shape));
}

export const OVERLAY_ALIGNMENTS = Object.freeze(['center', 'top', 'bottom', 'leading', 'trailing']);

function overlayModifier(type) {
  return (params) => {
    const options = checkOptions(type, params, ['color', 'alignment']);
    const out = {};
    if (options.color !== undefined) out.color = checkString(type, 'color', options.color);
    if (options.alignment !== undefined) out.alignment = checkOneOf(type, 'alignment', options.alignment, OVERLAY_ALIGNMENTS);
    return createModifier(type, out);
  };
}

export const overlay = overlayModifier('overlay');
export const backgroundOverlay = overlayModifier('backgroundOverlay');

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

/** A section's margins `{length?, edges?}`. */
export function listSectionMargins(params) {
  const options = checkOptions('listSectionMargins', params, ['length', 'edges']);
  const out = {};
  if (options.length !== undefined) out.length = checkNumber('listSectionMargins', 'length', options.length, { min: 0 });
  if (options.edges !== undefined) out.edges = checkOneOf('listSectionMargins', 'edges', options.edges, EDGE_SETS);
  return createModifier('listSectionMargins', out);
}

export function gridCellColumns(count) {
  return createModifier('gridCellColumns', count === undefined ? {} : { count: checkNumber('gridCellColumns', 'count', count, { min: 1, integer: true }) });
}

export function gridCellUnsizedAxes(axes) {
  return createModifier('gridCellUnsizedAxes', axes === undefined ? {} : { axes: checkOneOf('gridCellUnsizedAxes', 'axes', axes, ['horizontal', 'vertical']) });
}

export function gridColumnAlignment(alignment) {
  return createModifier('gridColumnAlignment', alignment === undefined ? {} : { alignment: checkOneOf('gridColumnAlignment', 'alignment', alignment, TEXT_ALIGNMENTS) });
}

/** `resizable(capInsets?, resizingMode?)`: the insets are sent flat, as Expo sends them. */
export function resizable(capInsets, resizingMode) {
  const out = numberOptions('resizable', capInsets, ['top', 'bottom', 'leading', 'trailing'], { min: 0 });
  if (resizingMode !== undefined) out.resizingMode = checkOneOf('resizable', 'resizingMode', resizingMode, ['stretch', 'tile']);
  return createModifier('resizable', out);
}

// ---------------------------------------------------------------- ExpoUI: tag, environment, anchors, animation

/** The value a Picker or TabView selects with this view: a string or a number. */
export function tag(value) {
  if (typeof value === 'number') return createModifier('tag', { tag: checkNumber('tag', 'tag', value) });
  if (typeof value !== 'string') fail('tag', `tag must be a string or a number, got ${describeValue(value)}`);
  return createModifier('tag', { tag: value });
}

export const ENVIRONMENT_VALUES = Object.freeze({
  editMode: Object.freeze(['active', 'inactive', 'transient']),
  colorScheme: Object.freeze(['light', 'dark']),
  locale: null,
  timeZone: null,
});

/** `environment({key, value})` or `environment(key, value)`. */
export function environment(configOrKey, value) {
  const config = typeof configOrKey === 'string' ? { key: configOrKey, value } : checkOptions('environment', configOrKey, ['key', 'value']);
  const key = checkOneOf('environment', 'key', config.key, Object.keys(ENVIRONMENT_VALUES));
  const allowed = ENVIRONMENT_VALUES[key];
  const checked = allowed ? checkOneOf('environment', 'value', config.value, allowed) : checkString('environment', 'value', config.value);
  return createModifier('environment', { key, value: checked });
}

/** `gridCellAnchor({type: 'preset', anchor})` or `gridCellAnchor({type: 'custom', points: {x, y}})`. */
export function gridCellAnchor(anchor) {
  const options = checkOptions('gridCellAnchor', anchor, ['type', 'anchor', 'points']);
  const type = checkOneOf('gridCellAnchor', 'type', options.type, ['preset', 'custom']);
  if (type === 'preset') return createModifier('gridCellAnchor', { type, anchor: checkOneOf('gridCellAnchor', 'anchor', options.anchor, UNIT_POINTS) });
  if (options.points === undefined) fail('gridCellAnchor', "points {x, y} are required with type 'custom'");
  const points = checkOptions('gridCellAnchor: points', options.points, ['x', 'y']);
  return createModifier('gridCellAnchor', { type, points: { x: checkNumber('gridCellAnchor', 'points.x', points.x), y: checkNumber('gridCellAnchor', 'points.y', points.y) } });
}

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

/** The List or ScrollView at or under the node does not scroll: the host will not pull it to refresh. */
export const scrollDisabled = flagModifier('scrollDisabled', 'disabled');

/** A frame that is `span` of `count` parts of the container: `{axes, count?, span?, spacing?, alignment?}`. */
export function containerRelativeFrame(params) {
  if (params === undefined || params === null) fail('containerRelativeFrame', 'params {axes, count?, span?, spacing?, alignment?} are required');
  const options = checkOptions('containerRelativeFrame', params, ['axes', 'count', 'span', 'spacing', 'alignment']);
  const out = { axes: checkOneOf('containerRelativeFrame', 'axes', options.axes, ['horizontal', 'vertical', 'both']) };
  if (options.count !== undefined) out.count = checkNumber('containerRelativeFrame', 'count', options.count, { min: 1, integer: true });
  if (options.span !== undefined) out.span = checkNumber('containerRelativeFrame', 'span', options.span, { min: 1, max: out.count ?? 1, integer: true });
  if (options.spacing !== undefined) out.spacing = checkNumber('containerRelativeFrame', 'spacing', options.spacing, { min: 0 });
  if (options.alignment !== undefined) out.alignment = checkOneOf('containerRelativeFrame', 'alignment', options.alignment, FRAME_ALIGNMENTS);
  return createModifier('containerRelativeFrame', out);
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

export const SEARCH_FIELD_PLACEMENTS = Object.freeze(['automatic', 'toolbar', 'sidebar', 'navigationBarDrawer']);

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
