import { createOTP } from "@better-auth/utils/otp";
import { base32 } from "@better-auth/utils/base32";
import { symmetricDecrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { twoFactors } from "~/db/schema";
import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";

/**
 * Checks a current authenticator code against the secret better-auth's two-factor plugin
 * stored for the user (encrypted with the auth secret; same settings: 6 digits, 30 s), for
 * re-checks that have no member session to go through (extending an admin session).
 * Mirrors the plugin's own verification in `plugins/two-factor/totp`.
 */
export async function decryptTotpCheck(options: { db: AppDatabase; userId: string; code: string }): Promise<boolean> {
  const [row] = await options.db
    .select({ secret: twoFactors.secret, verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, options.userId))
    .limit(1);
  if (!row || row.verified === false) return false;
  const context = await getAuth().$context;
  const stored = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  const secret = stored.startsWith("base32:") ? base32.decode(stored.slice(7).toUpperCase()) : stored;
  return createOTP(secret, { digits: 6, period: 30 }).verify(options.code);
}
