// Element helpers: build Node objects `{type, key?, props?, modifiers?, children?}`.
//
// Rules (also in README.md and index.d.ts):
// - `h(type, props, ...children)`: `props.key` becomes `node.key`, `props.modifiers` becomes
//   `node.modifiers`, every other member of `props` goes to `node.props`. Empty `props`
//   and empty `children` are left out.
// - Children may be nodes, arrays of children (flattened), or null/undefined/false/true
//   (skipped, so `cond && Text("x")` works).
// - String and number children: on `Text` they are joined into `props.text`; on `Label`
//   into `props.title`; on any other view that takes children each becomes a
//   `Text` node. Leaf views (`Image`, `Spacer`, `TextField`) take no children and throw.
// - The helpers (`Text`, `List`, ...) also accept a child in place of `props`:
//   `Text("Hello")`, `List([row1, row2])`, `VStack(Text("a"), Text("b"))`.

export const VIEW_TYPES = Object.freeze([
  'List', 'Section', 'HStack', 'VStack', 'ZStack', 'ScrollView', 'Text', 'Label', 'Image', 'Button', 'Spacer',
  'TextField',
]);

const LEAVES = new Set(['Image', 'Spacer', 'TextField']);
const TEXT_PROP = { Text: 'text', Label: 'title' };

function isNode(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && typeof value.type === 'string';
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

/**
 * Generic element builder.
 * @param {string} type a view type the host knows
 * @param {object|null} [props] `key`, `modifiers`, and view props
 * @param {...any} children
 */
export function h(type, props, ...children) {
  if (typeof type !== 'string' || type.length === 0) throw new TypeError('h: type must be a non-empty string');
  if (props !== null && props !== undefined && (typeof props !== 'object' || Array.isArray(props))) {
    throw new TypeError(`h(${type}): props must be an object (pass children after it)`);
  }
  const { key, modifiers, children: propChildren, ...rest } = props ?? {};
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
  if (hasText && rest[textProp] === undefined) rest[textProp] = text;
  if (Object.keys(rest).length > 0) node.props = rest;
  if (modifiers !== undefined && modifiers !== null) {
    if (!Array.isArray(modifiers)) throw new TypeError(`h(${type}): modifiers must be an array`);
    const list = modifiers.filter((m) => m !== null && m !== undefined && m !== false);
    if (list.length > 0) node.modifiers = list;
  }
  if (nodes.length > 0) {
    if (LEAVES.has(type) || textProp) throw new TypeError(`h(${type}): a ${type} takes no child views`);
    node.children = nodes;
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
export const Button = helper('Button');
export const Spacer = helper('Spacer');
/** A text field: props `text` and `placeholder` (strings); no children. `onSubmit` hears its submits. */
export const TextField = helper('TextField');
