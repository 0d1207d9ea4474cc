// Unit tests (no daemon) of views' own events: the serializer takes event functions out of the
// props into `events`, and a Connection routes a view event notification (with `view`, without
// `modifier`) to the function of the surface's latest tree.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  h, List, HStack, Text, Button, TextField, Toggle, Slider, Image, serializeTree, onTapGesture,
  VIEW_TYPES, VIEW_EVENTS, knownViewProps,
} from '../src/index.js';
import { fakeHost } from '../test-support/fake-host.js';

const TEST_TIMEOUT_MS = 120_000;

function viewEvent(surface, node, view, payload) {
  return { surface, node, view, payload };
}

async function mounted(tree) {
  const fake = fakeHost();
  const mounting = fake.host.mount('s', tree);
  fake.conn.answer(fake.conn.next('mount'));
  return { ...fake, surface: await mounting };
}

test('event props move into the node\'s events, in the view\'s order, and never reach the wire', { timeout: TEST_TIMEOUT_MS }, () => {
  const press = () => {};
  const change = () => {};
  const submit = () => {};
  const { root, events } = serializeTree(List(
    Button({ key: 'go', label: 'Go', role: 'destructive', onPress: press }),
    TextField({ key: 'name', defaultValue: 'Ada', onSubmit: submit, onTextChange: change }),
    Toggle({ isOn: true, label: 'Wi-Fi', onIsOnChange: change }),
    Slider({ value: 0.5, step: 0.1, onValueChange: change }),
    Button({ label: 'No action' }),
  ));
  assert.deepEqual(root, {
    type: 'List',
    children: [
      { type: 'Button', key: 'go', props: { label: 'Go', role: 'destructive' }, events: ['onPress'] },
      { type: 'TextField', key: 'name', props: { defaultValue: 'Ada' }, events: ['onTextChange', 'onSubmit'] },
      { type: 'Toggle', props: { isOn: true, label: 'Wi-Fi' }, events: ['onIsOnChange'] },
      { type: 'Slider', props: { value: 0.5, step: 0.1 }, events: ['onValueChange'] },
      { type: 'Button', props: { label: 'No action' } },
    ],
  });
  assert.equal(events.get('go').get('onPress'), press);
  assert.equal(events.get('name').get('onSubmit'), submit);
  assert.equal(events.get('name').get('onTextChange'), change);
  assert.equal(events.get('0/2').get('onIsOnChange'), change);
  assert.deepEqual([...events.keys()], ['go', 'name', '0/2', '0/3']);
  // A Button whose only prop is its action sends no props.
  assert.deepEqual(serializeTree(Button({ onPress: press }, 'Go')).root,
    { type: 'Button', events: ['onPress'], children: [{ type: 'Text', props: { text: 'Go' } }] });
});

test('a hand-written node\'s event props are taken out the same way', { timeout: TEST_TIMEOUT_MS }, () => {
  const press = () => {};
  const { root, events } = serializeTree({ type: 'Button', key: 'b', props: { label: 'Go', onPress: press } });
  assert.deepEqual(root, { type: 'Button', key: 'b', props: { label: 'Go' }, events: ['onPress'] });
  assert.equal(events.get('b').get('onPress'), press);
});

test('any other function-valued prop is a TypeError naming it', { timeout: TEST_TIMEOUT_MS }, () => {
  const fn = () => {};
  assert.throws(() => Text({ onPress: fn }, 'x'), (e) => e instanceof TypeError && /h\(Text\): prop 'onPress' is a function, but Text has no event 'onPress' \(Text has no events of its own\)/.test(e.message));
  assert.throws(() => Button({ onTap: fn }), (e) => e instanceof TypeError && /prop 'onTap' is a function, but Button has no event 'onTap' \(its events are onPress\)/.test(e.message));
  assert.throws(() => Image({ systemName: 'star', onTap: fn }), /prop 'onTap' is a function, but Image has no event 'onTap' \(its events are onPress\)/);
  // Hand-written: the place in the tree is named.
  assert.throws(() => serializeTree({ type: 'List', children: [{ type: 'HStack', props: { onSwipe: fn } }] }),
    (e) => e instanceof TypeError && e.message.startsWith("root.children[0].props: prop 'onSwipe' is a function"));
  assert.throws(() => serializeTree({ type: 'HStack', props: { style: { color: fn } } }), /prop 'style' contains a function/);
  // An event prop that is not a function.
  assert.throws(() => Button({ onPress: 'go' }), /Button prop 'onPress' must be a function, got "go"/);
});

test('Toggle and Slider are leaf views with checked props', { timeout: TEST_TIMEOUT_MS }, () => {
  assert.ok(VIEW_TYPES.includes('Toggle') && VIEW_TYPES.includes('Slider'));
  // SDK 58's names first, then the names before it.
  assert.deepEqual(VIEW_EVENTS.Toggle, ['onIsOnChange', 'onValueChange']);
  assert.deepEqual(VIEW_EVENTS.Slider, ['onValueChange', 'onEditingChanged']);
  assert.deepEqual(Toggle({ key: 't', isOn: false, label: 'On' }), { type: 'Toggle', key: 't', props: { isOn: false, label: 'On' } });
  assert.deepEqual(Slider({ value: 3, min: 0, max: 10, step: 1 }), { type: 'Slider', props: { value: 3, min: 0, max: 10, step: 1 } });
  // SDK 58: a Toggle's children are its title (text becomes its label).
  assert.deepEqual(Toggle({ isOn: true }, 'Wi-Fi'), { type: 'Toggle', props: { isOn: true, label: 'Wi-Fi' } });
  assert.deepEqual(Toggle({ key: 't' }, Text('Wi-Fi'), Text('Home')), {
    type: 'Toggle', key: 't', children: [{ type: 'Text', props: { text: 'Wi-Fi' } }, { type: 'Text', props: { text: 'Home' } }],
  });
  assert.throws(() => Slider('5'), /a Slider takes no child views/);
  assert.throws(() => Toggle({ isOn: 'yes' }), /Toggle prop 'isOn' must be a boolean, got "yes"/);
  assert.throws(() => Slider({ step: -1 }), /Slider prop 'step' must be a number >= 0 \(0: continuous\), got number -1/);
  // Expo UI SDK 58: step 0 is a continuous slider.
  assert.deepEqual(Slider({ step: 0 }), { type: 'Slider', props: { step: 0 } });
  assert.deepEqual(Toggle({ systemImage: 'wifi', testID: 'wifi' }), { type: 'Toggle', props: { systemImage: 'wifi', testID: 'wifi' } });
  assert.throws(() => Slider({ value: Number.NaN }), /Slider prop 'value' must be a finite number/);
});

test('a Text with Text children has them as segments, its strings too, in order', { timeout: TEST_TIMEOUT_MS }, () => {
  const bold = { $type: 'bold' };
  assert.deepEqual(Text('Hello ', Text({ modifiers: [bold] }, 'world'), '!'), {
    type: 'Text',
    children: [
      { type: 'Text', props: { text: 'Hello ' } },
      { type: 'Text', props: { text: 'world' }, modifiers: [bold] },
      { type: 'Text', props: { text: '!' } },
    ],
  });
  assert.throws(() => Text('a', Image({ systemName: 'star' })), /a Text's child views are its segments, each a Text, got a Image/);
});

test('views whose props the protocol lists refuse unknown props, naming the known ones and the closest', { timeout: TEST_TIMEOUT_MS }, () => {
  assert.throws(() => Button({ lable: 'Go' }), (e) => e instanceof TypeError
    && e.message === "h(Button): unknown Button prop 'lable' (known: label, role, systemImage, onPress, testID; closest: 'label')"
    && e.key === 'lable' && e.suggestion === 'label');
  assert.throws(() => TextField({ text: 'old name' }), /^TypeError: h\(TextField\): unknown TextField prop 'text' \(known: defaultValue, placeholder, onTextChange, onChangeText, onSubmit, testID; closest: '\w+'\)$/);
  assert.throws(() => Toggle({ isOnn: true }), /unknown Toggle prop 'isOnn'.*closest: 'isOn'/);
  assert.throws(() => Slider({ maximum: 3 }), /unknown Slider prop 'maximum'.*closest: 'max'/);
  assert.throws(() => serializeTree({ type: 'Button', props: { rol: 'cancel' } }), /^TypeError: root\.props: unknown Button prop 'rol'.*closest: 'role'/);
  assert.throws(() => Button({ role: 'danger' }), /Button prop 'role' must be 'default', 'cancel', 'destructive', 'close', got "danger"/);
  for (const role of ['default', 'cancel', 'destructive', 'close']) assert.deepEqual(Button({ role }), { type: 'Button', props: { role } });
  // Views whose props the protocol does not list pass theirs through.
  assert.deepEqual(HStack({ alignmnt: 'centre' }), { type: 'HStack', props: { alignmnt: 'centre' } });
  assert.deepEqual(knownViewProps('Button'), ['label', 'role', 'systemImage', 'onPress', 'testID']);
  assert.equal(knownViewProps('HStack'), undefined);
  // undefined and null count as absent.
  assert.deepEqual(Button({ label: 'x', role: undefined, onPress: null }), { type: 'Button', props: { label: 'x' } });
});

test('a view event calls the function of the surface\'s tree with the payload\'s value; onPress with nothing', { timeout: TEST_TIMEOUT_MS }, async () => {
  const calls = [];
  const { host, diagnostics } = await mounted(List(
    Button({ key: 'go', label: 'Go', onPress: (...args) => calls.push(['press', args.length]) }),
    TextField({ key: 'name', onTextChange: (text) => calls.push(['change', text]), onSubmit: (text) => calls.push(['submit', text]) }),
    Toggle({ key: 'wifi', isOn: false, onIsOnChange: (on) => calls.push(['toggle', on]), onValueChange: (on) => calls.push(['old toggle', on]) }),
    Slider({ value: 0, onValueChange: (value) => calls.push(['slide', value]), onEditingChanged: (editing) => calls.push(['editing', editing]) }),
  ));
  host.onNotification('event', viewEvent('s', 'go', 'Button', { onPress: {} }));
  host.onNotification('event', viewEvent('s', 'name', 'TextField', { onTextChange: { value: 'Ad' } }));
  host.onNotification('event', viewEvent('s', 'name', 'TextField', { onSubmit: { value: 'Ada' } }));
  // Each event's one member, unwrapped, as Expo UI calls its callbacks.
  host.onNotification('event', viewEvent('s', 'wifi', 'Toggle', { onIsOnChange: { isOn: true } }));
  host.onNotification('event', viewEvent('s', 'wifi', 'Toggle', { onValueChange: { value: true } }));
  host.onNotification('event', viewEvent('s', '0/3', 'Slider', { onEditingChanged: { isEditing: true } }));
  host.onNotification('event', viewEvent('s', '0/3', 'Slider', { onValueChange: { value: 0.5 } }));
  assert.deepEqual(calls, [['press', 0], ['change', 'Ad'], ['submit', 'Ada'], ['toggle', true], ['old toggle', true], ['editing', true], ['slide', 0.5]]);
  assert.deepEqual(diagnostics, []);
});

test('a view event goes to the function of the latest tree the host accepted', { timeout: TEST_TIMEOUT_MS }, async () => {
  const calls = [];
  const { host, conn, surface } = await mounted(Button({ key: 'go', onPress: () => calls.push('first') }));
  const updating = surface.update(Button({ key: 'go', onPress: () => calls.push('second') }));
  // Not answered yet: the host still has the first tree.
  host.onNotification('event', viewEvent('s', 'go', 'Button', { onPress: {} }));
  conn.answer(conn.next('update'), { created: 0, updated: 0, unchanged: 0, removed: 0 });
  await updating;
  host.onNotification('event', viewEvent('s', 'go', 'Button', { onPress: {} }));
  // A refused update keeps the functions of the tree before it.
  const refused = surface.update(Button({ key: 'go', onPress: () => calls.push('refused') }));
  conn.fail(conn.next('update'), new Error('no'));
  await assert.rejects(refused);
  host.onNotification('event', viewEvent('s', 'go', 'Button', { onPress: {} }));
  assert.deepEqual(calls, ['first', 'second', 'second']);
});

test('view events without a function, with a bad payload, or whose function throws are diagnostics', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { host, diagnostics } = await mounted(List(
    Button({ key: 'plain', label: 'x' }),
    Button({ key: 'boom', onPress: () => { throw new Error('kaboom'); } }),
    Button({ key: 'later', onPress: async () => { throw new Error('later kaboom'); } }),
  ));
  host.onNotification('event', viewEvent('s', 'plain', 'Button', { onPress: {} }));
  host.onNotification('event', viewEvent('s', 'boom', 'Button', { onPress: {}, extra: {} }));
  host.onNotification('event', viewEvent('s', 'boom', 'Button', { onPress: {} }));
  host.onNotification('event', viewEvent('s', 'later', 'Button', { onPress: {} }));
  host.onNotification('event', viewEvent('gone', 'later', 'Button', { onPress: {} }));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(diagnostics.map((d) => [d.code, d.node ?? null]), [
    ['event-without-listener', 'plain'],
    ['protocol-error', 'boom'],
    ['listener-threw', 'boom'],
    ['event-without-listener', 'later'],
    ['listener-threw', 'later'],
  ]);
  assert.match(diagnostics[0].message, /a view event 'onPress' came from Button node 'plain' in surface 's', which has no 'onPress' function/);
  assert.match(diagnostics[2].message, /the onPress function of Button node 'boom' in surface 's' threw: kaboom/);
  assert.equal(diagnostics[4].error.message, 'later kaboom');
});

test('an event with a modifier index still goes to the modifier, also on a Button with an onPress', { timeout: TEST_TIMEOUT_MS }, async () => {
  const calls = [];
  const { host, diagnostics } = await mounted(Button({ key: 'go', onPress: () => calls.push('press'), modifiers: [onTapGesture(() => calls.push('tap'))] }));
  host.onNotification('event', { surface: 's', node: 'go', modifier: 0, payload: { onTapGesture: {} } });
  host.onNotification('event', viewEvent('s', 'go', 'Button', { onPress: {} }));
  assert.deepEqual(calls, ['tap', 'press']);
  assert.deepEqual(diagnostics, []);
});

test('typeText and slide send the new gestures', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { conn, surface } = await mounted(List());
  surface.typeText('name', 'Ada');
  surface.typeText('name', 'Grace', { replace: true });
  surface.slide('volume', 0.25);
  assert.deepEqual(conn.sent.filter((r) => r.method === 'interact').map((r) => r.params), [
    { gesture: 'type', text: 'Ada', surface: 's', node: 'name' },
    { gesture: 'type', text: 'Grace', replace: true, surface: 's', node: 'name' },
    { gesture: 'slide', value: 0.25, surface: 's', node: 'volume' },
  ]);
});

test('h takes function components; a key goes on the node they return', { timeout: TEST_TIMEOUT_MS }, () => {
  const Row = ({ title, children }) => HStack(Text(title), children);
  assert.deepEqual(h(Row, { key: 'r1', title: 'a' }, Text('b')), {
    type: 'HStack', key: 'r1', children: [{ type: 'Text', props: { text: 'a' } }, { type: 'Text', props: { text: 'b' } }],
  });
  const seen = [];
  h((props) => { seen.push(props); return null; }, { key: 'k', a: 1 }, 'x', 'y');
  assert.deepEqual(seen, [{ a: 1, children: ['x', 'y'] }]);
  assert.throws(() => h(async () => Text('x')), /must return a node, not a promise/);
});

test('Connection is the connection class; Host stays as its deprecated alias', { timeout: TEST_TIMEOUT_MS }, async () => {
  const { Connection, Host, connect } = await import('../src/index.js');
  assert.equal(Host, Connection);
  assert.ok(new Host({ socket: '/nonexistent/modhost.sock', reconnect: false }) instanceof Connection);
  await assert.rejects(connect({ socket: '/nonexistent/modhost.sock', reconnect: false }), /nonexistent/);
  const { host, surface } = await mounted(List());
  assert.ok(host instanceof Connection);
  assert.equal(surface.connection, host);
  assert.equal(surface.host, host);
});
