// bench/updates.mjs - what a one-row change costs, by the size of the surface it is in (issue 45).
//
// One connection mounts a List of 10,000 plain rows ("small"), one of 49,999 ("large": a row
// is two nodes and the List one, so 99,999 of the 100,000 nodes a surface may have), and
// OTHERS more surfaces of 49,999 rows beside them, as an app with several large screens
// would. Each round then times on that connection, from write to answer: an `update` of the
// small surface that changes one row's text, the ping sent right after it (it waits for
// whatever the update left to do, such as recording the session), a second ping (the
// round trip of an idle connection), then the same for the large surface; rounds alternate
// which surface goes first. The change goes as a patch (one `set` of the row's text, what
// @modhost/react sends for it), which the targets are about; then, in rounds of their own
// after those, as the whole tree (what a client sends to a host without patches), for
// comparison. Every frame is encoded before
// the timing, and each reply is checked. Medians of the rounds' own ratios, REPEATS rounds
// after one untimed.
//
// Targets (issue 45): the change in the largest surface within 1.2x the same change in the
// 10,000-row one, and each at most 3x a ping's round trip. modhostd: $MODHOSTD, else the
// release build of bench/run (.build-bench), else .build/debug.
//
//   node bench/updates.mjs [MODHOSTD_PATH] [REPEATS] [OTHERS] [--report]
//     --report: bench/run's markdown section; exit status 3 when a target is missed
import { benchArgs, chooseDaemon, median, openTimed, rowList } from './support.mjs';

const { report, positional: [argDaemon, argRepeats, argOthers] } = benchArgs();
chooseDaemon(argDaemon);
const REPEATS = Number(argRepeats ?? 11);
const OTHERS = Number(argOthers ?? 2);
const SMALL = 10000;
const LARGE = 49999;
const CHANGED = 7;
const { encodeFrame } = await import('../clients/js/src/framing.js');
const { withDaemon } = await import('../clients/js/test-support/daemon.js');

/** A List of `rows` plain rows; row CHANGED reads `changed` when `flip` is set. */
const list = (rows, flip) => rowList(rows, { text: (i) => (i === CHANGED && flip ? `row ${i}, changed` : `row ${i} of the list`) });

const env = await withDaemon();
try {
  const client = await openTimed(env.socket);
  let id = 0;
  const frame = (method, params) => encodeFrame({ jsonrpc: '2.0', id: id++, method, params });
  const expectResult = (what, answer) => {
    if (!answer.message.result) throw new Error(`${what} failed: ${JSON.stringify(answer.message).slice(0, 300)}`);
    return answer.ms;
  };
  expectResult('initialize', await client.send(frame('initialize', { protocolVersion: 1 })));
  const trees = { small: [list(SMALL, false), list(SMALL, true)], large: [list(LARGE, false), list(LARGE, true)] };
  expectResult('mount small', await client.send(frame('mount', { surface: 'small', root: trees.small[0] })));
  expectResult('mount large', await client.send(frame('mount', { surface: 'large', root: trees.large[0] })));
  for (let other = 0; other < OTHERS; other += 1) {
    expectResult(`mount other-${other}`, await client.send(frame('mount', { surface: `other-${other}`, root: trees.large[0] })));
  }
  // Each update flips row CHANGED of its surface; ids are set at encoding, so frames are
  // encoded per round, before the round's timing.
  const flipped = { small: false, large: false };
  const wholeFrame = (surface) => {
    flipped[surface] = !flipped[surface];
    return frame('update', { surface, root: trees[surface][flipped[surface] ? 1 : 0] });
  };
  const patchFrame = (surface) => {
    flipped[surface] = !flipped[surface];
    const text = flipped[surface] ? `row ${CHANGED}, changed` : `row ${CHANGED} of the list`;
    return frame('update', { surface, patch: [{ op: 'set', node: `0/${CHANGED}/0`, props: { text } }] });
  };
  // The top row replaced by a new one (removed, and one inserted in its place, in one patch):
  // every row below moves, and their unkeyed text nodes, named by index path, are renamed.
  const topFrame = (surface) => frame('update', {
    surface,
    patch: [{ op: 'remove', node: 'row-0' }, { op: 'insert', parent: 'list', before: 'row-1', node: rowList(1).children[0] }],
  });
  const times = {
    small: [], large: [], smallAfter: [], largeAfter: [], ping: [], smallWhole: [], largeWhole: [], smallWholeAfter: [], largeWholeAfter: [],
    smallTop: [], largeTop: [], smallTopAfter: [], largeTopAfter: [],
  };
  const bytes = { small: 0, large: 0, patch: 0 };
  // The patches' rounds first, then the whole trees': a whole tree's update leaves a large
  // tree to free and pages to give back, which would be billed to the patch after it.
  for (const whole of [false, true]) {
    for (let round = -1; round < REPEATS; round += 1) {
      const order = round % 2 === 0 ? ['small', 'large'] : ['large', 'small'];
      const frames = order.flatMap((surface) => (whole
        ? [[`${surface}Whole`, wholeFrame(surface), frame('ping'), frame('ping')]]
        : [[surface, patchFrame(surface), frame('ping'), frame('ping')], [`${surface}Top`, topFrame(surface), frame('ping'), frame('ping')]]));
      const measured = {};
      const pings = [];
      for (const [what, update, after, idle] of frames) {
        if (whole) bytes[what.replace('Whole', '')] = update.length; else if (!what.endsWith('Top')) bytes.patch = update.length;
        measured[what] = expectResult(`update ${what}`, await client.send(update));
        measured[`${what}After`] = expectResult('ping', await client.send(after));
        pings.push(expectResult('ping', await client.send(idle)));
      }
      if (round < 0) continue;
      for (const [what, value] of Object.entries(measured)) times[what].push(value);
      if (!whole) times.ping.push(Math.min(...pings));
    }
  }
  client.close();

  const largeOverSmall = median(times.large.map((large, i) => large / times.small[i]));
  const smallOverPing = median(times.small.map((small, i) => small / times.ping[i]));
  const largeOverPing = median(times.large.map((large, i) => large / times.ping[i]));
  const ms = (xs) => median(xs).toFixed(3);
  const wholeOverPatch = median(times.largeWhole) / median(times.large);
  if (report) {
    const rows = [
      ['one-row patch: largest surface / 10,000-row surface', largeOverSmall, 1.2],
      ['one-row patch in the 10,000-row surface / ping', smallOverPing, 3],
      ['one-row patch in the largest surface / ping', largeOverPing, 3],
    ];
    const missed = rows.some(([, value, target]) => !(value <= target));
    console.log('### One-row changes by surface size (bench/updates.mjs)\n');
    console.log(`One connection holds a surface of ${SMALL.toLocaleString('en')} plain rows, one of ${LARGE.toLocaleString('en')} (the largest a surface takes)` +
      ` and ${OTHERS} more of ${LARGE.toLocaleString('en')}; each round times, on that connection, an \`update\` that changes one row's text` +
      ` in each of the first two, as a patch (${bytes.patch} bytes, the targets) and as the whole tree (${(bytes.small / 1048576).toFixed(1)} and ${(bytes.large / 1048576).toFixed(1)} MiB, for comparison), each followed by two pings (the first waits for what the update left to do; the second, an idle round trip, is the ratios' ping); the whole trees' rounds come after the patches';` +
      ` ${REPEATS} rounds in alternating order after one untimed, medians of the rounds' own ratios.\n`);
    console.log('| measure | value | target | result |');
    console.log('| --- | ---: | --- | --- |');
    console.log(`| ping / small patch / large patch, medians | ${ms(times.ping)} / ${ms(times.small)} / ${ms(times.large)} ms | — | info |`);
    console.log(`| ping sent right after the small / large patch | ${ms(times.smallAfter)} / ${ms(times.largeAfter)} ms | — | info |`);
    console.log(`| the same change as a whole tree: small / large, and the ping after each | ${ms(times.smallWhole)} / ${ms(times.largeWhole)} ms; ${ms(times.smallWholeAfter)} / ${ms(times.largeWholeAfter)} ms | — | info |`);
    console.log(`| whole tree / patch, largest surface (medians) | ${wholeOverPatch.toFixed(0)} | — | info |`);
    console.log(`| the top row replaced (remove + insert, one patch): small / large; rows with unkeyed text nodes, which are renamed | ${ms(times.smallTop)} / ${ms(times.largeTop)} ms | — | info |`);
    for (const [label, value, target] of rows) console.log(`| ${label} | ${value.toFixed(2)} | ≤ ${target} | ${value <= target ? 'PASS' : 'MISS'} |`);
    process.exitCode = missed ? 3 : 0;
  } else {
    console.log(`ping_ms=${ms(times.ping)} small_ms=${ms(times.small)} large_ms=${ms(times.large)} small_after_ms=${ms(times.smallAfter)} large_after_ms=${ms(times.largeAfter)}` +
      ` small_top_ms=${ms(times.smallTop)} large_top_ms=${ms(times.largeTop)} small_whole_ms=${ms(times.smallWhole)} large_whole_ms=${ms(times.largeWhole)} large_whole_after_ms=${ms(times.largeWholeAfter)} large_over_small=${largeOverSmall.toFixed(2)}` +
      ` small_over_ping=${smallOverPing.toFixed(1)} large_over_ping=${largeOverPing.toFixed(1)} others=${OTHERS} runs=${REPEATS}`);
  }
} finally {
  await env.cleanup();
}
