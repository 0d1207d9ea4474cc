// SDK 58 components the bundled ExpoUI plugin serves as plugin views (Form, LabeledContent,
// Gauge, DisclosureGroup, ...), imported from @expo/ui/swift-ui and used as Expo's docs use
// them, against a real modhostd: what the snapshot shows and what a tap does.
import test from 'node:test';
import assert from 'node:assert/strict';
import { connect } from '../../js/src/index.js';
import { bold, foregroundStyle, pickerStyle, tag, onTapGesture, tint, presentationDetents } from '../swift-ui/modifiers/index.js';
import { withDaemon } from '../../js/test-support/daemon.js';
import { render, React } from '../../react/src/index.js';
import {
  Host, Form, Section, Text, Toggle, LabeledContent, Divider, Gauge, ProgressView, DisclosureGroup, ContentUnavailableView, Switch,
  Button, Label, Image, Slider, Picker, Circle, RoundedRectangle, Capsule, CircularProgress, HStack, SecureField, SwipeActions, List,
  Alert, ConfirmationDialog, Menu, Group, VStack, Popover, ControlGroup, ContextMenu,
  LazyVStack, Grid, Overlay, Namespace, Link, GlassEffectContainer, Background, Mask, BottomSheet, TabView,
} from '../swift-ui/index.js';

const h = React.createElement;
const TEST_TIMEOUT_MS = 120_000;

function find(node, id) {
  if (node.id === id) return node;
  for (const child of [...(node.children ?? []), ...Object.values(node.slots ?? {})]) {
    const found = find(child, id);
    if (found) return found;
  }
  return undefined;
}

async function session() {
  const env = await withDaemon();
  const connection = await connect({ socket: env.socket, reconnect: false, clientName: 'expo-ui-components-test' });
  const diagnostics = [];
  connection.on('diagnostic', (d) => diagnostics.push(d));
  return { connection, diagnostics, async done() { await connection.close(); await env.cleanup(); } };
}

test('a settings Form: sections, labeled content, a gauge with a label slot, a divider, progress', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    function Settings() {
      const [wifi, setWifi] = React.useState(false);
      return h(Host, { name: 'settings' }, h(Form, null,
        h(Section, { title: 'Network' },
          h(Toggle, { key: 'wifi', isOn: wifi, label: 'Wi-Fi', systemImage: 'wifi', onIsOnChange: setWifi }),
          h(LabeledContent, { key: 'ssid', label: 'Network' }, h(Text, null, wifi ? 'Home' : 'None'))),
        h(Divider, { key: 'rule' }),
        h(Section, { title: 'Storage' },
          h(Gauge, { key: 'disk', value: 0.42, currentValueLabel: h(Text, null, '42%') }, h(Text, null, 'Disk')),
          h(ProgressView, { key: 'sync', value: 0.5 }))));
    }
    const root = await render(h(Settings), s.connection);
    const surface = root.surface('settings');
    let { root: form } = await surface.snapshot();
    assert.equal(form.type, 'Form');
    assert.equal(form.body.type, 'List', 'a Form is its children in a grouped list');
    assert.equal(find(form, 'ssid').body.children[0].props.text, 'Network');
    assert.equal(find(form, 'ssid').children[0].props.text, 'None');
    const disk = find(form, 'disk');
    assert.deepEqual(disk.props, { value: 0.42 });
    assert.equal(disk.slots.currentValueLabel.props.text, '42%', 'the element given as a prop is the slot\'s node');
    assert.deepEqual(find(form, 'sync').props, { value: 0.5 });
    assert.equal(find(form, 'rule').type, 'Divider');
    // SDK 58's Toggle inside the Form: the tap reaches React's state, which the Form shows.
    await surface.tap('wifi');
    await root.settled();
    ({ root: form } = await surface.snapshot());
    assert.equal(find(form, 'ssid').children[0].props.text, 'Home');
    assert.deepEqual(s.diagnostics, []);
    await root.unmount();
  } finally { await s.done(); }
});

test('views as props of the host\'s views: a Section\'s header and footer, a Slider\'s labels, a Label\'s icon; a Toggle\'s title views', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    function Sound() {
      const [volume, setVolume] = React.useState(0.5);
      const [muted, setMuted] = React.useState(false);
      const [mono, setMono] = React.useState(false);
      return h(Host, { name: 'sound' }, h(Form, null,
        h(Section, {
          header: h(Button, { key: 'mute', label: muted ? 'Unmute' : 'Mute', onPress: () => setMuted(!muted) }),
          footer: h(Text, { key: 'level' }, muted ? 'Muted' : `Volume ${volume}`),
        },
        h(Slider, {
          key: 'volume', value: volume, min: 0, max: 1, onValueChange: setVolume,
          label: h(Text, null, 'Volume'),
          minimumValueLabel: h(Image, { systemName: 'speaker' }),
          maximumValueLabel: h(Image, { systemName: 'speaker.wave.3' }),
        }),
        h(Label, { key: 'out', icon: h(Image, { systemName: 'hifispeaker' }) }, 'Living room'),
        // SDK 58: an Image with onPress takes taps.
        h(Image, { key: 'loudest', systemName: 'speaker.wave.3', variableValue: volume, onPress: () => setVolume(1) }),
        // SDK 58: a Toggle's children are its title and subtitle.
        h(Toggle, { key: 'mono', isOn: mono, onIsOnChange: setMono }, h(Text, null, 'Mono'), h(Text, { key: 'hint' }, mono ? 'One channel' : 'Stereo'))),
        h(Section, { key: 'plain', header: 'Plain text header' })));
    }
    const root = await render(h(Sound), s.connection);
    const surface = root.surface('sound');
    let { root: form } = await surface.snapshot();
    const [sound, plain] = form.children;
    assert.equal(sound.slots.header.id, 'mute');
    assert.equal(sound.slots.footer.children?.length ?? 0, 0);
    assert.equal(sound.slots.footer.props.text, 'Volume 0.5');
    const volume = find(form, 'volume');
    assert.deepEqual(Object.keys(volume.slots), ['label', 'minimumValueLabel', 'maximumValueLabel']);
    assert.equal(volume.slots.label.props.text, 'Volume');
    assert.equal(volume.slots.maximumValueLabel.props.systemName, 'speaker.wave.3');
    const out = find(form, 'out');
    assert.deepEqual(out.props, { title: 'Living room' }, 'the text children are still the title beside an icon');
    assert.equal(out.slots.icon.props.systemName, 'hifispeaker');
    assert.deepEqual(plain.props, { header: 'Plain text header' });
    // The header's button and the slider are as live as any other view.
    assert.equal((await surface.tap('loudest')).handled, true);
    await root.settled();
    assert.equal(find((await surface.snapshot()).root, 'volume').value, 1, 'the Image\'s onPress ran');
    assert.equal(find((await surface.snapshot()).root, 'loudest').props.variableValue, 1);
    await surface.tap('hint');
    await surface.tap('mute');
    await surface.slide('volume', 0.25);
    await root.settled();
    ({ root: form } = await surface.snapshot());
    assert.equal(form.children[0].slots.header.props.label, 'Unmute');
    assert.equal(form.children[0].slots.footer.props.text, 'Muted');
    const mono = find(form, 'mono');
    assert.equal(mono.value, true, 'a tap on its subtitle flipped it');
    assert.equal(find(form, 'hint').props.text, 'One channel');
    assert.deepEqual(s.diagnostics, []);
    await root.unmount();
  } finally { await s.done(); }
});

test('a slot filled or emptied keeps the view\'s children: same nodes, same React state', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    function Row({ label }) {
      const [taps, setTaps] = React.useState(0);
      return h(Button, { label: `${label} ${taps}`, onPress: () => setTaps(taps + 1) });
    }
    function Screen() {
      const [footer, setFooter] = React.useState(false);
      return h(Host, { name: 'rows' }, h(Form, null,
        h(Section, { key: 's', header: h(Button, { key: 'flip', label: 'Footer', onPress: () => setFooter(!footer) }), footer: footer ? h(Text, null, 'Shown') : undefined },
          h(Row, { label: 'a' }), h(Row, { label: 'b' }))));
    }
    const root = await render(h(Screen), s.connection);
    const surface = root.surface('rows');
    const section = async () => find((await surface.snapshot()).root, 's');
    const before = (await section()).children.map((row) => row.id);
    await surface.tap(before[1]);
    await root.settled();
    assert.equal((await section()).children[1].props.label, 'b 1');
    for (const shown of [true, false]) {
      await surface.tap('flip');
      await root.settled();
      const now = await section();
      assert.equal(now.slots?.footer !== undefined, shown);
      assert.deepEqual(now.children.map((row) => row.id), before, 'the rows are the same nodes');
      assert.equal(now.children[1].props.label, 'b 1', 'and keep their state');
    }
    assert.deepEqual(s.diagnostics, []);
    await root.unmount();
  } finally { await s.done(); }
});

test('a DisclosureGroup asks to open through onIsExpandedChange with the new value; controlled by isExpanded', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const asked = [];
    function Details() {
      const [open, setOpen] = React.useState(false);
      return h(Host, { name: 'details' }, h(DisclosureGroup, {
        key: 'more', label: 'More', isExpanded: open, onIsExpandedChange: (value) => { asked.push(value); setOpen(value); },
      }, h(Text, { key: 'inside' }, 'Inside')));
    }
    const root = await render(h(Details), s.connection);
    const surface = root.surface('details');
    let { root: group } = await surface.snapshot();
    assert.equal(group.body.children.length, 1, 'closed: only the label');
    // The label is the body's Button, at element 0/0.
    const tapped = await surface.interact('more', { gesture: 'tap', element: '0/0' });
    assert.equal(tapped.handled, true);
    await root.settled();
    assert.deepEqual(asked, [true], 'the function gets the value, as Expo UI calls it');
    ({ root: group } = await surface.snapshot());
    assert.deepEqual(group.props, { label: 'More', isExpanded: true });
    assert.equal(group.body.children[1].type, 'Children', 'open: the children are placed');
    await root.unmount();
  } finally { await s.done(); }
});

test('ContentUnavailableView shows its symbol and text; the older Switch is a Toggle', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const flipped = [];
    // A Host without a name, as Expo screens write it: the root's only surface.
    const root = await render(h(Host, null, h(Form, null,
      h(ContentUnavailableView, { key: 'none', title: 'No mail', systemImage: 'tray', description: 'Pull to refresh' }),
      h(Switch, { key: 'old', value: true, label: 'Old', onValueChange: (value) => flipped.push(value) }))), s.connection);
    const surface = root.surface();
    const { root: form } = await surface.snapshot();
    const none = find(form, 'none');
    assert.deepEqual(none.body.children.map((c) => [c.type, c.props]),
      [['Label', { title: 'No mail', systemImage: 'tray' }], ['Text', { text: 'Pull to refresh' }]]);
    assert.equal(find(form, 'old').body.type, 'Toggle');
    await surface.tap('old');
    await root.settled();
    assert.deepEqual(flipped, [false]);
    await root.unmount();
  } finally { await s.done(); }
});

test('nested Text: each segment keeps its own modifiers, as Expo UI styles a part of a line', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const root = await render(h(Host, null,
      h(Text, { key: 'line' }, 'Total: ', h(Text, { modifiers: [bold(), foregroundStyle('red')] }, '42'), ' items')), s.connection);
    const { root: line } = await root.surface().snapshot();
    assert.equal(line.type, 'Text');
    assert.deepEqual(line.children.map((segment) => segment.props.text), ['Total: ', '42', ' items']);
    assert.deepEqual(line.children[1].styles, [{ $style: 'bold' }, { $style: 'foregroundStyle', color: '#FF0000FF' }]);
    assert.equal(line.children[0].styles, undefined, 'the other segments are plain');
    assert.deepEqual(s.diagnostics, []);
    await root.unmount();
  } finally { await s.done(); }
});

test('a Picker chooses among its tagged children: the docs\' segmented picker, and a label given as an element', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const chosen = [];
    const options = ['Small', 'Medium', 'Large'];
    function Sizes() {
      const [selected, setSelected] = React.useState(0);
      return h(Host, null, h(Form, null,
        h(Picker, {
          key: 'size', label: 'Size', selection: selected, modifiers: [pickerStyle('segmented')],
          onSelectionChange: (value) => { chosen.push(value); setSelected(value); },
        }, options.map((option, index) => h(Text, { key: option, modifiers: [tag(index)] }, option))),
        h(Picker, { key: 'flavor', label: h(Label, { title: 'Flavor', systemImage: 'cup.and.saucer' }) },
          h(Text, { key: 'vanilla', modifiers: [tag('vanilla')] }, 'Vanilla'),
          h(Text, { key: 'mint', modifiers: [tag('mint')] }, 'Mint'))));
    }
    const root = await render(h(Sizes), s.connection);
    const surface = root.surface();
    let { root: form } = await surface.snapshot();
    let size = find(form, 'size');
    assert.deepEqual(size.body.props, { title: 'Size', selection: 0 });
    assert.equal(size.body.children[0].type, 'Children', 'the options are the node\'s children');
    assert.deepEqual(size.children.map((option) => option.props.text), options);
    assert.deepEqual(size.children.map((option) => option.option), [{ tag: 0, selected: true }, { tag: 1, selected: false }, { tag: 2, selected: false }]);

    const answer = await surface.tap('Large');
    assert.deepEqual([answer.handled, answer.node, answer.option, answer.value], [true, 'size', 'Large', 2]);
    await root.settled();
    assert.deepEqual(chosen, [2], 'the function gets the chosen tag, as Expo UI calls it');
    ({ root: form } = await surface.snapshot());
    assert.equal(find(form, 'size').body.props.selection, 2, 'the new selection went back through the props');

    // Uncontrolled, with a label element: the label is the slot's node, the Picker keeps the choice.
    let flavor = find(form, 'flavor');
    assert.equal(flavor.slots.label.type, 'Label');
    assert.equal(flavor.body.props?.selection, undefined);
    await surface.tap('mint');
    ({ root: form } = await surface.snapshot());
    flavor = find(form, 'flavor');
    assert.equal(flavor.body.children[1].props.selection, 'mint');
    assert.deepEqual(s.diagnostics, []);
    await root.unmount();
  } finally { await s.done(); }
});

test('shapes are views: a tap gesture on a Circle is taken; the older CircularProgress warns once, naming ProgressView', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    let taps = 0;
    const root = await render(h(Host, null, h(HStack, null,
      h(Circle, { key: 'dot', modifiers: [onTapGesture(() => { taps += 1; })] }),
      h(RoundedRectangle, { key: 'card', cornerRadius: 12 }),
      h(Capsule, { key: 'pill', cornerStyle: 'continuous' }),
      h(CircularProgress, { key: 'old', progress: 0.25 }),
      h(CircularProgress, { key: 'older', progress: 0.5 }))), s.connection);
    const surface = root.surface();
    const { root: stack } = await surface.snapshot();
    assert.deepEqual(find(stack, 'card').body, { type: 'RoundedRectangle', element: '0', props: { cornerRadius: 12 } });
    assert.deepEqual(find(stack, 'pill').props, { cornerStyle: 'continuous' }, 'what has no headless effect is shown in the props');
    assert.equal((await surface.tap('dot')).handled, true);
    await root.settled();
    assert.equal(taps, 1);
    const warned = s.diagnostics.filter((d) => d.code === 'deprecated-name');
    assert.deepEqual(warned.map((d) => [d.node, d.key, d.path]), [['old', 'CircularProgress', 'root.children[3].type']], 'one warning per connection');
    assert.match(warned[0].message, /ProgressView/);
    await root.unmount();
  } finally { await s.done(); }
});

test('a SecureField: typing reaches onTextChange, the snapshot shows bullets, the focus follows typing and submitting', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const texts = [];
    const focus = [];
    function Login() {
      return h(Host, null, h(Form, null,
        h(SecureField, { key: 'password', placeholder: 'Password', maxLength: 8, onTextChange: (text) => texts.push(text), onFocusChange: (focused) => focus.push(focused) })));
    }
    const root = await render(h(Login), s.connection);
    const surface = root.surface();
    const typed = await surface.typeText('password', 'correct horse');
    assert.equal(typed.value, '\u2022'.repeat(8), 'the answer shows bullets, as many as the field kept (maxLength 8)');
    await root.settled();
    assert.deepEqual(texts, ['correct '], 'the owner gets the text itself');
    let { root: form } = await surface.snapshot();
    assert.deepEqual(find(form, 'password').body.props, { text: '\u2022'.repeat(8), placeholder: 'Password', focused: true });
    assert.ok(!JSON.stringify(form).includes('correct'), 'the text is nowhere in the snapshot');
    await surface.interact('password', { gesture: 'submit' });
    await root.settled();
    assert.deepEqual(focus, [true, false]);
    assert.deepEqual(s.diagnostics, []);
    await root.unmount();
  } finally { await s.done(); }
});

test('SwipeActions as the docs write it: a row, leading and trailing Actions of Buttons; a swipe and a tap run onPress', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const pressed = [];
    function Inbox() {
      const [rows, setRows] = React.useState(['Lunch?', 'Invoice']);
      return h(Host, null, h(List, null, rows.map((subject) => h(SwipeActions, { key: subject },
        h(Text, null, subject),
        h(SwipeActions.Actions, { edge: 'leading', allowsFullSwipe: false },
          h(Button, { key: 'pin', onPress: () => pressed.push(`pin ${subject}`), modifiers: [tint('orange')] }, h(Label, { title: 'Pin', systemImage: 'pin' }))),
        h(SwipeActions.Actions, null,
          h(Button, { key: 'delete', label: 'Delete', role: 'destructive', onPress: () => { pressed.push(`delete ${subject}`); setRows((all) => all.filter((r) => r !== subject)); } }),
          h(Button, { key: 'archive', systemImage: 'archivebox', onPress: () => pressed.push(`archive ${subject}`) }, 'Archive'))))));
    }
    const root = await render(h(Inbox), s.connection);
    const surface = root.surface();
    let { root: list } = await surface.snapshot();
    const row = list.children[0];
    assert.equal(row.type, 'SwipeActions');
    assert.equal(row.children[0].props.text, 'Lunch?');
    assert.deepEqual(row.swipeActions.leading.map((a) => [a.id, a.label, a.systemImage, a.tint]), [['pin', 'Pin', 'pin', '#FFA500FF']]);
    assert.deepEqual(row.swipeActions.trailing.map((a) => [a.id, a.label, a.role ?? null]), [['delete', 'Delete', 'destructive'], ['archive', 'Archive', null]]);
    assert.equal((await surface.swipe('Lunch?', 'leading')).handled, true);
    await surface.tapAction('Lunch?', 'pin');
    assert.equal((await surface.swipe('Invoice', 'trailing', { full: true })).handled, true, 'a full swipe runs the first trailing action');
    await root.settled();
    assert.deepEqual(pressed, ['pin Lunch?', 'delete Invoice']);
    ({ root: list } = await surface.snapshot());
    assert.deepEqual(list.children.map((r) => r.key), ['Lunch?']);
    assert.deepEqual(s.diagnostics, []);
    await root.unmount();
  } finally { await s.done(); }
});

test('an Alert as the docs write it: the trigger presents it, an action runs and dismisses it; hidden actions are not reached', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const done = [];
    function Screen() {
      const [isPresented, setIsPresented] = React.useState(false);
      return h(Host, null, h(VStack, null,
        h(Alert, { key: 'confirm', title: 'Delete item?', isPresented, onIsPresentedChange: (value) => { done.push(`presented ${value}`); setIsPresented(value); } },
          h(Alert.Trigger, null, h(Button, { key: 'open', label: 'Delete', onPress: () => setIsPresented(true) })),
          h(Alert.Actions, null,
            h(Button, { key: 'cancel', label: 'Cancel', role: 'cancel', onPress: () => done.push('cancel') }),
            h(Button, { key: 'delete', label: 'Delete', role: 'destructive', onPress: () => done.push('delete') })),
          h(Alert.Message, null, 'This cannot be undone.'))));
    }
    const root = await render(h(Screen), s.connection);
    const surface = root.surface();
    let alert = find((await surface.snapshot()).root, 'confirm');
    assert.equal(alert.body.children.length, 1, 'not presented: only the trigger');
    assert.equal((await surface.tap('delete')).handled, false, 'an action of an alert not presented is not reached');
    assert.equal((await surface.tap('open')).handled, true);
    await root.settled();
    alert = find((await surface.snapshot()).root, 'confirm');
    const shown = alert.body.children[1];
    assert.deepEqual(shown.children.map((e) => e.type), ['Text', 'Slot', 'Children']);
    assert.equal(shown.children[0].props.text, 'Delete item?');
    assert.equal(alert.slots.message.props.text, 'This cannot be undone.');
    assert.deepEqual(alert.children.map((c) => c.id), ['cancel', 'delete'], 'the actions are the alert\'s children');
    await surface.tap('delete');
    await root.settled();
    assert.deepEqual(done, ['presented true', 'delete', 'presented false']);
    alert = find((await surface.snapshot()).root, 'confirm');
    assert.equal(alert.body.children.length, 1, 'dismissed');
    assert.deepEqual(s.diagnostics, []);
    await root.unmount();
  } finally { await s.done(); }
});

test('a Menu opens on its label and closes after an item runs; a Group with onPress takes taps on its content', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const ran = [];
    const root = await render(h(Host, null, h(VStack, null,
      h(Menu, { key: 'share', label: 'Share', systemImage: 'square.and.arrow.up' },
        h(Button, { key: 'copy', label: 'Copy link', onPress: () => ran.push('copy') }),
        h(Button, { key: 'mail', label: 'Mail', onPress: () => ran.push('mail') })),
      h(Group, { key: 'card', onPress: () => ran.push('card') }, h(Text, { key: 'title' }, 'Card')),
      h(ConfirmationDialog, { key: 'sheet', title: 'Sure?', titleVisibility: 'hidden' }, h(ConfirmationDialog.Actions, null, h(Button, { key: 'yes', label: 'Yes' }))))), s.connection);
    const surface = root.surface();
    let menu = find((await surface.snapshot()).root, 'share');
    assert.equal(menu.body.children[0].type, 'Button', 'the label is a button');
    assert.equal(menu.body.children.length, 1, 'closed');
    assert.equal((await surface.interact('share', { gesture: 'tap', element: '0/0' })).handled, true);
    menu = find((await surface.snapshot()).root, 'share');
    assert.equal(menu.body.children[1].type, 'Children', 'open: the items are placed');
    await surface.tap('copy');
    await surface.tap('title');
    await root.settled();
    assert.deepEqual(ran, ['copy', 'card']);
    menu = find((await surface.snapshot()).root, 'share');
    assert.equal(menu.body.children.length, 1, 'an item closed the menu');
    const dialog = find((await surface.snapshot()).root, 'sheet');
    assert.deepEqual(dialog.props, { title: 'Sure?', titleVisibility: 'hidden' });
    assert.deepEqual(s.diagnostics, []);
    await root.unmount();
  } finally { await s.done(); }
});

test('a ContextMenu opens on a long press on its trigger; a Popover on a tap; a ControlGroup shows its label and controls', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const ran = [];
    const shown = [];
    const root = await render(h(Host, null, h(VStack, null,
      h(ContextMenu, { key: 'photo' },
        h(ContextMenu.Trigger, null, h(Image, { key: 'thumb', systemName: 'photo' })),
        h(ContextMenu.Items, null,
          h(Button, { key: 'share', label: 'Share', onPress: () => ran.push('share') }),
          h(Button, { key: 'remove', label: 'Remove', role: 'destructive', onPress: () => ran.push('remove') })),
        h(ContextMenu.Preview, null, h(Text, { key: 'big' }, 'Preview'))),
      h(Popover, { key: 'tip', arrowEdge: 'top', onIsPresentedChange: (value) => shown.push(value) },
        h(Popover.Trigger, null, h(Text, { key: 'help' }, 'Help')),
        h(Popover.Content, null, h(Text, { key: 'hint' }, 'Swipe a row to act on it'))),
      h(ControlGroup, { key: 'format', label: 'Format', systemImage: 'textformat' },
        h(Button, { key: 'bold', label: 'Bold', onPress: () => ran.push('bold') })))), s.connection);
    const surface = root.surface();
    assert.equal((await surface.tap('share')).handled, false, 'a closed menu\'s items are not reached');
    assert.equal((await surface.tap('thumb')).handled, false, 'a tap does not open a context menu');
    const pressed = await surface.interact('thumb', { gesture: 'longPress', duration: 1 });
    assert.deepEqual([pressed.handled, pressed.node, pressed.view], [true, 'photo', 'ContextMenu']);
    let menu = find((await surface.snapshot()).root, 'photo');
    assert.deepEqual(menu.body.children.map((e) => e.type), ['Slot', 'Slot', 'Children'], 'open: trigger, preview, items');
    await surface.tap('remove');
    menu = find((await surface.snapshot()).root, 'photo');
    assert.equal(menu.body.children.length, 1, 'an item closed it');

    assert.equal((await surface.tap('help')).handled, true);
    await root.settled();
    let tip = find((await surface.snapshot()).root, 'tip');
    assert.equal(tip.body.children[1].props.name, 'popover', 'presented: the content is placed');
    assert.equal(tip.slots.popover.props.text, 'Swipe a row to act on it');
    await surface.tap('help');
    tip = find((await surface.snapshot()).root, 'tip');
    assert.equal(tip.body.children.length, 1, 'a second tap dismissed it');

    const group = find((await surface.snapshot()).root, 'format');
    assert.deepEqual(group.body.children[0], { type: 'Label', element: '0/0', props: { title: 'Format', systemImage: 'textformat' } });
    await surface.tap('bold');
    await root.settled();
    assert.deepEqual(ran, ['remove', 'bold']);
    assert.deepEqual(shown, [true, false]);
    assert.deepEqual(s.diagnostics, []);
    await root.unmount();
  } finally { await s.done(); }
});

test('layout components: LazyVStack.ForEach rows, a Grid of Rows, Overlay.Content over its base, a Link takes a tap', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const messages = [{ id: 'm1', subject: 'Lunch?' }, { id: 'm2', subject: 'Invoice' }];
    const root = await render(h(Host, null, h(Namespace, { id: 'ns' }, h(VStack, null,
      h(LazyVStack, { key: 'inbox', spacing: 4, alignment: 'leading' },
        h(LazyVStack.ForEach, { data: messages, keyExtractor: (m) => m.id }, ({ item }) => h(Text, null, item.subject))),
      h(Grid, { key: 'grid', verticalSpacing: 2 },
        h(Grid.Row, { key: 'r1' }, h(Text, { key: 'a' }, 'A'), h(Text, { key: 'b' }, 'B'))),
      h(Overlay, { key: 'badge', alignment: 'topTrailing' }, h(Image, { key: 'bell', systemName: 'bell' }),
        h(Overlay.Content, null, h(Text, { key: 'count' }, '3'))),
      h(Mask, { key: 'masked' }, h(Text, null, 'Masked'), h(Mask.Content, null, h(Circle, { key: 'shape' }))),
      h(Background, { key: 'bg' }, h(Text, null, 'Fore'), h(Circle, null)),
      h(GlassEffectContainer, { key: 'glass', spacing: 8 }, h(Text, null, 'Glass')),
      h(Link, { key: 'docs', destination: 'https://docs.expo.dev', label: 'Docs' })))), s.connection);
    const surface = root.surface();
    const { root: ns } = await surface.snapshot();
    assert.deepEqual(ns.props, { id: 'ns' });
    const inbox = find(ns, 'inbox');
    assert.deepEqual(inbox.body.props, { alignment: 'leading', spacing: 4 });
    assert.deepEqual(inbox.children.map((row) => [row.key, row.props.text]), [['m1', 'Lunch?'], ['m2', 'Invoice']], 'a row per item, keyed by keyExtractor');
    const grid = find(ns, 'grid');
    assert.equal(grid.children[0].type, 'GridRow');
    assert.deepEqual(grid.children[0].body, { type: 'HStack', element: '0', props: { alignment: 'center' }, children: [{ type: 'Children', element: '0/0' }] });
    const badge = find(ns, 'badge');
    assert.deepEqual(badge.body.props, { alignment: 'topTrailing' });
    assert.equal(badge.slots.content.props.text, '3');
    assert.equal(find(ns, 'masked').slots.content.type, 'Circle');
    assert.deepEqual(find(ns, 'glass').props, { spacing: 8 });
    assert.deepEqual(find(ns, 'docs').props, { destination: 'https://docs.expo.dev', label: 'Docs' });
    assert.equal((await surface.interact('docs', { gesture: 'tap' })).handled, true, 'a tap on a Link is taken');
    assert.deepEqual(s.diagnostics, []);
    await root.unmount();
  } finally { await s.done(); }
});

test('a BottomSheet as the docs write it: presented by state, its content mounted while shown; dismiss closes it', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const changes = [];
    let dismissed = 0;
    function Screen() {
      const [isPresented, setIsPresented] = React.useState(false);
      return h(Host, null, h(VStack, null,
        h(Button, { key: 'open', label: 'Open', onPress: () => setIsPresented(true) }),
        h(BottomSheet, { key: 'sheet', isPresented, onIsPresentedChange: (value) => { changes.push(value); setIsPresented(value); }, onDismiss: () => { dismissed += 1; } },
          h(Group, { key: 'content', modifiers: [presentationDetents(['medium', 'large'], { onSelectionChange: (detent) => changes.push(detent) })] }, h(Text, { key: 'hello' }, 'Hello')))));
    }
    const root = await render(h(Screen), s.connection);
    const surface = root.surface();
    assert.equal(find((await surface.snapshot()).root, 'sheet').children, undefined, 'not presented: no content');
    await surface.tap('open');
    await root.settled();
    const sheet = find((await surface.snapshot()).root, 'sheet');
    assert.equal(sheet.body.children[0].type, 'Children', 'presented: the content is placed');
    assert.equal((await surface.detent('content', 'large')).handled, true, 'its detents are the content\'s');
    const answer = await surface.dismiss('hello');
    assert.deepEqual([answer.handled, answer.node, answer.view], [true, 'sheet', 'BottomSheet']);
    await root.settled();
    assert.deepEqual(changes, ['large', false]);
    assert.equal(dismissed, 1);
    assert.equal(find((await surface.snapshot()).root, 'sheet').children, undefined, 'dismissed: the content is unmounted');
    assert.deepEqual(s.diagnostics, []);
    await root.unmount();
  } finally { await s.done(); }
});

test('a TabView as the docs write it: a tap on a tab selects it; only the selected tab\'s content is reached', { timeout: TEST_TIMEOUT_MS }, async () => {
  const s = await session();
  try {
    const chosen = [];
    const pressed = [];
    function Screen() {
      const [tab, setTab] = React.useState('inbox');
      return h(Host, null, h(TabView, { key: 'tabs', selection: tab, onSelectionChange: (value) => { chosen.push(value); setTab(value); } },
        h(TabView.Tab, { key: 'inbox', value: 'inbox', label: 'Inbox', systemImage: 'tray' }, h(Button, { key: 'compose', label: 'Compose', onPress: () => pressed.push('compose') })),
        h(TabView.Tab, { key: 'settings', value: 'settings', label: 'Settings', systemImage: 'gear' }, h(Button, { key: 'signOut', label: 'Sign out', onPress: () => pressed.push('signOut') }))));
    }
    const root = await render(h(Screen), s.connection);
    const surface = root.surface();
    let tabs = (await surface.snapshot()).root;
    assert.deepEqual(tabs.body.props, { selection: 'inbox' });
    assert.deepEqual(tabs.children.map((t) => [t.id, t.option]), [['inbox', { tag: 'inbox', selected: true }], ['settings', { tag: 'settings', selected: false }]]);
    assert.equal((await surface.tap('signOut')).handled, false, 'a tab not selected: its content is not reached');
    assert.equal((await surface.tap('compose')).handled, true);
    const answer = await surface.tap('settings');
    assert.deepEqual([answer.handled, answer.node, answer.option, answer.value], [true, 'tabs', 'settings', 'settings']);
    await root.settled();
    tabs = (await surface.snapshot()).root;
    assert.deepEqual(tabs.children.map((t) => t.option.selected), [false, true]);
    assert.equal((await surface.tap('signOut')).handled, true);
    await root.settled();
    assert.deepEqual(chosen, ['settings']);
    assert.deepEqual(pressed, ['compose', 'signOut']);
    assert.deepEqual(s.diagnostics, []);
    await root.unmount();
  } finally { await s.done(); }
});
