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

/**
 * The connection to the host was lost or closed before a request was answered. `code`:
 * `ERR_MODHOST_DISCONNECTED` (sent, then the connection dropped: the host may or may not have
 * acted on it; `requestId` is its JSON-RPC id), `ERR_MODHOST_NOT_SENT` (never reached the host),
 * `ERR_MODHOST_CLOSED`, `ERR_MODHOST_CONNECT`, `ERR_MODHOST_SOCKET_OWNER` (the socket, or its
 * folder, is another user's or others may replace it: nothing was sent), `ERR_MODHOST_SURFACE_GONE`.
 */
export class ModhostConnectionError extends Error {
  constructor(message, code = 'ERR_MODHOST_DISCONNECTED', { method, requestId } = {}) {
    super(message);
    this.name = 'ModhostConnectionError';
    this.code = code;
    if (method !== undefined) this.method = method;
    if (requestId !== undefined) this.requestId = requestId;
  }
}
