// Loading a logical dump (ADR 020): the schema is built by the code's own migrations up to the
// backup's version, the rows are loaded with foreign keys set aside (and checked again when
// they are put back), the sequences are set, and every table is read back and compared with
// the archive's hash before the caller commits.
import { createReadStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { BackupError } from "./environment.mjs";
import { listForeignKeys, listSequences, listTables, qualified, quoteIdent, SCHEMAS } from "./database.mjs";
import { hashTable } from "./dump-database.mjs";

const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

const USER_OBJECTS = `
  select c.relkind::text as kind, format('%I.%I', n.nspname, c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
     and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`;

/** What a PostgreSQL database already holds in the app's schemas (0 tables = empty). */
export async function describeTarget(db) {
  const { rows } = await db.query(USER_OBJECTS, [SCHEMAS]);
  const tables = rows.filter((row) => row.kind === "r" || row.kind === "p");
  let rowCount = 0;
  for (const table of tables) {
    const { rows: counted } = await db.query(`select count(*)::text as n from ${table.name}`);
    rowCount += Number(counted[0].n);
  }
  return { objects: rows.length, tables: tables.length, rows: rowCount };
}

/**
 * Drops everything the app's migrations create (tables, views, sequences, types, functions in
 * `public`, and drizzle's schema), leaving extensions and the schema itself. Inside the
 * restore's transaction: a failure later brings all of it back.
 */
export async function clearDatabase(db) {
  await db.exec("DROP SCHEMA IF EXISTS drizzle CASCADE");
  const { rows } = await db.query(USER_OBJECTS, [["public"]]);
  const order = { r: "TABLE", p: "TABLE", v: "VIEW", m: "MATERIALIZED VIEW", f: "FOREIGN TABLE", S: "SEQUENCE" };
  for (const kind of ["r", "p", "v", "m", "f", "S"]) {
    for (const row of rows.filter((r) => r.kind === kind)) await db.exec(`DROP ${order[kind]} IF EXISTS ${row.name} CASCADE`);
  }
  const { rows: types } = await db.query(
    `select format('%I.%I', n.nspname, t.typname) as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and (t.typtype in ('e', 'd', 'r', 'm') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))
        and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')`,
  );
  for (const type of types) await db.exec(`DROP TYPE IF EXISTS ${type.name} CASCADE`);
  const { rows: routines } = await db.query(
    `select p.oid::regprocedure::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind in ('f', 'p')
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
  );
  for (const routine of routines) await db.exec(`DROP ROUTINE IF EXISTS ${routine.name} CASCADE`);
}

/** Inserts one table's NDJSON part in batches, values converted by PostgreSQL itself. */
async function loadTable(db, table, file) {
  const columns = table.columns.map(quoteIdent).join(", ");
  const target = qualified(table.schema, table.table);
  // OVERRIDING SYSTEM VALUE keeps the ids of identity columns; json_populate_recordset feeds
  // each value's text to its column type's own input function.
  const insert = `INSERT INTO ${target} (${columns}) OVERRIDING SYSTEM VALUE
                  SELECT ${columns} FROM json_populate_recordset(NULL::${target}, $1::json)`;
  let batch = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db.query(insert, [`[${batch.join(",")}]`]);
    batch = [];
    batchBytes = 0;
  };
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === "") continue;
    batch.push(line);
    batchBytes += line.length;
    if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
  }
  await flush();
}

function sameList(a, b) {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * Builds the schema with `migrations` and loads the parts in `dir`, then checks every table
 * against the manifest. Runs inside the caller's transaction on an empty database.
 */
export async function loadDatabase(db, { dir, manifest, migrations, onProgress = () => {} }) {
  for (const migration of migrations) {
    for (const statement of migration.statements) if (statement.trim()) await db.exec(statement);
  }
  if (manifest.tables.some((table) => table.name === "drizzle.__drizzle_migrations")) {
    // As drizzle's migrator creates it (drizzle-orm pg-core dialect); its rows come from the backup.
    await db.exec('CREATE SCHEMA IF NOT EXISTS "drizzle"');
    await db.exec(
      'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    );
  }
  onProgress(`schema built by ${migrations.length} migrations`);

  const built = await listTables(db);
  const builtIds = built.map((t) => t.id);
  const expectedIds = manifest.tables.map((t) => t.name);
  const missing = expectedIds.filter((id) => !builtIds.includes(id));
  const extra = builtIds.filter((id) => !expectedIds.includes(id));
  if (missing.length > 0 || extra.length > 0) {
    throw new BackupError(
      `The migrations here build a different set of tables than the backup holds (missing: ${missing.join(", ") || "none"}; not in the backup: ${extra.join(", ") || "none"}). ` +
        "Was the backed-up database changed by hand?",
    );
  }
  for (const table of manifest.tables) {
    const here = built.find((t) => t.id === table.name);
    if (!sameList(here.columns, table.columns)) {
      throw new BackupError(
        `Table ${table.name} has the columns (${here.columns.join(", ")}) here but (${table.columns.join(", ")}) in the backup.`,
      );
    }
  }

  const foreignKeys = await listForeignKeys(db);
  for (const key of foreignKeys) await db.exec(`ALTER TABLE ${key.table} DROP CONSTRAINT ${quoteIdent(key.name)}`);
  for (const table of manifest.tables) await loadTable(db, table, path.join(dir, table.part));
  // Putting each key back checks every row against it.
  for (const key of foreignKeys) await db.exec(`ALTER TABLE ${key.table} ADD CONSTRAINT ${quoteIdent(key.name)} ${key.definition}`);
  onProgress(`${manifest.tables.reduce((sum, t) => sum + t.rows, 0)} rows loaded`);

  const sequences = await listSequences(db);
  const expectedSequences = manifest.sequences.map((s) => s.name);
  if (
    !sameList(
      sequences.map((s) => s.name),
      expectedSequences,
    )
  ) {
    throw new BackupError(
      `The sequences here (${sequences.map((s) => s.name).join(", ")}) differ from the backup's (${expectedSequences.join(", ")}).`,
    );
  }
  for (const sequence of manifest.sequences) {
    await db.query("select setval($1::regclass, $2::bigint, $3::boolean)", [
      qualified(sequence.schema, sequence.sequence),
      sequence.lastValue,
      sequence.isCalled,
    ]);
  }

  for (const table of manifest.tables) {
    const check = await hashTable(db, { schema: table.schema, name: table.table, id: table.name, columns: table.columns });
    if (check.rows !== table.rows || check.sha256 !== table.sha256) {
      throw new BackupError(
        `Table ${table.name} reads back differently after loading (${check.rows} rows, expected ${table.rows}): restore abandoned.`,
      );
    }
  }
  onProgress("every table read back and matched the archive");
}
