// The seam between React and the rest of this package: a renderer whose host instances are
// plain objects, and a signal after each commit. Today it is react-test-renderer (Debian
// packages it; react-reconciler is not), whose host instances are
//   {tag: 'INSTANCE', type, props, children: [...], isHidden, internalInstanceHandle}
//   {tag: 'TEXT', text, isHidden}
// kept by React for as long as their fiber lives (an update mutates `props` and `children` in
// place), under a container {tag: 'CONTAINER', children}. A react-reconciler host config
// would create the same objects and call `onCommit` from `resetAfterCommit`; nothing outside
// this file knows which renderer it is.
//
// react-test-renderer has no commit callback of its own; React calls the DevTools global hook
// after every commit of every root (also in production builds), so this file installs one
// (or chains onto one already there, e.g. real DevTools) before loading the renderer.
import { React, loadDependency } from './dependencies.js';

const HOOK = '__REACT_DEVTOOLS_GLOBAL_HOOK__';
/** FiberRoot -> listener, and the token -> listener of roots not committed yet. */
const byFiberRoot = new WeakMap();
const byToken = new WeakMap();
let injected = false;

function installHook() {
  const existing = globalThis[HOOK];
  const onCommit = (root) => {
    let listener = byFiberRoot.get(root);
    if (!listener) {
      const token = root.current?.child?.memoizedProps?.token;
      listener = token ? byToken.get(token) : undefined;
      if (!listener) return;
      byFiberRoot.set(root, listener);
      listener.fiberRoot = root;
    }
    listener.onCommit(root.containerInfo);
  };
  if (existing && typeof existing === 'object') {
    if (existing.isDisabled) {
      throw new Error('@modhost/react: __REACT_DEVTOOLS_GLOBAL_HOOK__.isDisabled is set; the renderer needs the hook to hear commits');
    }
    const inject = existing.inject?.bind(existing);
    existing.inject = (internals) => { injected = true; return inject ? inject(internals) : 1; };
    const previous = existing.onCommitFiberRoot?.bind(existing);
    existing.onCommitFiberRoot = (id, root, ...rest) => { try { onCommit(root); } finally { previous?.(id, root, ...rest); } };
    existing.supportsFiber = true;
    return;
  }
  globalThis[HOOK] = {
    supportsFiber: true,
    renderers: new Map(),
    inject(internals) { injected = true; this.renderers.set(1, internals); return 1; },
    onCommitFiberRoot(id, root) { onCommit(root); },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onScheduleFiberRoot() {},
  };
}

let TestRenderer = null;
function renderer() {
  if (TestRenderer) return TestRenderer;
  installHook();
  TestRenderer = loadDependency('react-test-renderer');
  if (!injected) {
    throw new Error('@modhost/react: react-test-renderer was loaded before @modhost/react, so it does not report commits; import @modhost/react first');
  }
  return TestRenderer;
}

/** Catches what a component throws below it, with the component stack. */
export class Boundary extends React.Component {
  constructor(props) {
    super(props);
    this.state = { error: null, generation: props.generation };
  }

  // A new render() clears the error: the tree gets a fresh try. (Not a `key`: that would
  // remount the whole tree, and the key would show in the node keys.)
  static getDerivedStateFromProps(props, state) {
    return props.generation === state.generation ? null : { error: null, generation: props.generation };
  }

  static getDerivedStateFromError(error) {
    return { error };
  }

  componentDidCatch(error, info) {
    this.props.onError(error, info?.componentStack ?? '');
  }

  render() {
    return this.state.error ? null : this.props.children;
  }
}

/**
 * Renders `element` with React 18 (a concurrent root: updates are batched as with
 * `createRoot`). `onCommit(container)` runs after each commit that rendered without error;
 * `onError(error, componentStack)` when a component threw (that commit shows nothing, and
 * `onCommit` is not called for it, nor for later commits until `update` renders again).
 */
export function createContainer(element, { onCommit, onError }) {
  const TR = renderer();
  const token = {};
  let generation = 0;
  let failed = false;
  const listener = {
    fiberRoot: null,
    onCommit(container) {
      if (failed || container === null) return;
      onCommit(container);
    },
  };
  byToken.set(token, listener);
  const wrap = (el) => {
    generation += 1;
    failed = false;
    return React.createElement(Boundary, {
      token,
      generation,
      onError: (error, stack) => { failed = true; onError(error, stack); },
    }, el);
  };
  const root = TR.create(wrap(element), { unstable_isConcurrent: true });
  return {
    update(next) { root.update(wrap(next)); },
    unmount() { failed = true; root.unmount(); },
    /** Whether React has work scheduled for this root (a render not committed yet). */
    get pending() {
      const fiberRoot = listener.fiberRoot;
      return fiberRoot === null ? true : fiberRoot.pendingLanes !== 0 || fiberRoot.callbackNode !== null;
    },
    get failed() { return failed; },
  };
}

/** React's key of a host instance: its own, or that of the nearest keyed component above it (up to the next host instance). */
export function reactKeyOf(instance) {
  let fiber = instance.internalInstanceHandle;
  while (fiber) {
    if (fiber.key !== null && fiber.key !== undefined) return fiber.key;
    fiber = fiber.return;
    // HostRoot 3, HostComponent 5: the key belongs to another host instance (or none).
    if (!fiber || fiber.tag === 3 || fiber.tag === 5) return null;
  }
  return null;
}
