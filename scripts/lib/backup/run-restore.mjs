// `npm run db:restore -- <archive>`: checks the whole archive against its manifest, then
// restores the database and DATA_DIR/uploads into an empty target, or (--force) replaces the
// current ones so that a failure at any step leaves them as they were.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { parseArgs } from "node:util";
import { createGunzip } from "node:zlib";
import { applySessionSettings, codeMigrations, connect, isEmbeddedDatabase, MIGRATION_LOCK, migrationsForBackup } from "./database.mjs";
import {
  authSecretFingerprint,
  BackupError,
  commandLinePath,
  formatBytes,
  formatSeconds,
  holdEmbeddedDatabase,
  loadEnvironment,
  redactUrl,
  UsageError,
} from "./environment.mjs";
import { clearDatabase, describeTarget, loadDatabase } from "./load-database.mjs";
import { FORMAT, FORMAT_VERSION } from "./run-backup.mjs";
import { readTar, write } from "./tar.mjs";

export const RESTORE_USAGE = `usage: npm run db:restore -- <archive.tar.gz> [--force] [--check] [--json]

Restores an archive made by db:backup into the database (DATABASE_URL, or the embedded one in
DATA_DIR/pgdata) and DATA_DIR/uploads. The target must be empty unless --force is given.
  --force   replace the current database and uploads (the embedded database and the uploads are
            moved to DATA_DIR/before-restore-<time>/; PostgreSQL is replaced in one transaction)
  --check   only verify the archive (every part against the manifest, the schema version); change nothing
  --json    print the result as one JSON object`;

/** A path inside the archive that may be written under the staging folder. */
function safePart(name) {
  if (name === "backup.json" || name === "manifest.json") return true;
  if (/^database\/[^/]+\.ndjson$/.test(name)) return true;
  if (!name.startsWith("uploads/")) return false;
  const segments = name.slice("uploads/".length).split("/");
  return segments.every((s) => s !== "" && s !== "." && s !== ".." && !s.includes("\\") && !s.includes("\0"));
}

function hasEntries(dir) {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

function countFiles(dir) {
  if (!existsSync(dir)) return 0;
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countFiles(path.join(dir, entry.name));
    else count += 1;
  }
  return count;
}

function checkHeader(header) {
  if (header?.format !== FORMAT) throw new BackupError("This is not a backup made by db:backup (backup.json has another format).");
  if (header.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `This archive has format version ${header.formatVersion}, made by a newer db:backup than this one (${FORMAT_VERSION}). Update the site's code first.`,
    );
  }
  // Refuses a backup from a newer schema before anything else is read.
  return migrationsForBackup(header.schema, codeMigrations());
}

/**
 * Streams the archive into `staging` (database parts, uploads), hashing every part, and checks
 * it whole against its manifest. Answers the manifest and the migrations that build its schema.
 */
async function extractArchive(archive, staging) {
  const seen = {};
  let header;
  let manifest;
  let migrations;
  const gunzip = createGunzip();
  const input = createReadStream(archive).on("error", (error) => gunzip.destroy(error));
  try {
    await readTar(input.pipe(gunzip), async (name, size, chunks) => {
      if (!safePart(name)) throw new BackupError(`The archive holds an unexpected entry ${JSON.stringify(name)}: refusing it.`);
      if (seen[name] || (name === "manifest.json" && manifest)) throw new BackupError(`The archive holds ${name} twice: refusing it.`);
      if (!header && name !== "backup.json")
        throw new BackupError("This is not a backup made by db:backup (it does not start with backup.json).");
      const hash = createHash("sha256");
      if (name === "backup.json" || name === "manifest.json") {
        const parts = [];
        for await (const chunk of chunks) parts.push(chunk);
        const data = Buffer.concat(parts);
        let parsed;
        try {
          parsed = JSON.parse(data.toString("utf8"));
        } catch {
          throw new BackupError(`${name} in the archive is not valid JSON.`);
        }
        if (name === "backup.json") {
          header = parsed;
          migrations = checkHeader(header);
          seen[name] = { bytes: data.length, sha256: hash.update(data).digest("hex") };
        } else {
          manifest = parsed;
        }
        return;
      }
      const file = path.join(staging, ...name.split("/"));
      mkdirSync(path.dirname(file), { recursive: true });
      const out = createWriteStream(file, { flags: "wx", mode: name.startsWith("uploads/") ? 0o644 : 0o600 });
      out.on("error", () => {});
      try {
        for await (const chunk of chunks) {
          hash.update(chunk);
          await write(out, chunk);
        }
      } finally {
        out.end();
        await finished(out);
      }
      seen[name] = { bytes: size, sha256: hash.digest("hex") };
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const kind = error.code === "Z_DATA_ERROR" || error.code === "Z_BUF_ERROR" ? " (not a .tar.gz, or a damaged one)" : "";
    throw new BackupError(`The archive ${archive} cannot be read${kind}: ${error.message}`);
  } finally {
    input.destroy();
  }
  if (!manifest) throw new BackupError("The archive has no manifest.json (was the backup interrupted?).");
  if (JSON.stringify(manifest.schema) !== JSON.stringify(header.schema) || manifest.createdAt !== header.createdAt) {
    throw new BackupError("manifest.json does not match backup.json: refusing a tampered or mixed-up archive.");
  }
  const expected = Object.keys(manifest.parts ?? {});
  const missing = expected.filter((name) => !seen[name]);
  const extra = Object.keys(seen).filter((name) => !manifest.parts[name]);
  if (missing.length > 0 || extra.length > 0) {
    throw new BackupError(
      `The archive does not match its manifest (missing: ${missing.slice(0, 5).join(", ") || "none"}; unlisted: ${extra.slice(0, 5).join(", ") || "none"}).`,
    );
  }
  for (const name of expected) {
    if (manifest.parts[name].sha256 !== seen[name].sha256 || manifest.parts[name].bytes !== seen[name].bytes) {
      throw new BackupError(`${name} in the archive does not match its sha256 in the manifest: the archive is damaged.`);
    }
  }
  for (const table of manifest.tables) {
    if (manifest.parts[table.part]?.sha256 !== table.sha256)
      throw new BackupError(`The manifest's entry for table ${table.name} is inconsistent.`);
  }
  return { manifest, migrations };
}

function compareAuthSecret(manifest, env) {
  const backedUp = manifest.authSecret?.fingerprint ?? null;
  const here = authSecretFingerprint(env);
  if (!backedUp) return { state: "unknown", message: "The backed-up site had no auth secret yet." };
  if (!here) {
    return {
      state: "missing",
      message:
        "No auth secret here yet: before starting the site, set AUTH_SECRET (or copy DATA_DIR/auth-secret) to the backed-up " +
        "site's secret, or every member is signed out and two-factor sign-in (admins included) stops working.",
    };
  }
  if (here !== backedUp) {
    return {
      state: "different",
      message:
        "The auth secret here differs from the backed-up site's: members are signed out and two-factor sign-in (admins " +
        "included) fails until AUTH_SECRET (or DATA_DIR/auth-secret) is the backed-up site's secret again.",
    };
  }
  return { state: "same", message: "The auth secret here is the backed-up site's." };
}

/** Moves `from` to `to`; answers how to undo it. */
async function move(from, to) {
  mkdirSync(path.dirname(to), { recursive: true });
  await rename(from, to);
  return () => rename(to, from);
}

export async function runRestore(argv) {
  let values;
  let positionals;
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: {
        force: { type: "boolean" },
        check: { type: "boolean" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(error.message);
  }
  if (values.help) {
    process.stdout.write(`${RESTORE_USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError("give exactly one archive to restore");
  const archive = commandLinePath(positionals[0]);
  if (!existsSync(archive)) throw new BackupError(`${archive} does not exist.`);

  const env = loadEnvironment();
  const started = Date.now();
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll("-", "")
    .replaceAll(":", "");
  const say = values.json ? () => {} : (line) => process.stdout.write(`${line}\n`);

  if (values.check) {
    const staging = await mkdtemp(path.join(tmpdir(), "church-restore-check-"));
    try {
      const { manifest, migrations } = await extractArchive(archive, staging);
      const result = summary(archive, manifest, migrations, { checked: true, ms: Date.now() - started });
      if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
      else say(`Archive OK: every part matches the manifest.\n${describe(result)}`);
      return 0;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  // Pre-flight: is the target free and empty (or --force)? Nothing is read or changed yet.
  mkdirSync(env.dataDir, { recursive: true });
  const release = env.databaseUrl ? () => {} : holdEmbeddedDatabase(env.dataDir);
  let target;
  let staging;
  let keepStaging = false;
  try {
    const uploadsInUse = countFiles(env.uploadsDir) > 0;
    if (env.databaseUrl) {
      target = await connect({ databaseUrl: env.databaseUrl });
      const state = await describeTarget(target);
      if (state.objects > 0 && !values.force) {
        throw new BackupError(
          `The database at ${redactUrl(env.databaseUrl)} is not empty (${state.tables} tables, ${state.rows} rows). ` +
            "Restore into an empty database, or add --force to replace it (in one transaction: on any error nothing changes).",
        );
      }
    } else if (hasEntries(env.pgdataDir) && !values.force) {
      throw new BackupError(
        `${env.pgdataDir} already holds a database. Restore into an empty DATA_DIR, or add --force to replace it ` +
          "(the current one is kept in DATA_DIR/before-restore-<time>/).",
      );
    }
    if (uploadsInUse && !values.force) {
      throw new BackupError(`${env.uploadsDir} already holds files. Restore into an empty DATA_DIR, or add --force to replace them.`);
    }

    // 1. The archive, whole, into a staging folder beside the target (same disk: renames).
    staging = await mkdtemp(path.join(env.dataDir, ".restore-"));
    const { manifest, migrations } = await extractArchive(archive, staging);
    mkdirSync(path.join(staging, "uploads"), { recursive: true });
    say(`Archive verified: ${Object.keys(manifest.parts).length} parts match the manifest.`);

    // 2. The database.
    if (env.databaseUrl) {
      await applySessionSettings(target);
      await target.exec("BEGIN");
      try {
        await target.exec("SET LOCAL lock_timeout = '60s'");
        await target.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
        const state = await describeTarget(target);
        if (state.objects > 0) {
          if (!values.force) throw new BackupError(`The database at ${redactUrl(env.databaseUrl)} stopped being empty during the restore.`);
          await clearDatabase(target);
        }
        await loadDatabase(target, { dir: staging, manifest, migrations, onProgress: (step) => say(`  ${step}`) });
        await target.exec("COMMIT");
      } catch (error) {
        await target.exec("ROLLBACK").catch(() => {});
        throw error;
      }
    } else {
      const db = await connect({ pgdataDir: path.join(staging, "pgdata") });
      try {
        await applySessionSettings(db);
        await db.exec("BEGIN");
        await loadDatabase(db, { dir: staging, manifest, migrations, onProgress: (step) => say(`  ${step}`) });
        await db.exec("COMMIT");
      } finally {
        await db.close();
      }
      if (!isEmbeddedDatabase(path.join(staging, "pgdata"))) throw new BackupError("The restored embedded database was not written.");
    }

    // 3. The swap: the current data aside, the restored data in place; undone on any error.
    const previous = path.join(env.dataDir, `before-restore-${stamp}`);
    const undo = [];
    try {
      // An empty folder (a server that started once) is simply replaced, not kept.
      if (!env.databaseUrl) {
        if (hasEntries(env.pgdataDir)) undo.push(await move(env.pgdataDir, path.join(previous, "pgdata")));
        else rmSync(env.pgdataDir, { recursive: true, force: true });
        undo.push(await move(path.join(staging, "pgdata"), env.pgdataDir));
      }
      if (countFiles(env.uploadsDir) > 0) undo.push(await move(env.uploadsDir, path.join(previous, "uploads")));
      else rmSync(env.uploadsDir, { recursive: true, force: true });
      undo.push(await move(path.join(staging, "uploads"), env.uploadsDir));
    } catch (error) {
      for (const step of undo.reverse()) await step().catch(() => {});
      if (env.databaseUrl) {
        keepStaging = true;
        throw new BackupError(
          `The database was restored but the uploads could not be moved into ${env.uploadsDir} (${error.message}); they are in ${path.join(staging, "uploads")}.`,
        );
      }
      throw error;
    }
    const keptPrevious = existsSync(previous) ? previous : null;
    const auth = compareAuthSecret(manifest, env);
    const result = summary(archive, manifest, migrations, {
      target: env.databaseUrl ? `PostgreSQL ${redactUrl(env.databaseUrl)}` : env.pgdataDir,
      uploadsDir: env.uploadsDir,
      previous: keptPrevious,
      authSecret: auth.state,
      ms: Date.now() - started,
    });
    if (values.json) {
      process.stdout.write(`${JSON.stringify(result)}\n`);
    } else {
      say(describe(result));
      say(`${auth.state === "same" || auth.state === "unknown" ? "" : "WARNING: "}${auth.message}`);
    }
    return 0;
  } finally {
    await target?.close().catch(() => {});
    if (staging && !keepStaging) rmSync(staging, { recursive: true, force: true });
    release();
  }
}

function summary(archive, manifest, migrations, extra) {
  const code = codeMigrations();
  return {
    archive,
    createdAt: manifest.createdAt,
    source: manifest.source,
    schema: manifest.schema.latest,
    pendingMigrations: code.length - migrations.length,
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
    uploads: manifest.uploads,
    ...extra,
  };
}

function describe(result) {
  const lines = [
    `Backup of ${result.createdAt} from ${result.source.kind === "postgres" ? "PostgreSQL" : "the embedded database"} (schema ${result.schema ?? "empty"})`,
    `  database  ${result.tables} tables, ${result.rows} rows${result.target ? ` restored into ${result.target}` : ""}`,
    `  uploads   ${result.uploads.files} files, ${formatBytes(result.uploads.bytes)}${result.uploadsDir ? ` restored into ${result.uploadsDir}` : ""}`,
  ];
  if (result.previous) lines.push(`  previous  the replaced data is in ${result.previous} (delete it once the restored site is checked)`);
  if (result.pendingMigrations > 0)
    lines.push(`  schema    ${result.pendingMigrations} newer migrations of this code run at the site's next start`);
  lines.push(`  time      ${formatSeconds(result.ms)}`);
  return lines.join("\n");
}
