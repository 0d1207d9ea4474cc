// Discrete events (issue 44, item 1): the updates one event's handler causes are committed and
// on the host before the next event's handler runs, so handlers never see a stale render, also
// when the gestures are sent back to back without waiting.
import test from 'node:test';
import assert from 'node:assert/strict';
import { connect } from '../../js/src/index.js';
import { withDaemon } from '../../js/test-support/daemon.js';
import { render, React, Host, List, VStack, Text, Button, TextField, Toggle } from '../src/index.js';

const h = React.createElement;
const TEST_TIMEOUT_MS = 120_000;

async function session() {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, reconnect: false });
  return { host, async done() { await host.close(); await env.cleanup(); } };
}

const textOf = async (surface, key) => {
  const { root } = await surface.snapshot();
  const found = [root, ...(root.children ?? [])].find((n) => n.key === key);
  return found?.props?.text;
};

test('two taps sent back to back on a counter count 2', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    function Counter() {
      const [count, setCount] = React.useState(0);
      // A closure over this render's count: a stale one would count 1.
      return h(Host, { name: 'c' }, h(VStack, null, h(Button, { key: 'inc', onPress: () => setCount(count + 1) }, 'Add'), h(Text, { key: 'n' }, `${count}`)));
    }
    const root = await render(h(Counter), s.host);
    const surface = root.surface();
    await Promise.all([surface.tap('inc'), surface.tap('inc')]);
    await root.settled();
    assert.equal(await textOf(surface, 'n'), '2');
    await root.unmount();
  } finally { await s.done(); }
});

test('typing then tapping at once sends the typed text; two quick adds make two rows', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    function Compose() {
      const [draft, setDraft] = React.useState('');
      const [rows, setRows] = React.useState([]);
      const send = () => setRows([...rows, { id: `m${rows.length + 1}`, subject: draft || '(no subject)' }]);
      return h(Host, { name: 'mail' }, h(VStack, null,
        h(TextField, { key: 'subject', onTextChange: setDraft }),
        h(Button, { key: 'send', onPress: send }, 'Send'),
        h(List, { key: 'rows' }, rows.map((row) => h(Text, { key: row.id }, row.subject)))));
    }
    const root = await render(h(Compose), s.host);
    const surface = root.surface();
    await Promise.all([surface.typeText('subject', 'Lunch?'), surface.tap('send'), surface.tap('send')]);
    await root.settled();
    const { root: tree } = await surface.snapshot();
    const list = tree.children.find((n) => n.key === 'rows');
    assert.deepEqual(list.children.map((n) => [n.key, n.props.text]), [['m1', 'Lunch?'], ['m2', 'Lunch?']]);
    await root.unmount();
  } finally { await s.done(); }
});

test('a burst of 1,000 interleaved events ends as the same events applied one at a time', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    function Panel() {
      const [count, setCount] = React.useState(0);
      const [on, setOn] = React.useState(false);
      const [log, setLog] = React.useState('');
      return h(Host, { name: 'p' }, h(VStack, null,
        h(Button, { key: 'inc', onPress: () => { setCount(count + 1); setLog(`${log.slice(-40)}+`); } }, 'Add'),
        h(Toggle, { key: 'flag', isOn: on, onIsOnChange: (value) => { setOn(value); setLog(`${log.slice(-40)}${value ? 'T' : 'F'}`); } }),
        h(Text, { key: 'state' }, `${count} ${on} ${log}`)));
    }
    // The model: the same events, one at a time.
    let count = 0; let on = false; let log = '';
    const gestures = [];
    for (let i = 0; i < 1000; i += 1) {
      if (i % 3 === 2) { on = !on; log = `${log.slice(-40)}${on ? 'T' : 'F'}`; gestures.push('flag'); } else { count += 1; log = `${log.slice(-40)}+`; gestures.push('inc'); }
    }
    const root = await render(h(Panel), s.host);
    const surface = root.surface();
    await Promise.all(gestures.map((node) => surface.tap(node)));
    await root.settled();
    assert.equal(await textOf(surface, 'state'), `${count} ${on} ${log}`);
    await root.unmount();
  } finally { await s.done(); }
});
