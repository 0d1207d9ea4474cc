// Integration tests against a real modhostd on a temporary socket.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { rmSync, existsSync, mkdirSync, renameSync, chownSync, chmodSync } from 'node:fs';
import net from 'node:net';
import {
  connect, swipeActions, createModifier, List, Section, HStack, VStack, Text,
  ModhostError, ModhostConnectionError, Host,
} from '../src/index.js';
import { withDaemon, startDaemon, tempSocketDir, once, MODHOSTD } from '../test-support/daemon.js';
import { mailRow, fixtureLibrary, makePlugin } from '../test-support/fixtures.js';

// Each test fails, by name, past this time rather than hanging the run (generous: a sanitized
// daemon on a loaded 2-core machine is slow).
const TEST_TIMEOUT_MS = 120_000;

// Fail once, clearly, when the binary is an old build without surfaces.
{
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, reconnect: false });
  try {
    await host.request('snapshot', { surface: 'probe' });
  } catch (error) {
    if (error.code === -32601) {
      throw new Error(`${MODHOSTD} does not serve surfaces ('snapshot' is not found): it is an old build; rebuild it (swift build) or point MODHOSTD at a current modhostd`);
    }
  } finally {
    await host.close();
    await env.cleanup();
  }
}

async function session() {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, clientName: 'modhost-js-test', reconnect: false });
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

test('initialize, describe', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    assert.equal(s.host.server.protocolVersion, 1);
    assert.ok(s.host.server.views.includes('List'));
    const described = await s.host.describe();
    assert.ok(described.modifiers.some((m) => m.type === 'swipeActions'));
    assert.ok(Array.isArray(described.plugins));
    assert.deepEqual(await s.host.ping(), {});
  } finally { await s.done(); }
});

test('a misspelt param is a diagnostic with a suggestion; strictParams makes it an error', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  const strict = await connect({ socket: s.socket, reconnect: false, strictParams: true });
  try {
    const misspelt = () => List(HStack({ key: 'r', modifiers: [createModifier('swipeActions', { trailling: [{ id: 'x' }] })] }, Text('a')));
    await s.host.mount('lenient', misspelt());
    const diagnostic = s.diagnostics.find((d) => d.code === 'unknown-param');
    assert.equal(diagnostic?.path, 'root.children[0].modifiers[0].trailling');
    assert.equal(diagnostic?.suggestion, 'trailing');
    assert.equal(strict.server.strictParams, true);
    assert.equal(s.host.server.strictParams, undefined);
    await assert.rejects(strict.mount('strict', misspelt()), (error) => {
      assert.ok(error instanceof ModhostError);
      assert.equal(error.code, -32602);
      assert.equal(error.data.path, 'root.children[0].modifiers[0].trailling');
      assert.equal(error.data.suggestion, 'trailing');
      return true;
    });
    assert.throws(() => new Host({ strictParams: 'yes' }), /strictParams must be a boolean/);
  } finally {
    await strict.close();
    await s.done();
  }
});

test('mount, update, snapshot, unmount', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const presses = [];
    const surface = await s.host.mount('inbox', List(mailRow('m1', 'Hello', presses), mailRow('m2', 'Lunch?', presses)));
    assert.equal(surface.name, 'inbox');
    assert.ok(s.host.surfaces.has('inbox'));
    let { root } = await surface.snapshot();
    assert.equal(root.type, 'List');
    assert.deepEqual(root.children.map((c) => c.key), ['m1', 'm2']);
    assert.equal(root.children[0].children[0].props.text, 'Hello');
    assert.deepEqual(root.children[0].swipeActions.trailing.map((a) => a.id), ['delete', 'edit']);
    assert.equal(root.children[0].swipeActions.trailing[0].tint, '#FF3B30FF'); // destructive shows red
    assert.equal(root.children[0].swipeActions.leading[0].symbolVariant, 'fill');

    const counts = await surface.update(List(mailRow('m1', 'Hello', presses), mailRow('m3', 'New', presses)));
    assert.deepEqual(Object.keys(counts).sort(), ['created', 'removed', 'unchanged', 'updated']);
    assert.equal(counts.unchanged, 1);
    ({ root } = await surface.snapshot());
    assert.deepEqual(root.children.map((c) => c.key), ['m1', 'm3']);

    await assert.rejects(s.host.mount('inbox', List()), (e) => e instanceof ModhostError && e.data.path === 'surface');
    assert.deepEqual(await surface.unmount(), {});
    assert.equal(surface.mounted, false);
    assert.equal(s.host.surfaces.has('inbox'), false);
    await assert.rejects(surface.snapshot(), /not mounted/);
  } finally { await s.done(); }
});

test('swipe then tapAction calls the right onPress, and only it', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const presses = [];
    const surface = await s.host.mount('inbox', List(mailRow('m1', 'Hello', presses), mailRow('m2', 'Lunch?', presses)));
    const swiped = await surface.swipe('m2', 'trailing');
    assert.deepEqual(swiped, { handled: true, edge: 'trailing', revealed: ['delete', 'edit'] });
    assert.deepEqual(presses, []);
    const tapped = await surface.tapAction('m2', 'edit');
    assert.equal(tapped.handled, true);
    // the event arrives before the response, so onPress has already run
    assert.deepEqual(presses, ['m2:edit']);

    // not revealed any more: not handled, nothing runs
    const again = await surface.tapAction('m2', 'edit');
    assert.equal(again.handled, false);
    await surface.interact('m1', { gesture: 'swipe', edge: 'leading' });
    await surface.tapAction('m1', 'archive');
    assert.deepEqual(presses, ['m2:edit', 'm1:archive']);
    assert.deepEqual(s.diagnostics, []);
  } finally { await s.done(); }
});

test('full swipe with allowsFullSwipe performs the first action', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const presses = [];
    const surface = await s.host.mount('inbox', List(mailRow('m1', 'Hello', presses, { allowsFullSwipe: true })));
    const result = await surface.swipe('m1', 'trailing', { full: true });
    assert.equal(result.performed, 'delete');
    assert.deepEqual(presses, ['m1:delete']);
  } finally { await s.done(); }
});

test('two swipeActions modifiers on one row each get their own events', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const first = [];
    const second = [];
    const events = [];
    s.host.on('event', (e) => events.push(e));
    const row = HStack({ key: 'row', modifiers: [
      swipeActions({ trailing: [{ id: 'delete', label: 'Delete', role: 'destructive', onPress: (info) => first.push(info) }] }),
      swipeActions({ trailing: [{ id: 'flag', label: 'Flag', tint: 'orange', onPress: (info) => second.push(info) }] }),
    ] }, Text('Two modifiers'));
    const surface = await s.host.mount('main', List(row));
    const swiped = await surface.swipe('row', 'trailing');
    assert.deepEqual(swiped.revealed, ['delete', 'flag']); // accumulate per edge, in modifier order

    await surface.tapAction('row', 'flag');
    assert.equal(first.length, 0);
    assert.equal(second.length, 1);
    assert.equal(second[0].id, 'flag');
    assert.equal(second[0].modifier, 1);
    assert.equal(events.at(-1).modifier, 1);

    await surface.swipe('row', 'trailing');
    await surface.tapAction('row', 'delete');
    assert.equal(first.length, 1);
    assert.equal(first[0].modifier, 0);
    assert.equal(second.length, 1);
    assert.deepEqual(events.map((e) => [e.node, e.modifier, e.payload]), [
      ['row', 1, { swipeActions: { id: 'flag' } }],
      ['row', 0, { swipeActions: { id: 'delete' } }],
    ]);
  } finally { await s.done(); }
});

test('unkeyed rows are routed by index path, inside a Section', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const presses = [];
    const row = (n) => HStack({ modifiers: [swipeActions({ leading: [{ id: 'pin', label: 'Pin', onPress: () => presses.push(n) }] })] }, Text(`row ${n}`));
    const surface = await s.host.mount('main', List(Section(row(0), row(1), row(2))));
    await surface.swipe('0/0/2', 'leading');
    await surface.tapAction('0/0/2', 'pin');
    assert.deepEqual(presses, [2]);
  } finally { await s.done(); }
});

test('update keeps a revealed row revealed, and new listeners take over', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const before = [];
    const after = [];
    const surface = await s.host.mount('inbox', List(mailRow('m1', 'Hello', before), mailRow('m2', 'Lunch?', before)));
    await surface.swipe('m1', 'trailing');
    // same modifier data, new callbacks, other row changed text, a row added
    const counts = await surface.update(List(mailRow('m1', 'Hello', after), mailRow('m2', 'Lunch at noon?', after), mailRow('m4', 'Hi', after)));
    assert.ok(counts.unchanged >= 2);
    const { root } = await surface.snapshot();
    assert.equal(root.children[0].swipeActions.revealed, 'trailing');
    assert.equal(root.children[1].swipeActions.revealed, null);
    const tapped = await surface.tapAction('m1', 'delete');
    assert.equal(tapped.handled, true);
    assert.deepEqual(before, []);
    assert.deepEqual(after, ['m1:delete']);
  } finally { await s.done(); }
});

test('host errors reject with ModhostError carrying code and data.path; nothing changes', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const presses = [];
    const surface = await s.host.mount('inbox', List(mailRow('m1', 'Hello', presses)));
    const bad = List(HStack({ key: 'm1', modifiers: [swipeActions({ trailing: [
      { id: 'ok', label: 'OK', onPress() {} },
      { id: 'bad', label: 'Bad', tint: 'not-a-colour', onPress() {} },
    ] })] }));
    await assert.rejects(surface.update(bad), (e) => {
      assert.ok(e instanceof ModhostError);
      assert.ok(e instanceof Error);
      assert.equal(e.code, -32602);
      assert.equal(e.data.path, 'root.children[0].modifiers[0].trailing[1].tint');
      assert.equal(e.path, e.data.path);
      assert.equal(e.data.got, 'not-a-colour');
      assert.match(e.message, /colour/);
      assert.equal(e.method, 'update');
      return true;
    });
    await assert.rejects(s.host.mount('other', List(HStack({ modifiers: [createModifier('noSuchModifier')] }))),
      (e) => e instanceof ModhostError && e.data.path === 'root.children[0].modifiers[0].$type');
    // the failed update changed nothing: old tree and old listeners still in force
    const { root } = await surface.snapshot();
    assert.deepEqual(root.children[0].swipeActions.trailing.map((a) => a.id), ['delete', 'edit']);
    await surface.swipe('m1', 'trailing');
    await surface.tapAction('m1', 'edit');
    assert.deepEqual(presses, ['m1:edit']);
    await assert.rejects(surface.interact('nope', { gesture: 'swipe', edge: 'leading' }), (e) => e.code === -32602 && e.data.path === 'node');
  } finally { await s.done(); }
});

test('an event without a listener becomes a client diagnostic; host diagnostics arrive too', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    // data only: no eventListener on this client
    const raw = createModifier('swipeActions', { trailing: [{ id: 'delete', label: 'Delete' }] });
    const tree = VStack(
      List(HStack({ key: 'row', modifiers: [raw] }, Text('no listener'))),
      HStack({ key: 'loose', modifiers: [swipeActions({ trailing: [{ id: 'x', label: 'X', onPress() {} }] })] }),
    );
    const surface = await s.host.mount('main', tree);
    const hostDiag = s.diagnostics.find((d) => d.code === 'swipe-actions-outside-list');
    assert.ok(hostDiag, JSON.stringify(s.diagnostics));
    assert.equal(hostDiag.node, 'loose');

    await surface.swipe('row', 'trailing');
    await surface.tapAction('row', 'delete');
    const clientDiag = s.diagnostics.find((d) => d.source === 'client');
    assert.ok(clientDiag, JSON.stringify(s.diagnostics));
    assert.equal(clientDiag.code, 'event-without-listener');
    assert.equal(clientDiag.node, 'row');
    assert.equal(clientDiag.modifier, 0);
    assert.deepEqual(clientDiag.payload, { swipeActions: { id: 'delete' } });
  } finally { await s.done(); }
});

test('an action without onPress, and a throwing onPress, give client diagnostics', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const surface = await s.host.mount('main', List(HStack({ key: 'row', modifiers: [swipeActions({ trailing: [
      { id: 'silent', label: 'Silent' },
      { id: 'boom', label: 'Boom', onPress() { throw new Error('kaboom'); } },
    ] })] })));
    await surface.swipe('row', 'trailing');
    await surface.tapAction('row', 'silent');
    await surface.swipe('row', 'trailing');
    await surface.tapAction('row', 'boom');
    assert.deepEqual(s.diagnostics.map((d) => d.code), ['event-unhandled', 'listener-threw']);
    assert.match(s.diagnostics[1].message, /kaboom/);
  } finally { await s.done(); }
});

test('reconnect after SIGKILL and restart: re-mounts, events flow again; an engine\'s end keeps the connection; close() stops it', { timeout: TEST_TIMEOUT_MS }, async () => {
  const dir = tempSocketDir();
  const socket = path.join(dir, 'modhost.sock');
  let daemon = await startDaemon(socket);
  const host = await connect({ socket, reconnect: { initialDelayMs: 20, maxDelayMs: 200 } });
  try {
    const presses = [];
    const surface = await host.mount('inbox', List(mailRow('m1', 'Hello', presses)));
    await surface.update(List(mailRow('m1', 'Hello', presses), mailRow('m2', 'Second', presses)));

    const disconnected = once(host, 'disconnect');
    await daemon.stop('SIGKILL');
    await disconnected;
    assert.equal(host.connected, false);
    // a request made while disconnected waits for the new connection
    const pendingSnapshot = surface.snapshot();

    const reconnected = once(host, 'reconnect');
    daemon = await startDaemon(socket);
    const info = await reconnected;
    assert.deepEqual(info.surfaces, ['inbox']);
    assert.equal(host.connected, true);

    // re-mounted from the latest tree
    const { root } = await pendingSnapshot;
    assert.deepEqual(root.children.map((c) => c.key), ['m1', 'm2']);
    // and listeners keep working
    await surface.swipe('m2', 'trailing');
    await surface.tapAction('m2', 'delete');
    assert.deepEqual(presses, ['m2:delete']);

    // When only the engine goes away, the supervisor keeps the connection: a request the engine
    // never read (it is stopped first) is answered by the next engine, on the same connection.
    const disconnects = [];
    host.on('disconnect', (info) => disconnects.push(info));
    // Stopped right after it wrote the tap's event and answer (the likeliest moment), the
    // engine has already recorded them as written: the next one does not send them again.
    const restarted = once(host, 'engineRestarted', 30000);
    const engine = daemon.enginePid;
    assert.ok(engine && engine !== daemon.child.pid, `an engine pid in the log:\n${daemon.log}`);
    process.kill(engine, 'SIGSTOP');
    const inflight = surface.snapshot();
    await new Promise((r) => setTimeout(r, 50));
    process.kill(engine, 'SIGKILL');
    const { root: answered } = await inflight;
    assert.deepEqual(answered.children.map((c) => c.key), ['m1', 'm2']);
    const restart = await restarted;
    assert.deepEqual(restart.surfaces, [{ surface: 'inbox', status: 'rebuilt' }]);
    assert.equal(typeof restart.reason, 'string');
    assert.equal(restart.plugin, undefined, 'no plugin is blamed for a SIGKILL from outside');
    assert.deepEqual(disconnects, []);
    assert.equal(host.connected, true);
    await surface.swipe('m1', 'leading');
    await surface.tapAction('m1', 'archive');
    assert.deepEqual(presses, ['m2:delete', 'm1:archive']);

    const closed = once(host, 'close');
    await host.close();
    assert.equal((await closed).reason, 'closed');
    await assert.rejects(host.describe(), (e) => e instanceof ModhostConnectionError && e.code === 'ERR_MODHOST_CLOSED');
  } finally {
    await host.close();
    await daemon.stop('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without reconnect, a lost connection rejects waiting requests and emits close', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const closed = once(s.host, 'close');
    await s.daemon.stop('SIGKILL');
    const info = await closed;
    assert.equal(info.reason, 'lost');
    await assert.rejects(s.host.ping(), ModhostConnectionError);
  } finally { await s.done(); }
});

test('connect fails clearly when no daemon listens', { timeout: TEST_TIMEOUT_MS }, async () => {
  const dir = tempSocketDir();
  try {
    await assert.rejects(connect({ socket: path.join(dir, 'none.sock') }),
      (e) => e instanceof ModhostConnectionError && e.code === 'ERR_MODHOST_CONNECT' && /is the daemon running/.test(e.message));
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('connect sends nothing to a socket another user could have prepared', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    t.skip('needs root, to give a socket and a folder to another user');
    return;
  }
  const dir = tempSocketDir();
  const received = [];
  const server = net.createServer((socket) => socket.on('data', (chunk) => received.push(chunk)));
  try {
    const socketPath = path.join(dir, 'other.sock');
    await new Promise((resolve) => server.listen(socketPath, resolve));
    // Another user's socket in a folder of this user.
    chownSync(socketPath, 65534, 65534);
    // Without the check, connect would wait for an answer to its initialize: give it 3 s.
    const attempt = () => Promise.race([connect({ socket: socketPath }),
      new Promise((_, reject) => setTimeout(() => reject(new Error('connect sent its initialize and waited')), 3000).unref())]);
    await assert.rejects(attempt(),
      (e) => e instanceof ModhostConnectionError && e.code === 'ERR_MODHOST_SOCKET_OWNER' && /belongs to uid 65534/.test(e.message));
    // This user's socket in a folder others may write (not root's and sticky).
    chownSync(socketPath, 0, 0);
    chmodSync(dir, 0o777);
    await assert.rejects(attempt(),
      (e) => e.code === 'ERR_MODHOST_SOCKET_OWNER' && /has mode 777/.test(e.message));
    chmodSync(dir, 0o700);
    assert.equal(Buffer.concat(received).length, 0, 'nothing reached the other socket');
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a plugin dropped into a plugin folder is announced with pluginsChanged', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const fixture = fixtureLibrary('libGreetingFixture.so');
  if (!existsSync(fixture)) {
    t.skip(`no ${fixture} (built with the package's test fixtures)`);
    return;
  }
  // The plugin folder exists before the daemon starts, so the daemon watches it.
  const env = await withDaemon((dir) => {
    mkdirSync(path.join(dir, 'plugins'));
    return { args: ['--plugins', path.join(dir, 'plugins')] };
  });
  const host = await connect({ socket: env.socket, reconnect: false });
  try {
    // Build the plugin folder aside, then move it in at once, as an installer would.
    const folder = path.join(env.dir, 'staging', 'greeting');
    makePlugin(folder, { name: 'Greeting', library: 'libGreetingFixture.so', modules: ['GreetingModule'] });
    const changed = once(host, 'pluginsChanged');
    renameSync(folder, path.join(env.dir, 'plugins', 'greeting'));
    const info = await changed;
    assert.deepEqual(info, { added: ['greeting'], removed: [], changed: [] });
    const described = await host.describe();
    assert.ok(described.modifiers.some((m) => m.type === 'greeting'));
    // reload() rescans at once: the plugin is already loaded, so nothing changes.
    const reloaded = await host.reload();
    assert.deepEqual([reloaded.added, reloaded.removed, reloaded.changed, reloaded.events], [[], [], [], []]);
    const greeting = reloaded.plugins.filter((p) => p.path === path.join(env.dir, 'plugins', 'greeting'));
    assert.deepEqual(greeting.map((p) => [p.name, p.status, p.types]), [['Greeting', 'loaded', ['greeting']]]);
  } finally {
    await host.close();
    await env.cleanup();
  }
});

test('close() while reconnecting stops retrying and rejects waiting requests', { timeout: TEST_TIMEOUT_MS }, async () => {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, reconnect: { initialDelayMs: 10, maxDelayMs: 20 } });
  try {
    const failures = [];
    host.on('reconnectFailed', (info) => failures.push(info));
    const disconnected = once(host, 'disconnect');
    await env.daemon.stop('SIGKILL');
    await disconnected;
    const waiting = host.describe();
    await once(host, 'reconnectFailed'); // it is retrying
    await host.close();
    await assert.rejects(waiting, (e) => e instanceof ModhostConnectionError && e.code === 'ERR_MODHOST_CLOSED');
    const count = failures.length;
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(failures.length, count, 'no attempts after close()');
    assert.equal(host.state, 'closed');
  } finally {
    await host.close();
    await env.cleanup();
  }
});
