// searchable and presentationDetents (issue 32): the helpers' params and refusals (no daemon),
// and in a real modhostd, typing into a List's search field and dragging a sheet to a detent
// reach the front-end's callbacks, with Expo UI's shapes.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as client from '../src/index.js';
import * as expo from '../../expo-ui/swift-ui/modifiers/index.js';
import { withDaemon } from '../test-support/daemon.js';

const TEST_TIMEOUT_MS = 120_000;
const { connect, List, VStack, Text, searchable, presentationDetents } = client;
const strip = ({ eventListener, ...config }) => config;

test('searchable builds Expo\'s params and keeps onChange here', { timeout: TEST_TIMEOUT_MS }, () => {
  assert.deepEqual(searchable('ap'), { $type: 'searchable', text: 'ap' });
  assert.deepEqual(searchable(), { $type: 'searchable' });
  const config = searchable('', { placement: 'navigationBarDrawer', prompt: 'Search fruit', onChange: () => {} });
  assert.deepEqual(strip(config), { $type: 'searchable', text: '', placement: 'navigationBarDrawer', prompt: 'Search fruit' });
  assert.equal(typeof config.eventListener, 'function');
  const heard = [];
  searchable('', { onChange: (text) => heard.push(text) }).eventListener({ text: 'kiwi' }, {});
  assert.deepEqual(heard, ['kiwi']);
  assert.equal(expo.searchable, searchable);
});

test('searchable refuses unknown keys and bad values', { timeout: TEST_TIMEOUT_MS }, () => {
  assert.throws(() => searchable('', { onChangeText: () => {} }), /searchable: unknown option 'onChangeText'.*onChange/s);
  assert.throws(() => searchable('', { placement: 'top' }), /placement must be one of automatic, toolbar, sidebar, navigationBarDrawer/);
  assert.throws(() => searchable(5), /text must be a string/);
  assert.throws(() => searchable('', { prompt: 1 }), /prompt must be a string/);
  assert.throws(() => searchable('', { onChange: 'x' }), /onChange must be a function/);
});

test('presentationDetents builds Expo\'s params and keeps onSelectionChange here', { timeout: TEST_TIMEOUT_MS }, () => {
  assert.deepEqual(presentationDetents(['medium', 'large']), { $type: 'presentationDetents', detents: ['medium', 'large'] });
  const config = presentationDetents(['medium', { fraction: 0.25 }, { height: 200 }], { selection: { fraction: 0.25 }, onSelectionChange: () => {} });
  assert.deepEqual(strip(config), { $type: 'presentationDetents', detents: ['medium', { fraction: 0.25 }, { height: 200 }], selection: { fraction: 0.25 } });
  const heard = [];
  presentationDetents(['large'], { onSelectionChange: (detent) => heard.push(detent) }).eventListener({ detent: 'large' }, {});
  assert.deepEqual(heard, ['large']);
  assert.equal(expo.presentationDetents, presentationDetents);
});

test('presentationDetents refuses unknown keys and bad detents', { timeout: TEST_TIMEOUT_MS }, () => {
  assert.throws(() => presentationDetents(['medium'], { onChange: () => {} }), /presentationDetents: unknown option 'onChange'/);
  assert.throws(() => presentationDetents([]), /detents must be a non-empty array/);
  assert.throws(() => presentationDetents('medium'), /detents must be a non-empty array/);
  assert.throws(() => presentationDetents(['medium', 'half']), /detents\[1\] must be 'medium', 'large', \{fraction\} or \{height\}/);
  assert.throws(() => presentationDetents([{ fraction: 1.5 }]), /detents\[0\]\.fraction must be <= 1/);
  assert.throws(() => presentationDetents([{ height: 0 }]), /detents\[0\]\.height must be > 0/);
  assert.throws(() => presentationDetents([{ fraction: 0.5, height: 3 }]), /unknown option 'height'/);
  assert.throws(() => presentationDetents(['medium'], { selection: 'large' }), /selection must be one of the detents \("medium"\), got "large"/);
});

test('typing into a List\'s search field and dragging a sheet reach the callbacks', { timeout: TEST_TIMEOUT_MS }, async () => {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, clientName: 'modhost-js-search-test', reconnect: false });
  try {
    const typed = [];
    const chosen = [];
    const surface = await host.mount('s', VStack(
      List({ key: 'fruit', modifiers: [searchable('ap', { prompt: 'Search fruit', onChange: (text) => typed.push(text) })] }, Text({ key: 'a', text: 'apple' })),
      VStack({ key: 'sheet', modifiers: [presentationDetents(['large', 'medium'], { onSelectionChange: (detent) => chosen.push(detent) })] }, Text('sheet'))));
    const typing = await surface.typeText('fruit', 'p');
    assert.deepEqual(typing, { handled: true, node: 'fruit', modifier: 0, field: 'search', value: 'app' });
    assert.deepEqual(typed, ['app']);
    const dragged = await surface.detent('sheet', 'large');
    assert.deepEqual(dragged, { handled: true, node: 'sheet', modifier: 0, detent: 'large', changed: true });
    assert.deepEqual(chosen, ['large']);
    const notListed = await surface.detent('sheet', { fraction: 0.3 });
    assert.equal(notListed.handled, false);
    const { root } = await surface.snapshot();
    assert.deepEqual(root.children[0].search, { text: 'app', prompt: 'Search fruit', placement: 'automatic', modifier: 0 });
    assert.deepEqual(root.children[1].sheet, { detents: ['medium', 'large'], selection: 'large', modifier: 0 });
  } finally {
    await host.close();
    await env.cleanup();
  }
});
