import { like, or, eq } from "drizzle-orm";
import { events } from "~/db/schema";
import { escapeLike } from "~/features/admin/escape-like";
import type { AppDatabase } from "~/server/db.server";
import { RESERVED_SLUGS } from "./event-form";

/** `base`, or `base-2`, `base-3` … : the first that no event uses and no route reserves. */
export async function uniqueEventSlug(db: AppDatabase, base: string): Promise<string> {
  const rows = await db
    .select({ slug: events.slug })
    .from(events)
    .where(or(eq(events.slug, base), like(events.slug, `${escapeLike(base)}-%`)));
  const taken = new Set<string>([...rows.map((r) => r.slug), ...RESERVED_SLUGS]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
