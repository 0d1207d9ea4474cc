// bench/crash-recovery.mjs - how soon a supervised modhostd answers again after a plugin
// crashes or hangs its engine, on the connections it already had. Needs a daemon (with its
// supervisor) that loads the Faulty fixture plugin (`swift build --product FaultyFixture`;
// see bench/README.md).
//
//   node bench/crash-recovery.mjs SOCKET CRASHES [HANGS]
//
// One culprit and one bystander connection, both initialized, for the whole run: connections
// outlive the engine (protocol/crashes.md section 6), so neither may close. Each round: the
// culprit sends `enablePlugin {"name":"Faulty"}` (the previous round quarantined it), then
// writes a `mount` whose Text node carries `{"$type":"faulty","fault":"body"}` (a trap at
// mount; `"hang"` for the HANGS rounds that follow the crashes, a body that never returns,
// ended at the daemon's --plugin-timeout). The clock starts when that request is written; right
// after it, the bystander writes a `ping`. The clock stops for the bystander when its ping is
// answered, and for the culprit when its mount gets the restart error (-32005).
//
// Prints one line of key=value: recovery_ms (crash rounds: request written -> bystander's
// ping answered), answered_ms (request written -> the culprit's restart error), hang_ms (hang
// rounds: request written -> bystander's ping answered), min/median/p90/max of recovery_ms and
// the max of hang_ms. Exit 1 on any surprise: a connection that closes, a mount answered
// otherwise than with -32005, an error reply to ping, 10 s without an answer. Standard library
// only.
import net from "node:net";
import { frame } from "./frames.mjs";

const [socketPath, crashesArg = "20", hangsArg = "0"] = process.argv.slice(2);
if (!socketPath) {
    console.error("usage: node bench/crash-recovery.mjs SOCKET CRASHES [HANGS]");
    process.exit(2);
}
const crashes = Number.parseInt(crashesArg, 10);
const hangs = Number.parseInt(hangsArg, 10);
if (!(crashes > 0) || !(hangs >= 0)) {
    console.error(`crash-recovery: CRASHES must be a positive integer and HANGS one or 0, got '${crashesArg}' '${hangsArg}'`);
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
        this.answeredAt = new Map();
        socket.on("data", (chunk) => {
            this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
            while (this.pending.length >= 4) {
                const n = this.pending.readUInt32BE(0);
                if (this.pending.length < 4 + n) break;
                const message = JSON.parse(this.pending.toString("utf8", 4, 4 + n));
                if (message.id !== undefined) this.answeredAt.set(message.id, process.hrtime.bigint());
                this.messages.push(message);
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
const root = (fault) => ({ type: "Text", modifiers: [{ $type: "faulty", fault }] });

async function initialized(name) {
    const connection = await Connection.open(socketPath);
    const init = await connection.call("initialize", { protocolVersion: 1, client: { name } });
    if (!init.result) fail(`initialize failed: ${JSON.stringify(init)}`);
    return connection;
}

const culprit = await initialized("bench-crash-culprit");
const bystander = await initialized("bench-crash-bystander");
const recovery = [], answered = [], hung = [];
for (let round = 1; round <= crashes + hangs; round++) {
    const fault = round > crashes ? "hang" : "body";
    const enabled = await culprit.call("enablePlugin", { name: "Faulty" });
    if (round > 1 && !enabled.result) {
        fail(`round ${round - 1} did not quarantine Faulty: enablePlugin answered ${JSON.stringify(enabled)}`);
    }
    const id = culprit.send("mount", { surface: `crash-${round}`, root: root(fault) });
    const written = process.hrtime.bigint();
    const ping = bystander.send("ping");
    const [mounted, pinged] = await Promise.all([culprit.reply(id), bystander.reply(ping)]);
    if (mounted === null || pinged === null) fail(`round ${round}: the ${mounted === null ? "culprit's" : "bystander's"} connection closed`);
    if (mounted.error?.code !== -32005) fail(`round ${round}: the ${fault} mount was answered with ${JSON.stringify(mounted)}, not the restart error`);
    if (!pinged.result) fail(`round ${round}: the bystander's ping failed: ${JSON.stringify(pinged)}`);
    const stopped = bystander.answeredAt.get(ping);
    (fault === "hang" ? hung : recovery).push(ms(written, stopped));
    if (fault !== "hang") answered.push(ms(written, culprit.answeredAt.get(id)));
}
culprit.close();
bystander.close();

const sorted = [...recovery].sort((a, b) => a - b);
const rank = (q) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
const list = (values) => values.map((v) => v.toFixed(2)).join(",");
console.log(
    `mode=crash-recovery crashes=${crashes} hangs=${hangs} min_ms=${sorted[0].toFixed(2)} median_ms=${median.toFixed(2)}` +
    ` p90_ms=${rank(0.9).toFixed(2)} max_ms=${sorted[sorted.length - 1].toFixed(2)} retries=0` +
    ` hang_max_ms=${hung.length ? Math.max(...hung).toFixed(2) : "-"}` +
    ` recovery_ms=${list(recovery)} answered_ms=${list(answered)} hang_ms=${hung.length ? list(hung) : "-"}`);
