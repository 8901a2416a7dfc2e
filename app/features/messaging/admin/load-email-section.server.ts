import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { emailCampaignRecipients, emailCampaigns, outboxMessages } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { ZCampaignId } from "./campaign-input.server";
import type { DeliveryStatus } from "./email-constants";

export const RECIPIENTS_PER_PAGE = 50;
const CAMPAIGNS_LISTED = 100;

export type DeliveryCounts = Record<DeliveryStatus, number>;

/** A recipient's status: skipped, else its outbox message's (a purged message counts as sent). */
const deliveryStatus = sql<DeliveryStatus>`case when ${emailCampaignRecipients.skippedReason} is not null then 'skipped' else coalesce(${outboxMessages.status}, 'sent') end`;

function emptyCounts(): DeliveryCounts {
  return { pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
}

async function countsByCampaign(db: AppDatabase, ids: string[]): Promise<Map<string, DeliveryCounts>> {
  const result = new Map<string, DeliveryCounts>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ campaignId: emailCampaignRecipients.campaignId, status: deliveryStatus, count: count() })
    .from(emailCampaignRecipients)
    .leftJoin(outboxMessages, eq(outboxMessages.id, emailCampaignRecipients.outboxMessageId))
    .where(inArray(emailCampaignRecipients.campaignId, ids))
    .groupBy(emailCampaignRecipients.campaignId, deliveryStatus);
  for (const row of rows) {
    const counts = result.get(row.campaignId) ?? emptyCounts();
    counts[row.status] += Number(row.count);
    result.set(row.campaignId, counts);
  }
  return result;
}

export interface CampaignSummary {
  id: string;
  subjectEn: string;
  segment: string;
  status: "draft" | "sending" | "sent";
  recipientCount: number;
  createdAt: string;
  sentAt: string | null;
  counts: DeliveryCounts;
}

export interface CampaignDetail extends CampaignSummary {
  subjectEs: string | null;
  bodyEn: string;
  bodyEs: string | null;
  recipients: {
    id: string;
    email: string;
    language: "en" | "es";
    status: DeliveryStatus;
    skippedReason: string | null;
    lastError: string | null;
  }[];
  page: number;
  pages: number;
}

/**
 * A campaign still `sending` whose messages are all settled (sent, failed or skipped)
 * becomes `sent`; done when it is looked at, so no job has to watch it.
 */
async function settle(db: AppDatabase, id: string, counts: DeliveryCounts): Promise<boolean> {
  if (counts.pending + counts.sending > 0) return false;
  const updated = await db
    .update(emailCampaigns)
    .set({ status: "sent" })
    .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, "sending")))
    .returning({ id: emailCampaigns.id });
  return updated.length > 0;
}

export async function loadEmailSection(options: {
  db: AppDatabase;
  campaignId: string | null;
  page: number;
}): Promise<{ campaigns: CampaignSummary[]; campaign: CampaignDetail | null; campaignMissing: boolean }> {
  const { db } = options;
  const listed = await db
    .select()
    .from(emailCampaigns)
    .orderBy(desc(emailCampaigns.createdAt), desc(emailCampaigns.id))
    .limit(CAMPAIGNS_LISTED);
  const counts = await countsByCampaign(
    db,
    listed.map((c) => c.id),
  );
  const summarize = (c: typeof emailCampaigns.$inferSelect): CampaignSummary => ({
    id: c.id,
    subjectEn: c.subjectEn,
    segment: c.segment,
    status: c.status,
    recipientCount: c.recipientCount,
    createdAt: c.createdAt.toISOString(),
    sentAt: c.sentAt ? c.sentAt.toISOString() : null,
    counts: counts.get(c.id) ?? emptyCounts(),
  });
  const campaigns: CampaignSummary[] = [];
  for (const row of listed) {
    const summary = summarize(row);
    if (summary.status === "sending" && (await settle(db, row.id, summary.counts))) summary.status = "sent";
    campaigns.push(summary);
  }

  if (!options.campaignId) return { campaigns, campaign: null, campaignMissing: false };
  const id = ZCampaignId.safeParse(options.campaignId);
  const [row] = id.success ? await db.select().from(emailCampaigns).where(eq(emailCampaigns.id, id.data)) : [];
  if (!row) return { campaigns, campaign: null, campaignMissing: true };

  const summary = campaigns.find((c) => c.id === row.id) ?? summarize(row);
  if (!counts.has(row.id)) {
    summary.counts = (await countsByCampaign(db, [row.id])).get(row.id) ?? emptyCounts();
    if (summary.status === "sending" && (await settle(db, row.id, summary.counts))) summary.status = "sent";
  }
  const pages = Math.max(1, Math.ceil(row.recipientCount / RECIPIENTS_PER_PAGE));
  const page = Math.min(Math.max(1, options.page), pages);
  const recipients = await db
    .select({
      id: emailCampaignRecipients.id,
      email: emailCampaignRecipients.email,
      language: emailCampaignRecipients.language,
      status: deliveryStatus,
      skippedReason: emailCampaignRecipients.skippedReason,
      lastError: outboxMessages.lastError,
    })
    .from(emailCampaignRecipients)
    .leftJoin(outboxMessages, eq(outboxMessages.id, emailCampaignRecipients.outboxMessageId))
    .where(eq(emailCampaignRecipients.campaignId, row.id))
    .orderBy(asc(emailCampaignRecipients.email), asc(emailCampaignRecipients.id))
    .limit(RECIPIENTS_PER_PAGE)
    .offset((page - 1) * RECIPIENTS_PER_PAGE);

  return {
    campaigns,
    campaignMissing: false,
    campaign: { ...summary, subjectEs: row.subjectEs, bodyEn: row.bodyEn, bodyEs: row.bodyEs, recipients, page, pages },
  };
}
