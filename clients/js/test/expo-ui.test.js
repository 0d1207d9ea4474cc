// Unit tests (no daemon) for the ExpoUI modifiers, the new views, callFunction, native modules
// and the routing of lifecycle and module events.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  onTapGesture, onLongPressGesture, onAppear, onDisappear, onSubmit, refreshable,
  padding, frame, background, foregroundStyle, tint, font, opacity, cornerRadius, border,
  listRowBackground, badge, deleteDisabled, disabled, hidden, contentShape, shapes,
  List, VStack, HStack, ScrollView, TextField, Text, VIEW_TYPES, serializeTree, stripFunctions,
  Host, ModhostError,
} from '../src/index.js';
import { FakeConnection, fakeHost } from '../test-support/fake-host.js';

// Each test fails, by name, past this time rather than hanging the run (generous: a sanitized
// daemon on a loaded 2-core machine is slow).
const TEST_TIMEOUT_MS = 120_000;

const wire = (modifier) => JSON.parse(JSON.stringify(stripFunctions(modifier)));
const tick = () => new Promise((resolve) => setImmediate(resolve));

function event(surface, node, modifier, payload) {
  return { surface, node, modifier, payload };
}

// ---------------------------------------------------------------- gestures and lifecycle

test('gesture and lifecycle factories: $type, params, and fn called with where it happened', { timeout: TEST_TIMEOUT_MS }, () => {
  const calls = [];
  const fn = (info) => calls.push(info);
  assert.deepEqual(wire(onTapGesture(fn)), { $type: 'onTapGesture' });
  assert.deepEqual(wire(onTapGesture(fn, { count: 2 })), { $type: 'onTapGesture', count: 2 });
  assert.deepEqual(wire(onLongPressGesture(fn)), { $type: 'onLongPressGesture' });
  assert.deepEqual(wire(onLongPressGesture(fn, { minimumDuration: 1.5 })), { $type: 'onLongPressGesture', minimumDuration: 1.5 });
  assert.deepEqual(wire(onLongPressGesture(fn, 0)), { $type: 'onLongPressGesture', minimumDuration: 0 });
  assert.deepEqual(wire(onAppear(fn)), { $type: 'onAppear' });
  assert.deepEqual(wire(onDisappear(fn)), { $type: 'onDisappear' });
  assert.deepEqual(wire(onSubmit(fn)), { $type: 'onSubmit' });
  assert.deepEqual(wire(refreshable(async () => {})), { $type: 'refreshable' });

  const tap = onTapGesture(fn);
  const info = { surface: 's', node: 'row', modifier: 1, type: 'onTapGesture' };
  assert.equal(tap.eventListener({}, info), undefined);
  assert.deepEqual(calls, [{ surface: 's', node: 'row', modifier: 1, type: 'onTapGesture' }]);
  // a handler that returns false is not taken for "not handled"; a promise is handed back (for its rejection)
  assert.equal(onAppear(() => false).eventListener({}, info), undefined);
  const promise = Promise.resolve();
  assert.equal(onDisappear(() => promise).eventListener({}, info), promise);
});

test('gesture factories check their arguments', { timeout: TEST_TIMEOUT_MS }, () => {
  const fn = () => {};
  assert.throws(() => onTapGesture(), { name: 'TypeError', message: /onTapGesture: its first argument must be a function, got undefined/ });
  assert.throws(() => onTapGesture('x'), /must be a function/);
  assert.throws(() => onTapGesture(fn, { count: 0 }), /onTapGesture: count must be >= 1, got 0/);
  assert.throws(() => onTapGesture(fn, { count: 1.5 }), /count must be an integer/);
  assert.throws(() => onTapGesture(fn, { count: '2' }), /count must be a finite number, got "2"/);
  assert.throws(() => onTapGesture(fn, { cuont: 2 }), /^TypeError: onTapGesture: unknown option 'cuont' \(known: count; closest: 'count'\)$/);
  assert.throws(() => onTapGesture(fn, 2), /options must be an object/);
  assert.throws(() => onLongPressGesture(fn, { minimumDuration: -1 }), /minimumDuration must be >= 0/);
  assert.throws(() => onLongPressGesture(fn, Number.NaN), /minimumDuration must be a finite number/);
  assert.throws(() => onLongPressGesture(fn, { duration: 1 }), /unknown option 'duration'/);
  for (const factory of [onAppear, onDisappear, onSubmit, refreshable]) {
    assert.throws(() => factory(null), { name: 'TypeError', message: new RegExp(`${factory.name}: its first argument must be a function`) });
  }
});

// ---------------------------------------------------------------- refreshable

/** A host stand-in for refreshable's listener: records completeRefresh calls. */
function refreshHost(outcome = () => null) {
  const calls = [];
  const host = {
    callFunction(module, fn, args) {
      calls.push([module, fn, args]);
      try {
        return Promise.resolve(outcome(args));
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
  return { host, calls };
}

function infoWith(host) {
  const info = { surface: 's', node: 'list', modifier: 0, type: 'refreshable' };
  Object.defineProperty(info, 'host', { value: host, enumerable: false });
  return info;
}

test('refreshable: fn runs, and completeRefresh(id) is called once when its promise fulfils', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, calls } = refreshHost();
  let finish;
  const seen = [];
  const m = refreshable((where) => { seen.push(where); return new Promise((resolve) => { finish = resolve; }); });
  const done = m.eventListener({ id: 'r1' }, infoWith(host));
  assert.deepEqual(seen, [{ surface: 's', node: 'list', modifier: 0, type: 'refreshable', id: 'r1' }]);
  await tick();
  assert.deepEqual(calls, [], 'not completed while fn is pending');
  finish();
  assert.equal(await done, undefined);
  assert.deepEqual(calls, [['ExpoUI', 'completeRefresh', ['r1']]]);
  await tick();
  assert.equal(calls.length, 1);
});

test('refreshable: a rejection is reported, and the refresh is still completed exactly once', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, calls } = refreshHost();
  const m = refreshable(async () => { throw new Error('offline'); });
  await assert.rejects(m.eventListener({ id: 'r2' }, infoWith(host)),
    (e) => /refreshable: the refresh function rejected: offline \(refresh 'r2' was completed anyway\)/.test(e.message) && e.cause.message === 'offline');
  assert.deepEqual(calls, [['ExpoUI', 'completeRefresh', ['r2']]]);

  // a synchronous throw, and a function that returns no promise
  const sync = refreshable(() => { throw new Error('sync'); });
  await assert.rejects(sync.eventListener({ id: 'r3' }, infoWith(host)), /rejected: sync/);
  const plain = refreshable(() => 42);
  await plain.eventListener({ id: 'r4' }, infoWith(host));
  assert.deepEqual(calls.map((c) => c[2][0]), ['r2', 'r3', 'r4']);
});

test('refreshable: a failed completeRefresh is reported; an event without an id is not handled', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, calls } = refreshHost(() => { throw new ModhostError({ code: -32602, message: 'Invalid params' }, 'callFunction'); });
  const m = refreshable(async () => {});
  await assert.rejects(m.eventListener({ id: 'r5' }, infoWith(host)), /ExpoUI\.completeRefresh\('r5'\) failed: Invalid params/);
  const failing = refreshable(async () => { throw new Error('offline'); });
  await assert.rejects(failing.eventListener({ id: 'r6' }, infoWith(host)), /rejected: offline; then ExpoUI\.completeRefresh\('r6'\) failed/);
  assert.equal(calls.length, 2);
  assert.equal(m.eventListener({}, infoWith(host)), false);
  assert.equal(calls.length, 2);
});

test('refreshable through a Host: completeRefresh goes out as callFunction; rejections become listener-threw', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, conn, diagnostics } = fakeHost();
  let fail = false;
  const mounting = host.mount('s', List({ key: 'list', modifiers: [refreshable(async () => { if (fail) throw new Error('no network'); })] }));
  conn.answer(conn.next('mount'));
  await mounting;

  host.onNotification('event', event('s', 'list', 0, { refreshable: { id: 'a' } }));
  await tick();
  const first = conn.next('callFunction');
  assert.deepEqual(first.params, { module: 'ExpoUI', function: 'completeRefresh', args: ['a'] });
  conn.answer(first, { result: null });
  await tick();
  assert.deepEqual(diagnostics, []);

  fail = true;
  host.onNotification('event', event('s', 'list', 0, { refreshable: { id: 'b' } }));
  await tick();
  const second = conn.next('callFunction');
  assert.deepEqual(second.params.args, ['b']);
  assert.deepEqual(diagnostics, [], 'reported once the refresh is completed');
  conn.answer(second, { result: null });
  await tick();
  assert.deepEqual(diagnostics.map((d) => [d.source, d.code, d.node, d.modifier]), [['client', 'listener-threw', 'list', 0]]);
  assert.match(diagnostics[0].message, /no network \(refresh 'b' was completed anyway\)/);
  assert.equal(conn.sent.filter((r) => r.method === 'callFunction').length, 2);
});

test('refreshable: nothing is completed on a connection that is gone (Host closed, or a new connection since)', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, conn, diagnostics } = fakeHost();
  const pending = [];
  const mounting = host.mount('s', List({ key: 'list', modifiers: [refreshable(() => new Promise((resolve) => pending.push(resolve)))] }));
  conn.answer(conn.next('mount'));
  await mounting;
  host.onNotification('event', event('s', 'list', 0, { refreshable: { id: 'old' } }));
  // the daemon restarted: a new connection serves the Host now
  host.conn = new FakeConnection();
  pending[0]();
  await tick();
  assert.equal(conn.sent.some((r) => r.method === 'callFunction'), false);
  assert.equal(host.conn.sent.length, 0);
  host.onNotification('event', event('s', 'list', 0, { refreshable: { id: 'new' } }));
  const current = host.conn;
  await host.close();
  pending[1]();
  await tick();
  assert.equal(current.sent.length, 0);
  assert.deepEqual(diagnostics, []);
});

test('refreshable: a refresh the host stopped (-32003: its node left the tree) is a warning, not an error', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, calls } = refreshHost(() => { throw new ModhostError({ code: -32003, message: 'Function failed: no refresh is in progress' }, 'callFunction'); });
  const warnings = [];
  host.clientDiagnostic = (severity, code, message, extra) => warnings.push({ severity, code, message, ...extra });
  await refreshable(async () => {}).eventListener({ id: 'r7' }, infoWith(host));
  assert.equal(calls.length, 1);
  assert.deepEqual(warnings.map((w) => [w.severity, w.code, w.node, w.modifier]), [['warning', 'refresh-not-running', 'list', 0]]);
  assert.match(warnings[0].message, /refresh 'r7' .* was no longer running when its function settled/);
  // and a function that rejected is still reported as such
  await assert.rejects(refreshable(async () => { throw new Error('offline'); }).eventListener({ id: 'r8' }, infoWith(host)),
    /rejected: offline \(refresh 'r8' was completed anyway\)/);
  assert.equal(warnings.length, 2);
});

// ---------------------------------------------------------------- routing

test('two modifiers of the same type on one node each get their own events', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, conn, diagnostics } = fakeHost();
  const calls = [];
  const tree = List(HStack({ key: 'row', modifiers: [
    onTapGesture(() => calls.push('single')),
    padding(4),
    onTapGesture(() => calls.push('double'), { count: 2 }),
  ] }, Text('x')));
  const mounting = host.mount('s', tree);
  conn.answer(conn.next('mount'));
  await mounting;
  host.onNotification('event', event('s', 'row', 2, { onTapGesture: {} }));
  host.onNotification('event', event('s', 'row', 0, { onTapGesture: {} }));
  assert.deepEqual(calls, ['double', 'single']);
  host.onNotification('event', event('s', 'row', 1, { onTapGesture: {} }));
  assert.deepEqual(diagnostics.map((d) => d.code), ['event-without-listener']);
});

test('onAppear during mount and update reaches the tree being mounted; onDisappear the tree before', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, conn, diagnostics } = fakeHost();
  const log = [];
  const row = (key, version) => HStack({ key, modifiers: [
    onAppear(({ node }) => log.push(`appear ${node} v${version}`)),
    onDisappear(({ node }) => log.push(`disappear ${node} v${version}`)),
  ] });
  const mounting = host.mount('s', List(row('a', 1), row('b', 1)));
  const mount = conn.next('mount');
  // the host sends onAppear before it answers: the surface does not exist yet on this side
  host.onNotification('event', event('s', '0', 0, { onAppear: {} })); // the List: no listener
  host.onNotification('event', event('s', 'a', 0, { onAppear: {} }));
  host.onNotification('event', event('s', 'b', 0, { onAppear: {} }));
  conn.answer(mount);
  const surface = await mounting;
  assert.deepEqual(log, ['appear a v1', 'appear b v1']);
  assert.deepEqual(diagnostics.map((d) => [d.code, d.node]), [['event-without-listener', '0']]);
  diagnostics.length = 0;

  // 'b' goes, 'b' comes back as another view type (a leave and an enter), 'c' is new
  const updating = surface.update(List(row('a', 2), VStack({ key: 'b', modifiers: [onAppear(() => log.push('appear b v2 (VStack)'))] }), row('c', 2)));
  const update = conn.next('update');
  host.onNotification('event', event('s', 'b', 1, { onDisappear: {} }));
  host.onNotification('event', event('s', 'b', 0, { onAppear: {} }));
  host.onNotification('event', event('s', 'c', 0, { onAppear: {} }));
  conn.answer(update, { created: 2, updated: 0, unchanged: 2, removed: 1 });
  await updating;
  assert.deepEqual(log.slice(2), ['disappear b v1', 'appear b v2 (VStack)', 'appear c v2']);

  // and the update's listeners are in force for the unmount's onDisappear
  const unmounting = surface.unmount();
  const unmount = conn.next('unmount');
  host.onNotification('event', event('s', 'a', 1, { onDisappear: {} }));
  host.onNotification('event', event('s', 'c', 1, { onDisappear: {} }));
  conn.answer(unmount);
  await unmounting;
  assert.deepEqual(log.slice(5), ['disappear a v2', 'disappear c v2']);
  assert.deepEqual(diagnostics, []);
  assert.equal(host.surfaces.has('s'), false);
  assert.equal(host.pendingTrees.size, 0);
});

test('pipelined updates: each one\'s events reach its own tree, even when read in one go', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, conn } = fakeHost();
  const log = [];
  const tree = (version, keys) => List(keys.map((key) => Text({ key, modifiers: [
    onAppear(() => log.push(`appear ${key} v${version}`)),
    onDisappear(() => log.push(`disappear ${key} v${version}`)),
  ] }, key)));
  const mounting = host.mount('s', tree(1, ['a']));
  conn.answer(conn.next('mount'));
  const surface = await mounting;
  const first = surface.update(tree(2, ['a', 'b']));
  const second = surface.update(tree(3, ['a', 'c']));
  const [u1, u2] = conn.sent.filter((r) => r.method === 'update');
  // one read: first's events, first's answer, second's events, second's answer; no microtask between
  host.onNotification('event', event('s', 'b', 0, { onAppear: {} }));
  conn.answer(u1);
  host.onNotification('event', event('s', 'b', 1, { onDisappear: {} }));
  host.onNotification('event', event('s', 'c', 0, { onAppear: {} }));
  conn.answer(u2);
  await Promise.all([first, second]);
  assert.deepEqual(log, ['appear b v2', 'disappear b v2', 'appear c v3']);
  assert.equal(surface.tree.children.map((c) => c.key).join(), 'a,c');
});

test('a failed mount or update leaves no listeners behind, and the old tree stays', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, conn } = fakeHost();
  const log = [];
  const mounting = host.mount('s', List(Text({ key: 'a', modifiers: [onTapGesture(() => log.push('old'))] })));
  conn.answer(conn.next('mount'));
  const surface = await mounting;
  const failing = surface.update(List(Text({ key: 'a', modifiers: [onTapGesture(() => log.push('new'))] })));
  conn.fail(conn.next('update'), new ModhostError({ code: -32602, message: 'bad', data: { path: 'root' } }, 'update'));
  await assert.rejects(failing, ModhostError);
  host.onNotification('event', event('s', 'a', 0, { onTapGesture: {} }));
  assert.deepEqual(log, ['old']);
  const other = host.mount('t', List());
  conn.fail(conn.next('mount'), new ModhostError({ code: -32602, message: 'bad' }, 'mount'));
  await assert.rejects(other, ModhostError);
  assert.equal(host.surfaces.has('t'), false);
  assert.equal(host.pendingTrees.size, 0);
});

// ---------------------------------------------------------------- callFunction and native modules

test('callFunction sends {module, function, args} and resolves with result; checks its arguments', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, conn } = fakeHost();
  const call = host.callFunction('ExpoUI', 'completeRefresh', ['r1']);
  const sent = conn.next('callFunction');
  assert.deepEqual(sent.params, { module: 'ExpoUI', function: 'completeRefresh', args: ['r1'] });
  conn.answer(sent, { result: { ok: [1, 2] } });
  assert.deepEqual(await call, { ok: [1, 2] });

  const noArgs = host.callFunction('M', 'f');
  const second = conn.next('callFunction');
  assert.deepEqual(second.params.args, []);
  conn.answer(second, { result: null });
  assert.equal(await noArgs, null);

  const failing = host.callFunction('ExpoUI', 'completeRefresh', ['nope']);
  conn.fail(conn.next('callFunction'), new ModhostError({ code: -32003, message: 'Function failed', data: { module: 'ExpoUI', function: 'completeRefresh', error: 'not refreshing' } }, 'callFunction'));
  await assert.rejects(failing, (e) => e instanceof ModhostError && e.code === -32003 && e.data.error === 'not refreshing');

  await assert.rejects(host.callFunction('', 'f'), { name: 'TypeError', message: /module must be a non-empty string/ });
  await assert.rejects(host.callFunction('M', 3), { name: 'TypeError', message: /function must be a non-empty string/ });
  await assert.rejects(host.callFunction('M', 'f', 'x'), { name: 'TypeError', message: /args must be an array/ });
});

test('requireNativeModule: functions by name, not a thenable, one object per module name', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, conn } = fakeHost();
  const ui = host.requireNativeModule('ExpoUI');
  assert.equal(host.requireNativeModule('ExpoUI'), ui);
  assert.notEqual(host.requireNativeModule('Other'), ui);
  assert.equal(ui.moduleName, 'ExpoUI');
  assert.equal(ui.then, undefined);
  assert.equal(typeof ui.completeRefresh, 'function');
  assert.equal(ui.completeRefresh, ui.completeRefresh);
  const call = ui.completeRefresh('r1');
  const sent = conn.next('callFunction');
  assert.deepEqual(sent.params, { module: 'ExpoUI', function: 'completeRefresh', args: ['r1'] });
  conn.answer(sent, { result: null });
  assert.equal(await call, null);
  assert.equal(await Promise.resolve(ui), ui, 'awaiting the module does not call a function named then');
  assert.throws(() => { ui.completeRefresh = () => {}; }, TypeError);
  assert.throws(() => host.requireNativeModule(''), TypeError);
});

test('module events reach the listeners of that module and event; remove() stops them; errors are reported', { timeout: TEST_TIMEOUT_MS }, () => {
  const { host, diagnostics } = fakeHost();
  const ui = host.requireNativeModule('ExpoUI');
  const other = host.requireNativeModule('Other');
  const heard = [];
  const raw = [];
  host.on('moduleEvent', (e) => raw.push(e));
  const a = ui.addListener('onChange', (payload) => heard.push(['a', payload]));
  const fn = (payload) => heard.push(['b', payload]);
  const b = ui.addListener('onChange', fn);
  other.addListener('onChange', (payload) => heard.push(['other', payload]));
  ui.addListener('onOther', (payload) => heard.push(['onOther', payload]));
  assert.equal(ui.listenerCount('onChange'), 2);

  host.onNotification('moduleEvent', { module: 'ExpoUI', event: 'onChange', payload: { n: 1 } });
  assert.deepEqual(heard, [['a', { n: 1 }], ['b', { n: 1 }]]);
  a.remove();
  a.remove(); // twice is harmless
  host.onNotification('moduleEvent', { module: 'ExpoUI', event: 'onChange', payload: { n: 2 } });
  assert.deepEqual(heard.slice(2), [['b', { n: 2 }]]);
  b.remove();
  assert.equal(ui.listenerCount('onChange'), 0);
  host.onNotification('moduleEvent', { module: 'ExpoUI', event: 'onChange', payload: { n: 3 } });
  host.onNotification('moduleEvent', { module: 'Nobody', event: 'onChange', payload: {} });
  assert.equal(heard.length, 3);
  assert.equal(raw.length, 4);

  ui.addListener('boom', () => { throw new Error('listener bug'); });
  ui.addListener('boom', (payload) => heard.push(['after boom', payload]));
  host.onNotification('moduleEvent', { module: 'ExpoUI', event: 'boom', payload: 7 });
  assert.deepEqual(heard.slice(3), [['after boom', 7]]);
  assert.deepEqual(diagnostics.map((d) => [d.code, d.source]), [['listener-threw', 'client']]);
  assert.match(diagnostics[0].message, /event 'boom' of module ExpoUI threw: listener bug/);

  ui.removeListener('onOther', () => {}); // not registered: nothing happens
  assert.equal(ui.listenerCount('onOther'), 1);
  ui.removeAllListeners();
  assert.equal(ui.listenerCount('onOther'), 0);
  assert.throws(() => ui.addListener('x', 'nope'), /listener must be a function/);
  assert.throws(() => ui.addListener('', () => {}), /eventName must be a non-empty string/);
});

// ---------------------------------------------------------------- style modifiers

test('style modifiers carry Expo UI\'s param names', { timeout: TEST_TIMEOUT_MS }, () => {
  assert.deepEqual(padding(), { $type: 'padding' });
  assert.deepEqual(padding(8), { $type: 'padding', all: 8 });
  assert.deepEqual(padding({ horizontal: 12, top: 4 }), { $type: 'padding', horizontal: 12, top: 4 });
  assert.deepEqual(frame({ width: 100, maxHeight: 40, alignment: 'topLeading' }), { $type: 'frame', width: 100, maxHeight: 40, alignment: 'topLeading' });
  assert.deepEqual(background('red'), { $type: 'background', color: 'red' });
  assert.deepEqual(background('#FF000080', shapes.roundedRectangle({ cornerRadius: 8 })),
    { $type: 'background', color: '#FF000080', shape: 'roundedRectangle', cornerRadius: 8 });
  assert.deepEqual(background('blue', shapes.capsule()), { $type: 'background', color: 'blue', shape: 'capsule' });
  assert.deepEqual(foregroundStyle('gray'), { $type: 'foregroundStyle', color: 'gray' });
  assert.deepEqual(tint('#0A84FF'), { $type: 'tint', color: '#0A84FF' });
  assert.deepEqual(font({ size: 17, weight: 'semibold', design: 'rounded' }), { $type: 'font', size: 17, weight: 'semibold', design: 'rounded' });
  assert.deepEqual(font({ family: 'Menlo' }), { $type: 'font', family: 'Menlo' });
  assert.deepEqual(opacity(0.5), { $type: 'opacity', value: 0.5 });
  assert.deepEqual(cornerRadius(12), { $type: 'cornerRadius', radius: 12 });
  assert.deepEqual(border({ color: 'gray' }), { $type: 'border', color: 'gray' });
  assert.deepEqual(border({ color: 'gray', width: 2 }), { $type: 'border', color: 'gray', width: 2 });
  assert.deepEqual(listRowBackground('yellow'), { $type: 'listRowBackground', color: 'yellow' });
  assert.deepEqual(badge(), { $type: 'badge' });
  assert.deepEqual(badge('new'), { $type: 'badge', value: 'new' });
  assert.deepEqual(badge(3), { $type: 'badge', value: '3' });
  assert.deepEqual(badge(0), { $type: 'badge' }, 'a count of 0 shows no badge, as in SwiftUI');
  // A flag left out is sent as nothing: the host's default (true) applies, as in Expo UI.
  assert.deepEqual(deleteDisabled(), { $type: 'deleteDisabled' });
  assert.deepEqual(deleteDisabled(false), { $type: 'deleteDisabled', disabled: false });
  assert.deepEqual(disabled(), { $type: 'disabled' });
  assert.deepEqual(hidden(), { $type: 'hidden' });
  assert.deepEqual(hidden(false), { $type: 'hidden', hidden: false });
  assert.deepEqual(contentShape(shapes.rectangle()), { $type: 'contentShape', shape: 'rectangle' });
  assert.deepEqual(contentShape(shapes.roundedRectangle({ cornerRadius: 4 })), { $type: 'contentShape', shape: 'roundedRectangle', cornerRadius: 4 });
  assert.deepEqual([shapes.circle(), shapes.capsule(), shapes.ellipse(), shapes.roundedRectangle()],
    [{ shape: 'circle' }, { shape: 'capsule' }, { shape: 'ellipse' }, { shape: 'roundedRectangle' }]);
  assert.deepEqual(contentShape('circle'), { $type: 'contentShape', shape: 'circle' });
});

test('style modifiers check their arguments with TypeErrors that say what is wrong', { timeout: TEST_TIMEOUT_MS }, () => {
  const cases = [
    [() => padding('8'), /padding: all must be a finite number, got "8"/],
    [() => padding({ all: '8' }), /padding: all must be a finite number, got "8"/],
    [() => padding({ left: 8 }), /padding: unknown option 'left' \(known: all, horizontal, vertical, top, bottom, leading, trailing; closest: 'all'\)/],
    [() => padding(Number.POSITIVE_INFINITY), /padding: all must be a finite number/],
    [() => frame({ width: -1 }), /frame: width must be >= 0, got -1/],
    [() => frame({ alignment: 'middle' }), /frame: alignment must be one of center, leading, trailing, top, bottom, topLeading, topTrailing, bottomLeading, bottomTrailing, got "middle"/],
    [() => frame({ size: 3 }), /frame: unknown option 'size'/],
    [() => background(), /background: color is required/],
    [() => background('red', 'star'), /background: shape must be one of rectangle, roundedRectangle, circle, capsule, ellipse, got "star"/],
    [() => background('red', 8), /background: shape must be one of rectangle, roundedRectangle, circle, capsule, ellipse, got number 8/],
    [() => background('red', { color: 'blue' }), /background: unknown option 'color'/],
    [() => foregroundStyle(''), /foregroundStyle: color must be a non-empty string/],
    [() => tint(null), /tint: color must be a non-empty string, got null/],
    [() => font({ weight: 'extraBold' }), /font: weight must be one of ultraLight, thin, light, regular, medium, semibold, bold, heavy, black/],
    [() => font({ design: 'sans' }), /font: design must be one of default, rounded, serif, monospaced/],
    [() => font({ size: '17' }), /font: size must be a finite number/],
    [() => font({ style: 'italic' }), /font: unknown option 'style'/],
    [() => opacity(1.5), /opacity: value must be <= 1, got 1.5/],
    [() => opacity(), /opacity: value is required/],
    [() => opacity(0.5, 1), /opacity: takes at most 1 argument, got 2/],
    [() => cornerRadius(-2), /cornerRadius: radius must be >= 0/],
    [() => border(), /border: color is required/],
    [() => border({ width: 2 }), /border: color is required/],
    [() => border({ color: '' }), /border: color must be a non-empty string/],
    [() => border({ color: 'red', width: 'thick' }), /border: width must be a finite number/],
    [() => listRowBackground(3), /listRowBackground: color must be a non-empty string, got number 3/],
    [() => badge({}), /badge: value must be a string or a number, got an object/],
    [() => badge(1.5), /badge: value must be an integer/],
    [() => deleteDisabled('yes'), /deleteDisabled: disabled must be a boolean/],
    [() => disabled(1), /disabled: disabled must be a boolean, got number 1/],
    [() => hidden(null), /hidden: hidden must be a boolean, got null/],
    [() => contentShape(), /contentShape: shape is required/],
    [() => contentShape({ shape: 'square' }), /contentShape: shape must be one of/],
    [() => contentShape({ shape: 'rectangle', radius: 2 }), /contentShape: unknown option 'radius'/],
    [() => shapes.roundedRectangle({ cornerRadius: -1 }), /shapes\.roundedRectangle: cornerRadius must be >= 0/],
  ];
  for (const [call, message] of cases) assert.throws(call, (e) => e instanceof TypeError && message.test(e.message), String(message));
});

// ---------------------------------------------------------------- views

test('ScrollView takes children; TextField takes props and no children', { timeout: TEST_TIMEOUT_MS }, () => {
  assert.ok(VIEW_TYPES.includes('ScrollView') && VIEW_TYPES.includes('TextField'));
  const field = TextField({ key: 'search', defaultValue: '', placeholder: 'Search', modifiers: [onSubmit(() => {})] });
  assert.deepEqual(serializeTree(ScrollView({ modifiers: [refreshable(async () => {})] }, VStack(Text('a')), field)).root, {
    type: 'ScrollView', modifiers: [{ $type: 'refreshable' }],
    children: [
      { type: 'VStack', children: [{ type: 'Text', props: { text: 'a' } }] },
      { type: 'TextField', key: 'search', props: { defaultValue: '', placeholder: 'Search' }, modifiers: [{ $type: 'onSubmit' }] },
    ],
  });
  assert.deepEqual(ScrollView('a', 'b').children, [{ type: 'Text', props: { text: 'a' } }, { type: 'Text', props: { text: 'b' } }]);
  assert.throws(() => TextField({ placeholder: 'x' }, Text('no')), /a TextField takes no child views/);
  assert.throws(() => TextField('text'), /takes no child views/);
});

test('Surface gesture shorthands send the new gestures', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, conn } = fakeHost();
  const mounting = host.mount('s', List());
  conn.answer(conn.next('mount'));
  const surface = await mounting;
  surface.tap('row');
  surface.tap('row', { count: 2 });
  surface.longPress('row', 0.8);
  surface.refresh('0');
  surface.submit('field');
  assert.deepEqual(conn.sent.filter((r) => r.method === 'interact').map((r) => r.params), [
    { gesture: 'tap', surface: 's', node: 'row' },
    { gesture: 'tap', count: 2, surface: 's', node: 'row' },
    { gesture: 'longPress', duration: 0.8, surface: 's', node: 'row' },
    { gesture: 'refresh', surface: 's', node: '0' },
    { gesture: 'submit', surface: 's', node: 'field' },
  ]);
});

test('every helper with options refuses an unknown key, naming the known ones and the closest', { timeout: TEST_TIMEOUT_MS }, () => {
  const fn = () => {};
  const cases = [
    [() => onTapGesture(fn, { cout: 1 }), "onTapGesture: unknown option 'cout' (known: count; closest: 'count')"],
    [() => onLongPressGesture(fn, { minimumDurations: 1 }), "onLongPressGesture: unknown option 'minimumDurations' (known: minimumDuration; closest: 'minimumDuration')"],
    [() => padding({ horizantal: 2 }), "padding: unknown option 'horizantal' (known: all, horizontal, vertical, top, bottom, leading, trailing; closest: 'horizontal')"],
    [() => frame({ maxWidht: 2 }), "frame: unknown option 'maxWidht' (known: width, height, minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight, alignment; closest: 'maxWidth')"],
    [() => font({ wieght: 'bold' }), "font: unknown option 'wieght' (known: family, size, weight, design; closest: 'weight')"],
    [() => border({ color: 'red', widht: 1 }), "border: unknown option 'widht' (known: color, width; closest: 'width')"],
    [() => shapes.roundedRectangle({ radius: 3 }), "shapes.roundedRectangle: unknown option 'radius' (known: cornerRadius; closest: 'cornerRadius')"],
    [() => background('red', { shape: 'circle', cornerRadus: 2 }), "background: unknown option 'cornerRadus' (known: shape, cornerRadius; closest: 'cornerRadius')"],
  ];
  for (const [call, message] of cases) {
    assert.throws(call, (e) => e instanceof TypeError && e.message === message && typeof e.suggestion === 'string', message);
  }
});
