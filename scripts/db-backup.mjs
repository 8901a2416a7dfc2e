// `npm run db:backup -- [--out <file.tar.gz | folder>] [--keep-daily N --keep-weekly N] [--json]`
// The database (DATABASE_URL, or the embedded one in DATA_DIR/pgdata) and DATA_DIR/uploads in
// one archive with a manifest. README "Backups", docs/reliability.md §7, ADR 020.
import { runBackupCommand } from "./lib/backup/cli.mjs";

process.exit(await runBackupCommand(process.argv.slice(2)));
