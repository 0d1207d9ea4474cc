// bench/memory.mjs - what a plain node costs the engine in memory, and whether it comes back
// (issue 45).
//
// A supervised modhostd of its own; one connection mounts SURFACES surfaces of ROWS plain
// rows each (an HStack with a key and a Text: two nodes a row, one List a surface), 100,000
// rows in all by default, then unmounts them. The engine's /proc/PID/status is read before,
// after the mounts and after the unmounts, each time once a ping has been answered and
// 300 ms have passed: VmRSS less RssShmem (the heap and the rest of the process's own pages),
// RssShmem apart (the custody journals are memfd pages the engine maps), and VmHWM (the peak).
//
// Targets (issue 45): at most 200 B of engine RSS per plain node (shared memory counted apart),
// RSS back within 10 % of its start after the unmounts, and no peak above 1.2x the RSS held
// after the mounts. modhostd: $MODHOSTD, else bench/run's release build, else .build/debug.
//
//   node bench/memory.mjs [MODHOSTD_PATH] [SURFACES] [ROWS] [--report]
//     --report: bench/run's markdown section; exit status 3 when a target is missed
import { readFileSync } from 'node:fs';
import { benchArgs, chooseDaemon, openTimed, rowList } from './support.mjs';

const { report, positional: [argDaemon, argSurfaces, argRows] } = benchArgs();
chooseDaemon(argDaemon);
const SURFACES = Number(argSurfaces ?? 4);
const ROWS = Number(argRows ?? 25000);
const { encodeFrame } = await import('../clients/js/src/framing.js');
const { withDaemon } = await import('../clients/js/test-support/daemon.js');

/** VmRSS, RssShmem and VmHWM of `pid`, in KiB. */
function status(pid) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(text.match(new RegExp(`${name}:\\s+(\\d+) kB`))?.[1] ?? NaN);
  const rss = field('VmRSS');
  const shmem = field('RssShmem');
  return { own: rss - shmem, shmem, peak: field('VmHWM') };
}

const env = await withDaemon();
try {
  const pid = env.daemon.enginePid;
  if (!pid) throw new Error('no engine pid in the daemon log');
  const client = await openTimed(env.socket);
  let id = 0;
  const call = async (method, params) => {
    const answer = await client.send(encodeFrame({ jsonrpc: '2.0', id: id++, method, params }));
    if (!answer.message.result) throw new Error(`${method} failed: ${JSON.stringify(answer.message).slice(0, 300)}`);
    return answer.message.result;
  };
  const settled = async () => {
    await call('ping');
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (env.daemon.enginePid !== pid) throw new Error(`the engine changed during the run:\n${env.daemon.log.slice(-2000)}`);
    return status(pid);
  };
  await call('initialize', { protocolVersion: 1 });
  const before = await settled();
  const root = rowList(ROWS);
  for (let surface = 0; surface < SURFACES; surface += 1) await call('mount', { surface: `memory-${surface}`, root });
  const mounted = await settled();
  for (let surface = 0; surface < SURFACES; surface += 1) await call('unmount', { surface: `memory-${surface}` });
  const after = await settled();
  client.close();

  const nodes = SURFACES * (2 * ROWS + 1);
  const perNode = ((mounted.own - before.own) * 1024) / nodes;
  const back = (after.own - before.own) / before.own;
  const peakOverSteady = mounted.peak / (mounted.own + mounted.shmem);
  const mib = (kib) => (kib / 1024).toFixed(1);
  if (report) {
    const rows = [
      ['engine RSS per plain node (shared memory apart)', `${perNode.toFixed(0)} B`, perNode <= 200, '≤ 200 B'],
      ['RSS after the unmounts over its start', `${(back * 100).toFixed(1)} %`, back <= 0.1, '≤ 10 %'],
      ['peak (VmHWM) over the RSS held after the mounts', peakOverSteady.toFixed(2), peakOverSteady <= 1.2, '≤ 1.2'],
    ];
    console.log('### Engine memory per node (bench/memory.mjs)\n');
    console.log(`${SURFACES} surfaces of ${ROWS.toLocaleString('en')} plain rows (${nodes.toLocaleString('en')} nodes) mounted on one connection of a supervised` +
      ` modhostd of its own, then unmounted; the engine's /proc status read once each step has settled (a ping, 300 ms).` +
      ` RSS is VmRSS less RssShmem; shared memory (the custody journals' memfd pages) is reported apart.\n`);
    console.log('| step | RSS | shared | peak |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const [step, s] of [['start', before], ['mounted', mounted], ['unmounted', after]]) {
      console.log(`| ${step} | ${mib(s.own)} MiB | ${mib(s.shmem)} MiB | ${mib(s.peak)} MiB |`);
    }
    console.log('\n| measure | value | target | result |');
    console.log('| --- | ---: | --- | --- |');
    for (const [label, value, pass, target] of rows) console.log(`| ${label} | ${value} | ${target} | ${pass ? 'PASS' : 'MISS'} |`);
    process.exitCode = rows.every(([, , pass]) => pass) ? 0 : 3;
  } else {
    console.log(`nodes=${nodes} per_node_bytes=${perNode.toFixed(0)} start_kib=${before.own} mounted_kib=${mounted.own} unmounted_kib=${after.own}` +
      ` shmem_kib=${before.shmem},${mounted.shmem},${after.shmem} peak_kib=${mounted.peak} back_pct=${(back * 100).toFixed(1)} peak_over_steady=${peakOverSteady.toFixed(2)}`);
  }
} finally {
  await env.cleanup();
}
