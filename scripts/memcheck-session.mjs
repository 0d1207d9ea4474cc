#!/usr/bin/env node
// The client half of scripts/memcheck: one session against a modhostd running under valgrind,
// touching every part of the daemon a front-end reaches. Node's standard library and
// clients/js only. Exits 0 when every step answered as expected, 1 (saying which) otherwise.
//
//   node scripts/memcheck-session.mjs SOCKET PLUGIN_ROOT LIBRARY_FOLDER
//
// PLUGIN_ROOT is a folder the daemon watches (--plugins); LIBRARY_FOLDER holds the built
// libSwipeActions.so, which the session copies into PLUGIN_ROOT as a plugin of its own to make
// the daemon load and unload a library while it serves.
import net from 'node:net';
import path from 'node:path';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { connect, List, HStack, Text, swipeActions, ModhostError, encodeFrame, FrameDecoder } from '../clients/js/src/index.js';

const [socket, pluginRoot, libraryFolder] = process.argv.slice(2);
if (!socket || !pluginRoot || !libraryFolder) {
  console.error('usage: memcheck-session.mjs SOCKET PLUGIN_ROOT LIBRARY_FOLDER');
  process.exit(2);
}
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const step = (text) => console.log(`memcheck session: ${text}`);
function check(condition, what) {
  if (!condition) throw new Error(`unexpected: ${what}`);
}

/** A row with swipe actions on both edges; a press records `key:id`. */
function row(key, subject, presses) {
  return HStack({ key, modifiers: [swipeActions({
    leading: [{ id: 'archive', label: 'Archive', systemImage: 'archivebox', tint: 'teal', onPress: () => presses.push(`${key}:archive`) }],
    trailing: [
      { id: 'delete', label: 'Delete', systemImage: 'trash', role: 'destructive', onPress: () => presses.push(`${key}:delete`) },
      { id: 'edit', label: 'Edit', tint: '#0A84FF', onPress: () => presses.push(`${key}:edit`) },
    ],
    allowsFullSwipe: false,
  })] }, Text(subject));
}

/** Sends raw bytes on a connection of its own; resolves with the frames' JSON the daemon sent back before closing (or after `ms`). */
function raw(bytes, { ms = 3000, end = true } = {}) {
  return new Promise((resolve, reject) => {
    const conn = net.createConnection({ path: socket });
    const decoder = new FrameDecoder();
    const replies = [];
    const timer = setTimeout(() => { conn.destroy(); resolve(replies); }, ms);
    conn.on('connect', () => { conn.write(bytes); if (end) conn.end(); });
    conn.on('data', (chunk) => { for (const body of decoder.push(chunk)) replies.push(JSON.parse(body.toString('utf8'))); });
    conn.on('error', (error) => { clearTimeout(timer); reject(error); });
    conn.on('close', () => { clearTimeout(timer); resolve(replies); });
  });
}

const waitFor = (emitter, name, ms = 30000) => new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`no '${name}' within ${ms} ms`)), ms);
  emitter.once(name, (value) => { clearTimeout(timer); resolve(value); });
});

const host = await connect({ socket, clientName: 'memcheck', reconnect: false });
try {
  step(`initialize: ${host.server.server.name} ${host.server.server.version}`);
  const described = await host.describe();
  const types = described.modifiers.map((m) => m.type);
  check(types.includes('swipeActions'), `describe lists ${JSON.stringify(types)}`);
  check(described.modifiers.find((m) => m.type === 'swipeActions')?.params?.properties?.trailing, 'swipeActions has its params schema');
  step(`describe: ${types.join(', ')} (${described.plugins.length} plugin(s))`);

  const presses = [];
  let inbox = [['m1', 'Notes on the Engine'], ['m2', 'Compiler demo'], ['m3', 'Computable numbers']];
  const screen = () => List(inbox.map(([key, subject]) => row(key, subject, presses)));
  const surface = await host.mount('mail', screen());
  step('mount: 3 rows with swipeActions');

  inbox = [...inbox, ['m4', 'GOTO considered harmful']];
  inbox[0] = ['m1', 'Notes on the Engine (edited)'];
  const counts = await surface.update(screen());
  check(counts.created === 1 && counts.removed === 0, `update counts ${JSON.stringify(counts)}`);
  step(`update: ${JSON.stringify(counts)}`);

  const swiped = await surface.swipe('m2', 'trailing');
  check(swiped.handled && swiped.revealed.join() === 'delete,edit', `swipe ${JSON.stringify(swiped)}`);
  const event = waitFor(host, 'event');
  const tapped = await surface.tapAction('m2', 'delete');
  check(tapped.handled && tapped.performed === 'delete', `tapAction ${JSON.stringify(tapped)}`);
  const heard = await event;
  check(heard.node === 'm2' && presses.includes('m2:delete'), `event ${JSON.stringify(heard)}, presses ${presses}`);
  const missed = await surface.tapAction('m1', 'delete');
  check(!missed.handled, `a tap on a row not swiped: ${JSON.stringify(missed)}`);
  step('interact: swipe, tapAction -> event, a tap that is not handled');

  try {
    await surface.update(List(row('x', 'bad', presses), HStack({ key: 'y', modifiers: [swipeActions({ trailing: [{ id: 'a', label: 'A', tint: 'sparkly' }] })] })));
    check(false, 'an update with a bad tint was accepted');
  } catch (error) {
    check(error instanceof ModhostError && error.code === -32602, `bad tint: ${error}`);
  }
  try {
    await host.request('noSuchMethod', {});
    check(false, 'an unknown method was answered');
  } catch (error) {
    check(error instanceof ModhostError && error.code === -32601, `unknown method: ${error}`);
  }
  step('bad requests: invalid params (with a path), unknown method');

  const { root } = await surface.snapshot();
  check(root.children.length === 4 && root.children[3].swipeActions?.trailing?.length === 2, `snapshot ${JSON.stringify(root).slice(0, 300)}`);
  step(`snapshot: ${JSON.stringify(root).length} bytes`);
  await surface.unmount();
  step('unmount');

  // A plugin of its own in the watched folder: loaded while the daemon serves, then removed.
  const folder = path.join(pluginRoot, 'swipe-copy');
  mkdirSync(folder, { recursive: true });
  copyFileSync(path.join(libraryFolder, 'libSwipeActions.so'), path.join(folder, 'libSwipeActions.so'));
  const manifest = JSON.parse(readFileSync(path.join(repo, 'Plugins', 'SwipeActions', 'plugin.json'), 'utf8'));
  writeFileSync(path.join(folder, 'plugin.json'), JSON.stringify({ ...manifest, name: 'SwipeActionsCopy' }));
  const added = await host.reload();
  check(added.plugins.some((p) => p.path === folder && p.status === 'loaded'), `reload after adding: ${JSON.stringify(added)}`);
  const again = await host.mount('again', screen());
  check((await again.swipe('m3', 'leading')).handled, 'a swipe served by the added plugin');
  rmSync(folder, { recursive: true, force: true });
  const removed = await host.reload();
  check(!removed.plugins.some((p) => p.path === folder), `reload after removing: ${JSON.stringify(removed)}`);
  check((await again.snapshot()).root.children.length === 4, 'the surface survives its plugin being replaced');
  step('reload: a plugin added, used and removed');

  // Framing errors on connections of their own.
  const notJSON = Buffer.from('{"jsonrpc": "2.0", "id": 1, "method": ');
  const head = Buffer.alloc(4);
  head.writeUInt32BE(notJSON.length);
  const parse = await raw(Buffer.concat([head, notJSON]));
  check(parse[0]?.error?.code === -32700, `invalid JSON: ${JSON.stringify(parse)}`);
  const huge = Buffer.alloc(4);
  huge.writeUInt32BE(0xffffffff);
  const size = await raw(huge, { end: false });
  check(size[0]?.error && size[0].id === null, `a frame too large: ${JSON.stringify(size)}`);
  const half = encodeFrame({ jsonrpc: '2.0', id: 9, method: 'ping' });
  await raw(half.subarray(0, half.length - 3), { ms: 300 });
  const batch = await raw(Buffer.concat([encodeFrame([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'x' }])]));
  check(Array.isArray(batch[0]) && batch[0].length === 2, `a batch: ${JSON.stringify(batch)}`);
  step('framing: invalid JSON, a frame too large, a disconnect mid-frame, a batch');
} finally {
  await host.close();
}
step('disconnected; done');
