// The logical dump (ADR 020): every table as NDJSON, one `row_to_json` text per row. Values
// are never parsed in Node: numbers, timestamps and bigints keep their exact text. Rows come in
// the table's physical order and a restore inserts them in that order, so the restored tables
// hand out rows in the same order to any query without ORDER BY (as a pg_dump restore does).
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { finished } from "node:stream/promises";
import { appliedMigrations, applySessionSettings, listSequences, listTables, qualified, quoteIdent, serverVersion } from "./database.mjs";

const FETCH_ROWS = 2000;

/** The part's name in the archive. */
export function tablePart(table) {
  return `database/${encodeURIComponent(table.schema)}.${encodeURIComponent(table.name)}.ndjson`;
}

/**
 * Every row of `table` as one JSON line, in physical order (a sequential scan: a cursor never
 * runs in parallel, and synchronized scans are off for the session), through a cursor so a big
 * table never sits in memory. Must run inside a transaction.
 */
export async function streamTableRows(db, table, onLine) {
  const columns = table.columns.map(quoteIdent).join(", ");
  await db.exec(
    `DECLARE backup_rows NO SCROLL CURSOR FOR
       SELECT row_to_json(backup_row.*)::text AS line FROM (SELECT ${columns} FROM ${qualified(table.schema, table.name)}) backup_row`,
  );
  try {
    for (;;) {
      const { rows } = await db.query(`FETCH FORWARD ${FETCH_ROWS} FROM backup_rows`);
      if (rows.length === 0) break;
      for (const row of rows) {
        // JSON escapes line breaks inside strings; only a json-typed column's own whitespace
        // could hold one, and the format is one row per line.
        if (row.line.includes("\n")) throw new Error(`a row of ${table.id} holds a raw line break (a json column?): not supported`);
        await onLine(row.line);
      }
    }
  } finally {
    await db.exec("CLOSE backup_rows");
  }
}

/** sha256 and row count of a table as it would be dumped (the restore's check). */
export async function hashTable(db, table) {
  const hash = createHash("sha256");
  let rows = 0;
  let bytes = 0;
  await streamTableRows(db, table, (line) => {
    const data = `${line}\n`;
    hash.update(data);
    rows += 1;
    bytes += Buffer.byteLength(data);
  });
  return { rows, bytes, sha256: hash.digest("hex") };
}

/**
 * Dumps the whole database into `dir/database/` in one consistent snapshot (REPEATABLE READ:
 * on PostgreSQL the site can keep running). Answers what the manifest records. `db` is an open
 * `{ kind, query, exec }` connection, as `connect()` returns or the server lends
 * (`inTransaction: true`: already in a transaction that nothing else uses, which it leaves open).
 */
export async function dumpDatabase(db, dir) {
  // A connection lent by the running server inside its own transaction (the embedded database's
  // only connection, app/server/db.server.ts): the settings last until that transaction ends
  // (SET LOCAL), so the server's later queries are not changed by them.
  const lent = db.inTransaction === true;
  if (lent) {
    await db.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    await applySessionSettings(db, { local: true });
  } else {
    await applySessionSettings(db);
  }
  const version = await serverVersion(db);
  if (!lent) await db.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  try {
    const tables = await listTables(db);
    const dumped = [];
    for (const table of tables) {
      const part = tablePart(table);
      const file = path.join(dir, part);
      const out = createWriteStream(file, { mode: 0o600 });
      // A write error (disk full) is reported by finished() below, not as a crash.
      out.on("error", () => {});
      const hash = createHash("sha256");
      let rows = 0;
      let bytes = 0;
      await streamTableRows(db, table, async (line) => {
        const data = `${line}\n`;
        hash.update(data);
        rows += 1;
        bytes += Buffer.byteLength(data);
        if (!out.write(data)) await once(out, "drain");
      });
      out.end();
      await finished(out);
      dumped.push({
        name: table.id,
        schema: table.schema,
        table: table.name,
        columns: table.columns,
        rows,
        part,
        bytes,
        sha256: hash.digest("hex"),
      });
    }
    const migrations = await appliedMigrations(db);
    // Sequences are not transactional: read after the tables, each is at least as far as
    // any id in the snapshot.
    const sequences = await listSequences(db);
    return { serverVersion: version, tables: dumped, migrations, sequences };
  } finally {
    if (!lent) await db.exec("COMMIT").catch(() => {});
  }
}
