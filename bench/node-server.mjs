// node-server.mjs - a plain Node.js JSON-RPC 2.0 server on Modhost's framing
// (4-byte unsigned big-endian length N, then N bytes of UTF-8 JSON) over a
// Unix domain socket, using only node's `net`. It is the "ordinary managed
// runtime" baseline that bench/run compares modhostd against.
//
// Every frame is JSON.parse'd; `ping` is answered {"jsonrpc":"2.0","id":<id>,
// "result":{}} via JSON.stringify (a ping whose params have members gets
// modhostd's -32602, as the contract says); `callFunction` of the Greeting fixture's
// `echo` is answered with its one string argument as the result, as modhostd does for
// bench/run's --echo runs (after checking what modhostd checks: module, function, one
// string argument), and `initialize` with {"protocolVersion":1}; other methods get a -32601 error, bad JSON
// a -32700 error, notifications (no id) no answer. All replies produced by
// one 'data' event go out in a single socket.write.
//
// Usage: node bench/node-server.mjs SOCKET_PATH
// Prints "listening on SOCKET_PATH" on stderr when ready; SIGTERM/SIGINT exit.
import net from 'node:net';
import fs from 'node:fs';

const MAX_FRAME = 16 * 1024 * 1024;
const path = process.argv[2];
if (!path) {
  process.stderr.write('usage: node node-server.mjs SOCKET_PATH\n');
  process.exit(2);
}

function reply(msg) {
  if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) {
    return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } };
  }
  if (!('id' in msg)) return null; // notification
  if (msg.method === 'ping') {
    // As the contract (and modhostd) has it: ping takes no params; `{}` and `[]` pass.
    const p = msg.params;
    if (p !== undefined && p !== null && typeof p === 'object' && Object.keys(p).length > 0) {
      return {
        jsonrpc: '2.0', id: msg.id,
        error: {
          code: -32602, message: "Invalid params: 'ping' takes no params",
          data: { path: '', expected: 'no params, {} or []', got: Array.isArray(p) ? 'a non-empty array' : 'an object with members' },
        },
      };
    }
    return { jsonrpc: '2.0', id: msg.id, result: {} };
  }
  // The echo runs initialize first, as modhostd requires.
  if (msg.method === 'initialize') return { jsonrpc: '2.0', id: msg.id, result: { protocolVersion: 1 } };
  if (msg.method === 'callFunction') {
    const p = msg.params;
    const args = p && typeof p === 'object' ? p.args : undefined;
    if (p?.module === 'Greeting' && p?.function === 'echo' && Array.isArray(args) && args.length === 1 && typeof args[0] === 'string') {
      return { jsonrpc: '2.0', id: msg.id, result: args[0] };
    }
    return { jsonrpc: '2.0', id: msg.id, error: { code: -32602, message: 'Invalid params: only Greeting.echo(string) is served here' } };
  }
  return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
}

function frame(obj) {
  const json = Buffer.from(JSON.stringify(obj), 'utf8');
  const head = Buffer.allocUnsafe(4);
  head.writeUInt32BE(json.length, 0);
  return [head, json];
}

function onConnection(socket) {
  let pending = null; // bytes of a partial frame carried to the next 'data'

  socket.on('data', (chunk) => {
    let buf = pending ? Buffer.concat([pending, chunk]) : chunk;
    pending = null;
    const out = [];
    let off = 0;
    while (buf.length - off >= 4) {
      const n = buf.readUInt32BE(off);
      if (n > MAX_FRAME) {
        socket.destroy();
        return;
      }
      if (buf.length - off - 4 < n) break;
      const text = buf.toString('utf8', off + 4, off + 4 + n);
      off += 4 + n;
      let msg;
      try {
        msg = JSON.parse(text);
      } catch {
        out.push(...frame({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
        continue;
      }
      const r = reply(msg);
      if (r) out.push(...frame(r));
    }
    if (off < buf.length) pending = Buffer.from(buf.subarray(off)); // copy: chunk may be reused
    if (out.length) socket.write(out.length === 1 ? out[0] : Buffer.concat(out));
  });
  socket.on('error', () => socket.destroy());
  socket.on('end', () => socket.end());
}

try { fs.unlinkSync(path); } catch { /* no stale socket */ }
const server = net.createServer(onConnection);
server.listen(path, () => {
  process.stderr.write(`listening on ${path}\n`);
});

function stop() {
  server.close();
  try { fs.unlinkSync(path); } catch { /* already gone */ }
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
