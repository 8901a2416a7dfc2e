#!/usr/bin/env node
// Throughput of `/` for a signed-out English visitor: the app (production build) side by side
// with nginx serving the SAME HTML bytes from a file, in one run, both on 127.0.0.1, loaded with
// wrk at 50 connections. Then the same with `If-None-Match` revalidation (304) when the app
// answers `/` with an ETag (the page cache, issue 10 goal 1). Last, the app alone on
// `/events.data`, a client navigation's data.
//
//   npm run bench:http                                  # our own production server
//   npm run bench:http -- --seconds 15 --rounds 2 --threads 1 --connections 50
//   npm run bench:http -- --url http://127.0.0.1:3000 --json bench/results/http.json
//   npm run bench:http -- --workers 2                   # cluster mode on PostgreSQL (ADR 027)
//
// Exit 0: targets met; 1: a target missed; 2: the measurement could not be made.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseCli } from "./lib/cli.mjs";
import { freePort, onShutdown, openTarget } from "./lib/server.mjs";
import { treeRssMb } from "./lib/rows.mjs";
import { assertWrk, loadavg, reportRows, runWrk } from "./lib/wrk.mjs";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const usage = `usage: node bench/http.mjs [--seconds 15] [--warmup 3] [--rounds 2] [--threads 1]
                          [--connections 50] [--url http://host:port] [--workers 1] [--build] [--json path]
  --seconds      length of each measured wrk run (default 15)
  --warmup       seconds of wrk warm-up per server before measuring (default 3)
  --rounds       app and nginx are measured alternately this many times each (default 2)
  --threads      wrk threads (default 1: wrk then takes at most one of the two cores)
  --connections  concurrent connections (default 50)
  --url          measure an already-running app instead of starting one
  --workers      start the app in cluster mode with this many workers (WEB_CONCURRENCY), on a
                 throwaway PostgreSQL database on 127.0.0.1:5432 (default 1: one process, PGlite)
  --build        run \`react-router build\` before starting the server
  --json         write the result (bench contract) to this file
  --bypass-cache send \`Cookie: bench=1\` (to both servers): the page cache steps aside, so this
                 measures rendering / for every request (the figures before the page cache)`;

const args = parseCli(
  {
    seconds: { type: "string", default: "15" },
    warmup: { type: "string", default: "3" },
    rounds: { type: "string", default: "2" },
    threads: { type: "string", default: "1" },
    connections: { type: "string", default: "50" },
    url: { type: "string" },
    workers: { type: "string", default: "1" },
    build: { type: "boolean", default: false },
    json: { type: "string" },
    "bypass-cache": { type: "boolean", default: false },
  },
  usage,
);
const seconds = Number(args.seconds);
const warmup = Number(args.warmup);
const rounds = Number(args.rounds);
const threads = Number(args.threads);
const connections = Number(args.connections);
const workers = Number(args.workers);
for (const n of [seconds, rounds, threads, connections, workers]) {
  if (!(Number.isInteger(n) && n > 0 && n <= 600)) {
    console.error(usage);
    process.exit(2);
  }
}
if (!(Number.isInteger(warmup) && warmup >= 0 && warmup <= 60)) {
  console.error(usage);
  process.exit(2);
}

assertWrk();
if (!existsSync(NGINX)) {
  console.error(`nginx not found at ${NGINX}. Install it with: apt-get install -y nginx (or set NGINX_PATH).`);
  process.exit(2);
}

const log = (...parts) => console.error(...parts);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const startedAt = new Date().toISOString();
const loadAtStart = loadavg();
// A signed-out English visitor: no cookie, English asked for.
const VISITOR = { "Accept-Language": "en", ...(args["bypass-cache"] ? { Cookie: "bench=1" } : {}) };

/** nginx as an unprivileged-style instance: own prefix, config, pid and logs in a temp folder. */
async function startNginx(html) {
  const prefix = mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  const removePrefix = () => rmSync(prefix, { recursive: true, force: true });
  const unregisterPrefix = onShutdown(removePrefix);
  const root = path.join(prefix, "html");
  const temp = path.join(prefix, "temp");
  mkdirSync(root);
  mkdirSync(temp);
  writeFileSync(path.join(root, "index.html"), html);
  // When run as root, nginx's workers drop to `nobody`: they must be able to read the root.
  chmodSync(prefix, 0o755);
  chmodSync(root, 0o755);
  const port = await freePort();
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp}/client;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  default_type text/html;
  charset utf-8;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location = / { try_files /index.html =404; }
  }
}
`,
  );
  const check = spawnSync(NGINX, ["-p", prefix, "-c", conf, "-t"], { encoding: "utf8" });
  if (check.status !== 0) {
    unregisterPrefix();
    removePrefix();
    throw new Error(`nginx -t failed:\n${check.stderr}`);
  }
  const child = spawn(NGINX, ["-p", prefix, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (c) => (stderr += c));
  const exitPromise = new Promise((resolve) => child.once("exit", resolve));
  let closing = null;
  const close = () =>
    (closing ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGQUIT"); // graceful stop of master + workers
        const timedOut = await Promise.race([exitPromise.then(() => false), sleep(5000).then(() => true)]);
        if (timedOut) {
          child.kill("SIGTERM");
          await exitPromise;
        }
      }
      removePrefix();
    })());
  onShutdown(close);
  process.once("exit", () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (code ${child.exitCode}):\n${stderr}`);
    try {
      const res = await fetch(url + "/", { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`nginx not answering at ${url}/:\n${stderr}`);
    }
    await sleep(100);
  }
  log(`nginx ready at ${url} (pid ${child.pid}, prefix ${prefix})`);
  return { url, pid: child.pid, close };
}

let target;
let nginx;
const notes = [];
const rows = [];
let exitCode = 0;
try {
  target = await openTarget({ url: args.url, build: args.build, log, workers });
  const first = await fetch(target.url + "/", { headers: VISITOR, signal: AbortSignal.timeout(15_000) });
  if (first.status !== 200) throw new Error(`${target.url}/ answered HTTP ${first.status}`);
  const html = Buffer.from(await first.arrayBuffer());
  const etag = first.headers.get("etag");
  const pageCache = first.headers.get("x-page-cache");
  notes.push(
    `/ is ${html.length} bytes of HTML (fetched once as a signed-out English visitor, written to nginx's root); ` +
      `app headers: ETag ${etag ?? "none"}, Cache-Control ${first.headers.get("cache-control") ?? "none"}, ` +
      `X-Page-Cache ${pageCache ?? "none"}`,
  );

  nginx = await startNginx(html);
  const fromNginx = Buffer.from(await (await fetch(nginx.url + "/")).arrayBuffer());
  if (!fromNginx.equals(html)) throw new Error("nginx does not serve the same bytes as the app's /");

  const wrkOptions = { threads, connections, headers: VISITOR };
  const servers = [
    { name: "app", url: target.url + "/" },
    { name: "nginx", url: nginx.url + "/" },
  ];

  /** Warm up, then `rounds` measured runs per server, alternating app / nginx. */
  async function measureAlternately(label, headersFor) {
    for (const s of servers) {
      if (warmup > 0) {
        log(`${label}: warm-up ${s.name} ${warmup}s…`);
        await runWrk(s.url, { ...wrkOptions, seconds: warmup, headers: headersFor(s) });
      }
    }
    const results = { app: [], nginx: [] };
    for (let round = 1; round <= rounds; round++) {
      for (const s of servers) {
        log(`${label}: round ${round}/${rounds}, ${s.name} ${seconds}s (load ${loadavg().join(" ")})…`);
        const r = await runWrk(s.url, { ...wrkOptions, seconds, headers: headersFor(s) });
        log(
          `  ${r.rps.toFixed(0)} rps, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, errors ${r.non2xx3xx + r.socketErrorCount}`,
        );
        results[s.name].push(r);
      }
    }
    const summary = {};
    for (const [name, list] of Object.entries(results)) {
      summary[name] = {
        rps: list.reduce((a, r) => a + r.rps, 0) / list.length,
        p50: Math.max(...list.map((r) => r.p50)),
        p99: Math.max(...list.map((r) => r.p99)),
        errors: list.reduce((a, r) => a + r.non2xx3xx + r.socketErrorCount, 0),
        socket: list.map((r) => r.socketErrors),
        rpsRuns: list.map((r) => Math.round(r.rps)),
      };
    }
    return summary;
  }

  const full = await measureAlternately("200", () => ({ ...VISITOR }));
  const ratio = full.app.rps / full.nginx.rps;
  rows.push(
    { measure: "/ rps (app)", value: Math.round(full.app.rps), unit: "rps", target: "", pass: null },
    { measure: "/ rps (nginx, same bytes)", value: Math.round(full.nginx.rps), unit: "rps", target: "", pass: null },
    { measure: "/ rps ratio app/nginx", value: Math.round(ratio * 1000) / 1000, unit: "ratio", target: "≥ 0.5", pass: ratio >= 0.5 },
    { measure: "/ p50 (app)", value: full.app.p50, unit: "ms", target: "", pass: null },
    { measure: "/ p99 (app)", value: full.app.p99, unit: "ms", target: "≤ 20 ms", pass: full.app.p99 <= 20 },
    { measure: "/ p99 (nginx)", value: full.nginx.p99, unit: "ms", target: "", pass: null },
    { measure: "/ errors (app)", value: full.app.errors, unit: "count", target: "0", pass: full.app.errors === 0 },
    { measure: "/ errors (nginx)", value: full.nginx.errors, unit: "count", target: "", pass: null },
  );
  notes.push(`200 runs, rps per round: app ${full.app.rpsRuns.join(", ")}; nginx ${full.nginx.rpsRuns.join(", ")}`);
  if (!target.external) {
    const rss = await treeRssMb(target.pid);
    notes.push(
      `app RSS after the 200 runs: ${rss.total.toFixed(0)} MB` +
        (rss.each.length > 1 ? ` (primary first: ${rss.each.map((e) => e.mb.toFixed(0)).join(" + ")} MB)` : ""),
    );
  }

  // Revalidation: each server with its own validator (nginx's ETag is its own, from mtime+size).
  if (etag) {
    const nginxEtag = (await fetch(nginx.url + "/")).headers.get("etag");
    const etags = { app: etag, nginx: nginxEtag };
    const probe = await fetch(target.url + "/", { headers: { ...VISITOR, "If-None-Match": etag } });
    if (probe.status !== 304) {
      notes.push(`revalidation not measured: the app answered ${probe.status} (not 304) to If-None-Match ${etag}`);
    } else {
      const reval = await measureAlternately("304", (s) => ({ ...VISITOR, "If-None-Match": etags[s.name] }));
      const after = await fetch(target.url + "/", { headers: { ...VISITOR, "If-None-Match": etag } });
      if (after.status !== 304) notes.push(`WARNING: after the 304 runs the app answered ${after.status} to If-None-Match`);
      rows.push(
        { measure: "/ 304 rps (app)", value: Math.round(reval.app.rps), unit: "rps", target: "", pass: null },
        { measure: "/ 304 rps (nginx)", value: Math.round(reval.nginx.rps), unit: "rps", target: "", pass: null },
        {
          measure: "/ 304 rps ratio app/nginx",
          value: Math.round((reval.app.rps / reval.nginx.rps) * 1000) / 1000,
          unit: "ratio",
          target: "",
          pass: null,
        },
        { measure: "/ 304 p99 (app)", value: reval.app.p99, unit: "ms", target: "", pass: null },
        { measure: "/ 304 errors (app)", value: reval.app.errors, unit: "count", target: "0", pass: reval.app.errors === 0 },
      );
    }
  } else {
    notes.push("revalidation (If-None-Match → 304) not measured: the app sent no ETag on / (page cache absent or bypassed)");
  }
  // A client navigation's data (ADR 019 addendum): the app only; kept like its page.
  const dataUrl = `${target.url}/events.data`;
  const dataProbe = await fetch(dataUrl, { headers: VISITOR });
  await dataProbe.arrayBuffer();
  if (dataProbe.status !== 200) throw new Error(`${dataUrl} answered ${dataProbe.status}`);
  if (warmup > 0) await runWrk(dataUrl, { ...wrkOptions, seconds: warmup });
  log(`/events.data: ${seconds}s (load ${loadavg().join(" ")})…`);
  const data = await runWrk(dataUrl, { ...wrkOptions, seconds });
  const dataCache = (await fetch(dataUrl, { headers: VISITOR })).headers.get("x-page-cache") ?? "none";
  log(`  ${data.rps.toFixed(0)} rps, p99 ${data.p99.toFixed(2)} ms, X-Page-Cache ${dataCache}`);
  rows.push(
    { measure: "/events.data rps (app)", value: Math.round(data.rps), unit: "rps", target: "", pass: null },
    { measure: "/events.data p99 (app)", value: data.p99, unit: "ms", target: "", pass: null },
    {
      measure: "/events.data errors (app)",
      value: data.non2xx3xx + data.socketErrorCount,
      unit: "count",
      target: "0",
      pass: data.non2xx3xx + data.socketErrorCount === 0,
    },
  );
  notes.push(`/events.data (a client navigation's data): X-Page-Cache ${dataCache} after the run`);
  notes.push(
    `wrk -t${threads} -c${connections} -d${seconds}s --latency, ${warmup}s warm-up per server, ${rounds} alternating round(s) ` +
      `(rps: mean of rounds; p50/p99: worst round); app ${target.external ? "at " + target.url : workers > 1 ? `production build, cluster mode with ${workers} workers, PostgreSQL` : "production build, embedded PGlite"}; ` +
      `nginx ${spawnSync(NGINX, ["-v"], { encoding: "utf8" }).stderr.trim()} worker_processes auto, access_log off`,
  );
  if (args["bypass-cache"]) notes.push("--bypass-cache: every request carried Cookie: bench=1 (page cache bypassed)");
  notes.push(`load average at start ${loadAtStart.join(" ")}, at end ${loadavg().join(" ")} (${os.cpus().length} CPUs, shared)`);
  if (rows.some((r) => r.pass === false)) exitCode = 1;
} catch (error) {
  console.error(`bench:http could not measure: ${error.stack ?? error}`);
  exitCode = 2;
  notes.push(`could not measure: ${error.message}`);
} finally {
  await nginx?.close();
  await target?.close();
}
reportRows({ bench: "http", startedAt, rows, notes, json: args.json, loadAverage: loadAtStart });
process.exit(exitCode);
