// bench/expo-styles.mjs - a mount of 10,000 rows that each carry five of Expo UI's recorded
// style modifiers (issue 32) against its parse floor.
//
// Every row is an HStack with a key and a Text, and the modifiers shadow {radius: 2, y: 1},
// blur {radius: 1}, scaleEffect {x: 1.1, y: 1.1}, rotationEffect {angle: 5} and bold. The
// parse floor is the same root sent as the params of a method the host lacks, which it
// parses in full and refuses (-32601): what reading the request costs before any of it is
// mounted (not a `ping`: the host checks a ping's params without building them). Both
// requests are encoded once, before the timing, and written whole on one connection; each
// is timed from its write to its response. Repetitions alternate floor, mount (a new
// surface each time, unmounted untimed after), each followed by an untimed ping. Target:
// the mount's median within 3x the floor's. modhostd: $MODHOSTD, else the release build of bench/run (.build-bench), else
// .build/debug.
//
//   node bench/expo-styles.mjs
//   node bench/expo-styles.mjs MODHOSTD_PATH REPEATS ROWS --line     (one line of key=value)
//   node bench/expo-styles.mjs MODHOSTD_PATH REPEATS ROWS --report   (bench/run: its markdown
//     section; exit status 3 when the target is missed)
//   BENCH_ROW_MODIFIERS=none node bench/expo-styles.mjs    (rows without modifiers; or bold)
import { chooseDaemon, median, openTimed } from './support.mjs';

const [argDaemon, argRepeats, argRows, argLine] = process.argv.slice(2);
chooseDaemon(argDaemon);
const { encodeFrame } = await import('../clients/js/src/framing.js');
const { HStack, List, Text, shadow, blur, scaleEffect, rotationEffect, bold } = await import('../clients/js/src/index.js');
const { withDaemon } = await import('../clients/js/test-support/daemon.js');
const REPEATS = Number(argRepeats ?? process.env.BENCH_EXPO_STYLES_REPEATS ?? 11);
const ROWS = Number(argRows ?? process.env.BENCH_ROWS ?? 10000);
// BENCH_ROW_MODIFIERS=none (or bold) mounts the same rows with no modifier (or bold alone):
// what the host's own nodes cost against the same floor, with no modifier work at all.
const KINDS = { five: [shadow({ radius: 2, y: 1 }), blur(1), scaleEffect({ x: 1.1, y: 1.1 }), rotationEffect(5), bold()], bold: [bold()], none: [] };
const KIND = process.env.BENCH_ROW_MODIFIERS ?? 'five';
if (!(KIND in KINDS)) throw new Error(`BENCH_ROW_MODIFIERS must be none, bold or five, not ${KIND}`);
// The report is issue 32's target, which is about the five styles.
if (argLine === '--report' && KIND !== 'five') throw new Error(`--report measures the five style modifiers; unset BENCH_ROW_MODIFIERS (${KIND})`);
const STYLES = KINDS[KIND];


const root = List({ key: 'list' }, Array.from({ length: ROWS }, (_, i) =>
  HStack(STYLES.length ? { key: `row-${i}`, modifiers: STYLES } : { key: `row-${i}` }, Text(`row ${i} of the list`))));
// The helpers' nodes as the wire has them (the JS client would send this JSON).
const wireRoot = JSON.parse(JSON.stringify(root, (key, value) => (typeof value === 'function' ? undefined : value)));


const env = await withDaemon();
try {
  const client = await openTimed(env.socket);
  const hello = await client.send(encodeFrame({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: 1 } }));
  if (!hello.message.result) throw new Error(`initialize failed: ${JSON.stringify(hello.message).slice(0, 300)}`);
  let id = 1;
  const floorFrame = () => encodeFrame({ jsonrpc: '2.0', id: id++, method: 'bench.parseFloor', params: { big: wireRoot } });
  const mountFrame = (surface) => encodeFrame({ jsonrpc: '2.0', id: id++, method: 'mount', params: { surface, root: wireRoot } });
  // An untimed ping after each timed request: the daemon frees a large request's params
  // after its reply is written, which is neither that request's time nor the next one's.
  const settle = async () => {
    const pong = await client.send(encodeFrame({ jsonrpc: '2.0', id: id++, method: 'ping' }));
    if (!pong.message.result) throw new Error(`ping failed: ${JSON.stringify(pong.message).slice(0, 300)}`);
  };
  const floors = [];
  const mounts = [];
  let bytes = 0;
  // One of each first, untimed: warms both paths.
  for (let rep = -1; rep < REPEATS; rep += 1) {
    const floor = floorFrame();
    const mount = mountFrame(`styles-${rep + 1}`);
    bytes = mount.length;
    const refused = await client.send(floor);
    if (refused.message.error?.code !== -32601) throw new Error(`parse floor: wanted -32601, got ${JSON.stringify(refused.message).slice(0, 300)}`);
    await settle();
    const mounted = await client.send(mount);
    if (!mounted.message.result) throw new Error(`mount failed: ${JSON.stringify(mounted.message).slice(0, 300)}`);
    await settle();
    await client.send(encodeFrame({ jsonrpc: '2.0', id: id++, method: 'unmount', params: { surface: `styles-${rep + 1}` } }));
    if (rep >= 0) { floors.push(refused.ms); mounts.push(mounted.ms); }
  }
  client.close();
  const ratio = median(mounts) / median(floors);
  // Each mount over the floor timed just before it: load that comes and goes cancels out more.
  const paired = median(mounts.map((mount, i) => mount / floors[i]));
  const list = (xs) => xs.map((x) => x.toFixed(1)).join(',');
  if (argLine === '--report') {
    const pass = ratio <= 3;
    console.log(`### Expo UI style modifiers: a ${ROWS.toLocaleString('en')}-row mount (bench/expo-styles.mjs)\n`);
    console.log(`Every row an HStack with a key and a Text, carrying \`shadow\`, \`blur\`, \`scaleEffect\`, \`rotationEffect\` and \`bold\`` +
      ` (${(bytes / 1048576).toFixed(1)} MiB request), mounted on a fresh surface of a supervised modhostd of its own; parse floor: the same root` +
      ` sent as params of a method the daemon lacks (-32601 after a full parse), timed just before it. ${REPEATS} of each after one untimed, medians.\n`);
    console.log('| measure | value | target | result |');
    console.log('| --- | ---: | --- | --- |');
    console.log(`| parse floor / mount | ${median(floors).toFixed(1)} / ${median(mounts).toFixed(1)} ms | — | info |`);
    console.log(`| mount / parse floor | ${ratio.toFixed(2)} | ≤ 3 | ${pass ? 'PASS' : 'MISS'} |`);
    console.log(`| mount / parse floor, median of each repetition's own ratio | ${paired.toFixed(2)} | — | info |`);
    process.exitCode = pass ? 0 : 3;
  } else if (argLine === '--line') {
    console.log(`rows=${ROWS} modifiers=${KIND} bytes=${bytes} floor_ms=${median(floors).toFixed(2)} mount_ms=${median(mounts).toFixed(2)} ratio=${ratio.toFixed(2)} paired=${paired.toFixed(2)} runs=${REPEATS} floor_all=${list(floors)} mount_all=${list(mounts)}`);
  } else {
    console.log(`| ${ROWS.toLocaleString('en')} rows, modifiers: ${KIND} (${(bytes / 1048576).toFixed(1)} MiB) | median ms | all runs |`);
    console.log('|---|---:|---|');
    console.log(`| parse floor: a method the daemon lacks carrying the root (-32601) | ${median(floors).toFixed(1)} | ${list(floors)} |`);
    console.log(`| mount | ${median(mounts).toFixed(1)} | ${list(mounts)} |`);
    console.log(`\nratio ${ratio.toFixed(2)} (target <= 3; paired ${paired.toFixed(2)}) with ${process.env.MODHOSTD}`);
  }
} finally {
  await env.cleanup();
}
