// The inspector page: draws every surface of every connection from the server's event stream,
// and sends gestures back (POST interact) on behalf of the front-end that owns the surface.
// No build step and no outside code: plain DOM, loaded as a module by index.html.

const state = { surfaces: new Map(), connections: new Map(), plugins: [], log: [], selected: null };
const openTreeNodes = new Set();
const $ = (selector) => document.querySelector(selector);

/** An element with attributes (`class`, `text`, `on*` handled) and children. */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'text') el.textContent = value;
    else if (name === 'class') el.className = value;
    else if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

const keyOf = (connection, surface) => `${connection.id}\u0000${surface}`;
const connectionName = (c) => `#${c.id}${c.client ? ` ${c.client}` : ''}${c.pid ? ` (pid ${c.pid})` : ''}`;

// MARK: - talking to the server

function setStatus(text) { $('#status').textContent = text; }

/** Starts over from a whole state: the page's own, then each stream's first event. */
function applyState(data) {
  state.surfaces.clear();
  state.connections.clear();
  for (const c of data.connections) state.connections.set(c.id, c);
  for (const entry of data.surfaces) state.surfaces.set(keyOf(entry.connection, entry.surface), entry);
  state.plugins = data.plugins;
  state.log = data.log;
  state.self = data.self;
  drawSurfaces();
  drawPlugins();
  drawLog();
  drawTree();
}

/** The state the server put in the page when it served it, if any. */
function initialState() {
  const text = document.getElementById('initial-state')?.textContent.trim();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function listen() {
  const source = new EventSource('events');
  source.addEventListener('open', () => setStatus('live'));
  source.addEventListener('error', () => setStatus('connection to the inspector server lost; retrying…'));
  source.addEventListener('state', (message) => applyState(JSON.parse(message.data)));
  source.addEventListener('surface', (message) => {
    const entry = JSON.parse(message.data);
    state.connections.set(entry.connection.id, entry.connection);
    if (entry.root === null) state.surfaces.delete(keyOf(entry.connection, entry.surface));
    else state.surfaces.set(keyOf(entry.connection, entry.surface), entry);
    drawSurfaces();
    drawTree();
  });
  source.addEventListener('log', (message) => {
    const entry = JSON.parse(message.data);
    state.log.push(entry);
    if (state.log.length > 1000) state.log.shift();
    appendLogRow(entry);
  });
  source.addEventListener('plugins', (message) => {
    state.plugins = JSON.parse(message.data);
    drawPlugins();
  });
}

/** Sends one gesture for the owner of `entry`'s surface; logs what came back. */
async function interact(entry, node, gesture, extra = {}, { secret = [] } = {}) {
  const params = { connection: entry.connection.id, surface: entry.surface, node, gesture, ...extra };
  let answer;
  try {
    const response = await fetch('interact', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(params) });
    answer = await response.json();
  } catch (error) {
    answer = { error: { message: String(error) } };
  }
  // What the user typed into a secure field stays out of the log.
  const shown = { ...params, answer };
  for (const key of secret) if (key in shown) shown[key] = '(hidden)';
  const logged = { id: `local-${Date.now()}`, time: new Date().toISOString(), kind: 'interact', connection: entry.connection, params: shown };
  state.log.push(logged);
  appendLogRow(logged);
  const status = answer.error ? `interact failed: ${answer.error.message}`
    : answer.result.handled ? `${gesture} on ${node}: handled` : `${gesture} on ${node}: not handled (${answer.result.reason})`;
  setStatus(status);
  return answer;
}

// MARK: - drawing a surface

/** CSS for a snapshot colour `#RRGGBBAA` (CSS reads that form as it is). */
const css = (hex) => hex;

const FONT_SIZES = { largeTitle: 26, title: 22, title2: 19, title3: 17, headline: 14, body: 14, callout: 13, subheadline: 12, footnote: 11, caption: 10, caption2: 9 };
const FONT_WEIGHTS = { ultraLight: 100, thin: 200, light: 300, regular: 400, medium: 500, semibold: 600, bold: 700, heavy: 800, black: 900 };

/** SwiftUI's default shadow colour: black at a third. */
const DEFAULT_SHADOW = '#00000055';
const LINE_STYLES = { solid: 'solid', dash: 'dashed', dot: 'dotted', dashDot: 'dashed', dashDotDot: 'dotted' };
const TEXT_ALIGN = { leading: 'left', center: 'center', trailing: 'right' };

/**
 * Applies a node's resolved styles (what the bundled modifiers set) to its element. Effects
 * and transforms compose in application order, innermost first, as SwiftUI applies them: CSS
 * runs `filter` functions left to right and `transform` functions right to left.
 */
function applyStyles(el, node, row) {
  if (node.tint) el.style.setProperty('--tint', css(node.tint));
  const filters = [];
  const transforms = [];
  const lines = [];
  for (const style of node.styles ?? []) {
    switch (style.$style) {
      case 'shadow': filters.push(`drop-shadow(${style.x}px ${style.y}px ${style.radius}px ${css(style.color ?? DEFAULT_SHADOW)})`); break;
      case 'blur': filters.push(`blur(${style.radius}px)`); break;
      case 'brightness': filters.push(`brightness(${1 + style.amount})`); break;
      case 'contrast': filters.push(`contrast(${style.amount})`); break;
      case 'saturation': filters.push(`saturate(${style.amount})`); break;
      case 'grayscale': filters.push(`grayscale(${style.amount})`); break;
      case 'hueRotation': filters.push(`hue-rotate(${style.angle}deg)`); break;
      case 'colorInvert': filters.push('invert(1)'); break;
      case 'scaleEffect': transforms.unshift(`scale(${style.x}, ${style.y})`); break;
      case 'rotationEffect': transforms.unshift(`rotate(${style.angle}deg)`); break;
      case 'offset': transforms.unshift(`translate(${style.x}px, ${style.y}px)`); break;
      case 'bold': el.style.fontWeight = '700'; break;
      case 'italic': el.style.fontStyle = 'italic'; break;
      case 'monospacedDigit': el.style.fontVariantNumeric = 'tabular-nums'; break;
      case 'kerning': el.style.letterSpacing = `${style.value}px`; break;
      case 'lineSpacing': el.style.lineHeight = `calc(1.2em + ${style.value}px)`; break;
      case 'textCase': el.style.textTransform = style.value === 'uppercase' ? 'uppercase' : 'lowercase'; break;
      case 'multilineTextAlignment': el.style.textAlign = TEXT_ALIGN[style.alignment] ?? 'left'; break;
      case 'underline':
      case 'strikethrough':
        lines.push(style.$style === 'underline' ? 'underline' : 'line-through');
        el.style.textDecorationStyle = LINE_STYLES[style.pattern] ?? 'solid';
        if (style.color) el.style.textDecorationColor = css(style.color);
        break;
      case 'padding': el.style.padding = `${style.top}px ${style.trailing}px ${style.bottom}px ${style.leading}px`; break;
      case 'background':
        el.style.backgroundColor = css(style.color);
        if (style.shape === 'roundedRectangle') el.style.borderRadius = `${style.cornerRadius ?? 8}px`;
        else if (style.shape === 'capsule' || style.shape === 'circle' || style.shape === 'ellipse') el.style.borderRadius = '999px';
        break;
      case 'foregroundStyle': el.style.color = css(style.color); break;
      case 'font':
        if (style.style && FONT_SIZES[style.style]) el.style.fontSize = `${FONT_SIZES[style.style]}px`;
        if (style.style === 'headline') el.style.fontWeight = '600';
        if (style.size) el.style.fontSize = `${style.size}px`;
        if (style.weight) el.style.fontWeight = String(FONT_WEIGHTS[style.weight] ?? 400);
        if (style.design === 'monospaced') el.style.fontFamily = 'ui-monospace, monospace';
        if (style.design === 'serif') el.style.fontFamily = 'serif';
        if (style.design === 'rounded') el.style.fontFamily = 'ui-rounded, system-ui';
        if (style.family) el.style.fontFamily = style.family;
        break;
      case 'opacity': el.style.opacity = String(style.value); break;
      case 'cornerRadius': el.style.borderRadius = `${style.radius}px`; el.style.overflow = 'hidden'; break;
      case 'border': el.style.border = `${style.width}px solid ${css(style.color)}`; break;
      case 'listRowBackground': if (row) row.style.backgroundColor = css(style.color); break;
      case 'badge': el.append(h('span', { class: 'badge', text: style.value, 'aria-label': `badge ${style.value}` })); break;
      case 'frame':
        for (const name of ['width', 'height', 'minWidth', 'maxWidth', 'minHeight', 'maxHeight']) {
          const value = style[name];
          if (value === undefined) continue;
          el.style[name] = value === 'infinity' ? '100%' : `${value}px`;
        }
        break;
      default: break;
    }
  }
  if (filters.length) el.style.filter = filters.join(' ');
  if (transforms.length) el.style.transform = transforms.join(' ');
  if (lines.length) el.style.textDecorationLine = lines.join(' ');
  if (node.hidden) el.classList.add('hidden-node');
  if (node.disabled) el.classList.add('disabled-node');
  if (node.handlers?.includes('tap') || node.handlers?.includes('longPress')) el.classList.add('has-tap');
}

function nodeLabel(node) { return `${node.type} ${node.id}`; }

/**
 * Marks for what the symbol modifiers do to an image (the snapshot's `symbol`): an indefinite
 * effect that is active is drawn running (animated), an inactive one dimmed; a discrete one
 * with how many times it ran; transitions with whether they ran.
 */
function symbolMarks(symbol) {
  if (!symbol) return [];
  const marks = [];
  for (const effect of symbol.effects ?? []) {
    if (effect.kind === 'indefinite') {
      marks.push(h('span', { class: `symbol-effect${effect.active ? ' running' : ''}`, text: effect.effect, title: `${effect.effect}: indefinite, ${effect.active ? 'running' : 'not active'}` }));
    } else {
      marks.push(h('span', { class: `symbol-effect${effect.runs > 0 ? ' ran' : ''}`, text: `${effect.effect} ×${effect.runs}`, title: `${effect.effect}: discrete, ran ${effect.runs} times` }));
    }
  }
  if (symbol.transition) marks.push(h('span', { class: 'symbol-effect', text: `⇥ ${symbol.transition.effect}${symbol.transition.ranOnEnter ? ' ✓' : ''}`, title: `transition ${symbol.transition.effect}${symbol.transition.ranOnEnter ? ', ran as it entered' : ''}` }));
  if (symbol.contentTransition) marks.push(h('span', { class: 'symbol-effect', text: `⇄ ${symbol.contentTransition.effect} ×${symbol.contentTransition.runs}`, title: `content transition ${symbol.contentTransition.effect}, ran ${symbol.contentTransition.runs} times` }));
  return marks;
}

/** The element drawing `node` and its subtree. */
function drawNode(entry, node, parentIsList = false) {
  if (node.body) return drawPluginView(entry, node);
  const props = node.props ?? {};
  let el;
  switch (node.type) {
    case 'Text': el = Array.isArray(node.markdown) ? drawMarkdown(node.markdown) : h('span', { text: props.text ?? '' }); break;
    // Expo UI's name is systemName; trees from before it said systemImage.
    case 'Image': el = h('span', {}, h('span', { class: 'symbol', text: node.symbol?.shown ?? props.systemName ?? props.systemImage ?? props.name ?? 'image' }), ...symbolMarks(node.symbol)); break;
    case 'Label': {
      const icon = node.slots?.icon ? drawNode(entry, node.slots.icon) : h('span', { class: 'symbol', text: props.systemImage ?? '' });
      el = h('span', {}, icon, ' ', props.title ?? props.text ?? '');
      break;
    }
    case 'Button': el = h('span', { text: props.title ?? props.label ?? '' }); break;
    case 'TextField': el = drawTextField(entry, node, props); break;
    case 'Toggle': el = drawToggle(entry, node, props); break;
    case 'Slider': el = drawSlider(entry, node, props); break;
    case 'Section': el = h('div', {}, drawSectionEnd(entry, node, 'header')); break;
    case 'List': el = h('div', { role: 'list', 'aria-label': `List ${node.id}` }); break;
    default: el = h('div');
  }
  el.classList.add('v', `v-${node.type}`);
  if (props.alignment) el.classList.add(`align-${props.alignment}`);
  if (props.spacing !== undefined && typeof props.spacing === 'number') el.style.gap = `${props.spacing}px`;
  el.dataset.node = node.id;
  if (state.selected?.key === keyOf(entry.connection, entry.surface) && state.selected.node === node.id) el.classList.add('selected');

  const isList = node.type === 'List';
  if (isList && 'refreshing' in node) {
    el.append(h('div', { class: `refresh-bar${node.refreshing ? ' active' : ''}`, text: node.refreshing ? 'refreshing…' : 'pull down to refresh', 'aria-live': 'polite' }));
    el.append(h('div', { class: 'list-tools' },
      h('button', { type: 'button', text: 'Pull to refresh', 'aria-label': `Pull list ${node.id} to refresh`, onclick: () => interact(entry, node.id, 'refresh') })));
    el.dataset.refreshable = 'true';
  }
  if (node.search) el.prepend(drawSearchField(entry, node));
  if (node.sheet) el.prepend(drawDetents(entry, node));
  const childrenAreRows = isList || (node.type === 'Section' && parentIsList);
  for (const child of node.children ?? []) {
    el.append(childrenAreRows ? drawRow(entry, child) : drawNode(entry, child));
  }
  if (node.type === 'Section') {
    const footer = drawSectionEnd(entry, node, 'footer');
    if (footer) el.append(footer);
  }
  applyStyles(el, node, null);
  return el;
}

/** A Text's inline Markdown (the snapshot's runs): bold, italic, struck, code and links. */
function drawMarkdown(runs) {
  return h('span', {}, ...runs.map((run) => {
    let el = run.code ? h('code', { text: run.text }) : h('span', { text: run.text });
    if (run.bold) el = h('strong', {}, el);
    if (run.italic) el = h('em', {}, el);
    if (run.strikethrough) el = h('s', {}, el);
    if (run.link) el = h('a', { href: run.link, target: '_blank', rel: 'noopener' }, el);
    return el;
  }));
}

/** A Section's header or footer: the view in that slot prop, or its text. */
function drawSectionEnd(entry, node, name) {
  const view = node.slots?.[name];
  const text = node.props?.[name];
  if (!view && typeof text !== 'string') return null;
  return h('div', { class: `section-${name}` }, view ? drawNode(entry, view) : text);
}

// A plugin's view: its evaluated body (the snapshot's `body`), drawn element by element. A
// control in it acts through `interact` with the element's path, as a person's gesture on it
// would; `Children` places the node's children and `Slot` the view in a slot prop.

/** A plugin view's node: its body, marked with the view's name. */
function drawPluginView(entry, node) {
  const el = drawElement(entry, node, node.body);
  el.classList.add('plugin-view');
  el.dataset.node = node.id;
  el.dataset.view = node.type;
  if (state.selected?.key === keyOf(entry.connection, entry.surface) && state.selected.node === node.id) el.classList.add('selected');
  applyStyles(el, node, null);
  return el;
}

/** A shape in a body: a small filled box, its corners as the shape rounds them. */
function drawShape(type, props) {
  const radius = {
    Circle: '50%', Ellipse: '50%', Capsule: '999px', RoundedRectangle: `${props.cornerRadius ?? 0}px`,
    UnevenRoundedRectangle: ['topLeadingRadius', 'topTrailingRadius', 'bottomTrailingRadius', 'bottomLeadingRadius'].map((k) => `${props[k] ?? 0}px`).join(' '),
  }[type] ?? '0';
  const el = h('span', { class: 'shape', role: 'img', 'aria-label': type });
  el.style.borderRadius = radius;
  if (type === 'Circle') el.style.width = el.style.height = '1.2em';
  return el;
}

/**
 * A child a plugin view's `Children()` places. An option of a Picker (it has a tag) is a
 * button: a tap on the child chooses it, as a tap on the device would.
 */
function drawChild(entry, child) {
  const drawn = drawNode(entry, child);
  if (child.option?.tag === undefined) return drawn;
  return h('button', {
    type: 'button', class: `option${child.option.selected ? ' selected' : ''}`, 'aria-pressed': String(child.option.selected === true),
    'aria-label': `option ${child.id}`, onclick: () => interact(entry, child.id, 'tap'),
  }, drawn);
}

/** One element of a plugin view's body, and those under it. */
function drawElement(entry, node, element) {
  const props = element.props ?? {};
  const act = (gesture, extra = {}) => interact(entry, node.id, gesture, { element: element.element, ...extra });
  const inner = () => (element.children ?? []).map((child) => drawElement(entry, node, child));
  let el;
  switch (element.type) {
    case 'Text': el = h('span', { text: props.text ?? '' }); break;
    case 'Image': el = h('span', { class: 'symbol', text: props.systemName ?? props.name ?? 'image' }); break;
    case 'Label': el = h('span', {}, h('span', { class: 'symbol', text: props.systemImage ?? '' }), ' ', props.title ?? ''); break;
    case 'Spacer': el = h('span', { class: 'spacer' }); break;
    case 'Button':
      el = h('button', { type: 'button', class: 'body-button', 'aria-label': `${node.type} ${node.id} button ${element.element}`, onclick: () => act('tap') }, ...inner());
      break;
    case 'Toggle':
      el = h('button', {
        type: 'button', role: 'switch', class: `toggle${props.isOn ? ' on' : ''}`, 'aria-checked': String(props.isOn === true),
        'aria-label': `${node.type} ${node.id} toggle ${element.element}`, onclick: () => act('tap'),
      }, ...inner(), h('span', { class: 'switch', 'aria-hidden': 'true' }));
      break;
    case 'TextField': {
      el = h('input', {
        type: 'text', class: 'text-field', placeholder: props.placeholder ?? '', 'aria-label': `${node.type} ${node.id} field ${element.element}`,
        onchange: (event) => act('type', { text: event.target.value, replace: true }),
        onkeydown: (event) => { if (event.key === 'Enter') act('submit'); },
      });
      el.value = props.text ?? '';
      break;
    }
    case 'SecureField': {
      // The host shows a bullet per character, never the text; a change is typed (replacing it).
      el = h('input', {
        type: 'password', class: 'text-field', placeholder: props.placeholder ?? '', 'aria-label': `${node.type} ${node.id} secure field ${element.element}`,
        onchange: (event) => interact(entry, node.id, 'type', { element: element.element, text: event.target.value, replace: true }, { secret: ['text'] }),
        onkeydown: (event) => { if (event.key === 'Enter') act('submit'); },
      });
      el.value = props.text ?? '';
      el.dataset.shown = props.text ?? '';
      break;
    }
    case 'Slider': {
      el = h('input', {
        type: 'range', class: 'slider', min: props.min ?? 0, max: props.max ?? 1, step: props.step ?? 'any',
        'aria-label': `${node.type} ${node.id} slider ${element.element}`, onchange: (event) => act('slide', { value: Number(event.target.value) }),
      });
      el.value = String(props.value ?? 0);
      break;
    }
    case 'Rectangle': case 'RoundedRectangle': case 'Circle': case 'Ellipse': case 'Capsule': case 'UnevenRoundedRectangle': case 'ConcentricRectangle':
      el = drawShape(element.type, props);
      break;
    case 'Picker': el = h('div', { role: 'radiogroup', 'aria-label': props.title || `Picker ${node.id}` }, props.title ? h('span', { text: `${props.title} ` }) : null, ...inner()); break;
    case 'Children': el = h('div', {}, ...(node.children ?? []).map((child) => drawChild(entry, child))); break;
    case 'Slot': el = h('div', {}, node.slots?.[props.name] ? drawNode(entry, node.slots[props.name]) : null); break;
    default: el = h('div', {}, ...inner());
  }
  // A Picker's options are taken with a tap.
  if ('tag' in props) {
    el = h('button', { type: 'button', class: `option${props.selected ? ' selected' : ''}`, 'aria-pressed': String(props.selected === true), onclick: () => act('tap') }, el);
  }
  el.classList.add('v', `v-${element.type}`);
  if (props.alignment) el.classList.add(`align-${props.alignment}`);
  if (typeof props.spacing === 'number') el.style.gap = `${props.spacing}px`;
  if (element.disabled) el.setAttribute('aria-disabled', 'true');
  if (element.hidden) el.hidden = true;
  el.dataset.element = element.element;
  return el;
}

// The controls draw what the host shows (the node's `value`: a gesture changes it before the
// front-end's next update does), and act through the gestures a person would make.

/** A TextField: its shown text, editable; a change is typed (replacing the text), Enter submits. */
function drawTextField(entry, node, props) {
  const shown = typeof node.value === 'string' ? node.value : (props.defaultValue ?? props.text ?? '');
  let sent = shown;
  const send = async (text) => {
    if (text === sent) return;
    sent = text;
    await interact(entry, node.id, 'type', { text, replace: true });
  };
  const input = h('input', {
    type: 'text', class: 'text-field', value: shown, 'data-shown': shown, placeholder: props.placeholder ?? 'text field',
    'aria-label': `TextField ${node.id}`,
    onchange: (event) => send(event.target.value),
    onkeydown: async (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      await send(event.target.value);
      interact(entry, node.id, 'submit');
    },
  });
  return h('span', {}, input);
}

/** A node's search field (`searchable`): its text as the host shows it; a change is typed. */
function drawSearchField(entry, node) {
  const { text, prompt } = node.search;
  return h('input', {
    type: 'search', class: 'search-field', value: text, 'data-shown': text, placeholder: prompt ?? 'Search',
    'aria-label': `Search ${node.id}`,
    onchange: (event) => { if (event.target.value !== text) interact(entry, node.id, 'type', { text: event.target.value, replace: true }); },
  });
}

/** What a detent is called on its button: `medium`, `large`, `25%`, `200 pt`. */
function detentName(detent) {
  if (typeof detent === 'string') return detent;
  return 'fraction' in detent ? `${Math.round(detent.fraction * 100)}%` : `${detent.height} pt`;
}

/** A sheet's detents (`presentationDetents`), the one it is at pressed; a click drags it there. */
function drawDetents(entry, node) {
  const at = JSON.stringify(node.sheet.selection);
  return h('div', { class: 'detents', role: 'group', 'aria-label': `Sheet detents of ${node.id}` },
    ...node.sheet.detents.map((detent) => h('button', {
      type: 'button', text: detentName(detent), 'aria-pressed': String(JSON.stringify(detent) === at),
      onclick: () => interact(entry, node.id, 'detent', { detent }),
    })));
}

/** A Toggle: on or off as the host shows it; a click taps it (the host flips it). */
function drawToggle(entry, node, props) {
  const on = typeof node.value === 'boolean' ? node.value : props.isOn === true;
  return h('span', {},
    h('button', {
      type: 'button', role: 'switch', class: `toggle${on ? ' on' : ''}`, 'aria-checked': String(on),
      'aria-label': `${props.label ?? 'Toggle'} (${node.id})`, onclick: () => interact(entry, node.id, 'tap'),
    }, h('span', { class: 'toggle-label', text: props.label ?? '' }), h('span', { class: 'switch', 'aria-hidden': 'true' })));
}

/** A Slider: its shown value within min…max; letting go of it slides it there. */
function drawSlider(entry, node, props) {
  const min = typeof props.min === 'number' ? props.min : 0;
  const max = typeof props.max === 'number' ? Math.max(props.max, min) : Math.max(1, min);
  const raw = typeof node.value === 'number' ? node.value : (typeof props.value === 'number' ? props.value : min);
  const value = Math.min(max, Math.max(min, raw));
  const input = h('input', {
    type: 'range', class: 'slider', min, max, step: typeof props.step === 'number' && props.step > 0 ? props.step : 'any',
    'aria-label': `Slider ${node.id}`, 'aria-valuetext': String(value),
    onchange: (event) => interact(entry, node.id, 'slide', { value: Number(event.target.value) }),
  });
  input.value = String(value);
  // Its label above, and the views at its two ends beside it (slot props).
  const slot = (name) => (node.slots?.[name] ? h('span', { class: `slider-${name}` }, drawNode(entry, node.slots[name])) : null);
  const label = slot('label');
  const track = h('span', {}, slot('minimumValueLabel'), input, slot('maximumValueLabel'), h('span', { class: 'slider-value', text: String(value) }));
  return label ? h('span', { class: 'labelled-slider' }, label, track) : track;
}

/** A List row: its content, its swipe actions (shown when revealed) and buttons for keyboards. */
function drawRow(entry, node) {
  if (node.type === 'Section') return drawNode(entry, node, true);
  const swipe = node.swipeActions;
  const row = h('div', { class: 'row', role: 'listitem', 'data-row': node.id, 'aria-label': `row ${node.id}` });
  const content = drawNode(entry, node);
  content.classList.add('row-content');
  const actionsOf = (edge) => h('div', { class: `actions actions-${edge}`, role: 'group', 'aria-label': `${edge} swipe actions of ${node.id}` },
    (swipe?.[edge] ?? []).map((action) => {
      const button = h('button', {
        type: 'button', class: `action${action.role === 'destructive' ? ' destructive' : ''}`,
        'data-action': action.id,
        'aria-label': `${action.label ?? action.id}${action.systemImage ? ` (${action.systemImage})` : ''}${action.role ? `, ${action.role}` : ''}`,
        onclick: () => interact(entry, node.id, 'tapAction', { id: action.id }),
      }, h('span', { class: 'icon', text: action.systemImage ? `${action.systemImage}${action.symbolVariant ? `.${action.symbolVariant}` : ''}` : '' }),
      h('span', { text: action.label ?? action.id }));
      if (action.tint) button.style.backgroundColor = css(action.tint);
      return button;
    }));
  if (swipe?.revealed === 'leading') row.append(actionsOf('leading'));
  row.append(content);
  if (swipe?.revealed === 'trailing') row.append(actionsOf('trailing'));
  if (swipe) {
    // A static view's hint that the row has swipe actions: a bar on each edge that has some,
    // in the colour of the action nearest that edge.
    for (const edge of ['leading', 'trailing']) {
      const actions = swipe[edge] ?? [];
      if (!actions.length) continue;
      const first = actions[0];
      const marker = h('span', { class: `swipe-marker swipe-marker-${edge}`, 'aria-hidden': 'true', title: `${edge} swipe actions: ${actions.map((a) => a.label ?? a.id).join(', ')}` });
      if (first.tint) marker.style.backgroundColor = css(first.tint);
      else if (first.role === 'destructive') marker.classList.add('destructive');
      content.append(marker);
    }
    // Inside the content, not over the whole row: a revealed action is never under them.
    const tools = h('div', { class: 'row-tools' });
    if (swipe.leading.length) tools.append(h('button', { type: 'button', text: '⇢ leading', 'aria-label': `Swipe ${node.id} from the leading edge`, onclick: () => interact(entry, node.id, 'swipe', { edge: 'leading' }) }));
    if (swipe.trailing.length) tools.append(h('button', { type: 'button', text: 'trailing ⇠', 'aria-label': `Swipe ${node.id} from the trailing edge`, onclick: () => interact(entry, node.id, 'swipe', { edge: 'trailing' }) }));
    content.append(tools);
  }
  for (const style of node.styles ?? []) if (style.$style === 'listRowBackground') row.style.backgroundColor = css(style.color);
  return row;
}

// MARK: - pointer gestures on a drawn surface

const LONG_PRESS_MS = 500;
const SWIPE_PX = 40;
const PULL_PX = 60;

/** Drag sideways on a row: swipe; drag down on a refreshable List: refresh; click: tap; hold: long press. */
function attachGestures(device, entry) {
  let start = null;
  device.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || event.target.closest('button, input')) return;
    const target = event.target.closest('[data-node]');
    if (!target) return;
    start = { x: event.clientX, y: event.clientY, time: performance.now(), target, row: event.target.closest('.row'), list: event.target.closest('[data-refreshable]'), moved: false };
    device.setPointerCapture(event.pointerId);
    if (start.row) start.row.classList.add('dragging');
  });
  device.addEventListener('pointermove', (event) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) > 4 || Math.abs(dy) > 4) start.moved = true;
    const content = start.row?.querySelector(':scope > .row-content');
    if (content && Math.abs(dx) > Math.abs(dy)) content.style.transform = `translateX(${Math.max(-160, Math.min(160, dx))}px)`;
  });
  const finish = (event, cancelled) => {
    if (!start) return;
    const s = start;
    start = null;
    s.row?.classList.remove('dragging');
    const content = s.row?.querySelector(':scope > .row-content');
    if (content) content.style.transform = '';
    if (cancelled) return;
    const dx = event.clientX - s.x;
    const dy = event.clientY - s.y;
    const held = performance.now() - s.time;
    if (s.row && Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      // Dragging the content to the left uncovers the trailing edge, as on a phone.
      interact(entry, s.row.dataset.row, 'swipe', { edge: dx < 0 ? 'trailing' : 'leading' });
    } else if (s.list && dy >= PULL_PX && Math.abs(dy) > Math.abs(dx)) {
      interact(entry, s.list.dataset.node, 'refresh');
    } else if (!s.moved) {
      select(entry, s.target.dataset.node);
      if (held >= LONG_PRESS_MS) interact(entry, s.target.dataset.node, 'longPress', { duration: Math.round(held) / 1000 });
      else interact(entry, s.target.dataset.node, 'tap');
    }
  };
  device.addEventListener('pointerup', (event) => finish(event, false));
  device.addEventListener('pointercancel', (event) => finish(event, true));
}

function select(entry, nodeID) {
  state.selected = { key: keyOf(entry.connection, entry.surface), node: nodeID };
  openTreeNodes.add(`${state.selected.key}/${nodeID}`);
  drawSurfaces();
  drawTree();
}

function drawSurfaces() {
  const container = $('#connections');
  const focused = document.activeElement?.getAttribute('aria-label');
  container.replaceChildren();
  const byConnection = new Map();
  for (const entry of state.surfaces.values()) {
    if (!byConnection.has(entry.connection.id)) byConnection.set(entry.connection.id, []);
    byConnection.get(entry.connection.id).push(entry);
  }
  if (byConnection.size === 0) {
    container.append(h('p', { class: 'empty', text: 'No surfaces yet: no front-end has mounted one.' }));
    return;
  }
  for (const [id, entries] of [...byConnection].sort((a, b) => a[0] - b[0])) {
    const connection = state.connections.get(id) ?? entries[0].connection;
    const group = h('section', { class: 'connection', 'aria-label': `connection ${connectionName(connection)}` },
      h('h3', { text: `Connection ${connectionName(connection)}` }));
    const rowEl = h('div', { class: 'surfaces-row' });
    for (const entry of entries.sort((a, b) => a.surface.localeCompare(b.surface))) {
      const device = h('div', { class: 'device' }, drawNode(entry, entry.root));
      attachGestures(device, entry);
      rowEl.append(h('article', { class: 'surface', 'data-surface': entry.surface, 'data-connection': entry.connection.id, 'aria-label': `surface ${entry.surface}` },
        h('h4', { text: `surface ${entry.surface}` }), device));
    }
    group.append(rowEl);
    container.append(group);
  }
  // A redraw must not throw the keyboard user's place away.
  if (focused) container.querySelector(`[aria-label="${CSS.escape(focused)}"]`)?.focus();
}

// MARK: - node tree panel

function drawTree() {
  const tree = $('#tree');
  tree.replaceChildren();
  if (state.surfaces.size === 0) {
    tree.append(h('p', { class: 'empty', text: 'No surfaces.' }));
    return;
  }
  for (const entry of state.surfaces.values()) {
    const key = keyOf(entry.connection, entry.surface);
    const top = h('details', { class: 'tree', open: openTreeNodes.has(key) || state.selected?.key === key },
      h('summary', { text: `${connectionName(entry.connection)} / ${entry.surface}` }), treeNode(entry, entry.root, key));
    top.addEventListener('toggle', () => (top.open ? openTreeNodes.add(key) : openTreeNodes.delete(key)));
    tree.append(top);
  }
}

function isOnPath(node, id) {
  if (node.id === id) return true;
  return [...(node.children ?? []), ...Object.values(node.slots ?? {})].some((child) => isOnPath(child, id));
}

function treeNode(entry, node, surfaceKey) {
  const key = `${surfaceKey}/${node.id}`;
  const selected = state.selected?.key === surfaceKey && state.selected.node === node.id;
  const open = openTreeNodes.has(key) || (state.selected?.key === surfaceKey && isOnPath(node, state.selected.node));
  const details = h('details', { open, 'data-tree-node': node.id },
    h('summary', { text: `${node.type} ${node.key ? `key=${node.key}` : `id=${node.id}`}${node.modifiers ? ` · ${node.modifiers.map((m) => m.$type).join(', ')}` : ''}`, class: selected ? 'selected' : undefined }));
  details.addEventListener('toggle', () => (details.open ? openTreeNodes.add(key) : openTreeNodes.delete(key)));
  const info = {};
  if (node.props) info.params = node.props;
  if (node.modifiers) info.modifiers = node.modifiers;
  for (const name of ['events', 'value', 'tint', 'styles', 'handlers', 'disabled', 'hidden', 'refreshing', 'search', 'sheet', 'swipeActions', 'symbol', 'quarantined', 'body']) if (name in node) info[name] = node[name];
  details.append(h('pre', { text: JSON.stringify(info, null, 1), 'aria-label': `params and modifiers of ${nodeLabel(node)}` }));
  const actions = h('div', { class: 'tree-actions', role: 'group', 'aria-label': `gestures on ${nodeLabel(node)}` },
    h('button', { type: 'button', text: 'Tap', onclick: () => interact(entry, node.id, 'tap') }),
    h('button', { type: 'button', text: 'Long press', onclick: () => interact(entry, node.id, 'longPress', { duration: 1 }) }));
  if (node.swipeActions) {
    actions.append(
      h('button', { type: 'button', text: 'Swipe leading', onclick: () => interact(entry, node.id, 'swipe', { edge: 'leading' }) }),
      h('button', { type: 'button', text: 'Swipe trailing', onclick: () => interact(entry, node.id, 'swipe', { edge: 'trailing' }) }));
  }
  if (node.type === 'List' || node.type === 'ScrollView') actions.append(h('button', { type: 'button', text: 'Refresh', onclick: () => interact(entry, node.id, 'refresh') }));
  details.append(actions);
  for (const child of node.children ?? []) details.append(treeNode(entry, child, surfaceKey));
  for (const slot of Object.values(node.slots ?? {})) details.append(treeNode(entry, slot, surfaceKey));
  return details;
}

// MARK: - log and plugins panels

function logFields(entry) {
  const p = entry.params ?? {};
  switch (entry.kind) {
    // A view's own event has `view` in place of `modifier`.
    case 'event': return { surface: p.surface, node: p.node, modifier: p.modifier ?? p.view, text: JSON.stringify(p.payload) };
    case 'diagnostic': return { surface: p.surface, node: p.node, modifier: p.modifier, text: `${p.severity} ${p.code}: ${p.message}` };
    case 'moduleEvent': return { text: `${p.module}.${p.event} ${JSON.stringify(p.payload ?? null)}` };
    case 'pluginsChanged': return { text: JSON.stringify(p) };
    // The engine ended and a new one serves every connection on, surfaces rebuilt.
    case 'engineRestarted': {
      const blamed = p.plugin ? `: plugin ${p.plugin}${p.call ? `, ${p.call}${p.detail ? ` for '${p.detail}'` : ''}` : ''}` : '';
      return { text: `engine restarted (${p.reason}${blamed}): ${p.message}` };
    }
    case 'interact': {
      const { answer, connection, surface, node, ...rest } = p;
      return { surface, node, text: `${JSON.stringify(rest)} → ${JSON.stringify(answer?.result ?? answer?.error)}` };
    }
    default: return { text: JSON.stringify(p) };
  }
}

function logMatches(entry) {
  const kind = $('#log-kind').value;
  const text = $('#log-text').value.trim().toLowerCase();
  if (kind && entry.kind !== kind) return false;
  if (text && !JSON.stringify(entry).toLowerCase().includes(text)) return false;
  return true;
}

function logRow(entry) {
  const f = logFields(entry);
  return h('tr', { class: `k-${entry.kind}` },
    h('td', { text: entry.time.slice(11, 23) }), h('td', { text: entry.kind }),
    h('td', { text: entry.connection ? connectionName(entry.connection) : '' }),
    h('td', { text: f.surface ?? '' }), h('td', { text: f.node ?? '' }),
    h('td', { text: f.modifier ?? '' }), h('td', { class: 'payload', text: f.text ?? '' }));
}

// Every connection hears, at its handshake (and on a reload), of each plugin that failed or
// is quarantined: with three such plugins that is three long lines per connection. A run of
// them is one line per connection, with their count, that opens to show each.
const PLUGIN_STATUS_CODES = new Set(['plugin-load-failed', 'plugin-crashed']);
const isPluginStatus = (entry) => entry.kind === 'diagnostic' && PLUGIN_STATUS_CODES.has(entry.params?.code) && !entry.params?.surface;
/** The groups of the current run of such diagnostics, by connection id. */
let logGroups = new Map();
/** The ids of the groups opened by the user (a group's id is its first entry's). */
const openLogGroups = new Set();

function groupRow(group) {
  const toggle = h('button', { type: 'button', 'aria-expanded': String(group.open), onclick: () => {
    group.open = !group.open;
    if (group.open) openLogGroups.add(group.id); else openLogGroups.delete(group.id);
    for (const row of group.rows) row.hidden = !group.open;
    labelGroup(group);
  } });
  group.toggle = toggle;
  group.text = h('span');
  return h('tr', { class: 'k-diagnostic log-group' },
    h('td', { text: group.first.time.slice(11, 23) }), h('td', { text: 'diagnostic' }),
    h('td', { text: group.first.connection ? connectionName(group.first.connection) : '' }),
    h('td'), h('td'), h('td'), h('td', { class: 'payload' }, toggle, ' ', group.text));
}

function labelGroup(group) {
  const counts = new Map();
  for (const entry of group.entries) counts.set(entry.params.code, (counts.get(entry.params.code) ?? 0) + 1);
  group.toggle.textContent = group.open ? '▾ hide' : '▸ show';
  group.toggle.setAttribute('aria-expanded', String(group.open));
  group.toggle.setAttribute('aria-label', `${group.open ? 'Hide' : 'Show'} the ${group.entries.length} plugin diagnostics of ${group.first.connection ? connectionName(group.first.connection) : 'the host'}`);
  group.text.textContent = `${group.entries.length} plugin diagnostic${group.entries.length === 1 ? '' : 's'} (sent at each handshake and reload): ${[...counts].map(([code, n]) => `${code} ×${n}`).join(', ')}`;
}

/** Puts one entry's row in the table body, in its group when it is a plugin-status diagnostic. */
function placeLogRow(body, entry) {
  if (!isPluginStatus(entry)) {
    logGroups = new Map();
    body.append(logRow(entry));
    return;
  }
  const id = entry.connection?.id ?? 'host';
  let group = logGroups.get(id);
  if (!group || !group.head.isConnected) {
    group = { id: String(entry.id), first: entry, entries: [], rows: [], open: openLogGroups.has(String(entry.id)) };
    group.head = groupRow(group);
    body.append(group.head);
    logGroups.set(id, group);
  }
  const row = logRow(entry);
  row.classList.add('grouped');
  row.hidden = !group.open;
  (group.rows.at(-1) ?? group.head).after(row);
  group.entries.push(entry);
  group.rows.push(row);
  labelGroup(group);
}

function appendLogRow(entry) {
  if (!logMatches(entry)) return;
  const body = $('#log tbody');
  placeLogRow(body, entry);
  while (body.rows.length > 1000) body.deleteRow(0);
  const wrap = $('.log-wrap');
  wrap.scrollTop = wrap.scrollHeight;
}

function drawLog() {
  const body = $('#log tbody');
  body.replaceChildren();
  logGroups = new Map();
  for (const entry of state.log.filter(logMatches)) placeLogRow(body, entry);
}

/** A plugin's status and error, the status said once (a quarantined one's error starts with it). */
function statusText(plugin) {
  if (!plugin.error) return plugin.status;
  return plugin.error.startsWith(`${plugin.status}:`) || plugin.error.startsWith(`${plugin.status} `) ? plugin.error : `${plugin.status}: ${plugin.error}`;
}

function drawPlugins() {
  $('#plugins tbody').replaceChildren(...state.plugins.map((plugin) => h('tr', {},
    h('th', { scope: 'row', text: plugin.name ?? plugin.path }),
    h('td', { class: `status-${plugin.status}`, text: statusText(plugin) }),
    h('td', { text: (plugin.types ?? []).join(', ') }),
    h('td', { text: (plugin.modules ?? []).join(', ') }))));
}

$('#log-kind').addEventListener('change', drawLog);
$('#log-text').addEventListener('input', drawLog);
$('#log-filter').addEventListener('submit', (event) => event.preventDefault());
$('#log-clear').addEventListener('click', () => { state.log = []; drawLog(); });
const first = initialState();
if (first) {
  applyState(first);
  setStatus('as served; connecting for live updates…');
}
listen();
