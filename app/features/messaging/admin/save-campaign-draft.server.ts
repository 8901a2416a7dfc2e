import { and, eq } from "drizzle-orm";
import { emailCampaigns } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import type { CampaignInput } from "./campaign-input.server";

export type SaveDraftResult = { ok: true; id: string } | { ok: false; status: 404 | 409; reason: "notFound" | "alreadySent" };

/** Creates a draft, or updates one that is still a draft (a sent message never changes). */
export async function saveCampaignDraft(options: {
  db: AppDatabase;
  admin: AdminIdentity;
  ip: string;
  campaignId: string | null;
  input: CampaignInput;
}): Promise<SaveDraftResult> {
  const { db, admin, ip, campaignId, input } = options;
  return db.transaction(async (tx) => {
    const audited = tx as unknown as AppDatabase;
    if (!campaignId) {
      const [row] = await tx
        .insert(emailCampaigns)
        .values({ ...input, createdBy: admin.userId })
        .returning({ id: emailCampaigns.id });
      await recordAudit({
        db: audited,
        actor: admin,
        ipAddress: ip,
        entry: { action: "email.campaign.create", entityType: "email_campaign", entityId: row!.id, after: input },
      });
      return { ok: true, id: row!.id };
    }
    const [before] = await tx.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaignId)).for("update");
    if (!before) return { ok: false, status: 404, reason: "notFound" };
    const [row] = await tx
      .update(emailCampaigns)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(emailCampaigns.id, campaignId), eq(emailCampaigns.status, "draft")))
      .returning({ id: emailCampaigns.id });
    if (!row) return { ok: false, status: 409, reason: "alreadySent" };
    await recordAudit({
      db: audited,
      actor: admin,
      ipAddress: ip,
      entry: {
        action: "email.campaign.update",
        entityType: "email_campaign",
        entityId: row.id,
        before: {
          subjectEn: before.subjectEn,
          subjectEs: before.subjectEs,
          bodyEn: before.bodyEn,
          bodyEs: before.bodyEs,
          segment: before.segment,
        },
        after: input,
      },
    });
    return { ok: true, id: row.id };
  });
}
