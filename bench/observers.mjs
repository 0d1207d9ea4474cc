// bench/observers.mjs - what watching the daemon costs, in time: figures that were once
// thresholds in tests (a test asserts order and outcome only; see bench/README.md, Observers).
//
//   node bench/observers.mjs MODHOSTD [UPDATES]
//
// Starts MODHOSTD (with its supervisor and bundled plugins, `--max-outbound 64K`) on a
// temporary socket, then measures:
//
// 1. inspector_ms: a front-end updates a 2- or 3-row List UPDATES times (default 30); for each,
//    the time from sending the update until the inspector's event stream (`modhost inspect`'s
//    server, inspector/server.mjs, its /TOKEN/events Server-Sent Events) carries a new
//    `surface` event. Was: inspector/test/server.test.mjs, "best of three under 100 ms".
// 2. stall_ping_ms: a watcher that never reads its socket, an app tapping a node (each tap
//    sends the watcher a copy of its event), and a bystander's ping round trip every 200 taps,
//    until the daemon closes the watcher for not reading (its queue passed --max-outbound).
//    Was: Tests/IntegrationTests/CLICommandTests.swift, "slowest ping under 1 s".
//
// Prints one line of key=value: inspector_min_ms, inspector_median_ms, inspector_max_ms,
// stall_pings, stall_median_ms, stall_max_ms, stall_taps. Exit 1 on any surprise (the daemon
// does not start, an update never reaches the stream, the watcher is never closed).
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { startInspector } from '../inspector/server.mjs';
import { connect, List, HStack, Text, onTapGesture } from '../clients/js/src/index.js';
import { frame } from './frames.mjs';

const [modhostd, updatesArg = '30'] = process.argv.slice(2);
if (!modhostd) {
  console.error('usage: node bench/observers.mjs MODHOSTD [UPDATES]');
  process.exit(2);
}
// daemon.js reads $MODHOSTD as it loads.
process.env.MODHOSTD = modhostd;
const { startDaemon, tempSocketDir } = await import('../clients/js/test-support/daemon.js');
const updates = Number.parseInt(updatesArg, 10);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fixed = (ms) => ms.toFixed(2);

const dir = tempSocketDir();
const socket = path.join(dir, 'modhost.sock');
const daemon = await startDaemon(socket, { args: ['--max-outbound', '64K'], timeoutMs: 30000 });
const closers = [];
let watcher;
try {
  // 1. The inspector's event stream.
  const app = await connect({ socket, clientName: 'bench-app' });
  closers.push(() => app.close());
  const tree = (rows) => List(...rows.map((id) => HStack({ key: id }, Text(id))));
  const surface = await app.mount('mail', tree(['a', 'b']));
  const inspector = await startInspector({ socket });
  closers.push(() => inspector.close());
  const url = new URL(inspector.url);
  const stream = http.get({ host: url.hostname, port: url.port, path: `${url.pathname}events` });
  const response = await new Promise((resolve, reject) => { stream.on('response', resolve); stream.on('error', reject); });
  response.setEncoding('utf8');
  let received = '';
  response.on('data', (chunk) => { received += chunk; });
  closers.push(() => stream.destroy());
  const latencies = [];
  for (let i = 0; i < updates; i += 1) {
    const before = received.split('event: surface').length;
    const started = performance.now();
    await surface.update(tree(i % 2 === 0 ? ['a', 'b', 'c'] : ['a', 'b']));
    while (received.split('event: surface').length === before) {
      if (performance.now() - started > 10000) throw new Error(`update ${i} did not reach the event stream within 10 s`);
      await new Promise((r) => setImmediate(r));
    }
    latencies.push(performance.now() - started);
  }

  // 2. A watcher that does not read, a tapping app, a pinging bystander.
  watcher = net.createConnection(socket);
  await new Promise((resolve, reject) => { watcher.once('connect', resolve); watcher.once('error', reject); });
  watcher.on('error', () => {});
  watcher.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 1 } }));
  watcher.write(frame({ jsonrpc: '2.0', id: 2, method: 'watch' }));
  watcher.pause();
  // A socket that is not read does not see its end either: the daemon's log says when it
  // gave up on the watcher.
  const closedMark = 'the client is not reading its notifications';
  const tapper = await connect({ socket, clientName: 'bench-tapper' });
  closers.push(() => tapper.close());
  const tapped = await tapper.mount('main', List(Text({ key: 't', modifiers: [onTapGesture(() => {})] }, 'tap')));
  const bystander = await connect({ socket, clientName: 'bench-bystander' });
  closers.push(() => bystander.close());
  const pings = [];
  let taps = 0;
  while (!daemon.log.includes(closedMark) && taps < 200000) {
    await tapped.tap('t');
    taps += 1;
    if (taps % 200 === 0) {
      const started = performance.now();
      await bystander.ping();
      pings.push(performance.now() - started);
    }
  }
  if (!daemon.log.includes(closedMark)) throw new Error(`the watcher that does not read was not closed after ${taps} taps`);

  console.log([
    `inspector_min_ms=${fixed(Math.min(...latencies))}`, `inspector_median_ms=${fixed(median(latencies))}`,
    `inspector_max_ms=${fixed(Math.max(...latencies))}`, `stall_pings=${pings.length}`,
    `stall_median_ms=${pings.length ? fixed(median(pings)) : 'n/a'}`, `stall_max_ms=${pings.length ? fixed(Math.max(...pings)) : 'n/a'}`,
    `stall_taps=${taps}`,
  ].join(' '));
} catch (error) {
  console.error(`observers: ${error.message}`);
  process.exitCode = 1;
} finally {
  for (const close of closers.reverse()) { try { await close(); } catch { /* closing anyway */ } }
  await daemon.stop();
  watcher?.destroy();
  rmSync(dir, { recursive: true, force: true });
}
