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
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [argDaemon, argRepeats, argRows] = process.argv.slice(2);
if (argDaemon) process.env.MODHOSTD = argDaemon;
if (!process.env.MODHOSTD) {
  const release = path.join(repo, '.build-bench', 'release', 'modhostd');
  process.env.MODHOSTD = existsSync(release) ? release : path.join(repo, '.build', 'debug', 'modhostd');
}
const REPEATS = Number(argRepeats ?? 11);
const ROWS = Number(argRows ?? 10000);
const { withDaemon } = await import('../clients/js/test-support/daemon.js');
const { encodeFrame, FrameDecoder } = await import('../clients/js/src/index.js');

const library = path.join(path.dirname(process.env.MODHOSTD), 'libRatingFixture.so');
if (!existsSync(library)) {
  console.error(`no ${library}: build it with swift build -c release --scratch-path .build-bench --product RatingFixture`);
  process.exit(2);
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const rows = (type) => ({
  type: 'List', key: 'list',
  children: Array.from({ length: ROWS }, (_, i) => ({ type: 'HStack', key: `row-${i}`, children: [{ type, props: { text: `row ${i} of the list` } }] })),
});

function open(socket) {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socket);
    const decoder = new FrameDecoder(64 * 1024 * 1024);
    const waiting = [];
    connection.on('data', (chunk) => {
      for (const body of decoder.push(chunk)) {
        const message = JSON.parse(body.toString('utf8'));
        if (message.id !== undefined) waiting.shift()?.(message);
      }
    });
    connection.once('error', reject);
    connection.once('connect', () => resolve({
      send(frame) {
        return new Promise((done) => {
          const t0 = performance.now();
          waiting.push((message) => done({ message, ms: performance.now() - t0 }));
          connection.write(frame);
        });
      },
      close() { connection.end(); },
    }));
  });
}

const env = await withDaemon((dir) => {
  const folder = path.join(dir, 'plugins', 'rating');
  mkdirSync(folder, { recursive: true });
  copyFileSync(library, path.join(folder, 'libRatingFixture.so'));
  const manifest = JSON.parse(readFileSync(path.join(repo, 'protocol/vectors/fixtures/RatingFixture/plugin.json'), 'utf8'));
  writeFileSync(path.join(folder, 'plugin.json'), JSON.stringify(manifest));
  return { args: ['--plugins', path.join(dir, 'plugins')] };
});
try {
  const client = await open(env.socket);
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
