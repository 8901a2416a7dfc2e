#!/usr/bin/env node
// Uncached work against the real PostgreSQL: the events list, a sermons search, the prayer wall
// and a signed-in member page, each loaded with wrk at 50 connections for N seconds.
//
// A fresh database `bench_uncached_<pid>` is created, our own production server is started with
// DATABASE_URL pointing at it (it migrates and seeds the demo church), and the database is
// dropped at the end. The member session is made the way better-auth makes one: a users +
// profiles + sessions row, and the cookie `church.session_token` = url-encoded
// `<token>.<base64 HMAC-SHA256(token, AUTH_SECRET)>` (better-call's signCookieValue), with the
// AUTH_SECRET this script gives the server. Each page is checked once before and once after its
// run: 200, and for the member page the member's name in the HTML (a redirect to /auth would
// be a 3xx, which wrk does not count as an error).
//
// Public pages are requested with a harmless cookie (`Cookie: bench=1`): the page cache only
// answers requests without cookies, so this measures the rendering work (X-Page-Cache is
// reported when the server sends it).
//
//   npm run bench:uncached
//   npm run bench:uncached -- --seconds 15 --extra-rows 5000 --count-queries --json out.json
//   PG_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:uncached
//   npm run bench:uncached -- --rates 25,50,75     # also p99 at these offered rates (req/s)
//   npm run bench:uncached -- --data               # also each page's `.data` (a client navigation)
//
// The measured run is closed-loop: each of the 50 connections sends its next request as soon
// as the last one is answered, so it saturates the server and its latency is what waiting in
// line costs (Little's law: mean latency = connections / throughput). With --rates, each page
// is also loaded at a paced rate over the same connections: each connection waits a random
// (exponential, so arrivals are roughly Poisson) time with mean connections / rate before its
// next request (wrk's Lua delay()). The achieved rate is a little below the offered one (the
// wait starts after the answer), and is reported beside the p99.
//
// Exit 0: targets met; 1: a target missed; 2: the measurement could not be made.
import { randomBytes, createHmac, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { parseCli } from "./lib/cli.mjs";
import { onShutdown, repoRoot, ensureBuild, startScriptDefaults, startServer } from "./lib/server.mjs";
import { assertWrk, loadavg, reportRows, runWrk } from "./lib/wrk.mjs";

const usage = `usage: node bench/uncached.mjs [--seconds 15] [--warmup 3] [--threads 1] [--connections 50]
                              [--extra-rows 0] [--count-queries] [--workers 1] [--rates r1,r2,…] [--data] [--pg-url URL]
                              [--build] [--json path]
  --seconds        length of each measured wrk run per page (default 15)
  --warmup         seconds of wrk warm-up per page (default 3)
  --threads        wrk threads (default 1)
  --connections    concurrent connections (default 50)
  --extra-rows     insert this many extra events, sermons and prayer requests (each) after seeding
  --count-queries  count the SQL queries one request of each page makes (preloads bench/lib/query-log.mjs)
  --workers        cluster mode: this many server processes (WEB_CONCURRENCY, ADR 027); not with
                   --count-queries (default 1)
  --rates          after the saturating run, load each page at these offered request rates (req/s over
                   all connections, paced: see above) and report the p99 at each
  --data           also load each page's \`.data\` URL (what a client navigation fetches: the same
                   loaders and queries, without rendering HTML); no target
  --keep-database  do not drop the database at the end (for EXPLAIN; drop it yourself)
  --pg-url         PostgreSQL server to create the database on
                   (default $PG_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --build          run \`react-router build\` before starting the server
  --json           write the result (bench contract) to this file
  (no --url: the bench needs its own database to create the member and the extra rows)`;

const args = parseCli(
  {
    seconds: { type: "string", default: "15" },
    warmup: { type: "string", default: "3" },
    threads: { type: "string", default: "1" },
    connections: { type: "string", default: "50" },
    "extra-rows": { type: "string", default: "0" },
    workers: { type: "string", default: "1" },
    rates: { type: "string", default: "" },
    "count-queries": { type: "boolean", default: false },
    data: { type: "boolean", default: false },
    "keep-database": { type: "boolean", default: false },
    "pg-url": { type: "string", default: process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
    build: { type: "boolean", default: false },
    json: { type: "string" },
  },
  usage,
);
const seconds = Number(args.seconds);
const warmup = Number(args.warmup);
const threads = Number(args.threads);
const connections = Number(args.connections);
const extraRows = Number(args["extra-rows"]);
const workers = Number(args.workers);
const rates = args.rates ? args.rates.split(",").map(Number) : [];
if (
  !rates.every((r) => Number.isFinite(r) && r > 0 && r <= 100_000) ||
  ![seconds, threads, connections, workers].every((n) => Number.isInteger(n) && n > 0 && n <= 600) ||
  (workers > 1 && args["count-queries"]) ||
  !(Number.isInteger(warmup) && warmup >= 0 && warmup <= 60) ||
  !(Number.isInteger(extraRows) && extraRows >= 0 && extraRows <= 100_000)
) {
  console.error(usage);
  process.exit(2);
}
assertWrk();

const log = (...parts) => console.error(...parts);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const startedAt = new Date().toISOString();
const loadAtStart = loadavg();
const dbName = `bench_uncached_${process.pid}`;
const adminUrl = new URL(args["pg-url"]);
const databaseUrl = new URL(args["pg-url"]);
databaseUrl.pathname = `/${dbName}`;
const authSecret = randomBytes(32).toString("hex");
const notes = [];
const rows = [];
let exitCode = 0;

/** better-call's signCookieValue: `${value}.${base64 HMAC-SHA256}`, URL-encoded. */
const signCookieValue = (value, secret) => encodeURIComponent(`${value}.${createHmac("sha256", secret).update(value).digest("base64")}`);

async function withAdmin(fn) {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A wrk script that paces each connection: before each request it waits a random time with
 * mean connections / rate (exponential, so the offered load is roughly Poisson at `rate`).
 * Returns runWrk's `script` and `timeoutSeconds`.
 */
let pacingDir;
function pacingScript(rate) {
  if (!pacingDir) {
    pacingDir = mkdtempSync(path.join(os.tmpdir(), "bench-pace-"));
    onShutdown(() => rmSync(pacingDir, { recursive: true, force: true }));
  }
  const file = path.join(pacingDir, `pace-${rate}.lua`);
  const meanMs = (connections / rate) * 1000;
  // Cut at 4 means (1.8 % of the waits) and at 4 s: the server closes a connection idle for 5 s
  // (Node's keepAliveTimeout), which wrk counts as a read error, and wrk counts a connection
  // idle longer than --timeout as a timed-out request, so the timeout is set above the cut.
  const maxMs = Math.min(4 * meanMs, 4000);
  writeFileSync(
    file,
    `-- bench/uncached.mjs --rates: ${rate} req/s over ${connections} connections\n` +
      `local mean, max = ${meanMs.toFixed(3)}, ${maxMs.toFixed(3)}\n` +
      `function init(args) math.randomseed(os.time() + math.floor(os.clock() * 1e6)) end\n` +
      `function delay() return math.floor(math.min(max, -math.log(1 - math.random()) * mean)) end\n`,
  );
  return { script: file, timeoutSeconds: Math.ceil(maxMs / 1000) + 5 };
}

let databaseCreated = false;
async function dropDatabase() {
  if (!databaseCreated) return;
  if (args["keep-database"]) {
    log(`kept database ${dbName} (${databaseUrl}); drop it with: dropdb -h ${adminUrl.hostname} -U postgres ${dbName}`);
    return;
  }
  databaseCreated = false;
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
  log(`dropped database ${dbName}`);
}

/**
 * Extra demo-like rows so the plans and timings are not those of a handful of rows: a church's
 * history, not a busier calendar. Events: one every 34 hours going back (all past, so the
 * 90-day list shows the demo's upcoming events only); sermons: one a day going back; prayer
 * requests: one every 3 hours going back, each live for 30 days (about 240 still on the wall).
 */
async function insertExtraRows(db, n) {
  await db.query(
    `INSERT INTO events (slug, title_en, title_es, description_en, description_es, category, starts_at, ends_at, location_name, status)
     SELECT 'bench-event-' || g, 'Community supper ' || g, 'Cena comunitaria ' || g,
            'A shared meal for neighbours and friends, number ' || g || '.', 'Una comida compartida, número ' || g || '.',
            (ARRAY['worship','community','youth','outreach'])[1 + g % 4],
            date_trunc('hour', now()) - g * interval '34 hours',
            date_trunc('hour', now()) - g * interval '34 hours' + interval '2 hours',
            'Fellowship hall', CASE WHEN g % 10 = 0 THEN 'draft' ELSE 'published' END
     FROM generate_series(1, $1) AS g`,
    [n],
  );
  await db.query(
    `INSERT INTO sermons (slug, title_en, title_es, summary_en, summary_es, speaker, scripture, preached_on, status)
     SELECT 'bench-sermon-' || g,
            (ARRAY['Hope in the valley','Grace for today','The good shepherd','Faith that works','Love one another'])[1 + g % 5] || ' (' || g || ')',
            (ARRAY['Esperanza en el valle','Gracia para hoy','El buen pastor','Fe que obra','Amaos unos a otros'])[1 + g % 5] || ' (' || g || ')',
            'A message on walking with God in ordinary weeks, part ' || g || '.',
            'Un mensaje sobre caminar con Dios, parte ' || g || '.',
            (ARRAY['Pastor Daniel Reyes','Pastor Ana Torres','Elder Mark Lee'])[1 + g % 3],
            (ARRAY['John 10:1-18','Psalm 23','James 2:14-26','Romans 5:1-11'])[1 + g % 4],
            (current_date - g)::date, CASE WHEN g % 20 = 0 THEN 'draft' ELSE 'published' END
     FROM generate_series(1, $1) AS g`,
    [n],
  );
  await db.query(
    `INSERT INTO prayer_requests (author_name, title, body, category, visibility, status, language, expires_at, created_at, updated_at)
     SELECT 'Neighbour ' || g, 'Prayer request ' || g, 'Please pray for my family this week (' || g || ').',
            (ARRAY['healing','family','work','grief','guidance','gratitude','salvation','other'])[1 + g % 8],
            (ARRAY['public','public','members','private'])[1 + g % 4],
            (ARRAY['approved','approved','approved','pending','hidden'])[1 + g % 5],
            CASE WHEN g % 3 = 0 THEN 'es' ELSE 'en' END,
            now() - g * interval '3 hours' + interval '30 days',
            now() - g * interval '3 hours',
            now() - g * interval '3 hours'
     FROM generate_series(1, $1) AS g`,
    [n],
  );
  await db.query("ANALYZE events; ANALYZE sermons; ANALYZE prayer_requests;");
}

/** A confirmed member with a live session; answers the Cookie header value. */
async function createMember(db) {
  const userId = `bench-${randomUUID()}`;
  const name = "Bench Member Rosalind";
  await db.query(`INSERT INTO users (id, name, email, email_verified) VALUES ($1, $2, $3, true)`, [
    userId,
    name,
    `bench-${process.pid}@example.test`,
  ]);
  await db.query(
    `INSERT INTO profiles (id, full_name, display_name, membership_status, has_completed_tour, tour_completion_date)
     VALUES ($1, $2, $2, 'member', true, now()) ON CONFLICT (id) DO UPDATE SET full_name = $2, display_name = $2,
       membership_status = 'member', has_completed_tour = true, tour_completion_date = now()`,
    [userId, name],
  );
  const token = randomBytes(24).toString("base64url");
  await db.query(
    `INSERT INTO sessions (id, token, user_id, expires_at, ip_address, user_agent)
     VALUES ($1, $2, $3, now() + interval '7 days', '127.0.0.1', 'bench/uncached')`,
    [randomUUID(), token, userId],
  );
  return { name, cookie: `church.session_token=${signCookieValue(token, authSecret)}` };
}

/** A word of a published demo sermon's title that the search finds. */
async function searchWord(db) {
  const { rows: titles } = await db.query(
    `SELECT title_en FROM sermons WHERE status = 'published' AND slug NOT LIKE 'bench-%' ORDER BY preached_on DESC LIMIT 20`,
  );
  for (const { title_en } of titles) {
    const word = title_en
      .split(/[^A-Za-z]+/)
      .filter((w) => w.length >= 5)
      .sort((a, b) => b.length - a.length)[0];
    if (word) return word.toLowerCase();
  }
  throw new Error("no published demo sermon title to search for");
}

async function probe(url, headers) {
  const res = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
  const body = await res.text();
  return { status: res.status, body, location: res.headers.get("location"), pageCache: res.headers.get("x-page-cache") };
}

let server;
let queryLogDir;
try {
  await withAdmin(async (c) => {
    await c.query(`CREATE DATABASE "${dbName}"`);
  });
  databaseCreated = true;
  onShutdown(dropDatabase);
  log(`created database ${dbName}`);

  ensureBuild({ force: args.build, log });
  const env = { DATABASE_URL: databaseUrl.toString(), AUTH_SECRET: authSecret, SEED_DEMO: "true", WEB_CONCURRENCY: String(workers) };
  let queryLog;
  if (args["count-queries"]) {
    queryLogDir = mkdtempSync(path.join(os.tmpdir(), "bench-queries-"));
    queryLog = path.join(queryLogDir, "queries.json");
    const preload = path.join(repoRoot, "bench/lib/query-log.mjs");
    env.BENCH_QUERY_LOG = queryLog;
    // Added to the heap bounds `npm start` gives (startScriptDefaults), not instead of them.
    env.NODE_OPTIONS = `${process.env.NODE_OPTIONS || startScriptDefaults().NODE_OPTIONS} --import ${preload}`;
  }
  server = await startServer({ log, env });

  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  await db.connect();
  let member;
  let word;
  try {
    if (extraRows > 0) {
      log(`inserting ${extraRows} extra events, sermons and prayer requests…`);
      await insertExtraRows(db, extraRows);
    }
    member = await createMember(db);
    word = await searchWord(db);
  } finally {
    await db.end();
  }

  const publicHeaders = { "Accept-Language": "en", Cookie: "bench=1" };
  const memberHeaders = { "Accept-Language": "en", Cookie: member.cookie };
  const pages = [
    { label: "/events", path: "/events", headers: publicHeaders },
    { label: `/sermons?q=${word}`, path: `/sermons?q=${encodeURIComponent(word)}`, headers: publicHeaders, mustContain: null },
    { label: "/prayer", path: "/prayer", headers: publicHeaders },
    { label: "/settings (signed in)", path: "/settings", headers: memberHeaders, mustContain: member.name },
  ];
  // A client navigation's data for the same pages: the loaders and their queries, answered as
  // React Router's turbo-stream instead of rendered HTML. Information beside the targets.
  if (args.data) {
    for (const page of [...pages]) {
      const [pathname, query] = page.path.split("?");
      pages.push({
        ...page,
        label: page.label.replace(pathname, `${pathname}.data`),
        path: `${pathname}.data${query ? `?${query}` : ""}`,
        noTarget: true,
      });
    }
  }

  // The member page must really be signed in: signed out it redirects to /auth.
  const signedOut = await probe(server.url + "/settings", { "Accept-Language": "en" });
  if (signedOut.status < 300 || signedOut.status >= 400)
    throw new Error(`/settings signed out answered ${signedOut.status}, expected a redirect to /auth`);

  const check = async (page, when) => {
    const r = await probe(server.url + page.path, page.headers);
    if (r.status !== 200) throw new Error(`${page.path} (${when}) answered ${r.status}${r.location ? " → " + r.location : ""}`);
    if (page.mustContain && !r.body.includes(page.mustContain))
      throw new Error(`${page.path} (${when}) does not show ${JSON.stringify(page.mustContain)}: not signed in?`);
    return r;
  };

  if (queryLog) {
    const dump = async () => {
      rmSync(queryLog, { force: true });
      process.kill(server.pid, "SIGUSR2");
      for (let i = 0; i < 100 && !existsSync(queryLog); i++) await sleep(50);
      return JSON.parse(readFileSync(queryLog, "utf8"));
    };
    // The home page's loaders too (counted only, not loaded with wrk here: bench:http does).
    const home = { label: "/ (home, uncached)", path: "/", headers: publicHeaders };
    for (const page of [home, ...pages]) {
      await check(page, "first request"); // warm any per-process caches first
      await dump();
      await check(page, "query count");
      const { queries } = await dump();
      rows.push({ measure: `${page.label} queries/request`, value: queries.length, unit: "count", target: "", pass: null });
      const counts = new Map();
      if (process.env.BENCH_QUERY_DUMP) {
        const { appendFileSync } = await import("node:fs");
        appendFileSync(process.env.BENCH_QUERY_DUMP, JSON.stringify({ page: page.label, queries }) + "\n");
      }
      for (const { text: q } of queries) {
        const key = q.replace(/\s+/g, " ").slice(0, 110);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const repeated = [...counts].filter(([, n]) => n > 1).map(([q, n]) => `${n}× ${q}`);
      notes.push(`${page.label}: ${queries.length} queries${repeated.length ? "; repeated: " + repeated.join(" | ") : ""}`);
    }
  }

  for (const page of pages) {
    const before = await check(page, "before");
    if (before.pageCache) notes.push(`${page.label}: X-Page-Cache ${before.pageCache}`);
    const url = server.url + page.path;
    if (warmup > 0) {
      log(`${page.label}: warm-up ${warmup}s…`);
      await runWrk(url, { threads, connections, seconds: warmup, headers: page.headers });
    }
    log(`${page.label}: ${seconds}s (load ${loadavg().join(" ")})…`);
    const r = await runWrk(url, { threads, connections, seconds, headers: page.headers });
    await check(page, "after");
    const errors = r.non2xx3xx + r.socketErrorCount;
    log(`  ${r.rps.toFixed(1)} rps, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${errors}`);
    rows.push(
      { measure: `${page.label} rps`, value: Math.round(r.rps * 10) / 10, unit: "rps", target: "", pass: null },
      { measure: `${page.label} p50`, value: r.p50, unit: "ms", target: "", pass: null },
      {
        measure: `${page.label} p99`,
        value: r.p99,
        unit: "ms",
        target: page.noTarget ? "" : "≤ 50 ms",
        pass: page.noTarget ? null : r.p99 <= 50,
      },
      { measure: `${page.label} errors`, value: errors, unit: "count", target: "0", pass: errors === 0 },
    );
    if (r.socketErrorCount) notes.push(`${page.label}: socket errors ${JSON.stringify(r.socketErrors)}`);
    for (const rate of rates) {
      log(`${page.label}: ${seconds}s at ${rate} rps offered…`);
      const pacing = pacingScript(rate);
      const paced = await runWrk(url, { threads, connections, seconds, headers: page.headers, ...pacing });
      const pacedErrors = paced.non2xx3xx + paced.socketErrorCount;
      log(`  ${paced.rps.toFixed(1)} rps, p50 ${paced.p50.toFixed(1)} ms, p99 ${paced.p99.toFixed(1)} ms, errors ${pacedErrors}`);
      rows.push(
        {
          measure: `${page.label} at ${rate} rps offered: rps`,
          value: Math.round(paced.rps * 10) / 10,
          unit: "rps",
          target: "",
          pass: null,
        },
        { measure: `${page.label} at ${rate} rps offered: p99`, value: paced.p99, unit: "ms", target: "", pass: null },
        {
          measure: `${page.label} at ${rate} rps offered: errors`,
          value: pacedErrors,
          unit: "count",
          target: "0",
          pass: pacedErrors === 0,
        },
      );
    }
    if (rates.length) await check(page, "after the paced runs");
  }
  notes.push(
    `wrk -t${threads} -c${connections} -d${seconds}s --latency after ${warmup}s warm-up per page; PostgreSQL database ${dbName} ` +
      `(demo church${extraRows ? ` + ${extraRows} extra events, sermons and prayer requests each` : ""}); public pages with Cookie: bench=1 (no page cache); ` +
      (workers > 1 ? `cluster mode, ${workers} workers` : "one server process"),
  );
  if (rates.length)
    notes.push(
      `paced runs: wrk -s <script> with an exponential delay() of mean ${connections}/rate s per connection; no target (issue 10's p99 is for the saturating run)`,
    );
  notes.push(`load average at start ${loadAtStart.join(" ")}, at end ${loadavg().join(" ")} (${os.cpus().length} CPUs, shared)`);
  if (rows.some((r) => r.pass === false)) exitCode = 1;
} catch (error) {
  console.error(`bench:uncached could not measure: ${error.stack ?? error}`);
  notes.push(`could not measure: ${error.message}`);
  exitCode = 2;
} finally {
  await server?.close();
  await dropDatabase().catch((error) => log(`WARNING: could not drop ${dbName}: ${error.message}`));
  if (queryLogDir) rmSync(queryLogDir, { recursive: true, force: true });
  if (pacingDir) rmSync(pacingDir, { recursive: true, force: true });
}
reportRows({ bench: "uncached", startedAt, rows, notes, json: args.json, loadAverage: loadAtStart });
process.exit(exitCode);
