// Run wrk (Debian package `wrk`, /usr/bin/wrk) and parse its report.
//
//   assertWrk();                                   // exits 2 with an install hint when missing
//   const r = await runWrk(url, { threads: 1, connections: 50, seconds: 15, headers: { Cookie: "a=b" } });
//   r.rps, r.p50, r.p90, r.p99 (ms), r.requests, r.non2xx3xx, r.socketErrors, r.raw
//
// wrk counts only status >= 400 as "Non-2xx or 3xx responses" (a 3xx is not an error to it);
// callers that must not accept redirects check one response themselves before and after a run.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const WRK = process.env.WRK_PATH ?? "/usr/bin/wrk";

/** Exit 2 with an install hint when wrk is missing. */
export function assertWrk() {
  const found = existsSync(WRK) || spawnSync("sh", ["-c", `command -v ${WRK}`]).status === 0;
  if (!found) {
    console.error(`wrk not found at ${WRK}. Install it with: apt-get install -y wrk (or set WRK_PATH).`);
    process.exit(2);
  }
}

const unitMs = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "1.23ms" → 1.23; "850.00us" → 0.85 */
export function parseDuration(text) {
  const match = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim());
  if (!match) return NaN;
  return Number(match[1]) * unitMs[match[2]];
}

/** Parse wrk's stdout (with --latency). */
export function parseWrk(raw) {
  const percentile = (p) => {
    const match = new RegExp(`^\\s*${p}%\\s+(\\S+)`, "m").exec(raw);
    return match ? parseDuration(match[1]) : NaN;
  };
  const num = (re) => {
    const match = re.exec(raw);
    return match ? Number(match[1]) : 0;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(raw);
  const socketErrors = socket
    ? { connect: +socket[1], read: +socket[2], write: +socket[3], timeout: +socket[4] }
    : { connect: 0, read: 0, write: 0, timeout: 0 };
  const requests = num(/^\s*(\d+) requests in /m);
  // No completed request: wrk prints 0.00us percentiles, which are not latencies.
  const latency = (p) => (requests > 0 ? percentile(p) : NaN);
  return {
    rps: num(/^Requests\/sec:\s+([\d.]+)/m),
    requests,
    p50: latency(50),
    p75: latency(75),
    p90: latency(90),
    p99: latency(99),
    non2xx3xx: num(/Non-2xx or 3xx responses:\s+(\d+)/),
    socketErrors,
    socketErrorCount: socketErrors.connect + socketErrors.read + socketErrors.write + socketErrors.timeout,
  };
}

/** One wrk run; resolves with the parsed report (rejects when wrk fails or prints nothing usable). */
export function runWrk(url, { threads = 1, connections = 50, seconds = 15, timeoutSeconds = 5, headers = {}, script } = {}) {
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, `--timeout`, `${timeoutSeconds}s`, "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  if (script) args.push("-s", script);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(WRK, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    child.once("error", reject);
    child.once("exit", (code) => {
      const parsed = parseWrk(out);
      // 0 requests with exit 0 is a result (every request slower than the run), not a failure.
      if (code !== 0 || !/Requests\/sec:/.test(out)) {
        reject(new Error(`wrk ${args.join(" ")} failed (exit ${code}):\n${out}${err}`));
        return;
      }
      resolve({ ...parsed, raw: out, args });
    });
  });
}

/** `[0.52, 0.61, 0.7]` rounded for the record. */
export const loadavg = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

/** Print rows as a table and write the --json file (bench contract). */
export function reportRows({ bench, startedAt, rows, notes, json, loadAverage }) {
  const table = rows.map((r) => ({
    measure: r.measure,
    value: typeof r.value === "number" ? String(Math.round(r.value * 100) / 100) : String(r.value),
    unit: r.unit ?? "",
    target: r.target ?? "",
    pass: r.pass === null || r.pass === undefined ? "" : r.pass ? "ok" : "MISS",
  }));
  const widths = ["measure", "value", "unit", "target", "pass"].map((k) => Math.max(k.length, ...table.map((row) => row[k].length)));
  const line = (cells) => "| " + cells.map((c, i) => c.padEnd(widths[i])).join(" | ") + " |";
  console.log(line(["measure", "value", "unit", "target", "pass"]));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const row of table) console.log(line([row.measure, row.value, row.unit, row.target, row.pass]));
  for (const note of notes) console.log(`- ${note}`);
  const record = { bench, startedAt, loadavg: loadAverage, rows, notes };
  if (json) {
    mkdirSync(path.dirname(path.resolve(json)), { recursive: true });
    writeFileSync(json, JSON.stringify(record, null, 2) + "\n");
  }
  return record;
}
