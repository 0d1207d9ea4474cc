// Views' own events end to end, against a real modhostd (issue 26's host side). They run once
// the daemon lists Toggle among its views (the host change); before that each test is skipped
// with that reason.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  connect, List, VStack, HStack, Text, Button, TextField, Toggle, Slider, Section, Label, Image, onTapGesture, ModhostError, VIEW_SLOTS,
} from '../src/index.js';
import { withDaemon } from '../test-support/daemon.js';

const TEST_TIMEOUT_MS = 120_000;
const NO_VIEW_EVENTS = 'this modhostd has no views with events of their own yet (its initialize result lists no Toggle view)';

/** A daemon and a Connection to it; null (and the test skipped) when the daemon has no view events. */
async function session(t) {
  const env = await withDaemon();
  const connection = await connect({ socket: env.socket, clientName: 'modhost-js-view-events-test', reconnect: false });
  const diagnostics = [];
  connection.on('diagnostic', (d) => diagnostics.push(d));
  const done = async () => { await connection.close(); await env.cleanup(); };
  if (!connection.server.views.includes('Toggle')) {
    await done();
    t.skip(NO_VIEW_EVENTS);
    return null;
  }
  return { connection, diagnostics, done };
}

function find(node, id) {
  if (node.id === id) return node;
  for (const child of node.children ?? []) {
    const found = find(child, id);
    if (found) return found;
  }
  return undefined;
}

test('a tap on a Button runs its onPress before interact resolves; the snapshot lists its events', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const s = await session(t);
  if (!s) return;
  try {
    const presses = [];
    const surface = await s.connection.mount('main', List(
      Button({ key: 'go', label: 'Go', onPress: (...args) => presses.push(args.length) }, Text({ key: 'inside' }, 'Go')),
      Button({ key: 'plain', label: 'No action' }),
    ));
    const { root } = await surface.snapshot();
    assert.deepEqual(find(root, 'go').events, ['onPress']);
    assert.equal(find(root, 'plain').events, undefined);
    assert.deepEqual(await surface.tap('go'), { handled: true, node: 'go', view: 'Button' });
    assert.deepEqual(presses, [0]);
    // Content inside the Button: its action runs.
    assert.deepEqual(await surface.tap('inside'), { handled: true, node: 'go', view: 'Button' });
    assert.deepEqual(presses, [0, 0]);
    // A Button the front-end gave no action is not a tap handler.
    assert.equal((await surface.tap('plain')).handled, false);
    assert.deepEqual(s.diagnostics, []);
  } finally { await s.done(); }
});

test('an onTapGesture on the Button itself wins over its action, as in SwiftUI', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const s = await session(t);
  if (!s) return;
  try {
    const log = [];
    const surface = await s.connection.mount('main', VStack({ modifiers: [onTapGesture(() => log.push('ancestor'))] },
      Button({ key: 'go', label: 'Go', onPress: () => log.push('press'), modifiers: [onTapGesture(() => log.push('own tap'))] }),
      Button({ key: 'other', label: 'Other', onPress: () => log.push('other press') })));
    assert.deepEqual(await surface.tap('go'), { handled: true, node: 'go', modifier: 0 });
    assert.deepEqual(await surface.tap('other'), { handled: true, node: 'other', view: 'Button' });
    assert.deepEqual(log, ['own tap', 'other press']);
  } finally { await s.done(); }
});

test('the function of the latest tree runs after an update', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const s = await session(t);
  if (!s) return;
  try {
    const log = [];
    const tree = (n) => List(Button({ key: 'go', label: `Go ${n}`, onPress: () => log.push(n) }));
    const surface = await s.connection.mount('main', tree(1));
    await surface.tap('go');
    const counts = await surface.update(tree(2));
    assert.equal(counts.created + counts.removed, 0);
    await surface.tap('go');
    assert.deepEqual(log, [1, 2]);
  } finally { await s.done(); }
});

test('typing into a TextField sends onTextChange with the new text; submit sends onSubmit first', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const s = await session(t);
  if (!s) return;
  try {
    const log = [];
    const surface = await s.connection.mount('main', VStack(TextField({
      key: 'name', defaultValue: 'Ad', placeholder: 'Name',
      onTextChange: (text) => log.push(['change', text]), onSubmit: (text) => log.push(['submit', text]),
    })));
    assert.deepEqual(await surface.typeText('name', 'a'), { handled: true, node: 'name', view: 'TextField', value: 'Ada' });
    assert.deepEqual(await surface.typeText('name', 'Grace', { replace: true }), { handled: true, node: 'name', view: 'TextField', value: 'Grace' });
    const submitted = await surface.submit('name');
    assert.equal(submitted.handled, true);
    assert.deepEqual(submitted.handlers, [{ node: 'name', view: 'TextField' }]);
    assert.deepEqual(log, [['change', 'Ada'], ['change', 'Grace'], ['submit', 'Grace']]);
    const { root } = await surface.snapshot();
    assert.equal(find(root, 'name').value, 'Grace');
    assert.deepEqual(find(root, 'name').events, ['onTextChange', 'onSubmit']);
  } finally { await s.done(); }
});

test('a Toggle is controlled: a tap reports the flipped value; the next update shows isOn again', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const s = await session(t);
  if (!s) return;
  try {
    const seen = [];
    let isOn = false;
    const tree = () => List(HStack(Toggle({ key: 'wifi', isOn, label: 'Wi-Fi', onIsOnChange: (value) => seen.push(value) })));
    const surface = await s.connection.mount('main', tree());
    assert.deepEqual(await surface.tap('wifi'), { handled: true, node: 'wifi', view: 'Toggle', value: true });
    assert.deepEqual(seen, [true]);
    assert.equal(find((await surface.snapshot()).root, 'wifi').value, true);
    // The front-end did not store it: the update shows isOn (false) again.
    await surface.update(tree());
    assert.equal(find((await surface.snapshot()).root, 'wifi').value, false);
    isOn = true;
    await surface.update(tree());
    assert.equal(find((await surface.snapshot()).root, 'wifi').value, true);
  } finally { await s.done(); }
});

test('a Slider clamps and rounds to its step, and sends onValueChange', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const s = await session(t);
  if (!s) return;
  try {
    const seen = [];
    const surface = await s.connection.mount('main', VStack(Slider({ key: 'volume', value: 2, min: 0, max: 10, step: 1, onValueChange: (v) => seen.push(v) })));
    assert.deepEqual(await surface.slide('volume', 6.6), { handled: true, node: 'volume', view: 'Slider', value: 7 });
    assert.deepEqual(await surface.slide('volume', 42), { handled: true, node: 'volume', view: 'Slider', value: 10 });
    assert.deepEqual(seen, [7, 10]);
  } finally { await s.done(); }
});

test('SDK 58 names: a slide is an edit between onEditingChanged true and false; step 0 is continuous', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const s = await session(t);
  if (!s) return;
  try {
    const seen = [];
    const surface = await s.connection.mount('main', VStack(Slider({
      key: 'level', value: 2, min: 0, max: 10, step: 0, onValueChange: (v) => seen.push(['value', v]), onEditingChanged: (e) => seen.push(['editing', e]),
    })));
    assert.deepEqual(await surface.slide('level', 6.25), { handled: true, node: 'level', view: 'Slider', value: 6.25 });
    assert.deepEqual(seen, [['editing', true], ['value', 6.25], ['editing', false]]);
    assert.deepEqual(s.diagnostics, []);
  } finally { await s.done(); }
});

test('the names before SDK 58 still work, with one deprecated-name warning per connection', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const s = await session(t);
  if (!s) return;
  try {
    const seen = [];
    const row = (key) => Toggle({ key, isOn: false, label: key, onValueChange: (on) => seen.push([key, on]) });
    const surface = await s.connection.mount('main', VStack(row('a'), row('b')));
    const warnings = s.diagnostics.filter((d) => d.code === 'deprecated-name');
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0].path, 'root.children[0].events[0]');
    assert.equal(warnings[0].key, 'onValueChange');
    assert.match(warnings[0].replacement, /onIsOnChange/);
    await surface.tap('b');
    assert.deepEqual(seen, [['b', true]]);
    await s.connection.mount('other', VStack(row('c')));
    assert.equal(s.diagnostics.filter((d) => d.code === 'deprecated-name').length, 1, 'not again on this connection');
  } finally { await s.done(); }
});

test('an event name the view does not have is refused at its path', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const s = await session(t);
  if (!s) return;
  try {
    await assert.rejects(s.connection.mount('main', { type: 'VStack', children: [{ type: 'Button', events: ['onPress', 'onLongPress'] }] }),
      (error) => error instanceof ModhostError && error.code === -32602 && error.data?.path === 'root.children[0].events[1]');
  } finally { await s.done(); }
});

test('views in a host view\'s slot props are nodes whose events reach their functions; VIEW_SLOTS is what the host lists', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const s = await session(t);
  if (!s) return;
  try {
    const listed = Object.fromEntries(s.connection.server.viewInfo.filter((info) => info.slots && !info.plugin).map((info) => [info.name, info.slots]));
    assert.deepEqual(listed, VIEW_SLOTS);
    const presses = [];
    const surface = await s.connection.mount('main', List(
      Section({ key: 's', header: Button({ key: 'all', label: 'See all', onPress: () => presses.push('all') }), footer: 'Updated now' },
        Label({ key: 'mail', title: 'Mail', icon: Image({ systemName: 'envelope' }) }),
        Slider({ key: 'v', value: 0.5, label: Text('Volume') })),
    ));
    const { root } = await surface.snapshot();
    const section = root.children[0];
    assert.equal(section.slots.header.id, 'all');
    assert.deepEqual(section.props, { footer: 'Updated now' });
    assert.equal(find(section, 'mail').slots.icon.id, '0/0/0/icon', 'named by its place: the owner\'s index path and the prop');
    assert.equal(find(section, 'v').slots.label.props.text, 'Volume');
    assert.deepEqual(await surface.tap('all'), { handled: true, node: 'all', view: 'Button' });
    assert.deepEqual(presses, ['all']);
    assert.deepEqual(s.diagnostics, []);
    // A slot of a host view holds a view: anything else is refused before it is sent.
    assert.throws(() => Slider({ label: 'Volume' }), /Slider prop 'label' must be a view/);
  } finally { await s.done(); }
});
