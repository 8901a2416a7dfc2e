import { eq } from "drizzle-orm";
import { appMeta } from "~/db/schema";
import { afterCommit, type AppDatabase } from "~/server/db.server";
import { notifyContentChanged } from "~/server/page-cache.server";

/**
 * Marks the public content as changed (caches and the offline copy key on it). Call it with
 * the transaction that made the change.
 */
export async function bumpContentVersion(tx: AppDatabase): Promise<void> {
  const value = String(Date.now());
  await tx
    .insert(appMeta)
    .values({ key: "content_version", value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: new Date() } });
  // Once the change is visible, this process's page cache and memo read the version again;
  // other instances see it within a second.
  afterCommit(tx, notifyContentChanged);
}

/** The content version public pages are cached under ("0" before the first change). */
export async function readContentVersion(db: AppDatabase): Promise<string> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, "content_version")).limit(1);
  return row?.value ?? "0";
}
