import { and, eq } from "drizzle-orm";
import { emailCampaignRecipients, emailCampaigns, outboxMessages } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { assertSingleRecipient } from "~/server/mail.server";
import type { CampaignInput } from "./campaign-input.server";
import { findSegmentRecipients } from "./find-segment-recipients.server";
import { contentLanguage, renderCampaignEmail } from "./render-campaign-email.server";
import { unsubscribeUrl } from "./unsubscribe-token.server";

export type SendCampaignResult =
  | { ok: true; id: string; recipientCount: number; queued: number }
  | { ok: false; status: 404 | 409 | 400; reason: "notFound" | "alreadySent" | "noRecipients" };

/** Thrown inside the transaction to roll it back with an answer. */
class Refusal extends Error {
  constructor(readonly result: Extract<SendCampaignResult, { ok: false }>) {
    super(result.reason);
  }
}

const CHUNK = 500;

function isPlainAddress(address: string): boolean {
  try {
    assertSingleRecipient(address);
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves the submitted text and sends the draft, all in one transaction: the campaign
 * becomes `sending` (only from `draft`, so a second send changes nothing), every recipient
 * gets a row and, unless unsubscribed, one outbox message the worker delivers with retries.
 */
export async function sendCampaign(options: {
  db: AppDatabase;
  admin: AdminIdentity;
  ip: string;
  campaignId: string;
  input: CampaignInput;
}): Promise<SendCampaignResult> {
  const { db, admin, ip, campaignId, input } = options;
  const site = siteUrl(getEnv());
  try {
    return await db.transaction(async (tx) => {
      const audited = tx as unknown as AppDatabase;
      const now = new Date();
      const [claimed] = await tx
        .update(emailCampaigns)
        .set({ ...input, status: "sending", updatedAt: now, sentAt: now })
        .where(and(eq(emailCampaigns.id, campaignId), eq(emailCampaigns.status, "draft")))
        .returning({ id: emailCampaigns.id });
      if (!claimed) {
        const [exists] = await tx.select({ id: emailCampaigns.id }).from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
        throw new Refusal(exists ? { ok: false, status: 409, reason: "alreadySent" } : { ok: false, status: 404, reason: "notFound" });
      }

      const recipients = await findSegmentRecipients(audited, input.segment);
      if (recipients.length === 0) throw new Refusal({ ok: false, status: 400, reason: "noRecipients" });

      const churchNames = new Map<Language, string>();
      for (const language of ["en", "es"] as const) {
        churchNames.set(language, (await getChurchProfile({ db: audited, language }))?.name ?? "");
      }

      type Row = typeof emailCampaignRecipients.$inferInsert;
      const rows: Row[] = [];
      const outbox: (typeof outboxMessages.$inferInsert)[] = [];
      for (const recipient of recipients) {
        const language = contentLanguage(input, recipient.language);
        const base = { campaignId, userId: recipient.userId, email: recipient.email, language };
        if (recipient.unsubscribed) {
          rows.push({ ...base, skippedReason: "unsubscribed" });
          continue;
        }
        if (!isPlainAddress(recipient.email)) {
          rows.push({ ...base, skippedReason: "invalid-address" });
          continue;
        }
        const payload = renderCampaignEmail({
          campaign: input,
          language,
          churchName: churchNames.get(language) ?? "",
          siteUrl: site,
          unsubscribeUrl: await unsubscribeUrl(recipient.email),
        });
        rows.push(base);
        outbox.push({ channel: "email", recipient: recipient.email, payload, nextAttemptAt: now });
      }

      const outboxIds = new Map<string, string>();
      for (let i = 0; i < outbox.length; i += CHUNK) {
        const inserted = await tx
          .insert(outboxMessages)
          .values(outbox.slice(i, i + CHUNK))
          .returning({ id: outboxMessages.id, recipient: outboxMessages.recipient });
        for (const row of inserted) outboxIds.set(row.recipient, row.id);
      }
      for (const row of rows) {
        if (!row.skippedReason) row.outboxMessageId = outboxIds.get(row.email);
      }
      for (let i = 0; i < rows.length; i += CHUNK) {
        await tx.insert(emailCampaignRecipients).values(rows.slice(i, i + CHUNK));
      }

      await tx.update(emailCampaigns).set({ recipientCount: rows.length }).where(eq(emailCampaigns.id, campaignId));
      const skipped = rows.length - outbox.length;
      await recordAudit({
        db: audited,
        actor: admin,
        ipAddress: ip,
        entry: {
          action: "email.campaign.send",
          entityType: "email_campaign",
          entityId: campaignId,
          before: { status: "draft" },
          after: {
            status: "sending",
            segment: input.segment,
            subjectEn: input.subjectEn,
            recipientCount: rows.length,
            queued: outbox.length,
            skipped,
          },
        },
      });
      return { ok: true as const, id: campaignId, recipientCount: rows.length, queued: outbox.length };
    });
  } catch (error) {
    if (error instanceof Refusal) return error.result;
    throw error;
  }
}
