// The Connection: one front-end's session with modhostd. When a plugin crashes or hangs the
// engine, the daemon keeps the connection and a new engine serves it on (engineRestarted); when
// the daemon itself goes away, the Connection reconnects and mounts its surfaces again. (It was
// called Host before; `Host` stays as a deprecated alias. In Expo UI, `<Host>` is the component
// that holds a SwiftUI tree: here that is a Surface.)
import { EventEmitter } from 'node:events';
import { SocketChannel } from './socket-channel.js';
import { ModhostError, ModhostConnectionError, ModhostTimeoutError, ENGINE_RESTARTED } from './errors.js';
import { LostRequests, pluginCrashedEvent, modifierTypesOf, modifierTypeChanges } from './engine-restart.js';
import { serializeTree } from './serialize.js';
import { diffTrees } from './patch.js';
import { nativeViewHelper } from './elements.js';
import { expoUIEventArguments, isExpoUIComponent, resolveNativeView } from './views.js';
import { queryAll, queryError } from './queries.js';
import { ModuleEventEmitter, nativeModuleProxy } from './native-module.js';
import { defaultSocketPath } from './socket-path.js';

export const PROTOCOL_VERSION = 1;
export const CLIENT_VERSION = '0.1.0';
const DEFAULT_RECONNECT = { initialDelayMs: 100, maxDelayMs: 5000, maxAttempts: Infinity };
// A gesture acts on a surface as it is now: held until a reconnect it would act on a surface
// mounted again since (revealed rows closed), and it may be what crashed the engine. Never
// held, never sent twice.
const SENT_ONLY_WHILE_CONNECTED = new Set(['interact']);

/**
 * Connects to modhostd and performs `initialize`.
 * @param {object} [options]
 * @returns {Promise<Connection>}
 */
export async function connect(options = {}) {
  const host = new Connection(options);
  await host.start();
  return host;
}

/** `value` as a time limit in ms: undefined, or a number >= 0 (0 and Infinity: no limit). */
function checkTimeout(value, name) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) throw new TypeError(`${name} must be a number of milliseconds >= 0, got ${value}`);
  return value;
}

/** Emits `event` on `host`; during start()'s handshake, keeps what nobody heard for later. */
function emitOrHold(host, event, value) {
  if (host.handshake && event === 'diagnostic') host.startupDiagnostics.push(value);
  const heard = host.emit(event, value);
  if (!heard && host.handshake) host.handshake.held.push([event, value]);
}

/** Empties `host`'s queue of requests waiting for a connection; their timers are cleared. */
function takeQueue(host) {
  const items = host.queue.splice(0);
  for (const item of items) clearTimeout(item.timer);
  return items;
}

/**
 * After `reconnect.maxAttempts` failed attempts: the Host closes, waiting requests reject,
 * and `close` carries the final error (`ERR_MODHOST_RECONNECT_FAILED`).
 */
function giveUpReconnecting(host, lastError) {
  const attempts = host.attempt;
  const details = { attempts, socketPath: host.socketPath, cause: lastError };
  const error = new ModhostConnectionError(
    `gave up reconnecting to modhostd at ${host.socketPath} after ${attempts} failed attempt${attempts === 1 ? '' : 's'} (reconnect.maxAttempts); the last one failed with: ${lastError?.message ?? lastError}`,
    'ERR_MODHOST_RECONNECT_FAILED', details);
  host.emit('reconnectFailed', { attempt: attempts, error: lastError, nextDelayMs: null });
  host.state = 'closed';
  host.closeError = error;
  for (const item of takeQueue(host)) {
    const notSent = new ModhostConnectionError(`'${item.method}' was not sent: ${error.message}`, 'ERR_MODHOST_RECONNECT_FAILED', { ...details, method: item.method });
    item.settled?.(notSent);
    item.reject(notSent);
  }
  for (const surface of host.surfaces.values()) surface.state = 'unmounted';
  host.surfaces.clear();
  host.emit('close', { reason: 'reconnectFailed', error });
}

export class Connection extends EventEmitter {
  constructor(options = {}) {
    super();
    this.socketPath = options.socket ?? defaultSocketPath();
    this.clientName = options.clientName ?? 'modhost-js';
    this.clientVersion = options.clientVersion ?? CLIENT_VERSION;
    if (options.strictParams !== undefined && typeof options.strictParams !== 'boolean') {
      throw new TypeError(`strictParams must be a boolean, got ${typeof options.strictParams}`);
    }
    /** Whether initialize asks for strict params (a misspelt param fails its request). */
    this.strictParams = options.strictParams ?? false;
    /** Whether updates send only what changed when the host takes patches (default true). */
    this.patches = options.patches ?? true;
    this.maxFrame = options.maxFrame;
    if (options.reconnect === false) {
      this.reconnectOptions = null;
    } else {
      this.reconnectOptions = { ...DEFAULT_RECONNECT, ...(options.reconnect === true ? {} : options.reconnect ?? {}) };
      const max = this.reconnectOptions.maxAttempts;
      if (max !== Infinity && !(Number.isInteger(max) && max >= 1)) {
        throw new TypeError(`reconnect.maxAttempts must be an integer >= 1 or Infinity, got ${max}`);
      }
    }
    /** Default time limit of a request in ms (undefined or 0: none). */
    this.requestTimeoutMs = checkTimeout(options.requestTimeoutMs, 'requestTimeoutMs');
    /** The diagnostics the host (and this client) sent while `start()` made the first connection. */
    this.startupDiagnostics = [];
    /** Why the Host closed itself (`ERR_MODHOST_RECONNECT_FAILED`), else undefined. */
    this.closeError = undefined;
    // While start() connects: events nobody heard, replayed once start() has resolved.
    this.handshake = null;
    if (options.onDiagnostic !== undefined) {
      if (typeof options.onDiagnostic !== 'function') throw new TypeError(`onDiagnostic must be a function, got ${typeof options.onDiagnostic}`);
      this.on('diagnostic', options.onDiagnostic);
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
    /** The surfaces the last `engineRestarted` said were rebuilt (a mount in flight may be among them). */
    this.rebuiltSurfaces = new Set();
    /** Modifier types as last heard (initialize, pluginsChanged), with their plugins. */
    this.modifierTypes = new Map();
    /**
     * Trees sent in `mount`/`update` and not answered yet, by surface name, in the order the host
     * handles them: the `onAppear` events a mount or update sends before its answer go to the
     * listeners of the tree it is mounting.
     * @type {Map<string, {listeners: Map<string, Map<number, object>>}[]>}
     */
    this.pendingTrees = new Map();
    /** Module event emitters by module name (see requireNativeModule). */
    this.moduleEmitters = new Map();
    this.moduleObjects = new Map();
    /** What a user event waits for before the next one runs (see addEventGate). */
    this.eventGates = new Set();
    /** User events waiting for the gates, and whether they are being run. */
    this.heldEvents = [];
    this.runningEvents = false;
  }

  /**
   * Makes user events discrete, as on a device: after an event's handler ran, the next event
   * waits until `gate()` resolves (a React root: until the updates the handler caused are
   * committed and on the host), so its handler is the latest render's. The first event of a
   * burst runs at once, before the `interact` that caused it resolves. Lifecycle events
   * (`onAppear`, `onDisappear`), which commits cause, never wait. Returns a function that
   * removes the gate.
   */
  addEventGate(gate) {
    this.eventGates.add(gate);
    return () => this.eventGates.delete(gate);
  }

  /** Runs `deliver` (one user event) now, or after the events before it and their gates. */
  deliverUserEvent(deliver) {
    if (this.eventGates.size === 0 || (!this.runningEvents && this.heldEvents.length === 0)) {
      deliver();
      if (this.eventGates.size > 0) this.heldEventsRun = this.runHeldEvents();
      return;
    }
    this.heldEvents.push(deliver);
  }

  /** Whether user events wait for a gate, or are being run after one. */
  get hasHeldEvents() {
    return this.runningEvents || this.heldEvents.length > 0;
  }

  /** Resolves once the user events held now have run. */
  async heldEventsDone() {
    while (this.hasHeldEvents) await this.heldEventsRun;
  }

  async runHeldEvents() {
    this.runningEvents = true;
    try {
      do {
        // Every gate, each failure its own business: a gate does not throw events away.
        await Promise.all([...this.eventGates].map((gate) => Promise.resolve().then(gate).catch(() => {})));
        const next = this.heldEvents.shift();
        if (next) next();
      } while (this.heldEvents.length > 0);
    } finally {
      this.runningEvents = false;
    }
  }

  get connected() {
    return this.state === 'open';
  }

  async start() {
    const held = [];
    this.handshake = { held };
    let opened;
    try {
      opened = await this.openConnection();
    } finally {
      this.handshake = null;
    }
    const { conn, server } = opened;
    this.conn = conn;
    this.server = server;
    this.modifierTypes = modifierTypesOf(server);
    this.state = 'open';
    // The host sends its diagnostics (plugin-load-failed, plugin-crashed) before it answers
    // `initialize`, when a Host made by connect() has no listeners yet: those nobody heard are
    // emitted again once start() has resolved, for listeners added right after `await connect()`.
    if (held.length > 0) {
      setImmediate(() => {
        if (this.state === 'closed') return;
        for (const [event, value] of held) this.emit(event, value);
      });
    }
    return this;
  }


  async openConnection() {
    const conn = new SocketChannel(this.socketPath, {
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
        ...(this.strictParams ? { strictParams: true } : {}),
      }, undefined, this.requestTimeoutMs);
      return { conn, server };
    } catch (error) {
      conn.destroy();
      throw error;
    }
  }

  /**
   * Sends any request. While reconnecting, requests wait for the new connection, except
   * `interact`, which rejects at once (`ERR_MODHOST_NOT_SENT`). `options`: `{timeoutMs}` overrides
   * the Host's `requestTimeoutMs` for this request (0: no limit); the time counts from this call,
   * waiting for a reconnect included. (Inside the client, a function in its place is the
   * `settled` callback of Connection.request.)
   */
  request(method, params, options) {
    const { settled, timeoutMs } = typeof options === 'function' ? { settled: options, timeoutMs: undefined } : (options ?? {});
    const limit = timeoutMs === undefined ? this.requestTimeoutMs : checkTimeout(timeoutMs, 'timeoutMs');
    if (this.state === 'closed') {
      const why = this.closeError ? ` (${this.closeError.message})` : '';
      const error = new ModhostConnectionError(`this Host is closed; '${method}' was not sent${why}`, 'ERR_MODHOST_CLOSED', { method });
      settled?.(error);
      return Promise.reject(error);
    }
    if (this.state === 'open' && this.conn) return this.conn.request(method, params, settled, limit);
    if (SENT_ONLY_WHILE_CONNECTED.has(method)) {
      const error = new ModhostConnectionError(
        `'${method}' was not sent: the connection to modhostd at ${this.socketPath} is being made again, and a gesture is not held for later (it would act on surfaces mounted again since)`,
        'ERR_MODHOST_NOT_SENT', { method });
      settled?.(error);
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      const item = { method, params, resolve, reject, settled, timer: undefined, deadline: undefined };
      if (limit > 0 && Number.isFinite(limit)) {
        item.deadline = Date.now() + limit;
        item.timer = setTimeout(() => {
          const at = this.queue.indexOf(item);
          if (at < 0) return;
          this.queue.splice(at, 1);
          const error = new ModhostTimeoutError(method, limit, { sent: false, socketPath: this.socketPath });
          settled?.(error);
          reject(error);
        }, limit);
      }
      this.queue.push(item);
    });
  }


  /**
   * Calls a function of a native module on the host: `callFunction('ExpoUI', 'completeRefresh',
   * ['r1'])`; resolves with the function's result (null for none). A function that throws
   * rejects with ModhostError -32003 ("Function failed", `data.error` says what it threw); an
   * unknown module or function, or arguments of the wrong count or type, with -32602.
   * @param {string} module
   * @param {string} fn
   * @param {unknown[]} [args]
   * @param {{timeoutMs?: number}} [options] overrides the Host's `requestTimeoutMs`
   */
  async callFunction(module, fn, args = [], options = undefined) {
    if (typeof module !== 'string' || module.length === 0) throw new TypeError(`callFunction: module must be a non-empty string, got ${typeof module}`);
    if (typeof fn !== 'string' || fn.length === 0) throw new TypeError(`callFunction: function must be a non-empty string, got ${typeof fn}`);
    if (!Array.isArray(args)) throw new TypeError(`callFunction(${module}.${fn}): args must be an array, got ${typeof args}`);
    const answer = await this.request('callFunction', { module, function: fn, args }, { timeoutMs: options?.timeoutMs });
    return answer?.result ?? null;
  }

  /**
   * The native module `name` as an object: `module.fn(...args)` calls the function `fn` on the
   * host and resolves with its result; `module.addListener(event, fn)` hears the module's
   * events (`moduleEvent` notifications) and returns a subscription with `remove()`. One object
   * per module name and Host; it keeps working across reconnects. The host is not asked whether
   * the module exists: a call to an unknown module or function rejects with -32602.
   * @param {string} name
   */
  /**
   * Expo's `requireNativeView(moduleName, viewName?)`: a view helper, like `Text`, for the view a
   * plugin's module declares (`View(RatingView.self)`): `Rating({value: 2, onValueChange: (e) =>
   * e.nativeEvent.value})`. Its function props are its events. The view is looked up in this
   * connection's `viewInfo`: `viewName` is its Swift type's name; without it, the module's first view.
   * @param {string} moduleName
   * @param {string} [viewName]
   */
  requireNativeView(moduleName, viewName) {
    const type = resolveNativeView(moduleName, viewName, this.server?.viewInfo);
    return nativeViewHelper(type);
  }

  requireNativeModule(name) {
    if (typeof name !== 'string' || name.length === 0) throw new TypeError(`requireNativeModule: name must be a non-empty string, got ${typeof name}`);
    let module = this.moduleObjects.get(name);
    if (!module) {
      module = nativeModuleProxy(name, this.moduleEmitter(name), (m, fn, args) => this.callFunction(m, fn, args));
      this.moduleObjects.set(name, module);
    }
    return module;
  }

  moduleEmitter(name) {
    let emitter = this.moduleEmitters.get(name);
    if (!emitter) {
      emitter = new ModuleEventEmitter(name, (error, event, payload) => this.clientDiagnostic('error', 'listener-threw',
        `a listener of event '${event}' of module ${name} threw: ${error?.message ?? error}`, { module: name, event, payload, error }));
      this.moduleEmitters.set(name, emitter);
    }
    return emitter;
  }

  /** Whether `connection` is the one this Host talks on now (false once it dropped or the Host closed). */
  isCurrentConnection(connection) {
    return this.state === 'open' && this.conn !== null && this.conn === connection;
  }

  /** Notes a tree the host is about to mount for `name`; `done()` forgets it (answered or failed). */
  expectTree(name, listeners, { first = false } = {}) {
    const entry = { listeners };
    const list = this.pendingTrees.get(name) ?? [];
    this.pendingTrees.set(name, first ? [entry, ...list] : [...list, entry]);
    return () => {
      const rest = (this.pendingTrees.get(name) ?? []).filter((e) => e !== entry);
      if (rest.length > 0) this.pendingTrees.set(name, rest);
      else this.pendingTrees.delete(name);
    };
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
    const { root, listeners, events } = serializeTree(tree);
    const surface = new Surface(this, name);
    const done = this.expectTree(name, listeners);
    // Committed as the answer is read, so events that follow it on the wire find the surface.
    await this.request('mount', { surface: name, root }, (error) => {
      done();
      if (error?.code === ENGINE_RESTARTED && this.rebuiltSurfaces.has(name) && !this.surfaces.has(name)) {
        // The engine ended after it had committed this mount: the new one rebuilt the surface.
        // The promise still rejects (the request was not answered), and the error carries it.
        surface.commit(tree, root, listeners, events);
        this.surfaces.set(name, surface);
        error.surface = surface;
        return;
      }
      if (error) return;
      surface.commit(tree, root, listeners, events);
      this.surfaces.set(name, surface);
    });
    return surface;
  }

  /** Stops everything: no reconnect, socket closed, timers cleared, waiting requests rejected. */
  async close() {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.timer);
    this.timer = null;
    const queued = takeQueue(this);
    for (const item of queued) {
      const error = new ModhostConnectionError(`this Host was closed before '${item.method}' could be sent`, 'ERR_MODHOST_CLOSED');
      item.settled?.(error);
      item.reject(error);
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
      const queued = takeQueue(this);
      for (const item of queued) {
        const notSent = new ModhostConnectionError(`connection to modhostd lost; '${item.method}' was not sent`, 'ERR_MODHOST_NOT_SENT', { method: item.method });
        item.settled?.(notSent);
        item.reject(notSent);
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
          // Its onAppear events go to the listeners it has, not to those of an update waiting to be sent.
          const done = this.expectTree(surface.name, surface.listeners, { first: true });
          await conn.request('mount', { surface: surface.name, root: surface.wire }, () => done(), this.requestTimeoutMs);
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
      if (this.attempt >= this.reconnectOptions.maxAttempts) {
        giveUpReconnecting(this, error);
        return;
      }
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
    for (const item of takeQueue(this)) {
      const remaining = item.deadline === undefined ? undefined : Math.max(1, item.deadline - Date.now());
      const gone = item.method !== 'mount' && lost.includes(item.params?.surface) ? this.surfaceError(item.params.surface, item.method) : null;
      if (gone) { item.settled?.(gone); item.reject(gone); }
      else conn.request(item.method, item.params, item.settled, remaining).then(item.resolve, item.reject);
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
        if (isLifecycleEvent(params)) this.routeEvent(params);
        else this.deliverUserEvent(() => this.routeEvent(params));
        break;
      case 'diagnostic':
        emitOrHold(this, 'diagnostic', params);
        if (params?.code === 'plugin-crashed') {
          // The request it crashed in is still waiting on this connection when a new engine took
          // it over, or was lost with a connection that dropped.
          const sentRequest = (id) => this.conn?.pendingRequest?.(id) ?? this.lostRequests.get(id);
          emitOrHold(this, 'pluginCrashed', pluginCrashedEvent(params, sentRequest));
        }
        break;
      case 'engineRestarted':
        this.onEngineRestarted(params);
        break;
      case 'moduleEvent':
        this.emit('moduleEvent', params);
        this.routeModuleEvent(params);
        break;
      case 'pluginsChanged':
        this.forgetHostTrees();
        for (const type of params?.removed ?? []) this.modifierTypes.delete(type);
        for (const type of [...(params?.added ?? []), ...(params?.changed ?? [])]) this.modifierTypes.set(type, undefined);
        this.emit('pluginsChanged', params);
        break;
      default:
        this.emit('notification', { method, params });
    }
  }

  /**
   * A new engine took this connection over (the last one crashed, hung or ran out of memory).
   * The host rebuilt the connection's surfaces from their last committed trees, with no onAppear,
   * so nothing is mounted again here; a surface it could not build again is gone: it is marked
   * unmounted, with its `error`, and reported as `remount-failed`, like one refused after a
   * reconnect. Then `engineRestarted` is emitted with the notification's params.
   */
  onEngineRestarted(params) {
    // The new engine rebuilt what its journal held, which may include an update this client
    // never heard answered: the next update of each surface is a whole tree.
    this.forgetHostTrees();
    const reported = Array.isArray(params?.surfaces) ? params.surfaces : [];
    this.rebuiltSurfaces = new Set(reported.filter((s) => s?.status === 'rebuilt').map((s) => s.surface));
    for (const { surface: name, status, error } of reported) {
      if (status !== 'failed') continue;
      const cause = error && typeof error === 'object'
        ? new ModhostError(error, 'mount')
        : new Error(`the host could not build its tree again${error === undefined ? '' : `: ${error}`}`);
      const surface = this.surfaces.get(name);
      if (surface) {
        this.surfaces.delete(name);
        surface.state = 'unmounted';
        surface.error = cause;
      }
      this.clientDiagnostic('error', 'remount-failed',
        `surface '${name}' could not be built again after the engine restarted (${params?.reason}): ${cause.message}`,
        { surface: name, path: cause.data?.path, error: cause });
    }
    this.emit('engineRestarted', params);
  }

  /** The next update of every surface sends its whole tree (see `Surface.wireIsHosts`). */
  forgetHostTrees() {
    for (const surface of this.surfaces.values()) surface.wireIsHosts = false;
  }

  clientDiagnostic(severity, code, message, extra = {}) {
    const diagnostic = { severity, code, message, source: 'client' };
    for (const [k, v] of Object.entries(extra)) if (v !== undefined) diagnostic[k] = v;
    emitOrHold(this, 'diagnostic', diagnostic);
  }

  /** Delivers a `moduleEvent` `{module, event, payload}` to the listeners of that module's event. */
  routeModuleEvent(params) {
    const { module, event, payload } = params ?? {};
    if (typeof module !== 'string' || typeof event !== 'string') {
      this.clientDiagnostic('warning', 'protocol-error', `a moduleEvent without a module or event name: ${JSON.stringify(params)}`, { payload: params });
      return;
    }
    this.moduleEmitters.get(module)?.emit(event, payload);
  }

  /**
   * The listeners an event goes to. `onAppear` comes while a mount or update is being answered,
   * so it goes to the tree the host is mounting (the oldest unanswered one of that surface);
   * every other event (`onDisappear` of removed nodes too) to the tree the surface has.
   */
  listenersFor(surfaceName, payload) {
    if (payload && typeof payload === 'object' && Object.prototype.hasOwnProperty.call(payload, 'onAppear')) {
      const pending = this.pendingTrees.get(surfaceName);
      if (pending?.length) return pending[0].listeners;
    }
    return this.surfaces.get(surfaceName)?.listeners;
  }

  /**
   * A view's own event (`view` and no `modifier`): calls the function given as the prop named
   * after the event, in the surface's latest tree: for Expo UI's components (the host's views
   * and module ExpoUI's), with the one member the event carries (`value`, `isOn`,
   * `isEditing`; nothing for `onPress`), as Expo UI unwraps it; for other plugins' views, with
   * `{nativeEvent}`.
   */
  routeViewEvent(params) {
    const { surface: surfaceName, node, view, payload } = params ?? {};
    const keys = payload && typeof payload === 'object' && !Array.isArray(payload) ? Object.keys(payload) : [];
    const base = { surface: surfaceName, node, view, payload };
    const where = `${view} node '${node}' in surface '${surfaceName}'`;
    if (keys.length !== 1) {
      this.clientDiagnostic('warning', 'protocol-error',
        `a view event from ${where} must have one payload member (the event's name), got ${keys.length === 0 ? 'none' : keys.map((k) => `'${k}'`).join(', ')}`, base);
      return;
    }
    const [name] = keys;
    const fn = this.surfaces.get(surfaceName)?.viewEvents?.get(node)?.get(name);
    if (typeof fn !== 'function') {
      this.clientDiagnostic('warning', 'event-without-listener',
        `a view event '${name}' came from ${where}, which has no '${name}' function on this client`, base);
      return;
    }
    const failed = (error) => this.clientDiagnostic('error', 'listener-threw',
      `the ${name} function of ${where} threw: ${error?.message ?? error}`, { ...base, error });
    try {
      // A plugin's view gets the payload as Expo's native view events carry it.
      const body = payload[name];
      const result = isExpoUIComponent(view, this.server?.viewInfo) ? fn(...expoUIEventArguments(body)) : fn({ nativeEvent: body });
      if (result && typeof result.then === 'function') result.then(undefined, failed);
    } catch (error) {
      failed(error);
    }
  }

  /** Delivers `payload[$type]` to the listener kept for (surface, node, modifier index). */
  routeEvent(params) {
    if (params && typeof params === 'object' && params.view !== undefined && params.modifier === undefined) {
      this.routeViewEvent(params);
      return;
    }
    const { surface: surfaceName, node, modifier, payload } = params ?? {};
    const where = `modifier ${modifier} of node '${node}' in surface '${surfaceName}'`;
    const keys = payload && typeof payload === 'object' ? Object.keys(payload) : [];
    const base = { surface: surfaceName, node, modifier, payload };
    const entry = this.listenersFor(surfaceName, payload)?.get(node)?.get(modifier);
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
    // The Host the event came from, for listeners that answer it (refreshable's completeRefresh);
    // not enumerable, so spreading `info` (as swipeActions' onPress does) leaves it out.
    Object.defineProperty(info, 'host', { value: this, enumerable: false });
    // The connection it came on: an answer to it (completeRefresh) means nothing to another one.
    Object.defineProperty(info, 'connection', { value: this.conn, enumerable: false });
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

/**
 * The old name of Connection, kept so existing code runs.
 * @deprecated use Connection (and `connect()`); in Expo UI `<Host>` is the component holding a tree.
 */
export const Host = Connection;

/** Whether an `event` is a lifecycle event (`onAppear`, `onDisappear`), which commits cause. */
function isLifecycleEvent(params) {
  const payload = params?.payload;
  return params?.view === undefined && payload !== null && typeof payload === 'object'
    && (Object.prototype.hasOwnProperty.call(payload, 'onAppear') || Object.prototype.hasOwnProperty.call(payload, 'onDisappear'));
}

/** The ops a patch may use: a host must take all of them for this client to send patches. */
const PATCH_OPS = ['set', 'insert', 'remove', 'move'];
const INVALID_PARAMS = -32602;
const OVER_BUDGET = -32001;

export class Surface {
  constructor(connection, name) {
    /** The Connection this surface lives on. */
    this.connection = connection;
    this.name = name;
    this.state = 'mounted';
    /** Why the host no longer has this surface, when it refused to mount it again after a reconnect. */
    this.error = undefined;
    this.tree = null;
    this.wire = null;
    this.listeners = new Map();
    /** View event functions of the latest tree: node id -> event name -> function. */
    this.viewEvents = new Map();
    /**
     * Whether the host's tree is `wire`, exactly: then an update sends only what changed (a
     * patch). Not while another update is on its way, nor after a failed one, an engine
     * restart or a plugin change (the next whole tree rebuilds what new plugin code serves).
     */
    this.wireIsHosts = false;
    this.updatesInFlight = 0;
  }

  /** @deprecated the Connection; use `surface.connection`. */
  get host() {
    return this.connection;
  }

  get mounted() {
    return this.state === 'mounted';
  }

  commit(tree, wire, listeners, viewEvents = new Map()) {
    this.tree = tree;
    this.wire = wire;
    this.listeners = listeners;
    this.viewEvents = viewEvents;
    this.wireIsHosts = this.updatesInFlight === 0;
  }

  /**
   * Reconciles with a new tree; resolves with `{created, updated, unchanged, removed}`,
   * counts of modifier instances (not nodes). When the host takes patches (`patchOps` in its
   * `initialize` answer) and has the last tree this surface committed, only what changed is
   * sent; the host builds the same either way.
   */
  async update(tree) {
    this.assertMounted('update');
    const serialized = serializeTree(tree);
    const patch = this.canPatch() ? diffTrees(this.wire, serialized.root) : null;
    if (patch !== null) {
      try {
        return await this.send(tree, serialized, { surface: this.name, patch });
      } catch (error) {
        // A refused patch is sent again as the whole tree: its error then names the place in
        // the tree the caller gave (`root.children[3]…`), as it would without patches.
        if (!(error instanceof ModhostError) || (error.code !== INVALID_PARAMS && error.code !== OVER_BUDGET)) throw error;
      }
    }
    return this.send(tree, serialized, { surface: this.name, root: serialized.root });
  }

  /** Sends one `update` of `tree` (serialized), committed as its answer is read. */
  send(tree, { root, listeners, events }, params) {
    const done = this.connection.expectTree(this.name, listeners);
    this.updatesInFlight += 1;
    this.wireIsHosts = false;
    // Committed as the answer is read, before any event that follows it on the wire.
    return this.connection.request('update', params, (error) => {
      done();
      this.updatesInFlight -= 1;
      if (!error) this.commit(tree, root, listeners, events);
    });
  }

  /** Whether an update may send a patch (see `wireIsHosts`). */
  canPatch() {
    const ops = this.connection.server?.patchOps;
    return this.wireIsHosts && this.connection.patches !== false
      && Array.isArray(ops) && PATCH_OPS.every((op) => ops.includes(op));
  }

  /** The host sends the onDisappear events of every node first; their listeners run before this resolves. */
  async unmount() {
    this.assertMounted('unmount');
    return this.connection.request('unmount', { surface: this.name }, (error) => {
      if (error) return;
      this.state = 'unmounted';
      if (this.connection.surfaces.get(this.name) === this) this.connection.surfaces.delete(this.name);
    });
  }

  /** `{root}`: the tree as the host resolved it. */
  async snapshot() {
    this.assertMounted('snapshot');
    return this.connection.request('snapshot', { surface: this.name });
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
    // A snapshot node (what getByText and the other queries give) stands for its id.
    const id = node !== null && typeof node === 'object' && typeof node.id === 'string' ? node.id : String(node);
    return this.connection.request('interact', { ...g, surface: this.name, node: id });
  }

  /**
   * The snapshot node with `value` for query `kind` ('TestId', 'Text', 'Role'): all of them
   * (`all`), or exactly one; none, or more than one, is an error that lists what the tree has.
   */
  async query(kind, value, options, { all = false, orNull = false } = {}) {
    const { root } = await this.snapshot();
    const found = queryAll(root, kind, value, options);
    if (all ? found.length > 0 : found.length === 1) return all ? found : found[0];
    if (orNull && found.length === 0) return null;
    throw queryError(root, kind, value, options, found);
  }

  /** `query` again until it finds its node or `timeout` ms (default 1000) pass. */
  async findWith(kind, value, options, all) {
    const timeout = options?.timeout ?? 1000;
    const interval = options?.interval ?? 20;
    const deadline = Date.now() + timeout;
    for (;;) {
      try {
        return await this.query(kind, value, options, { all });
      } catch (error) {
        if (error?.code !== 'ERR_MODHOST_NO_MATCH' || Date.now() >= deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, interval));
    }
  }

  swipe(node, edge, options = {}) {
    const g = { gesture: 'swipe', edge };
    if (options.full !== undefined) g.full = options.full;
    return this.interact(node, g);
  }

  tapAction(node, id) {
    return this.interact(node, { gesture: 'tapAction', id });
  }

  /**
   * A tap (`count` taps, default 1) aimed at `node`; the innermost matching `onTapGesture` from
   * there up runs. Resolves with `{handled, node, modifier}` (the handler's node and index).
   * `element`: the path of a view in a plugin view's body (`"0/3"`, as its snapshot's `body`
   * shows), which the tap acts on; also taken by `typeText`, `slide` and `submit`.
   */
  tap(node, options = {}) {
    const g = { gesture: 'tap' };
    if (options.count !== undefined) g.count = options.count;
    if (options.element !== undefined) g.element = options.element;
    return this.interact(node, g);
  }

  /** A press of `duration` seconds aimed at `node`; handled by an `onLongPressGesture` whose minimumDuration it reaches. */
  longPress(node, duration) {
    return this.interact(node, { gesture: 'longPress', duration });
  }

  /**
   * Pull to refresh on a List or ScrollView: the innermost `refreshable` in reach runs; resolves
   * with `{handled, node, modifier, refreshing: true}` once its event was delivered. The node
   * shows `refreshing: true` until the refreshable's function settles.
   */
  refresh(node) {
    return this.interact(node, { gesture: 'refresh' });
  }

  /**
   * Types `text` into a TextField (appended to its text; `replace: true` replaces it). Its
   * `onChangeText` runs with the new text; resolves with `{handled, node, view, value}`.
   */
  typeText(node, text, options = {}) {
    const g = { gesture: 'type', text };
    if (options.replace !== undefined) g.replace = options.replace;
    if (options.element !== undefined) g.element = options.element;
    return this.interact(node, g);
  }

  /**
   * Drags the sheet whose content is `node` (it carries `presentationDetents`) to `detent`:
   * 'medium', 'large', {fraction} or {height}, one of its detents. Its `onSelectionChange` runs
   * when the sheet moves; resolves with `{handled, node, modifier, detent, changed}`.
   */
  detent(node, detent) {
    return this.interact(node, { gesture: 'detent', detent });
  }

  /**
   * Dismisses what presents `node` (a BottomSheet, a Popover, or their content), as dragging a
   * sheet down or tapping outside a popover does; resolves with `{handled, node, view}` (the
   * presenting view), or `handled: false` with the reason (nothing to dismiss,
   * `interactiveDismissDisabled`).
   */
  dismiss(node) {
    return this.interact(node, { gesture: 'dismiss' });
  }

  /** Moves a Slider to `value` (clamped and rounded to its step by the host); its `onValueChange` runs. */
  slide(node, value, options = {}) {
    return this.interact(node, options.element !== undefined ? { gesture: 'slide', value, element: options.element } : { gesture: 'slide', value });
  }

  /** Submits a TextField: every `onSubmit` from the field up to the root runs, innermost first. */
  submit(node, options = {}) {
    return this.interact(node, options.element !== undefined ? { gesture: 'submit', element: options.element } : { gesture: 'submit' });
  }

  // Queries as testing-library's: getBy* (exactly one), queryBy* (one or null), getAllBy* (one
  // or more), findBy* and findAllBy* (waiting up to options.timeout ms). Each gives snapshot
  // nodes, which the gestures take in place of an id: `surface.tap(await surface.getByText('Send'))`.
  getByTestId(id) { return this.query('TestId', id); }
  queryByTestId(id) { return this.query('TestId', id, undefined, { orNull: true }); }
  getAllByTestId(id) { return this.query('TestId', id, undefined, { all: true }); }
  findByTestId(id, options) { return this.findWith('TestId', id, options, false); }
  findAllByTestId(id, options) { return this.findWith('TestId', id, options, true); }
  getByText(text) { return this.query('Text', text); }
  queryByText(text) { return this.query('Text', text, undefined, { orNull: true }); }
  getAllByText(text) { return this.query('Text', text, undefined, { all: true }); }
  findByText(text, options) { return this.findWith('Text', text, options, false); }
  findAllByText(text, options) { return this.findWith('Text', text, options, true); }
  getByRole(role, options) { return this.query('Role', role, options); }
  queryByRole(role, options) { return this.query('Role', role, options, { orNull: true }); }
  getAllByRole(role, options) { return this.query('Role', role, options, { all: true }); }
  findByRole(role, options) { return this.findWith('Role', role, options, false); }
  findAllByRole(role, options) { return this.findWith('Role', role, options, true); }

  assertMounted(what) {
    if (this.state !== 'mounted') {
      const why = this.error ? ` (the host could not mount it again after a restart: ${this.error.message})` : '';
      throw new ModhostConnectionError(`surface '${this.name}' is not mounted${why}; cannot ${what}`, 'ERR_MODHOST_SURFACE_GONE', { method: what });
    }
  }
}
