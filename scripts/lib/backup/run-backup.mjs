// `npm run db:backup`: the database (logical dump, ADR 020) and DATA_DIR/uploads in one
// .tar.gz with a manifest (schema version, row counts, sha256 of every part).
import { createHash } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import { mkdtemp, open, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { createGzip } from "node:zlib";
import { codeMigrations, connect, describeSchema, isEmbeddedDatabase } from "./database.mjs";
import { dumpDatabase } from "./dump-database.mjs";
import {
  authSecretFingerprint,
  BackupError,
  commandLinePath,
  embeddedDatabaseHolder,
  formatBytes,
  formatSeconds,
  holdEmbeddedDatabase,
  loadEnvironment,
  redactUrl,
  repoRoot,
  UsageError,
} from "./environment.mjs";
import { archiveName, pruneBackups } from "./prune-backups.mjs";
import { createTarWriter } from "./tar.mjs";
import { sendControlCommand } from "../control-client.mjs";

export const FORMAT = "living-hope-church-backup";
export const FORMAT_VERSION = 1;

export const BACKUP_USAGE = `usage: npm run db:backup -- [--out <file.tar.gz | folder>] [--keep-daily N --keep-weekly N] [--json]

Writes the database (DATABASE_URL, or the embedded one in DATA_DIR/pgdata) and the uploaded
files (DATA_DIR/uploads) to one archive, by default DATA_DIR/backups/church-backup-<UTC time>.tar.gz.
  --out           an archive path ending in .tar.gz, or a folder to write the archive into
  --keep-daily    after a successful backup, keep the newest archive of each of the last N days
  --keep-weekly   … and of each of the last N weeks; other church-backup-*.tar.gz in that folder are deleted
  --json          print the result as one JSON object`;

/** Regular files under `root`, as sorted posix paths; dotfiles (half-written uploads) are skipped. */
async function listUploads(root, warnings) {
  const files = [];
  async function walk(dir, prefix) {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), relative);
      else if (entry.isFile()) files.push(relative);
      else warnings.push(`skipped uploads/${relative}: not a regular file`);
    }
  }
  if (existsSync(root)) await walk(root, "");
  return files;
}

function resolveOutput(out, dataDir, now) {
  const target = out ? commandLinePath(out) : path.join(dataDir, "backups");
  if (target.endsWith(".tar.gz")) {
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    return target;
  }
  mkdirSync(target, { recursive: true, mode: 0o700 });
  return path.join(target, archiveName(now));
}

async function backupHere(env, archive, now, warnings) {
  return writeBackup({
    env,
    archive,
    now,
    source: { kind: env.databaseUrl ? "postgres" : "pglite", database: env.databaseUrl ? redactUrl(env.databaseUrl) : env.pgdataDir },
    warnings,
    // The embedded database is held only for the database step.
    withConnection: async (run) => {
      const release = env.databaseUrl ? () => {} : holdEmbeddedDatabase(env.dataDir);
      try {
        const db = await connect({ databaseUrl: env.databaseUrl, pgdataDir: env.pgdataDir });
        try {
          return await run(db);
        } finally {
          await db.close();
        }
      } finally {
        release();
      }
    },
  });
}

async function backupThroughServer(dataDir, holder, archive) {
  const answer = await sendControlCommand(dataDir, "db:backup", { archive });
  if (!answer) {
    throw new BackupError(
      `The server (process ${holder}) has the embedded database in ${dataDir} open and does not answer on ${path.join(dataDir, "control.sock")}. ` +
        "The embedded database allows one process at a time: stop the site, back up, start it again (see README, Backups), or use DATABASE_URL.",
    );
  }
  if (!answer.ok) throw new BackupError(`The server could not make the backup: ${answer.error}`);
  return answer.backup.details;
}

function nonNegativeInteger(value, name) {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
}

/**
 * The backup itself, for `npm run db:backup` and for the running server (the admin portal's
 * "Remove the demo church" backs up first, through the server's own connection: the embedded
 * database allows one process). `withConnection(run)` calls `run(db)` with an open
 * `{ kind, query, exec }` connection (as `connect()` returns; `inTransaction: true` when it is
 * lent inside a transaction, see dumpDatabase) and releases it after: the database step is the
 * only one that needs it, the uploads are archived afterwards. `env`: `{ dataDir, uploadsDir,
 * authSecret }` as loadEnvironment answers. Writes `archive` (which must not exist yet) through
 * `<archive>.partial`, renamed when complete and fsynced; nothing is left behind on failure.
 */
export async function writeBackup({ env, archive, now = new Date(), source, withConnection, warnings = [] }) {
  if (existsSync(archive)) throw new BackupError(`${archive} already exists: not overwriting it.`);
  mkdirSync(path.dirname(archive), { recursive: true, mode: 0o700 });
  const partial = `${archive}.partial`;
  const staging = await mkdtemp(path.join(path.dirname(archive), ".church-backup-"));
  let fileHandle;
  try {
    // 1. The database, in one snapshot.
    mkdirSync(path.join(staging, "database"), { mode: 0o700 });
    const dump = await withConnection((db) => dumpDatabase(db, staging));
    const schema = describeSchema(dump.migrations, codeMigrations());
    if (!schema.knownToThisCode) {
      warnings.push(`the database has migrations this code does not know (latest: ${schema.latest}); restoring it needs that newer code`);
    }
    const packageJson = JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8"));
    const header = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: now.toISOString(),
      site: { name: packageJson.name, version: packageJson.version },
      source: { ...source, serverVersion: dump.serverVersion },
      schema,
    };

    // 2. The archive: backup.json first (read early by a restore), the database parts, the
    //    uploads (after the database: a photo added meanwhile is only an unused file), then
    //    manifest.json with the size and sha256 of every part.
    const archiveHash = createHash("sha256");
    let archiveBytes = 0;
    await rm(partial, { force: true }); // left by a backup that was killed
    const gzip = createGzip({ level: 6 });
    const out = createWriteStream(partial, { flags: "wx", mode: 0o600 });
    const written = pipeline(
      gzip,
      new Transform({
        transform(chunk, _encoding, callback) {
          archiveHash.update(chunk);
          archiveBytes += chunk.length;
          callback(null, chunk);
        },
      }),
      out,
    );
    // A failure of the file (disk full) must not leave the writer waiting for "drain".
    written.catch((error) => gzip.destroy(error));
    const tar = createTarWriter(gzip);
    const parts = {};
    const headerBytes = Buffer.from(`${JSON.stringify(header, null, 2)}\n`);
    await tar.addBuffer("backup.json", headerBytes);
    parts["backup.json"] = { bytes: headerBytes.length, sha256: createHash("sha256").update(headerBytes).digest("hex") };
    for (const table of dump.tables) {
      const handle = await open(path.join(staging, table.part), "r");
      try {
        await tar.addStream(
          table.part,
          table.bytes,
          table.bytes === 0 ? [] : handle.createReadStream({ start: 0, end: table.bytes - 1, autoClose: false }),
        );
      } finally {
        await handle.close();
      }
      parts[table.part] = { bytes: table.bytes, sha256: table.sha256 };
    }
    let uploadFiles = 0;
    let uploadBytes = 0;
    for (const relative of await listUploads(env.uploadsDir, warnings)) {
      let handle;
      try {
        handle = await open(path.join(env.uploadsDir, relative), "r");
      } catch (error) {
        if (error.code === "ENOENT") {
          warnings.push(`uploads/${relative} was deleted during the backup`);
          continue;
        }
        throw error;
      }
      try {
        const stat = await handle.stat();
        const hash = createHash("sha256");
        const name = `uploads/${relative}`;
        const source = stat.size === 0 ? [] : handle.createReadStream({ start: 0, end: stat.size - 1, autoClose: false });
        await tar.addStream(name, stat.size, source, stat.mtimeMs, (chunk) => hash.update(chunk));
        parts[name] = { bytes: stat.size, sha256: hash.digest("hex") };
        uploadFiles += 1;
        uploadBytes += stat.size;
      } finally {
        await handle.close();
      }
    }
    const manifest = {
      ...header,
      tables: dump.tables.map(({ name, schema: tableSchema, table, columns, rows, part, sha256 }) => ({
        name,
        schema: tableSchema,
        table,
        columns,
        rows,
        part,
        sha256,
      })),
      sequences: dump.sequences,
      uploads: { files: uploadFiles, bytes: uploadBytes },
      authSecret: {
        inArchive: false,
        fingerprint: authSecretFingerprint(env),
        note: "Sessions and two-factor secrets need the same AUTH_SECRET (or DATA_DIR/auth-secret) on the restored site.",
      },
      parts,
    };
    await tar.addBuffer("manifest.json", Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.finish();
    await written;
    fileHandle = await open(partial, "r");
    await fileHandle.sync();
    await fileHandle.close();
    fileHandle = undefined;
    if (existsSync(archive)) throw new BackupError(`${archive} appeared while the backup ran: not overwriting it.`);
    await rename(partial, archive);

    return {
      result: { archiveBytes, archiveSha256: archiveHash.digest("hex"), uploadFiles, uploadBytes },
      source,
      schema,
      dump,
      header,
      manifest,
    };
  } catch (error) {
    await fileHandle?.close().catch(() => {});
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export async function runBackup(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        out: { type: "string" },
        "keep-daily": { type: "string" },
        "keep-weekly": { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(error.message);
  }
  if (values.help) {
    process.stdout.write(`${BACKUP_USAGE}\n`);
    return 0;
  }
  const keepDaily = nonNegativeInteger(values["keep-daily"], "keep-daily");
  const keepWeekly = nonNegativeInteger(values["keep-weekly"], "keep-weekly");
  const prune = keepDaily !== undefined || keepWeekly !== undefined;
  if (prune && (keepDaily ?? 0) + (keepWeekly ?? 0) === 0) throw new UsageError("--keep-daily and --keep-weekly cannot both be 0");

  const env = loadEnvironment();
  const started = Date.now();
  const now = new Date();
  const warnings = [];

  if (!env.databaseUrl && !isEmbeddedDatabase(env.pgdataDir)) {
    throw new BackupError(`There is no embedded database in ${env.pgdataDir} (and DATABASE_URL is not set). Check DATA_DIR.`);
  }
  const archive = resolveOutput(values.out, env.dataDir, now);
  const holder = env.databaseUrl ? null : embeddedDatabaseHolder(env.dataDir);
  // The running server holds the embedded database (one process at a time): it writes the
  // archive itself, asked on its command socket (ADR 037).
  const backup = holder ? await backupThroughServer(env.dataDir, holder, archive) : await backupHere(env, archive, now, warnings);
  const { result: written, source, schema, dump, header } = backup;
  const { archiveBytes, uploadFiles, uploadBytes } = written;
  const pruned = prune ? pruneBackups(path.dirname(archive), { keepDaily: keepDaily ?? 0, keepWeekly: keepWeekly ?? 0 }) : [];
  const rows = dump.tables.reduce((sum, t) => sum + t.rows, 0);
  const result = {
    archive,
    bytes: archiveBytes,
    sha256: written.archiveSha256,
    database: { ...header.source, tables: dump.tables.length, rows, schema: schema.latest, migrations: schema.migrations.length },
    uploads: { files: uploadFiles, bytes: uploadBytes },
    ms: Date.now() - started,
    pruned,
    warnings,
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } else {
    const lines = [
      `Backup written: ${archive}`,
      `  archive   ${formatBytes(archiveBytes)} (sha256 ${result.sha256})`,
      `  database  ${source.kind === "postgres" ? "PostgreSQL" : "embedded (PGlite)"} ${source.database}: ${dump.tables.length} tables, ${rows} rows, schema ${schema.latest ?? "empty"} (${schema.migrations.length} migrations)`,
      `  uploads   ${uploadFiles} files, ${formatBytes(uploadBytes)}`,
      `  time      ${formatSeconds(result.ms)}`,
      ...pruned.map((name) => `  pruned    ${name}`),
      ...warnings.map((w) => `  warning   ${w}`),
      "Not in the archive: the auth secret (AUTH_SECRET or DATA_DIR/auth-secret). Keep a copy of it apart from the",
      "backups: a restored site needs it for sessions and everyone's two-factor sign-in.",
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  return 0;
}
