import { and, asc, eq, inArray, isNull, not, sql } from "drizzle-orm";
import { emailUnsubscribes, eventRegistrations, events, groupMembers, profiles, studyGroups, users } from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { resolveOccurrence } from "~/features/events/admin/resolve-occurrence.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { decodeSegment } from "./segment-value";
import { normalizeAddress } from "./unsubscribe-token.server";

export interface SegmentRecipient {
  /** The member's account, when there is one (a guest registrant has none). */
  userId: string | null;
  email: string;
  /** The member's preferred language (a registrant's: the one they registered in). */
  language: Language;
  unsubscribed: boolean;
}

function dedupe(rows: { userId: string | null; email: string; language: Language | null; unsubscribed: unknown }[]): SegmentRecipient[] {
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

/**
 * Everyone a segment reaches, one per address, each marked when the address has
 * unsubscribed. `all-members`: members with a confirmed address (not a phone-only
 * placeholder) whose account is not disabled. `event-registrants:<id>[@<occurrence>]`: the
 * live (confirmed and waitlisted) registrations of that occurrence, or of the event's next
 * one, in the language each registered in. `group-members:<id>`: the active members and
 * leaders of that active study group, in their preferred language. Anything else reaches nobody.
 */
export async function findSegmentRecipients(db: AppDatabase, segment: string): Promise<SegmentRecipient[]> {
  const choice = decodeSegment(segment);
  if (!choice) return [];
  if (choice.kind === "event-registrants") return findEventRegistrants(db, choice.eventId!, choice.occurrence);
  if (choice.kind === "group-members") {
    // Active members and leaders of an active group.
    const rows = await db
      .select(memberColumns)
      .from(groupMembers)
      .innerJoin(studyGroups, eq(studyGroups.id, groupMembers.groupId))
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .leftJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(emailUnsubscribes, eq(emailUnsubscribes.email, sql`lower(${users.email})`))
      .where(
        and(
          eq(groupMembers.groupId, choice.groupId!),
          eq(groupMembers.status, "active"),
          eq(studyGroups.status, "active"),
          reachableMember,
        ),
      )
      .orderBy(asc(users.email));
    return dedupe(rows);
  }
  const rows = await db
    .select(memberColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(emailUnsubscribes, eq(emailUnsubscribes.email, sql`lower(${users.email})`))
    .where(reachableMember)
    .orderBy(asc(users.email));
  return dedupe(rows);
}

/** A member account as a recipient: its address, preferred language and unsubscribe mark. */
const memberColumns = {
  userId: users.id,
  email: users.email,
  language: profiles.preferredLanguage,
  unsubscribed: sql<boolean>`${emailUnsubscribes.email} is not null`,
};

/** A confirmed, real (not a phone-only placeholder) address of an enabled account. */
const reachableMember = and(
  eq(users.emailVerified, true),
  isNull(profiles.disabledAt),
  not(sql`lower(${users.email}) like '%@phone.invalid'`),
);

async function findEventRegistrants(db: AppDatabase, eventId: number, occurrence: string | null): Promise<SegmentRecipient[]> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) return [];
  const start = await resolveOccurrence({
    db,
    event,
    timeZone: await churchTimeZone(db),
    requested: occurrence ? new Date(occurrence) : null,
  });
  if (!start) return [];
  const rows = await db
    .select({
      userId: eventRegistrations.userId,
      email: eventRegistrations.email,
      language: eventRegistrations.language,
      unsubscribed: sql<boolean>`${emailUnsubscribes.email} is not null`,
    })
    .from(eventRegistrations)
    .leftJoin(emailUnsubscribes, eq(emailUnsubscribes.email, sql`lower(${eventRegistrations.email})`))
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.occurrenceStart, start),
        inArray(eventRegistrations.status, ["confirmed", "waitlisted"]),
        not(sql`lower(${eventRegistrations.email}) like '%@phone.invalid'`),
      ),
    )
    .orderBy(asc(eventRegistrations.email), asc(eventRegistrations.createdAt));
  return dedupe(rows);
}
