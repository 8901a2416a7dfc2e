import { and, desc, eq } from "drizzle-orm";
import { savedPrayers } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import type { PrayerTopic } from "./generator-views";

/** "Save to my prayers": the member's own copy of a composed prayer. */
export async function savePrayer(o: {
  db: AppDatabase;
  userId: string;
  topic: PrayerTopic;
  language: "en" | "es";
  body: string;
  scriptures: string[];
  now?: Date;
}) {
  const [row] = await o.db
    .insert(savedPrayers)
    .values({
      userId: o.userId,
      topic: o.topic,
      language: o.language,
      body: o.body,
      scriptures: o.scriptures.join("\n"),
      createdAt: o.now ?? new Date(),
    })
    .returning({ id: savedPrayers.id });
  if (!row) throw new Error("The prayer was not saved");
  return row;
}

/** The member's saved prayers, newest first. */
export async function listSavedPrayers(o: { db: AppDatabase; userId: string; limit?: number }) {
  return o.db
    .select()
    .from(savedPrayers)
    .where(eq(savedPrayers.userId, o.userId))
    .orderBy(desc(savedPrayers.createdAt), desc(savedPrayers.id))
    .limit(o.limit ?? 50);
}

/** Deletes one of the member's own saved prayers; false when it is not theirs (or gone). */
export async function deleteSavedPrayer(o: { db: AppDatabase; userId: string; id: string }): Promise<boolean> {
  const deleted = await o.db
    .delete(savedPrayers)
    .where(and(eq(savedPrayers.id, o.id), eq(savedPrayers.userId, o.userId)))
    .returning({ id: savedPrayers.id });
  return deleted.length > 0;
}
