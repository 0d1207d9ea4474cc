// Mounts a node built with what `modhost codegen ts` writes for the bundled plugins (the JS
// client's helpers, re-exported) on the daemon at $MODHOST_SOCKET (through the JS client at
// $MODHOST_CLIENT) and prints the snapshot as JSON.
const client = await import(process.env.MODHOST_CLIENT);
const m = await import('./modifiers.js');

const connection = await client.connect({ socket: process.env.MODHOST_SOCKET, reconnect: false });
try {
  const surface = await connection.mount('codegen', {
    type: 'Text', key: 'row', props: { text: 'generated' },
    modifiers: [
      m.swipeActions({ trailing: [{ id: 'delete', label: 'Delete', role: 'destructive', tint: 'red' }] }),
      m.padding({ all: 8 }),
      m.font({ weight: 'bold' }),
      m.background('#FF000080', 'capsule'),
      m.onAppear(() => {}),
    ],
  });
  const completed = await m.requireExpoUIModule(connection).completeRefresh('none').then(() => 'resolved', (error) => `rejected ${error.code}`);
  // The same functions as the client's, not copies.
  const same = [m.swipeActions, m.padding, m.font, m.background, m.onAppear].every((f) => client[f.name] === f);
  console.log(JSON.stringify({ snapshot: await surface.snapshot(), completeRefresh: completed, same }));
} finally {
  await connection.close();
}
