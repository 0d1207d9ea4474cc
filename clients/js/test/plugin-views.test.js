// Views from plugins (issue 42) through the plain client: Expo's requireNativeView finds the
// Rating fixture plugin's view in viewInfo, its function props are its events, and taps on
// its body reach them as {nativeEvent}.
import test from 'node:test';
import assert from 'node:assert/strict';
import { connect, resolveNativeView, viewNameOfType, isBuiltInView, serializeTree, nativeViewHelper } from '../src/index.js';
import { withRatingDaemon } from '../test-support/fixtures.js';

const TEST_TIMEOUT_MS = 60_000;

test('requireNativeView names: viewInfo first, then the type name without View', () => {
  const info = [
    { name: 'Rating', module: 'Rating', typeName: 'RatingView' },
    { name: 'Badge', module: 'Kit', typeName: 'BadgeView' },
    { name: 'Chip', module: 'Kit', typeName: 'ChipView' },
  ];
  assert.equal(resolveNativeView('Rating', undefined, info), 'Rating');
  assert.equal(resolveNativeView('Kit', undefined, info), 'Badge', "a module's first view");
  assert.equal(resolveNativeView('Kit', 'ChipView', info), 'Chip');
  assert.equal(resolveNativeView('Other', 'StarsView', info), 'Stars', 'not in viewInfo: the host rule');
  assert.equal(resolveNativeView('Other', undefined, info), 'Other');
  assert.equal(viewNameOfType('View'), 'View');
  assert.throws(() => resolveNativeView(''), /moduleName must be a non-empty string/);
  assert.equal(isBuiltInView('Text'), true);
  assert.equal(isBuiltInView('Rating'), false);
});

test("a plugin view's function props become its events, whatever their names", () => {
  const Rating = nativeViewHelper('Rating');
  const onValueChange = () => {};
  const { root, events } = serializeTree(Rating({ key: 'r', value: 2, onValueChange, onOther: () => {} }));
  assert.deepEqual(root, { type: 'Rating', key: 'r', props: { value: 2 }, events: ['onValueChange', 'onOther'] });
  assert.equal(events.get('r').get('onValueChange'), onValueChange);
  assert.throws(() => serializeTree(Rating({ value: { deep: () => {} } })), /contains a function/);
});

test('a Rating from requireNativeView is mounted, tapped and updated', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const env = await withRatingDaemon(t);
  if (!env) return;
  const host = await connect({ socket: env.socket, reconnect: false });
  try {
    const Rating = host.requireNativeView('Rating');
    assert.equal(host.requireNativeView('Rating', 'RatingView').name, 'Rating');
    const seen = [];
    const tree = (value) => Rating({ key: 'r', value, max: 3, label: 'Stars', onValueChange: (e) => seen.push(e.nativeEvent.value) });
    const surface = await host.mount('s', tree(1));
    const result = await surface.tap('r', { element: '0/3' });
    assert.deepEqual(result, { handled: true, node: 'r', element: '0/3', view: 'Button' });
    assert.deepEqual(seen, [3]);
    await surface.update(tree(seen[0]));
    const { root } = await surface.snapshot();
    const stars = root.body.children.slice(1).map((button) => button.children[0].props.systemName);
    assert.deepEqual(stars, ['star.fill', 'star.fill', 'star.fill']);

    const Panel = host.requireNativeView('Panel');
    const commits = [];
    const panel = await host.mount('p', Panel({ key: 'p', title: 'Prefs', onCommit: (e) => commits.push(e.nativeEvent) }));
    assert.equal((await panel.typeText('p', 'Ada', { element: '0/2' })).value, 'Ada');
    await panel.submit('p', { element: '0/2' });
    assert.deepEqual(commits, [{ name: 'Ada', enabled: false }]);
    assert.equal((await panel.slide('p', 3.3, { element: '0/3' })).value, 3.5);

    await assert.rejects(host.mount('bad', Rating({ value: 'three' })), (error) => error.data?.path === 'root.props.value');
  } finally {
    await host.close();
    await env.cleanup();
  }
});

test("a view in a plugin view's slot prop is a node with events of its own", { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const env = await withRatingDaemon(t);
  if (!env) return;
  const host = await connect({ socket: env.socket, reconnect: false });
  try {
    const Card = host.requireNativeView('Caption', 'CardView');
    const { Button } = await import('../src/index.js');
    const pressed = [];
    const surface = await host.mount('s', Card({ key: 'c', title: 'Inbox', header: Button({ label: 'Go', onPress: () => pressed.push('go') }) }));
    const { root } = await surface.snapshot();
    assert.deepEqual(root.props, { title: 'Inbox' });
    assert.equal(root.slots.header.id, '0/header', 'an unkeyed slot node is named by its parent path and the prop');
    const tapped = await surface.tap('0/header');
    assert.equal(tapped.view, 'Button');
    assert.deepEqual(pressed, ['go']);
  } finally {
    await host.close();
    await env.cleanup();
  }
});
