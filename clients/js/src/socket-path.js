import path from 'node:path';
import process from 'node:process';

/**
 * The socket path the daemon uses by default: `$MODHOST_SOCKET`, else
 * `$XDG_RUNTIME_DIR/modhost/modhost.sock`, else `/tmp/modhost-$UID/modhost.sock`.
 */
export function defaultSocketPath(env = process.env) {
  if (env.MODHOST_SOCKET) return env.MODHOST_SOCKET;
  if (env.XDG_RUNTIME_DIR) return path.join(env.XDG_RUNTIME_DIR, 'modhost', 'modhost.sock');
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  return `/tmp/modhost-${uid}/modhost.sock`;
}
