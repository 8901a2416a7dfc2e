#!/usr/bin/env node
// Start-up time of the production server (issue 10, goal 6).
//
//   (a) first start on an empty data folder (embedded PGlite: create, migrate, seed the demo
//       church): spawn → first 200 answer of GET /                       target ≤ 20 s
//   (b) cold start on that existing data folder after a SIGTERM stop, N times (median, max)
//                                                                         target ≤ 3 s
//   (c) the same two with PostgreSQL (a fresh database on 127.0.0.1:5432), for the record.
//
// `npm start` is `node scripts/ensure-build.mjs && NODE_ENV=production node server.js`: the
// server runs here as `node server.js` from a snapshot of build/ (bench/lib/server.mjs, never
// rebuilt), and the build check that `npm start` runs first is timed on its own and added to
// the gated cold-start figure.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseCli } from "./lib/cli.mjs";
import { ensureBuild, freePort, onShutdown, repoRoot, snapshotBuild } from "./lib/server.mjs";
import { createDatabase, dropDatabase, exitCodeOf, loadavg, rowsTable, rssMb, writeResult } from "./lib/rows.mjs";

const usage = `Usage: node bench/startup.mjs [--runs N] [--no-pg] [--json PATH] [--build]
  --runs N     cold starts on the existing data folder, per database (default 3)
  --no-pg      skip the PostgreSQL measurements (c)
  --json PATH  write the result (bench contract) to PATH
  --build      run \`react-router build\` first (default: only when build/ is missing)`;

const args = parseCli(
  {
    runs: { type: "string", default: "3" },
    "no-pg": { type: "boolean", default: false },
    json: { type: "string" },
    build: { type: "boolean", default: false },
  },
  usage,
);
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error(usage);
  process.exit(2);
}

const FIRST_START_LIMIT_MS = 120_000;
const POLL_MS = 20;
const log = (...parts) => console.error(...parts);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const seconds = (ms) => Math.round(ms) / 1000;

/**
 * Spawn the server, poll GET / every 20 ms until it answers 200. Returns the time to that answer
 * and the phases the server logged (pino JSON lines at LOG_LEVEL=info), then stops it (SIGTERM).
 */
async function timeStart({ appDir, dataDir, env = {} }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const output = [];
  const spawnedAt = Date.now();
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(appDir, "server.js")], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let buffered = "";
  const keep = (chunk) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop();
    output.push(...lines);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  let exitInfo = null;
  void exited.then((e) => (exitInfo = e));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timedOut = await Promise.race([exited.then(() => false), sleep(6000).then(() => true)]);
      if (timedOut) {
        log(`WARNING: server pid ${child.pid} ignored SIGTERM for 6 s; killing it`);
        child.kill("SIGKILL");
        await exited;
      }
    }
  };
  const unregister = onShutdown(stop);
  try {
    let ms = null;
    let cpuMs = null;
    let rss = null;
    while (performance.now() - t0 < FIRST_START_LIMIT_MS) {
      if (exitInfo) throw new Error(`server exited (code ${exitInfo.code}) before answering:\n${output.slice(-30).join("\n")}`);
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.status === 200) {
          ms = performance.now() - t0;
          cpuMs = cpuTimeMs(child.pid);
          rss = await rssMb(child.pid);
          break;
        }
      } catch {
        // not listening yet
      }
      await sleep(POLL_MS);
    }
    if (ms === null) throw new Error(`no 200 from ${url} within ${FIRST_START_LIMIT_MS / 1000} s`);
    // Phases from the server's own log (pino `time` is epoch ms).
    const phases = {};
    for (const line of output) {
      try {
        const entry = JSON.parse(line);
        if (entry.msg === "database migrated and ready") {
          phases.ready = entry.time - spawnedAt;
          for (const [k, v] of Object.entries(entry.phases ?? {})) phases[`start-up:${k}`] = v;
        }
        if (entry.msg === "server listening") phases.listening = entry.time - spawnedAt;
      } catch {
        // not JSON
      }
    }
    return { ms, cpuMs, rss, phases };
  } finally {
    await stop();
    unregister();
  }
}

/**
 * CPU time (user + system, all threads) the server process has used so far, in ms: unlike the
 * wall-clock figure it barely depends on what else the machine is running.
 */
function cpuTimeMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

/** What `npm start` runs before the server: scripts/ensure-build.mjs (only when build/ is current, so it will not build). */
function timeBuildCheck(stale) {
  if (stale) return null;
  const t0 = performance.now();
  const result = spawnSync(process.execPath, [path.join(repoRoot, "scripts/ensure-build.mjs")], {
    cwd: repoRoot,
    encoding: "utf8",
    timeout: 30_000,
  });
  const ms = performance.now() - t0;
  if (result.status !== 0 || /Building/.test(result.stdout)) return null;
  return ms;
}

function describePhases(p) {
  const parts = [];
  if (p.ready !== undefined) parts.push(`db ready at ${seconds(p.ready)} s`);
  if (p.listening !== undefined) parts.push(`listening at ${seconds(p.listening)} s`);
  for (const [k, v] of Object.entries(p)) if (k.startsWith("start-up:")) parts.push(`${k.slice(9).trim()} ${v} ms`);
  return parts.join(", ");
}

async function measure({ label, appDir, dataDir, env, gate }) {
  const rows = [];
  const notes = [];
  log(`${label}: first start on an empty data folder…`);
  const first = await timeStart({ appDir, dataDir, env });
  log(`  ${seconds(first.ms)} s, CPU ${seconds(first.cpuMs)} s, RSS ${Math.round(first.rss)} MB (${describePhases(first.phases)})`);
  notes.push(
    `${label} first start: ${seconds(first.ms)} s, server CPU time ${seconds(first.cpuMs)} s, RSS at the first answer ` +
      `${Math.round(first.rss)} MB — ${describePhases(first.phases)}`,
  );
  rows.push({
    measure: `first start, empty data (${label})`,
    value: seconds(first.ms),
    unit: "s",
    target: gate ? "≤ 20 s" : "",
    pass: gate ? first.ms <= 20_000 : null,
  });
  const cold = [];
  const cpu = [];
  for (let i = 1; i <= runs; i++) {
    const run = await timeStart({ appDir, dataDir, env });
    log(
      `  cold start ${i}/${runs}: ${seconds(run.ms)} s, CPU ${seconds(run.cpuMs)} s, RSS ${Math.round(run.rss)} MB (${describePhases(run.phases)})`,
    );
    notes.push(
      `${label} cold start ${i}: ${seconds(run.ms)} s, server CPU time ${seconds(run.cpuMs)} s, RSS at the first answer ` +
        `${Math.round(run.rss)} MB — ${describePhases(run.phases)}`,
    );
    cold.push(run.ms);
    cpu.push(run.cpuMs);
  }
  rows.push({
    measure: `first start, server CPU time (${label})`,
    value: seconds(first.cpuMs),
    unit: "s",
    target: "",
    pass: null,
  });
  return { rows, notes, cold, cpu, first: first.ms };
}

const startedAt = new Date().toISOString();
const load = loadavg();
const rows = [];
const notes = [];
let failed = false;
const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-startup-"));
const removeTmp = () => rmSync(tmp, { recursive: true, force: true });
onShutdown(removeTmp);
const dbName = `bench_start_${process.pid}`;
let dbCreated = false;
onShutdown(() => dbCreated && dropDatabase(dbName));

try {
  const { stale } = ensureBuild({ force: args.build, log });
  const appDir = path.join(tmp, "app");
  await snapshotBuild(appDir, log);
  const check = timeBuildCheck(stale);
  if (check === null) notes.push("build/ is older than the sources: the `npm start` build check was not timed (it would rebuild)");
  else log(`npm start build check (scripts/ensure-build.mjs): ${Math.round(check)} ms`);

  // (a) + (b): embedded PGlite
  const pglite = await measure({ label: "PGlite", appDir, dataDir: path.join(tmp, "data-pglite"), env: {}, gate: true });
  rows.push(...pglite.rows);
  notes.push(...pglite.notes);
  const med = median(pglite.cold);
  const max = Math.max(...pglite.cold);
  rows.push({ measure: "cold start, existing data (PGlite), median", value: seconds(med), unit: "s", target: "", pass: null });
  rows.push({ measure: "cold start, existing data (PGlite), max", value: seconds(max), unit: "s", target: "≤ 3 s", pass: max <= 3000 });
  rows.push({
    measure: "cold start, server CPU time (PGlite), median",
    value: seconds(median(pglite.cpu)),
    unit: "s",
    target: "",
    pass: null,
  });
  if (check !== null) {
    rows.push({ measure: "npm start build check (ensure-build)", value: seconds(check), unit: "s", target: "", pass: null });
    rows.push({
      measure: "npm start cold start = check + max (PGlite)",
      value: seconds(check + max),
      unit: "s",
      target: "≤ 3 s",
      pass: check + max <= 3000,
    });
  }

  // (c): PostgreSQL
  if (!args["no-pg"]) {
    try {
      const databaseUrl = createDatabase(dbName);
      dbCreated = true;
      const pg = await measure({
        label: "PostgreSQL",
        appDir,
        dataDir: path.join(tmp, "data-pg"),
        env: { DATABASE_URL: databaseUrl },
        gate: false,
      });
      rows.push(...pg.rows);
      notes.push(...pg.notes);
      rows.push({
        measure: "cold start, existing data (PostgreSQL), median",
        value: seconds(median(pg.cold)),
        unit: "s",
        target: "",
        pass: null,
      });
      rows.push({
        measure: "cold start, existing data (PostgreSQL), max",
        value: seconds(Math.max(...pg.cold)),
        unit: "s",
        target: "",
        pass: null,
      });
      rows.push({
        measure: "cold start, server CPU time (PostgreSQL), median",
        value: seconds(median(pg.cpu)),
        unit: "s",
        target: "",
        pass: null,
      });
    } catch (error) {
      notes.push(`PostgreSQL not measured: ${error.message.split("\n")[0]}`);
      log(`PostgreSQL not measured: ${error.message}`);
    } finally {
      if (dbCreated) dropDatabase(dbName);
      dbCreated = false;
    }
  }
} catch (error) {
  failed = true;
  notes.push(`measurement failed: ${error.message.split("\n")[0]}`);
  log(`startup: ${error.stack ?? error.message}`);
} finally {
  removeTmp();
}

console.log(`\nstart-up (spawn → first 200 of GET /, polled every ${POLL_MS} ms; load average ${load.join(" ")})`);
console.log(rowsTable(rows));
const code = exitCodeOf(rows, failed || rows.length === 0);
writeResult(args.json, { bench: "startup", startedAt, rows, notes });
process.exit(code);
