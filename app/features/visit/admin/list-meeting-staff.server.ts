import { arrayOverlaps, asc } from "drizzle-orm";
import { adminUsers } from "~/db/schema";
import { SUPER_ADMIN_SCOPE } from "~/platform/admin/admin-sections";
import type { AppDatabase } from "~/server/db.server";
import { MEETINGS_SCOPE } from "./meetings-input";

/** The administrators who can work the meetings inbox (its scope, or super admins): the assignees. */
export async function listMeetingStaff(db: AppDatabase): Promise<{ userId: string; name: string }[]> {
  return db
    .select({ userId: adminUsers.userId, name: adminUsers.name })
    .from(adminUsers)
    .where(arrayOverlaps(adminUsers.scopes, [MEETINGS_SCOPE, SUPER_ADMIN_SCOPE]))
    .orderBy(asc(adminUsers.name), asc(adminUsers.userId));
}
