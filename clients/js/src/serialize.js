// Turning a user tree into what goes on the wire, and collecting the listeners it carries.
import { checkViewProps, eventNames, isSlotNode } from './views.js';

/**
 * Deep copy of a JSON-ish value without functions. `eventListener` members are dropped
 * wherever they occur; `undefined` members are dropped as JSON.stringify would.
 */
export function stripFunctions(value, seen = new Set()) {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' ? undefined : value;
  }
  if (seen.has(value)) throw new TypeError('modhost: the tree contains a cycle; nodes and params must be plain data');
  seen.add(value);
  let out;
  if (Array.isArray(value)) {
    out = [];
    for (const item of value) {
      const copy = stripFunctions(item, seen);
      out.push(copy === undefined ? null : copy);
    }
  } else if (typeof value.toJSON === 'function') {
    out = stripFunctions(value.toJSON(), seen);
  } else {
    out = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'eventListener' || typeof v === 'function' || v === undefined) continue;
      const copy = stripFunctions(v, seen);
      if (copy !== undefined) out[k] = copy;
    }
  }
  seen.delete(value);
  return out;
}

/**
 * Serializes a tree. Returns `{root, listeners, events}` where `root` is the data-only wire
 * tree, `listeners` maps a node id (its key, else its index path from the root, "0", "0/2/1":
 * the same ids the host uses) to a Map of modifier index -> `{type, listener}`, and `events`
 * maps a node id to a Map of view event name (`onPress`, ...) -> the function given as that prop.
 * A view's event props are taken out of `props`; their names go into the node's `events`.
 */
export function serializeTree(tree) {
  const listeners = new Map();
  const events = new Map();
  if (Array.isArray(tree)) {
    throw new TypeError('modhost: root must be one node object {type, ...}, got an array (a fragment or a list of nodes: wrap it in a view such as VStack)');
  }
  const root = serializeNode(tree, '0', 'root', { listeners, events });
  return { root, listeners, events };
}

function serializeProps(node, id, where, out, events, indexPath, maps) {
  const props = node.props;
  if (props === null || typeof props !== 'object' || Array.isArray(props)) {
    const copy = stripFunctions(props);
    if (copy !== undefined) out.props = copy; // not an object: let the host say why
    return;
  }
  checkViewProps(node.type, props, `${where}.props`);
  const names = eventNames(node.type, props);
  const data = {};
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') {
      let byName = events.get(id);
      if (!byName) events.set(id, (byName = new Map()));
      byName.set(name, value);
    } else if (isSlotNode(node.type, name, value)) {
      // A view in a slot prop: a node of the tree, named `PATH/name` as the host names it.
      data[name] = serializeNode(value, `${indexPath}/${name}`, `${where}.props.${name}`, maps);
    } else if (value !== undefined && !(value === null && names.includes(name))) {
      const copy = stripFunctions(value);
      if (copy !== undefined) data[name] = copy;
    }
  }
  // A Button with only its onPress has no props left to send.
  if (Object.keys(data).length > 0 || Object.keys(props).length === 0) out.props = data;
  const listened = events.get(id);
  if (listened) {
    const given = Array.isArray(node.events) ? node.events.filter((e) => typeof e === 'string') : [];
    // In the view's own order, so the same props give the same wire bytes.
    out.events = names.filter((name) => listened.has(name) || given.includes(name));
    for (const name of given) if (!out.events.includes(name)) out.events.push(name);
  }
}

function serializeNode(node, indexPath, where, maps) {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    throw new TypeError(`modhost: ${where} must be a node object {type, ...}${Array.isArray(node) ? ', got an array' : ''}`);
  }
  const { listeners, events } = maps;
  const out = {};
  const id = typeof node.key === 'string' ? node.key : indexPath;
  for (const [k, v] of Object.entries(node)) {
    if (k === 'modifiers' || k === 'children' || typeof v === 'function' || v === undefined) continue;
    if (k === 'props') {
      serializeProps(node, id, where, out, events, indexPath, maps);
      continue;
    }
    if (k === 'events' && out.events !== undefined) continue;
    const copy = stripFunctions(v);
    if (copy !== undefined) out[k] = copy;
  }
  if (Array.isArray(node.modifiers)) {
    out.modifiers = node.modifiers.map((modifier, index) => {
      if (modifier && typeof modifier === 'object' && typeof modifier.eventListener === 'function') {
        let byIndex = listeners.get(id);
        if (!byIndex) listeners.set(id, (byIndex = new Map()));
        byIndex.set(index, { type: modifier.$type, listener: modifier.eventListener });
      }
      return stripFunctions(modifier);
    });
  } else if (node.modifiers !== undefined) {
    out.modifiers = stripFunctions(node.modifiers); // not an array: let the host say why
  }
  if (Array.isArray(node.children)) {
    out.children = node.children.map((child, index) =>
      serializeNode(child, `${indexPath}/${index}`, `${where}.children[${index}]`, maps));
  } else if (node.children !== undefined) {
    out.children = stripFunctions(node.children);
  }
  return out;
}
