// Pure unit tests: no daemon.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  createModifier, createModifierWithEventListener, swipeActions, serializeTree, stripFunctions,
  h, List, Section, HStack, VStack, Text, Label, Image, Button, Spacer,
  encodeFrame, FrameDecoder, defaultSocketPath, ModhostError, ENGINE_RESTARTED,
} from '../src/index.js';
import { LostRequests, pluginCrashedEvent, modifierTypesOf, modifierTypeChanges } from '../src/engine-restart.js';
import { fakeHost } from '../test-support/fake-host.js';

// Each test fails, by name, past this time rather than hanging the run (generous: a sanitized
// daemon on a loaded 2-core machine is slow).
const TEST_TIMEOUT_MS = 120_000;

test('createModifier spreads params flat beside $type', { timeout: TEST_TIMEOUT_MS }, () => {
  assert.deepEqual(createModifier('padding', { all: 8 }), { $type: 'padding', all: 8 });
  assert.deepEqual(createModifier('bold'), { $type: 'bold' });
  assert.throws(() => createModifier(''), TypeError);
});

test('createModifierWithEventListener adds eventListener', { timeout: TEST_TIMEOUT_MS }, () => {
  const listener = () => {};
  const m = createModifierWithEventListener('onTapGesture', listener, { count: 2 });
  assert.deepEqual(Object.keys(m), ['$type', 'count', 'eventListener']);
  assert.equal(m.$type, 'onTapGesture');
  assert.equal(m.count, 2);
  assert.equal(m.eventListener, listener);
  assert.throws(() => createModifierWithEventListener('x', 'nope'), TypeError);
});

test('swipeActions keeps onPress in JS and sends only data', { timeout: TEST_TIMEOUT_MS }, () => {
  const calls = [];
  const m = swipeActions({
    leading: [{ id: 'archive', label: 'Archive', tint: 'teal', onPress: () => calls.push('archive') }],
    trailing: [
      { id: 'delete', label: 'Delete', systemImage: 'trash', role: 'destructive', onPress: () => calls.push('delete') },
      { id: 'edit', label: 'Edit', onPress: () => calls.push('edit') },
    ],
  });
  assert.equal(m.$type, 'swipeActions');
  assert.equal(m.allowsFullSwipe, false);
  assert.deepEqual(m.leading, [{ id: 'archive', label: 'Archive', tint: 'teal' }]);
  assert.deepEqual(m.trailing, [
    { id: 'delete', label: 'Delete', systemImage: 'trash', role: 'destructive' },
    { id: 'edit', label: 'Edit' },
  ]);
  assert.equal(typeof m.eventListener, 'function');
  // the listener receives payload[$type] and calls exactly the matching onPress
  assert.equal(m.eventListener({ id: 'edit' }, {}), true);
  assert.deepEqual(calls, ['edit']);
  assert.equal(m.eventListener({ id: 'delete' }, {}), true);
  assert.deepEqual(calls, ['edit', 'delete']);
  assert.equal(m.eventListener({ id: 'unknown' }, {}), false);
  assert.deepEqual(calls, ['edit', 'delete']);
  const wire = JSON.parse(JSON.stringify(stripFunctions(m)));
  assert.equal('eventListener' in wire, false);
  assert.equal(JSON.stringify(wire).includes('onPress'), false);
});

test('swipeActions refuses duplicate ids and bad actions', { timeout: TEST_TIMEOUT_MS }, () => {
  assert.throws(() => swipeActions({ leading: [{ id: 'a', label: 'A', onPress() {} }], trailing: [{ id: 'a', label: 'B', onPress() {} }] }), /used twice/);
  assert.throws(() => swipeActions({ trailing: [{ label: 'no id' }] }), /id/);
  assert.throws(() => swipeActions({ trailing: [{ id: 'x', label: 'X', onPress: 3 }] }), /onPress/);
  assert.equal(swipeActions({ allowsFullSwipe: true }).allowsFullSwipe, true);
});

test('h splits key, modifiers and props; Text strings become props.text', { timeout: TEST_TIMEOUT_MS }, () => {
  const mod = createModifier('x');
  const node = h('HStack', { key: 'row', modifiers: [mod], alignment: 'center' }, Text('Hello'), 'world', null, false, [Spacer()]);
  assert.deepEqual(node, {
    type: 'HStack', key: 'row', props: { alignment: 'center' }, modifiers: [mod],
    children: [
      { type: 'Text', props: { text: 'Hello' } },
      { type: 'Text', props: { text: 'world' } },
      { type: 'Spacer' },
    ],
  });
  assert.deepEqual(Text({ key: 't' }, 'a', 1), { type: 'Text', key: 't', props: { text: 'a1' } });
  assert.deepEqual(Label({ systemImage: 'tray' }, 'Inbox'), { type: 'Label', props: { systemImage: 'tray', title: 'Inbox' } });
  assert.deepEqual(Image({ systemImage: 'star' }), { type: 'Image', props: { systemImage: 'star' } });
  assert.deepEqual(Button({ key: 'b' }, 'Go'), { type: 'Button', key: 'b', children: [{ type: 'Text', props: { text: 'Go' } }] });
  assert.deepEqual(List([Section(VStack())]), { type: 'List', children: [{ type: 'Section', children: [{ type: 'VStack' }] }] });
  assert.throws(() => Spacer(Text('x')), /takes no child/);
  assert.throws(() => Text(Spacer()), /a Text's child views are its segments, each a Text, got a Spacer/);
  assert.deepEqual(Text(Text('x')), { type: 'Text', children: [{ type: 'Text', props: { text: 'x' } }] });
});

test('serialization strips functions and listeners and indexes them by node id and modifier index', { timeout: TEST_TIMEOUT_MS }, () => {
  const a = () => 'a';
  const b = () => 'b';
  const tree = List(
    HStack({ modifiers: [createModifierWithEventListener('t', a, { n: 1, fn() {} })] }),
    HStack({ key: 'k', modifiers: [createModifier('plain'), createModifierWithEventListener('t', b)] },
      Text('x')),
  );
  const { root, listeners } = serializeTree(tree);
  assert.deepEqual(root, {
    type: 'List',
    children: [
      { type: 'HStack', modifiers: [{ $type: 't', n: 1 }] },
      { type: 'HStack', key: 'k', modifiers: [{ $type: 'plain' }, { $type: 't' }], children: [{ type: 'Text', props: { text: 'x' } }] },
    ],
  });
  assert.equal(JSON.stringify(root).includes('eventListener'), false);
  assert.deepEqual([...listeners.keys()], ['0/0', 'k']);
  assert.equal(listeners.get('0/0').get(0).listener, a);
  assert.equal(listeners.get('k').has(0), false);
  assert.equal(listeners.get('k').get(1).listener, b);
  assert.equal(listeners.get('k').get(1).type, 't');
  // the tree itself is not changed
  assert.equal(typeof tree.children[0].modifiers[0].eventListener, 'function');
});

test('serialization refuses cycles', { timeout: TEST_TIMEOUT_MS }, () => {
  const m = createModifier('x');
  m.self = m;
  assert.throws(() => serializeTree(HStack({ modifiers: [m] })), /cycle/);
});

test('frames: encode and decode in any segmentation', { timeout: TEST_TIMEOUT_MS }, () => {
  const frames = Buffer.concat([encodeFrame({ a: 1 }), encodeFrame({ b: 'é' }), encodeFrame([1, 2])]);
  const decoder = new FrameDecoder();
  const out = [];
  for (const byte of frames) out.push(...decoder.push(Buffer.from([byte])));
  assert.deepEqual(out.map((b) => JSON.parse(b.toString('utf8'))), [{ a: 1 }, { b: 'é' }, [1, 2]]);
  const all = new FrameDecoder().push(frames);
  assert.equal(all.length, 3);
  assert.equal(frames.readUInt32BE(0), 7);
  assert.throws(() => new FrameDecoder(10).push(encodeFrame({ long: 'xxxxxxxxxxxxxxx' })), RangeError);
});

test('default socket path follows the daemon', { timeout: TEST_TIMEOUT_MS }, () => {
  assert.equal(defaultSocketPath({ MODHOST_SOCKET: '/x/y.sock', XDG_RUNTIME_DIR: '/run/user/1' }), '/x/y.sock');
  assert.equal(defaultSocketPath({ XDG_RUNTIME_DIR: '/run/user/1' }), '/run/user/1/modhost/modhost.sock');
  assert.equal(defaultSocketPath({}), `/tmp/modhost-${process.getuid()}/modhost.sock`);
});

test('ModhostError carries code, data and path', { timeout: TEST_TIMEOUT_MS }, () => {
  const e = new ModhostError({ code: -32602, message: 'bad tint', data: { path: 'root.tint', got: 'x' } }, 'mount');
  assert.ok(e instanceof Error);
  assert.equal(e.name, 'ModhostError');
  assert.equal(e.message, 'bad tint');
  assert.equal(e.code, -32602);
  assert.equal(e.path, 'root.tint');
  assert.equal(e.method, 'mount');
});

test('pluginCrashed is mine only for a request this Host sent (pending, or lost in flight), in this process', { timeout: TEST_TIMEOUT_MS }, () => {
  const lost = new LostRequests(2);
  lost.add([{ id: 7, method: 'snapshot', params: { surface: 'f' } }]);
  const pending = new Map([[11, { method: 'mount', params: { surface: 'g' } }]]);
  const sentRequest = (id) => pending.get(id) ?? lost.get(id);
  const diagnostic = (request) => ({
    severity: 'error', code: 'plugin-crashed', message: 'plugin Faulty … is quarantined', path: '/x/faulty', plugin: 'Faulty',
    crash: { call: 'body', detail: 'faulty', reason: 'SIGILL', message: 'Fatal error', request, types: ['faulty'] },
  });
  const mine = pluginCrashedEvent(diagnostic({ pid: process.pid, id: 7, method: 'snapshot' }), sentRequest);
  assert.deepEqual({ ...mine, crash: undefined }, {
    plugin: 'Faulty', path: '/x/faulty', crash: undefined, message: 'plugin Faulty … is quarantined',
    mine: true, requestId: 7, method: 'snapshot', params: { surface: 'f' },
  });
  const stillPending = pluginCrashedEvent(diagnostic({ pid: process.pid, id: 11, method: 'mount' }), sentRequest);
  assert.deepEqual([stillPending.mine, stillPending.requestId, stillPending.params], [true, 11, { surface: 'g' }]);
  assert.equal(pluginCrashedEvent(diagnostic({ pid: process.pid + 1, id: 7, method: 'snapshot' }), sentRequest).mine, false);
  assert.equal(pluginCrashedEvent(diagnostic({ pid: process.pid, id: 8, method: 'snapshot' }), sentRequest).mine, false);
  assert.equal(pluginCrashedEvent(diagnostic({ pid: process.pid, id: 7, method: 'interact' }), sentRequest).mine, false);
  const whileLoading = pluginCrashedEvent(diagnostic(undefined), sentRequest);
  assert.equal(whileLoading.mine, false);
  assert.equal('requestId' in whileLoading, false);
  // only the latest few are remembered
  lost.add([{ id: 8, method: 'describe' }, { id: 9, method: 'ping' }]);
  assert.equal(lost.get(7), undefined);
  assert.equal(lost.get(9).method, 'ping');
});

test('engineRestarted: a surface the host could not build again is unmounted and reported; the rest stay', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, conn, diagnostics } = fakeHost();
  const mounting = (name) => { const m = host.mount(name, List(Text({ key: 't' }, name))); conn.answer(conn.next('mount')); return m; };
  const kept = await mounting('kept');
  const gone = await mounting('gone');
  const heard = [];
  host.on('engineRestarted', (info) => heard.push(info));
  const params = {
    reason: 'plugin-crashed', message: 'SIGILL', plugin: 'Faulty', call: 'body', detail: 'faulty',
    surfaces: [{ surface: 'kept', status: 'rebuilt' }, { surface: 'gone', status: 'failed', error: { code: -32602, message: 'over the node budget', data: { path: 'root' } } }],
  };
  host.onNotification('engineRestarted', params);
  assert.deepEqual(heard, [params]);
  assert.equal(kept.mounted, true);
  assert.equal(host.surfaces.get('kept'), kept);
  assert.equal(gone.mounted, false);
  assert.equal(host.surfaces.has('gone'), false);
  assert.ok(gone.error instanceof ModhostError && gone.error.code === -32602, String(gone.error));
  const [reported] = diagnostics.filter((d) => d.code === 'remount-failed');
  assert.equal(reported.surface, 'gone');
  assert.equal(reported.path, 'root');
  assert.match(reported.message, /surface 'gone' could not be built again after the engine restarted \(plugin-crashed\): over the node budget/);
  await assert.rejects(gone.snapshot(), (e) => e.code === 'ERR_MODHOST_SURFACE_GONE' && /over the node budget/.test(e.message));
  assert.equal(conn.sent.filter((r) => r.method === 'mount').length, 2, 'nothing is mounted again by the client');
});

test('a mount the engine ended in: rejected with -32005; when the new engine rebuilt it, the error carries the Surface', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, conn } = fakeHost();
  const restartError = (requestId) => new ModhostError({ code: ENGINE_RESTARTED, message: 'the engine ended while this request ran', data: { reason: 'plugin-crashed', method: 'mount', plugin: 'Faulty' } }, 'mount', requestId);
  const committed = host.mount('committed', List(Text({ key: 't' }, 'x')));
  const notCommitted = host.mount('lost', List(Text({ key: 't' }, 'y')));
  host.onNotification('engineRestarted', { reason: 'plugin-crashed', message: 'SIGILL', plugin: 'Faulty', surfaces: [{ surface: 'committed', status: 'rebuilt' }] });
  conn.fail(conn.next('mount'), restartError(1));
  conn.fail(conn.next('mount'), restartError(2));
  const error = await committed.then(() => assert.fail('resolved'), (e) => e);
  assert.equal(error.engineRestarted, true);
  assert.equal(error.requestId, 1);
  assert.equal(error.data.plugin, 'Faulty');
  assert.equal(error.surface.mounted, true);
  assert.equal(host.surfaces.get('committed'), error.surface);
  const other = await notCommitted.then(() => assert.fail('resolved'), (e) => e);
  assert.equal(other.surface, undefined);
  assert.equal(host.surfaces.has('lost'), false);
});

test('modifier type changes across a reconnect: added, removed, served by another plugin', { timeout: TEST_TIMEOUT_MS }, () => {
  const before = modifierTypesOf({ modifiers: [{ type: 'faulty', plugin: 'Faulty' }, { type: 'swipeActions', plugin: 'SwipeActions' }, { type: 'badge', plugin: 'A' }] });
  const same = modifierTypesOf({ modifiers: [{ type: 'swipeActions', plugin: 'SwipeActions' }, { type: 'faulty', plugin: 'Faulty' }, { type: 'badge', plugin: 'A' }] });
  assert.equal(modifierTypeChanges(before, same), null);
  const after = modifierTypesOf({ modifiers: [{ type: 'swipeActions', plugin: 'SwipeActions' }, { type: 'badge', plugin: 'B' }, { type: 'greeting', plugin: 'Greeting' }] });
  assert.deepEqual(modifierTypeChanges(before, after), { added: ['greeting'], removed: ['faulty'], changed: ['badge'] });
  // a type whose plugin is not known (heard of in pluginsChanged) is not called changed
  before.set('badge', undefined);
  assert.deepEqual(modifierTypeChanges(before, after).changed, []);
});

test('swipeActions refuses unknown keys, naming the key, the known ones and the closest', { timeout: TEST_TIMEOUT_MS }, () => {
  const refused = (fn, message) => assert.throws(fn, (e) => e instanceof TypeError && e.message === message);
  refused(() => swipeActions({ trailling: [{ id: 'delete', label: 'Delete' }] }),
    "swipeActions: unknown key 'trailling' (known: leading, trailing, allowsFullSwipe; closest: 'trailing')");
  refused(() => swipeActions({ trailing: [{ id: 'delete', lable: 'Delete' }] }),
    "swipeActions: trailing[0]: unknown key 'lable' (known: id, label, systemImage, tint, role, onPress; closest: 'label')");
  refused(() => swipeActions({ leading: [{ id: 'a', label: 'A', onPres: () => {} }] }),
    "swipeActions: leading[0]: unknown key 'onPres' (known: id, label, systemImage, tint, role, onPress; closest: 'onPress')");
  refused(() => swipeActions({ allowFullSwipe: true }),
    "swipeActions: unknown key 'allowFullSwipe' (known: leading, trailing, allowsFullSwipe; closest: 'allowsFullSwipe')");
  assert.throws(() => swipeActions({ trailing: { id: 'x' } }), /swipeActions: trailing must be an array of actions, got an object/);
  assert.throws(() => swipeActions({ allowsFullSwipe: 'yes' }), /allowsFullSwipe must be a boolean, got "yes"/);
  assert.throws(() => swipeActions(null), /params must be an object/);
  // What it knows still goes through, undefined members included.
  assert.deepEqual(stripFunctions(swipeActions({ trailing: [{ id: 'd', label: 'D', tint: undefined }], allowsFullSwipe: undefined })),
    { $type: 'swipeActions', leading: [], trailing: [{ id: 'd', label: 'D' }], allowsFullSwipe: false });
});
