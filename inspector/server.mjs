#!/usr/bin/env node
// The inspector's web server: watches every connection of a modhostd (`watch` with all topics,
// `surfaces` included) through the JS client, and serves the page in static/ to a browser on
// 127.0.0.1, with live updates as Server-Sent Events and gestures sent back as `interact`.
// Every request must carry the random token in its path (`/TOKEN/...`): other users of the
// machine can reach a localhost port too, and the page shows every front-end's data. Beyond
// the token it behaves as a local web server should (README, "The inspector"): only the
// `Host` it printed (no DNS rebinding), state-changing requests only as JSON and from its own
// origin, event streams that fall behind dropped, header and idle timeouts, a connection cap.
//
//   node inspector/server.mjs [--socket PATH] [--port N] [--open]     (`modhost inspect` runs this)
import http from 'node:http';
import crypto from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connect } from '../clients/js/src/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const STATIC_DIR = path.join(here, 'static');
/** The files the page is made of, by the name they are asked for under the token. */
const STATIC_FILES = new Map([
  ['', ['index.html', 'text/html; charset=utf-8']],
  ['inspector.css', ['inspector.css', 'text/css; charset=utf-8']],
  ['inspector.js', ['inspector.js', 'text/javascript; charset=utf-8']],
]);
/** How many log entries a page that opens late is sent. */
const LOG_KEPT = 1000;
/** The largest body a gesture request may have. */
const MAX_BODY = 64 * 1024;
const ALL_TOPICS = ['event', 'diagnostic', 'pluginsChanged', 'moduleEvent', 'surfaces'];

/**
 * The limits that keep a slow, stuck or hostile local client from costing the inspector memory
 * or starving the page; `createInspectorServer` and `startInspector` take any of them to
 * override (tests make them small).
 */
export const DEFAULT_LIMITS = Object.freeze({
  /** An event stream with more than this many bytes queued (its client does not read) is
   *  closed; a browser's EventSource then reconnects and starts again from the whole state. */
  maxStreamQueuedBytes: 8 * 1024 * 1024,
  /** A request's headers must be in by then (a browser sends them at once). */
  headersTimeoutMs: 10_000,
  /** The whole request, body included (bodies are at most 64 KiB). */
  requestTimeoutMs: 30_000,
  /** A kept-alive connection with no request in flight is closed after this. */
  idleTimeoutMs: 5_000,
  /** How often the timeouts above are checked. */
  timeoutCheckIntervalMs: 1_000,
  /** At this many connections a new one replaces the oldest that has not shown the token;
   *  when all have, it is answered 503 and closed... */
  maxConnections: 128,
  /** ...and past this many more it is closed at once, unanswered, so descriptors stay bounded. */
  extraConnections: 64,
});

/** A new token: 256 random bits, URL-safe. */
export function newToken() {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * Whether `given` is `token`, in a time that does not depend on where they differ: both are
 * hashed first, so even their lengths are not compared directly.
 */
export function tokenMatches(given, token) {
  if (typeof given !== 'string') return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(a, b) && given.length === token.length;
}

/**
 * What the inspector knows of the host, kept current from `watched` notifications: the
 * surfaces of every connection, the plugins, and the latest log entries. `listeners` hear
 * each change as `(kind, data)`.
 */
export class InspectorState {
  constructor() {
    this.surfaces = new Map();
    this.connections = new Map();
    this.plugins = [];
    this.log = [];
    this.nextLogId = 1;
    this.listeners = new Set();
  }

  static key(connection, surface) { return `${connection.id}\u0000${surface}`; }

  emit(kind, data) { for (const listener of this.listeners) listener(kind, data); }

  /** Starts over from a `watch` result. */
  reset(watchResult) {
    this.surfaces.clear();
    this.connections.clear();
    for (const connection of watchResult.connections ?? []) this.connections.set(connection.id, connection);
    for (const entry of watchResult.surfaces ?? []) this.surfaces.set(InspectorState.key(entry.connection, entry.surface), entry);
    this.self = watchResult.connection;
    this.emit('state', this.snapshot());
  }

  /** Takes in one `watched` notification's params. */
  watched({ connection, method, params }) {
    if (connection) this.connections.set(connection.id, connection);
    if (method === 'surface') {
      const entry = { connection, surface: params.surface, root: params.root };
      if (params.root === null) this.surfaces.delete(InspectorState.key(connection, params.surface));
      else this.surfaces.set(InspectorState.key(connection, params.surface), entry);
      this.emit('surface', entry);
      return;
    }
    this.addLog({ kind: method, connection, params });
  }

  addLog(entry) {
    const stamped = { id: this.nextLogId++, time: new Date().toISOString(), ...entry };
    this.log.push(stamped);
    if (this.log.length > LOG_KEPT) this.log.splice(0, this.log.length - LOG_KEPT);
    this.emit('log', stamped);
  }

  setPlugins(plugins) {
    this.plugins = plugins;
    this.emit('plugins', plugins);
  }

  /** Everything a page needs to start. */
  snapshot() {
    return {
      self: this.self ?? null,
      connections: [...this.connections.values()],
      surfaces: [...this.surfaces.values()],
      plugins: this.plugins,
      log: this.log,
    };
  }
}

/**
 * The HTTP server (not listening yet). `interact(params)` sends a gesture to the host and
 * resolves with its result (or rejects with a ModhostError); `state` is an InspectorState.
 */
export function createInspectorServer({ token, state, interact, staticDir = STATIC_DIR, limits = {} }) {
  const limit = { ...DEFAULT_LIMITS, ...limits };
  const streams = new Set();
  state.listeners.add((kind, data) => {
    const frame = eventFrame(kind, data);
    for (const response of streams) {
      // A client that does not read would otherwise keep every frame in memory until it goes.
      if (response.writableLength > limit.maxStreamQueuedBytes) {
        streams.delete(response);
        server.droppedStreams += 1;
        response.destroy();
        continue;
      }
      response.write(frame);
    }
  });

  /** Open connections, oldest first; `socket.trusted` once one sent the printed Host and the token. */
  const connections = new Set();
  const server = http.createServer({
    headersTimeout: limit.headersTimeoutMs,
    requestTimeout: limit.requestTimeoutMs,
    keepAliveTimeout: limit.idleTimeoutMs,
    connectionsCheckingInterval: limit.timeoutCheckIntervalMs,
  }, async (request, response) => {
    // The token is a secret in the URL: never sent on to another origin, never cached.
    const common = {
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
    };
    const refuse = (status, text, extra = {}) => {
      response.writeHead(status, { ...common, 'Content-Type': 'text/plain; charset=utf-8', ...extra });
      response.end(`${text}\n`);
    };
    if (request.socket.pastCap) {
      refuse(503, `busy: the inspector serves at most ${limit.maxConnections} connections at a time; try again`, { Connection: 'close', 'Retry-After': '1' });
      return;
    }
    // DNS rebinding: a page of another name that resolves to 127.0.0.1 is of another origin,
    // so the browser lets it read what it fetches; its requests still carry that name.
    const expectedHost = `127.0.0.1:${server.address().port}`;
    if (request.headers.host !== expectedHost) {
      refuse(421, `misdirected request: the inspector answers only to Host ${expectedHost}, the address \`modhost inspect\` printed`);
      return;
    }
    let url;
    try {
      url = new URL(request.url ?? '/', 'http://127.0.0.1');
    } catch {
      refuse(400, 'bad request');
      return;
    }
    const [first, ...rest] = url.pathname.split('/').slice(1);
    if (!tokenMatches(first ?? '', token)) {
      // Says nothing about what is here.
      refuse(403, 'forbidden: this inspector needs the URL that `modhost inspect` printed');
      return;
    }
    // Whoever sent this has the URL: their connection is not given up for a newcomer's.
    request.socket.trusted = true;
    // A page of another origin that learnt the URL still may not act through a browser.
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `http://${expectedHost}`) {
      refuse(403, `forbidden: cross-origin request (Origin ${origin}; only http://${expectedHost} may send requests here)`);
      return;
    }
    // A request that changes something must be one a browser sends to another origin only
    // after a CORS preflight (which this server never grants): a JSON body. A form or a
    // text/plain fetch with no Origin (some browsers and plugins leave it out) is refused.
    if (request.method !== 'GET' && request.method !== 'HEAD' && !isJSONType(request.headers['content-type'])) {
      refuse(403, `forbidden: a ${request.method} here must have Content-Type: application/json (got ${request.headers['content-type'] === undefined ? 'none' : `'${request.headers['content-type']}'`})`);
      return;
    }
    const name = rest.join('/');
    if (name === '' && !url.pathname.endsWith('/')) {
      response.writeHead(308, { ...common, Location: `/${first}/` });
      response.end();
      return;
    }
    try {
      if (request.method === 'GET' && STATIC_FILES.has(name)) {
        const [file, type] = STATIC_FILES.get(name);
        let body = await readFile(path.join(staticDir, file));
        if (file === 'index.html') body = withInitialState(body.toString('utf8'), state.snapshot());
        response.writeHead(200, {
          ...common,
          'Content-Type': type,
          // Only its own files and its own server: no outside URL can be reached from the page.
          'Content-Security-Policy': "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        });
        response.end(body);
      } else if (request.method === 'GET' && name === 'events') {
        response.writeHead(200, { ...common, 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive' });
        response.write(eventFrame('state', state.snapshot()));
        streams.add(response);
        // Forgotten when the stream ends, whichever side ends it.
        response.on('close', () => streams.delete(response));
      } else if (request.method === 'GET' && name === 'state') {
        response.writeHead(200, { ...common, 'Content-Type': 'application/json' });
        response.end(JSON.stringify(state.snapshot()));
      } else if (request.method === 'POST' && name === 'interact') {
        const params = await readJSON(request);
        if (params === null || typeof params !== 'object' || Array.isArray(params)) {
          refuse(400, 'the body must be a JSON object: the params of interact, with connection');
          return;
        }
        let answer;
        try {
          answer = { result: await interact(params) };
        } catch (error) {
          answer = { error: { code: error.code ?? null, message: error.message, data: error.data ?? null } };
        }
        response.writeHead(answer.error ? 422 : 200, { ...common, 'Content-Type': 'application/json' });
        response.end(JSON.stringify(answer));
      } else {
        refuse(404, `not found: ${request.method} ${name}`);
      }
    } catch (error) {
      if (!response.headersSent) refuse(error.status ?? 500, error.message);
      else response.end();
    }
  });
  // At the cap a newcomer takes the place of the oldest connection that has not shown the
  // token (another user's, idle or slow), so such connections cannot keep the owner out; when
  // every place is the owner's, it is still read, to answer 503 rather than leave the client
  // guessing. Past the cap and the extra it is closed unanswered (Node's maxConnections).
  server.maxConnections = limit.maxConnections + limit.extraConnections;
  server.on('connection', (socket) => {
    if (connections.size >= limit.maxConnections) {
      const untrusted = [...connections].find((open) => !open.trusted && !open.pastCap);
      if (untrusted) {
        connections.delete(untrusted);
        untrusted.destroy();
        server.evictedConnections += 1;
      } else {
        socket.pastCap = true;
      }
    }
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  server.droppedStreams = 0;
  server.evictedConnections = 0;
  server.streamCount = () => streams.size;
  server.closeStreams = () => { for (const response of streams) response.end(); streams.clear(); };
  return server;
}

/**
 * The page with the state it starts from in its `initial-state` data block, so that it is
 * drawn at load rather than when its event stream opens. `<` is escaped so that no text of a
 * surface can close the block.
 */
export function withInitialState(html, snapshot) {
  const json = JSON.stringify(snapshot).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return html.replace('<script type="application/json" id="initial-state"></script>',
    () => `<script type="application/json" id="initial-state">${json}</script>`);
}

/** Whether a Content-Type header names JSON (`application/json`, with parameters or not). */
function isJSONType(header) {
  return typeof header === 'string' && header.split(';')[0].trim().toLowerCase() === 'application/json';
}

/** One Server-Sent Event. */
function eventFrame(kind, data) {
  return `event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

function readJSON(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      // Past the limit the rest is read and dropped, so the answer still reaches the sender.
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    request.on('end', () => {
      if (size > MAX_BODY) {
        reject(Object.assign(new Error(`the body passes ${MAX_BODY} bytes`), { status: 413 }));
        return;
      }
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(Object.assign(new Error(`the body is not JSON: ${error.message}`), { status: 400 }));
      }
    });
    request.on('error', reject);
  });
}

/** Parses `--socket PATH --port N --open`; throws a message on anything else. */
export function parseArguments(argv) {
  const options = { socket: undefined, port: 0, open: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      i += 1;
      return argv[i];
    };
    if (arg === '--socket') options.socket = value();
    else if (arg === '--port') {
      const text = value();
      const port = Number(text);
      if (!/^\d+$/.test(text) || port > 65535) throw new Error(`--port must be a number from 0 to 65535, got '${text}'`);
      options.port = port;
    } else if (arg === '--open') options.open = true;
    else throw new Error(`unknown argument '${arg}' (known: --socket PATH, --port N, --open)`);
  }
  return options;
}

/** Connects, watches, serves; resolves with `{url, close()}` once it listens. */
export async function startInspector({ socket, port = 0, token = newToken(), log = () => {}, onLost = () => {}, limits = {} } = {}) {
  const state = new InspectorState();
  const host = await connect({ socket, clientName: 'modhost-inspect' });
  // The daemon is gone for good (the client gave up reconnecting): the page has nothing to show.
  host.on('close', ({ reason, error }) => { if (reason !== 'closed') onLost(error ?? new Error(reason)); });
  const refreshPlugins = async () => {
    try {
      const described = await host.describe();
      state.setPlugins(described.plugins ?? []);
    } catch (error) {
      log(`describe failed: ${error.message}`);
    }
  };
  const watch = async () => {
    state.reset(await host.request('watch', { topics: ALL_TOPICS }));
    await refreshPlugins();
  };
  host.on('notification', ({ method, params }) => {
    if (method !== 'watched') return;
    state.watched(params);
    // Once per change, not once per connection it was sent to.
    if (params.method === 'pluginsChanged' && params.connection?.id === state.self?.id) refreshPlugins();
    // A plugin that newly fails to load changes no types, so no pluginsChanged: the
    // diagnostic every connection gets says so (the inspector's own copy, once per change).
    else if (params.method === 'diagnostic' && params.connection?.id === state.self?.id
      && ['plugin-load-failed', 'plugin-crashed'].includes(params.params?.code)) refreshPlugins();
  });
  // The daemon itself restarted: the new connection watches nothing yet, so ask again.
  host.on('reconnect', () => { watch().catch((error) => log(`watch after reconnect failed: ${error.message}`)); });
  // A plugin crashed or hung the engine: the connection and its watch stay, and the new engine
  // rebuilt every surface from its last committed tree, with what lived only in the old engine
  // reset (a revealed row is closed). No `surface` copy says so: ask for the whole picture again.
  host.on('engineRestarted', (params) => {
    state.addLog({ kind: 'engineRestarted', connection: state.self, params });
    watch().catch((error) => log(`watch after the engine restarted failed: ${error.message}`));
  });
  await watch();
  const server = createInspectorServer({ token, state, limits, interact: (params) => host.request('interact', params) });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}/${token}/`;
  return {
    url,
    state,
    server,
    async close() {
      server.closeStreams();
      // Connections still sending headers (or stuck) would hold the exit for a timeout.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await host.close();
    },
  };
}

async function main() {
  let options;
  try {
    options = parseArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`modhost inspect: ${error.message}`);
    process.exit(2);
  }
  let inspector;
  try {
    inspector = await startInspector({
      socket: options.socket,
      port: options.port,
      log: (text) => console.error(`modhost inspect: ${text}`),
      onLost: (error) => {
        console.error(`modhost inspect: lost the daemon: ${error.message}`);
        process.exit(1);
      },
    });
  } catch (error) {
    console.error(`modhost inspect: ${error.message}`);
    process.exit(1);
  }
  console.log(`inspector: ${inspector.url}`);
  console.log('(anyone with this URL sees every front-end of this daemon; stop with Ctrl-C)');
  if (options.open) {
    const opener = spawn('xdg-open', [inspector.url], { stdio: 'ignore', detached: true });
    opener.on('error', (error) => console.error(`modhost inspect: could not run xdg-open: ${error.message}`));
    opener.unref();
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await inspector.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
