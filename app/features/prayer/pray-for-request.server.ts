import { and, eq, gt, ne, sql } from "drizzle-orm";
import { prayerIntercessions, prayerRequests } from "~/db/schema";
import { greetableName } from "~/platform/email/email-content";
import { renderEmail } from "~/platform/email/render-email";
import type { AppDatabase } from "~/server/db.server";
import { kickOutbox } from "~/server/messaging.server";
import { enqueueEmail } from "~/server/outbox.server";
import { prayerPerson, wallUrl } from "./prayer-people.server";
import { prayerAdminTranslator } from "./prayer-admin-translation";
import { churchName } from "~/platform/church/church-settings.server";

const HOUR_MS = 3_600_000;

/**
 * "I'm praying": one row per member and request (the primary key), and the count raised in
 * the same transaction only when the row was new, so parallel clicks count once. The author
 * hears about it by email in their language unless they opted out, at most once an hour per
 * request (no email when another member prayed in the last hour). The caller checked that the
 * request is visible to this member.
 */
export async function prayForRequest(o: {
  db: AppDatabase;
  requestId: string;
  userId: string;
  siteUrl: string;
  now?: Date;
}): Promise<{ counted: boolean; prayingCount: number }> {
  const now = o.now ?? new Date();
  const result = await o.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    const inserted = await tx
      .insert(prayerIntercessions)
      .values({ requestId: o.requestId, userId: o.userId, createdAt: now })
      .onConflictDoNothing()
      .returning({ requestId: prayerIntercessions.requestId });
    if (inserted.length === 0) {
      const [row] = await tx
        .select({ prayingCount: prayerRequests.prayingCount })
        .from(prayerRequests)
        .where(eq(prayerRequests.id, o.requestId));
      return { counted: false, prayingCount: row?.prayingCount ?? 0, queued: false };
    }
    const [request] = await tx
      .update(prayerRequests)
      .set({ prayingCount: sql`${prayerRequests.prayingCount} + 1` })
      .where(eq(prayerRequests.id, o.requestId))
      .returning();
    if (!request) throw new Error("The prayer request disappeared");
    let queued = false;
    if (request.notifyOnPrayer && request.userId && request.userId !== o.userId) {
      const [recent] = await tx
        .select({ userId: prayerIntercessions.userId })
        .from(prayerIntercessions)
        .where(
          and(
            eq(prayerIntercessions.requestId, o.requestId),
            ne(prayerIntercessions.userId, o.userId),
            gt(prayerIntercessions.createdAt, new Date(now.getTime() - HOUR_MS)),
          ),
        )
        .limit(1);
      const author = recent ? null : await prayerPerson(db, request.userId);
      if (author?.email) {
        const t = prayerAdminTranslator(author.language);
        const values = {
          name: greetableName(author.name),
          title: request.title || t("wall.untitled"),
          count: String(request.prayingCount),
        };
        await enqueueEmail(db, {
          to: author.email,
          subject: t("emails.praying.subject"),
          ...renderEmail({
            language: author.language,
            churchName: await churchName(db, author.language),
            siteUrl: o.siteUrl,
            heading: t("emails.praying.heading"),
            paragraphs: [
              values.name ? t("emails.greeting", values) : t("emails.greetingNoName"),
              t("emails.praying.intro", values),
              t("emails.praying.count", values),
            ],
            action: { label: t("emails.praying.action"), url: wallUrl(o.siteUrl, author.language) },
          }),
        });
        queued = true;
      }
    }
    return { counted: true, prayingCount: request.prayingCount, queued };
  });
  if (result.queued) kickOutbox();
  return { counted: result.counted, prayingCount: result.prayingCount };
}
