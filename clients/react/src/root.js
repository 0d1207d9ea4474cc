// A React tree rendered into a connection of the plain client: the commits of a tick become
// one `mount`, `update` or `unmount` per surface whose tree they changed, one flush at a time.
import { Boundary, createContainer } from './renderer.js';
import { HOST_TYPE, SurfaceTree, buildSurfaceRoot } from './tree.js';
import { useConnectionForNativeModules } from './native-views.js';

let surfaceCounter = 0;
// The host's answer to a request the engine ended in (a plugin crashed or hung it): @modhost/client's ENGINE_RESTARTED.
const ENGINE_RESTARTED = -32005;

/** One surface of a root: its name, how its trees are built, its plain-client Surface. */
class SurfaceState {
  constructor(name) {
    this.name = name;
    this.tree = new SurfaceTree();
    /** The plain client's Surface once mounted. */
    this.surface = null;
  }
}

/** A diagnostic of the connection's kind: `{severity, code, message, source: 'client', ...}`. */
function diagnostic(host, severity, code, message, extra) {
  const entry = { severity, code, message, source: 'client' };
  for (const [k, v] of Object.entries(extra ?? {})) if (v !== undefined && !(k in entry)) entry[k] = v;
  host.emit('diagnostic', entry);
}

/** Fiber tags whose type is a component a developer wrote (function, class, forwardRef, memo). */
const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);

/** A component's name, as React's own warnings give it. */
function componentName(fiber) {
  const type = fiber.tag === 14 ? fiber.type?.type ?? fiber.type : fiber.type;
  if (typeof type === 'string') return type;
  return type?.displayName ?? type?.name ?? type?.render?.name ?? 'Anonymous';
}

/**
 * The component stack of host instance `instance`, innermost first, as React prints one:
 * "\n    in Text\n    in Row\n    in App".
 */
export function componentStack(instance) {
  const lines = [];
  for (let fiber = instance?.internalInstanceHandle; fiber; fiber = fiber.return) {
    if (fiber.tag === 5 && fiber.type !== HOST_TYPE) lines.push(fiber.type);
    // The renderer's own error boundary wraps every tree: not a component of the app's.
    else if (COMPONENT_TAGS.has(fiber.tag) && fiber.type !== Boundary && fiber.type !== undefined) lines.push(componentName(fiber));
    else if (fiber.tag === 5 && fiber.type === HOST_TYPE) lines.push(`Host name="${fiber.memoizedProps?.name ?? ''}"`);
  }
  return lines.map((name) => `\n    in ${name}`).join('');
}

/** A diagnostic's params path with its indices left out: rows of a list warn once, not once each. */
function pathPattern(path) {
  return typeof path === 'string' ? path.replace(/\[[0-9]+\]/g, '[]') : '';
}

/**
 * A React tree rendered into a connection (`render()` makes one): its surfaces, the flushes
 * that send each commit, and what went wrong.
 */
export class ReactRoot {
  constructor(host, options = {}) {
    if (!host || typeof host.mount !== 'function' || typeof host.on !== 'function') {
      throw new TypeError('render: the second argument must be a Connection of @modhost/client (await connect())');
    }
    this.host = host;
    this.defaultName = options.surface ?? 'main';
    this.onError = options.onError;
    // The host's warnings about this tree, where a developer looks: printed once each (code and
    // path, indices aside) with the component stack, as React warns; off in production builds.
    this.warnings = options.warnings ?? (globalThis.process?.env?.NODE_ENV !== 'production');
    this.strict = options.strict === true;
    this.warned = new Set();
    /** Host diagnostics about this tree not yet thrown by settled() (strict mode). */
    this.unthrown = [];
    this.onDiagnostic = (entry) => this.hostDiagnostic(entry);
    host.on('diagnostic', this.onDiagnostic);
    // Discrete events, as React DOM makes a click: the updates one event's handler causes are
    // committed and on the host before the next event's handler runs.
    this.removeEventGate = host.addEventGate?.(() => this.settledQuietly()) ?? (() => {});
    /** Surfaces by their owner: a <Host> instance, or the root itself for views outside any Host. */
    this.states = new Map();
    this.names = new WeakMap();
    this.container = null;
    this.dirty = false;
    this.scheduled = false;
    this.flushing = null;
    this.commits = 0;
    this.updates = 0;
    this.closed = false;
    /** The errors reported since the last render() (thrown components, refused trees). */
    this.errors = [];
    this.onReconnect = ({ lost = [] } = {}) => {
      // The client mounted its last accepted trees again; the React state may be newer than
      // those (an update lost with the old connection), and refused surfaces need a new mount.
      for (const state of this.states.values()) {
        if (state.surface && (lost.includes(state.name) || !state.surface.mounted)) state.surface = null;
      }
      this.commitSeen(this.container, true);
    };
    host.on('reconnect', this.onReconnect);
    // A new engine took the connection over and rebuilt the surfaces from their last committed
    // trees: an update it ended in (answered with -32005) is sent again, and a surface it could
    // not build again (now unmounted) is mounted again.
    this.onEngineRestarted = () => {
      for (const state of this.states.values()) {
        if (state.surface && !state.surface.mounted) state.surface = null;
      }
      this.commitSeen(this.container, true);
    };
    host.on('engineRestarted', this.onEngineRestarted);
  }

  start(element) {
    this.renderer = createContainer(element, {
      onCommit: (container) => this.commitSeen(container),
      onError: (error, componentStack) => this.report('render-threw',
        `a component threw while rendering: ${error?.message ?? error}; the surfaces keep their last good tree${componentStack}`,
        { error, componentStack }),
    });
  }

  /**
   * A diagnostic the host sent: about one of this root's surfaces (`unknown-prop`,
   * `deprecated-name`, `no-headless-effect`, ...) or about no surface (a plugin that failed,
   * crashed or was overridden). Printed with the component stack of the node it names.
   */
  hostDiagnostic(entry) {
    if (!entry || entry.source === 'client' || this.closed) return;
    const state = entry.surface === undefined ? null : [...this.states.values()].find((s) => s.name === entry.surface);
    if (entry.surface !== undefined && !state) return;
    if (this.strict) this.unthrown.push(entry);
    if (!this.warnings) return;
    const once = `${entry.code}|${entry.surface ?? ''}|${pathPattern(entry.path)}`;
    if (this.warned.has(once)) return;
    this.warned.add(once);
    const instance = state && entry.node !== undefined ? state.tree.instanceOf(entry.node) : undefined;
    const stack = instance ? componentStack(instance) : '';
    console.warn(`@modhost/react: ${entry.severity ?? 'warning'} ${entry.code}: ${entry.message}${stack}`);
  }

  report(code, message, extra) {
    const entry = { code, message, ...extra };
    this.errors.push(entry);
    diagnostic(this.host, 'error', code, message, extra);
    try { this.onError?.(entry); } catch { /* the reporter's own failure must not stop rendering */ }
  }

  /** After a commit: one flush, in a microtask, for however many commits this tick brings. */
  commitSeen(container, force = false) {
    if (container) this.container = container;
    if (!force) this.commits += 1;
    if (this.closed || !this.container) return;
    this.dirty = true;
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      if (!this.flushing) this.flushing = this.flushLoop();
    });
  }

  async flushLoop() {
    try {
      while (this.dirty && !this.closed) {
        this.dirty = false;
        await this.flush();
      }
    } finally {
      this.flushing = null;
    }
  }

  /** The surfaces the container holds now: owner -> [name, child instances]. */
  currentSurfaces() {
    const found = new Map();
    const loose = [];
    for (const child of this.container.children) {
      if (child.tag === 'INSTANCE' && child.type === HOST_TYPE) {
        if (child.isHidden) continue;
        let name = this.names.get(child);
        if (name === undefined) {
          name = child.props.name ?? `react-${++surfaceCounter}`;
          this.names.set(child, name);
        }
        found.set(child, { name, children: child.children, owner: child });
      } else {
        loose.push(child);
      }
    }
    if (loose.length > 0) found.set(this, { name: this.defaultName, children: loose, owner: this });
    return found;
  }

  async flush() {
    const current = this.currentSurfaces();
    const work = [];
    for (const [owner, state] of this.states) {
      if (!current.has(owner)) {
        this.states.delete(owner);
        if (state.surface?.mounted) work.push(this.unmountSurface(state));
      }
    }
    for (const [owner, { name, children }] of current) {
      let state = this.states.get(owner);
      if (!state) {
        state = new SurfaceState(name);
        this.states.set(owner, state);
      }
      let built;
      try {
        built = buildSurfaceRoot(owner === this ? this.rootOwner ??= { tag: 'ROOT' } : owner, children, state.tree, `<Host name="${name}">`);
      } catch (error) {
        this.report('render-invalid', `surface '${name}': ${error.message}`, { error, surface: name });
        continue;
      }
      // The same root object as the host's: nothing in this surface changed since.
      if (state.surface?.mounted && built.root === state.tree.acceptedRoot) continue;
      work.push(this.send(state, built));
    }
    await Promise.all(work);
  }

  async send(state, { root, used }) {
    state.tree.send(used);
    try {
      if (state.surface && state.surface.mounted) {
        await state.surface.update(root);
      } else {
        state.surface = await this.host.mount(state.name, root);
      }
      this.updates += 1;
      state.tree.accept(root, used);
    } catch (error) {
      if (error?.code === 'ERR_MODHOST_DISCONNECTED' || error?.code === 'ERR_MODHOST_NOT_SENT') return; // sent again on 'reconnect'
      if (error?.code === ENGINE_RESTARTED) {
        // The engine ended while it ran (a plugin crashed or hung it; the client reports that as
        // pluginCrashed): sent again after engineRestarted, which came first. A mount the new
        // engine rebuilt is mounted: the next flush updates it.
        if (error.surface?.mounted) state.surface = error.surface;
        this.commitSeen(this.container, true);
        return;
      }
      this.report('update-failed', `surface '${state.name}': the tree of the latest render was not taken (the host keeps the last one it accepted): ${error?.message ?? error}`,
        { error, surface: state.name });
    }
  }

  async unmountSurface(state) {
    try {
      await state.surface.unmount();
    } catch (error) {
      if (error?.code === 'ERR_MODHOST_SURFACE_GONE' || error?.code === 'ERR_MODHOST_CLOSED') return;
      this.report('unmount-failed', `surface '${state.name}': ${error?.message ?? error}`, { error, surface: state.name });
    }
  }

  /** Whether nothing is left to do: React idle, no flush scheduled or running. */
  get idle() {
    return !this.renderer.pending && !this.scheduled && !this.flushing && !this.dirty;
  }

  /**
   * Resolves once React has committed what is scheduled (effects that set state included) and
   * the host has answered every update that followed.
   */
  async settled() {
    for (;;) {
      await this.settledQuietly();
      // Events held for a commit run now; what their handlers change is settled again.
      if (!this.host.hasHeldEvents) break;
      await this.host.heldEventsDone();
    }
    this.throwStrictDiagnostics();
  }

  /** `settled()` without the strict mode's error: what the connection's event gate waits for. */
  async settledQuietly() {
    for (;;) {
      const before = this.commits;
      await new Promise((resolve) => setImmediate(resolve));
      if (this.flushing) await this.flushing;
      if (this.idle && this.commits === before) {
        await new Promise((resolve) => setImmediate(resolve));
        if (this.idle && this.commits === before) return;
      }
    }
  }

  /**
   * In strict mode, the host diagnostics about this tree since the last call, as an error
   * (`code` 'ERR_MODHOST_DIAGNOSTICS', `diagnostics` the entries).
   */
  throwStrictDiagnostics() {
    if (this.unthrown.length === 0) return;
    const diagnostics = this.unthrown;
    this.unthrown = [];
    const error = new Error(`@modhost/react (strict): the host sent ${diagnostics.length} diagnostic${diagnostics.length === 1 ? '' : 's'} about this tree: `
      + diagnostics.map((d) => `${d.code} at ${d.path ?? d.node ?? d.surface ?? 'the connection'}: ${d.message}`).join('; '));
    error.code = 'ERR_MODHOST_DIAGNOSTICS';
    error.diagnostics = diagnostics;
    throw error;
  }

  /** Renders another element in place of the current one (state is kept where types and keys match; a tree that threw gets a fresh try). */
  render(element) {
    if (this.closed) throw new Error('render: this root was unmounted');
    this.errors = [];
    this.renderer.update(element);
  }

  /**
   * Surface `name`'s plain-client Surface (for snapshot, interact), once mounted. Without a
   * name: the only surface, when there is one (a `<Host>` without `name` gets a made-up one),
   * else the default surface.
   */
  surface(name) {
    if (name === undefined && this.states.size === 1) return [...this.states.values()][0].surface;
    const wanted = name ?? this.defaultName;
    for (const state of this.states.values()) if (state.name === wanted) return state.surface;
    return null;
  }

  /** The names of the surfaces mounted now. */
  get surfaceNames() {
    return [...this.states.values()].filter((s) => s.surface?.mounted).map((s) => s.name);
  }

  /** Unmounts the React tree (effect cleanups run), then every surface. */
  async unmount() {
    if (this.closed) return;
    if (this.flushing) await this.flushing;
    this.closed = true;
    this.renderer.unmount();
    this.host.off('reconnect', this.onReconnect);
    this.host.off('engineRestarted', this.onEngineRestarted);
    this.host.off('diagnostic', this.onDiagnostic);
    this.removeEventGate();
    const states = [...this.states.values()];
    this.states.clear();
    await Promise.all(states.filter((s) => s.surface?.mounted).map((s) => this.unmountSurface(s)));
  }
}

/**
 * Renders `element` into `host` (a Host of @modhost/client): every `<Host>` in it is a surface,
 * and views outside any Host make the surface `options.surface` (default "main"). Resolves
 * with the root once the first commit is on the host; rejects (after unmounting the React
 * tree) when the first render threw or the host refused its first tree.
 */
export async function render(element, host, options = {}) {
  useConnectionForNativeModules(host);
  const root = new ReactRoot(host, options);
  root.start(element);
  try {
    await root.settled();
  } catch (error) {
    if (error?.code !== 'ERR_MODHOST_DIAGNOSTICS') throw error;
    await root.unmount();
    throw error;
  }
  if (root.errors.length > 0 && root.surfaceNames.length === 0) {
    await root.unmount();
    const first = root.errors[0];
    const error = new Error(first.message);
    error.code = first.code;
    error.cause = first.error;
    if (first.componentStack) error.componentStack = first.componentStack;
    throw error;
  }
  return root;
}
