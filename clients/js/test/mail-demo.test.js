// The mail demo (examples/mail-demo.mjs) against a real modhostd: it runs to the end, and what
// it prints about an update says the counts are of modifiers, not nodes (issue 31, item 9).
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { withDaemon, repoRoot } from '../test-support/daemon.js';

function runDemo(socket) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(repoRoot, 'examples', 'mail-demo.mjs'), socket], { timeout: 30000 },
      (error, stdout, stderr) => (error ? reject(new Error(`mail demo failed: ${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout)));
  });
}

test('the mail demo runs and counts update results as modifiers', async () => {
  const env = await withDaemon();
  try {
    const out = await runDemo(env.socket);
    assert.match(out, /unmounted; bye/);
    const updates = out.split('\n').filter((line) => line.includes('update ->'));
    assert.equal(updates.length, 4, `three swipes and a refresh print their update's counts:\n${out}`);
    for (const line of updates) {
      assert.match(line, /update -> modifiers: \d+ created, \d+ updated, \d+ unchanged, \d+ removed/);
    }
    // Archiving msg-2 drops one row: the row's five modifiers (swipeActions, onTapGesture,
    // contentShape, onAppear, onDisappear) and its sender's font are counted, not its nodes.
    assert.match(updates[0], / 6 removed$/, updates[0]);
  } finally {
    await env.cleanup();
  }
});
