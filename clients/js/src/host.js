// The Host: one front-end's session with modhostd, surviving daemon restarts.
import { EventEmitter } from 'node:events';
import { Connection } from './connection.js';
import { ModhostConnectionError } from './errors.js';
import { LostRequests, pluginCrashedEvent, modifierTypesOf, modifierTypeChanges } from './engine-restart.js';
import { serializeTree } from './serialize.js';
import { defaultSocketPath } from './socket-path.js';

export const PROTOCOL_VERSION = 1;
export const CLIENT_VERSION = '0.1.0';
const DEFAULT_RECONNECT = { initialDelayMs: 100, maxDelayMs: 5000 };
// A gesture acts on a surface as it is now: held until a reconnect it would act on a surface
// mounted again since (revealed rows closed), and it may be what crashed the engine. Never
// held, never sent twice.
const SENT_ONLY_WHILE_CONNECTED = new Set(['interact']);

/**
 * Connects to modhostd and performs `initialize`.
 * @param {object} [options]
 * @returns {Promise<Host>}
 */
export async function connect(options = {}) {
  const host = new Host(options);
  await host.start();
  return host;
}

export class Host extends EventEmitter {
  constructor(options = {}) {
    super();
    this.socketPath = options.socket ?? defaultSocketPath();
    this.clientName = options.clientName ?? 'modhost-js';
    this.clientVersion = options.clientVersion ?? CLIENT_VERSION;
    this.maxFrame = options.maxFrame;
    if (options.reconnect === false) {
      this.reconnectOptions = null;
    } else {
      this.reconnectOptions = { ...DEFAULT_RECONNECT, ...(options.reconnect === true ? {} : options.reconnect ?? {}) };
    }
    /** The `initialize` result of the current connection. */
    this.server = null;
    /** @type {Map<string, Surface>} live surfaces by name */
    this.surfaces = new Map();
    this.state = 'new'; // new | open | reconnecting | closed
    this.conn = null;
    this.queue = [];
    /** Surfaces the host refused to mount again since the connection was lost. */
    this.lostSurfaces = [];
    this.timer = null;
    this.attempt = 0;
    this.lostRequests = new LostRequests();
    /** Modifier types as last heard (initialize, pluginsChanged), with their plugins. */
    this.modifierTypes = new Map();
  }

  get connected() {
    return this.state === 'open';
  }

  async start() {
    const { conn, server } = await this.openConnection();
    this.conn = conn;
    this.server = server;
    this.modifierTypes = modifierTypesOf(server);
    this.state = 'open';
    return this;
  }

  async openConnection() {
    const conn = new Connection(this.socketPath, {
      maxFrame: this.maxFrame,
      onNotification: (method, params) => this.onNotification(method, params),
      onClose: (c, error, inFlight) => this.onConnectionClosed(c, error, inFlight),
      onProtocolError: (message, detail) => this.clientDiagnostic('error', 'protocol-error', message, { detail }),
    });
    await conn.open();
    try {
      const server = await conn.request('initialize', {
        protocolVersion: PROTOCOL_VERSION,
        client: { name: this.clientName, version: this.clientVersion },
      });
      return { conn, server };
    } catch (error) {
      conn.destroy();
      throw error;
    }
  }

  /**
   * Sends any request. While reconnecting, requests wait for the new connection, except
   * `interact`, which rejects at once (`ERR_MODHOST_NOT_SENT`).
   */
  request(method, params) {
    if (this.state === 'closed') {
      return Promise.reject(new ModhostConnectionError(`this Host is closed; '${method}' was not sent`, 'ERR_MODHOST_CLOSED', { method }));
    }
    if (this.state === 'open' && this.conn) return this.conn.request(method, params);
    if (SENT_ONLY_WHILE_CONNECTED.has(method)) {
      return Promise.reject(new ModhostConnectionError(
        `'${method}' was not sent: the connection to modhostd at ${this.socketPath} is being made again, and a gesture is not held for later (it would act on surfaces mounted again since)`,
        'ERR_MODHOST_NOT_SENT', { method }));
    }
    return new Promise((resolve, reject) => this.queue.push({ method, params, resolve, reject }));
  }

  ping() {
    return this.request('ping');
  }

  describe() {
    return this.request('describe');
  }

  /** Asks the host to rescan its plugin folders now; resolves with what changed. */
  reload() {
    return this.request('reload');
  }

  /** Lets a quarantined plugin load again; resolves like `reload`, with what changed. */
  enablePlugin(name) {
    return this.request('enablePlugin', { name });
  }

  /**
   * Mounts a surface named `name` with `tree`; resolves with its Surface.
   * @returns {Promise<Surface>}
   */
  async mount(name, tree) {
    const { root, listeners } = serializeTree(tree);
    await this.request('mount', { surface: name, root });
    const surface = new Surface(this, name);
    surface.commit(tree, root, listeners);
    this.surfaces.set(name, surface);
    return surface;
  }

  /** Stops everything: no reconnect, socket closed, timers cleared, waiting requests rejected. */
  async close() {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.timer);
    this.timer = null;
    const queued = this.queue.splice(0);
    for (const item of queued) {
      item.reject(new ModhostConnectionError(`this Host was closed before '${item.method}' could be sent`, 'ERR_MODHOST_CLOSED'));
    }
    const conn = this.conn;
    this.conn = null;
    if (conn) await conn.end();
    for (const surface of this.surfaces.values()) surface.state = 'unmounted';
    this.surfaces.clear();
    this.emit('close', { reason: 'closed' });
  }

  onConnectionClosed(conn, error, inFlight = []) {
    // Also from an attempt that failed while re-mounting: its mount may be what crashed the engine.
    this.lostRequests.add(inFlight);
    if (conn !== this.conn) return; // an attempt that failed, or a connection we already left
    this.conn = null;
    if (this.state === 'closed') return;
    this.emit('disconnect', { error });
    if (!this.reconnectOptions) {
      this.state = 'closed';
      const queued = this.queue.splice(0);
      for (const item of queued) {
        item.reject(new ModhostConnectionError(`connection to modhostd lost; '${item.method}' was not sent`, 'ERR_MODHOST_NOT_SENT', { method: item.method }));
      }
      for (const surface of this.surfaces.values()) surface.state = 'unmounted';
      this.surfaces.clear();
      this.emit('close', { reason: 'lost', error });
      return;
    }
    this.state = 'reconnecting';
    this.attempt = 0;
    this.lostSurfaces = [];
    this.scheduleReconnect(this.reconnectOptions.initialDelayMs);
  }

  scheduleReconnect(delay) {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.tryReconnect(delay);
    }, delay);
  }

  async tryReconnect(delay) {
    if (this.state !== 'reconnecting') return;
    this.attempt += 1;
    let conn;
    let opened;
    const remounted = [];
    try {
      opened = await this.openConnection();
      conn = opened.conn;
      if (this.state !== 'reconnecting') { conn.destroy(); return; }
      for (const surface of [...this.surfaces.values()]) {
        try {
          await conn.request('mount', { surface: surface.name, root: surface.wire });
          remounted.push(surface.name);
        } catch (error) {
          if (conn.closed) throw error;
          this.lostSurfaces.push(surface.name);
          this.surfaces.delete(surface.name);
          surface.state = 'unmounted';
          surface.error = error;
          this.clientDiagnostic('error', 'remount-failed',
            `surface '${surface.name}' could not be mounted again after reconnecting: ${error.message}`,
            { surface: surface.name, path: error.data?.path, error });
        }
      }
      if (this.state !== 'reconnecting') { conn.destroy(); return; }
      if (conn.closed) throw new ModhostConnectionError('connection closed while re-mounting surfaces');
    } catch (error) {
      if (conn && !conn.closed) conn.destroy();
      if (this.state !== 'reconnecting') return;
      const next = Math.min(delay * 2, this.reconnectOptions.maxDelayMs);
      this.emit('reconnectFailed', { attempt: this.attempt, error, nextDelayMs: next });
      this.scheduleReconnect(next);
      return;
    }
    this.conn = conn;
    this.server = opened.server;
    this.state = 'open';
    const attempts = this.attempt;
    this.attempt = 0;
    const lost = this.lostSurfaces.splice(0);
    const types = modifierTypesOf(opened.server);
    const typeChanges = modifierTypeChanges(this.modifierTypes, types);
    this.modifierTypes = types;
    // Sent before any listener runs, so they keep their order ahead of what listeners send.
    for (const item of this.queue.splice(0)) {
      const gone = item.method !== 'mount' && lost.includes(item.params?.surface) ? this.surfaceError(item.params.surface, item.method) : null;
      if (gone) item.reject(gone);
      else conn.request(item.method, item.params).then(item.resolve, item.reject);
    }
    if (typeChanges) this.emit('pluginsChanged', typeChanges);
    this.emit('reconnect', { attempts, surfaces: remounted, lost, server: opened.server });
  }

  surfaceError(name, what) {
    return new ModhostConnectionError(
      `surface '${name}' could not be mounted again after reconnecting, so '${what}' was not sent`, 'ERR_MODHOST_SURFACE_GONE', { method: what });
  }

  onNotification(method, params) {
    switch (method) {
      case 'event':
        this.emit('event', params);
        this.routeEvent(params);
        break;
      case 'diagnostic':
        this.emit('diagnostic', params);
        if (params?.code === 'plugin-crashed') this.emit('pluginCrashed', pluginCrashedEvent(params, this.lostRequests));
        break;
      case 'pluginsChanged':
        for (const type of params?.removed ?? []) this.modifierTypes.delete(type);
        for (const type of [...(params?.added ?? []), ...(params?.changed ?? [])]) this.modifierTypes.set(type, undefined);
        this.emit('pluginsChanged', params);
        break;
      default:
        this.emit('notification', { method, params });
    }
  }

  clientDiagnostic(severity, code, message, extra = {}) {
    const diagnostic = { severity, code, message, source: 'client' };
    for (const [k, v] of Object.entries(extra)) if (v !== undefined) diagnostic[k] = v;
    this.emit('diagnostic', diagnostic);
  }

  /** Delivers `payload[$type]` to the listener kept for (surface, node, modifier index). */
  routeEvent(params) {
    const { surface: surfaceName, node, modifier, payload } = params ?? {};
    const where = `modifier ${modifier} of node '${node}' in surface '${surfaceName}'`;
    const keys = payload && typeof payload === 'object' ? Object.keys(payload) : [];
    const base = { surface: surfaceName, node, modifier, payload };
    const surface = this.surfaces.get(surfaceName);
    const entry = surface?.listeners.get(node)?.get(modifier);
    if (!entry) {
      this.clientDiagnostic('warning', 'event-without-listener',
        `an event (${keys.map((k) => `'${k}'`).join(', ') || 'empty'}) came from ${where}, which has no event listener on this client`, base);
      return;
    }
    if (!Object.prototype.hasOwnProperty.call(payload ?? {}, entry.type)) {
      this.clientDiagnostic('warning', 'event-type-mismatch',
        `an event from ${where} is keyed ${keys.map((k) => `'${k}'`).join(', ') || 'by nothing'}, not by the modifier's $type '${entry.type}'; it was not delivered`, base);
      return;
    }
    const info = { surface: surfaceName, node, modifier, type: entry.type };
    const failed = (error) => this.clientDiagnostic('error', 'listener-threw',
      `the event listener of ${where} threw: ${error?.message ?? error}`, { ...base, error });
    try {
      const result = entry.listener(payload[entry.type], info);
      if (result === false) {
        this.clientDiagnostic('warning', 'event-unhandled',
          `the event listener of ${where} did not handle ${JSON.stringify(payload[entry.type])} (e.g. an action id without onPress)`, base);
      } else if (result && typeof result.then === 'function') {
        result.then(undefined, failed);
      }
    } catch (error) {
      failed(error);
    }
  }
}

export class Surface {
  constructor(host, name) {
    this.host = host;
    this.name = name;
    this.state = 'mounted';
    /** Why the host no longer has this surface, when it refused to mount it again after a reconnect. */
    this.error = undefined;
    this.tree = null;
    this.wire = null;
    this.listeners = new Map();
  }

  get mounted() {
    return this.state === 'mounted';
  }

  commit(tree, wire, listeners) {
    this.tree = tree;
    this.wire = wire;
    this.listeners = listeners;
  }

  /** Reconciles with a new tree; resolves with `{created, updated, unchanged, removed}`. */
  async update(tree) {
    this.assertMounted('update');
    const { root, listeners } = serializeTree(tree);
    const counts = await this.host.request('update', { surface: this.name, root });
    this.commit(tree, root, listeners);
    return counts;
  }

  async unmount() {
    this.assertMounted('unmount');
    const result = await this.host.request('unmount', { surface: this.name });
    this.state = 'unmounted';
    if (this.host.surfaces.get(this.name) === this) this.host.surfaces.delete(this.name);
    return result;
  }

  /** `{root}`: the tree as the host resolved it. */
  async snapshot() {
    this.assertMounted('snapshot');
    return this.host.request('snapshot', { surface: this.name });
  }

  /**
   * Simulates a gesture on a node (key or index path such as "0/2").
   * @param {string} node
   * @param {{gesture: string, [k: string]: any} | string} gesture
   */
  async interact(node, gesture) {
    this.assertMounted('interact');
    const g = typeof gesture === 'string' ? { gesture } : gesture;
    if (!g || typeof g.gesture !== 'string') {
      throw new TypeError('interact: gesture must be a string or an object {gesture, ...}');
    }
    return this.host.request('interact', { ...g, surface: this.name, node: String(node) });
  }

  swipe(node, edge, options = {}) {
    const g = { gesture: 'swipe', edge };
    if (options.full !== undefined) g.full = options.full;
    return this.interact(node, g);
  }

  tapAction(node, id) {
    return this.interact(node, { gesture: 'tapAction', id });
  }

  assertMounted(what) {
    if (this.state !== 'mounted') {
      const why = this.error ? ` (it could not be mounted again after reconnecting: ${this.error.message})` : '';
      throw new ModhostConnectionError(`surface '${this.name}' is not mounted${why}; cannot ${what}`, 'ERR_MODHOST_SURFACE_GONE', { method: what });
    }
  }
}
