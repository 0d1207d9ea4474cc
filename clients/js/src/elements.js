// Element helpers: build Node objects `{type, key?, props?, modifiers?, children?}`.
//
// Rules (also in README.md and index.d.ts):
// - `h(type, props, ...children)`: `props.key` becomes `node.key`, `props.modifiers` becomes
//   `node.modifiers`, every other member of `props` goes to `node.props`. Empty `props`
//   and empty `children` are left out.
// - `h(Component, props, ...children)` with a function calls it with `{...props, children}`
//   (children: one child as it is, several as an array) and returns what it returns; a `key`
//   is put on the node it returns. `Fragment` returns its children (flattened into the parent).
// - Children may be nodes, arrays of children (flattened), or null/undefined/false/true
//   (skipped, so `cond && Text("x")` works).
// - String and number children: on `Text` they are joined into `props.text`; on `Label`
//   into `props.title`, on `Toggle` into `props.label` (when they are its only children); on
//   any other view that takes children each becomes a `Text` node. A `Text` with `Text`
//   children (nested Text, as Expo UI's) has them as its segments, and its strings become
//   segments too, in order. A `Label`'s or `Toggle`'s child views are its title (SDK 58's
//   title and subtitle). Leaf views (`Image`, `Spacer`, `TextField`, `Slider`) take no
//   children and throw.
// - Props are checked by `checkViewProps` (views.js): functions only as a view's own events;
//   Button, TextField, Toggle and Slider refuse props they do not have.
// - The helpers (`Text`, `List`, ...) also accept a child in place of `props`:
//   `Text("Hello")`, `List([row1, row2])`, `VStack(Text("a"), Text("b"))`.
import { VIEW_TYPES, LEAF_VIEWS, checkViewProps, eventNames, isNode } from './views.js';

export { VIEW_TYPES };

const LEAVES = new Set(LEAF_VIEWS);
const TEXT_PROP = { Text: 'text', Label: 'title', Toggle: 'label' };

/** A child as a node: a string or number becomes a Text. */
function textOrNode(child) {
  return isNode(child) ? child : { type: 'Text', props: { text: String(child) } };
}

function isChildLike(value) {
  return typeof value === 'string' || typeof value === 'number' || Array.isArray(value) || isNode(value);
}

function flatten(children, out = []) {
  for (const child of children) {
    if (child === null || child === undefined || child === false || child === true) continue;
    if (Array.isArray(child)) flatten(child, out);
    else out.push(child);
  }
  return out;
}

/** Children as a component sees them: absent, one child as it is, or an array. */
function childrenProp(children) {
  if (children.length === 0) return undefined;
  return children.length === 1 ? children[0] : children;
}

/**
 * Calls a function component with its props; a key given to it goes on the node it returns
 * (it names that node among its siblings). What it returns may be a node, an array (a
 * fragment), text or nothing.
 */
export function callComponent(component, props, key) {
  const result = component(props);
  if (result !== null && typeof result === 'object' && typeof result.then === 'function') {
    throw new TypeError(`${component.name || 'a component'}: a component must return a node, not a promise (async components are not supported)`);
  }
  if (key === undefined || key === null || !isNode(result)) return result;
  return { ...result, key: String(key) };
}

/** A fragment: its children, flattened into the parent's. A key on it is not kept. */
export function Fragment(props) {
  return props?.children ?? null;
}

/**
 * Generic element builder.
 * @param {string|Function} type a view type the host knows, or a function component
 * @param {object|null} [props] `key`, `modifiers`, and view props
 * @param {...any} children
 */
export function h(type, props, ...children) {
  if (props !== null && props !== undefined && (typeof props !== 'object' || Array.isArray(props))) {
    throw new TypeError(`h(${typeof type === 'function' ? type.name || 'component' : type}): props must be an object (pass children after it)`);
  }
  if (typeof type === 'function') {
    const { key, ...rest } = props ?? {};
    if (children.length > 0) rest.children = childrenProp(children);
    return callComponent(type, rest, key);
  }
  if (typeof type !== 'string' || type.length === 0) throw new TypeError('h: type must be a non-empty string (a view type) or a function component');
  const { key, modifiers, children: propChildren, ...rest } = props ?? {};
  checkViewProps(type, rest, `h(${type})`);
  const node = { type };
  if (key !== undefined && key !== null) node.key = String(key);
  const flat = flatten([propChildren, ...children]);
  const textProp = TEXT_PROP[type];
  const nodes = [];
  let text = '';
  let hasText = false;
  for (const child of flat) {
    if (typeof child === 'string' || typeof child === 'number') {
      if (textProp) { text += String(child); hasText = true; } else nodes.push({ type: 'Text', props: { text: String(child) } });
    } else if (isNode(child)) {
      nodes.push(child);
    } else {
      throw new TypeError(`h(${type}): a child must be a node, a string, a number or an array, got ${typeof child}`);
    }
  }
  // An event prop given as null (no action) is as absent as an undefined one.
  const events = eventNames(type, rest);
  const wireProps = Object.fromEntries(Object.entries(rest).filter(([k, v]) => v !== undefined && !(v === null && events.includes(k))));
  if (hasText && wireProps[textProp] === undefined) wireProps[textProp] = text;
  if (Object.keys(wireProps).length > 0) node.props = wireProps;
  if (modifiers !== undefined && modifiers !== null) {
    if (!Array.isArray(modifiers)) throw new TypeError(`h(${type}): modifiers must be an array`);
    const list = modifiers.filter((m) => m !== null && m !== undefined && m !== false);
    if (list.length > 0) node.modifiers = list;
  }
  if (nodes.length > 0 && type === 'Text') {
    // Nested Text, as Expo UI's: the children are segments, each a Text with its own style;
    // text around them becomes segments of its own, in order.
    const other = nodes.find((child) => child.type !== 'Text');
    if (other) throw new TypeError(`h(Text): a Text's child views are its segments, each a Text, got a ${other.type}`);
    if (node.props && hasText && rest.text === undefined) delete node.props.text;
    if (node.props && Object.keys(node.props).length === 0) delete node.props;
    node.children = flat.map(textOrNode);
    return node;
  }
  if (nodes.length > 0) {
    if (LEAVES.has(type)) throw new TypeError(`h(${type}): a ${type} takes no child views`);
    if (textProp) {
      // A Label's or Toggle's child views are its title: its strings become Texts among them.
      if (node.props && hasText && rest[textProp] === undefined) delete node.props[textProp];
      if (node.props && Object.keys(node.props).length === 0) delete node.props;
      node.children = flat.map(textOrNode);
    } else {
      node.children = nodes;
    }
  }
  return node;
}

function helper(type) {
  const build = (props, ...children) => {
    if (isChildLike(props)) return h(type, null, props, ...children);
    return h(type, props, ...children);
  };
  Object.defineProperty(build, 'name', { value: type });
  return build;
}

/**
 * A helper like `Text` for a plugin's view named `type` as nodes give it (`Rating`): its
 * function props are its events. `Connection.requireNativeView` finds the name.
 */
export function nativeViewHelper(type) {
  return helper(type);
}

export const List = helper('List');
export const Section = helper('Section');
export const HStack = helper('HStack');
export const VStack = helper('VStack');
export const ZStack = helper('ZStack');
/** A scrolling container; takes children like VStack, and may be `refreshable`. */
export const ScrollView = helper('ScrollView');
export const Text = helper('Text');
export const Label = helper('Label');
export const Image = helper('Image');
/** A button: `label` or children, `role`, `systemImage`; `onPress` runs on a tap. */
export const Button = helper('Button');
export const Spacer = helper('Spacer');
/** A text field: `defaultValue`, `placeholder`; `onTextChange(text)`, `onSubmit(text)`. No children. */
export const TextField = helper('TextField');
/** A switch: `isOn`, `label`, `systemImage`; `onIsOnChange(isOn)`. Controlled: pass the new value back in `isOn`. */
export const Toggle = helper('Toggle');
/** A slider: `value`, `min` (0), `max` (1), `step` (0: continuous); `onValueChange(value)`, `onEditingChanged(isEditing)`. Controlled, as Toggle. */
export const Slider = helper('Slider');
