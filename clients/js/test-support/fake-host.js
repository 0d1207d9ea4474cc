// A Connection whose socket is a stand-in: unit tests feed it answers and notifications.
import assert from 'node:assert/strict';
import { Connection } from '../src/index.js';

/** A stand-in connection: records requests; `answer`/`fail` settle them as a read of the socket would. */
export class FakeConnection {
  constructor() {
    this.sent = [];
    this.closed = false;
  }

  request(method, params, settled) {
    return new Promise((resolve, reject) => this.sent.push({ method, params, settled, resolve, reject }));
  }

  next(method) {
    const index = this.sent.findIndex((r) => r.method === method && !r.done);
    assert.ok(index >= 0, `a '${method}' request was sent (sent: ${this.sent.map((r) => r.method).join(', ')})`);
    return this.sent[index];
  }

  answer(request, result = {}) {
    request.done = true;
    request.settled?.(undefined, result);
    request.resolve(result);
  }

  fail(request, error) {
    request.done = true;
    request.settled?.(error);
    request.reject(error);
  }

  async end() {
    this.closed = true;
  }
}

/** A Connection that talks to a FakeConnection, recording its diagnostics. */
export function fakeHost() {
  const host = new Connection({ socket: '/nonexistent/modhost.sock', reconnect: false });
  const conn = new FakeConnection();
  host.conn = conn;
  host.state = 'open';
  const diagnostics = [];
  host.on('diagnostic', (d) => diagnostics.push(d));
  return { host, conn, diagnostics };
}

