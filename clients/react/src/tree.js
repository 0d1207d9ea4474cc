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
/** The element type that marks a plugin view's slot prop (`requireNativeView`): its one child is the prop's node. */
export const SLOT_TYPE = '$slot';
/** Views whose text children become a prop, and the prop. */
const TEXT_PROP = { Text: 'text', Label: 'title', Button: 'label', Toggle: 'label' };

function legalKey(reactKey) {
  const text = String(reactKey).replace(/%/g, '%25').replace(/\//g, '%2F');
  if (text.length === 0) return '~';
  return /^[0-9]+$/.test(text) ? `#${text}` : text;
}

/**
 * What one surface's trees are built from: the node key of each host instance (stable, unique
 * in the surface) and the node last built for it. A node whose instance has the same props
 * object (React replaces it on every render of the element), the same text and the same child
 * nodes is the very object built before, so an unchanged subtree, and an unchanged surface,
 * is seen by identity: a commit that touched another surface sends nothing here.
 */
export class SurfaceTree {
  constructor() {
    this.keyOf = new WeakMap();
    this.built = new WeakMap();
    this.counter = 0;
    /** Keys of the tree the host has (last accepted), key -> instance. */
    this.accepted = new Map();
    /** The root node the host has (last accepted). */
    this.acceptedRoot = null;
    /** Keys of the tree sent and not answered yet, key -> instance. */
    this.sending = null;
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
    return { keyFor, used, built: this.built };
  }

  /**
   * The host instance of the node keyed `key`: in the tree being sent (the host's diagnostics
   * about it come before its answer), else in the tree the host has.
   */
  instanceOf(key) {
    return this.sending?.get(key) ?? this.accepted.get(key);
  }

  /** The tree built with `used` is on its way to the host. */
  send(used) {
    this.sending = used;
  }

  /** The host took the tree built with `used`, whose root is `root`. */
  accept(root, used) {
    this.acceptedRoot = root;
    this.accepted = used;
    this.sending = null;
  }
}

function describe(instance) {
  return instance.tag === 'TEXT' ? `text ${JSON.stringify(instance.text)}` : `<${instance.type}>`;
}

function sameNodes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The node for host instance `instance` (a view or text), or null when it is hidden (a
 * suspended subtree): the node built before when nothing in it changed. `where` names it in
 * errors.
 */
export function buildNode(instance, build, where) {
  if (instance.isHidden) return null;
  const { keyFor, built } = build;
  const key = keyFor(instance);
  const before = built.get(instance);
  if (instance.tag === 'TEXT') {
    if (before && before.text === instance.text && before.node.key === key) return before.node;
    const node = { type: 'Text', key, props: { text: instance.text } };
    built.set(instance, { text: instance.text, node });
    return node;
  }
  if (instance.type === HOST_TYPE) {
    throw new TypeError(`@modhost/react: ${where}: a <Host> inside another <Host>; a Host is a surface, and surfaces do not nest`);
  }
  const textProp = TEXT_PROP[instance.type];
  // Slot children (a prop's view: `header={<Text>…</Text>}`) are not children: a Label with
  // text children and an `icon` still takes its text as its title.
  let text = '';
  let textOnly = instance.children.some((child) => child.type !== SLOT_TYPE);
  for (const child of instance.children) {
    if (child.isHidden || child.type === SLOT_TYPE) continue;
    if (child.tag === 'TEXT') text += child.text;
    else textOnly = false;
  }
  const asText = textProp !== undefined && textOnly;
  const views = [];
  const slots = [];
  instance.children.forEach((child, index) => {
    if (child.type === SLOT_TYPE) {
      const inner = child.children.find((c) => !c.isHidden);
      const node = inner ? buildNode(inner, build, `${where} > ${child.props.name}`) : null;
      slots.push([child.props.name, node]);
    } else if (asText) {
      // the text children's keys stay reserved for them
      keyFor(child);
    } else {
      const node = buildNode(child, build, `${where} > ${describe(child)}[${index}]`);
      if (node) views.push(node);
    }
  });
  if (before && before.props === instance.props && before.node.key === key && before.asText === asText
      && (asText ? before.text === text : sameNodes(before.views, views)) && sameNodes((before.slots ?? []).map(([, n]) => n), slots.map(([, n]) => n))) {
    return before.node;
  }
  const { children: _elements, modifiers, ...props } = instance.props;
  if (asText && props[textProp] === undefined) props[textProp] = text;
  for (const [name, node] of slots) props[name] = node;
  const node = { type: instance.type, key };
  if (Object.keys(props).length > 0) node.props = props;
  if (modifiers !== undefined && modifiers !== null) {
    if (!Array.isArray(modifiers)) throw new TypeError(`@modhost/react: ${where}: modifiers must be an array, got ${typeof modifiers}`);
    const list = modifiers.filter((m) => m !== null && m !== undefined && m !== false);
    if (list.length > 0) node.modifiers = list;
  }
  if (views.length > 0) node.children = views;
  built.set(instance, { props: instance.props, asText, text, views, slots, node });
  return node;
}

/**
 * The root node of a surface from the host instances under it: the one view, or, when there
 * are none or several, a `VStack` (keyed by the surface's own instance) holding them.
 */
export function buildSurfaceRoot(owner, children, tree, where) {
  const build = tree.begin();
  const shown = children.filter((c) => !c.isHidden);
  let root;
  if (shown.length === 1) {
    root = buildNode(shown[0], build, `${where} > ${describe(shown[0])}`);
  } else {
    const key = build.keyFor(owner);
    const views = shown.map((c, i) => buildNode(c, build, `${where} > ${describe(c)}[${i}]`)).filter(Boolean);
    const before = build.built.get(owner);
    if (before && before.node.key === key && sameNodes(before.views, views)) {
      root = before.node;
    } else {
      root = { type: 'VStack', key };
      if (views.length > 0) root.children = views;
      build.built.set(owner, { views, node: root });
    }
  }
  return { root, used: build.used };
}
