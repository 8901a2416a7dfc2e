import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * PGlite lets a second process open the same data folder, and two writers corrupt it. The
 * server records its PID here while it holds the embedded database; the command-line tools
 * refuse to open the folder while that process lives.
 */
function lockFile(dataDir: string): string {
  return path.resolve(dataDir, "pgdata.pid");
}

export function holdEmbeddedDatabase(dataDir: string): () => void {
  const file = lockFile(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/** The PID of a live process holding the embedded database in `dataDir`, or null. */
export function embeddedDatabaseHolder(dataDir: string): number | null {
  const file = lockFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it exists but belongs to someone else; ESRCH: gone (a stale file).
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}
