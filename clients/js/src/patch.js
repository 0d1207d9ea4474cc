// What changed between two wire trees, as the ops of an `update`'s `patch`
// (protocol/surfaces.md, "Patches"). Children are matched as the host matches them for a whole
// tree (by key, then unkeyed ones by position among the unkeyed), so the patch builds what the
// whole tree would; ops name nodes as the ops before them leave the tree.
import { isNode } from './views.js';

/** Deep equality of JSON values (member order aside). */
export function jsonEqual(a, b) {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(b, key) || !jsonEqual(a[key], b[key])) return false;
  }
  return true;
}

/** A node's `key` when it is one (a string), else null. */
function keyOf(node) {
  return typeof node?.key === 'string' ? node.key : null;
}

/** The same node to the host: same type and key. */
function sameNode(a, b) {
  return a?.type === b?.type && keyOf(a) === keyOf(b);
}

function childrenOf(node) {
  return Array.isArray(node?.children) ? node.children : [];
}

/** Members a `set` replaces, each compared as sent (absent and `null` alike). */
const SET_MEMBERS = ['props', 'events', 'modifiers'];

/**
 * The patch that turns the host's tree `before` into `after` (both wire trees, as sent), or
 * null when only a whole tree will do: another root, or a tree that is not plain nodes.
 */
export function diffTrees(before, after) {
  if (!isNode(before) || !isNode(after) || !sameNode(before, after)) return null;
  const ops = [];
  try {
    diffNode(before, after, '0', ops);
  } catch (error) {
    if (error === NOT_NODES) return null;
    throw error;
  }
  return ops;
}

const NOT_NODES = Symbol('not nodes');

/** Ops for `after`, the next state of `before` (same type and key), whose index path is `path`. */
function diffNode(before, after, path, ops) {
  const id = keyOf(after) ?? path;
  const set = {};
  for (const member of SET_MEMBERS) {
    const was = before[member] ?? null;
    const now = after[member] ?? null;
    if (!jsonEqual(was, now)) set[member] = now;
  }
  if (Object.keys(set).length > 0) ops.push({ op: 'set', node: id, ...set });
  if (before.children === after.children) return;
  const old = childrenOf(before);
  const next = childrenOf(after);
  if (!old.every(isNode) || !next.every(isNode)) throw NOT_NODES;

  // The host's matching: a keyed child with the old child of its key, an unkeyed one with the
  // next old unkeyed child; a match of another type is a new node.
  const byKey = new Map();
  const unkeyed = [];
  for (const child of old) {
    const key = keyOf(child);
    if (key === null) unkeyed.push(child);
    else byKey.set(key, child);
  }
  let nextUnkeyed = 0;
  const kept = new Set();
  const matches = next.map((child) => {
    const key = keyOf(child);
    const match = key === null ? unkeyed[nextUnkeyed++] : byKey.get(key);
    if (match !== undefined && sameNode(match, child) && !kept.has(match)) {
      kept.add(match);
      return match;
    }
    return null;
  });

  // The children as the host has them while the ops run.
  const current = old.slice();
  const idAt = (index) => keyOf(current[index]) ?? `${path}/${index}`;
  for (let index = current.length - 1; index >= 0; index -= 1) {
    if (kept.has(current[index])) continue;
    ops.push({ op: 'remove', node: idAt(index) });
    current.splice(index, 1);
  }
  next.forEach((child, index) => {
    const match = matches[index];
    const before = index < current.length ? idAt(index) : null;
    if (match === null) {
      ops.push({ op: 'insert', parent: id, before, node: child });
      current.splice(index, 0, child);
    } else if (current[index] !== match) {
      const from = current.indexOf(match);
      ops.push({ op: 'move', node: keyOf(match) ?? `${path}/${from}`, before });
      current.splice(from, 1);
      current.splice(index, 0, match);
    }
  });
  next.forEach((child, index) => {
    const match = matches[index];
    if (match !== null) diffNode(match, child, `${path}/${index}`, ops);
  });
}
