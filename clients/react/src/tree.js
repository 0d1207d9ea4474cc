// From the renderer's host instances to the plain client's nodes, one surface at a time.
//
// Node keys. The host matches nodes by key (unique per surface), React by key among siblings
// plus position. So every node gets a key for as long as its host instance lives (React keeps
// the instance exactly as long as the element keeps its identity), and the host's diff then
// keeps the same rows React keeps, with their swipe state and appear/disappear history:
// - a node whose element (or the nearest keyed component above it) has a React key gets that
//   key, made legal (`/` as `%2F`, `%` as `%25`; an all-digit key gets a leading `#`);
// - when that key is taken in the surface (the same React key in two lists) or was in the
//   tree the host has now under another instance (a row removed and another one added with
//   its key in one commit: React says they differ, so the host must too), `~2`, `~3`, ... is
//   added;
// - a node without a React key gets `~1`, `~2`, ... (a counter of the surface).
import { reactKeyOf } from './renderer.js';

/** The element type that marks a surface (`<Host>`). */
export const HOST_TYPE = 'Host';
/** Views whose text children become a prop, and the prop. */
const TEXT_PROP = { Text: 'text', Label: 'title', Button: 'label' };

function legalKey(reactKey) {
  const text = String(reactKey).replace(/%/g, '%25').replace(/\//g, '%2F');
  if (text.length === 0) return '~';
  return /^[0-9]+$/.test(text) ? `#${text}` : text;
}

/** Keys of one surface: stable per host instance, unique in the surface. */
export class SurfaceKeys {
  constructor() {
    this.keyOf = new WeakMap();
    this.counter = 0;
    /** Keys of the tree the host has (last accepted), key -> instance. */
    this.accepted = new Map();
  }

  /** Starts building a tree: returns the key function for it and the map it fills. */
  begin() {
    const used = new Map();
    const keyFor = (instance) => {
      let key = this.keyOf.get(instance);
      if (key === undefined || used.has(key)) {
        const reactKey = instance.tag === 'INSTANCE' ? reactKeyOf(instance) : null;
        const free = (k) => !used.has(k) && (!this.accepted.has(k) || this.accepted.get(k) === instance);
        if (reactKey === null) {
          do key = `~${++this.counter}`; while (!free(key));
        } else {
          const base = legalKey(reactKey);
          key = base;
          for (let n = 2; !free(key); n += 1) key = `${base}~${n}`;
        }
        this.keyOf.set(instance, key);
      }
      used.set(key, instance);
      return key;
    };
    return { keyFor, used };
  }
}

function describe(instance) {
  return instance.tag === 'TEXT' ? `text ${JSON.stringify(instance.text)}` : `<${instance.type}>`;
}

/**
 * The node for host instance `instance` (a view or text), or null when it is hidden (a
 * suspended subtree). `where` names it in errors.
 */
export function buildNode(instance, keyFor, where) {
  if (instance.isHidden) return null;
  if (instance.tag === 'TEXT') {
    return { type: 'Text', key: keyFor(instance), props: { text: instance.text } };
  }
  if (instance.type === HOST_TYPE) {
    throw new TypeError(`@modhost/react: ${where}: a <Host> inside another <Host>; a Host is a surface, and surfaces do not nest`);
  }
  const { children: _elements, modifiers, ...props } = instance.props;
  const node = { type: instance.type, key: keyFor(instance) };
  const textProp = TEXT_PROP[instance.type];
  const views = [];
  let text = '';
  let textOnly = true;
  for (const child of instance.children) {
    if (child.isHidden) continue;
    if (child.tag === 'TEXT') text += child.text;
    else textOnly = false;
  }
  if (textProp && textOnly && instance.children.length > 0) {
    if (props[textProp] === undefined) props[textProp] = text;
  } else {
    instance.children.forEach((child, index) => {
      const built = buildNode(child, keyFor, `${where} > ${describe(child)}[${index}]`);
      if (built) views.push(built);
    });
  }
  if (Object.keys(props).length > 0) node.props = props;
  if (modifiers !== undefined && modifiers !== null) {
    if (!Array.isArray(modifiers)) throw new TypeError(`@modhost/react: ${where}: modifiers must be an array, got ${typeof modifiers}`);
    const list = modifiers.filter((m) => m !== null && m !== undefined && m !== false);
    if (list.length > 0) node.modifiers = list;
  }
  if (views.length > 0) node.children = views;
  return node;
}

/**
 * The root node of a surface from the host instances under it: the one view, or, when there
 * are none or several, a `VStack` (keyed by the surface's own instance) holding them.
 */
export function buildSurfaceRoot(owner, children, keys, where) {
  const { keyFor, used } = keys.begin();
  const shown = children.filter((c) => !c.isHidden);
  let root;
  if (shown.length === 1) {
    root = buildNode(shown[0], keyFor, `${where} > ${describe(shown[0])}`);
  } else {
    root = { type: 'VStack', key: keyFor(owner) };
    const nodes = shown.map((c, i) => buildNode(c, keyFor, `${where} > ${describe(c)}[${i}]`)).filter(Boolean);
    if (nodes.length > 0) root.children = nodes;
  }
  return { root, used };
}
