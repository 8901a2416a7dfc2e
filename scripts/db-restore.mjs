// `npm run db:restore -- <archive.tar.gz> [--force] [--check] [--json]`
// Verifies an archive made by db:backup and restores it into an empty target, or replaces the
// current data with --force. README "Backups", docs/reliability.md §7, ADR 020.
import { runRestoreCommand } from "./lib/backup/cli.mjs";

process.exit(await runRestoreCommand(process.argv.slice(2)));
