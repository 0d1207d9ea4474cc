// bench/symbols.mjs - the cost of symbol effects in an update (issue 28): a VStack of 1,000
// SymbolViews (font, imageScale and a discrete bounce each), updated two ways on one daemon:
//   toggle: isAnimating flips on every image, so each one's symbolEffect is rebuilt and its
//           run counted (1,000 modifiers updated);
//   plain:  one plain prop (the Image's `color`) changes on every image, the modifiers stay.
// Each run is the time of `surface.update` until the host answered (its counts are checked);
// medians of BENCH_SYMBOLS_REPEATS runs (default 11), the two kinds alternating. Target: the
// toggle median within 2x the plain one. modhostd: $MODHOSTD, else the release build of
// bench/run (.build-bench), else .build/debug.
//
//   node bench/symbols.mjs
//   node bench/symbols.mjs MODHOSTD_PATH REPEATS --line   (bench/run: one line of key=value)
import { chooseDaemon, median } from './support.mjs';

const [argDaemon, argRepeats, argLine] = process.argv.slice(2);
chooseDaemon(argDaemon);
const { connect, VStack, symbolViewNode } = await import('../clients/js/src/index.js');
const { withDaemon } = await import('../clients/js/test-support/daemon.js');
const REPEATS = Number(argRepeats ?? process.env.BENCH_SYMBOLS_REPEATS ?? 11);
const IMAGES = 1000;


/** The tree: every image's SymbolView node, with `isAnimating` and a `color` prop. */
function tree(isAnimating, color) {
  return VStack({ key: 'grid' }, Array.from({ length: IMAGES }, (_, i) => {
    const node = symbolViewNode({ key: `s${i}`, symbolName: 'heart', effect: 'bounce', isAnimating });
    node.props.color = color;
    return node;
  }));
}

const env = await withDaemon();
const host = await connect({ socket: env.socket, reconnect: false });
try {
  let animating = false;
  let color = 'red';
  const surface = await host.mount('bench', tree(animating, color));
  const timed = async (next, expectUpdated) => {
    const t0 = performance.now();
    const counts = await surface.update(next);
    const elapsed = performance.now() - t0;
    if (counts.updated !== expectUpdated) throw new Error(`expected ${expectUpdated} modifiers updated, got ${JSON.stringify(counts)}`);
    return elapsed;
  };
  const toggle = [];
  const plain = [];
  // One of each first, untimed: warms both paths.
  animating = !animating; await timed(tree(animating, color), IMAGES);
  color = color === 'red' ? 'blue' : 'red'; await timed(tree(animating, color), 0);
  for (let i = 0; i < REPEATS; i += 1) {
    animating = !animating;
    toggle.push(await timed(tree(animating, color), IMAGES));
    color = color === 'red' ? 'blue' : 'red';
    plain.push(await timed(tree(animating, color), 0));
  }
  const { root } = await surface.snapshot();
  const runs = root.children[0].symbol.effects[0].runs;
  if (runs !== REPEATS + 1) throw new Error(`expected ${REPEATS + 1} runs of bounce, got ${runs}`);
  const ratio = median(toggle) / median(plain);
  if (argLine === '--line') {
    console.log(`toggle_ms=${median(toggle).toFixed(2)} plain_ms=${median(plain).toFixed(2)} ratio=${ratio.toFixed(2)} runs=${REPEATS}`);
    process.exitCode = 0;
  } else {
  console.log('| update of 1,000 images | median ms |');
  console.log('|---|---|');
  console.log(`| toggle isAnimating (1,000 symbolEffect rebuilt) | ${median(toggle).toFixed(2)} |`);
  console.log(`| one plain prop (color) | ${median(plain).toFixed(2)} |`);
  console.log(`\nratio ${ratio.toFixed(2)} (target <= 2) with ${process.env.MODHOSTD}`);
  }
} finally {
  await host.close();
  await env.cleanup();
}
