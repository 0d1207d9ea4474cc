// bench/inspector-memory.mjs - what an event-stream client that never reads costs the inspector
// (`modhost inspect`'s server), in memory: issue 27 found ~100 MiB per 1,000 changes of a
// 1,000-node surface, not given back after the client closed. The bound on a stream's queue
// (DEFAULT_LIMITS.maxStreamQueuedBytes in inspector/server.mjs) is what keeps it flat.
//
//   node bench/inspector-memory.mjs MODHOSTD [UPDATES] [NODES]
//
// Starts MODHOSTD on a temporary socket and a front-end that mounts a List of NODES rows
// (default 1,000), then, for each of two inspectors run as their own `node` process (so that
// their RSS is theirs alone) - `bounded` with the default limits and `unbounded` with no bound
// on a stream's queue (as before issue 27) - opens one /TOKEN/events stream that reads nothing,
// updates one row's text UPDATES times (default 1,000), and reads the inspector's RSS
// (/proc/PID/status VmRSS) before, after the updates, after the stream is closed, and after the
// inspector has collected garbage too (global.gc on SIGUSR2).
//
// A third, `no-stream`, has no such stream: the baseline for the same updates.
// Prints one line of key=value per inspector: frame_kib (one `surface` event's size),
// rss_before_mib, rss_after_updates_mib, rss_after_close_mib (1 s after the stream closed),
// rss_after_close_gc_mib (after a full collection too), stream_received_mib (what the
// stream brought once read again: the kernel's buffers when dropped, everything when kept),
// dropped_by_server. Exit 1 on any surprise (the bounded inspector keeps the stream).
import net from 'node:net';
import http from 'node:http';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { connect, List, HStack, Text } from '../clients/js/src/index.js';

const [modhostd, updatesArg = '1000', nodesArg = '1000'] = process.argv.slice(2);
if (!modhostd) {
  console.error('usage: node bench/inspector-memory.mjs MODHOSTD [UPDATES] [NODES]');
  process.exit(2);
}
process.env.MODHOSTD = modhostd;
const { startDaemon, tempSocketDir } = await import('../clients/js/test-support/daemon.js');
const updates = Number.parseInt(updatesArg, 10);
const nodes = Number.parseInt(nodesArg, 10);
const serverModule = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'inspector', 'server.mjs');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMiB = (pid) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)[1]) / 1024;

/** An inspector in its own process; resolves with `{child, url}` once it prints its URL. */
function startInspectorProcess(socket, limits) {
  const code = `
    import { startInspector } from ${JSON.stringify(serverModule)};
    const inspector = await startInspector({ socket: ${JSON.stringify(socket)}, limits: ${limits} });
    process.on('SIGUSR2', () => { globalThis.gc(); process.stdout.write('gc\\n'); });
    process.on('SIGTERM', async () => { await inspector.close(); process.exit(0); });
    console.log('url ' + inspector.url);`;
  const child = spawn(process.execPath, ['--expose-gc', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const lines = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    out += chunk;
    const parts = out.split('\n');
    out = parts.pop();
    lines.push(...parts);
  });
  const nextLine = async (prefix) => {
    for (let i = 0; i < 3000; i += 1) {
      const at = lines.findIndex((line) => line.startsWith(prefix));
      if (at >= 0) return lines.splice(at, 1)[0];
      if (child.exitCode !== null) throw new Error(`the inspector exited (${child.exitCode})`);
      await sleep(10);
    }
    throw new Error(`the inspector never printed '${prefix}'`);
  };
  return nextLine('url ').then((line) => ({ child, url: new URL(line.slice(4)), nextLine }));
}

function getState(url) {
  return new Promise((resolve, reject) => {
    http.get({ host: url.hostname, port: url.port, path: `${url.pathname}state` }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => { body += chunk; });
      response.on('end', () => resolve(JSON.parse(body)));
    }).on('error', reject);
  });
}

/** Collects garbage in the inspector and gives it a moment to hand pages back. */
async function settle(inspector) {
  inspector.child.kill('SIGUSR2');
  await inspector.nextLine('gc');
  await sleep(1000);
}

const dir = tempSocketDir();
const socket = path.join(dir, 'modhost.sock');
const daemon = await startDaemon(socket, { timeoutMs: 30000 });
let failed = false;
try {
  const app = await connect({ socket, clientName: 'bench-memory' });
  const tree = (round) => List(...Array.from({ length: nodes }, (_, i) => HStack({ key: `r${i}` }, Text(i === 0 ? `round ${round}` : `row ${i}`))));
  const surface = await app.mount('big', tree(0));
  let round = 0;
  for (const [name, limits] of [['no-stream', '{}'], ['bounded', '{}'], ['unbounded', '{ maxStreamQueuedBytes: Infinity }']]) {
    const inspector = await startInspectorProcess(socket, limits);
    try {
      const frameKiB = Buffer.byteLength(JSON.stringify((await getState(inspector.url)).surfaces[0])) / 1024;
      await settle(inspector);
      const before = rssMiB(inspector.child.pid);
      // The stream that reads nothing (none for the baseline).
      const stuck = name === 'no-stream' ? null : net.connect({ host: inspector.url.hostname, port: Number(inspector.url.port) });
      let closed = false;
      let receivedBytes = 0;
      if (stuck) {
        stuck.on('error', () => {});
        stuck.on('close', () => { closed = true; });
        stuck.on('data', (chunk) => { receivedBytes += chunk.length; });
        await new Promise((resolve) => stuck.once('connect', resolve));
        stuck.pause();
        stuck.write(`GET ${inspector.url.pathname}events HTTP/1.1\r\nHost: ${inspector.url.host}\r\n\r\n`);
      }
      for (let i = 0; i < updates; i += 1) {
        round += 1;
        await surface.update(tree(round));
      }
      // The inspector has seen the last update once its state says so.
      for (let i = 0; i < 3000; i += 1) {
        const text = JSON.stringify((await getState(inspector.url)).surfaces[0]?.root ?? null);
        if (text.includes(`"round ${round}"`)) break;
        await sleep(10);
      }
      const afterUpdates = rssMiB(inspector.child.pid);
      // Reading again: a dropped stream ends after what was in the kernel's buffers; a kept
      // one brings everything queued. Read until it ends or says nothing for 2 s.
      if (stuck) {
        stuck.resume();
        let last = -1;
        while (!closed && receivedBytes !== last) {
          last = receivedBytes;
          await sleep(2000);
        }
      }
      const droppedByServer = closed;
      stuck?.destroy();
      await sleep(1000);
      const afterCloseNoGC = rssMiB(inspector.child.pid);
      await settle(inspector);
      const afterClose = rssMiB(inspector.child.pid);
      console.log(`inspector=${name} updates=${updates} nodes=${nodes} frame_kib=${frameKiB.toFixed(1)} rss_before_mib=${before.toFixed(1)} rss_after_updates_mib=${afterUpdates.toFixed(1)} rss_after_close_mib=${afterCloseNoGC.toFixed(1)} rss_after_close_gc_mib=${afterClose.toFixed(1)} stream_received_mib=${(receivedBytes / 1048576).toFixed(1)} dropped_by_server=${droppedByServer}`);
      if (name === 'bounded' && !droppedByServer) { console.error('the bounded inspector never dropped the stream'); failed = true; }
    } finally {
      inspector.child.kill('SIGTERM');
      await new Promise((resolve) => { if (inspector.child.exitCode !== null) resolve(); else inspector.child.once('exit', resolve); });
    }
  }
  await app.close();
} finally {
  await daemon.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
