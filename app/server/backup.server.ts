import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { DatabaseHandle, RawConnection } from "./db.server";

/** What the running server's backup wrote. */
export interface ServerBackup {
  /** The archive's full path (DATA_DIR/backups/church-backup-<UTC time>.tar.gz, unless given). */
  archive: string;
  fileName: string;
  folder: string;
  bytes: number;
  details: BackupDetails;
}

interface BackupModule {
  writeBackup(options: {
    env: { dataDir: string; uploadsDir: string; authSecret?: string };
    archive: string;
    now: Date;
    source: { kind: string; database: string };
    withConnection<T>(run: (db: RawConnection) => Promise<T>): Promise<T>;
  }): Promise<BackupDetails>;
}

/** What the backup code answers (run-backup.mjs): the archive's size and sha256, the source, schema and tables. */
export interface BackupDetails {
  result: { archiveBytes: number; archiveSha256: string; uploadFiles: number; uploadBytes: number };
  source: { kind: string; database: string };
  schema: { latest: string | null; migrations: unknown[] };
  dump: { tables: Array<{ rows: number }> };
  header: { source: Record<string, unknown> };
}

interface PruneModule {
  archiveName(date: Date): string;
}

/**
 * Finds `scripts/lib/backup/` by walking up from this file, as findMigrationsFolder finds
 * `drizzle/`: the backup is plain Node (ADR 020), loaded at run time from the program's own
 * `scripts/` (in the image too), never bundled, so its paths (package.json, drizzle/) stay true.
 */
function backupScripts(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, "scripts", "lib", "backup");
    if (existsSync(path.join(candidate, "run-backup.mjs"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Could not find scripts/lib/backup/ (the backup code)");
    dir = parent;
  }
}

async function load<T>(file: string): Promise<T> {
  return (await import(/* @vite-ignore */ pathToFileURL(path.join(backupScripts(), file)).href)) as T;
}

/**
 * `npm run db:backup` from inside the running server, through the server's own database
 * connection (the embedded database cannot be opened by a second process): the same archive,
 * written to `<dataDir>/backups/`. Throws when anything fails; no archive is left then.
 */
export async function backupFromServer(options: {
  handle: DatabaseHandle;
  dataDir: string;
  authSecret?: string;
  now?: Date;
  /** Where to write it (an absolute path ending in .tar.gz): `npm run db:backup -- --out` through the server. */
  archive?: string;
}): Promise<ServerBackup> {
  const now = options.now ?? new Date();
  const dataDir = path.resolve(options.dataDir);
  const [{ writeBackup }, { archiveName }] = await Promise.all([
    load<BackupModule>("run-backup.mjs"),
    load<PruneModule>("prune-backups.mjs"),
  ]);
  const archive = options.archive ?? path.join(dataDir, "backups", archiveName(now));
  const folder = path.dirname(archive);
  const fileName = path.basename(archive);
  const details = await writeBackup({
    env: { dataDir, uploadsDir: path.join(dataDir, "uploads"), authSecret: options.authSecret },
    archive,
    now,
    source: {
      kind: options.handle.kind,
      database: options.handle.kind === "postgres" ? "the site's PostgreSQL (DATABASE_URL)" : path.join(dataDir, "pgdata"),
    },
    withConnection: (run) => options.handle.lendConnection(run),
  });
  return { archive, fileName, folder, bytes: details.result.archiveBytes, details };
}
