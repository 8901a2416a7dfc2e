// Start and stop a production server for the benchmarks, or point them at one already running.
//
//   const target = await openTarget({ url, build, log });   // url: undefined → start our own
//   …bench target.url…
//   await target.close();
//
// Our own server: `node server.js` (cwd: the repo root) with NODE_ENV=production, a free port on
// 127.0.0.1, a fresh temporary DATA_DIR (so the embedded PGlite is seeded with the demo church),
// LOG_LEVEL=warn; ready when GET /readyz answers 200; stopped with SIGTERM by PID.
//
// It runs from a snapshot of build/ taken at start (server.js, server/cluster.js, package.json and build/ copied
// to a temp folder, node_modules and drizzle/ symlinked): others rebuild this checkout while
// a benchmark runs, and a server whose client assets are replaced under it answers 404 for
// every script, which would silently measure nothing.
import { spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase, dropDatabase } from "./rows.mjs";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverBuild = path.join(repoRoot, "build/server/index.js");
// The same inputs as scripts/ensure-build.mjs (what `npm start` rebuilds on).
const buildInputs = ["app", "server", "public", "drizzle", "vite.config.ts", "react-router.config.ts", "package.json"];

const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 6_000;

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newestMtime(path.join(target, entry)));
  return latest;
}

/** Production build: build when missing or when `force`; warn (do not rebuild) when stale. */
export function ensureBuild({ force = false, log = console.error } = {}) {
  const missing = !existsSync(serverBuild);
  if (force || missing) {
    log(missing ? "No production build: running `npx react-router build`…" : "Running `npx react-router build`…");
    const result = spawnSync("npx", ["react-router", "build"], { cwd: repoRoot, stdio: ["ignore", 2, 2] });
    if (result.status !== 0) throw new Error(`react-router build failed (exit ${result.status})`);
    return { builtAt: new Date(statSync(serverBuild).mtimeMs), stale: false };
  }
  const builtMs = statSync(serverBuild).mtimeMs;
  const sourcesMs = Math.max(...buildInputs.map((i) => newestMtime(path.join(repoRoot, i))));
  const stale = sourcesMs > builtMs;
  if (stale) {
    log(
      `WARNING: build/ (${new Date(builtMs).toISOString()}) is older than the sources ` +
        `(${new Date(sourcesMs).toISOString()}); measuring the existing build. Pass --build to rebuild first.`,
    );
  }
  return { builtAt: new Date(builtMs), stale };
}

/** Every /assets/… file the server build names exists in the client build (not a half-written build). */
function buildIsConsistent(buildDir) {
  const serverDir = path.join(buildDir, "server");
  if (!existsSync(path.join(serverDir, "index.js"))) return false;
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".js")) files.push(full);
    }
  };
  walk(serverDir);
  const names = new Set();
  for (const file of files) {
    for (const match of readFileSync(file, "utf8").matchAll(/(?<![.\w])\/assets\/[A-Za-z0-9_.-]+\.(?:js|css)/g)) names.add(match[0]);
  }
  return names.size > 0 && [...names].every((n) => existsSync(path.join(buildDir, "client", n)));
}

/** Copy build/ (+ server.js, package.json) into `dir`; retry while a rebuild is under way. */
export async function snapshotBuild(dir, log) {
  const source = path.join(repoRoot, "build");
  for (let attempt = 1; attempt <= 10; attempt++) {
    const before = existsSync(serverBuild) ? statSync(serverBuild).mtimeMs : 0;
    if (before) {
      rmSync(path.join(dir, "build"), { recursive: true, force: true });
      cpSync(source, path.join(dir, "build"), { recursive: true });
      const after = existsSync(serverBuild) ? statSync(serverBuild).mtimeMs : 0;
      if (before === after && buildIsConsistent(path.join(dir, "build"))) {
        copyFileSync(path.join(repoRoot, "server.js"), path.join(dir, "server.js"));
        mkdirSync(path.join(dir, "server"), { recursive: true });
        copyFileSync(path.join(repoRoot, "server/cluster.js"), path.join(dir, "server/cluster.js"));
        copyFileSync(path.join(repoRoot, "package.json"), path.join(dir, "package.json"));
        symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
        symlinkSync(path.join(repoRoot, "drizzle"), path.join(dir, "drizzle"), "dir");
        return new Date(before);
      }
    }
    log(`build/ is missing or being rewritten (a build is running?); retrying in 3 s (${attempt}/10)`);
    await sleep(3000);
  }
  throw new Error("could not take a consistent snapshot of build/ (is a build running in a loop?)");
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// ---- Ctrl-C / SIGTERM: one place stops everything the benchmark started -------------------
// Cleanups (stop the browser, stop the server, remove temp folders) run newest first, then the
// process exits 130/143. While shutting down, errors from work cut short (a browser or server
// going away mid-run) are ignored instead of crashing past the cleanups.
const cleanups = [];
let shuttingDown = false;

export const isShuttingDown = () => shuttingDown;

/** Register a cleanup for Ctrl-C / SIGTERM; returns a function that unregisters it. */
export function onShutdown(fn) {
  cleanups.push(fn);
  return () => {
    const i = cleanups.indexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  process.on("uncaughtException", () => {});
  process.on("unhandledRejection", () => {});
  console.error(`\n${signal}: stopping the browser and the server…`);
  for (const fn of [...cleanups].reverse()) {
    try {
      await fn();
    } catch {
      // keep going: the next cleanup matters too
    }
  }
  process.exit(signal === "SIGINT" ? 130 : 143);
}
process.once("SIGINT", () => void shutdown("SIGINT"));
process.once("SIGTERM", () => void shutdown("SIGTERM"));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitReady(url, child, output, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  child?.once("exit", (code, signal) => (exited = { code, signal }));
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(`server exited before it was ready (code ${exited.code}, signal ${exited.signal}):\n${output.join("")}`);
    }
    try {
      const res = await fetch(new URL("/readyz", url), { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`server not ready after ${timeoutMs / 1000}s at ${url}/readyz\n${output.join("")}`);
}

/**
 * The variables `npm start` gives the server when they are not set (`VAR="${VAR:-default}"`:
 * NODE_OPTIONS' heap bounds, MALLOC_ARENA_MAX), read from package.json's start script so the
 * two cannot drift apart. The benchmarks start `node server.js` themselves and must measure the
 * server as `npm start` runs it.
 */
export function startScriptDefaults() {
  const start = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).scripts.start;
  const defaults = Object.fromEntries([...start.matchAll(/\b([A-Z_]+)="?\$\{\1:-([^}]*)\}/g)].map((m) => [m[1], m[2]]));
  if (!defaults.NODE_OPTIONS) throw new Error(`package.json's start script sets no default NODE_OPTIONS: ${start}`);
  return defaults;
}

/** Start `node server.js` (production) on a free port with a temporary DATA_DIR. */
export async function startServer({ log = console.error, env: extraEnv = {} } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-server-"));
  const dataDir = path.join(tmp, "data"); // PGlite creates only the last folder of its path
  const removeTmp = () => rmSync(tmp, { recursive: true, force: true });
  const unregisterTmp = onShutdown(removeTmp);
  const appDir = path.join(tmp, "app");
  let builtAt;
  try {
    builtAt = await snapshotBuild(appDir, log);
  } catch (error) {
    unregisterTmp();
    removeTmp();
    throw error;
  }
  const output = [];
  const startedAt = Date.now();
  const child = spawn(process.execPath, [path.join(appDir, "server.js")], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(startScriptDefaults()).map(([name, value]) => [name, process.env[name] || value])),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Canonical / hreflang / Open Graph URLs point at the origin being measured.
      PUBLIC_URL: url,
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);

  const exitPromise = new Promise((resolve) => child.once("exit", resolve));
  let closing = null;
  const close = () => (closing ??= stopChild());
  const stopChild = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timedOut = await Promise.race([exitPromise.then(() => false), sleep(STOP_TIMEOUT_MS).then(() => true)]);
      if (timedOut) {
        log(`WARNING: server (pid ${child.pid}) did not stop within ${STOP_TIMEOUT_MS / 1000}s of SIGTERM; killing it`);
        child.kill("SIGKILL");
        await exitPromise;
      }
    }
    rmSync(tmp, { recursive: true, force: true });
  };
  onShutdown(close);
  // Last resort when something calls process.exit first: at least stop the server.
  process.once("exit", () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  });

  try {
    await waitReady(url, child, output, READY_TIMEOUT_MS);
  } catch (error) {
    await close();
    throw error;
  }
  log(`server ready at ${url} (pid ${child.pid}, ${((Date.now() - startedAt) / 1000).toFixed(1)}s, DATA_DIR ${dataDir})`);
  return { url, pid: child.pid, output, close, builtAt };
}

/**
 * The server to measure: `url` (already running, left alone) or our own production server.
 * `build`: true → rebuild first; otherwise build only when build/ is missing.
 * `workers` above 1: cluster mode (WEB_CONCURRENCY, ADR 027), which needs PostgreSQL: a throwaway
 * database `bench_workers_<pid>` on 127.0.0.1:5432 is created and dropped on close.
 */
export async function openTarget({ url, build = false, log = console.error, workers = 1 } = {}) {
  if (url) {
    const base = url.replace(/\/$/, "");
    const res = await fetch(base + "/", { signal: AbortSignal.timeout(15_000) }).catch((error) => {
      throw new Error(`cannot reach ${base}/: ${error.message}`);
    });
    if (!res.ok) throw new Error(`${base}/ answered HTTP ${res.status}`);
    log(`measuring the running server at ${base}`);
    return { url: base, external: true, build: null, close: async () => {} };
  }
  const buildInfo = ensureBuild({ force: build, log });
  if (workers <= 1) {
    const server = await startServer({ log });
    return { ...server, external: false, build: { ...buildInfo, builtAt: server.builtAt } };
  }
  const dbName = `bench_workers_${process.pid}`;
  const databaseUrl = createDatabase(dbName);
  const unregister = onShutdown(() => dropDatabase(dbName));
  let server;
  try {
    server = await startServer({ log, env: { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: String(workers) } });
  } catch (error) {
    unregister();
    dropDatabase(dbName);
    throw error;
  }
  log(`cluster mode: ${workers} workers on PostgreSQL database ${dbName}`);
  const close = async () => {
    await server.close();
    unregister();
    dropDatabase(dbName);
  };
  return { ...server, close, external: false, build: { ...buildInfo, builtAt: server.builtAt } };
}
