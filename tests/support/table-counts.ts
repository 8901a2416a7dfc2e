import { count, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/** Every table of the schema, by its SQL name. */
export const tables: Record<string, PgTable> = Object.fromEntries(
  (Object.values(schema).filter((value) => is(value, PgTable)) as unknown as PgTable[]).map((table) => [getTableName(table), table]),
);

/** Row count of every table, for before/after comparisons. */
export async function countRows(db: AppDatabase): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row!.n] as const;
    }),
  );
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}
