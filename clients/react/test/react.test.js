// @modhost/react against a real modhostd: React semantics end to end, checked in snapshots.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { existsSync } from 'node:fs';
import {
  connect, swipeActions, onTapGesture, onAppear, onDisappear, searchable, presentationDetents, createModifier,
} from '../../js/src/index.js';
import { withDaemon, once } from '../../js/test-support/daemon.js';
import { fixtureLibrary, makePlugin } from '../../js/test-support/fixtures.js';
import {
  render, React, Host, List, Section, HStack, VStack, Text, Button, Toggle, TextField,
} from '../src/index.js';

const h = React.createElement;
const TEST_TIMEOUT_MS = 120_000;

/** A daemon, a Host on it whose requests are counted by method, and its diagnostics. */
async function session(connectOptions = {}) {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, reconnect: false, ...connectOptions });
  const sent = [];
  const request = host.request.bind(host);
  host.request = (method, params, options) => { sent.push(method); return request(method, params, options); };
  const diagnostics = [];
  host.on('diagnostic', (d) => diagnostics.push(d));
  return {
    env, host, sent, diagnostics,
    count: (method) => sent.filter((m) => m === method).length,
    async done() { await host.close(); await env.cleanup(); },
  };
}

const ids = (node) => (node.children ?? []).map((c) => c.key);
const texts = (node) => (node.children ?? []).map((c) => c.props?.text);

test('hooks, context, keys, fragments, conditional and list rendering reach the surface', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const Theme = React.createContext('plain');
    let dispatch;
    let effects = 0;
    let appRef = null;
    const renders = { rows: 0 };
    function Rows({ items }) {
      const theme = React.useContext(Theme);
      const sorted = React.useMemo(() => { renders.rows += 1; return [...items].sort(); }, [items]);
      return sorted.map((item) => h(React.Fragment, { key: item }, h(Text, null, `${theme}:${item}`)));
    }
    function App() {
      const [state, send] = React.useReducer((st, action) => (action === 'add' ? { ...st, items: [...st.items, 'b'] } : { ...st, open: !st.open }), { items: ['c', 'a'], open: false });
      const [seen, setSeen] = React.useState(0);
      const ref = React.useRef(0);
      ref.current += 1;
      appRef = ref;
      dispatch = send;
      React.useEffect(() => { effects += 1; setSeen(state.items.length); }, [state.items]);
      return h(Host, { name: 'app' }, h(VStack, null,
        h(Theme.Provider, { value: 'dark' }, h(Rows, { items: state.items })),
        state.open ? h(Text, { key: 'open' }, 'open') : null,
        h(Text, null, `seen ${seen}`)));
    }
    const root = await render(h(App), s.host);
    const surface = root.surface('app');
    let { root: tree } = await surface.snapshot();
    assert.deepEqual(texts(tree), ['dark:a', 'dark:c', 'seen 2'], 'the effect ran and its setState is on the surface');
    assert.deepEqual(ids(tree).slice(0, 2), ['a', 'c'], 'React keys (here of fragments) become node keys');

    dispatch('toggle');
    await root.settled();
    tree = (await surface.snapshot()).root;
    assert.deepEqual(texts(tree), ['dark:a', 'dark:c', 'open', 'seen 2']);
    assert.equal(renders.rows, 1, 'useMemo kept its value while items did not change');
    dispatch('add');
    await root.settled();
    tree = (await surface.snapshot()).root;
    assert.deepEqual(texts(tree), ['dark:a', 'dark:b', 'dark:c', 'open', 'seen 3']);
    assert.equal(effects, 2);
    assert.ok(appRef.current >= 5, `useRef kept one object across the renders (current: ${appRef.current})`);
    await root.unmount();
  } finally { await s.done(); }
});

test('100 setState calls in one tick make one update', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    let setCount;
    function Counter() {
      const [count, set] = React.useState(0);
      setCount = set;
      return h(List, null, h(Text, { key: 'count' }, `count ${count}`));
    }
    const root = await render(h(Counter), s.host);
    assert.deepEqual(s.sent, ['mount']);
    for (let i = 0; i < 100; i += 1) setCount((c) => c + 1);
    await root.settled();
    assert.equal(s.count('update'), 1);
    const { root: tree } = await root.surface().snapshot();
    assert.deepEqual(texts(tree), ['count 100']);
    await root.unmount();
  } finally { await s.done(); }
});

test('a commit that changes one row of a long list sends that row only, as a patch', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  const params = [];
  const request = s.host.conn.request.bind(s.host.conn);
  s.host.conn.request = (method, p, ...rest) => { if (method === 'update') params.push(p); return request(method, p, ...rest); };
  try {
    let setRows;
    function Inbox() {
      const [rows, set] = React.useState(() => Array.from({ length: 500 }, (_, i) => ({ id: `m${i}`, subject: `subject ${i}` })));
      setRows = set;
      return h(List, null, rows.map((row) => h(Text, { key: row.id }, row.subject)));
    }
    const root = await render(h(Inbox), s.host);
    setRows((rows) => rows.map((row) => (row.id === 'm250' ? { ...row, subject: 'read' } : row)));
    await root.settled();
    setRows((rows) => [{ id: 'new', subject: 'new mail' }, ...rows.filter((row) => row.id !== 'm3')]);
    await root.settled();
    assert.deepEqual(params[0].patch, [{ op: 'set', node: 'm250', props: { text: 'read' } }]);
    assert.deepEqual(params[1].patch.map((op) => op.op), ['remove', 'insert']);
    const { root: tree } = await root.surface().snapshot();
    assert.equal(tree.children.length, 500);
    assert.deepEqual(texts(tree).slice(0, 2), ['new mail', 'subject 0']);
    assert.equal(tree.children.find((c) => c.key === 'm250').props.text, 'read');
    await root.unmount();
  } finally { await s.done(); }
});

test('a commit updates only the surfaces whose tree it changed', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    let setCount;
    function Counter() {
      const [count, set] = React.useState(0);
      setCount = set;
      return h(Text, null, `count ${count}`);
    }
    const Still = React.memo(() => h(List, null, h(Text, { key: 'still' }, 'unchanged')));
    const root = await render(h(React.Fragment, null,
      h(Host, { name: 'counter' }, h(VStack, null, h(Counter))),
      h(Host, { name: 'still' }, h(Still))), s.host);
    assert.deepEqual(s.sent, ['mount', 'mount']);
    setCount(1);
    await root.settled();
    assert.deepEqual(s.sent.slice(2), ['update']);
    assert.deepEqual(texts((await root.surface('counter').snapshot()).root), ['count 1']);
    await root.unmount();
  } finally { await s.done(); }
});

test('rows keep their node, swipe state and appear history while React keeps them; node keys are unique', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const appeared = [];
    const disappeared = [];
    let setState;
    function Row({ id }) {
      return h(HStack, { modifiers: [
        swipeActions({ trailing: [{ id: 'delete', label: 'Delete', onPress() {} }] }),
        onAppear(() => appeared.push(id)),
        onDisappear(() => disappeared.push(id)),
      ] }, h(Text, null, id));
    }
    function App() {
      const [st, set] = React.useState({ rows: ['a', 'b', 'c'], banner: false });
      setState = set;
      return h(List, null,
        st.banner && h(Text, null, 'banner'),
        st.rows.map((id) => h(Row, { key: id, id })),
        st.plainB && h(HStack, { key: 'b' }, h(Text, null, 'a plain HStack keyed b')),
        h(Section, null,
          st.banner && h(Text, null, 'new'),
          h(HStack, { modifiers: [swipeActions({ trailing: [{ id: 'more', label: 'More' }] })] }, h(Text, { key: 'a' }, 'another a'))));
    }
    const root = await render(h(App), s.host);
    const surface = root.surface();
    let tree = (await surface.snapshot()).root;
    assert.deepEqual(ids(tree).slice(0, 3), ['a', 'b', 'c']);
    const unkeyed = tree.children[3].children[0];
    assert.equal(unkeyed.children[0].key, 'a~2', 'the same React key in another list gets a unique node key');
    await surface.swipe('b', 'trailing');
    await surface.swipe(unkeyed.key, 'trailing');
    assert.deepEqual(appeared.sort(), ['a', 'b', 'c']);

    // Reorder, insert, and an unkeyed element appears in front: React keeps a, b, c.
    setState({ rows: ['c', 'b', 'x', 'a'], banner: true });
    await root.settled();
    tree = (await surface.snapshot()).root;
    assert.equal(tree.children[0].props.text, 'banner');
    assert.deepEqual(ids(tree).slice(1, 5), ['c', 'b', 'x', 'a']);
    assert.equal(tree.children[2].swipeActions.revealed, 'trailing', "b's swipe state moved with it");
    const section = tree.children[5];
    assert.deepEqual(section.children.map((c) => c.type), ['Text', 'HStack']);
    assert.equal(section.children[1].key, unkeyed.key, 'an element without a React key keeps its node too');
    assert.equal(section.children[1].swipeActions.revealed, 'trailing');
    assert.deepEqual(appeared.sort(), ['a', 'b', 'c', 'x'], 'only the new row appeared');

    // Row b goes and, in the same commit, an HStack keyed b comes: React says they differ, so
    // the host must not take the new one for the old (same type, and it would keep b's swipe).
    setState({ rows: ['c', 'x', 'a'], banner: true, plainB: true });
    await root.settled();
    assert.deepEqual(disappeared, ['b']);
    tree = (await surface.snapshot()).root;
    const plain = tree.children[4];
    assert.equal(plain.children[0].props.text, 'a plain HStack keyed b');
    assert.equal(plain.key, 'b~2');
    assert.equal(plain.swipeActions, undefined);
    await root.unmount();
  } finally { await s.done(); }
});

test('events reach the callbacks of the latest render', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const taps = [];
    let setLabel;
    function App() {
      const [label, set] = React.useState('first');
      setLabel = set;
      return h(List, null, h(Text, { key: 'row', modifiers: [onTapGesture(() => taps.push(label))] }, label));
    }
    const root = await render(h(App), s.host);
    await root.surface().tap('row');
    setLabel('second');
    await root.settled();
    await root.surface().tap('row');
    assert.deepEqual(taps, ['first', 'second']);
    await root.unmount();
  } finally { await s.done(); }
});

test('unmounting the tree, or removing a <Host>, unmounts its surface', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const gone = [];
    let setShown;
    function App() {
      const [shown, set] = React.useState(true);
      setShown = set;
      return h(React.Fragment, null,
        h(Host, { name: 'main' }, h(Text, null, 'always')),
        shown && h(Host, { name: 'extra' }, h(Text, { modifiers: [onDisappear(() => gone.push('extra'))] }, 'sometimes')));
    }
    const root = await render(h(App), s.host);
    assert.deepEqual([...s.host.surfaces.keys()].sort(), ['extra', 'main']);
    setShown(false);
    await root.settled();
    assert.deepEqual([...s.host.surfaces.keys()], ['main']);
    assert.deepEqual(gone, ['extra']);
    await root.unmount();
    assert.equal(s.host.surfaces.size, 0);
    await assert.rejects(s.host.request('snapshot', { surface: 'main' }), (e) => e.code === -32602 || e.code === -32001 || /surface/i.test(e.message));
  } finally { await s.done(); }
});

test('a component that throws is reported with its component stack; the surface keeps its last good tree', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  const errors = [];
  const consoleError = console.error;
  console.error = () => {}; // React logs the caught error too
  try {
    let setBroken;
    function Fragile({ broken }) {
      if (broken) throw new Error('no data for row');
      return h(Text, { key: 'fragile' }, 'fine');
    }
    function App() {
      const [broken, set] = React.useState(false);
      setBroken = set;
      return h(List, null, h(Fragile, { broken }));
    }
    const root = await render(h(App), s.host, { onError: (e) => errors.push(e) });
    setBroken(true);
    await root.settled();
    assert.equal(errors.length, 1);
    assert.match(errors[0].message, /no data for row/);
    assert.match(errors[0].componentStack, /at Fragile/);
    assert.match(errors[0].componentStack, /at App/);
    assert.ok(s.diagnostics.some((d) => d.code === 'render-threw' && d.severity === 'error' && d.source === 'client' && /at Fragile/.test(d.message)));
    assert.equal(s.count('update'), 0, 'nothing was sent for the failed render');
    const { root: tree } = await root.surface().snapshot();
    assert.deepEqual(texts(tree), ['fine']);
    // render() again gives the tree a fresh try.
    root.render(h(List, null, h(Text, { key: 'fresh' }, 'again')));
    await root.settled();
    assert.deepEqual(texts((await root.surface().snapshot()).root), ['again']);
    await root.unmount();
  } finally { console.error = consoleError; await s.done(); }
});

test('a tree the host refuses is reported; render() rejects when the first one is refused', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    await assert.rejects(render(h('Carousel', null), s.host), (e) => e.code === 'update-failed' && /Carousel/.test(e.message));
    assert.equal(s.host.surfaces.size, 0);
  } finally { await s.done(); }
});

test('render() names the Connection it needs when given something else', { timeout: TEST_TIMEOUT_MS }, async () => {
  await assert.rejects(render(h(List, null), {}), (e) => e instanceof TypeError && /a Connection of @modhost\/client/.test(e.message));
});

test('after an engine restart the connection and the surface stay, and the update in flight is answered by the new engine', { timeout: TEST_TIMEOUT_MS }, async () => {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, reconnect: { initialDelayMs: 20, maxDelayMs: 200 } });
  const dropped = [];
  host.on('disconnect', (info) => dropped.push(info));
  host.on('reconnect', (info) => dropped.push(info));
  try {
    let setRows;
    function App() {
      const [rows, set] = React.useState(['a']);
      setRows = set;
      return h(List, null, rows.map((r) => h(Text, { key: r }, r)));
    }
    const root = await render(h(App), host);
    const surface = root.surface();
    // The update of this state is sent while the engine is stopped, so it is not read before it dies.
    const engine = env.daemon.enginePid;
    process.kill(engine, 'SIGSTOP');
    setRows(['a', 'b']);
    await new Promise((r) => setTimeout(r, 100));
    const restarted = once(host, 'engineRestarted', 30000);
    process.kill(engine, 'SIGKILL');
    const { surfaces } = await restarted;
    assert.deepEqual(surfaces, [{ surface: 'main', status: 'rebuilt' }], 'the daemon rebuilt the last committed tree');
    await root.settled();
    assert.deepEqual(ids((await root.surface().snapshot()).root), ['a', 'b']);
    assert.equal(root.surface(), surface, 'the same surface, not mounted again');
    assert.deepEqual(root.errors, []);
    setRows(['a', 'b', 'c']); // and later commits go to the new engine
    await root.settled();
    assert.deepEqual(ids((await root.surface().snapshot()).root), ['a', 'b', 'c']);
    assert.deepEqual(dropped, [], 'no disconnect, no reconnect');
    await root.unmount();
  } finally { await host.close(); await env.cleanup(); }
});

test('a commit that crashes the engine in a plugin is rejected with -32005 and sent again to the new engine', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  if (!existsSync(fixtureLibrary('libFaultyFixture.so'))) {
    t.skip(`no ${fixtureLibrary('libFaultyFixture.so')} (built with the package's test fixtures)`);
    return;
  }
  const env = await withDaemon((dir) => {
    makePlugin(path.join(dir, 'plugins', 'faulty'), { name: 'Faulty', library: 'libFaultyFixture.so', modules: ['FaultyModule'] });
    return { args: ['--plugins', path.join(dir, 'plugins')] };
  });
  const host = await connect({ socket: env.socket, reconnect: false });
  const crashed = [];
  host.on('pluginCrashed', (event) => crashed.push(event));
  try {
    let setFaulty;
    function App() {
      const [faulty, set] = React.useState(false);
      setFaulty = set;
      return h(List, null, h(Text, { key: 'a' }, 'a'),
        faulty && h(Text, { key: 'f', modifiers: [createModifier('faulty', { fault: 'body' })] }, 'faulty'));
    }
    const root = await render(h(App), host);
    const surface = root.surface();
    const restarted = once(host, 'engineRestarted', 30000);
    setFaulty(true); // its update traps in the plugin's body: the engine ends while it runs
    const { surfaces, plugin } = await restarted;
    assert.equal(plugin, 'Faulty');
    assert.deepEqual(surfaces, [{ surface: 'main', status: 'rebuilt' }]);
    await root.settled();
    const { root: tree } = await root.surface().snapshot();
    assert.deepEqual(ids(tree), ['a', 'f'], 'the commit was sent again, and the new engine took it');
    assert.deepEqual(tree.children[1].modifiers, [{ $type: 'faulty', quarantined: 'Faulty' }]);
    assert.equal(root.surface(), surface);
    assert.deepEqual(root.errors, [], 'the -32005 is not reported as a refused tree');
    assert.deepEqual(crashed.map((e) => [e.mine, e.method]), [[true, 'update']]);
    assert.equal(host.connected, true);
    await root.unmount();
  } finally { await host.close(); await env.cleanup(); }
});

test("view events: Button, Toggle and TextField call the latest render's functions", { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const s = await session();
  try {
    if (!s.host.server.views.includes('Toggle')) {
      t.skip(`this modhostd has no view events yet (its views do not list Toggle: ${s.host.server.views.join(', ')})`);
      return;
    }
    const pressed = [];
    const typed = [];
    function App() {
      const [n, setN] = React.useState(1);
      const [on, setOn] = React.useState(false);
      return h(List, null,
        h(Button, { key: 'go', onPress: () => { pressed.push(n); setN(n + 1); } }, 'Go'),
        h(Toggle, { key: 'wifi', isOn: on, label: 'Wi-Fi', onIsOnChange: setOn }),
        h(TextField, { key: 'name', defaultValue: '', placeholder: 'Name', onTextChange: (text) => typed.push(`${n}:${text}`) }),
        h(Text, { key: 'state' }, `n=${n} on=${on}`));
    }
    const root = await render(h(App), s.host);
    const surface = root.surface();
    await surface.tap('go');
    await root.settled();
    await surface.tap('go');
    await root.settled();
    assert.deepEqual(pressed, [1, 2], 'the second press ran the second render\'s function');
    await surface.tap('wifi');
    await root.settled();
    await surface.interact('name', { gesture: 'type', text: 'Ada' });
    assert.deepEqual(typed, ['3:Ada']);
    const { root: tree } = await surface.snapshot();
    const byKey = Object.fromEntries(tree.children.map((c) => [c.key, c]));
    assert.equal(byKey.state.props.text, 'n=3 on=true');
    assert.equal(byKey.wifi.value, true, 'the toggle shows the state React stored');
    assert.deepEqual(byKey.go.events, ['onPress']);
    await root.unmount();
  } finally { await s.done(); }
});

test('a search field filters rows through React state; a sheet reports its detent', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const fruit = ['apple', 'apricot', 'banana'];
    function App() {
      const [query, setQuery] = React.useState('');
      const [detent, setDetent] = React.useState('medium');
      return h(VStack, null,
        h(List, { key: 'fruit', modifiers: [searchable(query, { prompt: 'Search fruit', onChange: setQuery })] },
          fruit.filter((name) => name.startsWith(query)).map((name) => h(Text, { key: name }, name))),
        h(VStack, { key: 'sheet', modifiers: [presentationDetents(['medium', 'large'], { selection: detent, onSelectionChange: setDetent })] },
          h(Text, { key: 'at' }, `at ${detent}`)));
    }
    const root = await render(h(App), s.host);
    const surface = root.surface();
    await surface.typeText('fruit', 'ap');
    await root.settled();
    let { root: tree } = await surface.snapshot();
    assert.deepEqual(ids(tree.children[0]), ['apple', 'apricot'], 'the rows React kept after onChange');
    assert.equal(tree.children[0].search.text, 'ap', 'the field shows the text React wrote back');
    await surface.detent('sheet', 'large');
    await root.settled();
    ({ root: tree } = await surface.snapshot());
    assert.deepEqual(texts(tree.children[1]), ['at large']);
    assert.equal(tree.children[1].sheet.selection, 'large');
    await root.unmount();
  } finally { await s.done(); }
});

test('React keys the host would refuse (all digits, a slash) become legal node keys', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const root = await render(h(List, null, [1, 'a/b', '100%'].map((k) => h(Text, { key: k }, String(k)))), s.host);
    assert.deepEqual(ids((await root.surface().snapshot()).root), ['#1', 'a%2Fb', '100%25']);
    await root.unmount();
  } finally { await s.done(); }
});
