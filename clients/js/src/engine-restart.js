// What a Host learns when the engine it talked to is gone and a new one serves it: whose request
// a plugin crashed in, and which modifier types went or came. The host names that request by
// (pid, JSON-RPC id). Usually the new engine takes the connection over, and that request is still
// waiting for its answer (-32005) on it; when the connection itself dropped (no supervisor, or
// the daemon restarted) a Host remembers its requests that were then in flight, so it can tell
// its own request from another front-end's either way.

/** The requests of one Host that were in flight when one of its connections dropped. */
export class LostRequests {
  constructor(limit = 64) {
    this.limit = limit;
    this.byId = new Map();
  }

  /** @param {{id: number, method: string, params: any}[]} requests */
  add(requests) {
    for (const request of requests) this.byId.set(request.id, request);
    while (this.byId.size > this.limit) this.byId.delete(this.byId.keys().next().value);
  }

  get(id) {
    return this.byId.get(id);
  }
}

/**
 * The `pluginCrashed` event for a `plugin-crashed` diagnostic: `{plugin, path, crash, message,
 * mine}`, plus `requestId`, `method` and `params` when the request that crashed the engine was
 * one this Host sent (ids are unique per process, so the pid and id name it). `sentRequest(id)`
 * gives `{method, params}` of this Host's request `id`, pending or lost, if it has one.
 */
export function pluginCrashedEvent(diagnostic, sentRequest) {
  const { plugin, path, crash, message } = diagnostic;
  const event = { plugin, path, crash, message, mine: false };
  const request = crash?.request;
  if (request && request.pid === process.pid) {
    const sent = sentRequest(request.id);
    if (sent && sent.method === request.method) {
      Object.assign(event, { mine: true, requestId: request.id, method: request.method, params: sent.params });
    }
  }
  return event;
}

/** The modifier types of an `initialize` result, each with the plugin serving it. */
export function modifierTypesOf(server) {
  return new Map((server?.modifiers ?? []).map((m) => [m.type, m.plugin]));
}

/**
 * `{added, removed, changed}` between two type maps (null when equal): what a front-end would
 * have heard in `pluginsChanged` had the host not restarted in between. `changed`: types now
 * served by another plugin.
 */
export function modifierTypeChanges(before, after) {
  const added = [...after.keys()].filter((type) => !before.has(type)).sort();
  const removed = [...before.keys()].filter((type) => !after.has(type)).sort();
  const changed = [...after].filter(([type, plugin]) => before.get(type) !== undefined && before.get(type) !== plugin)
    .map(([type]) => type).sort();
  return added.length || removed.length || changed.length ? { added, removed, changed } : null;
}
