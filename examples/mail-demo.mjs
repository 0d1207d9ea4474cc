#!/usr/bin/env node
// The mail screen, driven through modhostd: a List of messages, Archive on the leading edge,
// Delete (destructive) and Edit on the trailing edge; a tap on a row opens the message, and
// pulling the List down fetches new mail. Swipes, taps and the pull go through the protocol;
// the callbacks stay here and run when the host's events come back.
//
//   node examples/mail-demo.mjs [SOCKET]          (default: $MODHOST_SOCKET, then the daemon's default)
//   node examples/mail-demo.mjs --live [SOCKET]   mounts the screen and keeps it until SIGINT/SIGTERM,
//                                                 re-rendering after each callback: something else
//                                                 (`modhost inspect`, a test) does the gestures
import {
  connect, List, HStack, VStack, Text, Image, Spacer, swipeActions, ModhostError,
  onTapGesture, onAppear, onDisappear, refreshable, contentShape, shapes, font,
} from '../clients/js/src/index.js';

const live = process.argv.includes('--live');
const socket = process.argv.slice(2).find((arg) => arg !== '--live');
const step = (text) => console.log(`\n== ${text}`);
const say = (text) => console.log(`   ${text}`);

// App state: the inbox, and what the user did to it.
let inbox = [
  { id: 'msg-1', from: 'Ada Lovelace', subject: 'Notes on the Analytical Engine', unread: true },
  { id: 'msg-2', from: 'Grace Hopper', subject: 'Compiler demo on Friday', unread: true },
  { id: 'msg-3', from: 'Alan Turing', subject: 'Re: computable numbers', unread: true },
  { id: 'msg-4', from: 'Edsger Dijkstra', subject: 'GOTO considered harmful', unread: false },
];
const archived = [];
// What the server has for us on the next pull to refresh.
const incoming = [
  { id: 'msg-5', from: 'Barbara Liskov', subject: 'Substitution, again', unread: true },
];
let opened = null;
let surface = null;

// Opening a message: it is read now, and it is the one on screen.
function open(message, node) {
  say(`onTapGesture ran on ${node}: opened "${message.subject}" from ${message.from}${message.unread ? ' (marked read)' : ''}`);
  opened = message.id;
  inbox = inbox.map((m) => (m.id === message.id ? { ...m, unread: false } : m));
  rerender();
}

// What an update did. Its counts are of modifier instances, not nodes: a deleted row counts
// each of its modifiers (swipeActions, onTapGesture, contentShape, ...) as removed.
function updateLine(counts) {
  return `update -> modifiers: ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.removed} removed`;
}

// In live mode nobody else re-renders after a callback: do it here, as an app would. (The
// scripted demo below updates after each step itself.)
function rerender() {
  if (!live || !surface) return;
  surface.update(screen()).then(
    (counts) => say(updateLine(counts)),
    (error) => say(`update failed: ${error.message}`));
}

// Pull to refresh: fetch (a short wait stands in for the network), put the new mail on top and
// re-render. When this settles, the client tells the host the refresh is over (completeRefresh).
async function fetchMail({ node, id }) {
  say(`refreshable ran on ${node} (refresh ${id}): fetching new mail`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const arrived = incoming.splice(0);
  inbox = [...arrived, ...inbox];
  say(`fetched ${arrived.length} new message(s): ${arrived.map((m) => m.id).join(', ') || 'none'}`);
  const counts = await surface.update(screen());
  say(updateLine(counts));
}

function row(message) {
  return HStack({
    key: message.id,
    alignment: 'center',
    modifiers: [swipeActions({
      leading: [{
        id: 'archive', label: 'Archive', systemImage: 'archivebox', tint: 'teal',
        onPress: ({ node }) => {
          say(`onPress ran: Archive on ${node}`);
          archived.push(message);
          inbox = inbox.filter((m) => m.id !== message.id);
          rerender();
        },
      }],
      trailing: [
        {
          id: 'delete', label: 'Delete', systemImage: 'trash', role: 'destructive',
          onPress: ({ node }) => {
            say(`onPress ran: Delete on ${node}`);
            inbox = inbox.filter((m) => m.id !== message.id);
            rerender();
          },
        },
        {
          id: 'edit', label: 'Edit', systemImage: 'pencil', tint: '#0A84FF',
          onPress: ({ node }) => {
            say(`onPress ran: Edit on ${node}`);
            inbox = inbox.map((m) => (m.id === message.id ? { ...m, subject: `${m.subject} (edited)`, unread: false } : m));
            rerender();
          },
        },
      ],
      allowsFullSwipe: false,
    }),
    // the whole row takes taps, its empty space too
    onTapGesture(({ node }) => open(message, node)),
    contentShape(shapes.rectangle()),
    onAppear(({ node }) => say(`onAppear: ${node}`)),
    onDisappear(({ node }) => say(`onDisappear: ${node}`)),
    ],
  },
  message.unread ? Image({ systemImage: 'circle.fill' }) : null,
  VStack({ alignment: 'leading' },
    Text({ modifiers: [font({ weight: message.unread ? 'semibold' : 'regular' })] }, message.from),
    Text(message.subject)),
  Spacer());
}

const unreadCount = () => inbox.filter((m) => m.unread).length;
const screen = () => List({ key: 'inbox', modifiers: [refreshable(fetchMail)] }, inbox.map(row));

function table(root) {
  const rows = (root.children ?? []).map((node) => {
    const texts = [];
    const collect = (n) => { if (n.type === 'Text') texts.push(n.props?.text ?? ''); (n.children ?? []).forEach(collect); };
    collect(node);
    const edge = (list) => list.map((a) => `${a.label}${a.role ? `[${a.role}]` : ''} ${a.tint}`).join(', ');
    return {
      row: node.id,
      from: texts[0] ?? '',
      subject: texts[1] ?? '',
      leading: edge(node.swipeActions?.leading ?? []),
      trailing: edge(node.swipeActions?.trailing ?? []),
      revealed: node.swipeActions?.revealed ?? '-',
      unread: node.children?.[0]?.type === 'Image' ? 'yes' : '',
      opened: node.id === opened ? '<-' : '',
    };
  });
  const cols = ['row', 'from', 'subject', 'unread', 'leading', 'trailing', 'revealed', 'opened'];
  const width = Object.fromEntries(cols.map((c) => [c, Math.max(c.length, ...rows.map((r) => String(r[c]).length))]));
  const line = (r) => '   ' + cols.map((c) => String(r[c]).padEnd(width[c])).join(' | ');
  console.log(line(Object.fromEntries(cols.map((c) => [c, c]))));
  console.log('   ' + cols.map((c) => '-'.repeat(width[c])).join('-+-'));
  rows.forEach((r) => console.log(line(r)));
}

const host = await connect({ socket, clientName: 'mail-demo' });
host.on('diagnostic', (d) => say(`diagnostic (${d.source ?? 'host'}) ${d.severity} ${d.code}: ${d.message}`));
try {
  step(`connected to ${host.server.server.name} ${host.server.server.version} at ${host.socketPath}`);
  say(`modifiers: ${host.server.modifiers.map((m) => `${m.type} (plugin ${m.plugin})`).join(', ')}`);
  const needed = ['swipeActions', 'onTapGesture', 'refreshable', 'onAppear', 'contentShape'];
  const missing = needed.filter((type) => !host.server.modifiers.some((m) => m.type === type));
  if (missing.length > 0) {
    throw new Error(`this modhostd does not serve ${missing.join(', ')} (the bundled ExpoUI plugin); build a current one (swift build)`);
  }

  step(`mount surface 'mail' with ${inbox.length} messages (onAppear runs for each row before mount resolves)`);
  surface = await host.mount('mail', screen());
  say(`mounted '${surface.name}'`);

  if (live) {
    step('live: the surface stays mounted until SIGINT or SIGTERM; callbacks print here');
    await new Promise((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    step('stopping');
    await surface.unmount();
    process.exitCode = 0;
  }

  if (!live) await scriptedDemo();
} finally {
  await host.close();
}

async function scriptedDemo() {
  async function swipeAndTap(node, edge, id) {
    step(`swipe ${node} from the ${edge} edge, then tap '${id}'`);
    const swiped = await surface.swipe(node, edge);
    say(`revealed: ${swiped.revealed.join(', ')}`);
    const tapped = await surface.tapAction(node, id);
    say(`tapAction -> handled=${tapped.handled} performed=${tapped.performed} (modifier ${tapped.modifier})`);
    const counts = await surface.update(screen());
    say(updateLine(counts));
  }

  await swipeAndTap('msg-2', 'leading', 'archive');
  await swipeAndTap('msg-4', 'trailing', 'delete');
  await swipeAndTap('msg-1', 'trailing', 'edit');

  step('tap msg-3 to open it');
  const tapped = await surface.tap('msg-3');
  say(`tap -> handled=${tapped.handled} by node ${tapped.node}, modifier ${tapped.modifier}`);
  await surface.update(screen());
  say(`msg-3 is open and read; ${unreadCount()} unread left`);

  step('pull the List down to refresh');
  const pulled = await surface.refresh('inbox');
  say(`refresh -> handled=${pulled.handled} (modifier ${pulled.modifier}), refreshing=${pulled.refreshing}`);
  let list = (await surface.snapshot()).root;
  say(`while the mail is fetched the List shows refreshing=${list.refreshing}`);
  for (let i = 0; list.refreshing && i < 200; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    list = (await surface.snapshot()).root;
  }
  say(`refresh completed (the client called ExpoUI.completeRefresh): refreshing=${list.refreshing}; rows: ${list.children.map((c) => c.id).join(', ')}; ${unreadCount()} unread`);

  step('swipe msg-3 from the trailing edge and leave it open; re-render');
  const open = await surface.swipe('msg-3', 'trailing');
  say(`revealed: ${open.revealed.join(', ')}`);
  await surface.update(screen());
  say('after update the row is still revealed (its modifier kept its instance)');

  step('a tap on an action that is not revealed is not handled');
  const missed = await surface.tapAction('msg-1', 'delete');
  say(`tapAction msg-1 delete -> handled=${missed.handled}: ${missed.reason}`);

  step('a bad tint is refused with a path, and nothing changes');
  try {
    await surface.update(List(HStack({ key: 'x', modifiers: [swipeActions({ trailing: [{ id: 'x', label: 'X', tint: 'sparkly' }] })] })));
  } catch (error) {
    if (!(error instanceof ModhostError)) throw error;
    say(`ModhostError ${error.code} at ${error.data.path}`);
  }

  step(`snapshot (inbox: ${inbox.length}, archived: ${archived.map((m) => m.id).join(', ')})`);
  const { root } = await surface.snapshot();
  table(root);

  step('unmount (onDisappear runs for each row before unmount resolves)');
  await surface.unmount();
  step('unmounted; bye');
}
