// Patches: the diff alone (against a model of the host's ops), then against a real modhostd.
import test from 'node:test';
import assert from 'node:assert/strict';
import { connect, List, HStack, Text, swipeActions } from '../src/index.js';
import { diffTrees } from '../src/patch.js';
import { withDaemon } from '../test-support/daemon.js';

const TEST_TIMEOUT_MS = 120_000;

/** The host's ops on a plain tree, as protocol/surfaces.md says: a model to check diffs against. */
function applyOps(root, ops) {
  const tree = structuredClone(root);
  const find = (id) => {
    if (/^[0-9]/.test(id)) {
      let node = tree;
      let parent = null;
      for (const step of id.split('/').slice(1)) { parent = node; node = node.children[Number(step)]; }
      return { node, parent };
    }
    const walk = (node, parent) => {
      if (node.key === id) return { node, parent };
      for (const child of node.children ?? []) {
        const found = walk(child, node);
        if (found) return found;
      }
      return null;
    };
    return walk(tree, null);
  };
  for (const op of ops) {
    if (op.op === 'set') {
      const { node } = find(op.node);
      for (const member of ['props', 'events', 'modifiers']) {
        if (!(member in op)) continue;
        if (op[member] === null) delete node[member]; else node[member] = op[member];
      }
    } else if (op.op === 'insert') {
      const { node: parent } = find(op.parent);
      parent.children ??= [];
      const at = op.before === null || op.before === undefined ? parent.children.length : parent.children.indexOf(find(op.before).node);
      parent.children.splice(at, 0, op.node);
    } else if (op.op === 'remove') {
      const { node, parent } = find(op.node);
      parent.children.splice(parent.children.indexOf(node), 1);
    } else if (op.op === 'move') {
      const { node, parent } = find(op.node);
      parent.children.splice(parent.children.indexOf(node), 1);
      const at = op.before === null ? parent.children.length : parent.children.indexOf(find(op.before).node);
      parent.children.splice(at, 0, node);
    } else {
      throw new Error(`unknown op ${op.op}`);
    }
  }
  return prune(tree);
}

/** The tree with empty `children` left out (the host reads them as absent). */
function prune(node) {
  if (Array.isArray(node.children)) {
    if (node.children.length === 0) delete node.children; else node.children.forEach(prune);
  }
  return node;
}

function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomTree(next, serial) {
  const row = () => {
    const node = { type: next() < 0.8 ? 'HStack' : 'VStack', children: [{ type: 'Text', props: { text: `t${Math.floor(next() * 4)}` } }] };
    if (next() < 0.7) node.key = `k${serial.n++}`;
    if (next() < 0.5) node.modifiers = [{ $type: 'swipeActions', trailing: [{ id: `a${Math.floor(next() * 3)}` }] }];
    return node;
  };
  return { type: 'List', key: 'list', children: Array.from({ length: 2 + Math.floor(next() * 8) }, row) };
}

function mutate(tree, next, serial) {
  const copy = structuredClone(tree);
  const rows = copy.children;
  for (let i = 0; i < 1 + Math.floor(next() * 4); i += 1) {
    const pick = Math.floor(next() * (rows.length + 1));
    const roll = next();
    if (roll < 0.25) rows.splice(pick, 0, randomTree(next, serial).children[0]);
    else if (roll < 0.45 && rows.length > 0) rows.splice(pick % rows.length, 1);
    else if (roll < 0.65 && rows.length > 1) rows.splice(Math.floor(next() * rows.length), 0, ...rows.splice(pick % rows.length, 1));
    else if (roll < 0.85 && rows.length > 0) rows[pick % rows.length].children[0].props.text = `t${Math.floor(next() * 9)}`;
    else if (rows.length > 0) rows[pick % rows.length].modifiers = next() < 0.5 ? undefined : [{ $type: 'swipeActions', trailing: [{ id: 'z' }] }];
  }
  return JSON.parse(JSON.stringify(copy));
}

test('a diff applied as the host applies ops gives the new tree', () => {
  for (let seed = 1; seed <= 300; seed += 1) {
    const next = random(seed);
    const serial = { n: 0 };
    let before = JSON.parse(JSON.stringify(randomTree(next, serial)));
    for (let round = 0; round < 5; round += 1) {
      const after = mutate(before, next, serial);
      const ops = diffTrees(before, after);
      assert.ok(ops, `seed ${seed}: a patch`);
      assert.deepEqual(applyOps(before, ops), prune(structuredClone(after)), `seed ${seed} round ${round}: ${JSON.stringify(ops)}`);
      before = after;
    }
  }
});

test('a diff sends nothing for an equal tree, and only what changed', () => {
  const rows = (texts) => ({ type: 'List', key: 'l', children: texts.map((t, i) => ({ type: 'Text', key: `r${i}`, props: { text: t } })) });
  assert.deepEqual(diffTrees(rows(['a', 'b']), rows(['a', 'b'])), []);
  assert.deepEqual(diffTrees(rows(['a', 'b']), rows(['a', 'B'])), [{ op: 'set', node: 'r1', props: { text: 'B' } }]);
  // Another root, or a root of another type: only a whole tree will do.
  assert.equal(diffTrees(rows(['a']), { type: 'VStack', key: 'l' }), null);
  assert.equal(diffTrees(rows(['a']), { ...rows(['a']), key: 'm' }), null);
});

async function session(options = {}) {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, clientName: 'modhost-js-test', reconnect: false, ...options });
  const sent = [];
  const request = host.conn.request.bind(host.conn);
  host.conn.request = (method, params, ...rest) => {
    sent.push({ method, params });
    return request(method, params, ...rest);
  };
  return { host, sent, async done() { await host.close(); await env.cleanup(); } };
}

const row = (key, text, presses) => HStack({
  key,
  modifiers: [swipeActions({ trailing: [{ id: 'delete', label: 'Delete', onPress: () => presses.push(key) }] })],
}, Text(text));

test('update sends a patch when the host takes them; results, snapshots and events are a whole tree\'s', { timeout: TEST_TIMEOUT_MS }, async () => {
  const patched = await session();
  const whole = await session({ patches: false });
  try {
    assert.deepEqual(patched.host.server.patchOps, ['set', 'insert', 'remove', 'move']);
    const presses = [];
    const texts = Array.from({ length: 200 }, (_, i) => `row ${i}`);
    const tree = () => List({ key: 'inbox' }, ...texts.map((t, i) => row(`m${i}`, t, presses)));
    const a = await patched.host.mount('inbox', tree());
    const b = await whole.host.mount('inbox', tree());
    for (const change of [
      () => { texts[7] = 'changed'; },
      () => { texts.splice(3, 1); },
      () => { texts.push('new row'); },
      () => { texts.reverse(); },
    ]) {
      change();
      assert.deepEqual(await a.update(tree()), await b.update(tree()));
      assert.deepEqual(await a.snapshot(), await b.snapshot());
    }
    const updates = (s) => s.sent.filter((r) => r.method === 'update').map((r) => ('patch' in r.params ? 'patch' : 'root'));
    assert.deepEqual(updates(patched), ['patch', 'patch', 'patch', 'patch']);
    assert.deepEqual(updates(whole), ['root', 'root', 'root', 'root']);
    // A one-row change is one op.
    const last = patched.sent.filter((r) => r.method === 'update')[0].params.patch;
    assert.deepEqual(last, [{ op: 'set', node: '0/7/0', props: { text: 'changed' } }]);
    // Listeners of the latest tree answer the events.
    await a.swipe('m5', 'trailing');
    await a.interact('m5', { gesture: 'tapAction', id: 'delete' });
    assert.deepEqual(presses, ['m5']);
  } finally {
    await patched.done();
    await whole.done();
  }
});

test('a refused patch is sent again whole, its error at the tree\'s place; after a failure, and beside another update, whole trees go', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const surface = await s.host.mount('m', List({ key: 'l' }, Text({ key: 'a' }, 'a')));
    await assert.rejects(surface.update(List({ key: 'l' }, Text({ key: 'a' }, 'a'), Text({ key: 'b', modifiers: [{ $type: 'noSuchModifier' }] }, 'b'))),
      (error) => error.data?.path === 'root.children[1].modifiers[0].$type');
    await surface.update(List({ key: 'l' }, Text({ key: 'a' }, 'A')));
    await Promise.all([surface.update(List({ key: 'l' }, Text({ key: 'a' }, 'B'))), surface.update(List({ key: 'l' }, Text({ key: 'a' }, 'C')))]);
    await surface.update(List({ key: 'l' }, Text({ key: 'a' }, 'D')));
    const kinds = s.sent.filter((r) => r.method === 'update').map((r) => ('patch' in r.params ? 'patch' : 'root'));
    assert.deepEqual(kinds, ['patch', 'root', 'root', 'patch', 'root', 'patch']);
    const { root } = await surface.snapshot();
    assert.equal(root.children[0].props.text, 'D');
  } finally { await s.done(); }
});
