import { and, asc, eq, isNull, not, sql } from "drizzle-orm";
import { emailUnsubscribes, profiles, users } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import type { Segment } from "./campaign-input.server";
import { normalizeAddress } from "./unsubscribe-token.server";

export interface SegmentRecipient {
  userId: string;
  email: string;
  /** The member's preferred language. */
  language: Language;
  unsubscribed: boolean;
}

/**
 * Everyone a segment reaches: members with a confirmed address (not a phone-only
 * placeholder) whose account is not disabled, one per address, each marked when the
 * address has unsubscribed.
 */
export async function findSegmentRecipients(db: AppDatabase, segment: Segment): Promise<SegmentRecipient[]> {
  if (segment !== "all-members") return [];
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      language: profiles.preferredLanguage,
      unsubscribed: sql<boolean>`${emailUnsubscribes.email} is not null`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(emailUnsubscribes, eq(emailUnsubscribes.email, sql`lower(${users.email})`))
    .where(and(eq(users.emailVerified, true), isNull(profiles.disabledAt), not(sql`lower(${users.email}) like '%@phone.invalid'`)))
    .orderBy(asc(users.email));
  const seen = new Set<string>();
  const recipients: SegmentRecipient[] = [];
  for (const row of rows) {
    const key = normalizeAddress(row.email);
    if (seen.has(key)) continue;
    seen.add(key);
    recipients.push({ userId: row.userId, email: row.email, language: row.language ?? "en", unsubscribed: Boolean(row.unsubscribed) });
  }
  return recipients;
}
