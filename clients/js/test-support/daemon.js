// Test helpers: a real modhostd on a temporary socket.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..', '..');

/** `$MODHOSTD`, else `<repo>/.build/debug/modhostd`. */
export const MODHOSTD = process.env.MODHOSTD || path.join(repoRoot, '.build', 'debug', 'modhostd');

// Whatever happens to a test file, no daemon it started outlives it.
const children = new Set();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

export function tempSocketDir() {
  return mkdtempSync(path.join(os.tmpdir(), 'modhost-js-'));
}

/**
 * Starts modhostd on `socket` and resolves once it logs `listening on`.
 * Returns `{child, socket, stop(signal)}`.
 */
export function startDaemon(socket, { timeoutMs = 10000, args = [], env = {} } = {}) {
  if (!existsSync(MODHOSTD)) {
    throw new Error(`modhostd not found at ${MODHOSTD}; build it (swift build in ${repoRoot}) or set MODHOSTD`);
  }
  return new Promise((resolve, reject) => {
    // Hermetic: the user's plugin and runtime folders are empty ones beside the socket.
    const dataHome = path.join(path.dirname(socket), 'data');
    const child = spawn(MODHOSTD, ['--socket', socket, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, XDG_DATA_HOME: dataHome, XDG_RUNTIME_DIR: path.dirname(socket), ...env },
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    let log = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`modhostd did not log 'listening on' within ${timeoutMs} ms:\n${log}`));
    }, timeoutMs);
    const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => {
      log += text;
      if (log.includes('info: listening on')) {
        clearTimeout(timer);
        resolve({
          child,
          socket,
          get log() { return log; },
          /** The pid of the engine serving now (modhostd runs the host in a child process). */
          get enginePid() {
            const found = [...log.matchAll(/modhostd\[(\d+)\]: info: listening on/g)].pop();
            return found ? Number(found[1]) : undefined;
          },
          exited,
          /** Sends `signal` and resolves with how it exited; SIGKILL after `killAfterMs`. */
          async stop(signal = 'SIGTERM', { killAfterMs = 20000 } = {}) {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            const timer = setTimeout(() => {
              if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
            }, killAfterMs);
            timer.unref();
            try { return await exited; } finally { clearTimeout(timer); }
          },
        });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`modhostd exited (code ${code}, signal ${signal}) before listening:\n${log}`));
    });
  });
}

/** A fresh temp dir + daemon; `cleanup()` stops it and removes the dir. */
export async function withDaemon(options = {}) {
  const dir = tempSocketDir();
  const socket = path.join(dir, 'modhost.sock');
  const daemon = await startDaemon(socket, typeof options === 'function' ? options(dir) : options);
  return {
    dir,
    socket,
    daemon,
    async cleanup() {
      await daemon.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves with the next `name` event of `emitter` (rejects after timeoutMs). */
export function once(emitter, name, timeoutMs = 10000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      emitter.off(name, handler);
      reject(new Error(`no '${name}' event within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (value) => {
      clearTimeout(timer);
      resolve(value);
    };
    emitter.once(name, handler);
  });
}
