// bench/fairness.mjs - does one heavy client starve the others? A "heavy" connection mounts a
// List of ROWS rows and then sends batches of BATCH `snapshot`s of it, one after another
// (each sent as soon as the previous batch's reply has been read), for SECONDS; meanwhile a
// "bystander" connection sends `ping` every 5 ms and times each answer.
//
//   node bench/fairness.mjs SOCKET ENGINE_PID [ROWS] [BATCH] [SECONDS]
//
// The heavy client runs in a worker thread, so that reading its large replies never delays
// the bystander's clock. ENGINE_PID is the process serving the socket: its peak resident
// memory (VmHWM) is read after the mount and after the storm.
//
// Prints one line of key=value: idle_p50_ms and idle_p99_ms (pings before the storm),
// p50_ms, p99_ms, max_ms (pings during it), pings, batches (replies read), run and refused
// (requests of the last batch that ran, and that were refused for the reply budget),
// batch_ms (median time from sending a batch to its whole reply), mount_hwm_kib and
// storm_hwm_kib (VmHWM after the mount and after the storm), reply_bytes (of one batch).
// Exit 1 on a protocol surprise or 30 s without an answer. Standard library only.
import net from "node:net";
import { frame } from "./frames.mjs";
import fs from "node:fs";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

const STEP_TIMEOUT_MS = 30_000;

/// A connection that hands out whole frames (as Buffers); chunks of a large frame are kept
/// in a list and joined once, so a 60 MB reply costs one copy.
class Connection {
    constructor(socket) {
        this.socket = socket;
        this.chunks = [];
        this.buffered = 0;
        this.frames = [];
        this.waiter = null;
        socket.on("data", (chunk) => {
            this.chunks.push(chunk);
            this.buffered += chunk.length;
            this.split();
        });
        socket.on("error", (error) => this.wake(error));
        socket.on("close", () => this.wake(new Error("the daemon closed the connection")));
    }

    static open(path) {
        return new Promise((resolve, reject) => {
            const socket = net.createConnection(path);
            socket.once("connect", () => resolve(new Connection(socket)));
            socket.once("error", reject);
        });
    }

    split() {
        while (this.buffered >= 4) {
            if (this.chunks[0].length < 4) this.chunks = [Buffer.concat(this.chunks)];
            const n = this.chunks[0].readUInt32BE(0);
            if (this.buffered < 4 + n) return;
            const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
            this.frames.push(all.subarray(4, 4 + n));
            const rest = all.subarray(4 + n);
            this.chunks = rest.length ? [rest] : [];
            this.buffered = rest.length;
        }
        if (this.frames.length) this.wake(null);
    }

    wake(error) {
        if (!this.waiter) return;
        const waiter = this.waiter;
        this.waiter = null;
        waiter(error);
    }

    /// The next frame's payload.
    async next() {
        while (!this.frames.length) {
            await new Promise((resolve, reject) => {
                const timer = setTimeout(() => reject(new Error(`no answer within ${STEP_TIMEOUT_MS} ms`)), STEP_TIMEOUT_MS);
                this.waiter = (error) => { clearTimeout(timer); error ? reject(error) : resolve(); };
            });
        }
        return this.frames.shift();
    }

    /// Sends a request and returns its parsed response, skipping notifications.
    async call(id, method, params) {
        this.socket.write(frame({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) }));
        for (;;) {
            const message = JSON.parse((await this.next()).toString("utf8"));
            if (message.id === id) return message;
            if (message.id !== undefined) throw new Error(`an answer to another request: ${JSON.stringify(message).slice(0, 200)}`);
        }
    }
}

/// Counts the occurrences of `text` in `buffer`.
function occurrences(buffer, text) {
    let count = 0;
    for (let at = buffer.indexOf(text); at !== -1; at = buffer.indexOf(text, at + text.length)) count++;
    return count;
}

function percentile(sorted, p) {
    if (!sorted.length) return NaN;
    return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

function peakKiB(pid) {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : NaN;
}

async function heavy({ socketPath, rows, batch, seconds }) {
    const connection = await Connection.open(socketPath);
    const init = await connection.call(1, "initialize", { protocolVersion: 1, client: { name: "bench-fairness-heavy", version: "1" } });
    if (!init.result) throw new Error(`initialize: ${JSON.stringify(init)}`);
    const children = [];
    for (let i = 0; i < rows; i++) children.push({ type: "Text", key: `row-${i}`, props: { text: `row ${i} of the list` } });
    const mounted = await connection.call(2, "mount", { surface: "big", root: { type: "List", children } });
    if (!mounted.result) throw new Error(`mount: ${JSON.stringify(mounted).slice(0, 300)}`);
    parentPort.postMessage({ mounted: true });
    await new Promise((resolve) => parentPort.once("message", resolve));
    const requests = [];
    for (let i = 0; i < batch; i++) requests.push({ jsonrpc: "2.0", id: i, method: "snapshot", params: { surface: "big" } });
    const bytes = frame(requests);
    const end = Date.now() + seconds * 1000;
    const times = [];
    let batches = 0, refused = 0, replyBytes = 0;
    while (Date.now() < end) {
        const start = Date.now();
        connection.socket.write(bytes);
        const reply = await connection.next();
        times.push(Date.now() - start);
        batches++;
        replyBytes = reply.length;
        refused = occurrences(reply, '"code":-32001');
        if (reply[0] !== 0x5b) throw new Error(`a batch answered with ${reply.subarray(0, 200).toString()}`);
    }
    times.sort((a, b) => a - b);
    parentPort.postMessage({ batches, refused, run: batch - refused, batchMs: percentile(times, 0.5), replyBytes });
    connection.socket.destroy();
}

async function main() {
    const [socketPath, enginePid, rowsArg = "100000", batchArg = "40", secondsArg = "10"] = process.argv.slice(2);
    if (!socketPath || !enginePid) {
        console.error("usage: node bench/fairness.mjs SOCKET ENGINE_PID [ROWS] [BATCH] [SECONDS]");
        process.exit(2);
    }
    const rows = Number(rowsArg), batch = Number(batchArg), seconds = Number(secondsArg);
    const worker = new Worker(new URL(import.meta.url), { workerData: { socketPath, rows, batch, seconds } });
    const messages = [];
    let notify = null;
    worker.on("message", (message) => { messages.push(message); if (notify) notify(); });
    worker.on("error", (error) => { console.error(`fairness: heavy client: ${error.message}`); process.exit(1); });
    const nextMessage = async () => {
        while (!messages.length) await new Promise((resolve) => { notify = resolve; });
        return messages.shift();
    };

    const bystander = await Connection.open(socketPath);
    let id = 1;
    const init = await bystander.call(id++, "initialize", { protocolVersion: 1, client: { name: "bench-fairness-bystander", version: "1" } });
    if (!init.result) throw new Error(`initialize: ${JSON.stringify(init)}`);
    await nextMessage();  // mounted
    const mountHwm = peakKiB(enginePid);
    const ping = async () => {
        const start = process.hrtime.bigint();
        const answer = await bystander.call(id++, "ping");
        if (!answer.result) throw new Error(`ping: ${JSON.stringify(answer)}`);
        return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const idle = [];
    for (let i = 0; i < 200; i++) idle.push(await ping());
    idle.sort((a, b) => a - b);

    worker.postMessage("go");
    const storm = [];
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
        storm.push(await ping());
        await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const result = await nextMessage();
    const stormHwm = peakKiB(enginePid);
    storm.sort((a, b) => a - b);
    const f = (x) => x.toFixed(2);
    console.log([
        `idle_p50_ms=${f(percentile(idle, 0.5))}`, `idle_p99_ms=${f(percentile(idle, 0.99))}`,
        `p50_ms=${f(percentile(storm, 0.5))}`, `p99_ms=${f(percentile(storm, 0.99))}`, `max_ms=${f(storm[storm.length - 1])}`,
        `pings=${storm.length}`, `batches=${result.batches}`, `run=${result.run}`, `refused=${result.refused}`,
        `batch_ms=${result.batchMs}`, `reply_bytes=${result.replyBytes}`, `mount_hwm_kib=${mountHwm}`, `storm_hwm_kib=${stormHwm}`,
    ].join(" "));
    bystander.socket.destroy();
    await worker.terminate();
}

if (isMainThread) {
    main().catch((error) => { console.error(`fairness: ${error.message}`); process.exit(1); });
} else {
    heavy(workerData).catch((error) => { console.error(`fairness: heavy client: ${error.message}`); process.exit(1); });
}
