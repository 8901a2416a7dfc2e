// Backups (reliability issue, point 7; ADR 020): `npm run db:backup` and `npm run db:restore`
// as an operator runs them. A site seeded with the demo church, a member's writes and an
// uploaded photo is backed up and restored into a fresh data folder / database; every table,
// sequence and index, every uploaded byte and the served pages must come back identical. A
// restore refuses a non-empty target without --force, a backup from a newer schema and a
// damaged archive, and a restore that fails half-way leaves the current data as it was.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { createGunzip, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type AppDatabase, type DatabaseHandle } from "~/server/db.server";
import { planRetention } from "../../scripts/lib/backup/prune-backups.mjs";
import { createTarWriter, readTar } from "../../scripts/lib/backup/tar.mjs";
import { findFreePort, repoRoot, snapshotProductionBuild, startAppServer, type AppServer } from "../support/app-server";
import { cookieJar } from "../support/auth-harness";
import { callbackLink, waitForEmlTo } from "../support/mail-links";
import { createThrowawayDatabase, describeEachBackend, queryRows, testDatabaseUrl, type ThrowawayDatabase } from "../support/test-database";

interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

interface Site {
  dataDir: string;
  database?: ThrowawayDatabase;
}

const running = new Set<ChildProcess>();

/** Runs scripts/<name>.mjs as `npm run` would, with only this site's DATA_DIR / DATABASE_URL. */
function runScript(name: "db-backup" | "db-restore" | "admin-create", args: string[], site: Site): Promise<CommandResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: site.dataDir };
  delete env.DATABASE_URL;
  delete env.AUTH_SECRET;
  if (site.database) env.DATABASE_URL = site.database.url;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // From an empty folder: the scripts must not depend on the working directory (or its .env).
    const child = spawn(process.execPath, [path.join(repoRoot, "scripts", `${name}.mjs`), ...args], {
      cwd: tmpdir(),
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    running.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("exit", (code) => {
      running.delete(child);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

function openSite(site: Site): Promise<DatabaseHandle> {
  return openDatabase(site.database ? { databaseUrl: site.database.url } : { dataDir: site.dataDir });
}

const APP_SCHEMAS = sql.raw("('public', 'drizzle')");

/**
 * Everything a restore must bring back, computed independently of the backup's own format:
 * each table's row count and the md5 of its rows' text (generated columns included), each
 * sequence's position, and the schema (columns, indexes, constraints).
 */
async function fingerprint(db: AppDatabase) {
  const tables = await queryRows<{ schema: string; name: string }>(
    db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
         where table_schema in ${APP_SCHEMAS} and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const rows: Record<string, { rows: number; md5: string }> = {};
  for (const table of tables) {
    const [result] = await queryRows<{ rows: number; md5: string }>(
      db,
      sql.raw(
        `select count(*)::int as rows, md5(coalesce(string_agg((r.*)::text, E'\\n' order by (r.*)::text collate "C"), '')) as md5
           from "${table.schema}"."${table.name}" r`,
      ),
    );
    rows[`${table.schema}.${table.name}`] = result!;
  }
  const sequences = await queryRows(
    db,
    sql`select schemaname, sequencename, last_value::text as last_value from pg_sequences where schemaname in ${APP_SCHEMAS} order by 1, 2`,
  );
  const columns = await queryRows(
    db,
    sql`select table_schema, table_name, column_name, data_type, is_nullable, column_default, is_generated, generation_expression
          from information_schema.columns where table_schema in ${APP_SCHEMAS} order by 1, 2, column_name`,
  );
  const indexes = await queryRows(
    db,
    sql`select schemaname, tablename, indexname, indexdef from pg_indexes where schemaname in ${APP_SCHEMAS} order by 1, 2, 3`,
  );
  const constraints = await queryRows(
    db,
    sql`select n.nspname, c.conrelid::regclass::text as table_name, c.conname, pg_get_constraintdef(c.oid) as definition
          from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname in ${APP_SCHEMAS} order by 1, 2, 3`,
  );
  return { rows, sequences, columns, indexes, constraints };
}

async function fingerprintSite(site: Site) {
  const handle = await openSite(site);
  try {
    return await fingerprint(handle.db);
  } finally {
    await handle.close();
  }
}

/** sha256 of every file under `dir` (relative posix path → hash). */
function treeHashes(dir: string, skip: (name: string) => boolean = () => false): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (current: string, prefix: string) => {
    if (!existsSync(current)) return;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (skip(entry.name)) continue;
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(current, entry.name), relative);
      else
        out[relative] = createHash("sha256")
          .update(readFileSync(path.join(current, entry.name)))
          .digest("hex");
    }
  };
  walk(dir, "");
  return out;
}

const uploadHashes = (dataDir: string) => treeHashes(path.join(dataDir, "uploads"), (name) => name.startsWith("."));

/** Page HTML with the per-response CSP nonce taken out: nothing else may differ. */
function normalizePage(html: string): string {
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
  return nonce ? html.split(nonce).join("NONCE") : html;
}

const PAGES = ["/", "/prayer", "/community", "/events", "/about"];

async function fetchPages(baseURL: string): Promise<Record<string, string>> {
  const pages: Record<string, string> = {};
  for (const page of PAGES) {
    const response = await fetch(`${baseURL}${page}`, { headers: { "Accept-Language": "en" } });
    expect(response.status, page).toBe(200);
    pages[page] = normalizePage(await response.text());
  }
  return pages;
}

/** Follows redirects by hand, keeping the cookies each answer sets. */
async function follow(url: URL, cookie: string | undefined): Promise<string> {
  let next: URL | null = url;
  let jar = cookie ?? "";
  for (let hop = 0; next && hop < 6; hop += 1) {
    const response: Response = await fetch(next, { redirect: "manual", headers: jar ? { Cookie: jar } : {} });
    jar = cookieJar(jar, response.headers.getSetCookie());
    const location = response.headers.get("location");
    next = response.status >= 300 && response.status < 400 && location ? new URL(location, next) : null;
  }
  return jar;
}

/** A member signs up, confirms by the emailed link, posts a prayer request and sends a photo. */
async function memberWrites(server: AppServer, dataDir: string): Promise<void> {
  const headers = { Origin: server.baseURL };
  const email = `backup-${Date.now()}@example.test`;
  const signup = await fetch(`${server.baseURL}/auth`, {
    method: "POST",
    headers,
    redirect: "manual",
    body: new URLSearchParams({
      intent: "signup-email",
      fullName: "Rosa Backup",
      email,
      password: "member-passphrase-9",
      confirmPassword: "member-passphrase-9",
      username: "",
      phone: "",
    }),
  });
  expect(signup.status).toBeLessThan(400);
  const cookie = await follow(callbackLink(await waitForEmlTo(dataDir, email)), undefined);
  expect(cookie).toMatch(/session/);

  const prayer = await fetch(`${server.baseURL}/prayer`, {
    method: "POST",
    headers: { ...headers, Cookie: cookie },
    body: new URLSearchParams({
      intent: "post",
      title: "Surgery",
      body: "Please pray for my mother's surgery on Tuesday — gracias.",
      category: "healing",
      visibility: "public",
    }),
  });
  expect(prayer.status).toBe(200);

  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("intent", "gallery-submit");
  form.set("title", "Harvest table");
  form.set("description", "Our table at the harvest festival");
  form.set("file", new File([new Uint8Array(photo)], "harvest.png", { type: "image/png" }));
  const upload = await fetch(`${server.baseURL}/community`, { method: "POST", headers: { ...headers, Cookie: cookie }, body: form });
  expect(upload.status).toBe(200);
}

/** Every entry of a (small) archive, in order. */
async function readArchive(file: string): Promise<Array<[string, Buffer]>> {
  const entries: Array<[string, Buffer]> = [];
  const source = new PassThrough();
  source.end(readFileSync(file));
  await readTar(source.pipe(createGunzip()), async (name: string, _size: number, chunks: AsyncIterable<Buffer>) => {
    const parts: Buffer[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    entries.push([name, Buffer.concat(parts)]);
  });
  return entries;
}

async function writeArchive(file: string, entries: Array<[string, Buffer]>): Promise<void> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const tar = createTarWriter(out);
  for (const [name, data] of entries) await tar.addBuffer(name, data);
  await tar.finish();
  writeFileSync(file, gzipSync(Buffer.concat(chunks)));
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

interface ManifestLike {
  schema: { migrations: Array<{ createdAt: number; hash: string; tag: string | null }>; latest: string | null };
  tables: Array<{ name: string; part: string; rows: number; sha256: string }>;
  parts: Record<string, { bytes: number; sha256: string }>;
}

/**
 * A copy of `from` with backup.json / manifest.json and parts edited as a consistent archive
 * (hashes updated), as a newer site or a damaged database would have made it.
 */
async function craftArchive(
  from: string,
  to: string,
  edit: (header: ManifestLike, manifest: ManifestLike, parts: Map<string, Buffer>) => void,
) {
  const entries = await readArchive(from);
  const parts = new Map(entries);
  const header = JSON.parse(parts.get("backup.json")!.toString()) as ManifestLike;
  const manifest = JSON.parse(parts.get("manifest.json")!.toString()) as ManifestLike;
  edit(header, manifest, parts);
  parts.set("backup.json", Buffer.from(JSON.stringify(header)));
  for (const [name, data] of parts) if (name !== "manifest.json") manifest.parts[name] = { bytes: data.length, sha256: sha256(data) };
  parts.set("manifest.json", Buffer.from(JSON.stringify(manifest)));
  await writeArchive(to, [...parts]);
}

describeEachBackend("db:backup and db:restore", (backend) => {
  let snapshot: ReturnType<typeof snapshotProductionBuild>;
  let work: string;
  let source: Site;
  let target: Site;
  let server: AppServer | undefined;
  let port: number;
  let archive: string;
  let sourceFingerprint: Awaited<ReturnType<typeof fingerprintSite>>;
  const figures: Record<string, number | string> = {};

  beforeAll(async () => {
    snapshot = snapshotProductionBuild();
    work = mkdtempSync(path.join(tmpdir(), "church-backup-"));
    source = { dataDir: path.join(work, "source") };
    target = { dataDir: path.join(work, "target") };
    if (backend.name === "postgres") {
      source.database = await createThrowawayDatabase();
      target.database = await createThrowawayDatabase();
    }
    port = await findFreePort();
  });
  afterAll(async () => {
    // A timed-out test leaves its command running: end it before its folders go.
    await Promise.all([...running].map((child) => new Promise((resolve) => child.once("exit", resolve).kill("SIGKILL"))));
    await server?.stop(2000);
    await source?.database?.drop();
    await target?.database?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
    snapshot?.remove();
    if (Object.keys(figures).length > 0) console.log(`backup figures [${backend.name}]`, JSON.stringify(figures));
  });

  // Two server starts and, on PGlite, a database initialisation: well under a minute on an idle
  // machine, but a shared CI machine can take twice that, hence the longer limits.
  test("a site backed up and restored into a fresh target is identical: tables, uploads and pages", async () => {
    let last = Date.now();
    const mark = (step: string) => {
      figures[`${step}Ms`] = Date.now() - last;
      last = Date.now();
    };
    // The source site: demo church seeded at first start, then a member's writes and a photo.
    server = await startAppServer({ cwd: snapshot.dir, dataDir: source.dataDir, databaseUrl: source.database?.url, port });
    mark("sourceStart");
    let sourcePages: Record<string, string>;
    try {
      await memberWrites(server, source.dataDir);
      sourcePages = await fetchPages(server.baseURL);
      // Both are backed up while the site runs: PostgreSQL directly; the embedded database, which
      // the server holds (a second process would corrupt it), by the server itself, asked on its
      // owner-only command socket (ADR 037). An administrator is made the same way.
      const online = await runScript("db-backup", ["--out", path.join(work, "online")], source);
      expect(online.code, online.stderr).toBe(0);
      expect(online.stdout).toMatch(/^Backup written: /);
      expect(readdirSync(path.join(work, "online")).filter((f) => f.endsWith(".tar.gz"))).toHaveLength(1);
      if (backend.name === "pglite") {
        expect(statSync(path.join(source.dataDir, "control.sock")).mode & 0o777).toBe(0o600);
        const made = await runScript(
          "admin-create",
          ["--email", "office@example.test", "--password", "a long office password", "--name", "Office"],
          source,
        );
        expect(made.code, made.stderr).toBe(0);
        expect(made.stdout).toContain("Created administrator office@example.test with scopes admin:*");
        const refused = await runScript("admin-create", ["--email", "x@example.test", "--password", "short", "--name", "X"], source);
        expect(refused.code).toBe(2);
        expect(refused.stderr).toContain("the password must be at least 10 characters long");
      }
    } finally {
      await server.stop();
      server = undefined;
    }
    mark("sourceWritesAndStop");

    sourceFingerprint = await fingerprintSite(source);
    const sourceUploads = uploadHashes(source.dataDir);
    expect(sourceFingerprint.rows["public.events"]!.rows).toBeGreaterThan(0);
    expect(sourceFingerprint.rows["public.prayer_requests"]!.rows).toBeGreaterThan(0);
    expect(Object.keys(sourceUploads).filter((f) => f.startsWith("gallery/")).length).toBeGreaterThanOrEqual(2);
    mark("sourceFingerprint");

    archive = path.join(work, "backups", "site.tar.gz");
    const backup = await runScript("db-backup", ["--out", archive, "--json"], source);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const result = JSON.parse(backup.stdout) as {
      archive: string;
      bytes: number;
      database: { tables: number; rows: number };
      uploads: { files: number; bytes: number };
    };
    expect(result.archive).toBe(archive);
    expect(statSync(archive).size).toBe(result.bytes);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(result.database.tables).toBe(Object.keys(sourceFingerprint.rows).length);
    expect(result.database.rows).toBe(Object.values(sourceFingerprint.rows).reduce((sum, t) => sum + t.rows, 0));
    expect(result.uploads.files).toBe(Object.keys(sourceUploads).length);
    // No secret beyond what the database holds: the auth secret stays in DATA_DIR.
    const secret = readFileSync(path.join(source.dataDir, "auth-secret"), "utf8").trim();
    const entries = await readArchive(archive);
    expect(
      entries.map(([name]) => name).filter((name) => !/^(backup\.json|manifest\.json|database\/[^/]+\.ndjson|uploads\/.+)$/.test(name)),
    ).toEqual([]);
    expect(entries.some(([, data]) => data.includes(secret))).toBe(false);
    Object.assign(figures, {
      archiveBytes: result.bytes,
      backupMs: backup.ms,
      tables: result.database.tables,
      rows: result.database.rows,
      uploads: result.uploads.files,
      uploadBytes: result.uploads.bytes,
    });
    mark("backupAndChecks");

    const check = await runScript("db-restore", [archive, "--check"], target);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toMatch(/Archive OK/);

    const restore = await runScript("db-restore", [archive], target);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/every table read back and matched the archive/);
    // The target has no auth secret: the restore says what to do about it.
    expect(restore.stdout).toMatch(/WARNING: No auth secret here yet/);
    figures.restoreMs = restore.ms;
    mark("checkAndRestore");

    expect(await fingerprintSite(target)).toEqual(sourceFingerprint);
    expect(uploadHashes(target.dataDir)).toEqual(sourceUploads);
    expect(readdirSync(target.dataDir).filter((name) => name.startsWith(".restore-") || name.startsWith("before-restore-"))).toEqual([]);
    mark("targetFingerprint");

    // With the same auth secret (as the README says to keep), the restored site serves the same pages.
    writeFileSync(path.join(target.dataDir, "auth-secret"), `${secret}\n`, { mode: 0o600 });
    server = await startAppServer({ cwd: snapshot.dir, dataDir: target.dataDir, databaseUrl: target.database?.url, port });
    let targetPages: Record<string, string>;
    try {
      targetPages = await fetchPages(server.baseURL);
    } finally {
      await server.stop();
      server = undefined;
    }
    for (const page of PAGES) expect(targetPages[page], page).toBe(sourcePages[page]);
    mark("targetPages");
  }, 180_000);

  test("a restore refuses a used target, a newer schema and a damaged archive, and a failed --force restore changes nothing", async () => {
    expect(archive).toBeTruthy();
    // The embedded database's files must not change at all; PostgreSQL's contents must not.
    const pgdataBefore = treeHashes(path.join(target.dataDir, "pgdata"));
    const databaseBefore = backend.name === "postgres" ? await fingerprintSite(target) : undefined;
    const uploadsBefore = uploadHashes(target.dataDir);
    const unchanged = async () => {
      expect(treeHashes(path.join(target.dataDir, "pgdata"))).toEqual(pgdataBefore);
      if (databaseBefore) expect(await fingerprintSite(target)).toEqual(databaseBefore);
      expect(uploadHashes(target.dataDir)).toEqual(uploadsBefore);
      expect(readdirSync(target.dataDir).filter((name) => name.startsWith(".restore-") || name.startsWith("before-restore-"))).toEqual([]);
    };

    const used = await runScript("db-restore", [archive], target);
    expect(used.code).toBe(1);
    expect(used.stderr).toMatch(/--force/);

    const newer = path.join(work, "newer.tar.gz");
    await craftArchive(archive, newer, (header, manifest) => {
      for (const doc of [header, manifest]) {
        const last = doc.schema.migrations.at(-1)!;
        doc.schema.migrations.push({ createdAt: last.createdAt + 86_400_000, hash: "f".repeat(64), tag: null });
        doc.schema.latest = "unknown";
      }
    });
    const refusedNewer = await runScript("db-restore", [newer, "--force"], target);
    expect(refusedNewer.code).toBe(1);
    expect(refusedNewer.stderr).toMatch(/newer version of the site/);

    const damaged = path.join(work, "damaged.tar.gz");
    const bytes = readFileSync(archive);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(damaged, bytes);
    const refusedDamaged = await runScript("db-restore", [damaged, "--force"], target);
    expect(refusedDamaged.code).toBe(1);
    expect(refusedDamaged.stderr).toMatch(/cannot be read|damaged/);
    await unchanged();

    if (backend.name === "postgres") {
      // A consistent archive whose rows break a foreign key: the load fails after the current
      // tables were dropped in the same transaction, which rolls back. (The embedded database
      // is built in a staging folder, never in place: the damaged archive above already shows
      // a failure leaving it untouched, without paying for a second database initialisation.)
      const broken = path.join(work, "broken.tar.gz");
      await craftArchive(archive, broken, (_header, manifest, parts) => {
        const users = manifest.tables.find((t) => t.name === "public.users")!;
        expect(users.rows).toBeGreaterThan(0);
        parts.set(users.part, Buffer.alloc(0));
        Object.assign(users, { rows: 0, sha256: sha256(Buffer.alloc(0)) });
      });
      const failed = await runScript("db-restore", [broken, "--force"], target);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/foreign key/i);
      await unchanged();
    }

    // --force with a good archive replaces the data; what it replaced is kept aside.
    const forced = await runScript("db-restore", [archive, "--force", "--json"], target);
    expect(forced.code, forced.stderr).toBe(0);
    const outcome = JSON.parse(forced.stdout) as { previous: string | null; authSecret: string };
    expect(outcome.authSecret).toBe("same");
    expect(outcome.previous).toMatch(/before-restore-/);
    expect(uploadHashes(outcome.previous!)).toEqual(uploadsBefore);
    if (backend.name === "pglite") expect(treeHashes(path.join(outcome.previous!, "pgdata"))).toEqual(pgdataBefore);
    expect(await fingerprintSite(target)).toEqual(sourceFingerprint);
    figures.forcedRestoreMs = forced.ms;
  }, 120_000);

  test.skipIf(backend.name !== "pglite" || !testDatabaseUrl)("an archive of the embedded database restores into PostgreSQL", async () => {
    expect(archive).toBeTruthy();
    const moved: Site = { dataDir: path.join(work, "moved"), database: await createThrowawayDatabase() };
    try {
      const restore = await runScript("db-restore", [archive], moved);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stdout).toMatch(/every table read back and matched the archive/);
      const here = await fingerprintSite(moved);
      const counts = (f: typeof here) => Object.fromEntries(Object.entries(f.rows).map(([name, t]) => [name, t.rows]));
      expect(counts(here)).toEqual(counts(sourceFingerprint));
      expect(here.sequences).toEqual(sourceFingerprint.sequences);
      expect(uploadHashes(moved.dataDir)).toEqual(uploadHashes(source.dataDir));
    } finally {
      await moved.database!.drop();
    }
  });
});

describe("db:backup retention", () => {
  test("keeps the newest archive of each of the last N days and M weeks, and nothing else of its own", () => {
    // Nightly archives for 40 days up to Sunday 2026-03-29, two on the last day, plus an unrelated file.
    const names = ["notes.txt", "church-backup-20260329T120000Z.tar.gz"];
    for (let day = 0; day < 40; day += 1) {
      const date = new Date(Date.UTC(2026, 2, 29 - day, 3, 0, 0));
      names.push(`church-backup-${date.toISOString().slice(0, 10).replaceAll("-", "")}T030000Z.tar.gz`);
    }
    const { keep, remove } = planRetention(names, { keepDaily: 3, keepWeekly: 2 });
    expect(keep).toEqual([
      "church-backup-20260329T120000Z.tar.gz", // newest; day 1 and ISO week 13
      "church-backup-20260328T030000Z.tar.gz", // day 2
      "church-backup-20260327T030000Z.tar.gz", // day 3
      "church-backup-20260322T030000Z.tar.gz", // week 12 (Sunday is the week's last day)
    ]);
    expect(remove).toHaveLength(41 - keep.length);
    expect(remove).not.toContain("notes.txt");
  });
});
