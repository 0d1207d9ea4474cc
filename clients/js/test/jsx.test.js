// JSX without React: the runtime as the compiler calls it, and a real tsc compile of
// examples/jsx.tsx against the package as a user installs it (node_modules/@modhost/client).
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, symlinkSync, copyFileSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { jsx, jsxs, Fragment } from '../src/jsx-runtime.js';
import { jsxDEV } from '../src/jsx-dev-runtime.js';
import { List, HStack, Text, Button, Toggle, Label, serializeTree } from '../src/index.js';

const TEST_TIMEOUT_MS = 120_000;
const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(here, '..');

test('jsx builds nodes; function components get their props and children; keys go on what they return', { timeout: TEST_TIMEOUT_MS }, () => {
  const received = [];
  function Row(props) {
    received.push(props);
    return jsxs(HStack, { alignment: 'center', children: [jsx(Text, { children: props.title }), props.children] });
  }
  const tree = jsx(List, {
    children: [
      jsx(Row, { title: 'a', children: jsx(Text, { children: 'b' }) }, 'r1'),
      jsx(Row, { title: 'c' }, 2),
    ],
  });
  assert.deepEqual(tree, {
    type: 'List',
    children: [
      { type: 'HStack', key: 'r1', props: { alignment: 'center' }, children: [{ type: 'Text', props: { text: 'a' } }, { type: 'Text', props: { text: 'b' } }] },
      { type: 'HStack', key: '2', props: { alignment: 'center' }, children: [{ type: 'Text', props: { text: 'c' } }] },
    ],
  });
  // The key is not a prop of the component, as in React.
  assert.deepEqual(received.map((p) => Object.keys(p).sort()), [['children', 'title'], ['title']]);
  // A key on a view helper element.
  assert.deepEqual(jsx(Toggle, { isOn: true }, 'wifi'), { type: 'Toggle', key: 'wifi', props: { isOn: true } });
});

test('fragments flatten into the parent; null, false and arrays of children work', { timeout: TEST_TIMEOUT_MS }, () => {
  const tree = jsxs(List, {
    children: [
      jsxs(Fragment, { children: [jsx(Text, { children: 'a' }), false, null, [jsx(Text, { children: 'b' }, 'b')]] }),
      jsx(Fragment, {}),
      jsxs(Label, { systemImage: 'tray', children: ['In', 'box', 3] }),
    ],
  });
  assert.deepEqual(tree, {
    type: 'List',
    children: [
      { type: 'Text', props: { text: 'a' } },
      { type: 'Text', key: 'b', props: { text: 'b' } },
      { type: 'Label', props: { systemImage: 'tray', title: 'Inbox3' } },
    ],
  });
  assert.throws(() => serializeTree(jsxs(Fragment, { children: [Text('a'), Text('b')] })), /root must be one node object.*got an array/);
});

test('jsx checks props as h does; jsxDEV builds the same nodes', { timeout: TEST_TIMEOUT_MS }, () => {
  assert.throws(() => jsx(Button, { lable: 'x' }), /unknown Button prop 'lable'.*closest: 'label'/);
  assert.throws(() => jsx(Text, { onPress: () => {}, children: 'x' }), /prop 'onPress' is a function, but Text has no event/);
  const press = () => {};
  assert.deepEqual(jsxDEV(Button, { label: 'Go', onPress: press }, 'go', false, { fileName: 'x.tsx', lineNumber: 1 }, undefined),
    { type: 'Button', key: 'go', props: { label: 'Go', onPress: press } });
});

function whichTsc() {
  try {
    execFileSync('tsc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

test('examples/jsx.tsx compiles with jsxImportSource @modhost/client against the installed package and builds its tree', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  if (!whichTsc()) {
    t.skip('tsc is not installed (Debian\'s node-typescript; clients/js/run-tests installs it)');
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'modhost-jsx-'));
  try {
    mkdirSync(path.join(dir, 'node_modules', '@modhost'), { recursive: true });
    symlinkSync(packageDir, path.join(dir, 'node_modules', '@modhost', 'client'), 'dir');
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    copyFileSync(path.join(packageDir, 'examples', 'jsx.tsx'), path.join(dir, 'jsx.tsx'));
    execFileSync('tsc', ['--strict', '--jsx', 'react-jsx', '--jsxImportSource', '@modhost/client', '--module', 'node16',
      '--moduleResolution', 'node16', '--target', 'es2022', '--lib', 'es2022', '--outDir', path.join(dir, 'out'), path.join(dir, 'jsx.tsx')],
    { cwd: dir, encoding: 'utf8' });
    writeFileSync(path.join(dir, 'out', 'package.json'), JSON.stringify({ type: 'module' }));
    mkdirSync(path.join(dir, 'out', 'node_modules', '@modhost'), { recursive: true });
    symlinkSync(packageDir, path.join(dir, 'out', 'node_modules', '@modhost', 'client'), 'dir');
    const example = await import(pathToFileURL(path.join(dir, 'out', 'jsx.js')).href);
    const changes = [];
    const removed = [];
    const tree = example.screen([{ id: 'm1', from: 'Ada', subject: 'Engines', unread: true }],
      { wifi: false, volume: 3, name: 'Ada' }, (c) => changes.push(c), (id) => removed.push(id));
    const { root, events } = serializeTree(tree);
    const [list] = root.children;
    const [inbox, settings] = list.children;
    assert.equal(inbox.children[0].key, 'm1');
    assert.equal(inbox.children[0].type, 'HStack');
    assert.deepEqual(settings.children.map((n) => [n.type, n.key ?? null, n.events ?? null]), [
      ['Toggle', 'wifi', ['onIsOnChange']],
      ['Slider', 'volume', ['onValueChange']],
      ['TextField', 'name', ['onTextChange', 'onSubmit']],
      ['Label', null, null],
      ['Label', null, null],
    ]);
    assert.equal(settings.children[4].props.title, 'Children become the title');
    events.get('wifi').get('onIsOnChange')(true);
    events.get('volume').get('onValueChange')(7);
    events.get('name').get('onTextChange')('Grace');
    events.get('clear').get('onPress')();
    assert.deepEqual(changes, [{ wifi: true }, { volume: 7 }, { name: 'Grace' }]);
    assert.deepEqual(removed, ['m1']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
