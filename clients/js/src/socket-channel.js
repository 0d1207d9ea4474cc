// One socket to the host (one SocketChannel per connection attempt): frames in and out, requests matched to responses by id.
import net from 'node:net';
import { encodeFrame, FrameDecoder, DEFAULT_MAX_FRAME } from './framing.js';
import { ModhostError, ModhostConnectionError, ModhostTimeoutError } from './errors.js';
import { socketPathProblem } from './socket-path.js';

// Request ids are unique in this process, not only per connection: the host names the request
// a plugin crashed in by (pid, id), so two Hosts of one process can tell whose it was.
let nextRequestId = 1;

export class SocketChannel {
  /**
   * @param {string} socketPath
   * @param {{maxFrame?: number, onNotification: (method: string, params: any) => void,
   *          onClose: (conn: SocketChannel, error: Error | undefined, inFlight: {id: number, method: string, params: any}[]) => void,
   *          onProtocolError: (message: string, detail?: any) => void}} handlers
   */
  constructor(socketPath, handlers) {
    this.socketPath = socketPath;
    this.handlers = handlers;
    this.decoder = new FrameDecoder(handlers.maxFrame ?? DEFAULT_MAX_FRAME);
    this.pending = new Map();
    /** Ids of requests that timed out: their late answers are dropped quietly. */
    this.abandoned = new Set();
    this.closed = false;
    this.lastError = undefined;
    this.socket = null;
  }

  /** `{method, params}` of request `id` if it is sent on this socket and not answered yet. */
  pendingRequest(id) {
    const waiter = this.pending.get(id);
    return waiter ? { method: waiter.method, params: waiter.params } : undefined;
  }

  /** Connects; resolves once the socket is open, rejects if it cannot be. */
  open() {
    return new Promise((resolve, reject) => {
      const problem = socketPathProblem(this.socketPath);
      if (problem) {
        reject(new ModhostConnectionError(problem, 'ERR_MODHOST_SOCKET_OWNER'));
        return;
      }
      let connected = false;
      const socket = net.createConnection({ path: this.socketPath });
      this.socket = socket;
      socket.on('connect', () => {
        connected = true;
        resolve(this);
      });
      socket.on('data', (chunk) => this.receive(chunk));
      socket.on('error', (error) => {
        this.lastError = error;
        if (!connected) reject(new ModhostConnectionError(
          `cannot connect to modhostd at ${this.socketPath}: ${error.code ?? error.message} (is the daemon running? start it with 'modhostd --socket ${this.socketPath}')`,
          'ERR_MODHOST_CONNECT'));
      });
      socket.on('close', () => this.didClose());
    });
  }

  receive(chunk) {
    let bodies;
    try {
      bodies = this.decoder.push(chunk);
    } catch (error) {
      this.handlers.onProtocolError(error.message);
      this.destroy(error);
      return;
    }
    for (const body of bodies) {
      let message;
      try {
        message = JSON.parse(body.toString('utf8'));
      } catch (error) {
        this.handlers.onProtocolError(`the host sent a frame that is not JSON: ${error.message}`);
        continue;
      }
      if (Array.isArray(message)) message.forEach((m) => this.dispatch(m));
      else this.dispatch(message);
    }
  }

  dispatch(message) {
    if (message === null || typeof message !== 'object') return;
    if (typeof message.method === 'string' && message.id === undefined) {
      this.handlers.onNotification(message.method, message.params);
      return;
    }
    if ('result' in message || 'error' in message) {
      const waiter = this.pending.get(message.id);
      if (!waiter) {
        if (this.abandoned.delete(message.id)) return; // the answer to a request that timed out
        this.handlers.onProtocolError(
          `the host answered id ${JSON.stringify(message.id)}, which no request of this client has` +
            (message.error ? `: ${message.error.message}` : ''), message.error);
        return;
      }
      this.pending.delete(message.id);
      clearTimeout(waiter.timer);
      if (message.error) {
        const error = new ModhostError(message.error, waiter.method, message.id);
        waiter.settled?.(error);
        waiter.reject(error);
      } else {
        waiter.settled?.(undefined, message.result);
        waiter.resolve(message.result);
      }
    }
  }

  /**
   * Sends a request; resolves with its result, rejects with ModhostError or ModhostConnectionError.
   * `settled(error, result)`, when given, is called synchronously as the answer is read (or the
   * request fails), before any later message of the same read is dispatched: state that the
   * next notifications depend on (a surface's listeners) is in place for them.
   * With `timeoutMs` (> 0) it rejects with ModhostTimeoutError when no answer came in time;
   * the answer, should it come later, is dropped.
   */
  request(method, params, settled, timeoutMs) {
    if (this.closed) {
      const error = new ModhostConnectionError(`connection to modhostd at ${this.socketPath} is closed; '${method}' was not sent`, 'ERR_MODHOST_NOT_SENT', { method });
      settled?.(error);
      return Promise.reject(error);
    }
    const id = nextRequestId++;
    const message = { jsonrpc: '2.0', id, method };
    if (params !== undefined) message.params = params;
    let frame;
    try {
      frame = encodeFrame(message);
    } catch (error) {
      settled?.(error);
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      const waiter = { resolve, reject, method, params, settled, timer: undefined };
      if (timeoutMs > 0 && Number.isFinite(timeoutMs)) {
        waiter.timer = setTimeout(() => {
          if (this.pending.get(id) !== waiter) return;
          this.pending.delete(id);
          this.abandoned.add(id);
          // Bounded: a host that never answers must not make this grow without end.
          if (this.abandoned.size > 1024) this.abandoned.delete(this.abandoned.values().next().value);
          const error = new ModhostTimeoutError(method, timeoutMs, { sent: true, requestId: id, socketPath: this.socketPath });
          settled?.(error);
          reject(error);
        }, timeoutMs);
      }
      this.pending.set(id, waiter);
      this.socket.write(frame);
    });
  }

  destroy(error) {
    if (error) this.lastError = error;
    this.socket?.destroy();
  }

  /** Ends the socket and resolves when it is closed. */
  end() {
    return new Promise((resolve) => {
      if (this.closed || !this.socket) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.destroy();
    });
  }

  didClose() {
    if (this.closed) return;
    this.closed = true;
    const cause = this.lastError ? ` (${this.lastError.code ?? this.lastError.message})` : '';
    const inFlight = [];
    // Sent but unanswered: the host may or may not have acted on it, so it is never sent again.
    for (const [id, waiter] of this.pending) {
      clearTimeout(waiter.timer);
      inFlight.push({ id, method: waiter.method, params: waiter.params });
      const error = new ModhostConnectionError(
        `connection to modhostd at ${this.socketPath} closed before '${waiter.method}' was answered${cause}`,
        'ERR_MODHOST_DISCONNECTED', { method: waiter.method, requestId: id });
      waiter.settled?.(error);
      waiter.reject(error);
    }
    this.pending.clear();
    this.handlers.onClose(this, this.lastError, inFlight);
  }
}
