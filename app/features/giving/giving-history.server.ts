import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { formatInTimeZone } from "date-fns-tz";
import { data, redirect } from "react-router";
import { gifts, givingFunds, recurringGifts, users } from "~/db/schema";
import type { GiftFrequency } from "~/db/schema/giving";
import { getCurrentMember, type MemberSession } from "~/platform/auth/get-current-member.server";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { getRequestContext } from "~/server/request-context.server";
import { getStripe } from "~/server/stripe.server";
import { getGivingChurch } from "./giving-church.server";
import { ZCancelRecurring } from "./giving-input.server";
import { givingTranslator } from "./giving-translation";
import { dateTimeFormat } from "~/i18n/intl-format";

const noStore = { "Cache-Control": "no-store" };

/** Signed out: sign in first, then come back here (in the language asked for). */
export function historySignInUrl(request: Request): string {
  const lang = new URL(request.url).searchParams.get("lang");
  return `/auth?redirectTo=/give/history${lang === "es" || lang === "en" ? `&lang=${lang}` : ""}`;
}

/** The signed-in member, or a redirect to sign in. */
export async function requireGivingMember(
  request: Request,
  status = 302,
): Promise<{ db: AppDatabase; language: Language; session: MemberSession }> {
  const { db, language } = getRequestContext(request);
  const session = await getCurrentMember({ db, request });
  if (!session) throw redirect(historySignInUrl(request), { status, headers: noStore });
  return { db, language, session };
}

/**
 * A member's gifts: those given while signed in, and those given as a visitor with the email
 * address their account has verified (before they had one). Newest first.
 */
export async function memberGifts(db: AppDatabase, userId: string, range?: { from: Date; to: Date }) {
  const [user] = await db.select({ email: users.email, verified: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
  const email = user?.verified ? user.email.trim().toLowerCase() : null;
  const mine = email
    ? or(eq(gifts.userId, userId), and(isNull(gifts.userId), sql`lower(${gifts.donorEmail}) = ${email}`))
    : eq(gifts.userId, userId);
  const when = range
    ? and(sql`${gifts.paidAt} >= ${range.from.toISOString()}`, sql`${gifts.paidAt} < ${range.to.toISOString()}`)
    : undefined;
  return db
    .select({
      id: gifts.id,
      fundName: gifts.fundName,
      fundEn: givingFunds.name,
      fundEs: givingFunds.nameEs,
      amountCents: gifts.amountCents,
      feeCents: gifts.feeCents,
      refundedCents: gifts.refundedCents,
      status: gifts.status,
      frequency: gifts.frequency,
      paidAt: gifts.paidAt,
    })
    .from(gifts)
    .leftJoin(givingFunds, eq(givingFunds.id, gifts.fundId))
    .where(when ? and(mine, when) : mine)
    .orderBy(desc(gifts.paidAt), desc(gifts.id))
    .limit(2000);
}

/** What a gift counts for: what was paid (the gift and any fee covered) less refunds. */
export const netCents = (gift: { amountCents: number; feeCents: number; refundedCents: number }) =>
  Math.max(0, gift.amountCents + gift.feeCents - gift.refundedCents);

export interface HistoryGift {
  id: string;
  date: string;
  year: number;
  fund: string;
  amountCents: number;
  feeCents: number;
  refundedCents: number;
  status: "succeeded" | "refunded" | "partially_refunded";
  frequency: GiftFrequency;
}

export interface HistoryRecurring {
  id: string;
  fund: string;
  amountCents: number;
  feeCents: number;
  frequency: "weekly" | "biweekly" | "monthly";
  status: "active" | "past_due" | "canceled";
}

/** /give/history: the member's gifts, totals by year (church time zone), recurring gifts and statement years. */
export async function loadGivingHistory({ request }: { request: Request }) {
  const { db, language, session } = await requireGivingMember(request);
  const church = await getGivingChurch(db, language);
  const dateFormat = dateTimeFormat(language, { dateStyle: "medium", timeZone: church.timeZone });
  const rows = await memberGifts(db, session.member.id);
  const list: HistoryGift[] = rows.map((r) => ({
    id: r.id,
    date: dateFormat.format(r.paidAt),
    year: Number(formatInTimeZone(r.paidAt, church.timeZone, "yyyy")),
    fund: r.fundEn ? localize(language, r.fundEn, r.fundEs) : r.fundName,
    amountCents: r.amountCents,
    feeCents: r.feeCents,
    refundedCents: r.refundedCents,
    status: r.status,
    frequency: r.frequency,
  }));
  const totals = new Map<number, number>();
  for (const [i, gift] of list.entries()) totals.set(gift.year, (totals.get(gift.year) ?? 0) + netCents(rows[i]!));
  const recurringRows = await db
    .select({ r: recurringGifts, fundEn: givingFunds.name, fundEs: givingFunds.nameEs })
    .from(recurringGifts)
    .leftJoin(givingFunds, eq(givingFunds.id, recurringGifts.fundId))
    .where(eq(recurringGifts.userId, session.member.id))
    .orderBy(desc(recurringGifts.createdAt));
  const recurring: HistoryRecurring[] = recurringRows.map(({ r, fundEn, fundEs }) => ({
    id: r.id,
    fund: fundEn ? localize(language, fundEn, fundEs) : r.fundName,
    amountCents: r.amountCents,
    feeCents: r.feeCents,
    frequency: r.frequency,
    status: r.status,
  }));
  const headers = new Headers(session.headers);
  headers.set("Cache-Control", "no-store");
  return data(
    {
      title: givingTranslator(language)("history.title"),
      gifts: list,
      yearTotals: [...totals.entries()].sort((a, b) => b[0] - a[0]).map(([year, cents]) => ({ year, cents })),
      recurring,
    },
    { headers },
  );
}

export type GivingHistoryData = Awaited<ReturnType<typeof loadGivingHistory>>["data"];

export type HistoryActionData = { ok: true; message: string } | { ok: false; message: string } | { confirm: string };

/**
 * /give/history posts: "cancel" asks to confirm (a second form, so it works without
 * JavaScript), "cancel-confirm" cancels the subscription at Stripe and, once Stripe has
 * answered, marks the recurring gift canceled. Another member's gift is not found (404).
 */
export async function runGivingHistoryAction({ request }: { request: Request }) {
  const { db, language, session } = await requireGivingMember(request, 303);
  const t = givingTranslator(language);
  const headers = new Headers(session.headers);
  headers.set("Cache-Control", "no-store");
  const answer = (status: number, body: HistoryActionData) => data<HistoryActionData>(body, { status, headers });
  const form = await request.formData().catch(() => null);
  const parsed = ZCancelRecurring.safeParse(form ? Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) : {});
  if (!parsed.success) return answer(400, { ok: false, message: t("errors.invalidRequest") });
  const [row] = await db
    .select()
    .from(recurringGifts)
    .where(and(eq(recurringGifts.id, parsed.data.recurringId), eq(recurringGifts.userId, session.member.id)))
    .limit(1);
  if (!row) return answer(404, { ok: false, message: t("history.notFound") });
  if (row.status === "canceled") return answer(409, { ok: false, message: t("history.alreadyCanceled") });
  if (parsed.data.intent === "cancel") return answer(200, { confirm: row.id });

  const stripe = getStripe();
  if (!stripe) return answer(503, { ok: false, message: t("errors.paymentService") });
  try {
    await stripe.client.subscriptions.cancel(row.stripeSubscriptionId);
  } catch (error) {
    logger.error({ err: error, recurringGift: row.id }, "giving: could not cancel a Stripe subscription");
    return answer(503, { ok: false, message: t("errors.paymentService") });
  }
  const now = new Date();
  await db.update(recurringGifts).set({ status: "canceled", canceledAt: now, updatedAt: now }).where(eq(recurringGifts.id, row.id));
  return answer(200, { ok: true, message: t("history.canceledMessage") });
}
