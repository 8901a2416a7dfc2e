import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { claimTotpCode } from "~/server/totp-replay.server";

/**
 * Checks a current authenticator code against the secret better-auth's two-factor plugin
 * stored for the user (encrypted with the auth secret; same settings: 6 digits, 30 s), for
 * re-checks that have no member session to go through (extending an admin session).
 * Mirrors the plugin's own verification in `plugins/two-factor/totp`, and like every TOTP
 * check here (auth.server.ts) accepts each code once: a used one is refused.
 */
export async function decryptTotpCheck(options: { db: AppDatabase; userId: string; code: string }): Promise<boolean> {
  const context = await getAuth().$context;
  return (await claimTotpCode({ db: options.db, userId: options.userId, code: options.code, key: context.secretConfig })) === "accepted";
}
