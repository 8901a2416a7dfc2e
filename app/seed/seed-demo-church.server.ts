import { eq, inArray } from "drizzle-orm";
import {
  appMeta,
  churchSettings,
  churchValues,
  contentBlocks,
  events,
  heroVideos,
  homeCards,
  leaders,
  mediaGallery,
  serviceTimes,
} from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import {
  DEMO_REMOVED_KEY,
  demoBlocks,
  demoEvents,
  demoGallery,
  demoHeroVideos,
  demoHomeCards,
  demoLeaders,
  demoServiceTimes,
  demoSettings,
  demoValues,
} from "../platform/seed/demo-church";
import { seedDemoWorship } from "./seed-demo-worship.server";
import { seedDemoPrayer } from "~/features/prayer/seed-demo-prayer.server";
import { seedDemoPrayerParts } from "~/features/prayer-generator/seed-demo-prayer-generator.server";
import { seedDemoGallery } from "~/features/gallery/seed-demo-gallery.server";
import { seedDemoDiscussions } from "~/features/discussions/seed-demo-discussions.server";
import { seedDemoVolunteers } from "~/features/volunteers/seed-demo-volunteers.server";
import { seedDemoGiving } from "~/features/giving/seed-demo-giving.server";
import { seedDemoStore } from "~/features/store/seed-demo-store.server";
import { seedDemoFaq } from "~/features/assistant/seed-demo-faq.server";

export const DEMO_SEED_KEY = "demo_seed_version";
export const DEMO_SEED_VERSION = "1";
/** Worship and learning (issue 6) came later: its own marker, so existing sites get it once too. */
export const DEMO_WORSHIP_SEED_KEY = "demo_worship_seed_version";
/** Prayer and community (issue 7) likewise. */
export const DEMO_PRAYER_SEED_KEY = "demo_prayer_seed_version";
/** The prayer generator's library, gallery albums, discussions and ministries (issue 7, later part). */
export const DEMO_COMMUNITY_SEED_KEY = "demo_community_seed_version";
/** Giving funds and store products (issue 8). */
export const DEMO_GIVING_SEED_KEY = "demo_giving_seed_version";
/** The assistant's FAQ (issue 9). */
export const DEMO_ASSISTANT_SEED_KEY = "demo_assistant_seed_version";

export interface SeedDemoChurchOptions {
  db: AppDatabase;
  now?: Date;
}

/**
 * Seeds the demo church once. The marker row makes it idempotent across restarts and
 * instances, and means a row the church deleted on purpose is not brought back. It creates
 * no accounts.
 */
const SEED_KEYS = [
  DEMO_SEED_KEY,
  DEMO_WORSHIP_SEED_KEY,
  DEMO_PRAYER_SEED_KEY,
  DEMO_COMMUNITY_SEED_KEY,
  DEMO_GIVING_SEED_KEY,
  DEMO_ASSISTANT_SEED_KEY,
];

export async function seedDemoChurch({ db, now = new Date() }: SeedDemoChurchOptions): Promise<boolean> {
  // Every start after the first: one read instead of a transaction of claims (start-up time).
  const present = await db
    .select({ key: appMeta.key })
    .from(appMeta)
    .where(inArray(appMeta.key, [...SEED_KEYS, DEMO_REMOVED_KEY]));
  // The church removed the demo (Admin → Settings): it never comes back.
  if (present.some((row) => row.key === DEMO_REMOVED_KEY)) return false;
  if (present.length === SEED_KEYS.length) return false;
  return db.transaction(async (tx) => {
    const [removed] = await tx.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_REMOVED_KEY));
    if (removed) return false;
    // Claim each marker first: a second instance seeding at the same moment waits on the row
    // and then sees it already there.
    const claim = async (key: string) =>
      (await tx.insert(appMeta).values({ key, value: DEMO_SEED_VERSION }).onConflictDoNothing().returning({ key: appMeta.key })).length > 0;

    const base = await claim(DEMO_SEED_KEY);
    if (base) {
      await tx.insert(churchSettings).values(demoSettings).onConflictDoNothing();
      await tx.insert(serviceTimes).values(demoServiceTimes).onConflictDoNothing();
      await tx.insert(leaders).values(demoLeaders).onConflictDoNothing();
      await tx.insert(churchValues).values(demoValues).onConflictDoNothing();
      await tx.insert(contentBlocks).values(demoBlocks).onConflictDoNothing();
      await tx.insert(homeCards).values(demoHomeCards).onConflictDoNothing();
      await tx.insert(heroVideos).values(demoHeroVideos).onConflictDoNothing();
      await tx.insert(mediaGallery).values(demoGallery(now)).onConflictDoNothing();
      await tx.insert(events).values(demoEvents(now)).onConflictDoNothing();
    }
    const worship = await claim(DEMO_WORSHIP_SEED_KEY);
    if (worship) await seedDemoWorship(tx, now);
    const prayer = await claim(DEMO_PRAYER_SEED_KEY);
    if (prayer) await seedDemoPrayer(tx, now);
    const community = await claim(DEMO_COMMUNITY_SEED_KEY);
    if (community) {
      await seedDemoPrayerParts(tx, now);
      await seedDemoGallery(tx, now);
      await seedDemoDiscussions(tx, now);
      await seedDemoVolunteers(tx, now);
    }
    const giving = await claim(DEMO_GIVING_SEED_KEY);
    if (giving) {
      await seedDemoGiving(tx, now);
      await seedDemoStore(tx, now);
    }
    const assistant = await claim(DEMO_ASSISTANT_SEED_KEY);
    if (assistant) await seedDemoFaq(tx, now);
    return base || worship || prayer || community || giving || assistant;
  });
}

export async function isDemoSeeded(db: AppDatabase): Promise<boolean> {
  const rows = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY));
  return rows.length > 0;
}
