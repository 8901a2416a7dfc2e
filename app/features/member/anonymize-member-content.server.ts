import type { AppDatabase } from "~/server/db.server";

/**
 * Detaches a member from everything they posted publicly, before their account is deleted,
 * so the content stays (shown as "Anonymous") while nothing points back at them.
 *
 * There is no member-authored content yet, so this has nothing to update. Every feature
 * that adds an author column referencing users.id must null it here (and declare the column
 * `ON DELETE SET NULL` as a second line of defence): the prayer wall's requests and prayers,
 * comments, group posts, event RSVPs that are shown publicly. Private data that has no
 * reason to outlive the account (roles, profile, sessions) is removed by the FK cascades.
 */
export async function anonymizeMemberContent(options: { db: AppDatabase; userId: string }): Promise<void> {
  void options;
}
