// Finding nodes as a user sees them (issue 44, item 7): by testID, text and role, as
// testing-library does, with errors that list what the tree has.
import test from 'node:test';
import assert from 'node:assert/strict';
import { connect, List, VStack, HStack, Text, Button, Toggle, TextField, Label, accessibilityLabel } from '../src/index.js';
import { queryAll, queryError, accessibleNameOf } from '../src/queries.js';
import { withDaemon } from '../test-support/daemon.js';

const TEST_TIMEOUT_MS = 120_000;

const tree = {
  type: 'VStack', id: '0', children: [
    { type: 'Text', id: 'title', props: { text: 'Inbox', testID: 'heading' } },
    { type: 'Text', id: 'total', children: [{ type: 'Text', id: 'total/0', props: { text: 'Total: ' } }, { type: 'Text', id: 'total/1', props: { text: '42' } }] },
    { type: 'Button', id: 'send', children: [{ type: 'Text', id: 'send/0', props: { text: 'Send' } }] },
    { type: 'Button', id: 'trash', props: { label: 'Delete' }, styles: [{ $style: 'accessibilityLabel', label: 'Move to trash' }] },
    { type: 'Toggle', id: 'wifi', props: { label: 'Wi-Fi', testID: 'wifi-switch' } },
    { type: 'TextField', id: 'q', props: { placeholder: 'Search' } },
  ],
};

test('queries match testID, shown text (segments joined) and role with its accessible name', { timeout: TEST_TIMEOUT_MS }, () => {
  assert.deepEqual(queryAll(tree, 'TestId', 'wifi-switch').map((n) => n.id), ['wifi']);
  assert.deepEqual(queryAll(tree, 'Text', 'Total: 42').map((n) => n.id), ['total']);
  assert.deepEqual(queryAll(tree, 'Text', '42').map((n) => n.id), ['total/1']);
  assert.deepEqual(queryAll(tree, 'Text', /^Inb/).map((n) => n.id), ['title']);
  assert.deepEqual(queryAll(tree, 'Role', 'button').map((n) => n.id), ['send', 'trash']);
  assert.deepEqual(queryAll(tree, 'Role', 'button', { name: 'Send' }).map((n) => n.id), ['send'], 'a Button is named by the text inside it');
  assert.equal(accessibleNameOf(tree.children[3]), 'Move to trash', 'accessibilityLabel wins');
  assert.deepEqual(queryAll(tree, 'Role', 'switch', { name: 'Wi-Fi' }).map((n) => n.id), ['wifi']);
  assert.deepEqual(queryAll(tree, 'Role', 'textbox', { name: 'Search' }).map((n) => n.id), ['q']);
});

test('a Text with markdownEnabled is found by what it shows, its Markdown runs joined', { timeout: TEST_TIMEOUT_MS }, () => {
  const markdown = {
    type: 'Text', id: 'm', props: { text: '**Hi** there', markdownEnabled: true },
    markdown: [{ text: 'Hi', bold: true }, { text: ' there' }],
  };
  assert.deepEqual(queryAll(markdown, 'Text', 'Hi there').map((n) => n.id), ['m']);
  assert.deepEqual(queryAll(markdown, 'Text', '**Hi** there'), [], 'not by the Markdown as written');
});

test('no match names the closest and what the tree has; several say how many', { timeout: TEST_TIMEOUT_MS }, () => {
  const missing = queryError(tree, 'Text', 'Sent', undefined, []);
  assert.equal(missing.code, 'ERR_MODHOST_NO_MATCH');
  assert.equal(missing.suggestion, 'Send');
  assert.match(missing.message, /no node with text "Sent"; closest: "Send"; the tree has "Inbox", "Total: 42", "Total: "/);
  const role = queryError(tree, 'Role', 'button', { name: 'Sned' }, []);
  assert.match(role.message, /no node with role 'button' named "Sned"; closest: "button \\"Send\\""/);
  const several = queryError(tree, 'Role', 'button', undefined, queryAll(tree, 'Role', 'button'));
  assert.equal(several.code, 'ERR_MODHOST_MULTIPLE_MATCHES');
  assert.match(several.message, /found 2 nodes with role 'button' \('send', 'trash'\)/);
});

test('a surface finds what a user sees and acts on it; findBy waits for the next tree', { timeout: TEST_TIMEOUT_MS }, async () => {
  const env = await withDaemon();
  const connection = await connect({ socket: env.socket, reconnect: false });
  try {
    let sent = 0;
    let screen;
    const render = () => List(HStack({ key: 'row' },
      Label({ testID: 'who' }, 'Ada'),
      Button({ key: 'send', modifiers: [accessibilityLabel('Send message')], onPress: () => { sent += 1; surface.update(screen()); } }, 'Send'),
      Toggle({ key: 'wifi', label: 'Wi-Fi', isOn: false }),
      TextField({ key: 'q', placeholder: 'Search' })),
      sent > 0 ? Text({ key: 'done' }, `Sent ${sent}`) : null);
    screen = render;
    const surface = await connection.mount('main', screen());
    assert.equal((await surface.getByTestId('who')).props.title, 'Ada');
    const button = await surface.getByRole('button', { name: 'Send message' });
    assert.equal(button.id, 'send');
    assert.equal((await surface.tap(button)).handled, true, 'a gesture takes the node a query found');
    assert.equal((await surface.findByText('Sent 1')).id, 'done');
    assert.equal(await surface.queryByText('Sent 2'), null);
    assert.equal((await surface.getAllByRole('text')).length >= 2, true);
    await assert.rejects(surface.getByText('Sendd'), (error) => error.code === 'ERR_MODHOST_NO_MATCH' && /closest: "Send"/.test(error.message));
    await assert.rejects(surface.findByText('never', { timeout: 50 }), (error) => error.code === 'ERR_MODHOST_NO_MATCH');
    assert.equal((await surface.getByRole('switch', { name: 'Wi-Fi' })).id, 'wifi');
  } finally {
    await connection.close();
    await env.cleanup();
  }
});
