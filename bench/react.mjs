// bench/react.mjs - @modhost/react against the hand-built @modhost/client calls it stands for,
// in the same run, on the same daemon:
//   1. a 1,000-row List (React.memo rows, each an HStack with swipeActions and a Text) where
//      one setState changes one row's swipe action label: the time from setState until the
//      host has answered the one `update` it becomes (its counts must show one modifier
//      rebuilt), against `surface.update` of the same tree with the same change, built by hand;
//   2. the first render of 10,000 such rows until mounted, against the hand-built `mount`.
// Medians of BENCH_REACT_REPEATS runs (default 7), the two kinds of run alternating. Targets:
// both ratios <= 2. React's production build unless NODE_ENV says otherwise (React's
// development build checks much more). modhostd: $MODHOSTD, else the release build of
// bench/run (.build-bench), else .build/debug.
//
//   node bench/react.mjs
//   MODHOSTD=.build-bench/release/modhostd BENCH_REACT_REPEATS=11 node bench/react.mjs
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.NODE_ENV ??= 'production';
if (!process.env.MODHOSTD) {
  const release = path.join(repo, '.build-bench', 'release', 'modhostd');
  process.env.MODHOSTD = existsSync(release) ? release : path.join(repo, '.build', 'debug', 'modhostd');
}
const { connect, swipeActions, List, HStack, Text } = await import('../clients/js/src/index.js');
const { withDaemon } = await import('../clients/js/test-support/daemon.js');
const { render, React } = await import('../clients/react/src/index.js');
const h = React.createElement;
const REPEATS = Number(process.env.BENCH_REACT_REPEATS ?? 7);
const UPDATE_ROWS = 1000;
const MOUNT_ROWS = 10000;

const rowData = (n) => Array.from({ length: n }, (_, i) => ({ id: `row-${i}`, title: `Message ${i}`, action: 'Delete' }));
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const ms = (x) => x.toFixed(2);

// ---- hand-built: the plain client's helpers
function handTree(rows) {
  return List({ key: 'list' }, rows.map((r) => HStack({ key: r.id, modifiers: [swipeActions({
    trailing: [{ id: 'delete', label: r.action, role: 'destructive', onPress() {} }],
  })] }, Text(r.title))));
}

// ---- React: the same tree
const Row = React.memo(function Row({ row }) {
  return h('HStack', { modifiers: [swipeActions({ trailing: [{ id: 'delete', label: row.action, role: 'destructive', onPress() {} }] })] },
    h('Text', null, row.title));
});
let setRows = null;
function App({ initial }) {
  const [rows, set] = React.useState(initial);
  setRows = set;
  return h('List', null, rows.map((r) => h(Row, { key: r.id, row: r })));
}

/** Times `surface.update` calls made by the React root: resolves with [ms since t0, counts] of the next one. */
function nextUpdate(surface, t0) {
  return new Promise((resolve) => {
    const update = surface.update;
    surface.update = async function timed(tree) {
      surface.update = update;
      const counts = await update.call(this, tree);
      resolve([performance.now() - t0, counts]);
      return counts;
    };
  });
}

const env = await withDaemon();
const host = await connect({ socket: env.socket, reconnect: false });
const results = { handUpdate: [], reactUpdate: [], handMount: [], reactMount: [] };
const countsSeen = { hand: null, react: null };
try {
  // warm up both paths once
  for (const n of [UPDATE_ROWS, MOUNT_ROWS]) {
    const s = await host.mount('warm', handTree(rowData(n)));
    await s.unmount();
    const r = await render(h(App, { initial: rowData(n) }), host, { surface: 'warm' });
    await r.unmount();
  }

  // 1. one row of 1,000 changes
  const hand = await host.mount('hand', handTree(rowData(UPDATE_ROWS)));
  const root = await render(h(App, { initial: rowData(UPDATE_ROWS) }), host, { surface: 'react' });
  const reactSurface = root.surface('react');
  let handRows = rowData(UPDATE_ROWS);
  for (let i = 0; i < REPEATS; i += 1) {
    const at = (i * 137) % UPDATE_ROWS;
    const label = `Delete ${i}`;
    const runHand = async () => {
      const t0 = performance.now();
      handRows = handRows.map((r, k) => (k === at ? { ...r, action: label } : r));
      const counts = await hand.update(handTree(handRows));
      results.handUpdate.push(performance.now() - t0);
      countsSeen.hand = counts;
    };
    const runReact = async () => {
      const t0 = performance.now();
      const done = nextUpdate(reactSurface, t0);
      setRows((rows) => rows.map((r, k) => (k === at ? { ...r, action: label } : r)));
      const [elapsed, counts] = await done;
      results.reactUpdate.push(elapsed);
      countsSeen.react = counts;
      await root.settled();
    };
    if (i % 2 === 0) { await runHand(); await runReact(); } else { await runReact(); await runHand(); }
    const expected = { created: 0, updated: 1, unchanged: UPDATE_ROWS - 1, removed: 0 };
    for (const [who, counts] of Object.entries(countsSeen)) {
      if (JSON.stringify(counts) !== JSON.stringify(expected)) throw new Error(`${who}: the update's counts are ${JSON.stringify(counts)}, not ${JSON.stringify(expected)}`);
    }
  }
  const updates = root.updates;
  await root.unmount();
  await hand.unmount();

  // 2. first render of 10,000 rows
  const rows = rowData(MOUNT_ROWS);
  for (let i = 0; i < REPEATS; i += 1) {
    const runHand = async () => {
      const t0 = performance.now();
      const s = await host.mount('hand', handTree(rows));
      results.handMount.push(performance.now() - t0);
      await s.unmount();
    };
    const runReact = async () => {
      const t0 = performance.now();
      const r = await render(h(App, { initial: rows }), host, { surface: 'react' });
      results.reactMount.push(performance.now() - t0);
      await r.unmount();
    };
    if (i % 2 === 0) { await runHand(); await runReact(); } else { await runReact(); await runHand(); }
  }

  const u = [median(results.reactUpdate), median(results.handUpdate)];
  const m = [median(results.reactMount), median(results.handMount)];
  console.log(`# @modhost/react vs hand-built @modhost/client (React ${React.version}, NODE_ENV=${process.env.NODE_ENV}, modhostd ${path.relative(repo, process.env.MODHOSTD) || process.env.MODHOSTD}, ${REPEATS} runs each, medians)`);
  console.log('');
  console.log('| run | React (ms) | hand-built (ms) | ratio | target |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  console.log(`| one setState, 1 row of ${UPDATE_ROWS} changed -> one update (${JSON.stringify(countsSeen.react)}) | ${ms(u[0])} | ${ms(u[1])} | ${(u[0] / u[1]).toFixed(2)} | <= 2 |`);
  console.log(`| first render of ${MOUNT_ROWS} rows -> mount | ${ms(m[0])} | ${ms(m[1])} | ${(m[0] / m[1]).toFixed(2)} | <= 2 |`);
  console.log('');
  console.log(`(the React root sent ${updates} mount/update requests for ${REPEATS} setState calls plus its first render)`);
  const worst = Math.max(u[0] / u[1], m[0] / m[1]);
  if (worst > 2) { console.log(`over the 2x target (${worst.toFixed(2)}x)`); process.exitCode = 1; }
} finally {
  await host.close();
  await env.cleanup();
}
