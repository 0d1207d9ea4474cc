// Native modules as a front-end sees them: an object whose methods call the module's functions
// on the host by name (`callFunction`), and which hears the module's events (`moduleEvent`)
// the way expo-modules-core's EventEmitter does: addListener(eventName, fn) -> {remove()}.

/** Listeners of one module's events, by event name; a subscription removes exactly its own entry. */
export class ModuleEventEmitter {
  /**
   * @param {string} moduleName
   * @param {(error: unknown, eventName: string, payload: unknown) => void} [onListenerError]
   */
  constructor(moduleName, onListenerError) {
    this.moduleName = moduleName;
    this.onListenerError = onListenerError;
    /** @type {Map<string, {listener: Function}[]>} */
    this.byEvent = new Map();
  }

  addListener(eventName, listener) {
    if (typeof eventName !== 'string' || eventName.length === 0) {
      throw new TypeError(`${this.moduleName}.addListener: eventName must be a non-empty string, got ${typeof eventName}`);
    }
    if (typeof listener !== 'function') {
      throw new TypeError(`${this.moduleName}.addListener('${eventName}'): listener must be a function, got ${typeof listener}`);
    }
    const entry = { listener };
    const list = this.byEvent.get(eventName) ?? [];
    this.byEvent.set(eventName, [...list, entry]);
    let removed = false;
    return {
      remove: () => {
        if (removed) return;
        removed = true;
        this.removeEntry(eventName, entry);
      },
    };
  }

  /** Removes one registration of `listener` for `eventName` (the latest). */
  removeListener(eventName, listener) {
    const list = this.byEvent.get(eventName) ?? [];
    for (let i = list.length - 1; i >= 0; i -= 1) {
      if (list[i].listener === listener) {
        this.removeEntry(eventName, list[i]);
        return;
      }
    }
  }

  removeEntry(eventName, entry) {
    const rest = (this.byEvent.get(eventName) ?? []).filter((e) => e !== entry);
    if (rest.length > 0) this.byEvent.set(eventName, rest);
    else this.byEvent.delete(eventName);
  }

  /** Without a name: every event's listeners. */
  removeAllListeners(eventName) {
    if (eventName === undefined) this.byEvent.clear();
    else this.byEvent.delete(eventName);
  }

  listenerCount(eventName) {
    return this.byEvent.get(eventName)?.length ?? 0;
  }

  /**
   * Calls the listeners of `eventName` with `payload`, in the order they were added (a listener
   * added or removed meanwhile does not change this round). A listener that throws, or whose
   * promise rejects, does not stop the others; it goes to `onListenerError`.
   * @returns {number} how many listeners were called
   */
  emit(eventName, payload) {
    const list = this.byEvent.get(eventName) ?? [];
    for (const { listener } of list) {
      try {
        const result = listener(payload);
        if (result && typeof result.then === 'function') {
          result.then(undefined, (error) => this.reportError(error, eventName, payload));
        }
      } catch (error) {
        this.reportError(error, eventName, payload);
      }
    }
    return list.length;
  }

  reportError(error, eventName, payload) {
    if (this.onListenerError) this.onListenerError(error, eventName, payload);
    else queueMicrotask(() => { throw error; });
  }
}

// Members a module object never forwards to the host: promise detection (`await module` must
// not call a function named `then`), JSON, and what inspection looks up.
const NOT_FUNCTIONS = new Set(['then', 'catch', 'finally', 'toJSON', 'constructor', 'inspect', 'asymmetricMatch', '$$typeof', 'nodeType']);

/**
 * A module object for `moduleName`: `module.fn(...args)` is `callFunction(moduleName, 'fn', args)`
 * (a Promise of the result), and the emitter's methods (addListener, removeListener,
 * removeAllListeners, listenerCount, emit) and `moduleName` are its own.
 * @param {string} moduleName
 * @param {ModuleEventEmitter} emitter
 * @param {(module: string, fn: string, args: unknown[]) => Promise<unknown>} callFunction
 */
export function nativeModuleProxy(moduleName, emitter, callFunction) {
  const functions = new Map();
  const own = {
    moduleName,
    addListener: emitter.addListener.bind(emitter),
    removeListener: emitter.removeListener.bind(emitter),
    removeAllListeners: emitter.removeAllListeners.bind(emitter),
    listenerCount: emitter.listenerCount.bind(emitter),
    emit: emitter.emit.bind(emitter),
    toString: () => `[native module ${moduleName}]`,
  };
  return new Proxy(own, {
    get(target, prop) {
      if (typeof prop === 'symbol') return undefined;
      if (Object.prototype.hasOwnProperty.call(target, prop)) return target[prop];
      if (NOT_FUNCTIONS.has(prop)) return undefined;
      let fn = functions.get(prop);
      if (!fn) {
        fn = (...args) => callFunction(moduleName, prop, args);
        Object.defineProperty(fn, 'name', { value: prop });
        functions.set(prop, fn);
      }
      return fn;
    },
    has(target, prop) {
      return typeof prop === 'string' && !NOT_FUNCTIONS.has(prop);
    },
    set() {
      throw new TypeError(`native module ${moduleName}: its members are the module's functions and cannot be set`);
    },
    defineProperty() {
      throw new TypeError(`native module ${moduleName}: its members are the module's functions and cannot be defined`);
    },
    deleteProperty() {
      return false;
    },
  });
}
