import { count, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { gifts, givingFunds, recurringGifts } from "~/db/schema";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { NO_STORE, type AdminContext } from "~/platform/admin/require-admin.server";
import { updateChurchSettings } from "~/platform/church/update-church-settings.server";
import { slugify } from "~/lib/slugs";
import { uniqueSlug } from "~/platform/content/unique-slug.server";
import { readInput } from "~/server/request-input.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { getStripe } from "~/server/stripe.server";
import type { GivingAdminMessage, GivingAdminResult } from "./giving-admin-form";
import { parseFundInput, parseGivingSettingsInput } from "./parse-giving-admin-input.server";

const INTENTS = ["save-fund", "delete-fund", "deactivate-fund", "save-settings", "cancel-recurring"] as const;
type Intent = (typeof INTENTS)[number];
const FUND_AUDITED = ["slug", "name", "nameEs", "description", "descriptionEs", "active", "sortOrder"] as const;

const parseFundId = (value: unknown): number | null =>
  typeof value === "string" && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /admin/giving (the route has checked the "giving" scope): the funds editor, the giving
 * settings and a staff cancellation of a recurring gift. Refusals answer 4xx with a message
 * key the page translates; success redirects (303) back with a notice.
 */
export async function handleGivingAdminAction(request: Request, ctx: AdminContext) {
  const input = await readInput(request);
  const intent =
    typeof input?.intent === "string" && (INTENTS as readonly string[]).includes(input.intent) ? (input.intent as Intent) : null;
  const answer = (
    status: number,
    result: Omit<GivingAdminResult, "ok" | "intent" | "fieldErrors"> & Partial<Pick<GivingAdminResult, "fieldErrors">>,
  ) => data<GivingAdminResult>({ ok: false, intent, fieldErrors: {}, ...result }, { status, headers: NO_STORE });
  const done = (notice: GivingAdminMessage, hash: string) => {
    throw redirect(`/admin/giving?notice=${notice}#${hash}`, { status: 303, headers: NO_STORE });
  };
  if (!input || !intent) return answer(400, { message: "invalidRequest" });
  const actor = ctx.admin;

  if (intent === "save-fund") {
    const fundId = input.fundId === undefined || input.fundId === "" ? null : parseFundId(input.fundId);
    if (input.fundId !== undefined && input.fundId !== "" && fundId === null) return answer(400, { message: "invalidRequest" });
    const parsed = parseFundInput(input);
    if (!parsed.ok)
      return answer(400, {
        message: "invalid",
        fundValues: parsed.values,
        fieldErrors: parsed.fieldErrors,
        targetId: fundId ? String(fundId) : undefined,
      });
    const result = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as AppDatabase;
      const before = fundId === null ? undefined : (await tx.select().from(givingFunds).where(eq(givingFunds.id, fundId)).for("update"))[0];
      if (fundId !== null && !before) return "notFound" as const;
      const now = new Date();
      if (!before) {
        const slug = await uniqueSlug(db, givingFunds.slug, slugify(parsed.fund.name, "fund"));
        const [row] = await tx
          .insert(givingFunds)
          .values({ ...parsed.fund, slug, createdAt: now, updatedAt: now })
          .returning();
        if (!row) throw new Error("The fund insert returned no row");
        await bumpContentVersion(db);
        await recordAudit({
          db,
          actor,
          ipAddress: ctx.ip,
          entry: {
            action: "giving_fund.create",
            entityType: "giving_fund",
            entityId: String(row.id),
            after: Object.fromEntries(FUND_AUDITED.map((k) => [k, row[k]])),
          },
        });
        return "fundCreated" as const;
      }
      const values = { ...parsed.fund, slug: before.slug };
      const changed = FUND_AUDITED.filter((k) => values[k] !== before[k]);
      if (changed.length === 0) return "unchanged" as const;
      await tx
        .update(givingFunds)
        .set({ ...parsed.fund, updatedAt: now })
        .where(eq(givingFunds.id, before.id));
      await bumpContentVersion(db);
      await recordAudit({
        db,
        actor,
        ipAddress: ctx.ip,
        entry: {
          action: "giving_fund.update",
          entityType: "giving_fund",
          entityId: String(before.id),
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, values[k]])),
        },
      });
      return "fundSaved" as const;
    });
    if (result === "notFound") return answer(404, { message: "notFound" });
    return done(result, "funds");
  }

  if (intent === "delete-fund" || intent === "deactivate-fund") {
    const fundId = parseFundId(input.fundId);
    if (fundId === null) return answer(400, { message: "invalidRequest" });
    if (intent === "delete-fund" && input.confirm !== "yes") return answer(400, { message: "confirmDelete", targetId: String(fundId) });
    const result = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as AppDatabase;
      const [fund] = await tx.select().from(givingFunds).where(eq(givingFunds.id, fundId)).for("update");
      if (!fund) return "notFound" as const;
      if (intent === "deactivate-fund") {
        if (!fund.active) return "unchanged" as const;
        await tx.update(givingFunds).set({ active: false, updatedAt: new Date() }).where(eq(givingFunds.id, fundId));
        await bumpContentVersion(db);
        await recordAudit({
          db,
          actor,
          ipAddress: ctx.ip,
          entry: {
            action: "giving_fund.update",
            entityType: "giving_fund",
            entityId: String(fundId),
            before: { active: true },
            after: { active: false },
          },
        });
        return "fundDeactivated" as const;
      }
      // Gifts keep their fund's name, but a fund that was given to stays for the records.
      const [[used], [usedRecurring]] = await Promise.all([
        tx.select({ n: count() }).from(gifts).where(eq(gifts.fundId, fundId)),
        tx.select({ n: count() }).from(recurringGifts).where(eq(recurringGifts.fundId, fundId)),
      ]);
      if (Number(used?.n ?? 0) + Number(usedRecurring?.n ?? 0) > 0) return "fundInUse" as const;
      await tx.delete(givingFunds).where(eq(givingFunds.id, fundId));
      await bumpContentVersion(db);
      await recordAudit({
        db,
        actor,
        ipAddress: ctx.ip,
        entry: {
          action: "giving_fund.delete",
          entityType: "giving_fund",
          entityId: String(fundId),
          before: Object.fromEntries(FUND_AUDITED.map((k) => [k, fund[k]])),
        },
      });
      return "fundDeleted" as const;
    });
    if (result === "notFound") return answer(404, { message: "notFound" });
    if (result === "fundInUse") return answer(409, { message: "fundInUse", targetId: String(fundId) });
    return done(result, "funds");
  }

  if (intent === "save-settings") {
    const parsed = parseGivingSettingsInput(input);
    if (!parsed.ok) return answer(400, { message: "invalid", settingsValues: parsed.values, fieldErrors: parsed.fieldErrors });
    const s = parsed.settings;
    const next = {
      givingFeePercentBp: s.feePercentBp,
      givingFeeFixedCents: s.feeFixedCents,
      givingTextKeyword: s.textKeyword,
      givingTextNumber: s.textNumber,
    };
    const saved = await updateChurchSettings({ db: ctx.db, actor, ipAddress: ctx.ip, action: "giving_settings.update", next });
    const result = saved === "saved" ? ("settingsSaved" as const) : saved;
    if (result === "notFound") return answer(404, { message: "notFound" });
    return done(result, "settings");
  }

  // cancel-recurring: Stripe first; the row is marked only once Stripe has cancelled it.
  const recurringId = typeof input.recurringId === "string" && UUID.test(input.recurringId) ? input.recurringId : null;
  if (!recurringId) return answer(400, { message: "invalidRequest" });
  if (input.confirm !== "yes") return answer(400, { message: "confirmCancel", targetId: recurringId });
  const [gift] = await ctx.db.select().from(recurringGifts).where(eq(recurringGifts.id, recurringId));
  if (!gift) return answer(404, { message: "notFound" });
  if (gift.status === "canceled") return answer(409, { message: "alreadyCanceled", targetId: recurringId });
  const stripe = getStripe();
  if (!stripe) return answer(409, { message: "stripeNotConfigured", targetId: recurringId });
  try {
    await stripe.client.subscriptions.cancel(gift.stripeSubscriptionId);
  } catch (error) {
    logger.warn(
      { err: error instanceof Error ? error.message : String(error), recurringGift: recurringId },
      "giving admin: Stripe did not cancel a subscription",
    );
    return answer(409, { message: "stripeFailed", targetId: recurringId });
  }
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    const now = new Date();
    await tx.update(recurringGifts).set({ status: "canceled", canceledAt: now, updatedAt: now }).where(eq(recurringGifts.id, recurringId));
    await recordAudit({
      db,
      actor,
      ipAddress: ctx.ip,
      entry: {
        action: "recurring_gift.cancel",
        entityType: "recurring_gift",
        entityId: recurringId,
        before: { status: gift.status },
        after: { status: "canceled", subscription: gift.stripeSubscriptionId },
      },
    });
  });
  return done("recurringCanceled", "recurring");
}
