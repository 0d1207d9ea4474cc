// @modhost/react's SymbolView against a real modhostd (issue 28): nitro-symbols' props as an
// Image with symbol modifiers, what the host shows for them, and what re-renders send.
import test from 'node:test';
import assert from 'node:assert/strict';
import { connect } from '../../js/src/index.js';
import { withDaemon } from '../../js/test-support/daemon.js';
import { render, React, VStack, Text, SymbolView } from '../src/index.js';

const h = React.createElement;
const TEST_TIMEOUT_MS = 120_000;

/** A daemon and a Host whose `update` results are kept. */
async function session() {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, reconnect: false });
  const updates = [];
  const request = host.request.bind(host);
  host.request = (method, params, options) => {
    const answer = request(method, params, options);
    if (method === 'update') answer.then((counts) => updates.push(counts), () => {});
    return answer;
  };
  return { env, host, updates, async done() { await host.close(); await env.cleanup(); } };
}

const symbolOf = async (root) => (await root.surface().snapshot()).root.children.find((c) => c.key === 'like')?.symbol;

test('SymbolView: toggling isAnimating runs a discrete effect once; an unrelated re-render changes no modifier', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    let setState;
    function Screen() {
      const [state, set] = React.useState({ animating: false, label: 'a', visible: true });
      setState = set;
      return h(VStack, null,
        h(SymbolView, { key: 'like', symbolName: 'heart', effect: 'bounce', isAnimating: state.animating, variant: 'fill', tintColor: 'red', isVisible: state.visible }),
        h(Text, { key: 'label' }, state.label));
    }
    const root = await render(h(Screen), s.host);
    assert.deepEqual(await symbolOf(root), {
      systemName: 'heart', shown: 'heart.fill', variant: 'fill', scale: 'medium', pointSize: 24, colors: ['#FF0000FF'],
      effects: [{ effect: 'bounce', kind: 'discrete', runs: 0 }],
    });

    setState((st) => ({ ...st, animating: true }));
    await root.settled();
    assert.deepEqual(s.updates.at(-1), { created: 0, updated: 1, unchanged: 4, removed: 0 });
    assert.deepEqual((await symbolOf(root)).effects, [{ effect: 'bounce', kind: 'discrete', runs: 1 }]);

    // Only the Text changes: SymbolView's props are equal, so none of its modifiers is rebuilt.
    setState((st) => ({ ...st, label: 'b' }));
    await root.settled();
    assert.deepEqual(s.updates.at(-1), { created: 0, updated: 0, unchanged: 5, removed: 0 });
    assert.deepEqual((await symbolOf(root)).effects, [{ effect: 'bounce', kind: 'discrete', runs: 1 }]);

    // isVisible false: the image leaves the tree.
    setState((st) => ({ ...st, visible: false }));
    await root.settled();
    assert.equal(await symbolOf(root), undefined);
    await root.unmount();
  } finally { await s.done(); }
});

test('SymbolView: a wrong prop is a TypeError where it is rendered', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    await assert.rejects(render(h(SymbolView, { symbolName: 'heart', effect: 'explode' }), s.host),
      (error) => /effect must be one of bounce/.test(String(error?.message) + String(error?.cause?.message)));
  } finally { await s.done(); }
});
