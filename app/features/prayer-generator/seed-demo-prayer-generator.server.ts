import { prayerParts } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { PRAYER_LIBRARY } from "./prayer-library";

/** Demo seed: the curated prayer library. Runs once, inside the demo seed's transaction. */
export async function seedDemoPrayerParts(tx: AppDatabase, now: Date): Promise<void> {
  await tx
    .insert(prayerParts)
    .values(PRAYER_LIBRARY.map((part, i) => ({ ...part, active: true, sortOrder: i, createdAt: now, updatedAt: now })));
}
