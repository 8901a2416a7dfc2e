import { discussionThreads } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { readChurchSettings } from "~/platform/church/church-settings.server";

export async function discussionAutoApprove(db: AppDatabase): Promise<boolean> {
  return (await readChurchSettings(db))?.discussionAutoApprove ?? false;
}

/** A member's new topic: pending until a moderator approves it, unless the church publishes new topics at once. */
export async function createDiscussionThread(o: {
  db: AppDatabase;
  userId: string;
  authorName: string;
  language: Language;
  title: string;
  body: string;
  now?: Date;
}) {
  const now = o.now ?? new Date();
  const autoApprove = await discussionAutoApprove(o.db);
  const [row] = await o.db
    .insert(discussionThreads)
    .values({
      userId: o.userId,
      authorName: o.authorName,
      title: o.title,
      body: o.body,
      language: o.language,
      status: autoApprove ? "approved" : "pending",
      lastActivityAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("The discussion was not stored");
  return row;
}
