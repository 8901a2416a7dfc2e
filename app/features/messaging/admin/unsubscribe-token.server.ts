import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuth } from "~/server/auth.server";
import { getEnv, siteUrl } from "~/server/env.server";

/** Keeps these MACs apart from anything else signed with the auth secret. */
const PURPOSE = "email-unsubscribe:";
const MAX_ADDRESS_LENGTH = 320;

async function secret(): Promise<string> {
  return (await getAuth().$context).secret;
}

function mac(key: string, address: string): Buffer {
  return createHmac("sha256", key)
    .update(PURPOSE + address)
    .digest();
}

export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * `<address, base64url>.<HMAC-SHA256 of the address, base64url>`: the link carries the
 * address it unsubscribes, and only the server can make a link for an address.
 */
export async function createUnsubscribeToken(address: string): Promise<string> {
  const normalized = normalizeAddress(address);
  return `${Buffer.from(normalized).toString("base64url")}.${mac(await secret(), normalized).toString("base64url")}`;
}

/** The address a token was made for, or null when the token is not one of ours. */
export async function verifyUnsubscribeToken(token: unknown): Promise<string | null> {
  if (typeof token !== "string" || token.length > 1000) return null;
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const encodedAddress = token.slice(0, dot);
  const encodedMac = token.slice(dot + 1);
  if (!/^[A-Za-z0-9_-]+$/.test(encodedAddress) || !/^[A-Za-z0-9_-]+$/.test(encodedMac)) return null;
  const address = Buffer.from(encodedAddress, "base64url").toString("utf8");
  if (!address.includes("@") || address.length > MAX_ADDRESS_LENGTH || address !== normalizeAddress(address)) return null;
  const given = Buffer.from(encodedMac, "base64url");
  const expected = mac(await secret(), address);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return address;
}

export async function unsubscribeUrl(address: string): Promise<string> {
  return `${siteUrl(getEnv())}/email/unsubscribe?token=${await createUnsubscribeToken(address)}`;
}
