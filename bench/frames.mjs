// bench/frames.mjs - Modhost's framing for the Node bench clients: a 4-byte big-endian
// length, then the message as UTF-8 JSON.

/// One frame carrying `message`.
export function frame(message) {
    const body = Buffer.from(JSON.stringify(message), "utf8");
    const head = Buffer.allocUnsafe(4);
    head.writeUInt32BE(body.length, 0);
    return Buffer.concat([head, body]);
}
