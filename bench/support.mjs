// What the node benches share: which modhostd they run, medians, and a connection that times
// each request from its write to its answer.
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FrameDecoder } from '../clients/js/src/framing.js';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Sets `$MODHOSTD` for the bench's daemons: `argument` when given, else `$MODHOSTD` as set,
 * else the release build of bench/run (.build-bench), else .build/debug.
 */
export function chooseDaemon(argument) {
  if (argument) process.env.MODHOSTD = argument;
  if (!process.env.MODHOSTD) {
    const release = path.join(repo, '.build-bench', 'release', 'modhostd');
    process.env.MODHOSTD = existsSync(release) ? release : path.join(repo, '.build', 'debug', 'modhostd');
  }
  return process.env.MODHOSTD;
}

/**
 * A bench's command line: `--report` anywhere, and the other arguments in order (a bench
 * reads them positionally, the first being the modhostd path).
 */
export function benchArgs(argv = process.argv.slice(2)) {
  return { report: argv.includes('--report'), positional: argv.filter((a) => a !== '--report') };
}

/**
 * A List of `rows` plain rows as the wire has them: each an HStack keyed `row-i` holding one
 * view of type `view` whose `text` prop is `text(i)` (by default `row i of the list`).
 */
export function rowList(rows, { view = 'Text', text = (i) => `row ${i} of the list` } = {}) {
  return {
    type: 'List', key: 'list',
    children: Array.from({ length: rows }, (_, i) => ({ type: 'HStack', key: `row-${i}`, children: [{ type: view, props: { text: text(i) } }] })),
  };
}

/** The median of `values` (the upper one of an even count). */
export const median = (values) => { const sorted = [...values].sort((a, b) => a - b); return sorted[Math.floor(sorted.length / 2)]; };

/**
 * One connection to `socket`: `send(frame)` writes an encoded request and resolves with its
 * answer and the milliseconds until it came. Requests are answered in order; notifications
 * are skipped.
 */
export function openTimed(socket) {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socket);
    const decoder = new FrameDecoder(64 * 1024 * 1024);
    const waiting = [];
    connection.on('data', (chunk) => {
      for (const body of decoder.push(chunk)) {
        const message = JSON.parse(body.toString('utf8'));
        if (message.id === undefined) continue;
        waiting.shift()?.(message);
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
