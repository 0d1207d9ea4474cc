// A typed use of @modhost/client; `tsc -p clients/js --noEmit` checks it.
import {
  connect, swipeActions, createModifier, createModifierWithEventListener,
  List, Section, HStack, VStack, Text, Label, Image, Spacer, h,
  ModhostError, ModhostConnectionError,
} from '@modhost/client';
import type {
  Node, SwipeActionConfig, SwipeActionPress, Diagnostic, InteractResult, ResolvedNode, UpdateCounts,
  PluginCrashedEvent, ReloadResult,
} from '@modhost/client';

// No @types/node needed: the one global this example uses.
declare const console: { log(...values: unknown[]): void };

interface Message { id: string; from: string; subject: string; unread: boolean }

const messages: Message[] = [
  { id: 'm1', from: 'Ada', subject: 'Engine notes', unread: true },
  { id: 'm2', from: 'Grace', subject: 'Compiler demo', unread: false },
];

function actionsFor(message: Message, log: (line: string) => void): SwipeActionConfig[] {
  return [
    { id: 'delete', label: 'Delete', systemImage: 'trash', role: 'destructive',
      onPress: (press: SwipeActionPress) => log(`delete ${message.id} (node ${press.node}, modifier ${press.modifier})`) },
    { id: 'edit', label: 'Edit', systemImage: 'pencil', tint: '#0A84FF', onPress: () => log(`edit ${message.id}`) },
  ];
}

function screen(list: Message[], log: (line: string) => void): Node {
  return List(
    Section({ header: 'Inbox' },
      list.map((message) =>
        HStack({ key: message.id, alignment: 'center', modifiers: [
          swipeActions({
            leading: [{ id: 'archive', label: 'Archive', systemImage: 'archivebox', tint: 'teal', onPress: () => log(`archive ${message.id}`) }],
            trailing: actionsFor(message, log),
            allowsFullSwipe: false,
          }),
          createModifier('padding', { all: 4 }),
        ] },
          message.unread && Image({ systemImage: 'circle.fill' }),
          VStack({ alignment: 'leading' }, Text(message.from), Text({ key: `${message.id}-subject` }, message.subject)),
          Spacer(),
        ),
      ),
    ),
  );
}

// A custom modifier with a typed event.
const tapped = createModifierWithEventListener<'onTapGesture', { count: number }>('onTapGesture', (event, info) => {
  const count: number = event.count;
  const where: string = `${info.surface}/${info.node}#${info.modifier}`;
  return count > 0 && where.length > 0;
}, { count: 1 });
const header: Node = h('Label', { modifiers: [tapped], systemImage: 'tray' }, 'Mail');

export async function main(): Promise<void> {
  const log = (line: string) => console.log(line);
  const host = await connect({ clientName: 'typed-example', reconnect: { initialDelayMs: 50, maxDelayMs: 2000 } });
  host.on('diagnostic', (d: Diagnostic) => log(`${d.severity} ${d.code}: ${d.message}`));
  host.on('reconnect', (info) => log(`reconnected; re-mounted ${info.surfaces.join(', ')}`));
  host.on('pluginsChanged', ({ added, removed }) => log(`plugins +${added.length} -${removed.length}`));
  host.on('pluginCrashed', (event: PluginCrashedEvent) => {
    if (event.mine) log(`my ${event.method} #${event.requestId} crashed plugin ${event.plugin}: ${event.crash.reason}`);
    else log(`plugin ${event.plugin} crashed (${event.crash.call} for '${event.crash.detail}') and is quarantined`);
  });

  const surface = await host.mount('mail', VStack(header, screen(messages, log)));
  const swiped: InteractResult = await surface.swipe('m1', 'trailing');
  log(`revealed ${(swiped.revealed ?? []).join(', ')}`);
  await surface.tapAction('m1', 'delete');
  await surface.interact('m2', { gesture: 'swipe', edge: 'leading', full: true });

  const counts: UpdateCounts = await surface.update(screen(messages.slice(1), log));
  log(`created ${counts.created}, removed ${counts.removed}`);

  const { root }: { root: ResolvedNode } = await surface.snapshot();
  const rows: ResolvedNode[] = root.children ?? [];
  for (const row of rows) log(`${row.id}: ${row.swipeActions?.revealed ?? 'closed'}`);

  try {
    await surface.update(List(HStack({ modifiers: [swipeActions({ trailing: [{ id: 'x', label: 'X', tint: 'nope' }] })] })));
  } catch (error) {
    if (error instanceof ModhostError) log(`${error.code} at ${error.data?.path}: ${error.message}`);
    else if (error instanceof ModhostConnectionError) log(`connection: ${error.code}`);
    else throw error;
  }

  const quarantined = (await host.describe()).plugins.filter((p) => p.status === 'quarantined');
  for (const plugin of quarantined) {
    const enabled: ReloadResult = await host.enablePlugin(plugin.name);
    log(`${plugin.name} (${plugin.crash?.reason ?? 'no crash'}) back: +${enabled.added.join(', ')}`);
  }

  const described = await host.describe();
  log(described.modifiers.map((m) => m.type).join(', '));
  await surface.unmount();
  await host.close();
}

// Label helper used without props, too.
export const sample: Node = Label('Inbox');
