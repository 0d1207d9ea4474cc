// The inspector's server without a browser: the token check, its routes, the live stream,
// gestures passed on as interact, and (against a real modhostd) the picture it keeps.
import test from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { rmSync } from 'node:fs';
import {
  newToken, tokenMatches, InspectorState, createInspectorServer, parseArguments, startInspector,
} from '../server.mjs';
import { existsSync } from 'node:fs';
import { connect, List, HStack, Text, swipeActions, createModifier, ENGINE_RESTARTED } from '../../clients/js/src/index.js';
import { startDaemon, tempSocketDir } from '../../clients/js/test-support/daemon.js';
import { fixtureLibrary, makePlugin } from '../../clients/js/test-support/fixtures.js';

// Each test fails, by name, past this time rather than hanging the run (generous: a sanitized
// daemon on a loaded 2-core machine is slow).
const TEST_TIMEOUT_MS = 120_000;

/** One HTTP exchange: `{status, headers, body}`. */
function fetchRaw(port, method, pathname, { body, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: pathname, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

async function serve(interact = async (params) => ({ handled: true, echoed: params })) {
  const token = newToken();
  const state = new InspectorState();
  const server = createInspectorServer({ token, state, interact });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.address().port;
  return {
    token, state, port,
    close: () => new Promise((resolve) => { server.closeStreams(); server.close(resolve); }),
  };
}

test('tokens are long, random and URL-safe', { timeout: TEST_TIMEOUT_MS }, () => {
  const a = newToken();
  const b = newToken();
  assert.notEqual(a, b);
  assert.match(a, /^[A-Za-z0-9_-]{43}$/); // 32 bytes: 256 bits
});

test('tokenMatches takes only the exact token', { timeout: TEST_TIMEOUT_MS }, () => {
  const token = newToken();
  assert.equal(tokenMatches(token, token), true);
  assert.equal(tokenMatches(token.slice(0, -1), token), false);
  assert.equal(tokenMatches(`${token}x`, token), false);
  assert.equal(tokenMatches(token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), token), false);
  assert.equal(tokenMatches('', token), false);
  assert.equal(tokenMatches(undefined, token), false);
});

test('every request without the token is refused, and says nothing of what is there', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await serve();
  try {
    for (const [method, pathname] of [['GET', '/'], ['GET', '/inspector.js'], ['GET', '/events'], ['GET', `/${newToken()}/`],
      ['GET', `/${s.token.slice(1)}/`], ['POST', '/interact'], ['GET', `/x/${s.token}/`], ['GET', `/?token=${s.token}`]]) {
      const answer = await fetchRaw(s.port, method, pathname);
      assert.equal(answer.status, 403, `${method} ${pathname}`);
      assert.doesNotMatch(answer.body, /surface|<html/i);
    }
  } finally {
    await s.close();
  }
});

test('with the token: the page, its files, a redirect to the folder, 404 for the rest', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await serve();
  try {
    const page = await fetchRaw(s.port, 'GET', `/${s.token}/`);
    assert.equal(page.status, 200);
    assert.match(page.headers['content-type'], /text\/html/);
    assert.match(page.body, /<main/);
    assert.match(page.headers['content-security-policy'], /default-src 'self'/);
    assert.equal(page.headers['referrer-policy'], 'no-referrer');
    assert.equal(page.headers['cache-control'], 'no-store');
    const script = await fetchRaw(s.port, 'GET', `/${s.token}/inspector.js`);
    assert.equal(script.status, 200);
    assert.match(script.headers['content-type'], /javascript/);
    assert.equal((await fetchRaw(s.port, 'GET', `/${s.token}/inspector.css`)).status, 200);
    const bare = await fetchRaw(s.port, 'GET', `/${s.token}`);
    assert.equal(bare.status, 308);
    assert.equal(bare.headers.location, `/${s.token}/`);
    assert.equal((await fetchRaw(s.port, 'GET', `/${s.token}/server.mjs`)).status, 404);
    assert.equal((await fetchRaw(s.port, 'GET', `/${s.token}/../server.mjs`)).status, 403);
    assert.equal((await fetchRaw(s.port, 'DELETE', `/${s.token}/`, { headers: { 'Content-Type': 'application/json' } })).status, 404);
    assert.equal((await fetchRaw(s.port, 'DELETE', `/${s.token}/`)).status, 403, 'a method that may change state, without JSON');
  } finally {
    await s.close();
  }
});

test('the page comes with the state it starts from, which no surface text can break out of', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await serve();
  const connection = { id: 4, client: 'app' };
  const text = '</script><script>alert(1)</script>\u2028<!--';
  s.state.reset({ connection: { id: 9 }, connections: [connection], surfaces: [{ connection, surface: 'a', root: { type: 'Text', id: '0', props: { text } } }] });
  try {
    const page = await fetchRaw(s.port, 'GET', `/${s.token}/`);
    const found = page.body.match(/<script type="application\/json" id="initial-state">([^<]*)<\/script>/);
    assert.ok(found, 'the page has its initial-state block');
    const embedded = JSON.parse(found[1]);
    assert.equal(embedded.surfaces[0].surface, 'a');
    assert.equal(embedded.surfaces[0].root.props.text, text);
    assert.equal(page.body.split('<script').length, 3, 'no script but the page\'s own and the data block');
  } finally {
    await s.close();
  }
});

test('interact passes the params on and answers with the result or the error', { timeout: TEST_TIMEOUT_MS }, async () => {
  const seen = [];
  const s = await serve(async (params) => {
    seen.push(params);
    if (params.node === 'bad') throw Object.assign(new Error('Invalid params: no node'), { code: -32602, data: { path: 'node' } });
    return { handled: true };
  });
  try {
    const headers = { 'Content-Type': 'application/json' };
    const body = JSON.stringify({ connection: 3, surface: 'mail', node: 'msg-1', gesture: 'swipe', edge: 'trailing' });
    const ok = await fetchRaw(s.port, 'POST', `/${s.token}/interact`, { body, headers });
    assert.equal(ok.status, 200);
    assert.deepEqual(JSON.parse(ok.body), { result: { handled: true } });
    assert.deepEqual(seen, [JSON.parse(body)]);
    const failed = await fetchRaw(s.port, 'POST', `/${s.token}/interact`, { body: JSON.stringify({ node: 'bad' }), headers });
    assert.equal(failed.status, 422);
    assert.deepEqual(JSON.parse(failed.body).error, { code: -32602, message: 'Invalid params: no node', data: { path: 'node' } });
    assert.equal((await fetchRaw(s.port, 'POST', `/${s.token}/interact`, { body: 'nope', headers })).status, 400);
    assert.equal((await fetchRaw(s.port, 'POST', `/${s.token}/interact`, { body: '[1]', headers })).status, 400);
    assert.equal((await fetchRaw(s.port, 'POST', `/${s.token}/interact`, { body: 'x'.repeat(70000), headers })).status, 413);
    // Another origin's page may not post, even with the URL.
    const foreign = await fetchRaw(s.port, 'POST', `/${s.token}/interact`, { body, headers: { ...headers, Origin: 'http://evil.example' } });
    assert.equal(foreign.status, 403);
    assert.equal(seen.length, 2);
  } finally {
    await s.close();
  }
});

test('the event stream starts with the whole state, then brings each change', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await serve();
  const connection = { id: 4, client: 'app' };
  s.state.reset({ connection: { id: 9 }, connections: [connection], surfaces: [{ connection, surface: 'a', root: { type: 'List', id: '0' } }] });
  try {
    const frames = [];
    const request = http.get({ host: '127.0.0.1', port: s.port, path: `/${s.token}/events` });
    const response = await new Promise((resolve) => request.on('response', resolve));
    assert.match(response.headers['content-type'], /text\/event-stream/);
    response.setEncoding('utf8');
    let text = '';
    const next = (count) => new Promise((resolve) => {
      const check = () => {
        const parts = text.split('\n\n').filter(Boolean);
        if (parts.length >= count) { response.off('data', onData); resolve(parts); }
      };
      const onData = (chunk) => { text += chunk; check(); };
      response.on('data', onData);
      check();
    });
    frames.push(...await next(1));
    assert.match(frames[0], /^event: state\ndata: /);
    assert.equal(JSON.parse(frames[0].split('data: ')[1]).surfaces[0].surface, 'a');
    s.state.watched({ connection, method: 'surface', params: { surface: 'a', root: null } });
    s.state.watched({ connection, method: 'event', params: { surface: 'a', node: 'r', modifier: 0, payload: { x: {} } } });
    const all = await next(3);
    assert.match(all[1], /^event: surface\n/);
    assert.deepEqual(JSON.parse(all[1].split('data: ')[1]), { connection, surface: 'a', root: null });
    assert.match(all[2], /^event: log\n/);
    assert.equal(JSON.parse(all[2].split('data: ')[1]).kind, 'event');
    assert.equal(s.state.surfaces.size, 0);
    request.destroy();
  } finally {
    await s.close();
  }
});

test('parseArguments takes --socket, --port and --open, and refuses the rest', { timeout: TEST_TIMEOUT_MS }, () => {
  assert.deepEqual(parseArguments(['--socket', '/s', '--port', '8080', '--open']), { socket: '/s', port: 8080, open: true });
  assert.deepEqual(parseArguments([]), { socket: undefined, port: 0, open: false });
  assert.throws(() => parseArguments(['--port', 'x']), /--port must be/);
  assert.throws(() => parseArguments(['--port', '70000']), /--port must be/);
  assert.throws(() => parseArguments(['--port']), /needs a value/);
  assert.throws(() => parseArguments(['--bogus']), /unknown argument '--bogus'/);
});

test('against modhostd: the surfaces of a front-end, live, and a gesture sent for it', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const dir = tempSocketDir();
  const socket = path.join(dir, 'modhost.sock');
  const daemon = await startDaemon(socket);
  t.after(async () => { await daemon.stop(); rmSync(dir, { recursive: true, force: true }); });
  const presses = [];
  const app = await connect({ socket, clientName: 'inspected-app' });
  t.after(() => app.close());
  const tree = (rows) => List(...rows.map((id) => HStack({ key: id, modifiers: [swipeActions({
    trailing: [{ id: 'delete', label: 'Delete', systemImage: 'trash', role: 'destructive', onPress: ({ node }) => presses.push(node) }],
  })] }, Text(id))));
  const surface = await app.mount('mail', tree(['a', 'b']));
  const inspector = await startInspector({ socket });
  t.after(() => inspector.close());
  const port = Number(new URL(inspector.url).port);
  const token = new URL(inspector.url).pathname.split('/')[1];
  const state = async () => JSON.parse((await fetchRaw(port, 'GET', `/${token}/state`)).body);

  let now = await state();
  const mail = now.surfaces.find((s) => s.surface === 'mail');
  assert.equal(mail.connection.client, 'inspected-app');
  assert.deepEqual(mail.root.children.map((c) => c.id), ['a', 'b']);
  assert.ok(now.plugins.some((p) => p.types?.includes('swipeActions')), 'plugins come from describe');

  // An update reaches the inspector without anyone asking.
  await surface.update(tree(['a', 'b', 'c']));
  for (let i = 0; i < 100 && (await state()).surfaces[0]?.root.children.length !== 3; i += 1) await new Promise((r) => setTimeout(r, 10));
  now = await state();
  assert.deepEqual(now.surfaces[0].root.children.map((c) => c.id), ['a', 'b', 'c']);

  // After a front-end's update, the page's event stream has the new tree, without anyone
  // asking (how soon: bench/observers.mjs).
  const stream = http.get({ host: '127.0.0.1', port, path: `/${token}/events` });
  const response = await new Promise((resolve) => stream.on('response', resolve));
  response.setEncoding('utf8');
  let received = '';
  response.on('data', (chunk) => { received += chunk; });
  for (const rows of [['a', 'b'], ['a', 'b', 'c'], ['a', 'b']]) {
    const before = received.split('event: surface').length;
    const started = performance.now();
    await surface.update(tree(rows));
    // A bound on the wait, not a target: the figure is bench/observers.mjs's.
    while (received.split('event: surface').length === before && performance.now() - started < 10000) await new Promise((r) => setImmediate(r));
    const events = received.split('event: surface');
    assert.equal(events.length, before + 1, `one surface event for the update to ${rows.join(', ')}`);
    const last = events[events.length - 1];
    assert.ok(rows.every((id) => last.includes(`"id":"${id}"`)) && (rows.includes('c') || !last.includes('"id":"c"')), `the event carries the new tree: ${last.slice(0, 300)}`);
  }
  stream.destroy();
  await surface.update(tree(['a', 'b', 'c']));

  // A gesture from the page: the owning front-end's onPress runs.
  const post = (params) => fetchRaw(port, 'POST', `/${token}/interact`, { body: JSON.stringify({ connection: mail.connection.id, surface: 'mail', ...params }), headers: { 'Content-Type': 'application/json' } });
  assert.equal(JSON.parse((await post({ node: 'b', gesture: 'swipe', edge: 'trailing' })).body).result.handled, true);
  assert.equal(JSON.parse((await post({ node: 'b', gesture: 'tapAction', id: 'delete' })).body).result.performed, 'delete');
  for (let i = 0; i < 100 && presses.length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(presses, ['b']);
  assert.ok((await state()).log.some((e) => e.kind === 'event' && e.params.node === 'b'), 'the event is in the log');

  // Unmounting removes it.
  await surface.unmount();
  for (let i = 0; i < 100 && (await state()).surfaces.length > 0; i += 1) await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual((await state()).surfaces, []);
});

test('against modhostd: across an engine restart the inspector keeps its connection and shows the rebuilt surfaces', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  if (!existsSync(fixtureLibrary('libFaultyFixture.so'))) {
    t.skip(`no ${fixtureLibrary('libFaultyFixture.so')} (built with the package's test fixtures)`);
    return;
  }
  const dir = tempSocketDir();
  const socket = path.join(dir, 'modhost.sock');
  makePlugin(path.join(dir, 'plugins', 'faulty'), { name: 'Faulty', library: 'libFaultyFixture.so', modules: ['FaultyModule'] });
  const daemon = await startDaemon(socket, { args: ['--plugins', path.join(dir, 'plugins')] });
  t.after(async () => { await daemon.stop(); rmSync(dir, { recursive: true, force: true }); });
  const presses = [];
  const app = await connect({ socket, clientName: 'inspected-app' });
  t.after(() => app.close());
  const surface = await app.mount('mail', List(...['a', 'b'].map((id) => HStack({ key: id, modifiers: [swipeActions({
    trailing: [{ id: 'delete', label: 'Delete', onPress: ({ node }) => presses.push(node) }],
  })] }, Text(id)))));
  const inspector = await startInspector({ socket });
  t.after(() => inspector.close());
  const port = Number(new URL(inspector.url).port);
  const token = new URL(inspector.url).pathname.split('/')[1];
  const state = async () => JSON.parse((await fetchRaw(port, 'GET', `/${token}/state`)).body);
  const revealed = (now) => now.surfaces.find((s) => s.surface === 'mail')?.root.children[1].swipeActions?.revealed;
  const self = (await state()).self;

  await surface.swipe('b', 'trailing');
  for (let i = 0; i < 200 && !revealed(await state()); i += 1) await new Promise((r) => setTimeout(r, 10));
  assert.equal(revealed(await state()), 'trailing', 'the inspector shows the revealed row');

  const culprit = await connect({ socket, clientName: 'culprit' });
  t.after(() => culprit.close());
  await assert.rejects(culprit.mount('f', List(Text({ key: 'r1', modifiers: [createModifier('faulty', { fault: 'body' })] }, 'x'))),
    (error) => error.code === ENGINE_RESTARTED && error.data.plugin === 'Faulty');
  let now = await state();
  for (let i = 0; i < 500 && !now.log.some((e) => e.kind === 'engineRestarted'); i += 1) {
    await new Promise((r) => setTimeout(r, 10));
    now = await state();
  }
  const restart = now.log.find((e) => e.kind === 'engineRestarted');
  assert.ok(restart, `the log has the restart: ${JSON.stringify(now.log.map((e) => e.kind))}`);
  assert.equal(restart.params.plugin, 'Faulty');
  assert.equal(restart.params.reason, 'plugin-crashed');
  for (let i = 0; i < 200 && revealed(now); i += 1) { await new Promise((r) => setTimeout(r, 10)); now = await state(); }
  assert.equal(revealed(now) ?? null, null, 'the rebuilt surface, its row closed as the new engine has it');
  assert.deepEqual(now.surfaces.find((s) => s.surface === 'mail').root.children.map((c) => c.id), ['a', 'b']);
  for (let i = 0; i < 200 && now.plugins.find((p) => p.name === 'Faulty')?.status !== 'quarantined'; i += 1) { await new Promise((r) => setTimeout(r, 10)); now = await state(); }
  assert.equal(now.plugins.find((p) => p.name === 'Faulty')?.status, 'quarantined');
  assert.deepEqual(now.self, self, 'the same connection: the inspector did not reconnect');

  // A gesture from the page still reaches the front-end, through the new engine.
  const owner = now.surfaces.find((s) => s.surface === 'mail').connection.id;
  const gesture = (params) => fetchRaw(port, 'POST', `/${token}/interact`, { body: JSON.stringify({ connection: owner, surface: 'mail', ...params }), headers: { 'Content-Type': 'application/json' } });
  assert.equal(JSON.parse((await gesture({ node: 'b', gesture: 'swipe', edge: 'trailing' })).body).result.handled, true);
  assert.equal(JSON.parse((await gesture({ node: 'b', gesture: 'tapAction', id: 'delete' })).body).result.performed, 'delete');
  for (let i = 0; i < 100 && presses.length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(presses, ['b']);
});

// MARK: - a well-behaved local web server (issue 27, item 7)

/**
 * A raw TCP connection to the inspector: `send(text)`, `text()` (all bytes so far),
 * `closed` (resolves with `{byServer}` when the connection ends), `destroy()`. Raw, so that a
 * test says exactly which bytes go out (a Host of its choice, headers one at a time).
 */
function rawConnection(port) {
  const socket = net.connect({ host: '127.0.0.1', port });
  const chunks = [];
  let weClosed = false;
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('error', () => {});
  const connected = new Promise((resolve) => socket.once('connect', resolve));
  const closed = new Promise((resolve) => socket.once('close', () => resolve({ byServer: !weClosed })));
  return {
    socket,
    connected,
    closed,
    send: (text) => socket.write(text),
    text: () => Buffer.concat(chunks).toString('utf8'),
    destroy: () => { weClosed = true; socket.destroy(); },
  };
}

/** One request on its own connection, as raw text; resolves with `{status, body}` when it closes. */
async function rawRequest(port, text) {
  const c = rawConnection(port);
  c.send(text);
  await c.closed;
  return parseResponse(c.text());
}

function parseResponse(text) {
  const [head, ...body] = text.split('\r\n\r\n');
  const status = Number(head.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? NaN);
  return { status, head, body: body.join('\r\n\r\n') };
}

/** Resolves when `condition()` holds, checking each turn of the event loop (the test's own
 *  timeout bounds the wait). */
async function until(condition) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Resolves with what `promise` resolves with, or with `fallback` after `ms`: a bound on a
 *  wait, so a check fails by name rather than by the test's timeout. */
function within(ms, promise, fallback) {
  let timer;
  return Promise.race([promise, new Promise((resolve) => { timer = setTimeout(() => resolve(fallback), ms); })])
    .finally(() => clearTimeout(timer));
}

async function serveWith(limits, interact = async () => ({ handled: true })) {
  const token = newToken();
  const state = new InspectorState();
  const server = createInspectorServer({ token, state, interact, limits });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    token, state, server, port: server.address().port,
    close: () => new Promise((resolve) => { server.closeStreams(); server.closeAllConnections(); server.close(resolve); }),
  };
}

test('a Host other than the address it printed is refused: no DNS rebinding', { timeout: TEST_TIMEOUT_MS }, async () => {
  const calls = [];
  const s = await serveWith({}, async (params) => { calls.push(params); return { handled: true }; });
  try {
    const get = (host, name = '') => `GET /${s.token}/${name} HTTP/1.1\r\n${host === null ? '' : `Host: ${host}\r\n`}Connection: close\r\n\r\n`;
    const right = await rawRequest(s.port, get(`127.0.0.1:${s.port}`));
    assert.equal(right.status, 200, 'the printed address is served');
    for (const host of [`evil.example:${s.port}`, `localhost:${s.port}`, '127.0.0.1', `127.0.0.1:${s.port + 1}`, `[::1]:${s.port}`, `127.0.0.1:${s.port}.evil.example`]) {
      for (const name of ['', 'events', 'state']) {
        const answer = await rawRequest(s.port, get(host, name));
        assert.equal(answer.status, 421, `Host ${host}, /${name}`);
        assert.match(answer.body, new RegExp(`only to Host 127\\.0\\.0\\.1:${s.port}`));
        assert.doesNotMatch(answer.body, /surface|<html/i);
      }
    }
    // HTTP/1.0 may leave Host out: refused too.
    assert.equal((await rawRequest(s.port, `GET /${s.token}/ HTTP/1.0\r\n\r\n`)).status, 421);
    const body = JSON.stringify({ connection: 1, surface: 'a', node: 'n', gesture: 'tap' });
    const post = await rawRequest(s.port, `POST /${s.token}/interact HTTP/1.1\r\nHost: evil.example:${s.port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    assert.equal(post.status, 421);
    assert.deepEqual(calls, [], 'no gesture reached the host');
  } finally {
    await s.close();
  }
});

test('a state-changing request must be JSON, and from its own origin when it says one', { timeout: TEST_TIMEOUT_MS }, async () => {
  const calls = [];
  const s = await serveWith({}, async (params) => { calls.push(params); return { handled: true }; });
  try {
    const body = JSON.stringify({ connection: 1, surface: 'a', node: 'n', gesture: 'tap' });
    const post = (headers) => rawRequest(s.port, `POST /${s.token}/interact HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n${
      Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    // What a form or a "simple" cross-origin fetch can send without a preflight.
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', null]) {
      const answer = await post(type === null ? {} : { 'Content-Type': type });
      assert.equal(answer.status, 403, `Content-Type ${type}`);
      assert.match(answer.body, /must have Content-Type: application\/json/);
      assert.match(answer.body, type === null ? /got none/ : /got '/);
    }
    for (const origin of ['http://evil.example', 'null', `http://localhost:${s.port}`, `https://127.0.0.1:${s.port}`, `http://127.0.0.1:${s.port + 1}`]) {
      const answer = await post({ 'Content-Type': 'application/json', Origin: origin });
      assert.equal(answer.status, 403, `Origin ${origin}`);
      assert.match(answer.body, /cross-origin request/);
    }
    assert.deepEqual(calls, [], 'none of them reached the host');
    assert.equal((await post({ 'Content-Type': 'application/json' })).status, 200, 'JSON with no Origin (a script, curl)');
    assert.equal((await post({ 'Content-Type': 'application/json; charset=utf-8', Origin: `http://127.0.0.1:${s.port}` })).status, 200, 'the page itself');
    assert.equal(calls.length, 2);
  } finally {
    await s.close();
  }
});

test('an event stream whose client does not read is dropped past its bound; a reading one is not', { timeout: TEST_TIMEOUT_MS }, async () => {
  const bound = 256 * 1024;
  const s = await serveWith({ maxStreamQueuedBytes: bound });
  const connection = { id: 4, client: 'app' };
  s.state.reset({ connection: { id: 9 }, connections: [connection], surfaces: [] });
  const streamRequest = `GET /${s.token}/events HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n\r\n`;
  const stuck = rawConnection(s.port);
  const reader = rawConnection(s.port);
  try {
    await Promise.all([stuck.connected, reader.connected]);
    stuck.socket.pause(); // reads nothing more: the kernel's buffers fill, then the server's queue
    stuck.send(streamRequest);
    reader.send(streamRequest);
    await until(() => s.server.streamCount() === 2);
    // Frames of 64 KiB, each sent once the reading client has the one before: 25 MiB in all,
    // well past the bound and what the kernel holds for a connection.
    const frames = 400;
    const text = 'x'.repeat(64 * 1024);
    for (let i = 0; i < frames; i += 1) {
      s.state.watched({ connection, method: 'surface', params: { surface: `s${i}`, root: { type: 'Text', id: '0', props: { text } } } });
      await until(() => reader.text().includes(`"surface":"s${i}"`));
    }
    assert.equal(s.server.droppedStreams, 1, 'the stuck stream was dropped');
    assert.equal(s.server.streamCount(), 1, 'the reading stream is still served');
    // The stuck client, reading again, finds its stream ended by the server, short of the rest.
    stuck.socket.resume();
    const ended = await within(10_000, stuck.closed, { byServer: false, timedOut: true });
    assert.deepEqual(ended, { byServer: true }, 'the server closed the stuck stream');
    assert.ok(stuck.text().length < frames * text.length / 2, `the stuck client got ${stuck.text().length} bytes, not everything`);
  } finally {
    stuck.destroy();
    reader.destroy();
    await s.close();
  }
});

test('a client that sends its headers slowly is cut after the header timeout', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await serveWith({ headersTimeoutMs: 300, timeoutCheckIntervalMs: 50 });
  const slow = rawConnection(s.port);
  const silent = rawConnection(s.port);
  let trickle;
  try {
    await Promise.all([slow.connected, silent.connected]);
    slow.send(`GET /${s.token}/ HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n`);
    // One more header line now and then, forever: each keeps the connection busy, none ends it.
    trickle = setInterval(() => slow.send('X-Slow: 1\r\n'), 50);
    // A bound on the wait, 30 times the limit (Node's own default is 60 s).
    const [slowEnd, silentEnd] = await Promise.all([
      within(9_000, slow.closed, { byServer: false, timedOut: true }),
      within(9_000, silent.closed, { byServer: false, timedOut: true }),
    ]);
    assert.deepEqual(slowEnd, { byServer: true }, 'a slow sender is cut');
    assert.equal(parseResponse(slow.text()).status, 408);
    assert.deepEqual(silentEnd, { byServer: true }, 'a connection that sends nothing is cut too');
  } finally {
    clearInterval(trickle);
    slow.destroy();
    silent.destroy();
    await s.close();
  }
});

test('a kept-alive connection with nothing in flight is closed after the idle timeout', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await serveWith({ idleTimeoutMs: 200 });
  const idle = rawConnection(s.port);
  try {
    await idle.connected;
    idle.send(`GET /${s.token}/state HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n\r\n`);
    await until(() => idle.text().includes('"surfaces"'));
    assert.equal(parseResponse(idle.text()).status, 200);
    // Bounded at 3 s, 15 times the limit and under Node's default of 5 s.
    assert.deepEqual(await within(3_000, idle.closed, { byServer: false, timedOut: true }), { byServer: true });
  } finally {
    idle.destroy();
    await s.close();
  }
});

test('at the connection cap a newcomer replaces the oldest connection without the token', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await serveWith({ maxConnections: 3 });
  const held = [];
  const openCount = () => new Promise((resolve, reject) => s.server.getConnections((error, n) => (error ? reject(error) : resolve(n))));
  const get = `GET /${s.token}/state HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nConnection: close\r\n\r\n`;
  try {
    // Three connections that send nothing (another user's, say) fill the cap.
    for (let i = 0; i < 3; i += 1) held.push(rawConnection(s.port));
    await Promise.all(held.map((c) => c.connected));
    while (await openCount() < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    // The owner still gets in; the oldest of the three goes, the others stay.
    assert.equal((await rawRequest(s.port, get)).status, 200);
    assert.deepEqual(await held[0].closed, { byServer: true });
    assert.equal(s.server.evictedConnections, 1);
    assert.equal(held[1].socket.destroyed || held[2].socket.destroyed, false);
  } finally {
    for (const c of held) c.destroy();
    await s.close();
  }
});

test('when every place is the owner\'s a request is answered 503; past the extra, not at all', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await serveWith({ maxConnections: 3, extraConnections: 2, idleTimeoutMs: 60_000 });
  const held = [];
  const openCount = () => new Promise((resolve, reject) => s.server.getConnections((error, n) => (error ? reject(error) : resolve(n))));
  const get = (keepAlive) => `GET /${s.token}/state HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n${keepAlive ? '' : 'Connection: close\r\n'}\r\n`;
  try {
    // Three kept-alive connections that have shown the token fill the cap.
    for (let i = 0; i < 3; i += 1) {
      const c = rawConnection(s.port);
      held.push(c);
      c.send(get(true));
      await until(() => c.text().includes('"surfaces"'));
    }
    const busy = rawConnection(s.port);
    held.push(busy);
    busy.send(get(false));
    await busy.closed;
    const answer = parseResponse(busy.text());
    assert.equal(answer.status, 503);
    assert.match(answer.body, /at most 3 connections/);
    assert.equal(s.server.evictedConnections, 0, 'none of the owner\'s connections was given up');
    // Two more past the cap are held open (unanswered: they send nothing)...
    for (let i = 0; i < 2; i += 1) held.push(rawConnection(s.port));
    await Promise.all(held.slice(-2).map((c) => c.connected));
    while (await openCount() < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    // ...and the next is closed unanswered.
    const over = rawConnection(s.port);
    over.send(get(false));
    assert.deepEqual(await over.closed, { byServer: true });
    assert.equal(over.text(), '');
    // Once they go, the owner's request is served again.
    for (const c of held) c.destroy();
    while (await openCount() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal((await rawRequest(s.port, get(false))).status, 200);
  } finally {
    for (const c of held) c.destroy();
    await s.close();
  }
});

test('closing the inspector does not wait for a connection that is still sending headers', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const dir = tempSocketDir();
  const socket = path.join(dir, 'modhost.sock');
  const daemon = await startDaemon(socket);
  t.after(async () => { await daemon.stop(); rmSync(dir, { recursive: true, force: true }); });
  const inspector = await startInspector({ socket, limits: { headersTimeoutMs: 60_000, requestTimeoutMs: 120_000 } });
  const port = Number(new URL(inspector.url).port);
  const slow = rawConnection(port);
  t.after(() => slow.destroy());
  await slow.connected;
  slow.send(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
  const openCount = () => new Promise((resolve, reject) => inspector.server.getConnections((error, n) => (error ? reject(error) : resolve(n))));
  while (await openCount() < 1) await new Promise((resolve) => setTimeout(resolve, 5));
  // Bounded at 10 s, well under the header timeout of 60 s that would otherwise end it.
  assert.equal(await within(10_000, inspector.close().then(() => 'closed'), 'still waiting'), 'closed');
  assert.deepEqual(await slow.closed, { byServer: true });
});
