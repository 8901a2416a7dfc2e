// What db:backup and db:restore read from the environment, resolved as the server resolves
// it (app/server/env.server.ts, server.js): a `.env` in the working directory, DATA_DIR
// (default ./data) and DATABASE_URL (PostgreSQL when set, else the embedded PGlite database in
// DATA_DIR/pgdata). Plain Node, so the commands need neither a build nor Vite.
import { createHmac } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** A failure with a message meant for the operator: printed as is, exit code 1. */
export class BackupError extends Error {}

/** A mistake on the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export function loadEnvironment(source = process.env) {
  const envFile = path.join(process.cwd(), ".env");
  // As server.js: a variable already set in the environment wins over the file.
  if (source === process.env && existsSync(envFile)) process.loadEnvFile(envFile);
  const databaseUrl = source.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new BackupError("Invalid environment configuration:\n  DATABASE_URL: must start with postgres:// or postgresql://");
  }
  const dataDir = path.resolve(source.DATA_DIR?.trim() || "./data");
  return {
    dataDir,
    databaseUrl,
    authSecret: source.AUTH_SECRET?.trim() || undefined,
    pgdataDir: path.join(dataDir, "pgdata"),
    uploadsDir: path.join(dataDir, "uploads"),
  };
}

/**
 * A path typed on the command line. `npm run` runs the script in the project's folder, so a
 * relative archive path is resolved from where the command was typed (npm's INIT_CWD).
 */
export function commandLinePath(value) {
  const typedIn = process.env.npm_lifecycle_event?.startsWith("db:") ? process.env.INIT_CWD : undefined;
  return path.resolve(typedIn || process.cwd(), value);
}

/** The URL without its password, for messages and the manifest. */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable URL)";
  }
}

/**
 * The server writes its PID to DATA_DIR/pgdata.pid while it holds the embedded database
 * (app/features/admin/embedded-database-lock.server.ts); a second process opening the folder
 * would corrupt it. The PID of that live process, or null.
 */
export function embeddedDatabaseHolder(dataDir) {
  const file = path.join(dataDir, "pgdata.pid");
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return error.code === "EPERM" ? pid : null;
  }
}

/** Refuses to go on while another process holds the embedded database; else holds it itself. */
export function holdEmbeddedDatabase(dataDir) {
  const holder = embeddedDatabaseHolder(dataDir);
  if (holder) {
    throw new BackupError(
      `The server (process ${holder}) has the embedded database in ${dataDir} open. Stop it first ` +
        "(the embedded database allows one process at a time), then run this again; or use DATABASE_URL.",
    );
  }
  const file = path.join(dataDir, "pgdata.pid");
  if (!existsSync(dataDir)) return () => {};
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/**
 * The auth secret signs sessions and encrypts every two-factor (authenticator) secret in the
 * database; it is not in the archive. The archive records a fingerprint (an HMAC keyed by the
 * secret, not reversible) so a restore can say whether the target has the same secret.
 * Null when there is none yet.
 */
export function authSecretFingerprint({ authSecret, dataDir }) {
  let secret = authSecret;
  if (!secret) {
    const file = path.join(dataDir, "auth-secret");
    if (existsSync(file)) {
      const stored = readFileSync(file, "utf8").trim();
      if (stored.length >= 32) secret = stored;
    }
  }
  if (!secret) return null;
  return createHmac("sha256", secret).update("living-hope-backup/auth-secret-fingerprint/v1").digest("hex").slice(0, 16);
}

export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

export function formatSeconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
