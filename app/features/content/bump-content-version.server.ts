import { appMeta } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

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
}
