// Mounts a Rating built with the helper generated for the Rating fixture plugin on the daemon at
// $MODHOST_SOCKET (through the JS client at $MODHOST_CLIENT), taps its third star, and prints
// the event's value and the snapshot's root type as JSON.
const { connect } = await import(process.env.MODHOST_CLIENT);
const m = await import('./modifiers.js');

const host = await connect({ socket: process.env.MODHOST_SOCKET, reconnect: false });
try {
  const seen = [];
  const surface = await host.mount('views', m.Rating({ key: 'r', value: 1, max: 3, onValueChange: (e) => seen.push(e.nativeEvent.value) }));
  const tapped = await surface.tap('r', { element: '0/3' });
  const { root } = await surface.snapshot();
  console.log(JSON.stringify({ seen, handled: tapped.handled, type: root.type }));
} finally {
  await host.close();
}
