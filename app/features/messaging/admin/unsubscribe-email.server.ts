import { emailUnsubscribes } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { verifyUnsubscribeToken } from "./unsubscribe-token.server";

/**
 * Records that the token's address wants no more bulk mail (idempotent). Null when the
 * token is not valid; nothing is written then.
 */
export async function unsubscribeEmail(options: { db: AppDatabase; token: unknown }): Promise<{ email: string } | null> {
  const email = await verifyUnsubscribeToken(options.token);
  if (!email) return null;
  await options.db.insert(emailUnsubscribes).values({ email }).onConflictDoNothing();
  return { email };
}
