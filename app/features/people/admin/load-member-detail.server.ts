import { desc, eq } from "drizzle-orm";
import { memberNotes, profiles, users } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { memberColumns } from "./list-members.server";

/** One member as the detail view shows it, with the staff notes newest first; null if unknown. */
export async function loadMemberDetail({ db, memberId }: { db: AppDatabase; memberId: string }) {
  const [[member], notes] = await Promise.all([
    db.select(memberColumns).from(profiles).innerJoin(users, eq(users.id, profiles.id)).where(eq(profiles.id, memberId)).limit(1),
    db
      .select({ id: memberNotes.id, authorName: memberNotes.authorName, body: memberNotes.body, createdAt: memberNotes.createdAt })
      .from(memberNotes)
      .where(eq(memberNotes.memberId, memberId))
      .orderBy(desc(memberNotes.createdAt), desc(memberNotes.id))
      .limit(500),
  ]);
  return member ? { member, notes } : null;
}
