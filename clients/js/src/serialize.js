// Turning a user tree into what goes on the wire, and collecting the listeners it carries.

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
 * Serializes a tree. Returns `{root, listeners}` where `root` is the data-only wire tree and
 * `listeners` maps a node id (its key, else its index path from the root, "0", "0/2/1": the
 * same ids the host uses) to a Map of modifier index -> `{type, listener}`.
 */
export function serializeTree(tree) {
  const listeners = new Map();
  const root = serializeNode(tree, '0', 'root', listeners);
  return { root, listeners };
}

function serializeNode(node, indexPath, where, listeners) {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    throw new TypeError(`modhost: ${where} must be a node object {type, ...}`);
  }
  const out = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'modifiers' || k === 'children' || typeof v === 'function' || v === undefined) continue;
    const copy = stripFunctions(v);
    if (copy !== undefined) out[k] = copy;
  }
  const id = typeof node.key === 'string' ? node.key : indexPath;
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
      serializeNode(child, `${indexPath}/${index}`, `${where}.children[${index}]`, listeners));
  } else if (node.children !== undefined) {
    out.children = stripFunctions(node.children);
  }
  return out;
}
