// Integration tests: diagnostics sent during the handshake, request timeouts, and giving up
// reconnecting, each against a real modhostd.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, Host, ModhostConnectionError, ModhostTimeoutError } from '../src/index.js';
import { withDaemon, once } from '../test-support/daemon.js';
import { withGreetingDaemon } from '../test-support/fixtures.js';

// Each test fails, by name, past this time rather than hanging the run (generous: a sanitized
// daemon on a loaded 2-core machine is slow).
const TEST_TIMEOUT_MS = 120_000;

const turn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A daemon whose plugin folder holds one plugin whose plugin.json is not JSON. */
function withBrokenPlugin() {
  return withDaemon((dir) => {
    const folder = path.join(dir, 'plugins', 'broken');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'plugin.json'), '{ "name": "Broken", ');
    return { args: ['--plugins', path.join(dir, 'plugins')] };
  });
}

const loadFailed = (d) => d.code === 'plugin-load-failed';

test('diagnostics sent before the initialize answer reach connect() users', { timeout: TEST_TIMEOUT_MS }, async () => {
  const env = await withBrokenPlugin();
  const hosts = [];
  try {
    // 1. onDiagnostic hears them during the handshake, before connect() resolves.
    const early = [];
    const a = await connect({ socket: env.socket, reconnect: false, onDiagnostic: (d) => early.push(d) });
    hosts.push(a);
    assert.equal(early.filter(loadFailed).length, 1, JSON.stringify(early));
    assert.match(early.find(loadFailed).message, /broken/);
    assert.ok(early.find(loadFailed).path.endsWith(path.join('plugins', 'broken')));
    assert.deepEqual(a.startupDiagnostics, early);
    await turn();
    assert.equal(early.filter(loadFailed).length, 1, 'not heard twice');

    // 2. A listener added right after `await connect()` hears them once.
    const b = await connect({ socket: env.socket, reconnect: false });
    hosts.push(b);
    const late = [];
    b.on('diagnostic', (d) => late.push(d));
    assert.equal(b.startupDiagnostics.filter(loadFailed).length, 1);
    await turn();
    assert.deepEqual(late, b.startupDiagnostics);
    await sleep(50);
    assert.equal(late.filter(loadFailed).length, 1, 'not heard twice');

    // 3. Listeners added before start() hear them as they come, and only then.
    const c = new Host({ socket: env.socket, reconnect: false });
    hosts.push(c);
    const before = [];
    c.on('diagnostic', (d) => before.push(d));
    await c.start();
    assert.equal(before.filter(loadFailed).length, 1);
    await sleep(50);
    assert.equal(before.filter(loadFailed).length, 1, 'not heard twice');

    // A later reload does not add to startupDiagnostics.
    await b.reload();
    assert.equal(b.startupDiagnostics.filter(loadFailed).length, 1);
  } finally {
    for (const host of hosts) await host.close();
    await env.cleanup();
  }
});

test('a Host closed before the replay emits nothing more', { timeout: TEST_TIMEOUT_MS }, async () => {
  const env = await withBrokenPlugin();
  try {
    const host = await connect({ socket: env.socket, reconnect: false });
    await host.close();
    const heard = [];
    host.on('diagnostic', (d) => heard.push(d));
    await turn();
    assert.deepEqual(heard, []);
    assert.equal(host.startupDiagnostics.filter(loadFailed).length, 1);
  } finally { await env.cleanup(); }
});

test('requestTimeoutMs: a request not answered in time rejects with ERR_MODHOST_TIMEOUT; its late answer is dropped', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const env = await withGreetingDaemon(t);
  if (env === null) return;
  const diagnostics = [];
  const host = await connect({ socket: env.socket, reconnect: false, requestTimeoutMs: 150, onDiagnostic: (d) => diagnostics.push(d) });
  try {
    const greeting = host.requireNativeModule('Greeting');
    // A twin call, sent with it but allowed 5 s, is answered when the function's answer comes.
    const order = [];
    const twin = host.callFunction('Greeting', 'greetLater', ['Twin', 600], { timeoutMs: 5000 }).then(() => order.push('answered'));
    await assert.rejects(greeting.greetLater('Alan', 600).finally(() => order.push('rejected')), (e) => {
      assert.ok(e instanceof ModhostTimeoutError);
      assert.ok(e instanceof ModhostConnectionError);
      assert.equal(e.code, 'ERR_MODHOST_TIMEOUT');
      assert.equal(e.method, 'callFunction');
      assert.equal(e.timeoutMs, 150);
      assert.equal(e.sent, true);
      assert.equal(typeof e.requestId, 'number');
      assert.match(e.message, /'callFunction' was not answered within 150 ms/);
      return true;
    });
    await twin;
    assert.deepEqual(order, ['rejected', 'answered'], 'rejected before the answer came');

    // Per call: a longer limit on callFunction, a shorter one on request, none with 0.
    assert.equal(await host.callFunction('Greeting', 'greetLater', ['Ada', 300], { timeoutMs: 5000 }), 'Hello later, Ada');
    assert.equal(await host.callFunction('Greeting', 'greetLater', ['Bob', 250], { timeoutMs: 0 }), 'Hello later, Bob');
    await assert.rejects(host.request('callFunction', { module: 'Greeting', function: 'greetLater', args: ['Eve', 400] }, { timeoutMs: 20 }),
      (e) => e instanceof ModhostTimeoutError && e.timeoutMs === 20);

    // The late answers come and are dropped: no protocol error, and the connection still works.
    await sleep(700);
    assert.deepEqual(await host.ping(), {});
    assert.deepEqual(diagnostics.filter((d) => d.source === 'client'), []);
    assert.equal(host.connected, true);

    assert.throws(() => host.request('ping', undefined, { timeoutMs: -1 }), TypeError);
    assert.throws(() => new Host({ socket: env.socket, requestTimeoutMs: 'soon' }), TypeError);
  } finally {
    await host.close();
    await env.cleanup();
  }
});

test('reconnect.maxAttempts: after N failed attempts the Host closes with ERR_MODHOST_RECONNECT_FAILED', { timeout: TEST_TIMEOUT_MS }, async () => {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, reconnect: { initialDelayMs: 10, maxDelayMs: 40, maxAttempts: 3 } });
  try {
    const failures = [];
    host.on('reconnectFailed', (info) => failures.push(info));
    const closed = once(host, 'close');
    const disconnected = once(host, 'disconnect');
    await env.daemon.stop('SIGKILL');
    await disconnected;
    assert.equal(host.state, 'reconnecting');
    const waiting = host.describe();
    const timed = host.request('ping', undefined, { timeoutMs: 1 });
    await assert.rejects(timed, (e) => e instanceof ModhostTimeoutError && e.sent === false && e.method === 'ping'
      && /never sent/.test(e.message));

    const info = await closed;
    assert.equal(info.reason, 'reconnectFailed');
    const error = info.error;
    assert.ok(error instanceof ModhostConnectionError);
    assert.equal(error.code, 'ERR_MODHOST_RECONNECT_FAILED');
    assert.equal(error.attempts, 3);
    assert.equal(error.socketPath, env.socket);
    assert.ok(error.cause instanceof ModhostConnectionError, String(error.cause));
    assert.equal(error.cause.code, 'ERR_MODHOST_CONNECT');
    assert.ok(error.message.includes(env.socket) && /after 3 failed attempts/.test(error.message), error.message);
    assert.equal(host.closeError, error);

    assert.deepEqual(failures.map((f) => f.attempt), [1, 2, 3]);
    assert.equal(failures[2].nextDelayMs, null);
    assert.equal(typeof failures[1].nextDelayMs, 'number');
    await assert.rejects(waiting, (e) => e instanceof ModhostConnectionError && e.code === 'ERR_MODHOST_RECONNECT_FAILED'
      && e.method === 'describe' && e.attempts === 3);
    assert.equal(host.state, 'closed');
    await assert.rejects(host.ping(), (e) => e.code === 'ERR_MODHOST_CLOSED' && /gave up reconnecting/.test(e.message));
    await sleep(100);
    assert.equal(failures.length, 3, 'no attempts after giving up');
    assert.throws(() => new Host({ socket: env.socket, reconnect: { maxAttempts: 0 } }), TypeError);
  } finally {
    await host.close();
    await env.cleanup();
  }
});
