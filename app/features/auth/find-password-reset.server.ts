import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { getAuth, isPhoneOnlyEmail } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { isResetToken } from "./auth-input";

export interface PasswordReset {
  userId: string;
  /** The account's address (shown on the form, and a hint for password managers). */
  email: string;
}

/**
 * The account a password reset link is for, without using the link up: the page can show the
 * form (or say the link is dead) and a mail scanner that opens the link changes nothing.
 * Null for a malformed, unknown, expired or used token.
 */
export async function findPasswordReset(options: { db: AppDatabase; token: unknown }): Promise<PasswordReset | null> {
  const { db, token } = options;
  if (!isResetToken(token)) return null;
  const context = await getAuth().$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || new Date(verification.expiresAt).getTime() <= Date.now()) return null;
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, verification.value)).limit(1);
  if (!user || isPhoneOnlyEmail(user.email)) return null;
  return { userId: user.id, email: user.email };
}
