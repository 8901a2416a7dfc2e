import { getAuth } from "~/server/auth.server";

/** The callback's check of a token (better-auth's magic-link tokens are 32 random letters). */
const TOKEN = /^[A-Za-z0-9._-]{1,2048}$/;

/**
 * The address a magic link signs in, without using the link up (the confirmation page of a
 * link opened in another browser, link-browser.server.ts). Null for a malformed, unknown,
 * expired or used token.
 */
export async function findMagicLink(options: { token: unknown }): Promise<{ email: string } | null> {
  const { token } = options;
  if (typeof token !== "string" || !TOKEN.test(token)) return null;
  const context = await getAuth().$context;
  // The plugin's identifier; verification.storeIdentifier hashes it the same way for the lookup.
  const verification = await context.internalAdapter.findVerificationValue(`magic-link:${token}`);
  if (!verification || new Date(verification.expiresAt).getTime() <= Date.now()) return null;
  try {
    const value = JSON.parse(verification.value) as { email?: unknown };
    return typeof value.email === "string" && value.email ? { email: value.email } : null;
  } catch {
    return null;
  }
}
