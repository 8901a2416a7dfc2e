// What a members import of 10,000 people costs (issue 34, point 4): wall time of each step and
// peak memory of the process, on PGlite (the default install, in memory) and on PostgreSQL (a
// throwaway database on 127.0.0.1:5432). The real code runs: the upload's reading
// (`createImport`: decode, csv-parse, store), the dry run (`checkImport`: every row checked and
// matched against the people on the site) and the import (`runMemberImport`: batches of 500,
// one transaction each, ADR 036). Each backend runs in its own child process started like
// `npm start` starts the server (MALLOC_ARENA_MAX=2, the same heap flags), so one backend's
// memory does not hide the other's.
//
//   npm run bench:import                               # both backends, 10,000 rows
//   npm run bench:import -- --backends pglite --rows 20000 --invite
//   npm run bench:import -- --json bench/results/member-import.json
//
// Figures per backend: RSS with the database open (before the file), peak RSS from there on
// (VmHWM, reset once the database is open) and its rise, peak V8 heap used (sampled every 10 ms), seconds for upload, dry run
// and import. Exit 0 when measured; 2 when it could not measure. No targets: it records.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseCli } from "./lib/cli.mjs";
import { createDatabase, dropDatabase, loadavg, table, writeResult } from "./lib/rows.mjs";

const SCRIPT = fileURLToPath(import.meta.url);
const MB = 1024 * 1024;

const usage = `usage: tsx bench/member-import.ts [--backends pglite,postgres] [--rows 10000] [--invite] [--json path]
  --backends  which databases (default both; PostgreSQL on 127.0.0.1:5432 as user postgres)
  --rows      people in the file (default 10000, at most 20000)
  --invite    also queue an invitation email per person
  --json      write the result (bench contract) to this file`;

interface ChildResult {
  baselineMb: number;
  peakMb: number;
  heapPeakMb: number;
  uploadSeconds: number;
  checkSeconds: number;
  importSeconds: number;
  fileMb: number;
  created: number;
  invited: number;
}

/** The template's columns, every person with an address and a phone, half in Spanish. */
function makeFile(rows: number): string {
  const lines = ["first_name,last_name,email,phone,preferred_language,membership_status,member_since"];
  for (let i = 0; i < rows; i++) {
    const phone = `555${String(1_000_000 + i).slice(-7)}`;
    lines.push(`Person${i},Family ${i % 997},person${i}@bench.example,${phone},${i % 2 ? "Español" : "English"},${i % 3 ? "member" : ""},`);
  }
  return lines.join("\r\n") + "\r\n";
}

/** Peak RSS since the last reset (VmHWM), in MB; the reset (clear_refs 5) starts the measured part. */
function highWaterMb(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
  return match ? Number(match[1]) / 1024 : process.resourceUsage().maxRSS / 1024;
}
function resetHighWater(): void {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
  } catch {
    // not Linux: ru_maxrss then includes opening the database
  }
}

async function runChild(
  backend: string,
  databaseUrl: string | undefined,
  rows: number,
  invite: boolean,
  dataDir: string | undefined,
  prepare: boolean,
): Promise<void> {
  const [{ openDatabase, setDatabase }, imports, { users }] = await Promise.all([
    import("~/server/db.server"),
    import("~/features/people/admin/import/member-import.server"),
    import("~/db/schema"),
  ]);
  // PGlite as the server keeps it (DATA_DIR/pgdata, made by a first child, so its initdb's
  // ~900 MB does not count); PostgreSQL a fresh database.
  const handle = await openDatabase({ databaseUrl, dataDir });
  await handle.migrate();
  if (prepare) {
    await handle.close();
    return;
  }
  setDatabase(handle);
  const db = handle.db;
  const actor = { userId: "bench-admin", name: "Bench Admin" };
  await db.insert(users).values({ id: actor.userId, name: actor.name, email: "bench-admin@bench.example" }).onConflictDoNothing();

  let heapPeak = 0;
  const sample = (label = "") => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    if (process.env.BENCH_TRACE && label) {
      console.error(`${label} rss ${(process.memoryUsage().rss / MB).toFixed(0)} MB, peak ${highWaterMb().toFixed(0)} MB`);
      resetHighWater();
    }
  };
  // PGlite's work can keep timers from firing: the steps and every 100th row sample too.
  const sampler = setInterval(() => sample(), 10);
  const baselineMb = process.memoryUsage().rss / MB;
  resetHighWater();
  sample("baseline");
  const file = Buffer.from(makeFile(rows), "utf8");

  let started = performance.now();
  const uploaded = await imports.createImport({ db, actor, fileName: "bench.csv", bytes: file });
  if (!uploaded.ok || !uploaded.id) throw new Error(`upload refused: ${JSON.stringify(uploaded)}`);
  const uploadSeconds = (performance.now() - started) / 1000;
  sample("uploaded");
  const id = uploaded.id;

  started = performance.now();
  const fields = new Map([
    ["map.firstName", "0"],
    ["map.lastName", "1"],
    ["map.email", "2"],
    ["map.phone", "3"],
    ["map.language", "4"],
    ["map.status", "5"],
    ["map.memberSince", "6"],
    ["duplicates", "merge"],
    ["defaultLanguage", "en"],
    ...(invite ? ([["invite", "yes"]] as Array<[string, string]>) : []),
  ]);
  const checked = await imports.checkImport({ db, id, fields });
  if (!checked.ok) throw new Error(`check refused: ${JSON.stringify(checked)}`);
  const checkSeconds = (performance.now() - started) / 1000;
  sample("checked");

  const captured: Array<Parameters<typeof imports.runMemberImport>[0]> = [];
  imports.setImportStarter((options) => void captured.push(options));
  started = performance.now();
  const claimed = await imports.startImport({ db, actor, ip: "127.0.0.1", id, resume: false });
  const run = captured[0];
  if (!claimed.ok || !run) throw new Error(`start refused: ${JSON.stringify(claimed)}`);
  await imports.runMemberImport({ ...run, onRow: (index) => void (index % 100 === 0 && sample()) });
  sample();
  const importSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);

  const page = await imports.loadImportPage({ db, id });
  const counts = page.current?.counts;
  if (page.current?.status !== "done" || !counts) throw new Error(`import did not finish: ${page.current?.status}`);
  const peak = highWaterMb();
  await handle.close();
  const result: ChildResult = {
    baselineMb,
    peakMb: peak,
    heapPeakMb: heapPeak / MB,
    uploadSeconds,
    checkSeconds,
    importSeconds,
    fileMb: file.byteLength / MB,
    created: counts.created,
    invited: counts.invited,
  };
  process.stdout.write(`RESULT ${JSON.stringify({ backend, ...result })}\n`);
}

function startFlags(): string[] {
  // The heap bounds `npm start` gives the server, so the figures are the server's.
  return ["--max-old-space-size=192", "--max-semi-space-size=8"];
}

function runBackend(backend: string, rows: number, invite: boolean): ChildResult {
  let databaseUrl: string | undefined;
  const dbName = `bench_import_${process.pid}`;
  const dataDir = backend === "pglite" ? mkdtempSync(path.join(os.tmpdir(), "bench-import-")) : undefined;
  if (backend === "postgres") databaseUrl = createDatabase(dbName);
  const spawnChild = (extra: string[]) =>
    spawnSync(
      process.execPath,
      [...startFlags(), ...process.execArgv, SCRIPT, "--child", backend, "--rows", String(rows), ...(invite ? ["--invite"] : []), ...extra],
      {
        encoding: "utf8",
        env: {
          ...process.env,
          MALLOC_ARENA_MAX: "2",
          LOG_LEVEL: "warn",
          BENCH_DATABASE_URL: databaseUrl ?? "",
          BENCH_DATA_DIR: dataDir ?? "",
        },
        maxBuffer: 16 * MB,
      },
    );
  try {
    if (dataDir) {
      const prepared = spawnChild(["--prepare"]);
      if (prepared.status !== 0) throw new Error(`pglite set-up failed (${prepared.status}):\n${prepared.stderr}`);
    }
    const child = spawnChild([]);
    const line = child.stdout.split("\n").find((l) => l.startsWith("RESULT "));
    if (child.status !== 0 || !line)
      throw new Error(`${backend} child failed (${child.status}):\n${child.stderr}\n${child.stdout.slice(-2000)}`);
    return JSON.parse(line.slice("RESULT ".length)) as ChildResult;
  } finally {
    if (databaseUrl) dropDatabase(dbName);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = parseCli(
    {
      backends: { type: "string", default: "pglite,postgres" },
      rows: { type: "string", default: "10000" },
      invite: { type: "boolean", default: false },
      json: { type: "string" },
      child: { type: "string" },
      prepare: { type: "boolean", default: false },
    },
    usage,
  ) as { backends: string; rows: string; invite: boolean; json?: string; child?: string; prepare: boolean };
  const rows = Number(args.rows);
  if (!Number.isInteger(rows) || rows < 1 || rows > 20_000) {
    console.error(`--rows must be 1–20000\n${usage}`);
    process.exit(2);
  }
  if (args.child)
    return runChild(
      args.child,
      process.env.BENCH_DATABASE_URL || undefined,
      rows,
      args.invite,
      process.env.BENCH_DATA_DIR || undefined,
      args.prepare,
    );

  const backends = args.backends.split(",").map((b) => b.trim());
  const startedAt = new Date().toISOString();
  console.log(`${rows} rows${args.invite ? ", with invitations" : ""}; ${os.cpus().length} cores; load ${loadavg().join(" ")}`);
  const lines: string[][] = [];
  const out: Array<{ measure: string; value: number; unit: string; target: null; pass: null }> = [];
  for (const backend of backends) {
    if (backend !== "pglite" && backend !== "postgres") {
      console.error(`unknown backend ${backend}\n${usage}`);
      process.exit(2);
    }
    const r = runBackend(backend, rows, args.invite);
    lines.push([
      backend,
      r.fileMb.toFixed(1),
      r.uploadSeconds.toFixed(2),
      r.checkSeconds.toFixed(2),
      r.importSeconds.toFixed(2),
      (r.uploadSeconds + r.checkSeconds + r.importSeconds).toFixed(2),
      r.baselineMb.toFixed(0),
      r.peakMb.toFixed(0),
      (r.peakMb - r.baselineMb).toFixed(0),
      r.heapPeakMb.toFixed(0),
      `${r.created} created, ${r.invited} invited`,
    ]);
    out.push(
      { measure: `${backend} import ${rows} rows`, value: Math.round(r.importSeconds * 100) / 100, unit: "s", target: null, pass: null },
      { measure: `${backend} dry run`, value: Math.round(r.checkSeconds * 100) / 100, unit: "s", target: null, pass: null },
      { measure: `${backend} peak RSS`, value: Math.round(r.peakMb), unit: "MB", target: null, pass: null },
      { measure: `${backend} peak heap`, value: Math.round(r.heapPeakMb), unit: "MB", target: null, pass: null },
    );
  }
  console.log(
    table(
      [
        "backend",
        "file MB",
        "upload s",
        "dry run s",
        "import s",
        "total s",
        "RSS before MB",
        "peak RSS MB",
        "rise MB",
        "peak heap MB",
        "outcome",
      ],
      lines,
    ),
  );
  writeResult(args.json, { bench: "member-import", startedAt, rows: out, extra: { rows, invite: args.invite } });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
