/** An error answered by the host: JSON-RPC `code`, `data` (with `data.path` where it helps), message. */
export class ModhostError extends Error {
  constructor(error, method) {
    super(error?.message ?? 'modhost error');
    this.name = 'ModhostError';
    this.code = error?.code;
    this.data = error?.data;
    this.method = method;
  }

  /** Where in the params the problem is, e.g. `root.children[0].modifiers[0].trailing[1].tint`. */
  get path() {
    return this.data?.path;
  }
}

/** The connection to the host was lost or closed before a request was answered. */
export class ModhostConnectionError extends Error {
  constructor(message, code = 'ERR_MODHOST_DISCONNECTED') {
    super(message);
    this.name = 'ModhostConnectionError';
    this.code = code;
  }
}
