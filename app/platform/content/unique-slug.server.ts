import { eq, like, or } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { escapeLike } from "~/lib/escape-like";
import type { AppDatabase } from "~/server/db.server";

/**
 * `base`, or `base-2`, `base-3` …: the first value that no row has in the unique `column`
 * (events.slug, sermons.slug …) and that no route reserves.
 */
export async function uniqueSlug(db: AppDatabase, column: PgColumn, base: string, reserved: readonly string[] = []): Promise<string> {
  const rows = await db
    .select({ slug: column })
    .from(column.table as PgTable)
    .where(or(eq(column, base), like(column, `${escapeLike(base)}-%`)));
  const taken = new Set<string>([...rows.map((r) => String(r.slug)), ...reserved]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
