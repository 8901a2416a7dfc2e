// Every row written to the database, as the database saw it: a trigger on each table of the
// app's schema copies the new (or deleted) row into `fuzz.writes`. The fuzz suite drains it
// after each request, so it knows exactly which rows a refused input left behind (none may
// be) and can re-validate each row an accepted input stored. Test databases only.
import { sql } from "drizzle-orm";
import type { AppDatabase } from "~/server/db.server";
import { queryRows } from "./test-database";

export interface LoggedWrite {
  table: string;
  op: "INSERT" | "UPDATE" | "DELETE";
  /** The row after the write (before it, for a DELETE), with the database's column names. */
  row: Record<string, unknown>;
}

/** Installs the log and one trigger per table of the `public` schema. */
export async function installWriteLog(db: AppDatabase): Promise<string[]> {
  await db.execute(sql.raw("CREATE SCHEMA IF NOT EXISTS fuzz"));
  await db.execute(
    sql.raw("CREATE TABLE IF NOT EXISTS fuzz.writes (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL, row jsonb NOT NULL)"),
  );
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION fuzz.log_write() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO fuzz.writes (tbl, op, row) VALUES (TG_TABLE_NAME, TG_OP, to_jsonb(OLD));
  ELSE
    INSERT INTO fuzz.writes (tbl, op, row) VALUES (TG_TABLE_NAME, TG_OP, to_jsonb(NEW));
  END IF;
  RETURN NULL;
END
$fn$`),
  );
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  for (const { tablename } of tables) {
    await db.execute(sql.raw(`DROP TRIGGER IF EXISTS fuzz_log_write ON "public"."${tablename}"`));
    await db.execute(
      sql.raw(
        `CREATE TRIGGER fuzz_log_write AFTER INSERT OR UPDATE OR DELETE ON "public"."${tablename}" FOR EACH ROW EXECUTE FUNCTION fuzz.log_write()`,
      ),
    );
  }
  return tables.map((t) => t.tablename);
}

/** The writes since the last drain, oldest first, and empties the log. */
export async function drainWrites(db: AppDatabase): Promise<LoggedWrite[]> {
  const rows = await queryRows<{ id: string | number; tbl: string; op: LoggedWrite["op"]; row: Record<string, unknown> | string }>(
    db,
    sql`DELETE FROM fuzz.writes RETURNING id, tbl, op, row`,
  );
  return rows
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((r) => ({ table: r.tbl, op: r.op, row: typeof r.row === "string" ? (JSON.parse(r.row) as Record<string, unknown>) : r.row }));
}
