// The inspector's server without a browser: the token check, its routes, the live stream,
// gestures passed on as interact, and (against a real modhostd) the picture it keeps.
import test from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import path from 'node:path';
import { rmSync } from 'node:fs';
import {
  newToken, tokenMatches, InspectorState, createInspectorServer, parseArguments, startInspector,
} from '../server.mjs';
import { connect, List, HStack, Text, swipeActions } from '../../clients/js/src/index.js';
import { startDaemon, tempSocketDir } from '../../clients/js/test-support/daemon.js';

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
    assert.equal((await fetchRaw(s.port, 'DELETE', `/${s.token}/`)).status, 404);
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
