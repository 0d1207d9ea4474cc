// A custom Expo module's JavaScript side on @modhost/react, written as an Expo app writes it:
// `requireNativeView` from 'expo' at the top level, state in hooks, the event's value read from
// `e.nativeEvent`; and expo-modules-core's requireNativeModule with useEventListener.
import test from 'node:test';
import assert from 'node:assert/strict';
import { connect } from '../../js/src/index.js';
import { withRatingDaemon } from '../../js/test-support/fixtures.js';
import { render, React, Host } from '../src/index.js';
import { requireNativeView, useEvent } from '../../expo/index.js';
import { requireNativeViewManager, requireNativeModule } from '../../expo-modules-core/index.js';

const h = React.createElement;
const TEST_TIMEOUT_MS = 60_000;

// At the module's top level, before any connection exists, as in an Expo app.
const Rating = requireNativeView('Rating');
const Panel = requireNativeViewManager('Panel', 'PanelView');
const ExpoUI = requireNativeModule('ExpoUI');

test('a native view from expo re-renders with the value its event carried', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const env = await withRatingDaemon(t);
  if (!env) return;
  const host = await connect({ socket: env.socket, reconnect: false });
  try {
    const changes = [];
    function Stars() {
      const [value, setValue] = React.useState(1);
      return h(Host, { name: 's' },
        h(Rating, { key: 'r', value, max: 3, label: `Rated ${value}`, onValueChange: (e) => { changes.push(e.nativeEvent); setValue(e.nativeEvent.value); } }),
      );
    }
    const root = await render(h(Stars), host);
    const surface = root.surface('s');
    await surface.tap('r', { element: '0/2' });
    await root.settled();
    assert.deepEqual(changes, [{ value: 2 }]);
    const { root: tree } = await surface.snapshot();
    assert.equal(tree.type, 'Rating');
    assert.equal(tree.props.label, 'Rated 2');
    assert.deepEqual(tree.body.children.slice(1).map((b) => b.children[0].props.systemName), ['star.fill', 'star.fill', 'star']);
    await root.unmount();
  } finally {
    await host.close();
    await env.cleanup();
  }
});

test('a view by its type name, and a module with useEvent', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const env = await withRatingDaemon(t);
  if (!env) return;
  const host = await connect({ socket: env.socket, reconnect: false });
  try {
    let heard = 'none';
    function Screen() {
      const event = useEvent(ExpoUI, 'onNothing', { none: true });
      heard = event;
      return h(Host, { name: 'p' }, h(Panel, { key: 'p', title: 'Prefs' }));
    }
    const root = await render(h(Screen), host);
    const { root: tree } = await root.surface('p').snapshot();
    assert.equal(tree.type, 'Panel');
    assert.equal(tree.body.children[0].props.text, 'Prefs: 0 taps');
    assert.deepEqual(heard, { none: true }, "useEvent's initial value until the module sends one");
    assert.equal(typeof ExpoUI.completeRefresh, 'function', 'the module proxy reaches the connection');
    await assert.rejects(ExpoUI.completeRefresh('never'), (error) => error.code === -32003);
    await root.unmount();
  } finally {
    await host.close();
    await env.cleanup();
  }
});

const Card = requireNativeView('Caption', 'CardView');

test('an element in a slot prop, as Expo UI passes a Section header, is a node that re-renders', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const { Button, Text } = await import('../src/index.js');
  const env = await withRatingDaemon(t);
  if (!env) return;
  const host = await connect({ socket: env.socket, reconnect: false });
  try {
    function Inbox() {
      const [count, setCount] = React.useState(0);
      return h(Host, { name: 'c' },
        h(Card, { title: `Inbox ${count}`, header: h(Button, { onPress: () => setCount((c) => c + 1) }, `Add (${count})`) },
          h(Text, null, 'a child')));
    }
    const root = await render(h(Inbox), host);
    const surface = root.surface('c');
    let { root: tree } = await surface.snapshot();
    assert.equal(tree.type, 'Card');
    assert.equal(tree.slots.header.type, 'Button');
    assert.equal(tree.slots.header.props.label, 'Add (0)');
    assert.equal(tree.children[0].props.text, 'a child');
    assert.deepEqual(tree.props, { title: 'Inbox 0' }, 'one element as children is a child, not a slot');
    await surface.tap(tree.slots.header.id);
    await root.settled();
    tree = (await surface.snapshot()).root;
    assert.equal(tree.slots.header.props.label, 'Add (1)');
    assert.equal(tree.body.children[1].props.text, 'Inbox 1');
    await root.unmount();
  } finally {
    await host.close();
    await env.cleanup();
  }
});
