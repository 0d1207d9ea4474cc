// Finding nodes as a user sees them, as testing-library does: by test id, by text, by role and
// name, in a snapshot's tree (`surface.getByText('Send')`). Pure functions of the tree: no I/O.
import { closestKey } from './suggest.js';

/** The role a node plays for a person, from its view: what getByRole matches. */
const ROLES = Object.freeze({
  Button: 'button',
  Toggle: 'switch',
  Switch: 'switch',
  Slider: 'slider',
  TextField: 'textbox',
  Image: 'image',
  Text: 'text',
  Label: 'text',
  List: 'list',
  Form: 'list',
  Link: 'link',
  ProgressView: 'progressbar',
  Gauge: 'meter',
  DisclosureGroup: 'group',
  Picker: 'radiogroup',
  SecureField: 'textbox',
});

/** Every node of `root` (children and slot views), parents before their children. */
export function allNodes(root) {
  const nodes = [];
  const pending = root ? [root] : [];
  while (pending.length > 0) {
    const node = pending.pop();
    nodes.push(node);
    const below = [...(node.children ?? []), ...Object.values(node.slots ?? {})];
    for (let i = below.length - 1; i >= 0; i -= 1) pending.push(below[i]);
  }
  return nodes;
}

/** The text a node shows: a Text's text (its segments joined), a Label's title, a Button's label. */
export function textOf(node) {
  if (node.type === 'Text') {
    // With markdownEnabled, what shows is the Markdown's runs, not the text as written.
    if (Array.isArray(node.markdown)) return node.markdown.map((run) => run.text).join('');
    if (typeof node.props?.text === 'string') return node.props.text;
    const segments = (node.children ?? []).map(textOf).filter((text) => text !== undefined);
    return segments.length > 0 ? segments.join('') : undefined;
  }
  if (node.type === 'Label' && typeof node.props?.title === 'string') return node.props.title;
  if (node.type === 'Button' && typeof node.props?.label === 'string') return node.props.label;
  return undefined;
}

/** The role of `node` (`button`, `switch`, ...), or undefined. */
export function roleOf(node) {
  return ROLES[node.type];
}

/**
 * The name a person would hear for `node`: its `accessibilityLabel`, else its text, its label
 * (a Toggle's, a Slider's), a TextField's placeholder, or the text of the views inside it.
 */
export function accessibleNameOf(node) {
  const label = (node.styles ?? []).find((style) => style.$style === 'accessibilityLabel')?.label;
  if (typeof label === 'string') return label;
  const own = textOf(node) ?? node.props?.label ?? node.props?.placeholder ?? node.props?.title;
  if (typeof own === 'string') return own;
  const inside = allNodes(node).slice(1).map(textOf).filter((text) => text !== undefined);
  return inside.length > 0 ? inside.join(' ') : undefined;
}

function matches(value, wanted) {
  if (typeof value !== 'string') return false;
  return wanted instanceof RegExp ? wanted.test(value) : value === wanted;
}

/** The kinds of query, each: what it matches on a node, what it says of one, and its name. */
const KINDS = Object.freeze({
  TestId: {
    describe: (id) => `testID ${JSON.stringify(id)}`,
    match: (node, id) => matches(node.props?.testID, id),
    seen: (node) => node.props?.testID,
  },
  Text: {
    describe: (text) => `text ${text instanceof RegExp ? text : JSON.stringify(text)}`,
    match: (node, text) => matches(textOf(node), text),
    seen: (node) => textOf(node),
  },
  Role: {
    describe: (role, options) => `role '${role}'${options?.name !== undefined ? ` named ${options.name instanceof RegExp ? options.name : JSON.stringify(options.name)}` : ''}`,
    match: (node, role, options) => roleOf(node) === role && (options?.name === undefined || matches(accessibleNameOf(node), options.name)),
    seen: (node) => (roleOf(node) ? `${roleOf(node)}${accessibleNameOf(node) !== undefined ? ` "${accessibleNameOf(node)}"` : ''}` : undefined),
  },
});

/** The nodes of `root` that query `kind` ('TestId', 'Text', 'Role') matches with `value`. */
export function queryAll(root, kind, value, options) {
  const query = KINDS[kind];
  if (!query) throw new TypeError(`queryAll: kind must be one of ${Object.keys(KINDS).join(', ')}, got ${kind}`);
  return allNodes(root).filter((node) => query.match(node, value, options));
}

/**
 * Why nothing (or more than one node) matched: what the tree has instead, the closest first,
 * as testing-library lists what it saw.
 */
export function queryError(root, kind, value, options, found) {
  const query = KINDS[kind];
  const what = query.describe(value, options);
  if (found.length > 1) {
    const error = new Error(`found ${found.length} nodes with ${what} (${found.map((n) => `'${n.id}'`).join(', ')}); use getAllBy${kind} for more than one`);
    error.code = 'ERR_MODHOST_MULTIPLE_MATCHES';
    error.nodes = found;
    return error;
  }
  const seen = [...new Set(allNodes(root).map(query.seen).filter((s) => typeof s === 'string'))];
  const target = kind === 'Role' ? `${value}${typeof options?.name === 'string' ? ` "${options.name}"` : ''}` : typeof value === 'string' ? value : '';
  const closest = target && seen.length > 0 ? closestKey(target, seen) : undefined;
  const listed = seen.slice(0, 12).map((s) => JSON.stringify(s)).join(', ') + (seen.length > 12 ? `, ... (${seen.length} in all)` : '');
  const error = new Error(`no node with ${what}${closest ? `; closest: ${JSON.stringify(closest)}` : ''}; the tree has ${seen.length === 0 ? 'none' : listed}`);
  error.code = 'ERR_MODHOST_NO_MATCH';
  error.seen = seen;
  if (closest) error.suggestion = closest;
  return error;
}
