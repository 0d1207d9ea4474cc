// bench/plugin-views.mjs - what a plugin view costs against the host's own view (issue 42).
//
// Mounts a List of ROWS rows, each an HStack with a key and a line of text: the host's own
// `Text`, or `Caption`, the smallest plugin view (Tests/Fixtures/RatingPlugin: a props record
// of one field and a body of one Text), loaded from the RatingFixture library built beside
// modhostd. Both roots are encoded once; each mount is timed from its write to its response,
// on a fresh surface unmounted (untimed) after, with an untimed ping after each request.
// Rounds alternate Text and Caption; medians. modhostd: $MODHOSTD, else the release build of
// bench/run (.build-bench), else .build/debug.
//
//   node bench/plugin-views.mjs [MODHOSTD_PATH] [REPEATS] [ROWS]
import { existsSync, mkdirSync, copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chooseDaemon, median, openTimed, repo, rowList } from './support.mjs';

const [argDaemon, argRepeats, argRows] = process.argv.slice(2);
chooseDaemon(argDaemon);
const REPEATS = Number(argRepeats ?? 11);
const ROWS = Number(argRows ?? 10000);
const { withDaemon } = await import('../clients/js/test-support/daemon.js');
const { encodeFrame } = await import('../clients/js/src/index.js');

const library = path.join(path.dirname(process.env.MODHOSTD), 'libRatingFixture.so');
if (!existsSync(library)) {
  console.error(`no ${library}: build it with swift build -c release --scratch-path .build-bench --product RatingFixture`);
  process.exit(2);
}
const rows = (view) => rowList(ROWS, { view });


const env = await withDaemon((dir) => {
  const folder = path.join(dir, 'plugins', 'rating');
  mkdirSync(folder, { recursive: true });
  copyFileSync(library, path.join(folder, 'libRatingFixture.so'));
  const manifest = JSON.parse(readFileSync(path.join(repo, 'protocol/vectors/fixtures/RatingFixture/plugin.json'), 'utf8'));
  writeFileSync(path.join(folder, 'plugin.json'), JSON.stringify(manifest));
  return { args: ['--plugins', path.join(dir, 'plugins')] };
});
try {
  const client = await openTimed(env.socket);
  let id = 0;
  const request = (method, params) => client.send(encodeFrame({ jsonrpc: '2.0', id: id++, method, params }));
  if (!(await request('initialize', { protocolVersion: 1 })).message.result) throw new Error('initialize failed');
  const times = { Text: [], Caption: [] };
  for (let rep = -1; rep < REPEATS; rep += 1) {
    for (const type of ['Text', 'Caption']) {
      const surface = `${type}-${rep + 1}`;
      const frame = encodeFrame({ jsonrpc: '2.0', id: id++, method: 'mount', params: { surface, root: rows(type) } });
      const mounted = await client.send(frame);
      if (!mounted.message.result) throw new Error(`mount of ${type} rows failed: ${JSON.stringify(mounted.message).slice(0, 300)}`);
      await request('ping');
      await request('unmount', { surface });
      await request('ping');
      if (rep >= 0) times[type].push(mounted.ms);
    }
  }
  client.close();
  const text = median(times.Text);
  const caption = median(times.Caption);
  const perRow = ((caption - text) * 1000) / ROWS;
  console.log(`rows=${ROWS} runs=${REPEATS} text_ms=${text.toFixed(2)} caption_ms=${caption.toFixed(2)} ratio=${(caption / text).toFixed(2)} extra_us_per_view=${perRow.toFixed(2)}`);
} finally {
  await env.cleanup();
}
