import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuth } from "~/server/auth.server";
import type { Language } from "~/i18n/config";

/** Keeps these MACs apart from anything else signed with the auth secret. */
const PURPOSE = "store-order:";

async function mac(orderId: string): Promise<Buffer> {
  const secret = (await getAuth().$context).secret;
  return createHmac("sha256", secret)
    .update(PURPOSE + orderId)
    .digest();
}

/** The token in an order's link: only the server can make one for an order id. */
export async function createOrderToken(orderId: string): Promise<string> {
  return (await mac(orderId)).toString("base64url");
}

/** Whether `token` opens the order (the buyer's link from Checkout or the emails). */
export async function verifyOrderToken(orderId: string, token: unknown): Promise<boolean> {
  if (typeof token !== "string" || token.length > 100 || !/^[A-Za-z0-9_-]+$/.test(token)) return false;
  const given = Buffer.from(token, "base64url");
  const expected = await mac(orderId);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The order's page for its buyer, openable without signing in (the link is the key): in the
 * confirmation and status emails and as Checkout's success URL.
 */
export async function orderPageUrl(options: { siteUrl: string; orderId: string; language: Language }): Promise<string> {
  const url = new URL(`/store/orders/${options.orderId}`, options.siteUrl);
  url.searchParams.set("token", await createOrderToken(options.orderId));
  if (options.language === "es") url.searchParams.set("lang", "es");
  return url.toString();
}
