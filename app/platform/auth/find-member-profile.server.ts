import { eq } from "drizzle-orm";
import { profiles } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

/**
 * The member's profile as the shell and /settings show it, with the directory choices
 * /settings shows; undefined when there is none.
 */
export async function findMemberProfile({ db, userId }: { db: AppDatabase; userId: string }) {
  const [profile] = await db
    .select({
      fullName: profiles.fullName,
      displayName: profiles.displayName,
      username: profiles.username,
      phone: profiles.phone,
      preferredLanguage: profiles.preferredLanguage,
      hasCompletedTour: profiles.hasCompletedTour,
      directoryListed: profiles.directoryListed,
      directoryShowEmail: profiles.directoryShowEmail,
      directoryShowPhone: profiles.directoryShowPhone,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return profile;
}

export type MemberProfile = NonNullable<Awaited<ReturnType<typeof findMemberProfile>>>;
