import type { AppDatabase } from "~/server/db.server";
import { seedDemoClass } from "~/features/membership/seed-demo-class.server";
import { seedDemoGroups } from "~/features/groups/seed-demo-groups.server";
import { seedDemoSermons } from "~/features/sermons/seed-demo-sermons.server";
import { seedDemoStudy } from "~/features/study/seed-demo-study.server";

/**
 * The demo church's worship and learning content (issue 6): sermons with series and topics,
 * study guides and a reading plan, study groups and a membership class. Runs once, inside the
 * demo seed's transaction (seed-demo-church.server.ts). No accounts, no live stream.
 */
export async function seedDemoWorship(tx: AppDatabase, now: Date): Promise<void> {
  await seedDemoSermons(tx, now);
  await seedDemoStudy(tx, now);
  await seedDemoGroups(tx, now);
  await seedDemoClass(tx, now);
}
