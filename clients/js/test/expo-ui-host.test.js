// Integration tests of the ExpoUI plugin's modifiers, the new gestures, lifecycle events and
// module functions, against a real modhostd on a temporary socket (the wire design of issue 15).
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  connect, List, Section, HStack, VStack, ScrollView, Text, TextField, Spacer, ModhostError,
  onTapGesture, onLongPressGesture, onAppear, onDisappear, onSubmit, refreshable,
  padding, frame, background, foregroundStyle, font, opacity, cornerRadius, border,
  listRowBackground, badge, deleteDisabled, disabled, hidden, contentShape, shapes,
} from '../src/index.js';
import { withDaemon, once } from '../test-support/daemon.js';
import { withGreetingDaemon } from '../test-support/fixtures.js';

// Each test fails, by name, past this time rather than hanging the run (generous: a sanitized
// daemon on a loaded 2-core machine is slow).
const TEST_TIMEOUT_MS = 120_000;

async function session() {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, clientName: 'modhost-js-expo-ui-test', reconnect: false });
  const diagnostics = [];
  host.on('diagnostic', (d) => diagnostics.push(d));
  // Every callFunction this Host makes (refreshable's completeRefresh goes through it), with its outcome.
  const calls = [];
  const callFunction = host.callFunction.bind(host);
  host.callFunction = (module, fn, args) => {
    const promise = callFunction(module, fn, args);
    const call = { module, fn, args, promise, outcome: undefined };
    promise.then((result) => { call.outcome = { result }; }, (error) => { call.outcome = { error }; });
    calls.push(call);
    return promise;
  };
  return {
    ...env, host, diagnostics, calls,
    async done() {
      await host.close();
      await env.cleanup();
    },
  };
}

function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

/** Waits until `condition()` holds (checked after each turn of the event loop), at most `ms`. */
async function until(condition, what, ms = 5000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function find(node, id) {
  if (node.id === id) return node;
  for (const child of node.children ?? []) {
    const found = find(child, id);
    if (found) return found;
  }
  return undefined;
}

test('describe lists the ExpoUI module with completeRefresh, and its modifier types', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const described = await s.host.describe();
    const types = described.modifiers.map((m) => m.type);
    for (const type of ['onTapGesture', 'onLongPressGesture', 'onAppear', 'onDisappear', 'refreshable', 'onSubmit', 'padding', 'background', 'contentShape']) {
      assert.ok(types.includes(type), `modifier type ${type} in ${types.join(', ')}`);
    }
    assert.ok(Array.isArray(described.modules), 'describe has modules');
    const ui = described.modules.find((m) => m.name === 'ExpoUI');
    assert.ok(ui, JSON.stringify(described.modules));
    const complete = ui.functions.find((f) => f.name === 'completeRefresh');
    assert.ok(complete, JSON.stringify(ui.functions));
    assert.equal(complete.arguments.length, 1);
    assert.ok(s.host.server.views.includes('ScrollView') && s.host.server.views.includes('TextField'), s.host.server.views.join(', '));
  } finally { await s.done(); }
});

test('tap on a row with onTapGesture runs its fn before interact resolves; a stack\'s empty space needs a contentShape', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const taps = [];
    const row = (key, ...modifiers) => HStack({ key, modifiers: [onTapGesture((info) => taps.push(info)), ...modifiers] },
      Text({ key: `${key}-subject` }, `Subject ${key}`), Spacer());
    const surface = await s.host.mount('mail', List(row('m1'), row('m2', contentShape(shapes.rectangle()))));

    // aimed at the row's text: the row's handler runs
    const onText = await surface.tap('m1-subject');
    assert.deepEqual(onText, { handled: true, node: 'm1', modifier: 0 });
    assert.deepEqual(taps, [{ surface: 'mail', node: 'm1', modifier: 0, type: 'onTapGesture' }]);

    // aimed at the row itself: its empty space takes no taps without a contentShape
    const onEmpty = await surface.tap('m1');
    assert.equal(onEmpty.handled, false);
    assert.match(onEmpty.reason, /contentShape/);
    assert.equal(taps.length, 1);

    // with one, it does
    const shaped = await surface.tap('m2');
    assert.deepEqual(shaped, { handled: true, node: 'm2', modifier: 0 });
    assert.deepEqual(taps.map((t) => t.node), ['m1', 'm2']);
    assert.deepEqual(s.diagnostics, []);
  } finally { await s.done(); }
});

test('tap counts: a double tap runs the count-2 handler, each of two onTapGesture on one node gets its own events', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const log = [];
    const surface = await s.host.mount('main', VStack({ key: 'card', modifiers: [
      onTapGesture(() => log.push('single')),
      onTapGesture(() => log.push('double'), { count: 2 }),
    ] }, Text({ key: 'title' }, 'Card')));
    const once = await surface.tap('title');
    assert.deepEqual(once, { handled: true, node: 'card', modifier: 0 });
    const twice = await surface.tap('title', { count: 2 });
    assert.deepEqual(twice, { handled: true, node: 'card', modifier: 1 });
    assert.deepEqual(log, ['single', 'double']);
    const thrice = await surface.tap('title', { count: 3 });
    assert.equal(thrice.handled, false);
    assert.equal(typeof thrice.reason, 'string');
    assert.deepEqual(log, ['single', 'double']);
    const { root } = await surface.snapshot();
    assert.deepEqual(root.handlers, ['tap']);
  } finally { await s.done(); }
});

test('a long press shorter than minimumDuration does not run the handler; a long enough one does', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const presses = [];
    const surface = await s.host.mount('main', List(HStack({ key: 'row', modifiers: [
      onLongPressGesture((info) => presses.push(info.node), { minimumDuration: 0.5 }),
    ] }, Text({ key: 'label' }, 'Hold me'))));
    const short = await surface.longPress('label', 0.2);
    assert.equal(short.handled, false);
    assert.match(short.reason, /0\.2/);
    assert.match(short.reason, /0\.5/);
    assert.deepEqual(presses, []);
    const long = await surface.longPress('label', 0.5);
    assert.deepEqual(long, { handled: true, node: 'row', modifier: 0 });
    assert.deepEqual(presses, ['row']);
    // a tap is not a long press
    assert.equal((await surface.tap('label')).handled, false);
    assert.deepEqual(presses, ['row']);
  } finally { await s.done(); }
});

test('onAppear and onDisappear run on mount, update and unmount, in the documented order, before each resolves', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const log = [];
    const node = (View, key, ...children) => View({ key, modifiers: [
      onAppear(() => log.push(`appear ${key}`)),
      onDisappear(() => log.push(`disappear ${key}`)),
    ] }, ...children);
    const surface = await s.host.mount('main', node(List, 'list', node(Text, 'a', 'A'), node(Text, 'b', 'B')));
    assert.deepEqual(log, ['appear list', 'appear a', 'appear b']);

    log.length = 0;
    // b leaves, c and d come, a stays
    await surface.update(node(List, 'list', node(Text, 'a', 'A'), node(Text, 'c', 'C'), node(Text, 'd', 'D')));
    assert.deepEqual(log, ['disappear b', 'appear c', 'appear d']);

    log.length = 0;
    // d keeps its key but changes its view type: a leave and an enter
    await surface.update(node(List, 'list', node(Text, 'a', 'A'), node(Text, 'c', 'C'), node(HStack, 'd', 'D')));
    assert.deepEqual(log, ['disappear d', 'appear d']);

    log.length = 0;
    await surface.update(node(List, 'list', node(Text, 'a', 'A edited'), node(Text, 'c', 'C'), node(HStack, 'd', 'D')));
    assert.deepEqual(log, [], 'an updated node neither leaves nor enters');

    await surface.unmount();
    assert.deepEqual(log, ['disappear list', 'disappear a', 'disappear c', 'disappear d']);
    assert.deepEqual(s.diagnostics, []);
  } finally { await s.done(); }
});

test('refreshable: refresh runs fn, the List shows refreshing while it is pending, the client completes it', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    let pending = deferred();
    const runs = [];
    let inbox = ['m1'];
    const screen = () => List({ key: 'inbox', modifiers: [refreshable((info) => { runs.push(info); return pending.promise; })] },
      inbox.map((id) => Text({ key: id }, `message ${id}`)));
    const surface = await s.host.mount('mail', screen());
    let { root } = await surface.snapshot();
    assert.equal(root.refreshing, false);
    assert.deepEqual(root.handlers, ['refresh']);

    const started = await surface.refresh('inbox');
    assert.equal(started.handled, true);
    assert.equal(started.node, 'inbox');
    assert.equal(started.modifier, 0);
    assert.equal(started.refreshing, true);
    assert.equal(runs.length, 1, 'fn ran before interact resolved');
    assert.equal(runs[0].node, 'inbox');
    assert.equal(typeof runs[0].id, 'string');
    ({ root } = await surface.snapshot());
    assert.equal(root.refreshing, true, 'refreshing while fn is pending');
    assert.deepEqual(s.calls, [], 'not completed while fn is pending');

    // a refresh of a node already refreshing is not handled
    const again = await surface.refresh('inbox');
    assert.equal(again.handled, false);
    assert.equal(runs.length, 1);

    // fn adds a message and settles; the client calls completeRefresh(id) itself, once
    inbox = ['m0', ...inbox];
    pending.resolve();
    await until(() => s.calls.length === 1 && s.calls[0].outcome, 'completeRefresh to be called and answered');
    assert.deepEqual(s.calls.map((c) => [c.module, c.fn, c.args]), [['ExpoUI', 'completeRefresh', [runs[0].id]]]);
    assert.deepEqual(s.calls[0].outcome, { result: null });
    await surface.update(screen());
    ({ root } = await surface.snapshot());
    assert.equal(root.refreshing, false);
    assert.deepEqual(root.children.map((c) => c.key), ['m0', 'm1']);

    // a rejected fn is reported, and the refresh is completed all the same
    pending = deferred();
    await surface.refresh('inbox');
    pending.reject(new Error('offline'));
    await until(() => s.calls.length === 2 && s.calls[1].outcome, 'the second completeRefresh');
    assert.deepEqual(s.calls[1].outcome, { result: null });
    await until(() => s.diagnostics.length > 0, 'the listener-threw diagnostic');
    assert.deepEqual(s.diagnostics.map((d) => [d.source, d.code, d.node]), [['client', 'listener-threw', 'inbox']]);
    assert.match(s.diagnostics[0].message, /offline/);
    ({ root } = await surface.snapshot());
    assert.equal(root.refreshing, false);
    // and completing it once more fails: it was completed exactly once
    await assert.rejects(s.host.requireNativeModule('ExpoUI').completeRefresh(runs[1].id), (e) => e instanceof ModhostError && e.code === -32003);
  } finally { await s.done(); }
});

test('refreshable: when the List leaves the tree mid-refresh, the host stops the refresh and the client says so with a warning', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const pending = deferred();
    const list = List({ key: 'inbox', modifiers: [refreshable(() => pending.promise)] }, Text({ key: 'm1' }, 'message'));
    const surface = await s.host.mount('mail', VStack({ key: 'page' }, list));
    assert.equal((await surface.refresh('inbox')).handled, true);
    await surface.update(VStack({ key: 'page' }, Text({ key: 'empty' }, 'No mail')));
    pending.resolve();
    await until(() => s.calls.length === 1 && s.calls[0].outcome, 'completeRefresh');
    assert.equal(s.calls[0].outcome.error?.code, -32003);
    await until(() => s.diagnostics.length > 0, 'the warning');
    assert.deepEqual(s.diagnostics.map((d) => [d.source, d.severity, d.code, d.node]), [['client', 'warning', 'refresh-not-running', 'inbox']]);
  } finally { await s.done(); }
});

test('refreshable on a ScrollView, reached from an ancestor; refresh on a view that is not a List or ScrollView is not handled', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const runs = [];
    const surface = await s.host.mount('main', VStack({ key: 'page', modifiers: [refreshable(async (info) => { runs.push(info.node); })] },
      ScrollView({ key: 'scroll' }, Text({ key: 'body' }, 'Body'))));
    const result = await surface.refresh('scroll');
    assert.equal(result.handled, true);
    assert.equal(result.node, 'page');
    assert.deepEqual(runs, ['page']);
    await until(() => s.calls.length === 1 && s.calls[0].outcome, 'completeRefresh');
    const { root } = await surface.snapshot();
    assert.equal(find(root, 'scroll').refreshing, false);
    const onText = await surface.interact('body', { gesture: 'refresh' });
    assert.equal(onText.handled, false);
    assert.equal(typeof onText.reason, 'string');
    assert.deepEqual(runs, ['page']);
  } finally { await s.done(); }
});

test('requireNativeModule(\'ExpoUI\').completeRefresh(\'nope\') rejects with -32003 Function failed; unknown names with -32602', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const ui = s.host.requireNativeModule('ExpoUI');
    await assert.rejects(ui.completeRefresh('nope'), (e) => {
      assert.ok(e instanceof ModhostError);
      assert.equal(e.code, -32003);
      assert.match(e.message, /^Function failed\b/);
      assert.equal(e.method, 'callFunction');
      assert.equal(e.data.module, 'ExpoUI');
      assert.equal(e.data.function, 'completeRefresh');
      assert.equal(typeof e.data.error, 'string');
      return true;
    });
    await assert.rejects(ui.noSuchFunction(), (e) => e instanceof ModhostError && e.code === -32602 && e.data.path === 'function' && e.data.known.includes('completeRefresh'));
    await assert.rejects(s.host.requireNativeModule('NoSuchModule').anything(), (e) => e instanceof ModhostError && e.code === -32602 && e.data.path === 'module' && e.data.known.includes('ExpoUI'));
    await assert.rejects(ui.completeRefresh(), (e) => e.code === -32602 && e.data.path === 'args');
    await assert.rejects(ui.completeRefresh(7), (e) => e.code === -32602 && e.data.path === 'args[0]');
    await assert.rejects(s.host.callFunction('ExpoUI', 'completeRefresh', ['nope']), (e) => e.code === -32003);
  } finally { await s.done(); }
});

test('style modifiers show in the snapshot\'s styles, in order; disabled and hidden show and stop gestures', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const taps = [];
    const surface = await s.host.mount('main', List(
      Text({ key: 'styled', modifiers: [
        padding(8),
        padding({ all: 4, top: 10 }),
        padding(),
        frame({ width: 120, alignment: 'leading' }),
        // a fixed and a flexible size: SwiftUI's two frames, the fixed one first
        frame({ height: 30, maxWidth: 200 }),
        background('#336699', shapes.roundedRectangle({ cornerRadius: 6 })),
        foregroundStyle('#FFFFFF'),
        font({ size: 17, weight: 'semibold', design: 'rounded' }),
        opacity(0.5),
        cornerRadius(4),
        border({ color: '#000000' }),
        listRowBackground('#FFEEDD80'),
        badge(3),
        deleteDisabled(),
        contentShape(shapes.capsule()),
      ] }, 'Styled'),
      HStack({ key: 'off', modifiers: [disabled(), onTapGesture(() => taps.push('off'))] }, Text({ key: 'off-text' }, 'Disabled')),
      HStack({ key: 'gone', modifiers: [hidden(), onTapGesture(() => taps.push('gone'))] }, Text({ key: 'gone-text' }, 'Hidden')),
      Text({ key: 'plain' }, 'Plain'),
    ));
    const { root } = await surface.snapshot();
    const styled = find(root, 'styled');
    assert.deepEqual(styled.styles, [
      { $style: 'padding', top: 8, leading: 8, bottom: 8, trailing: 8 },
      { $style: 'padding', top: 10, leading: 4, bottom: 4, trailing: 4 },
      { $style: 'padding', top: 16, leading: 16, bottom: 16, trailing: 16 },
      { $style: 'frame', width: 120, alignment: 'leading' },
      { $style: 'frame', height: 30, alignment: 'center' },
      { $style: 'frame', maxWidth: 200, alignment: 'center' },
      { $style: 'background', color: '#336699FF', shape: 'roundedRectangle', cornerRadius: 6 },
      { $style: 'foregroundStyle', color: '#FFFFFFFF' },
      { $style: 'font', size: 17, weight: 'semibold', design: 'rounded' },
      { $style: 'opacity', value: 0.5 },
      { $style: 'cornerRadius', radius: 4 },
      { $style: 'border', color: '#000000FF', width: 1 },
      { $style: 'listRowBackground', color: '#FFEEDD80' },
      { $style: 'badge', value: '3' },
      { $style: 'deleteDisabled', disabled: true },
      { $style: 'contentShape', shape: 'capsule' },
    ]);
    // members come in the documented order: ... tint, styles, handlers, ... before swipeActions/children
    const off = find(root, 'off');
    assert.equal(off.disabled, true);
    assert.equal(find(root, 'off-text').disabled, true, 'disabled is inherited');
    assert.deepEqual(off.handlers, ['tap']);
    const gone = find(root, 'gone');
    assert.equal(gone.hidden, true);
    assert.equal('hidden' in find(root, 'gone-text'), false, 'hidden is on the node itself only');
    const plain = find(root, 'plain');
    for (const member of ['styles', 'disabled', 'hidden', 'refreshing']) {
      assert.equal(plain[member] === undefined || (Array.isArray(plain[member]) && plain[member].length === 0), true, `${member} on a plain node: ${JSON.stringify(plain)}`);
    }
    // gestures in a disabled or hidden subtree are not handled
    const tapOff = await surface.tap('off-text');
    assert.equal(tapOff.handled, false);
    assert.equal(typeof tapOff.reason, 'string');
    assert.equal((await surface.tap('gone-text')).handled, false);
    assert.deepEqual(taps, []);
  } finally { await s.done(); }
});

test('submit on a TextField runs every onSubmit from the field up to the root, innermost first', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const log = [];
    const surface = await s.host.mount('main', VStack({ key: 'form', modifiers: [onSubmit(() => log.push('form'))] },
      Section({ key: 'section' },
        TextField({ key: 'search', defaultValue: 'modhost', placeholder: 'Search', modifiers: [onSubmit((info) => log.push(`field ${info.node}`))] }))));
    const { root } = await surface.snapshot();
    const field = find(root, 'search');
    assert.deepEqual(field.props, { defaultValue: 'modhost', placeholder: 'Search' });
    const result = await surface.submit('search');
    assert.deepEqual(result, { handled: true, handlers: [{ node: 'search', modifier: 0 }, { node: 'form', modifier: 0 }] });
    assert.deepEqual(log, ['field search', 'form']);
    assert.deepEqual(s.diagnostics, []);
  } finally { await s.done(); }
});

test('a plugin module through requireNativeModule: Function, AsyncFunction, and its events at every Host', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const env = await withGreetingDaemon(t);
  if (env === null) return;
  const host = await connect({ socket: env.socket, reconnect: false });
  const other = await connect({ socket: env.socket, reconnect: false });
  try {
    const described = await host.describe();
    const module = described.modules.find((m) => m.name === 'Greeting');
    assert.ok(module, JSON.stringify(described.modules));
    assert.deepEqual(module.events, ['onGreet']);
    assert.deepEqual(module.functions.map((f) => [f.name, f.async]), [['greet', false], ['echo', false], ['greetLater', true]]);

    const greeting = host.requireNativeModule('Greeting');
    const heard = [];
    const heardByOther = [];
    const raw = [];
    host.on('moduleEvent', (e) => raw.push(e));
    const subscription = greeting.addListener('onGreet', (payload) => heard.push(payload));
    other.requireNativeModule('Greeting').addListener('onGreet', (payload) => heardByOther.push(payload));
    const otherHeard = once(other, 'moduleEvent');

    assert.equal(await greeting.greet('Ada'), 'Hello, Ada');
    // the event comes before the answer to the Host that called, and to every other Host too
    assert.deepEqual(heard, [{ name: 'Ada' }]);
    assert.deepEqual(raw, [{ module: 'Greeting', event: 'onGreet', payload: { name: 'Ada' } }]);
    await otherHeard;
    assert.deepEqual(heardByOther, [{ name: 'Ada' }]);

    subscription.remove();
    assert.equal(await host.callFunction('Greeting', 'greet', ['Grace']), 'Hello, Grace');
    assert.deepEqual(heard, [{ name: 'Ada' }], 'a removed listener hears nothing');
    assert.equal(raw.length, 2);

    // an AsyncFunction answers when it completes; other requests are answered meanwhile
    const later = greeting.greetLater('Alan', 200);
    const order = [];
    later.then(() => order.push('function'), () => {});
    assert.deepEqual(await host.ping(), {});
    order.push('ping');
    assert.equal(await later, 'Hello later, Alan');
    assert.deepEqual(order, ['ping', 'function'], 'the ping was answered before the async function');

    // bench/run's call round trip: the string comes back whole, escapes and all
    const text = `${'x'.repeat(2000)} "quoted" \u00e9 \u{1F600}`;
    assert.equal(await greeting.echo(text), text);
    await assert.rejects(greeting.echo(), (e) => e instanceof ModhostError && e.code === -32602 && e.data.path === 'args');

    await assert.rejects(greeting.greet(3), (e) => e instanceof ModhostError && e.code === -32602 && e.data.path === 'args[0]');
    await assert.rejects(greeting.greetLater('x'), (e) => e instanceof ModhostError && e.code === -32602 && e.data.path === 'args');
  } finally {
    await host.close();
    await other.close();
    await env.cleanup();
  }
});
