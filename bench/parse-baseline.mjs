// bench/parse-baseline.mjs - how long Node's JSON.parse takes over a file: the
// optional outside baseline for the 10,000-row mount (bench/run writes the mount
// request's JSON text with `client ... surface ... --dump FILE`).
//
//   node bench/parse-baseline.mjs FILE [REPS]
//
// Reads FILE once (as a UTF-8 string, outside the timing), parses it twice
// untimed (JIT warm-up), then REPS times timed. Prints one line:
//   mode=node-parse bytes=3964576 reps=5 parse_ms=21.3,20.9,...
// Standard library only.
import { readFileSync } from "node:fs";

const [file, repsArg = "5"] = process.argv.slice(2);
if (!file) {
    console.error("usage: node bench/parse-baseline.mjs FILE [REPS]");
    process.exit(2);
}
const reps = Number.parseInt(repsArg, 10);
if (!(reps > 0)) {
    console.error(`parse-baseline: REPS must be a positive integer, got '${repsArg}'`);
    process.exit(2);
}
const text = readFileSync(file, "utf8");
let sink = 0;
for (let i = 0; i < 2; i++) sink += JSON.parse(text).params.root.children.length;
const times = [];
for (let i = 0; i < reps; i++) {
    const t0 = process.hrtime.bigint();
    const value = JSON.parse(text);
    const t1 = process.hrtime.bigint();
    sink += value.params.root.children.length;
    times.push(Number(t1 - t0) / 1e6);
}
if (sink === 0) console.error("parse-baseline: the parsed root has no rows");
console.log(`mode=node-parse bytes=${Buffer.byteLength(text)} reps=${reps} parse_ms=${times.map((t) => t.toFixed(3)).join(",")}`);
