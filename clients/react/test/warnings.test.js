// The host's warnings where a developer looks (issue 44, item 3): printed once each through
// console.warn with the component stack, silent in production, thrown in strict mode.
import test from 'node:test';
import assert from 'node:assert/strict';
import { connect, padding } from '../../js/src/index.js';
import { withDaemon } from '../../js/test-support/daemon.js';
import { render, React, Host, List, HStack, Text, Toggle } from '../src/index.js';

const h = React.createElement;
const TEST_TIMEOUT_MS = 120_000;

async function session() {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, reconnect: false });
  const heard = [];
  host.on('diagnostic', (d) => heard.push(d));
  return { host, heard, async done() { await host.close(); await env.cleanup(); } };
}

/** Runs `body` with console.warn captured; returns what it printed. */
async function capturingWarnings(body) {
  const printed = [];
  const original = console.warn;
  console.warn = (...args) => printed.push(args.join(' '));
  try { await body(); } finally { console.warn = original; }
  return printed;
}

function Row({ title }) {
  // `alignmnt` is misspelt: the host reports an unknown-prop for each row.
  return h(HStack, { alignmnt: 'center' }, h(Text, null, title));
}
function Inbox({ count }) {
  return h(Host, { name: 'inbox' }, h(List, null, Array.from({ length: count }, (_, i) => h(Row, { key: `m${i}`, title: `Mail ${i}` }))));
}

test('a host warning is printed once, with the component stack of the node it names', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    let root;
    const printed = await capturingWarnings(async () => {
      root = await render(h(Inbox, { count: 3 }), s.host);
      root.render(h(Inbox, { count: 4 }));
      await root.settled();
    });
    assert.equal(s.heard.filter((d) => d.code === 'unknown-prop').length, 4, 'onDiagnostic still hears each one');
    assert.equal(printed.length, 1, `printed once for the rows' shared path: ${printed.join('\n')}`);
    assert.match(printed[0], /unknown-prop/);
    assert.match(printed[0], /alignmnt/);
    assert.match(printed[0], /\n {4}in HStack\n {4}in Row\n {4}in List\n {4}in Host name="inbox"\n {4}in Inbox/);
    await root.unmount();
  } finally { await s.done(); }
});

test("the stack leaves out the renderer's own error boundary, not an app component of that name", { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    function Boundary({ children }) { return children; }
    let root;
    const printed = await capturingWarnings(async () => {
      root = await render(h(Host, { name: 'b' }, h(Boundary, null, h(HStack, { alignmnt: 'center' }))), s.host);
    });
    assert.equal(printed.length, 1);
    assert.match(printed[0], /\n {4}in HStack\n {4}in Boundary\n {4}in Host name="b"$/);
    await root.unmount();
  } finally { await s.done(); }
});

test('an older name prints its deprecation once; warnings: false prints nothing', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const screen = h(Host, { name: 'settings' }, h(Toggle, { isOn: false, label: 'Wi-Fi', onValueChange: () => {} }));
    let root;
    const printed = await capturingWarnings(async () => { root = await render(screen, s.host); });
    assert.equal(printed.length, 1);
    assert.match(printed[0], /deprecated-name.*onValueChange.*onIsOnChange/s);
    await root.unmount();
    const quiet = await capturingWarnings(async () => {
      const other = await render(h(Host, { name: 'quiet' }, h(HStack, { alignmnt: 'x' })), s.host, { warnings: false });
      await other.unmount();
    });
    assert.deepEqual(quiet, []);
  } finally { await s.done(); }
});

test('in strict mode the commit that drew a warning rejects with it', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const root = await render(h(Host, { name: 'strict' }, h(Text, { modifiers: [padding(4)] }, 'fine')), s.host, { strict: true, warnings: false });
    root.render(h(Host, { name: 'strict' }, h(HStack, { alignmnt: 'center' })));
    await assert.rejects(root.settled(), (error) => error.code === 'ERR_MODHOST_DIAGNOSTICS'
      && error.diagnostics.length === 1 && error.diagnostics[0].code === 'unknown-prop' && error.diagnostics[0].path === 'root.props.alignmnt');
    await root.settled();
    await root.unmount();
  } finally { await s.done(); }
});
