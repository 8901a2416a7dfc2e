import { eq, like, or } from "drizzle-orm";
import { sermons } from "~/db/schema";
import { escapeLike } from "~/features/admin/escape-like";
import type { AppDatabase } from "~/server/db.server";
import { RESERVED_SERMON_SLUGS } from "./sermon-form";

/** `base`, or `base-2`, `base-3` …: the first that no sermon uses and no route reserves. */
export async function uniqueSermonSlug(db: AppDatabase, base: string): Promise<string> {
  const rows = await db
    .select({ slug: sermons.slug })
    .from(sermons)
    .where(or(eq(sermons.slug, base), like(sermons.slug, `${escapeLike(base)}-%`)));
  const taken = new Set<string>([...rows.map((r) => r.slug), ...RESERVED_SERMON_SLUGS]);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
