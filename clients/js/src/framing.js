// Frames: a 4-byte big-endian length, then that many bytes of UTF-8 JSON.

export const DEFAULT_MAX_FRAME = 16 * 1024 * 1024;

/** Encodes one JSON-RPC message as a frame. */
export function encodeFrame(message) {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  const frame = Buffer.allocUnsafe(4 + body.length);
  frame.writeUInt32BE(body.length, 0);
  body.copy(frame, 4);
  return frame;
}

/** Collects bytes in any segmentation and yields whole frames' bodies. */
export class FrameDecoder {
  constructor(maxFrame = DEFAULT_MAX_FRAME) {
    this.maxFrame = maxFrame;
    this.chunks = [];
    this.length = 0;
  }

  /** Adds bytes; returns the bodies (Buffers) of every frame completed so far. */
  push(chunk) {
    this.chunks.push(chunk);
    this.length += chunk.length;
    const frames = [];
    for (;;) {
      if (this.length < 4) break;
      const head = this.peek(4);
      const size = head.readUInt32BE(0);
      if (size === 0 || size > this.maxFrame) {
        throw new RangeError(`modhost: frame of ${size} bytes from the host is outside 1..${this.maxFrame}`);
      }
      if (this.length < 4 + size) break;
      const whole = this.take(4 + size);
      frames.push(whole.subarray(4));
    }
    return frames;
  }

  peek(n) {
    if (this.chunks[0].length >= n) return this.chunks[0];
    const all = Buffer.concat(this.chunks);
    this.chunks = [all];
    return all;
  }

  take(n) {
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const taken = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return taken;
  }
}
