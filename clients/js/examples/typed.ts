// A typed use of @modhost/client; `tsc -p clients/js --noEmit` checks it.
import {
  connect, swipeActions, createModifier, createModifierWithEventListener,
  List, Section, HStack, VStack, Text, Label, Image, Spacer, ScrollView, TextField, h, Button, Toggle, Slider,
  onTapGesture, onLongPressGesture, onAppear, onDisappear, onSubmit, refreshable,
  padding, frame, background, foregroundStyle, tint, font, opacity, cornerRadius, border,
  listRowBackground, badge, deleteDisabled, disabled, hidden, contentShape, shapes,
  ModhostError, ModhostConnectionError, ModhostTimeoutError, ENGINE_RESTARTED,
} from '@modhost/client';
import type {
  Node, SwipeActionConfig, SwipeActionPress, Diagnostic, InteractResult, ResolvedNode, UpdateCounts,
  PluginCrashedEvent, EngineRestartedInfo, ReloadResult, HandlerInfo, RefreshInfo, ResolvedStyle, NativeModule,
  EventSubscription, ModuleEventNotification, ExpoUIModule, DescribeResult, LongPressGesture,
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
          message.unread && Image({ systemName: 'circle.fill' }),
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
  host.on('engineRestarted', (info: EngineRestartedInfo) => {
    const failed = info.surfaces.filter((s) => s.status === 'failed').map((s) => `${s.surface}: ${s.error?.message}`);
    log(`a new engine serves us (${info.reason}${info.plugin ? `, plugin ${info.plugin}` : ''}); lost: ${failed.join('; ') || 'none'}`);
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
    if (error instanceof ModhostError && error.code === ENGINE_RESTARTED) {
      log(`request #${error.requestId} (${error.method}) ended with the engine (${error.data?.reason}, plugin ${error.data?.plugin ?? 'none'}); engineRestarted: ${error.engineRestarted}`);
    } else if (error instanceof ModhostError) log(`${error.code} at ${error.data?.path}: ${error.message}`);
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

// ---------------------------------------------------------------- ExpoUI: gestures, lifecycle, styles, modules

/** A module of some plugin, typed by its user: functions and events. */
type CounterModule = NativeModule<{ increment(by: number): Promise<number>; reset(): Promise<null> }, { onChange: (payload: { value: number }) => void }>;

function styledRow(message: Message, log: (line: string) => void, open: (id: string) => void): Node {
  return HStack({ key: message.id, modifiers: [
    onTapGesture((info: HandlerInfo) => { log(`tap on ${info.node} (modifier ${info.modifier})`); open(message.id); }),
    onTapGesture(() => log(`double tap on ${message.id}`), { count: 2 }),
    onLongPressGesture(() => log(`long press on ${message.id}`), { minimumDuration: 0.8 }),
    onLongPressGesture(() => log('quick long press'), 0.2),
    onAppear(({ node }) => log(`${node} appeared`)),
    onDisappear(async ({ node }) => { log(`${node} disappeared`); }),
    padding({ horizontal: 12, vertical: 4 }),
    padding(8),
    padding(),
    frame({ maxWidth: 10000, minHeight: 44, alignment: 'leading' }),
    background('#F2F2F7', shapes.roundedRectangle({ cornerRadius: 8 })),
    background('white'),
    foregroundStyle(message.unread ? 'primary' : 'secondary'),
    tint('#0A84FF'),
    font({ size: 17, weight: message.unread ? 'semibold' : 'regular', design: 'default' }),
    opacity(message.unread ? 1 : 0.8),
    cornerRadius(4),
    border({ color: 'gray', width: 1 }),
    listRowBackground('yellow'),
    message.unread ? badge(1) : badge(),
    badge('new'),
    deleteDisabled(),
    disabled(false),
    hidden(false),
    contentShape(shapes.rectangle()),
    contentShape('capsule'),
  ] }, Text(message.subject), Spacer());
}

export async function expoUI(socket: string): Promise<void> {
  const log = (line: string) => console.log(line);
  const host = await connect({ socket });
  let inbox = messages.slice();
  const opened: string[] = [];
  const screen = (): Node => VStack(
    TextField({ key: 'search', defaultValue: '', placeholder: 'Search', modifiers: [onSubmit(() => log('search submitted'))] }),
    List({ key: 'inbox', modifiers: [refreshable(async (info: RefreshInfo) => {
      log(`refresh ${info.id} on ${info.node}`);
      inbox = [{ id: `m${inbox.length + 1}`, from: 'Linus', subject: 'New mail', unread: true }, ...inbox];
    })] }, inbox.map((m) => styledRow(m, log, (id) => opened.push(id)))),
    ScrollView({ key: 'scroll' }, Text('footer')),
  );
  const surface = await host.mount('expo', screen());

  const tapped: InteractResult = await surface.tap('m1');
  if (tapped.handled) log(`handler of node ${tapped.node}, modifier ${tapped.modifier}`);
  else log(`not handled: ${tapped.reason}`);
  await surface.tap('m1', { count: 2 });
  await surface.longPress('m1', 0.3);
  await surface.interact('m2', { gesture: 'longPress', duration: 1 });
  await surface.interact('m2', { gesture: 'tap', count: 1 });
  const refreshed = await surface.refresh('inbox');
  const running: boolean = refreshed.refreshing ?? false;
  log(`refreshing: ${running}`);
  const submitted = await surface.submit('search');
  for (const handler of submitted.handlers ?? []) log(`onSubmit of ${handler.node}#${handler.modifier}`);
  await surface.update(screen());

  const { root } = await surface.snapshot();
  const list = root.children?.[1];
  log(`refreshing now: ${list?.refreshing === true}`);
  const row: ResolvedNode | undefined = list?.children?.[0];
  const styles: ResolvedStyle[] = row?.styles ?? [];
  for (const style of styles) {
    if (style.$style === 'padding') log(`padding ${style.top} ${style.leading} ${style.bottom} ${style.trailing}`);
    else if (style.$style === 'background') log(`background ${style.color} ${style.shape ?? 'none'} ${style.cornerRadius ?? 0}`);
    else log(style.$style);
  }
  log(`handlers: ${(row?.handlers ?? []).join(', ')}; disabled ${row?.disabled ?? false}; hidden ${row?.hidden ?? false}`);

  // Module functions and events.
  const ui: ExpoUIModule = host.requireNativeModule('ExpoUI');
  try {
    const done: null = await ui.completeRefresh('nope');
    log(`completed: ${done}`);
  } catch (error) {
    if (error instanceof ModhostError && error.code === -32003) log(`Function failed: ${String(error.data?.error)}`);
    else throw error;
  }
  const direct: number = await host.callFunction<number>('Counter', 'increment', [2]);
  const counter = host.requireNativeModule<CounterModule>('Counter');
  const next: number = await counter.increment(direct);
  const subscription: EventSubscription = counter.addListener('onChange', ({ value }) => log(`counter is ${value + next}`));
  subscription.remove();
  const anyModule = host.requireNativeModule('Anything');
  await anyModule.whatever(1, 'two');
  anyModule.addListener('onSomething', (payload: unknown) => log(JSON.stringify(payload)));
  host.on('moduleEvent', (e: ModuleEventNotification) => log(`${e.module}.${e.event}`));
  const described: DescribeResult = await host.describe();
  for (const module of described.modules) log(`${module.name}: ${module.functions.map((f) => f.name).join(', ')}; events ${module.events.join(', ')}`);

  await surface.unmount();
  await host.close();
}

// Startup diagnostics, time limits, and a bounded reconnect.
export async function limits(): Promise<void> {
  const host = await connect({
    requestTimeoutMs: 2000,
    reconnect: { initialDelayMs: 50, maxAttempts: 5 },
    onDiagnostic: (d: Diagnostic) => console.log(`${d.severity} ${d.code}: ${d.message}`),
  });
  for (const d of host.startupDiagnostics) if (d.code === 'plugin-load-failed') console.log(`not loaded: ${d.path}`);
  host.on('close', (info) => {
    if (info.reason === 'reconnectFailed' && info.error instanceof ModhostConnectionError) {
      console.log(`${info.error.code} after ${info.error.attempts} attempts to ${info.error.socketPath}`);
    }
  });
  host.on('reconnectFailed', (info) => console.log(info.nextDelayMs === null ? 'last attempt failed' : `again in ${info.nextDelayMs} ms`));
  try {
    await host.callFunction('Greeting', 'greetLater', ['Ada', 5000], { timeoutMs: 100 });
    await host.request('describe', undefined, { timeoutMs: 0 });
  } catch (error) {
    if (error instanceof ModhostTimeoutError) console.log(`${error.method}: no answer in ${error.timeoutMs} ms (sent: ${error.sent})`);
  }
  const limit: number | undefined = host.requestTimeoutMs;
  const why: ModhostConnectionError | undefined = host.closeError;
  void limit; void why;
  await host.close();
}

// Mistakes the types catch (never called; tsc fails if one of these is accepted).
export function mistakes(): void {
  // @ts-expect-error Expo's name is minimumDuration
  onLongPressGesture(() => {}, { duration: 1 });
  // @ts-expect-error not a weight
  font({ weight: 'extraBold' });
  // @ts-expect-error not an alignment
  frame({ alignment: 'middle' });
  // @ts-expect-error border needs a colour
  border({ width: 2 });
  // @ts-expect-error a shape comes from shapes.* or is a shape name
  contentShape('square');
  // @ts-expect-error longPress needs a duration
  const press: LongPressGesture = { gesture: 'longPress' };
  void press;
  const ui = null as unknown as ExpoUIModule;
  // @ts-expect-error completeRefresh takes the refresh id
  void ui.completeRefresh(1);
  // @ts-expect-error timeoutMs is a number
  void connect({ requestTimeoutMs: '1s' });
  // @ts-expect-error a misspelt Button prop
  Button({ lable: 'Go' });
  // @ts-expect-error h() types a known view's props
  h('Toggle', { isOn: 1 });
  // @ts-expect-error a Toggle takes no children
  Toggle({ isOn: true }, Text('x'));
  // @ts-expect-error a function component's props are checked
  h(Badge, { count: 'three' });
  // @ts-expect-error onValueChange of a Slider receives a number
  Slider({ onValueChange: (value: string) => value });
  // @ts-expect-error an Image needs its systemName, as in Expo UI
  Image({ size: 8 });
  // @ts-expect-error an Image takes props
  Image();
}

/** A function component used with h(). */
function Badge({ count }: { count: number }): Node {
  return Text(String(count));
}
export const badges: Array<Node | null> = [h(Badge, { key: 'b', count: 3 }), h('Custom', { anything: 1 })];

// SF Symbols: the symbol modifiers and SymbolView, typed.
import {
  symbolEffect, transition, contentTransition, symbolEffectsRemoved, imageScale, symbolRenderingMode, symbolVariant,
  fontWeight, SymbolView, symbolViewNode,
} from '@modhost/client';
import type { SymbolViewProps, ResolvedSymbol } from '@modhost/client';

// Symbol names of an app's own, digit-led ones included: plain string literals.
type AppSymbol = 'heart' | '01.circle' | '1.magnifyingglass' | 'wifi';
const badgeProps: SymbolViewProps<AppSymbol> = { symbolName: '01.circle', effect: 'bounce', isAnimating: true, weight: 'ultralight', colors: ['red', '#00F'] };
const symbolTree: Node = VStack({ modifiers: [symbolEffect({ effect: 'pulse', isActive: true }), imageScale('large')] },
  h(SymbolView, badgeProps),
  h(SymbolView, { symbolName: 'wifi', effect: 'variablecolor', renderingMode: 'hierarchical', variant: 'slash' }),
  Image({ systemName: 'heart', modifiers: [
    symbolEffect({ effect: 'bounce', value: 3, options: { repeat: 'periodic', count: 2 } }), transition('drawOn'),
    contentTransition('replace'), symbolEffectsRemoved(), symbolRenderingMode('palette'), symbolVariant('circle.fill'),
    fontWeight('black'), foregroundStyle('red', 'blue', 'green'),
  ] }));
console.log(symbolTree, symbolViewNode({ symbolName: 'heart' }));
function runsOf(symbol: ResolvedSymbol | undefined): number {
  const effect = symbol?.effects?.[0];
  return effect?.kind === 'discrete' ? effect.runs : 0;
}
console.log(runsOf(undefined));
// @ts-expect-error drawOn is not discrete: it cannot take a value.
symbolEffect({ effect: 'drawOn', value: 1 });
// Expo UI's call shape.
console.log(symbolEffect({ effect: 'bounce', direction: 'up' }, { value: 1 }), symbolEffect('pulse', { isActive: true, options: { repeat: { count: 2 } } }));
// @ts-expect-error replace is a content transition, not a transition.
transition('replace');
// @ts-expect-error a symbol name outside the app's union.
const wrongName: SymbolViewProps<AppSymbol> = { symbolName: 'hart' };
console.log(wrongName);

// Expo UI's recorded styles, with Expo's signatures.
import {
  shadow, blur, bold, lineLimit, listStyle, buttonStyle, scaleEffect, underline, listRowSeparator, accessibilityLabel,
} from '@modhost/client';
export const recordedStyles = [
  shadow({ radius: 4, y: 2, color: '#00000040' }), blur(8), bold(), lineLimit(2, { reservesSpace: true }), lineLimit({ min: 1, max: 3 }),
  listStyle('insetGrouped'), buttonStyle('borderedProminent'), scaleEffect(2), scaleEffect({ x: 1, y: 2 }),
  underline({ isActive: true, pattern: 'dash' }), listRowSeparator('hidden', 'bottom'), accessibilityLabel('Close'),
];
export function recordedStyleMistakes(): void {
  // @ts-expect-error not a list style
  listStyle('fancy');
  // @ts-expect-error shadow needs a radius
  shadow({ x: 1 });
  // @ts-expect-error Expo's key is radius
  shadow({ radius: 1, blur: 2 });
  // @ts-expect-error bold takes no arguments
  bold(true);
}
