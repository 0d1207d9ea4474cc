// SF Symbols: the symbol modifier helpers and SymbolView, on their own and against a real
// modhostd (issue 28).
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  connect, h, VStack, Image, Text, ModhostError,
  symbolEffect, symbolEffectsRemoved, transition, contentTransition, imageScale, symbolRenderingMode, symbolVariant,
  fontWeight, foregroundStyle, SymbolView, symbolViewNode, SYMBOL_EFFECT_KINDS, SYMBOL_VIEW_EFFECTS,
} from '../src/index.js';
import { withDaemon } from '../test-support/daemon.js';

const TEST_TIMEOUT_MS = 120_000;

async function session() {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, clientName: 'modhost-js-symbols-test', reconnect: false });
  const diagnostics = [];
  host.on('diagnostic', (d) => diagnostics.push(d));
  return {
    ...env, host, diagnostics,
    async done() {
      await host.close();
      await env.cleanup();
    },
  };
}

function find(node, id) {
  if (node.id === id) return node;
  for (const child of node.children ?? []) {
    const found = find(child, id);
    if (found) return found;
  }
  return undefined;
}

test('symbolEffect: value makes a discrete effect, isActive an indefinite one', { timeout: 10_000 }, () => {
  assert.deepEqual(symbolEffect({ effect: 'bounce', value: 3 }), { $type: 'symbolEffect', effect: 'bounce', value: 3 });
  assert.deepEqual(symbolEffect({ effect: 'pulse' }), { $type: 'symbolEffect', effect: 'pulse' });
  assert.deepEqual(symbolEffect({ effect: 'drawOn', isActive: false, options: { repeat: 'periodic', count: 2, delay: 0.5, speed: 2 } }),
    { $type: 'symbolEffect', effect: 'drawOn', isActive: false, options: { repeat: 'periodic', count: 2, delay: 0.5, speed: 2 } });
});

test('symbolEffect also takes Expo UI\'s call: an effect (object or name), then {value, isActive, options}', { timeout: 10_000 }, () => {
  assert.deepEqual(symbolEffect({ effect: 'bounce', direction: 'up' }, { value: 2 }), { $type: 'symbolEffect', effect: 'bounceUp', value: 2 });
  assert.deepEqual(symbolEffect({ effect: 'scale', scale: 'down' }), { $type: 'symbolEffect', effect: 'scaleDown' });
  assert.deepEqual(symbolEffect('pulse', { isActive: false, options: { repeat: { count: 3, delay: 1 }, speed: 2 } }),
    { $type: 'symbolEffect', effect: 'pulse', isActive: false, options: { repeat: 'periodic', count: 3, delay: 1, speed: 2 } });
  assert.deepEqual(symbolEffect({ effect: 'wiggle' }, {}), { $type: 'symbolEffect', effect: 'wiggle' });
  assert.throws(() => symbolEffect({ effect: 'bounce', scope: 'byLayer' }), (error) => error.key === 'scope' && /symbolEffect: effect: unknown key 'scope'/.test(error.message));
  assert.throws(() => symbolEffect({ effect: 'pulse', direction: 'up' }), /direction goes with 'bounce' only/);
  assert.throws(() => symbolEffect({ effect: 'bounce', direction: 'left' }), /effect.direction must be one of up, down/);
  assert.throws(() => symbolEffect({ effect: 'drawOn' }, { value: 1 }), /'drawOn' is indefinite and transition, not discrete/);
  assert.throws(() => symbolEffect('pulse', { options: { repeat: { count: 2 }, count: 3 } }), /not both/);
});

test('symbolEffect refuses an effect asked for in a way it cannot run, naming what fits', { timeout: 10_000 }, () => {
  assert.throws(() => symbolEffect({ effect: 'drawOn', value: 1 }), (error) => error instanceof TypeError
    && /'drawOn' is indefinite and transition, not discrete/.test(error.message) && /bounce, bounceUp, bounceDown, pulse/.test(error.message));
  assert.throws(() => symbolEffect({ effect: 'replace' }), /'replace' belongs in contentTransition\(\)/);
  assert.throws(() => symbolEffect({ effect: 'automatic' }), /belongs in transition\(\) or contentTransition\(\)/);
  assert.throws(() => symbolEffect({ effect: 'bounce', value: 1, isActive: true }), /not both/);
  assert.throws(() => symbolEffect({ effect: 'bouncy' }), /effect must be one of bounce, .*automatic, got "bouncy"/);
  assert.throws(() => symbolEffect({ effect: 'bounce', valu: 1 }), (error) => error.key === 'valu' && error.suggestion === 'value');
  assert.throws(() => symbolEffect({ effect: 'pulse', options: { repeat: 'continuous', count: 2 } }), /go with repeat 'periodic' only/);
  assert.throws(() => symbolEffect({ effect: 'pulse', options: { speed: 0 } }), /options.speed must be a number > 0/);
  assert.throws(() => symbolEffect({ effect: 'pulse', options: { repeats: 'continuous' } }), /unknown key 'repeats'/);
});

test('the other symbol helpers check their enums', { timeout: 10_000 }, () => {
  assert.deepEqual(transition('appear'), { $type: 'transition', symbolEffect: 'appear' });
  assert.deepEqual(contentTransition('replace', { speed: 2 }), { $type: 'contentTransition', symbolEffect: 'replace', options: { speed: 2 } });
  assert.throws(() => transition('bounce'), /symbolEffect must be one of appear, disappear, drawOn, drawOff, automatic/);
  assert.throws(() => contentTransition('appear'), /must be one of replace, automatic/);
  assert.deepEqual(symbolEffectsRemoved(), { $type: 'symbolEffectsRemoved' });
  assert.deepEqual(imageScale('large'), { $type: 'imageScale', scale: 'large' });
  assert.throws(() => imageScale('huge'), /scale must be one of small, medium, large/);
  assert.deepEqual(symbolRenderingMode('palette'), { $type: 'symbolRenderingMode', mode: 'palette' });
  assert.deepEqual(symbolVariant('circle.fill'), { $type: 'symbolVariant', variant: 'circle.fill' });
  assert.throws(() => symbolVariant('fill.circle'), /variant must be one of none, fill, slash, .*circle\.fill.*, got "fill.circle"/);
  assert.deepEqual(fontWeight('black'), { $type: 'fontWeight', weight: 'black' });
  assert.deepEqual(foregroundStyle('red', '#00F'), { $type: 'foregroundStyle', color: 'red', secondary: '#00F' });
  // tertiary without secondary ties two params together: the host refuses it (SymbolModifierTests).
  assert.deepEqual(foregroundStyle('red', undefined, 'blue'), { $type: 'foregroundStyle', color: 'red', tertiary: 'blue' });
});

test('SymbolView\'s effect table: every name maps to an effect that runs the documented way', { timeout: 10_000 }, () => {
  for (const [name, { effect, runs }] of Object.entries(SYMBOL_VIEW_EFFECTS)) {
    const kinds = SYMBOL_EFFECT_KINDS[effect];
    const needed = { discrete: 'discrete', indefinite: 'indefinite', transition: 'transition', content: 'contentTransition' }[runs];
    assert.ok(kinds.includes(needed), `${name} -> ${effect} runs ${runs}, and ${effect} is ${kinds.join(', ')}`);
    // Each name builds (nitro's lowercase and the host's camelCase spelling alike).
    symbolViewNode({ symbolName: 'heart', effect: name, isAnimating: true });
    symbolViewNode({ symbolName: 'heart', effect, isAnimating: true });
  }
  assert.deepEqual(Object.keys(SYMBOL_VIEW_EFFECTS).sort(),
    ['appear', 'bounce', 'breathe', 'drawon', 'pulse', 'replace', 'rotate', 'scaledown', 'scaleup', 'variablecolor', 'wiggle']);
});

test('SymbolView maps nitro-symbols\' props to an Image and modifiers', { timeout: 10_000 }, () => {
  assert.deepEqual(symbolViewNode({ symbolName: 'heart' }), {
    type: 'Image', props: { systemName: 'heart' },
    modifiers: [{ $type: 'font', size: 24 }, { $type: 'imageScale', scale: 'medium' }],
  });
  assert.deepEqual(symbolViewNode({
    symbolName: 'wifi', pointSize: 40, weight: 'ultralight', scale: 'large', effect: 'variablecolor', isAnimating: true,
    variant: 'slash', renderingMode: 'palette', colors: ['red', 'rgb(0 0 255)', '#0F0'], key: 'w',
  }), {
    type: 'Image', key: 'w', props: { systemName: 'wifi' },
    modifiers: [
      { $type: 'font', size: 40, weight: 'ultraLight' }, { $type: 'imageScale', scale: 'large' },
      { $type: 'symbolEffect', effect: 'variableColor', isActive: true },
      { $type: 'symbolRenderingMode', mode: 'palette' }, { $type: 'symbolVariant', variant: 'slash' },
      { $type: 'foregroundStyle', color: 'red', secondary: 'rgb(0 0 255)', tertiary: '#0F0' },
    ],
  });
  // A discrete effect's value is isAnimating; appear is a transition, replace a content transition.
  assert.deepEqual(symbolViewNode({ symbolName: 'bell', effect: 'bounce' }).modifiers[2], { $type: 'symbolEffect', effect: 'bounce', value: false });
  assert.deepEqual(symbolViewNode({ symbolName: 'bell', effect: 'appear' }).modifiers[2], { $type: 'transition', symbolEffect: 'appear' });
  assert.deepEqual(symbolViewNode({ symbolName: 'bell', effect: 'replace', tintColor: 'orange' }).modifiers.slice(2),
    [{ $type: 'contentTransition', symbolEffect: 'replace' }, { $type: 'foregroundStyle', color: 'orange' }]);
  // A digit-led symbol name is a plain string.
  assert.equal(symbolViewNode({ symbolName: '01.circle' }).props.systemName, '01.circle');
  // isVisible false renders nothing (the image leaves the tree), and still checks the props.
  assert.equal(h(SymbolView, { symbolName: 'bell', isVisible: false }), null);
  assert.throws(() => h(SymbolView, { symbolName: 'bell', isVisible: false, effect: 'boing' }), /effect must be one of bounce/);
  assert.throws(() => symbolViewNode({ symbolName: 'bell', efect: 'bounce' }), (error) => error.suggestion === 'effect');
  assert.throws(() => symbolViewNode({ symbolName: 'bell', colors: ['a', 'b', 'c', 'd'] }), /1 to 3 colours/);
  assert.throws(() => symbolViewNode({ symbolName: 'bell', colors: ['red'], tintColor: 'blue' }), /not both/);
  assert.throws(() => symbolViewNode({ symbolName: 'bell', weight: 'extrabold' }), /weight must be one of ultralight, thin/);
  assert.throws(() => symbolViewNode({ symbolName: '' }), /symbolName must be a non-empty string/);
});

test('on a host: toggling isAnimating runs a discrete effect once; equal props change nothing', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const view = (props) => VStack({ key: 'stack' }, h(SymbolView, { key: 'like', symbolName: 'heart', effect: 'bounce', variant: 'fill', ...props }));
    const surface = await s.host.mount('sym', view({ isAnimating: false }));
    const symbolOf = async () => find((await surface.snapshot()).root, 'like').symbol;
    assert.deepEqual((await symbolOf()).effects, [{ effect: 'bounce', kind: 'discrete', runs: 0 }]);
    assert.equal((await symbolOf()).shown, 'heart.fill');

    const toggled = await surface.update(view({ isAnimating: true }));
    assert.deepEqual(toggled, { created: 0, updated: 1, unchanged: 3, removed: 0 });
    assert.deepEqual((await symbolOf()).effects, [{ effect: 'bounce', kind: 'discrete', runs: 1 }]);

    const same = await surface.update(view({ isAnimating: true }));
    assert.deepEqual(same, { created: 0, updated: 0, unchanged: 4, removed: 0 });
    assert.deepEqual((await symbolOf()).effects, [{ effect: 'bounce', kind: 'discrete', runs: 1 }]);

    await surface.update(view({ isAnimating: false }));
    assert.deepEqual((await symbolOf()).effects, [{ effect: 'bounce', kind: 'discrete', runs: 2 }]);
    assert.deepEqual(s.diagnostics, []);
  } finally { await s.done(); }
});

test('on a host: indefinite effects, scale, weight and colours show per image; the host checks colours', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const surface = await s.host.mount('sym', VStack({ key: 'stack', modifiers: [symbolEffect({ effect: 'pulse' })] },
      h(SymbolView, { key: 'wifi', symbolName: 'wifi', effect: 'drawon', isAnimating: true, weight: 'bold', pointSize: 30, scale: 'large', renderingMode: 'palette', colors: ['red', 'black'] }),
      Image({ key: 'plain', systemName: 'star', modifiers: [symbolEffectsRemoved()] }),
      Text({ key: 'label' }, 'x')));
    const { root } = await surface.snapshot();
    assert.deepEqual(find(root, 'wifi').symbol, {
      systemName: 'wifi', shown: 'wifi', scale: 'large', renderingMode: 'palette', weight: 'bold', pointSize: 30,
      colors: ['#FF0000FF', '#000000FF'],
      effects: [{ effect: 'pulse', kind: 'indefinite', active: true }, { effect: 'drawOn', kind: 'indefinite', active: true }],
    });
    assert.deepEqual(find(root, 'plain').symbol, { systemName: 'star', shown: 'star' });
    assert.equal(find(root, 'label').symbol, undefined);

    // A colour the SDK's Color does not take is the host's error, at its path.
    await assert.rejects(surface.update(VStack({ key: 'stack' }, h(SymbolView, { key: 'wifi', symbolName: 'wifi', colors: ['red', 'notacolour'] }))),
      (error) => error instanceof ModhostError && error.data?.path === 'root.children[0].modifiers[2].secondary');
  } finally { await s.done(); }
});

test('on a host: an effect the client does not check still fails by path, never silently', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    await assert.rejects(s.host.mount('sym', Image({ systemName: 'heart', modifiers: [{ $type: 'symbolEffect', effect: 'drawOn', value: 1 }] })),
      (error) => error instanceof ModhostError && error.data?.path === 'root.modifiers[0].effect' && /discrete effect with 'value'/.test(error.message));
  } finally { await s.done(); }
});

test('on a host: SymbolView with appear shows its transition as isVisible turns it on and off', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const view = (isVisible) => VStack({ key: 'stack' }, h(SymbolView, { key: 'bell', symbolName: 'bell', effect: 'appear', isVisible }), Text({ key: 'x' }, 'x'));
    const surface = await s.host.mount('sym', view(false));
    const shown = await surface.update(view(true));
    assert.deepEqual(shown.symbolTransitions, [{ node: 'bell', effect: 'appear', phase: 'enter' }]);
    assert.deepEqual(find((await surface.snapshot()).root, 'bell').symbol.transition, { effect: 'appear', ranOnEnter: true });
    const hidden = await surface.update(view(false));
    assert.deepEqual(hidden.symbolTransitions, [{ node: 'bell', effect: 'appear', phase: 'leave' }]);
    const again = await surface.update(view(false));
    assert.equal(again.symbolTransitions, undefined);
  } finally { await s.done(); }
});
