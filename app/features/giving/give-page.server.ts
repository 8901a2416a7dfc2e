import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import { redirect } from "react-router";
import { gifts, givingFunds, recurringGifts } from "~/db/schema";
import { clientIp } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { localize } from "~/i18n/localize";
import { loadIntroPage } from "~/platform/content/load-intro-page.server";
import { echo } from "~/platform/forms/field-errors";
import { describeFee, formatCents, MAX_AMOUNT_CENTS, MIN_AMOUNT_CENTS, coverFeeCents } from "~/features/payments/money";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { getStripe, type Stripe } from "~/server/stripe.server";
import { getGivingChurch } from "./giving-church.server";
import { parseGift, type GiftInput } from "./giving-input.server";
import { EMAIL_MAX, NAME_MAX, RECURRING_INTERVALS } from "./giving-options";
import { givingTranslator } from "./giving-translation";

export interface FundView {
  id: number;
  name: string;
  description: string;
}

/** A signed-in member's name and email as Checkout and the receipt get them (email null: phone-only account). */
function memberDonor(member: { name: string; email: string | null; phone: string | null }) {
  const name = member.name && member.name !== member.phone ? member.name : (member.email ?? "");
  return { name, email: member.email };
}

async function activeFunds(db: AppDatabase, language: Language): Promise<FundView[]> {
  const rows = await db
    .select()
    .from(givingFunds)
    .where(eq(givingFunds.active, true))
    .orderBy(asc(givingFunds.sortOrder), asc(givingFunds.name), asc(givingFunds.id));
  return rows.map((r) => ({
    id: r.id,
    name: localize(language, r.name, r.nameEs),
    description: localize(language, r.description, r.descriptionEs),
  }));
}

/**
 * /give: the page's introduction (content block `page.give`), the gift form when Stripe is
 * configured (active funds in the reader's language, the fee rate, who is giving) and the
 * other ways to give (in person, by mail, by text), which are always there.
 */
export async function loadGivePage({ request, url }: { request: Request; url: URL }) {
  const { db, language } = getRequestContext(request);
  const [intro, funds, church, session] = await Promise.all([
    loadIntroPage({ request, url }),
    activeFunds(db, language),
    getGivingChurch(db, language),
    getCurrentMember({ db, request }),
  ]);
  return {
    data: {
      ...intro,
      configured: getStripe() !== null,
      funds,
      fee: {
        percentBp: church.feePercentBp,
        fixedCents: church.feeFixedCents,
        label: describeFee(church.feePercentBp, church.feeFixedCents, language),
      },
      member: session ? memberDonor(session.member) : null,
      ways: { churchName: church.name, addressLines: church.addressLines, text: church.text },
      canceled: url.searchParams.get("canceled") === "1",
      signInHref: "/auth?redirectTo=/give",
    },
    headers: session?.headers,
  };
}

export type GivePageData = Awaited<ReturnType<typeof loadGivePage>>["data"];

export interface GiveActionData {
  ok: false;
  message: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/** Checkouts started from one IP in ten minutes (scaled like the other per-IP limits). */
export const giftCheckoutLimit = { limit: 10, windowSeconds: 10 * 60 };

/** Control characters other than tab and line breaks: no field takes them. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The Stripe customer of the member's earlier gifts, so Checkout reuses it. */
async function memberCustomer(db: AppDatabase, userId: string): Promise<string | null> {
  const [gift] = await db
    .select({ customer: gifts.stripeCustomerId })
    .from(gifts)
    .where(and(eq(gifts.userId, userId), isNotNull(gifts.stripeCustomerId)))
    .orderBy(desc(gifts.paidAt))
    .limit(1);
  if (gift?.customer) return gift.customer;
  const [recurring] = await db
    .select({ customer: recurringGifts.stripeCustomerId })
    .from(recurringGifts)
    .where(and(eq(recurringGifts.userId, userId), isNotNull(recurringGifts.stripeCustomerId)))
    .orderBy(desc(recurringGifts.createdAt))
    .limit(1);
  return recurring?.customer ?? null;
}

/** The Checkout Session parameters of a gift: its lines (the fee its own), mode, metadata for the webhook, return URLs. */
export function giftCheckoutParams(o: {
  gift: GiftInput;
  fund: { id: number; name: string; localName: string };
  feeCents: number;
  userId: string | null;
  customer: string | null;
  language: Language;
  siteUrl: string;
}): Stripe.Checkout.SessionCreateParams {
  const t = givingTranslator(o.language);
  const { gift } = o;
  const recurring = gift.frequency === "one_time" ? undefined : RECURRING_INTERVALS[gift.frequency];
  const line = (name: string, cents: number): Stripe.Checkout.SessionCreateParams.LineItem => ({
    quantity: 1,
    price_data: { currency: "usd", unit_amount: cents, product_data: { name }, ...(recurring ? { recurring } : {}) },
  });
  const metadata: Record<string, string> = {
    kind: "gift",
    fund_id: String(o.fund.id),
    fund_name: o.fund.name.slice(0, 200),
    amount_cents: String(gift.amountCents),
    fee_cents: String(o.feeCents),
    frequency: gift.frequency,
    user_id: o.userId ?? "",
    donor_name: gift.name,
    donor_email: gift.email,
    language: o.language,
  };
  const lang = o.language === "es" ? "&lang=es" : "";
  const lineItems = [
    line(t("checkout.giftLine", { fund: o.fund.localName }), gift.amountCents),
    ...(o.feeCents > 0 ? [line(t("checkout.feeLine"), o.feeCents)] : []),
  ];
  return {
    mode: recurring ? "subscription" : "payment",
    line_items: lineItems,
    metadata,
    ...(recurring
      ? { subscription_data: { metadata, description: t("checkout.giftLine", { fund: o.fund.localName }) } }
      : { submit_type: "donate" as const, payment_intent_data: { metadata } }),
    ...(o.customer ? { customer: o.customer } : { customer_email: gift.email }),
    ...(!recurring && !o.customer && o.userId ? { customer_creation: "always" as const } : {}),
    ...(o.userId ? { client_reference_id: o.userId } : {}),
    locale: o.language,
    success_url: `${o.siteUrl}/give/thanks?session_id={CHECKOUT_SESSION_ID}${lang}`,
    cancel_url: `${o.siteUrl}/give?canceled=1${lang}`,
  };
}

/**
 * A /give post: the checked gift becomes a Stripe Checkout Session and the donor goes there.
 * Nothing is written here: a gift exists only once Stripe's webhook says it was paid.
 */
export async function runGiveAction({
  request,
}: {
  request: Request;
}): Promise<{ status: number; data: GiveActionData; headers: Headers }> {
  const { db, language } = getRequestContext(request);
  const t = givingTranslator(language);
  const form = await request.formData().catch(() => null);
  const values = {
    fundId: echo(form, "fundId", 12),
    amount: echo(form, "amount", 20),
    customAmount: echo(form, "customAmount", 20),
    frequency: echo(form, "frequency", 20),
    coverFee: echo(form, "coverFee", 10),
    name: echo(form, "name", NAME_MAX),
    email: echo(form, "email", EMAIL_MAX),
  };
  const headers = new Headers({ "Cache-Control": "no-store" });
  const fail = (status: number, message: string, fieldErrors: Record<string, string> = {}) => ({
    status,
    headers,
    data: { ok: false as const, message, fieldErrors, values },
  });

  const stripe = getStripe();
  if (!stripe) return fail(503, t("errors.notConfigured"));
  if (!form) return fail(400, t("errors.invalidRequest"));
  const input: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string" || CONTROL_CHARACTER.test(value)) return fail(400, t("errors.invalidRequest"));
    input[key] = value;
  }

  const session = await getCurrentMember({ db, request });
  for (const cookie of session?.headers.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  const donor = session ? memberDonor(session.member) : null;
  if (donor) {
    input.name = donor.name || input.name || "";
    if (donor.email) input.email = donor.email;
  }
  const parsed = parseGift(input);
  const translate = (key: string) =>
    key === "amountMin"
      ? t("errors.amountMin", { min: formatCents(MIN_AMOUNT_CENTS, language) })
      : key === "amountMax"
        ? t("errors.amountMax", { max: formatCents(MAX_AMOUNT_CENTS, language) })
        : t(`errors.${key}` as "errors.fund");
  if (!parsed.ok) {
    return fail(
      400,
      t("form.errorSummary"),
      Object.fromEntries(Object.entries(parsed.errors).map(([field, key]) => [field, translate(key)])),
    );
  }
  const gift = parsed.gift;
  if (gift.frequency !== "one_time" && !session)
    return fail(403, t("errors.recurringVisitor"), { frequency: t("errors.recurringVisitor") });

  const [fund] = await db.select().from(givingFunds).where(eq(givingFunds.id, gift.fundId)).limit(1);
  if (!fund || !fund.active) return fail(422, t("errors.fundUnavailable"), { fundId: t("errors.fundUnavailable") });

  const limit = await consumeRateLimit(db, `giving:checkout:ip:${clientIp(request)}`, {
    ...giftCheckoutLimit,
    limit: giftCheckoutLimit.limit * getEnv().RATE_LIMIT_IP_SCALE,
  });
  if (!limit.allowed) return fail(429, t("errors.rateLimited", { minutes: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) }));

  const church = await getGivingChurch(db, language);
  const feeCents = gift.coverFee ? coverFeeCents(gift.amountCents, church.feePercentBp, church.feeFixedCents) : 0;
  const userId = session?.member.id ?? null;
  const params = giftCheckoutParams({
    gift,
    fund: { id: fund.id, name: fund.name, localName: localize(language, fund.name, fund.nameEs) },
    feeCents,
    userId,
    customer: userId ? await memberCustomer(db, userId) : null,
    language,
    siteUrl: siteUrl(getEnv()),
  });
  let url: string | null;
  try {
    const checkout = await stripe.client.checkout.sessions.create(params);
    url = checkout.url;
  } catch (error) {
    logger.error({ err: error }, "giving: could not create a Stripe Checkout Session");
    return fail(503, t("errors.paymentService"));
  }
  if (!url) return fail(503, t("errors.paymentService"));
  throw redirect(url, { status: 303, headers });
}
