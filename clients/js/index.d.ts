// Type declarations for @modhost/client.
// Self-contained: no @types/node needed. At run time Host is a node:events EventEmitter; the
// typed on/once/off/emit below are the part of it this package documents.

// ---------------------------------------------------------------- JSON and nodes

export type JSONPrimitive = string | number | boolean | null;
export type JSONValue = JSONPrimitive | JSONValue[] | { [key: string]: JSONValue };

/** The views the host knows (it may know more; see `Host.server.views`). */
export type ViewType =
  | 'List' | 'Section' | 'HStack' | 'VStack' | 'ZStack'
  | 'Text' | 'Label' | 'Image' | 'Button' | 'Spacer';

export declare const VIEW_TYPES: readonly ViewType[];

/** What a modifier's event listener is told besides the event itself. */
export interface EventInfo {
  surface: string;
  /** The node id: its key, else its index path ("0/2/1"). */
  node: string;
  /** The modifier's index in the node's `modifiers` array. */
  modifier: number;
  /** The modifier's `$type`. */
  type: string;
}

/**
 * Receives `payload[$type]` of an event. Return `false` to say "not handled": the client then
 * emits a `diagnostic` (code `event-unhandled`). A throw or rejected promise becomes a
 * `diagnostic` with code `listener-threw`.
 */
export type EventListener<E = any> = (event: E, info: EventInfo) => unknown;

/** A modifier config: `{$type, ...params}`, params spread flat (as Expo UI builds them). */
export type ModifierConfig<T extends string = string, P extends object = {}> =
  { $type: T } & P & { eventListener?: undefined };

/** A modifier config with a listener that stays on this side of the socket. */
export type ModifierConfigWithListener<T extends string = string, P extends object = {}, E = any> =
  { $type: T } & P & { eventListener: EventListener<E> };

export type AnyModifierConfig = { $type: string; eventListener?: EventListener; [param: string]: unknown };

/** A node of a surface's tree, as the helpers build it and as it may be written by hand. */
export interface Node {
  type: ViewType | (string & {});
  /** Unique in its surface; without it, the node is addressed by its index path. */
  key?: string;
  props?: { [prop: string]: unknown };
  modifiers?: AnyModifierConfig[];
  children?: Node[];
}

/** A node as it goes on the wire: data only. */
export interface WireNode {
  type: string;
  key?: string;
  props?: { [prop: string]: JSONValue };
  modifiers?: Array<{ $type: string; [param: string]: JSONValue }>;
  children?: WireNode[];
}

// ---------------------------------------------------------------- modifiers

export declare function createModifier<T extends string, P extends object = {}>(type: T, params?: P): ModifierConfig<T, P>;
export declare function createModifierWithEventListener<T extends string, E = any, P extends object = {}>(
  type: T, listener: EventListener<E>, params?: P): ModifierConfigWithListener<T, P, E>;

export type SwipeActionRole = 'destructive' | 'cancel';
export type SwipeEdge = 'leading' | 'trailing';

/** What `onPress` receives: the action id and where the tap happened. */
export interface SwipeActionPress extends EventInfo {
  id: string;
}

/** One swipe action: data for the host plus an `onPress` that never leaves this process. */
export interface SwipeActionConfig {
  id: string;
  label: string;
  /** An SF Symbol name, e.g. "trash"; shown in its `fill` variant. */
  systemImage?: string;
  /** `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `rgb()`/`rgba()`, CSS or SwiftUI colour names. */
  tint?: string;
  role?: SwipeActionRole;
  onPress?: (press: SwipeActionPress) => unknown;
}

export interface SwipeActionsParams {
  leading?: SwipeActionConfig[];
  trailing?: SwipeActionConfig[];
  /** Default false. */
  allowsFullSwipe?: boolean;
}

/** The data that goes on the wire for one action. */
export type SwipeActionData = Omit<SwipeActionConfig, 'onPress'>;

/** The event the swipeActions modifier dispatches: `{"swipeActions": {id}}`. */
export interface SwipeActionsEvent { id: string }

export type SwipeActionsModifier = ModifierConfigWithListener<'swipeActions', {
  leading: SwipeActionData[];
  trailing: SwipeActionData[];
  allowsFullSwipe: boolean;
}, SwipeActionsEvent>;

export declare function swipeActions(params?: SwipeActionsParams): SwipeActionsModifier;

// ---------------------------------------------------------------- elements

/** `key` and `modifiers` go on the node; every other member becomes `node.props`. */
export interface ElementProps {
  key?: string | number;
  modifiers?: Array<AnyModifierConfig | null | undefined | false>;
  [prop: string]: unknown;
}

/** A child: a node, text, an array of children, or nothing (null/undefined/booleans are skipped). */
export type Child = Node | string | number | null | undefined | boolean | Child[];

/**
 * Builds a node. String/number children: on `Text` joined into `props.text`, on `Label` into
 * `props.title`, elsewhere each becomes a `Text` node. `Image` and `Spacer` take no children.
 */
export declare function h(type: ViewType | (string & {}), props?: ElementProps | null, ...children: Child[]): Node;

/** A view helper: `View(props, ...children)` or, without props, `View(...children)`. */
export interface ElementHelper {
  (props?: ElementProps | null, ...children: Child[]): Node;
  (...children: Child[]): Node;
}

export declare const List: ElementHelper;
export declare const Section: ElementHelper;
export declare const HStack: ElementHelper;
export declare const VStack: ElementHelper;
export declare const ZStack: ElementHelper;
export declare const Text: ElementHelper;
export declare const Label: ElementHelper;
export declare const Image: ElementHelper;
export declare const Button: ElementHelper;
export declare const Spacer: ElementHelper;

// ---------------------------------------------------------------- serialization

export interface ListenerEntry { type: string; listener: EventListener }

/** The wire tree, and the listeners by node id then modifier index. */
export declare function serializeTree(tree: Node): { root: WireNode; listeners: Map<string, Map<number, ListenerEntry>> };
/** A deep copy without functions or `eventListener` members. */
export declare function stripFunctions<T>(value: T): unknown;

// ---------------------------------------------------------------- protocol results

export interface ModifierInfo {
  type: string;
  plugin: string;
  module: string;
  params: { [k: string]: JSONValue };
  /** Plugins that also register this type but come later, so this one hides them. */
  overrides?: string[];
}
export interface PluginInfo {
  name: string;
  path: string;
  /** `quarantined`: it crashed or hung the host; not loaded until its files change or `enablePlugin`. */
  status: 'loaded' | 'failed' | 'quarantined';
  error?: string;
  modules?: string[];
  /** Types this plugin serves. */
  types?: string[];
  /** Types it registered that a plugin coming first serves. */
  hidden?: string[];
  /** What went wrong in a loaded plugin without stopping it. */
  problems?: string[];
  /** Why a quarantined plugin is quarantined. */
  crash?: PluginCrash;
}

/** A crash or hang of the host in a plugin's code, as the daemon's supervisor saw it. */
export interface PluginCrash {
  /** The kind of plugin call: "body", "action", "factory", "OnCreate", "schema", ... */
  call: string;
  /** The modifier type or module the call was for. */
  detail: string;
  /** What ended the engine: "SIGILL", "SIGSEGV", "exit status 3", "hung for more than 5.0 s". */
  reason: string;
  /** The last message the Swift runtime printed ("...Fatal error: ..."), or "". */
  message: string;
  /** The request being handled, by the process that sent it; absent when none was (e.g. while loading). */
  request?: { pid: number; id: number | string; method: string };
  /** The types the plugin served (empty when it crashed before registering any). */
  types: string[];
}
/** A folder the host searches for plugins. */
export interface PluginRootInfo {
  path: string;
  kind: 'flag' | 'user' | 'bundled';
  status: 'ok' | 'missing' | 'not-a-folder';
  message?: string;
}

export interface InitializeResult {
  protocolVersion: number;
  server: { name: string; version: string };
  modifiers: ModifierInfo[];
  views: string[];
}

export interface DescribeResult {
  modifiers: ModifierInfo[];
  views: string[];
  plugins: PluginInfo[];
  roots: PluginRootInfo[];
}

/** What a rescan did: type changes, one entry per plugin folder event, and the plugins. */
export interface ReloadResult {
  added: string[];
  removed: string[];
  changed: string[];
  events: { event: 'loaded' | 'unloaded' | 'failed'; plugin: string; path: string; reason?: string }[];
  plugins: PluginInfo[];
}

export interface UpdateCounts { created: number; updated: number; unchanged: number; removed: number }

export interface ResolvedSwipeAction {
  id: string;
  label: string | null;
  systemImage: string | null;
  symbolVariant: 'fill' | null;
  /** `#RRGGBBAA`. */
  tint: string | null;
  role: SwipeActionRole | null;
  modifier: number;
}

export interface ResolvedNode {
  type: string;
  id: string;
  key?: string;
  props?: { [prop: string]: JSONValue };
  modifiers?: Array<{ $type: string }>;
  tint?: string;
  swipeActions?: {
    leading: ResolvedSwipeAction[];
    trailing: ResolvedSwipeAction[];
    allowsFullSwipe: { leading: boolean; trailing: boolean };
    revealed: SwipeEdge | null;
  };
  children?: ResolvedNode[];
}

export interface SwipeGesture { gesture: 'swipe'; edge: SwipeEdge; full?: boolean }
export interface TapActionGesture { gesture: 'tapAction'; id: string }
export type Gesture = SwipeGesture | TapActionGesture | { gesture: string; [param: string]: JSONValue };

export interface InteractResult {
  handled: boolean;
  /** After a swipe: the revealed action ids. */
  revealed?: string[];
  edge?: SwipeEdge;
  /** After a tap or a full swipe: the action that ran. */
  performed?: string;
  modifier?: number;
  /** When not handled: why. */
  reason?: string;
  [member: string]: unknown;
}

// ---------------------------------------------------------------- notifications

export interface EventNotification {
  surface: string;
  node: string;
  modifier: number;
  payload: { [type: string]: JSONValue };
}

export interface Diagnostic {
  severity: 'warning' | 'error';
  code: string;
  message: string;
  surface?: string;
  node?: string;
  path?: string;
  /** `"client"` for diagnostics this client raised (e.g. `event-without-listener`); absent for the host's. */
  source?: 'client';
  /** `plugin-crashed`: the quarantined plugin's name and its crash (`path` is its folder). */
  plugin?: string;
  crash?: PluginCrash;
  modifier?: number;
  payload?: unknown;
  error?: unknown;
}

/** `changed`: types still registered whose code changed (reloaded, or another plugin took them). */
export interface PluginsChanged { added: string[]; removed: string[]; changed: string[] }

/**
 * A `plugin-crashed` diagnostic, told from this Host's side: one per quarantined plugin on each
 * (re)connect. `mine` is true when the request the plugin crashed in was sent by this Host (same
 * pid, and one of its requests that were in flight when its connection dropped); that request
 * rejected then with `ERR_MODHOST_DISCONNECTED` and the same `requestId`.
 */
export type PluginCrashedEvent = {
  plugin: string;
  /** The plugin's folder. */
  path: string;
  crash: PluginCrash;
  message: string;
} & (
  | { mine: true; requestId: number; method: string; params: unknown }
  | { mine: false; requestId?: undefined; method?: undefined; params?: undefined }
);

export interface CloseInfo { reason: 'closed' | 'lost'; error?: Error }
export interface ReconnectInfo {
  attempts: number;
  /** Surfaces mounted again from their latest accepted tree. */
  surfaces: string[];
  /** Surfaces the new host refused (e.g. a quarantined type): now unmounted, see `Surface.error`. */
  lost: string[];
  server: InitializeResult;
}
export interface ReconnectFailedInfo { attempt: number; error: Error; nextDelayMs: number }

// ---------------------------------------------------------------- errors

/** An error the host answered: JSON-RPC `code`, `data` (with `data.path` where it helps), message. */
export declare class ModhostError extends Error {
  constructor(error: { code: number; message: string; data?: any }, method?: string);
  readonly name: 'ModhostError';
  code: number;
  data?: { path?: string; expected?: string; got?: string; [k: string]: unknown };
  /** The method that failed. */
  method?: string;
  /** Same as `data.path`. */
  readonly path: string | undefined;
}

export type ConnectionErrorCode =
  /** Sent, then the connection dropped before the answer: the host may or may not have acted on it. */
  | 'ERR_MODHOST_DISCONNECTED'
  /** Never reached the host (e.g. an `interact` while reconnecting); safe to send again. */
  | 'ERR_MODHOST_NOT_SENT'
  | 'ERR_MODHOST_CLOSED'
  | 'ERR_MODHOST_CONNECT'
  /** The socket, or its folder, belongs to another user or others may replace it: nothing was sent. */
  | 'ERR_MODHOST_SOCKET_OWNER'
  | 'ERR_MODHOST_SURFACE_GONE';

/** The connection was lost or closed, or a request could not be sent. */
export declare class ModhostConnectionError extends Error {
  constructor(message: string, code?: ConnectionErrorCode, details?: { method?: string; requestId?: number });
  readonly name: 'ModhostConnectionError';
  code: ConnectionErrorCode;
  /** The request's method, when the error is about one request. */
  method?: string;
  /** `ERR_MODHOST_DISCONNECTED`: the JSON-RPC id it was sent with (see `PluginCrashedEvent.requestId`). */
  requestId?: number;
}

// ---------------------------------------------------------------- host and surfaces

export interface ReconnectOptions {
  /** First delay after a lost connection (default 100 ms); doubles per failed attempt. */
  initialDelayMs?: number;
  /** Ceiling of the delay (default 5000 ms). */
  maxDelayMs?: number;
}

export interface ConnectOptions {
  /** Default: `$MODHOST_SOCKET`, `$XDG_RUNTIME_DIR/modhost/modhost.sock`, `/tmp/modhost-$UID/modhost.sock`. */
  socket?: string;
  /** Sent in `initialize` (default `"modhost-js"`). */
  clientName?: string;
  clientVersion?: string;
  /** Reconnect with backoff when the socket closes unexpectedly (default on); `false` turns it off. */
  reconnect?: ReconnectOptions | boolean;
  /** Largest frame accepted from the host (default 16 MiB). */
  maxFrame?: number;
}

export interface HostEvents {
  diagnostic: [Diagnostic];
  /** Also after a reconnect, when the new host serves other types (e.g. a plugin was quarantined). */
  pluginsChanged: [PluginsChanged];
  pluginCrashed: [PluginCrashedEvent];
  event: [EventNotification];
  close: [CloseInfo];
  disconnect: [{ error?: Error }];
  reconnect: [ReconnectInfo];
  reconnectFailed: [ReconnectFailedInfo];
  notification: [{ method: string; params: unknown }];
}

export declare class Surface {
  readonly host: Host;
  readonly name: string;
  readonly state: 'mounted' | 'unmounted';
  readonly mounted: boolean;
  /** Why the host refused to mount it again after a reconnect (it is then unmounted). */
  readonly error: Error | undefined;
  /** The latest tree the host accepted (with its listeners). */
  readonly tree: Node | null;
  /** Reconciles with `tree`; a failure changes nothing (tree and listeners stay). */
  update(tree: Node): Promise<UpdateCounts>;
  unmount(): Promise<{}>;
  snapshot(): Promise<{ root: ResolvedNode }>;
  /** `node` is a key or an index path such as "0/2/1". */
  interact(node: string, gesture: Gesture | string): Promise<InteractResult>;
  swipe(node: string, edge: SwipeEdge, options?: { full?: boolean }): Promise<InteractResult>;
  tapAction(node: string, id: string): Promise<InteractResult>;
}

export declare class Host {
  constructor(options?: ConnectOptions);
  readonly socketPath: string;
  /** The `initialize` result of the current connection. */
  readonly server: InitializeResult;
  readonly surfaces: Map<string, Surface>;
  readonly state: 'new' | 'open' | 'reconnecting' | 'closed';
  readonly connected: boolean;
  /** Connects and sends `initialize` (what `connect()` does after `new Host`); add listeners first to hear what comes with it. */
  start(): Promise<this>;
  mount(name: string, tree: Node): Promise<Surface>;
  describe(): Promise<DescribeResult>;
  /** Asks the host to rescan its plugin folders now. */
  reload(): Promise<ReloadResult>;
  /** Lets a quarantined plugin load again (by name); resolves like `reload`. */
  enablePlugin(name: string): Promise<ReloadResult>;
  ping(): Promise<{}>;
  /** Any method. While reconnecting, requests wait for the new connection; `interact` rejects (`ERR_MODHOST_NOT_SENT`). */
  request<R = unknown>(method: string, params?: object | unknown[]): Promise<R>;
  /** No reconnect, socket closed, timers cleared; waiting requests reject. */
  close(): Promise<void>;

  on<K extends keyof HostEvents>(event: K, listener: (...args: HostEvents[K]) => void): this;
  once<K extends keyof HostEvents>(event: K, listener: (...args: HostEvents[K]) => void): this;
  off<K extends keyof HostEvents>(event: K, listener: (...args: HostEvents[K]) => void): this;
  emit<K extends keyof HostEvents>(event: K, ...args: HostEvents[K]): boolean;
  removeAllListeners(event?: keyof HostEvents): this;
  listenerCount(event: keyof HostEvents): number;
}

export declare function connect(options?: ConnectOptions): Promise<Host>;
export declare function defaultSocketPath(env?: { [name: string]: string | undefined }): string;

export declare const PROTOCOL_VERSION: 1;
export declare const CLIENT_VERSION: string;

/** A frame (a Node Buffer): 4-byte big-endian length, then UTF-8 JSON. */
export declare function encodeFrame(message: unknown): Uint8Array;
export declare class FrameDecoder {
  constructor(maxFrame?: number);
  /** Takes Buffers; returns the bodies (Buffers) of the frames completed so far. */
  push(chunk: Uint8Array): Uint8Array[];
}
