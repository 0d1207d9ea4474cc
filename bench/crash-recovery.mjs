// bench/crash-recovery.mjs - how soon a supervised modhostd answers again after a plugin
// crashes its engine. Needs a daemon (with its supervisor) that loads the Faulty fixture
// plugin (`swift build --product FaultyFixture`; see bench/README.md).
//
//   node bench/crash-recovery.mjs SOCKET CRASHES
//
// Each crash: connect, `initialize`, `enablePlugin {"name":"Faulty"}` (the previous crash
// quarantined it; before the first crash the daemon refuses, which is expected), then write a
// `mount` whose Text node carries `{"$type":"faulty","fault":"body"}`: its body traps at mount
// and takes the engine down. The clock starts when that request has been written. Once the
// connection has closed (so the engine that crashed can no longer answer), a new connection
// sends `ping`; a connection the dying engine had taken and closes is retried at once. The
// clock stops when a ping's answer has been read.
//
// Prints one line of key=value: recovery_ms (request written -> ping answered, every crash),
// closed_ms (request written -> crashed connection closed), retries (pings that had to be
// sent again), and min/median/p90/max of recovery_ms. Exit 1 on any protocol surprise (a
// mount that is answered instead of crashing, an error reply to ping, 10 s without an
// answer). Standard library only.
import net from "node:net";
import { frame } from "./frames.mjs";

const [socketPath, crashesArg = "20"] = process.argv.slice(2);
if (!socketPath) {
    console.error("usage: node bench/crash-recovery.mjs SOCKET CRASHES");
    process.exit(2);
}
const crashes = Number.parseInt(crashesArg, 10);
if (!(crashes > 0)) {
    console.error(`crash-recovery: CRASHES must be a positive integer, got '${crashesArg}'`);
    process.exit(2);
}
const STEP_TIMEOUT_MS = 10_000;

function fail(message) {
    console.error(`crash-recovery: ${message}`);
    process.exit(1);
}

/// A connection that hands out whole frames as parsed JSON, and says when it closed.
class Connection {
    constructor(socket) {
        this.socket = socket;
        this.pending = Buffer.alloc(0);
        this.messages = [];
        this.waiter = null;
        this.closedAt = null;
        this.nextId = 1;
        socket.on("data", (chunk) => {
            this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
            while (this.pending.length >= 4) {
                const n = this.pending.readUInt32BE(0);
                if (this.pending.length < 4 + n) break;
                this.messages.push(JSON.parse(this.pending.toString("utf8", 4, 4 + n)));
                this.pending = this.pending.subarray(4 + n);
            }
            this.wake();
        });
        // A crashed engine's connections end with EOF or ECONNRESET; both are a close here.
        socket.on("error", () => {});
        socket.on("close", () => {
            this.closedAt = process.hrtime.bigint();
            this.wake();
        });
    }

    static open(path) {
        return new Promise((resolve, reject) => {
            const socket = net.createConnection(path);
            socket.setNoDelay?.(true);
            socket.once("connect", () => resolve(new Connection(socket)));
            socket.once("error", reject);
        });
    }

    wake() {
        const waiter = this.waiter;
        this.waiter = null;
        waiter?.();
    }

    /// Writes a request; returns its id.
    send(method, params) {
        const id = this.nextId++;
        this.socket.write(frame(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params }));
        return id;
    }

    /// The reply to `id` (notifications are skipped), or null when the connection closes first.
    async reply(id) {
        const deadline = Date.now() + STEP_TIMEOUT_MS;
        for (;;) {
            const index = this.messages.findIndex((m) => m.id === id);
            if (index >= 0) return this.messages.splice(index, 1)[0];
            if (this.closedAt !== null) return null;
            if (Date.now() > deadline) fail(`no reply to request ${id} within ${STEP_TIMEOUT_MS / 1000} s`);
            await new Promise((resolve) => {
                this.waiter = resolve;
                setTimeout(resolve, 100);
            });
        }
    }

    async call(method, params) {
        const reply = await this.reply(this.send(method, params));
        if (reply === null) fail(`the connection closed before the reply to ${method}`);
        return reply;
    }

    close() { this.socket.destroy(); }
}

const ms = (from, to) => Number(to - from) / 1e6;
const crashingRoot = { type: "Text", modifiers: [{ $type: "faulty", fault: "body" }] };

const recovery = [], closed = [];
let retries = 0;
for (let round = 1; round <= crashes; round++) {
    const culprit = await Connection.open(socketPath);
    const init = await culprit.call("initialize", { protocolVersion: 1, client: { name: "bench-crash-recovery" } });
    if (!init.result) fail(`initialize failed: ${JSON.stringify(init)}`);
    const enabled = await culprit.call("enablePlugin", { name: "Faulty" });
    if (round > 1 && !enabled.result) {
        fail(`crash ${round - 1} did not quarantine Faulty: enablePlugin answered ${JSON.stringify(enabled)}`);
    }

    const id = culprit.send("mount", { surface: `crash-${round}`, root: crashingRoot });
    const written = process.hrtime.bigint();
    const answered = await culprit.reply(id);
    if (answered !== null) fail(`the faulty mount was answered instead of crashing the engine: ${JSON.stringify(answered)}`);
    closed.push(ms(written, culprit.closedAt));
    culprit.close();

    // Connections wait in the listening socket's backlog until the new engine accepts them.
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    for (;;) {
        if (Date.now() > deadline) fail(`no ping answered within ${STEP_TIMEOUT_MS / 1000} s of crash ${round}`);
        let connection;
        try {
            connection = await Connection.open(socketPath);
        } catch {
            retries++;
            continue;
        }
        const reply = await connection.reply(connection.send("ping"));
        const now = process.hrtime.bigint();
        connection.close();
        if (reply === null) {
            retries++;
            continue;
        }
        if (!reply.result) fail(`ping after crash ${round} failed: ${JSON.stringify(reply)}`);
        recovery.push(ms(written, now));
        break;
    }
}

const sorted = [...recovery].sort((a, b) => a - b);
const rank = (q) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
const list = (values) => values.map((v) => v.toFixed(2)).join(",");
console.log(
    `mode=crash-recovery crashes=${crashes} min_ms=${sorted[0].toFixed(2)} median_ms=${median.toFixed(2)}` +
    ` p90_ms=${rank(0.9).toFixed(2)} max_ms=${sorted[sorted.length - 1].toFixed(2)} retries=${retries}` +
    ` recovery_ms=${list(recovery)} closed_ms=${list(closed)}`);
