// Mounts a node built with the factories generated for the HostileNames fixture on the daemon
// at $MODHOST_SOCKET (through the JS client at $MODHOST_CLIENT), calls the module's functions
// through the generated accessor, and prints what came back as JSON.
const { connect } = await import(process.env.MODHOST_CLIENT);
const m = await import('./modifiers.js');

const host = await connect({ socket: process.env.MODHOST_SOCKET, reconnect: false });
try {
  const modifiers = [
    m._3d({ label: 'three', mode: '2d', 'z-index': 4, layers: [{ name: 'base', tint: '#00FF00', mode: 'default' }] }),
    m.class_({ label: 'class' }), m.Foo({ label: 'Foo' }), m.foo_2({ label: 'foo' }), m.aB({ label: 'a-b' }),
    m.aB_2({ label: 'aB' }), m.a_b({ label: 'a_b' }), m.default_({ label: 'default' }),
    m.constructor({ label: 'constructor' }), m.unnamed({ label: 'sparkles' }),
  ];
  const surface = await host.mount('hostile', { type: 'Text', key: 'node', props: { text: 'x' }, modifiers });
  const hostile = m.requireHostileNamesModule(host);
  const result = {
    types: modifiers.map((modifier) => modifier.$type),
    snapshot: await surface.snapshot(),
    aB: await hostile['a-b'](2, true),
    class: await hostile.class('echo'),
  };
  console.log(JSON.stringify(result));
} finally {
  await host.close();
}
