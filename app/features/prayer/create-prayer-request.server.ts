import { prayerRequests } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { prayerSettings } from "./prayer-people.server";
import type { PrayerCategory } from "./prayer-views";

const DAY_MS = 86_400_000;

/**
 * A member's prayer request: approved at once when the church auto-approves (private ones are
 * for the inbox only and never reach the wall anyway), else pending; on the wall until now +
 * the church's expiry days.
 */
export async function createPrayerRequest(o: {
  db: AppDatabase;
  userId: string;
  authorName: string;
  language: Language;
  input: {
    title: string;
    body: string;
    category: PrayerCategory;
    visibility: "public" | "members" | "private";
    anonymous: boolean;
    notifyOnPrayer: boolean;
  };
  now?: Date;
}) {
  const now = o.now ?? new Date();
  const settings = await prayerSettings(o.db);
  const [row] = await o.db
    .insert(prayerRequests)
    .values({
      userId: o.userId,
      authorName: o.authorName,
      title: o.input.title || null,
      body: o.input.body,
      category: o.input.category,
      visibility: o.input.visibility,
      anonymous: o.input.anonymous,
      notifyOnPrayer: o.input.notifyOnPrayer,
      language: o.language,
      status: settings.autoApprove ? "approved" : "pending",
      expiresAt: new Date(now.getTime() + settings.expiryDays * DAY_MS),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("The prayer request was not stored");
  return row;
}
