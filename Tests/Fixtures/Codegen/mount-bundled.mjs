// Mounts a node built with the factories generated for the bundled plugins on the daemon at
// $MODHOST_SOCKET (through the JS client at $MODHOST_CLIENT) and prints the snapshot as JSON.
const { connect } = await import(process.env.MODHOST_CLIENT);
const m = await import('./modifiers.js');

const host = await connect({ socket: process.env.MODHOST_SOCKET, reconnect: false });
try {
  const surface = await host.mount('codegen', {
    type: 'Text', key: 'row', props: { text: 'generated' },
    modifiers: [
      m.swipeActions({ trailing: [{ id: 'delete', label: 'Delete', role: 'destructive', tint: 'red' }] }),
      m.padding({ all: 8 }),
      m.font({ weight: 'bold' }),
      m.background({ color: '#FF000080', shape: 'capsule' }),
      m.onAppear(),
    ],
  });
  const completed = await m.requireExpoUIModule(host).completeRefresh('none').then(() => 'resolved', (error) => `rejected ${error.code}`);
  console.log(JSON.stringify({ snapshot: await surface.snapshot(), completeRefresh: completed }));
} finally {
  await host.close();
}
