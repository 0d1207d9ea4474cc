import fs from 'node:fs';
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

/**
 * Why a front-end must not talk to the socket at `socketPath`, or null when it may. Node
 * cannot ask a connected socket who listens on it, so the file and its folder answer: the
 * socket must be this user's (or root's, as for one systemd made), and its folder this user's
 * or root's, through no symbolic link, and writable by no one else unless it is root's and
 * sticky (like /tmp), where no one else can replace this user's socket. Otherwise another local
 * user may have prepared it and would read everything sent, `initialize` first. A path that
 * does not exist is left to `connect`, which says so.
 */
export function socketPathProblem(socketPath) {
  if (typeof process.getuid !== 'function') return null;
  const uid = process.getuid();
  let socket;
  try {
    socket = fs.lstatSync(socketPath);
  } catch {
    return null;
  }
  const refuse = (why) => `${why}; someone else may have prepared it, so nothing was sent. ` +
    'Start modhostd on a socket of your own (or set XDG_RUNTIME_DIR) and connect to that';
  if (!socket.isSocket()) return refuse(`${socketPath} is not a socket`);
  if (socket.uid !== uid && socket.uid !== 0) return refuse(`${socketPath} belongs to uid ${socket.uid}, not to you (uid ${uid}) or root`);
  const folder = path.dirname(path.resolve(socketPath));
  const parent = fs.lstatSync(folder);
  if (parent.isSymbolicLink()) return refuse(`the socket's folder ${folder} is a symbolic link`);
  if (parent.uid !== uid && parent.uid !== 0) return refuse(`the socket's folder ${folder} belongs to uid ${parent.uid}, not to you (uid ${uid}) or root`);
  const othersMayWrite = (parent.mode & 0o022) !== 0;
  const sharedSticky = parent.uid === 0 && (parent.mode & 0o1000) !== 0;
  if (othersMayWrite && !sharedSticky) {
    return refuse(`the socket's folder ${folder} has mode ${(parent.mode & 0o7777).toString(8)}: other users may replace the socket`);
  }
  return null;
}
