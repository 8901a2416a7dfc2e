#!/usr/bin/env node
// Server memory (issue 10, goal 5): resident set size (VmRSS of the node server process, read
// from /proc/<pid>/status) after a load run, with PostgreSQL and with the embedded PGlite, and a
// soak against the PostgreSQL server with RSS sampled every 10 s.
//
//   load: wrk, 50 connections, `--duration` s (default 60), a Lua script cycling public pages in
//         both languages; every other cycle sends `Cookie: bench=1` so the page cache steps
//         aside and the pages are really rendered.            targets: ≤ 200 MB (PostgreSQL),
//                                                                      ≤ 450 MB (PGlite)
//   soak: `--soak-minutes` (default 10) of moderate load (10 connections, each pausing 20 ms
//         between requests: ≤ 500 requests/s) on the same PostgreSQL server after its load run.
//         "No growth": median RSS of the last 2 minutes vs minutes 2–4 grows ≤ 5 % or ≤ 10 MB
//         (shorter soaks: the last 20 % vs 20–40 % of the run). The least-squares slope after
//         warm-up is reported in MB/min. The curve goes to bench/results/memory-soak-<time>.csv.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseCli } from "./lib/cli.mjs";
import { ensureBuild, onShutdown, repoRoot, startServer } from "./lib/server.mjs";
import { createDatabase, dropDatabase, exitCodeOf, loadavg, processName, rowsTable, rssMb, table, writeResult } from "./lib/rows.mjs";

const usage = `Usage: node bench/memory.mjs [options]
  --duration S          load run per database, seconds (default 60)
  --connections N       load connections (default 50)
  --soak-minutes N      soak on the PostgreSQL server, minutes (default 10; 0 = no soak)
  --sample-seconds N    soak RSS sampling interval (default 10)
  --no-pg               skip PostgreSQL (and the soak)
  --no-pglite           skip the embedded database
  --json PATH           write the result (bench contract) to PATH
  --build               run \`react-router build\` first (default: only when build/ is missing)`;

const args = parseCli(
  {
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "50" },
    "soak-minutes": { type: "string", default: "10" },
    "sample-seconds": { type: "string", default: "10" },
    "no-pg": { type: "boolean", default: false },
    "no-pglite": { type: "boolean", default: false },
    json: { type: "string" },
    build: { type: "boolean", default: false },
  },
  usage,
);
const duration = Number(args.duration);
const connections = Number(args.connections);
const soakMinutes = Number(args["soak-minutes"]);
const sampleSeconds = Number(args["sample-seconds"]);
if (
  !(duration >= 1 && duration <= 3600) ||
  !(Number.isInteger(connections) && connections >= 1 && connections <= 1000) ||
  !(soakMinutes >= 0 && soakMinutes <= 120) ||
  !(sampleSeconds >= 1 && sampleSeconds <= 600)
) {
  console.error(usage);
  process.exit(2);
}

const PATHS = ["/", "/events", "/sermons", "/prayer", "/about", "/?lang=es", "/events?lang=es"];
const RSS_TARGET = { postgres: 200, pglite: 450 };
const SOAK_CONNECTIONS = 10;
const SOAK_DELAY_MS = 20;
const log = (...parts) => console.error(...parts);
const round1 = (n) => Math.round(n * 10) / 10;

function wrkAvailable() {
  const result = spawnSync("wrk", ["--version"], { encoding: "utf8" });
  return !result.error;
}

/** wrk Lua: cycle the paths; every other cycle with the cookie; optional pause per request. */
function luaScript(delayMs) {
  const list = PATHS.map((p) => JSON.stringify(p)).join(", ");
  return `local paths = { ${list} }
local i = 0
request = function()
  i = i + 1
  local p = paths[(i % #paths) + 1]
  if math.floor(i / #paths) % 2 == 1 then
    return wrk.format("GET", p, { ["Cookie"] = "bench=1" })
  end
  return wrk.format("GET", p)
end
${delayMs > 0 ? `delay = function() return ${delayMs} end\n` : ""}`;
}

/** Run wrk against `url`; resolves with its parsed summary. Bounded by -d plus a margin. */
function runWrk({ url, seconds, conns, threads, script }) {
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", [`-t${threads}`, `-c${conns}`, `-d${seconds}s`, "--timeout", "10s", "--latency", "-s", script, url], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    const unregister = onShutdown(() => child.kill("SIGTERM"));
    const guard = setTimeout(() => child.kill("SIGKILL"), (seconds + 30) * 1000);
    child.once("exit", (code) => {
      clearTimeout(guard);
      unregister();
      if (code !== 0) return reject(new Error(`wrk exited ${code}:\n${out}`));
      const num = (re) => {
        const m = re.exec(out);
        return m ? Number(m[1]) : null;
      };
      const ms = (re) => {
        const m = re.exec(out);
        if (!m) return null;
        const factor = { us: 0.001, ms: 1, s: 1000, m: 60000 }[m[2]] ?? 1;
        return Number(m[1]) * factor;
      };
      resolve({
        rps: num(/Requests\/sec:\s+([\d.]+)/),
        requests: num(/(\d+) requests in/),
        non2xx: num(/Non-2xx or 3xx responses:\s+(\d+)/) ?? 0,
        socketErrors: /Socket errors:[^\n]*/.exec(out)?.[0] ?? null,
        p99: ms(/\s99%\s+([\d.]+)(us|ms|s|m)\b/),
        raw: out,
      });
    });
  });
}

const median = (xs) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function slopePerMinute(samples) {
  if (samples.length < 2) return null;
  const xs = samples.map((s) => s.t / 60);
  const ys = samples.map((s) => s.rss);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den ? num / den : null;
}

function sparkline(values) {
  const bars = "▁▂▃▄▅▆▇█";
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return values.map((v) => bars[hi === lo ? 0 : Math.round(((v - lo) / (hi - lo)) * (bars.length - 1))]).join("");
}

/** Start a server, load it, read RSS; optionally soak it. Returns rows and notes. */
async function measureDatabase({ kind, env, script, soakScript, doSoak, stamp }) {
  const label = kind === "postgres" ? "PostgreSQL" : "PGlite";
  const rows = [];
  const notes = [];
  const server = await startServer({ log, env });
  try {
    const name = await processName(server.pid);
    if (name !== "node" && name !== "MainThread") throw new Error(`pid ${server.pid} is "${name}", not the node server`);
    const idle = await rssMb(server.pid);
    log(`${label}: RSS after start ${round1(idle)} MB; load: wrk ${connections} connections, ${duration} s…`);
    // One request per path first, so every page (and its cache entry) exists before the run.
    for (const p of PATHS) await fetch(server.url + p).then((r) => r.arrayBuffer());
    const load = await runWrk({ url: server.url, seconds: duration, conns: connections, threads: 2, script });
    const after = await rssMb(server.pid);
    if (after === null) throw new Error(`the ${label} server (pid ${server.pid}) exited during the load`);
    const peak = await import("node:fs").then(({ readFileSync }) => {
      const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"));
      return m ? Number(m[1]) / 1024 : null;
    });
    log(
      `${label}: ${load.requests} requests, ${load.rps} req/s, p99 ${load.p99} ms, non-2xx ${load.non2xx}; ` +
        `RSS after load ${round1(after)} MB (peak ${round1(peak)} MB)`,
    );
    notes.push(
      `${label} load: ${load.requests} requests, ${load.rps} req/s, p99 ${load.p99} ms, non-2xx/3xx ${load.non2xx}` +
        (load.socketErrors ? `, ${load.socketErrors}` : "") +
        `; RSS after start ${round1(idle)} MB, peak ${round1(peak)} MB`,
    );
    rows.push({
      measure: `RSS after load (${label})`,
      value: round1(after),
      unit: "MB",
      target: `≤ ${RSS_TARGET[kind]} MB`,
      pass: after <= RSS_TARGET[kind],
    });
    rows.push({ measure: `peak RSS during load (${label})`, value: round1(peak), unit: "MB", target: "", pass: null });
    rows.push({
      measure: `load requests/s, ${connections} conn (${label})`,
      value: load.rps,
      unit: "rps",
      target: "0 errors",
      pass: load.non2xx === 0 && !load.socketErrors,
    });

    if (doSoak && soakMinutes > 0) rows.push(...(await soak({ server, label, soakScript, stamp, notes })));
  } finally {
    await server.close();
  }
  return { rows, notes };
}

async function soak({ server, label, soakScript, stamp, notes }) {
  const seconds = Math.round(soakMinutes * 60);
  log(
    `${label}: soak ${soakMinutes} min, ${SOAK_CONNECTIONS} connections pausing ${SOAK_DELAY_MS} ms per request, ` +
      `RSS every ${sampleSeconds} s…`,
  );
  const samples = [{ t: 0, rss: await rssMb(server.pid) }];
  const t0 = Date.now();
  const timer = setInterval(async () => {
    const rss = await rssMb(server.pid);
    if (rss !== null) samples.push({ t: (Date.now() - t0) / 1000, rss });
    if (samples.length % 6 === 0) log(`  ${Math.round((Date.now() - t0) / 1000)} s: ${round1(rss)} MB`);
  }, sampleSeconds * 1000);
  let run;
  try {
    run = await runWrk({ url: server.url, seconds, conns: SOAK_CONNECTIONS, threads: 1, script: soakScript });
  } finally {
    clearInterval(timer);
  }
  samples.push({ t: (Date.now() - t0) / 1000, rss: await rssMb(server.pid) });

  mkdirSync(path.join(repoRoot, "bench/results"), { recursive: true });
  const csv = path.join(repoRoot, `bench/results/memory-soak-${stamp}.csv`);
  writeFileSync(csv, "seconds,rss_mb\n" + samples.map((s) => `${s.t.toFixed(1)},${s.rss.toFixed(1)}`).join("\n") + "\n");

  // Windows: minutes 2–4 vs the last 2 minutes; proportional for soaks shorter than 6 minutes.
  const total = samples.at(-1).t;
  const [earlyFrom, earlyTo, lateFrom] = soakMinutes >= 6 ? [120, 240, total - 120] : [total * 0.2, total * 0.4, total * 0.8];
  const early = median(samples.filter((s) => s.t >= earlyFrom && s.t <= earlyTo).map((s) => s.rss));
  const late = median(samples.filter((s) => s.t >= lateFrom).map((s) => s.rss));
  const slope = slopePerMinute(samples.filter((s) => s.t >= earlyFrom));
  const growth = early !== null && late !== null ? late - early : null;
  const growthPct = growth !== null ? (100 * growth) / early : null;
  const windows =
    soakMinutes >= 6
      ? "median of the last 2 min vs minutes 2–4"
      : "median of the last 20 % vs 20–40 % of the run (soak shorter than 6 min)";

  console.log(
    `\nsoak (${label}, ${soakMinutes} min, ${run.requests} requests, ${run.rps} req/s, non-2xx ${run.non2xx}): RSS every ${sampleSeconds} s`,
  );
  console.log(
    `  ${sparkline(samples.map((s) => s.rss))}  ${round1(Math.min(...samples.map((s) => s.rss)))}–${round1(Math.max(...samples.map((s) => s.rss)))} MB`,
  );
  const perMinute = [];
  for (let m = 0; m < Math.ceil(total / 60); m++) {
    const inMinute = samples.filter((s) => s.t >= m * 60 && s.t < (m + 1) * 60).map((s) => s.rss);
    if (inMinute.length) perMinute.push([`${m}–${m + 1}`, round1(median(inMinute)).toFixed(1), round1(Math.max(...inMinute)).toFixed(1)]);
  }
  console.log(table(["minute", "median MB", "max MB"], perMinute).replace(/^/gm, "  "));
  console.log(`  curve: ${path.relative(repoRoot, csv)}`);
  notes.push(
    `soak ${label}: ${soakMinutes} min, ${run.requests} requests (${run.rps} req/s, non-2xx ${run.non2xx}); ${windows}: ` +
      `${round1(early)} → ${round1(late)} MB; slope ${slope?.toFixed(2)} MB/min; curve ${path.relative(repoRoot, csv)}; ` +
      `sparkline ${sparkline(samples.map((s) => s.rss))}`,
  );
  const ok = growth !== null && (growth <= 10 || growthPct <= 5);
  return [
    {
      measure: `soak RSS growth, ${soakMinutes} min (${label})`,
      value: growth === null ? null : round1(growth),
      unit: "MB",
      target: "≤ 5 % or ≤ 10 MB",
      pass: growth === null ? null : ok,
    },
    {
      measure: `soak RSS growth (${label}), percent`,
      value: growthPct === null ? null : round1(growthPct),
      unit: "%",
      target: "",
      pass: null,
    },
    {
      measure: `soak RSS slope after warm-up (${label})`,
      value: slope === null ? null : Math.round(slope * 100) / 100,
      unit: "MB/min",
      target: "",
      pass: null,
    },
  ];
}

// ---- main ---------------------------------------------------------------------------------------
if (!wrkAvailable()) {
  console.error("wrk is not installed: apt-get install -y wrk");
  process.exit(2);
}
const startedAt = new Date().toISOString();
const load = loadavg();
const stamp = startedAt.replace(/[:.]/g, "-");
const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-memory-"));
onShutdown(() => rmSync(tmp, { recursive: true, force: true }));
const script = path.join(tmp, "load.lua");
const soakScript = path.join(tmp, "soak.lua");
writeFileSync(script, luaScript(0));
writeFileSync(soakScript, luaScript(SOAK_DELAY_MS));
const dbName = `bench_mem_${process.pid}`;
let dbCreated = false;
onShutdown(() => dbCreated && dropDatabase(dbName));

const rows = [];
const notes = [
  `load: wrk -t2 -c${connections} -d${duration}s over ${PATHS.join(" ")}, every other cycle with Cookie: bench=1 (page cache bypassed)`,
];
let failed = false;
try {
  ensureBuild({ force: args.build, log });
  if (!args["no-pg"]) {
    try {
      const databaseUrl = createDatabase(dbName);
      dbCreated = true;
      const r = await measureDatabase({ kind: "postgres", env: { DATABASE_URL: databaseUrl }, script, soakScript, doSoak: true, stamp });
      rows.push(...r.rows);
      notes.push(...r.notes);
    } finally {
      if (dbCreated) dropDatabase(dbName);
      dbCreated = false;
    }
  }
  if (!args["no-pglite"]) {
    const r = await measureDatabase({ kind: "pglite", env: {}, script, soakScript, doSoak: false, stamp });
    rows.push(...r.rows);
    notes.push(...r.notes);
  }
} catch (error) {
  failed = true;
  notes.push(`measurement failed: ${error.message.split("\n")[0]}`);
  log(`memory: ${error.stack ?? error.message}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

console.log(
  `\nmemory (VmRSS of the node server; 1 MB = 1024² bytes; load average ${load.join(" ")} at start, ${loadavg().join(" ")} at end)`,
);
console.log(rowsTable(rows));
writeResult(args.json, { bench: "memory", startedAt, rows, notes });
process.exit(exitCodeOf(rows, failed || rows.length === 0));
