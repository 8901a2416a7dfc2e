// One connection to either backend with the few calls the backup needs, the catalog queries
// (tables, columns, sequences, foreign keys) and the code's migration journal.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { BackupError, redactUrl, repoRoot } from "./environment.mjs";

/** The schemas the app's migrations create objects in: the app's tables and drizzle's journal. */
export const SCHEMAS = ["public", "drizzle"];

/** The server's migration advisory lock (app/server/db.server.ts): a restore takes it too. */
export const MIGRATION_LOCK = 727_274_001;

/**
 * Output settings that make every value's text the same on every server and session, so a
 * table dumped twice, or on PGlite and on PostgreSQL, gives the same bytes; and sequential scans
 * that start at the table's first page, so rows come in their physical order.
 */
export const DETERMINISTIC_SESSION = [
  "SET TIME ZONE 'UTC'",
  "SET intervalstyle = 'postgres'",
  "SET extra_float_digits = 1",
  "SET bytea_output = 'hex'",
  "SET datestyle = 'ISO, MDY'",
  "SET statement_timeout = 0",
  "SET synchronize_seqscans = off",
];

export function quoteIdent(name) {
  return `"${String(name).replaceAll('"', '""')}"`;
}

export function qualified(schema, name) {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}

/** An embedded database folder holds PG_VERSION once initialised. */
export function isEmbeddedDatabase(pgdataDir) {
  return existsSync(path.join(pgdataDir, "PG_VERSION"));
}

/**
 * Opens the database: PostgreSQL through `pg` when `databaseUrl` is set, else PGlite in
 * `pgdataDir` (created when missing). `query` answers `{ rows }` on both.
 */
export async function connect({ databaseUrl, pgdataDir }) {
  if (databaseUrl) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl, application_name: "church-backup" });
    // A dropped connection surfaces as the failed query's error; without a listener it would
    // crash the process instead.
    client.on("error", () => {});
    try {
      await client.connect();
    } catch (error) {
      throw new BackupError(`Could not connect to PostgreSQL at ${redactUrl(databaseUrl)}: ${error.message}`);
    }
    return {
      kind: "postgres",
      description: `PostgreSQL ${redactUrl(databaseUrl)}`,
      query: (text, params) => client.query(text, params),
      exec: (text) => client.query(text),
      close: () => client.end(),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const client = new PGlite(pgdataDir);
  await client.waitReady;
  return {
    kind: "pglite",
    description: `the embedded database in ${pgdataDir}`,
    query: (text, params) => client.query(text, params),
    exec: (text) => client.exec(text),
    close: () => client.close(),
  };
}

/** `local`: for the current transaction only (SET LOCAL), on a connection that is not ours. */
export async function applySessionSettings(db, { local = false } = {}) {
  for (const statement of DETERMINISTIC_SESSION) await db.exec(local ? statement.replace(/^SET /, "SET LOCAL ") : statement);
}

export async function serverVersion(db) {
  const { rows } = await db.query("select current_setting('server_version') as version");
  return String(rows[0].version);
}

/**
 * Every table of the app's schemas with its stored columns (generated columns are computed
 * again on insert, so they are neither dumped nor loaded), sorted by name.
 */
export async function listTables(db) {
  const { rows } = await db.query(
    `select n.nspname as schema, c.relname as name,
            coalesce((select json_agg(a.attname order by a.attnum) from pg_attribute a
                      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''), '[]')::text as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1::text[]) and c.relkind in ('r', 'p') and not c.relispartition
      order by n.nspname collate "C", c.relname collate "C"`,
    [SCHEMAS],
  );
  return rows.map((row) => ({ schema: row.schema, name: row.name, id: `${row.schema}.${row.name}`, columns: JSON.parse(row.columns) }));
}

export async function listSequences(db) {
  const { rows } = await db.query(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1::text[]) and c.relkind = 'S' order by n.nspname collate "C", c.relname collate "C"`,
    [SCHEMAS],
  );
  const sequences = [];
  for (const row of rows) {
    const { rows: state } = await db.query(`select last_value::text as last_value, is_called from ${qualified(row.schema, row.name)}`);
    sequences.push({
      name: `${row.schema}.${row.name}`,
      schema: row.schema,
      sequence: row.name,
      lastValue: state[0].last_value,
      isCalled: state[0].is_called,
    });
  }
  return sequences;
}

export async function listForeignKeys(db) {
  const { rows } = await db.query(
    `select n.nspname as schema, c.relname as table_name, k.conname as name, pg_get_constraintdef(k.oid) as definition
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = any($1::text[])
      order by 1, 2, 3`,
    [SCHEMAS],
  );
  return rows.map((row) => ({ table: qualified(row.schema, row.table_name), name: row.name, definition: row.definition }));
}

/** The rows of drizzle's migration journal table, oldest first; [] when there is none. */
export async function appliedMigrations(db) {
  const { rows: exists } = await db.query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!exists[0].present) return [];
  const { rows } = await db.query("select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at, id");
  return rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
}

/** The code's migrations (drizzle/), as drizzle's migrator reads them, with their tags. */
export function codeMigrations(folder = path.join(repoRoot, "drizzle")) {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"));
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, index) => ({
    tag: entry.tag,
    createdAt: entry.when,
    hash: files[index].hash,
    statements: files[index].sql,
  }));
}

/** The schema described by a database's applied migrations, in the code's terms. */
export function describeSchema(applied, code = codeMigrations()) {
  const latest = applied.at(-1);
  const known = latest ? code.find((m) => m.createdAt === latest.createdAt) : undefined;
  return {
    migrations: applied.map((m) => ({
      createdAt: m.createdAt,
      hash: m.hash,
      tag: code.find((c) => c.createdAt === m.createdAt)?.tag ?? null,
    })),
    latest: latest ? (known?.tag ?? `unknown migration of ${new Date(latest.createdAt).toISOString()}`) : null,
    knownToThisCode: applied.every((m) => code.some((c) => c.createdAt === m.createdAt && c.hash === m.hash)),
  };
}

/**
 * The code's migrations that build the backup's schema. Refuses a backup whose database has
 * a migration this code lacks (made by a newer version of the site), or one that differs.
 */
export function migrationsForBackup(schema, code = codeMigrations()) {
  const applied = schema.migrations;
  const latestHere = code.at(-1)?.tag ?? "none";
  for (const [index, migration] of applied.entries()) {
    const match = code.find((c) => c.createdAt === migration.createdAt);
    if (!match) {
      const when = new Date(migration.createdAt).toISOString();
      throw new BackupError(
        `This backup comes from a newer version of the site: its database has a migration (${migration.tag ?? "created " + when}) ` +
          `that this code does not have (the latest here is ${latestHere}). Update the site's code first, then restore.`,
      );
    }
    if (match.hash !== migration.hash) {
      throw new BackupError(
        `Migration ${match.tag} in the backup differs from drizzle/${match.tag}.sql here: refusing to restore onto a different schema.`,
      );
    }
    if (code[index] !== match) {
      throw new BackupError(
        `The backup's migrations are not the first ${applied.length} of this code's (at ${match.tag}): refusing to restore onto a different schema.`,
      );
    }
  }
  return code.slice(0, applied.length);
}
