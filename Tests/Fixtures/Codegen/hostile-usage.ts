// Uses the factories generated for the HostileNames fixture: types `3d`, `class`, `Foo`, `foo`,
// `a-b`, `a_b`, `aB`, `default`, `constructor` and `✨`, module `hostile-names`.
import { _3d, class_, Foo, foo_2, aB, aB_2, a_b, default_, constructor, unnamed, requireHostileNamesModule } from './modifiers.js';
import type { _3dModifier, Class_Params, FooParams, Foo_2Params, HostileNamesModule } from './modifiers.js';
import type { Host, Node } from '@modhost/client';

const first: _3dModifier = _3d({
  label: 'three', mode: '2d', color: 'teal', count: 2, scale: null, 'z-index': 4,
  layers: [{ name: 'base', tint: '#00FF00', opacity: 0.5, mode: 'default' }, { name: 'top', tint: null }],
});
const params: Class_Params = { label: 'class' };
const upper: FooParams = { label: 'Foo' };
const lower: Foo_2Params = { label: 'foo' };
const node: Node = {
  type: 'Text',
  modifiers: [first, class_(params), Foo(upper), foo_2(lower), aB({ label: 'a-b' }), aB_2({ label: 'aB' }), a_b({ label: 'a_b' }), default_({ label: 'default' }), constructor({ label: 'constructor' }), unnamed({ label: 'sparkles' })],
};

// @ts-expect-error: a misspelt param name
_3d({ labell: 'x' });
// @ts-expect-error: '3d' is not a mode
_3d({ label: 'x', mode: '3d' });
// @ts-expect-error: label is required
class_({});
// @ts-expect-error: a layer needs its name
_3d({ label: 'x', layers: [{ opacity: 1 }] });
// @ts-expect-error: count is a number
Foo({ label: 'x', count: 'three' });

declare const host: Host;
const hostile: HostileNamesModule = requireHostileNamesModule(host);
const words: Promise<string[]> = hostile['a-b'](2, true);
const echoed: Promise<string> = hostile.class('x');
// @ts-expect-error: 'a-b' takes a count and a flag
hostile['a-b']('two');
// @ts-expect-error: `then` is not a member (a module object answers it itself)
hostile.then(() => {});
const subscription = hostile.addListener('on-change', (payload) => { void payload; });

void node; void words; void echoed; void subscription;
