// bench/cancelled-calls.mjs - does an AsyncFunction call that its connection cancels (by
// closing) leave anything behind in the engine? Issue 27 measured about 145 MB more RSS per
// 200,000 such calls (16.9 -> 651 MB after 800,000); the target is an RSS flat within 5 %
// over 1,000,000 of them.
//
//   node bench/cancelled-calls.mjs MODHOSTD [CALLS] [PER_CONNECTION] [PARALLEL] [--no-supervisor]
//
// Starts MODHOSTD (supervised unless --no-supervisor) on a temporary socket with only the
// Greeting fixture plugin (libGreetingFixture.so from MODHOSTD's folder, where
// `swift build --product GreetingFixture` puts it; GREETING_LIBRARY=PATH names another).
// PARALLEL connections at a time (default 4) each initialize, write PER_CONNECTION (default
// 1,000, the per-connection cap on waiting calls) `callFunction Greeting.greetLater` requests
// that sleep for an hour, then a `ping`; once the ping is answered every call has started and
// waits, and the connection is closed, which cancels them. CALLS (default 1,000,000) such
// calls in all. The engine's RSS (VmRSS of /proc/PID/status, PID the engine that serves the
// socket) is read before any call; after a warm-up that is not counted (steps of 10 x PARALLEL
// x PER_CONNECTION calls until one grows the RSS by less than 1 %, at most 5: the allocator's
// working set for that many calls in flight), which is the start; and after each 200,000 calls
// (each time once a fresh connection's ping has been answered and 200 ms more, so the closes
// have been handled).
//
// Prints progress on stderr and one line of key=value on stdout: calls, connections,
// warmup_calls, rss_initial_kib (before any call), rss_start_kib (after the warm-up), rss_kib
// (after each 200,000, comma-separated), growth_pct (last over start), max_growth_pct (the
// largest over start), calls_per_s. No pass or fail on the figures: exit 1 only on a protocol
// surprise (a call answered before its connection closed, an engine that changed, 30 s
// without an answer).
// Standard library only.
import net from "node:net";
import path from "node:path";
import os from "node:os";
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { frame } from "./frames.mjs";

const args = process.argv.slice(2);
const supervised = !args.includes("--no-supervisor");
const [modhostd, callsArg = "1000000", perConnectionArg = "1000", parallelArg = "4"] = args.filter((a) => a !== "--no-supervisor");
if (!modhostd) {
    console.error("usage: node bench/cancelled-calls.mjs MODHOSTD [CALLS] [PER_CONNECTION] [PARALLEL] [--no-supervisor]");
    process.exit(2);
}
const positive = (text, name) => {
    const n = Number.parseInt(text, 10);
    if (!(n > 0) || String(n) !== text) {
        console.error(`cancelled-calls: ${name} must be a positive integer, got '${text}'`);
        process.exit(2);
    }
    return n;
};
const calls = positive(callsArg, "CALLS");
const perConnection = positive(perConnectionArg, "PER_CONNECTION");
const parallel = positive(parallelArg, "PARALLEL");
const STEP_TIMEOUT_MS = 30_000;
const REPORT_EVERY = 200_000;
// The warm-up: steps of WARMUP_ROUNDS connections per parallel worker, until one grows the RSS
// by less than WARMUP_SETTLED_PCT, at most WARMUP_STEPS of them. The allocator's working set
// for PARALLEL connections' calls in flight is reached by chance, when the daemon happens to
// hold more calls at once: after one fixed step of 40,000 calls the start varied from 25 to
// 31 MiB while runs settled at 31.7, which alone is more than 5 %.
const WARMUP_ROUNDS = 10;
const WARMUP_SETTLED_PCT = 1;
const WARMUP_STEPS = 5;
// Longer than any run: no call ends on its own, every one is cancelled.
const SLEEP_MS = 3_600_000;

function fail(message) {
    console.error(`cancelled-calls: ${message}`);
    stopDaemon();
    process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const library = process.env.GREETING_LIBRARY || path.join(path.dirname(modhostd), "libGreetingFixture.so");
if (!existsSync(library)) {
    console.error(`cancelled-calls: no ${library} (swift build -c release --product GreetingFixture, or set GREETING_LIBRARY)`);
    process.exit(2);
}
// The manifest names the SDK the library was built against, read from the SDK's source.
const sdkVersion = readFileSync(path.join(root, "SDK/Sources/ModifierKit/ModifierKit.swift"), "utf8")
    .match(/public static let version = "([^"]+)"/)?.[1];
if (!sdkVersion) {
    console.error("cancelled-calls: no SDK version in SDK/Sources/ModifierKit/ModifierKit.swift");
    process.exit(2);
}

const work = mkdtempSync(path.join(os.tmpdir(), "modhost-cancelled-"));
const pluginFolder = path.join(work, "plugins", "greeting");
mkdirSync(pluginFolder, { recursive: true });
copyFileSync(library, path.join(pluginFolder, "libGreetingFixture.so"));
writeFileSync(path.join(pluginFolder, "plugin.json"), JSON.stringify({
    name: "Greeting", platforms: ["linux"], sdkVersion,
    linux: { library: "libGreetingFixture.so", modules: ["GreetingModule"] },
}));
const socketPath = path.join(work, "modhost.sock");

let daemon = null;
let daemonLog = "";
function stopDaemon() {
    if (daemon && daemon.exitCode === null && daemon.signalCode === null) daemon.kill("SIGKILL");
    rmSync(work, { recursive: true, force: true });
}
process.on("exit", stopDaemon);

/// Starts the daemon; resolves with the pid of the engine that serves the socket.
function startDaemon() {
    return new Promise((resolve, reject) => {
        daemon = spawn(modhostd, ["--socket", socketPath, "--plugins", path.join(work, "plugins"), "--no-bundled-plugins",
            ...(supervised ? [] : ["--no-supervisor"])], {
            stdio: ["ignore", "ignore", "pipe"],
            env: { ...process.env, XDG_DATA_HOME: path.join(work, "data"), XDG_RUNTIME_DIR: work },
        });
        const timer = setTimeout(() => reject(new Error(`no 'listening on' within 20 s:\n${daemonLog}`)), 20_000);
        daemon.stderr.setEncoding("utf8");
        daemon.stderr.on("data", (text) => {
            // Only what tells the engine apart is kept: the log has a line per connection.
            daemonLog = (daemonLog + text).slice(-100_000);
            const pid = enginePid();
            if (pid !== undefined) {
                clearTimeout(timer);
                resolve(pid);
            }
        });
        daemon.once("exit", (code, signal) => {
            clearTimeout(timer);
            reject(new Error(`modhostd exited (code ${code}, signal ${signal}):\n${daemonLog}`));
        });
    });
}
let listeningLines = 0;
/// The pid in the last "modhostd[PID]: info: listening on" line: the engine's (the supervisor's
/// own lines carry its pid), or the daemon's own with --no-supervisor.
function enginePid() {
    const found = [...daemonLog.matchAll(/modhostd\[(\d+)\]: info: listening on/g)];
    listeningLines = Math.max(listeningLines, found.length);
    return found.length ? Number(found.at(-1)[1]) : undefined;
}

const rssKiB = (pid) => {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(status.match(/VmRSS:\s+(\d+) kB/)[1]);
};

/// A connection that hands out whole frames as parsed JSON.
class Connection {
    constructor(socket) {
        this.socket = socket;
        this.pending = Buffer.alloc(0);
        this.replies = new Map();
        this.waiter = null;
        this.closed = false;
        this.nextId = 1;
        socket.on("data", (chunk) => {
            this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
            while (this.pending.length >= 4) {
                const n = this.pending.readUInt32BE(0);
                if (this.pending.length < 4 + n) break;
                const message = JSON.parse(this.pending.toString("utf8", 4, 4 + n));
                if (message.id !== undefined) this.replies.set(message.id, message);
                this.pending = this.pending.subarray(4 + n);
            }
            this.wake();
        });
        socket.on("error", () => {});
        socket.on("close", () => {
            this.closed = true;
            this.wake();
        });
    }

    static open(where) {
        return new Promise((resolve, reject) => {
            const socket = net.createConnection(where);
            socket.once("connect", () => resolve(new Connection(socket)));
            socket.once("error", reject);
        });
    }

    wake() {
        const waiter = this.waiter;
        this.waiter = null;
        waiter?.();
    }

    /// A request's frame; its id is `this.nextId - 1` after the call.
    request(method, params) {
        const id = this.nextId++;
        return frame(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
    }

    async reply(id, what) {
        const deadline = Date.now() + STEP_TIMEOUT_MS;
        for (;;) {
            const reply = this.replies.get(id);
            if (reply) {
                this.replies.delete(id);
                return reply;
            }
            if (this.closed) fail(`the daemon closed the connection before answering ${what}`);
            if (Date.now() > deadline) fail(`no answer to ${what} within ${STEP_TIMEOUT_MS / 1000} s`);
            await new Promise((resolve) => {
                this.waiter = resolve;
                setTimeout(resolve, 100);
            });
        }
    }

    async call(method, params) {
        this.socket.write(this.request(method, params));
        const reply = await this.reply(this.nextId - 1, method);
        if (!reply.result) fail(`${method} failed: ${JSON.stringify(reply)}`);
        return reply.result;
    }

    close() { this.socket.destroy(); }
}

/// One connection: initialize, `count` calls that wait, a ping, then close (cancelling them).
async function cancelledCalls(count) {
    const connection = await Connection.open(socketPath);
    await connection.call("initialize", { protocolVersion: 1, client: { name: "bench-cancelled-calls" } });
    const frames = [];
    for (let i = 0; i < count; i++) {
        frames.push(connection.request("callFunction", { module: "Greeting", function: "greetLater", args: ["bench", SLEEP_MS] }));
    }
    frames.push(connection.request("ping"));
    const pingId = connection.nextId - 1;
    connection.socket.write(Buffer.concat(frames));
    // Frames are handled in order: once the ping is answered, every call has started.
    await connection.reply(pingId, "the ping after the calls");
    if (connection.replies.size > 0) {
        fail(`a call was answered before its connection closed: ${JSON.stringify([...connection.replies.values()][0])}`);
    }
    connection.close();
}

/// Runs `total` cancelled calls, `parallel` connections at a time.
async function run(total) {
    let left = total;
    const worker = async () => {
        while (left > 0) {
            const count = Math.min(perConnection, left);
            left -= count;
            await cancelledCalls(count);
        }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
}

/// The engine's RSS once it has handled the closes: a fresh connection's ping, 200 ms more.
async function settledRss(pid) {
    const connection = await Connection.open(socketPath);
    await connection.call("ping");
    connection.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    enginePid();
    if (listeningLines !== 1) fail(`the engine changed during the run (a crash?):\n${daemonLog.slice(-2000)}`);
    return rssKiB(pid);
}

let pid;
try {
    pid = await startDaemon();
} catch (error) {
    fail(error.message);
}
const mib = (kib) => (kib / 1024).toFixed(1);
const initial = await settledRss(pid);
let start = initial, warmup = 0;
for (let step = 1; step <= WARMUP_STEPS; step++) {
    const before = start;
    await run(WARMUP_ROUNDS * parallel * perConnection);
    warmup += WARMUP_ROUNDS * parallel * perConnection;
    start = await settledRss(pid);
    if (step > 1 && (start - before) * 100 / before < WARMUP_SETTLED_PCT) break;
}
console.error(`cancelled-calls: engine ${pid}${supervised ? "" : " (--no-supervisor)"}: ${mib(initial)} MiB before any call, ` +
    `${mib(start)} MiB after a warm-up of ${warmup} calls (start)`);
const samples = [];
const began = process.hrtime.bigint();
for (let done = 0; done < calls;) {
    const step = Math.min(REPORT_EVERY, calls - done);
    await run(step);
    done += step;
    const rss = await settledRss(pid);
    samples.push(rss);
    console.error(`cancelled-calls: ${done} calls cancelled: ${mib(rss)} MiB (${((rss - start) * 100 / start).toFixed(1)} % over start)`);
}
const seconds = Number(process.hrtime.bigint() - began) / 1e9;
const growth = (kib) => ((kib - start) * 100 / start).toFixed(2);
console.log([
    `calls=${calls}`, `connections=${Math.ceil(calls / perConnection)}`, `warmup_calls=${warmup}`, `rss_initial_kib=${initial}`, `rss_start_kib=${start}`,
    `rss_kib=${samples.join(",")}`, `growth_pct=${growth(samples.at(-1))}`, `max_growth_pct=${growth(Math.max(...samples))}`,
    `calls_per_s=${Math.round(calls / seconds)}`,
].join(" "));
daemon.kill("SIGTERM");
await new Promise((resolve) => {
    const timer = setTimeout(() => { daemon.kill("SIGKILL"); resolve(); }, 20_000);
    daemon.once("exit", () => { clearTimeout(timer); resolve(); });
    if (daemon.exitCode !== null || daemon.signalCode !== null) { clearTimeout(timer); resolve(); }
});
