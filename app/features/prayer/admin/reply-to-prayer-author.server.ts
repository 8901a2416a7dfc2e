import { eq } from "drizzle-orm";
import { z } from "zod";
import { inboxReplies, prayerRequests } from "~/db/schema";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { greetableName } from "~/platform/email/email-content";
import { renderEmail } from "~/platform/email/render-email";
import { prayerPerson, wallUrl } from "~/features/prayer/prayer-people.server";
import { prayerAdminTranslator } from "~/features/prayer/prayer-admin-translation";
import { MAX_REPLY } from "~/features/prayer/prayer-views";
import type { AppDatabase } from "~/server/db.server";
import { kickOutbox } from "~/server/messaging.server";
import { enqueueEmail } from "~/server/outbox.server";
import type { PrayerActor } from "./change-prayer-request.server";
import type { PrayerAdminOutcome } from "./prayer-admin-result";
import { churchName } from "~/platform/church/church-settings.server";

const ZReply = z.object({ id: z.uuid(), reply: z.string().trim().min(1, "required").max(MAX_REPLY, "long") });

/**
 * Staff reply to the author by email, in the author's language; the reply is kept with the
 * request (inbox_replies) with the outbox message that carries it, and audit-logged.
 */
export async function replyToPrayerAuthor(o: {
  db: AppDatabase;
  actor: PrayerActor;
  ip: string;
  input: Record<string, unknown>;
  siteUrl: string;
}): Promise<PrayerAdminOutcome> {
  const parsed = ZReply.safeParse(o.input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.path[0] === "reply")
      return issue.message === "long"
        ? { ok: false, status: 400, key: "admin.errors.replyTooLong", values: { max: MAX_REPLY }, field: "reply" }
        : { ok: false, status: 400, key: "admin.errors.replyRequired", field: "reply" };
    return { ok: false, status: 400, key: "admin.errors.invalidRequest" };
  }
  const result = await o.db.transaction(async (tx): Promise<PrayerAdminOutcome> => {
    const db = tx as unknown as AppDatabase;
    const [request] = await tx.select().from(prayerRequests).where(eq(prayerRequests.id, parsed.data.id));
    if (!request) return { ok: false, status: 404, key: "admin.errors.notFound" };
    const author = request.userId ? await prayerPerson(db, request.userId) : null;
    if (!author?.email) return { ok: false, status: 409, key: "admin.errors.noEmail", field: "reply" };
    const t = prayerAdminTranslator(author.language);
    const values = { name: greetableName(author.name), title: request.title || t("wall.untitled") };
    const outboxId = await enqueueEmail(db, {
      to: author.email,
      subject: t("emails.reply.subject"),
      ...renderEmail({
        language: author.language,
        churchName: await churchName(db, author.language),
        siteUrl: o.siteUrl,
        heading: t("emails.reply.heading"),
        paragraphs: [
          values.name ? t("emails.greeting", values) : t("emails.greetingNoName"),
          t("emails.reply.intro", { ...values, name: o.actor.name }),
          parsed.data.reply,
        ],
        action: { label: t("emails.reply.action"), url: wallUrl(o.siteUrl, author.language) },
      }),
    });
    const [reply] = await tx
      .insert(inboxReplies)
      .values({
        prayerRequestId: request.id,
        authorUserId: o.actor.userId,
        authorName: o.actor.name,
        body: parsed.data.reply,
        outboxMessageId: outboxId,
      })
      .returning({ id: inboxReplies.id });
    await recordAudit({
      db,
      actor: o.actor,
      ipAddress: o.ip,
      entry: {
        action: "prayer.reply",
        entityType: "prayer_request",
        entityId: request.id,
        after: { replyId: reply!.id, body: parsed.data.reply },
      },
    });
    return { ok: true, id: request.id };
  });
  if (result.ok) kickOutbox();
  return result;
}
