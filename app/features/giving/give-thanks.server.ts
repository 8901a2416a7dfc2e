import { eq } from "drizzle-orm";
import { data } from "react-router";
import { gifts, givingFunds, recurringGifts } from "~/db/schema";
import type { GiftFrequency } from "~/db/schema/giving";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { localize } from "~/i18n/localize";
import { logger } from "~/server/logger.server";
import { getRequestContext } from "~/server/request-context.server";
import { getStripe } from "~/server/stripe.server";
import { ZCheckoutSessionId } from "./giving-input.server";
import { givingTranslator } from "./giving-translation";

export type ThanksView =
  { state: "recorded"; amountCents: number; fund: string; frequency: GiftFrequency } | { state: "pending"; bank: boolean };

/**
 * /give/thanks?session_id=…: the gift (or recurring gift) the webhook recorded for that
 * Checkout Session; before it has, the session as Stripe knows it ("being confirmed"). A
 * session that is not a gift's, or that Stripe does not know, is not found (404).
 */
export async function loadGiveThanks({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const t = givingTranslator(language);
  const parsed = ZCheckoutSessionId.safeParse(new URL(request.url).searchParams.get("session_id") ?? "");
  if (!parsed.success) throw data(null, { status: 404 });
  const sessionId = parsed.data;
  const [member, [gift], [recurring]] = await Promise.all([
    getCurrentMember({ db, request }),
    db
      .select({
        amountCents: gifts.amountCents,
        frequency: gifts.frequency,
        fundName: gifts.fundName,
        fundEn: givingFunds.name,
        fundEs: givingFunds.nameEs,
      })
      .from(gifts)
      .leftJoin(givingFunds, eq(givingFunds.id, gifts.fundId))
      .where(eq(gifts.stripeCheckoutSessionId, sessionId))
      .limit(1),
    db
      .select({
        amountCents: recurringGifts.amountCents,
        frequency: recurringGifts.frequency,
        fundName: recurringGifts.fundName,
        fundEn: givingFunds.name,
        fundEs: givingFunds.nameEs,
      })
      .from(recurringGifts)
      .leftJoin(givingFunds, eq(givingFunds.id, recurringGifts.fundId))
      .where(eq(recurringGifts.stripeCheckoutSessionId, sessionId))
      .limit(1),
  ]);
  const found = gift ?? recurring;
  let view: ThanksView;
  if (found) {
    view = {
      state: "recorded",
      amountCents: found.amountCents,
      frequency: found.frequency,
      fund: found.fundEn ? localize(language, found.fundEn, found.fundEs) : found.fundName,
    };
  } else {
    const stripe = getStripe();
    if (!stripe) throw data(null, { status: 404 });
    let bank = false;
    try {
      const session = await stripe.client.checkout.sessions.retrieve(sessionId);
      if (session.metadata?.kind !== "gift") throw data(null, { status: 404 });
      bank = session.status === "complete" && session.payment_status === "unpaid";
    } catch (error) {
      if (error instanceof Error && "statusCode" in error && (error as { statusCode?: number }).statusCode === 404)
        throw data(null, { status: 404 });
      if (!(error instanceof Error)) throw error;
      // Stripe unreachable: nothing is claimed, the page keeps saying it is being confirmed.
      logger.warn({ err: error }, "giving: could not look up a Checkout Session for the thanks page");
    }
    view = { state: "pending", bank };
  }
  const headers = new Headers(member?.headers);
  headers.set("Cache-Control", "no-store");
  return data({ title: t("thanks.title"), view, member: Boolean(member) }, { headers });
}
