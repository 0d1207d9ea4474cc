/**
 * The code of the error the host answers a request with when the engine ended while it ran
 * (a plugin crashed or hung it): `data: {reason, method, plugin?, call?, detail?}`.
 */
export const ENGINE_RESTARTED = -32005;

/**
 * An error answered by the host: JSON-RPC `code`, `data` (with `data.path` where it helps),
 * message, `method`, and `requestId` (the JSON-RPC id the request was sent with).
 */
export class ModhostError extends Error {
  constructor(error, method, requestId) {
    super(error?.message ?? 'modhost error');
    this.name = 'ModhostError';
    this.code = error?.code;
    this.data = error?.data;
    this.method = method;
    if (requestId !== undefined) this.requestId = requestId;
  }

  /**
   * Whether the engine ended while this request ran or waited (-32005): a plugin crashed or hung
   * it (`data.plugin`, `data.reason`). The connection goes on; whether the request took effect is
   * unknown, and sending it again would meet the quarantined plugin.
   */
  get engineRestarted() {
    return this.code === ENGINE_RESTARTED;
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
 * folder, is another user's or others may replace it: nothing was sent), `ERR_MODHOST_SURFACE_GONE`,
 * `ERR_MODHOST_RECONNECT_FAILED` (the Host gave up reconnecting after `attempts` attempts to
 * `socketPath`; `cause` is the last attempt's error), `ERR_MODHOST_TIMEOUT` (see ModhostTimeoutError).
 */
export class ModhostConnectionError extends Error {
  constructor(message, code = 'ERR_MODHOST_DISCONNECTED', { method, requestId, attempts, socketPath, cause } = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ModhostConnectionError';
    this.code = code;
    if (method !== undefined) this.method = method;
    if (requestId !== undefined) this.requestId = requestId;
    if (attempts !== undefined) this.attempts = attempts;
    if (socketPath !== undefined) this.socketPath = socketPath;
  }
}

/**
 * A request was not answered within its time limit (`code: 'ERR_MODHOST_TIMEOUT'`). `method`,
 * `timeoutMs`; `sent` says whether it had reached the host (then `requestId` is its JSON-RPC id,
 * and the host may still act on it: its late answer is dropped).
 */
export class ModhostTimeoutError extends ModhostConnectionError {
  constructor(method, timeoutMs, { sent = false, requestId, socketPath } = {}) {
    super(`'${method}' was not answered within ${timeoutMs} ms` +
      (sent ? ` by modhostd at ${socketPath} (it was sent as request ${requestId}; the host may still act on it, and its late answer will be dropped)`
        : ` (it was waiting for the connection to modhostd at ${socketPath} and was never sent)`),
    'ERR_MODHOST_TIMEOUT', { method, requestId, socketPath });
    this.name = 'ModhostTimeoutError';
    this.timeoutMs = timeoutMs;
    this.sent = sent;
  }
}
