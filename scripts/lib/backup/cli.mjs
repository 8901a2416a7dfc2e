// Exit codes and messages shared by db:backup and db:restore: 0 done, 1 failed (the reason
// on stderr), 2 a mistake on the command line (with the usage).
import { BackupError, UsageError } from "./environment.mjs";
import { BACKUP_USAGE, runBackup } from "./run-backup.mjs";
import { RESTORE_USAGE, runRestore } from "./run-restore.mjs";

async function run(name, usage, command, argv) {
  try {
    return await command(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${name}: ${error.message}\n\n${usage}`);
      return 2;
    }
    if (error instanceof BackupError) {
      console.error(`${name} failed: ${error.message}`);
      return 1;
    }
    // An unexpected error (a database or file system error): its message, and the stack on demand.
    const detail = error?.detail ? ` (${error.detail})` : "";
    console.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}${detail}`);
    if (process.env.DEBUG) console.error(error);
    return 1;
  }
}

export const runBackupCommand = (argv) => run("db:backup", BACKUP_USAGE, runBackup, argv);
export const runRestoreCommand = (argv) => run("db:restore", RESTORE_USAGE, runRestore, argv);
