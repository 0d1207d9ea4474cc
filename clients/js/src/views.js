// What the client knows about views: their names, their own events, and the props of the views
// whose props the protocol lists (Button, TextField, Toggle, Slider).
import { refuseUnknownKeys } from './suggest.js';

export const VIEW_TYPES = Object.freeze([
  'List', 'Section', 'HStack', 'VStack', 'ZStack', 'ScrollView', 'Text', 'Label', 'Image', 'Button', 'Spacer',
  'TextField', 'Toggle', 'Slider',
]);

/** Views that take no child views. */
export const LEAF_VIEWS = Object.freeze(['Image', 'Spacer', 'TextField', 'Slider']);

/**
 * A view's own events: a function-valued prop with one of these names stays in this process,
 * its name goes into the node's `events`, and the host's view event calls it.
 */
export const VIEW_EVENTS = Object.freeze({
  Button: Object.freeze(['onPress']),
  // SDK 58's names first; the names before it still work (the host warns once).
  TextField: Object.freeze(['onTextChange', 'onSubmit', 'onChangeText']),
  Toggle: Object.freeze(['onIsOnChange', 'onValueChange']),
  Slider: Object.freeze(['onValueChange', 'onEditingChanged']),
  Image: Object.freeze(['onPress']),
});

/**
 * The host's views' props that hold a view (a slot, as Expo UI's ReactNode props): a node there
 * is a node of the tree, named `PATH/name` (the host's `viewInfo` lists them as `slots`; a test
 * compares). Section's `header` and `footer` take a plain string too.
 */
export const VIEW_SLOTS = Object.freeze({
  Section: Object.freeze(['header', 'footer']),
  Label: Object.freeze(['icon']),
  Slider: Object.freeze(['label', 'minimumValueLabel', 'maximumValueLabel']),
});

const isString = (v) => typeof v === 'string';
const isBoolean = (v) => typeof v === 'boolean';
const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);
const isFunction = (v) => typeof v === 'function';
/** Whether `value` is a node object `{type, ...}`. */
export function isNode(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && typeof value.type === 'string';
}
const view = [isNode, 'a view (a node such as Text(...))'];

/**
 * The props of the views whose props the protocol lists, each with a check and what it expects.
 * Other views' props pass through to the host as they are (typed in index.d.ts only).
 */
const BUTTON_ROLES = ['default', 'cancel', 'destructive', 'close'];
const testID = [isString, 'a string'];
const STRICT_VIEW_PROPS = {
  Button: {
    label: [isString, 'a string'],
    role: [(v) => BUTTON_ROLES.includes(v), BUTTON_ROLES.map((r) => `'${r}'`).join(', ')],
    systemImage: [isString, 'a string (an SF Symbol name)'],
    onPress: [isFunction, 'a function'],
    testID,
  },
  TextField: {
    defaultValue: [isString, 'a string'],
    placeholder: [isString, 'a string'],
    onTextChange: [isFunction, 'a function (text: string) => void'],
    onChangeText: [isFunction, 'a function (text: string) => void'],
    onSubmit: [isFunction, 'a function (text: string) => void'],
    testID,
  },
  Toggle: {
    isOn: [isBoolean, 'a boolean'],
    label: [isString, 'a string'],
    systemImage: [isString, 'a string (an SF Symbol name)'],
    onIsOnChange: [isFunction, 'a function (isOn: boolean) => void'],
    onValueChange: [isFunction, 'a function (isOn: boolean) => void'],
    testID,
  },
  Slider: {
    value: [isNumber, 'a finite number'],
    min: [isNumber, 'a finite number'],
    max: [isNumber, 'a finite number'],
    step: [(v) => isNumber(v) && v >= 0, 'a number >= 0 (0: continuous)'],
    label: view,
    minimumValueLabel: view,
    maximumValueLabel: view,
    onValueChange: [isFunction, 'a function (value: number) => void'],
    onEditingChanged: [isFunction, 'a function (isEditing: boolean) => void'],
    testID,
  },
};

/**
 * Whether `type` is one of the host's own views. Any other type is a plugin's view (the host
 * says whether it knows it): its function-valued props are its events, whatever their names,
 * and reach it as `{nativeEvent: payload}`, as Expo's native view events do.
 */
export function isBuiltInView(type) {
  return VIEW_TYPES.includes(type);
}

/**
 * Whether the view `type` is one of Expo UI's components: the host's own views, and the views
 * of the native module `ExpoUI` (the bundled ExpoUI plugin's, as Expo's `requireNativeView('ExpoUI',
 * ...)` names them), looked up in `viewInfo`. Their event functions get the event's value, as
 * Expo UI's components call theirs; other plugins' views get `{nativeEvent}`, as Expo's native
 * views do.
 */
export function isExpoUIComponent(type, viewInfo = []) {
  if (isBuiltInView(type)) return true;
  return (Array.isArray(viewInfo) ? viewInfo : []).some((info) => info?.name === type && info?.module === 'ExpoUI');
}

/**
 * The arguments Expo UI's components call an event's function with: the payload's one member
 * (`{isOn: true}` gives `true`), nothing for an empty payload, the payload itself otherwise.
 */
export function expoUIEventArguments(body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [body];
  const members = Object.values(body);
  return members.length === 0 ? [] : members.length === 1 ? [members[0]] : [body];
}

/** The events a node of `type` listens to among `props`: a plugin view's are its function props. */
export function eventNames(type, props) {
  if (isBuiltInView(type)) return VIEW_EVENTS[type] ?? [];
  return Object.keys(props).filter((name) => typeof props[name] === 'function');
}

/**
 * A plugin view's name as nodes give it, from its Swift type's name: `RatingView` -> `Rating`
 * (the host's rule).
 */
export function viewNameOfType(typeName) {
  return typeName.endsWith('View') && typeName.length > 4 ? typeName.slice(0, -4) : typeName;
}

/**
 * The node type of the view `viewName` (its Swift type name, optional) of module `moduleName`,
 * as Expo's `requireNativeView(moduleName, viewName?)` names it, looked up in `viewInfo` (the
 * `initialize` result's): the module's view of that type, or its first view. Unknown to
 * `viewInfo` (none yet, or a module the host does not serve): the type name without `View`, or
 * the module's name, which the host then refuses with the views it knows.
 */
export function resolveNativeView(moduleName, viewName, viewInfo = []) {
  if (typeof moduleName !== 'string' || moduleName.length === 0) {
    throw new TypeError(`requireNativeView: moduleName must be a non-empty string, got ${typeof moduleName}`);
  }
  if (viewName !== undefined && (typeof viewName !== 'string' || viewName.length === 0)) {
    throw new TypeError(`requireNativeView('${moduleName}', viewName): viewName must be a non-empty string when given, got ${typeof viewName}`);
  }
  const ofModule = (Array.isArray(viewInfo) ? viewInfo : []).filter((info) => info?.module === moduleName);
  const found = viewName === undefined ? ofModule[0] : ofModule.find((info) => info.typeName === viewName || info.name === viewName);
  if (found) return found.name;
  return viewName === undefined ? moduleName : viewNameOfType(viewName);
}

/**
 * Whether `value`, prop `name` of a node of `type`, is a view held in a slot prop: one of a
 * host view's `VIEW_SLOTS`, or any prop of a plugin view that holds a node.
 */
export function isSlotNode(type, name, value) {
  if (!isNode(value)) return false;
  return isBuiltInView(type) ? (VIEW_SLOTS[type]?.includes(name) ?? false) : true;
}

/** The props the client knows for `type`, or undefined when it passes them through unchecked. */
export function knownViewProps(type) {
  const props = STRICT_VIEW_PROPS[type];
  return props ? Object.keys(props) : undefined;
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

function containsFunction(value, seen = new Set()) {
  if (typeof value === 'function') return true;
  if (value === null || typeof value !== 'object' || seen.has(value)) return false;
  seen.add(value);
  return Object.values(value).some((member) => containsFunction(member, seen));
}

/**
 * Checks a view's props (not `key`, `modifiers`, `children`): on Button, TextField, Toggle and
 * Slider an unknown prop or a value of the wrong type is a TypeError; on every view a function
 * is allowed only as one of the view's events. `where` names the place (`h(Button)`,
 * `root.children[0].props`). undefined and null members count as absent.
 */
export function checkViewProps(type, props, where) {
  const strict = STRICT_VIEW_PROPS[type];
  const events = eventNames(type, props);
  const present = Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined && v !== null));
  for (const [name, value] of Object.entries(present)) {
    if (typeof value === 'function' && !events.includes(name)) {
      const theirs = events.length > 0 ? `its events are ${events.join(', ')}` : `${type} has no events of its own`;
      throw new TypeError(`${where}: prop '${name}' is a function, but ${type} has no event '${name}' (${theirs}); functions never go to the host: use a modifier (onTapGesture, onSubmit, ...) for other events`);
    }
    // A plugin view's prop may hold a view (a slot): a node, whose own events are functions.
    if (typeof value !== 'function' && !(isSlotNode(type, name, value)) && containsFunction(value)) {
      throw new TypeError(`${where}: prop '${name}' contains a function; props are data, only a view's own events may be functions`);
    }
  }
  if (strict) {
    refuseUnknownKeys(`${where}`, present, Object.keys(strict), `${type} prop`);
    for (const [name, value] of Object.entries(present)) {
      const [ok, expected] = strict[name];
      if (!ok(value)) throw new TypeError(`${where}: ${type} prop '${name}' must be ${expected}, got ${describe(value)}`);
    }
  }
}
