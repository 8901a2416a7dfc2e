import { and, asc, eq, sql } from "drizzle-orm";
import { classOfferings, classSessions, classSignups, signupInbox } from "~/db/schema";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { kickOutbox } from "~/server/messaging.server";
import { enqueueEmail } from "~/server/outbox.server";
import { classConfirmationEmail } from "./membership-emails";
import { churchToday, formatSessionTime, getMembershipChurch } from "~/platform/church/church-calendar.server";
import { isUniqueViolation } from "~/server/db-errors.server";

export type ClassSignupError = "notFound" | "full" | "alreadySignedUp";
export type ClassSignupResult = { ok: true; signupId: string } | { ok: false; error: ClassSignupError };

/**
 * Signs a member or a guest up for an open class. The offering row is locked for the
 * transaction, so parallel sign-ups are counted one after another and never exceed the
 * capacity; one live sign-up per email (the unique index backs the check). The sign-up, its
 * inbox row and the confirmation email commit together.
 */
export async function signUpForClass(o: {
  db: AppDatabase;
  offeringId: number;
  person: { userId: string | null; name: string; email: string; phone: string | null; language: Language };
  siteUrl: string;
  now?: Date;
}): Promise<ClassSignupResult> {
  const now = o.now ?? new Date();
  const email = o.person.email.trim().toLowerCase();
  let result: ClassSignupResult;
  try {
    result = await o.db.transaction(async (tx): Promise<ClassSignupResult> => {
      const db = tx as unknown as AppDatabase;
      const [offering] = await tx.select().from(classOfferings).where(eq(classOfferings.id, o.offeringId)).for("update");
      if (!offering || offering.status !== "open") return { ok: false, error: "notFound" };
      const [existing] = await tx
        .select({ id: classSignups.id })
        .from(classSignups)
        .where(
          and(
            eq(classSignups.offeringId, offering.id),
            eq(classSignups.status, "registered"),
            sql`lower(${classSignups.email}) = ${email}`,
          ),
        )
        .limit(1);
      if (existing) return { ok: false, error: "alreadySignedUp" };
      if (offering.capacity != null) {
        const [taken] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(classSignups)
          .where(and(eq(classSignups.offeringId, offering.id), eq(classSignups.status, "registered")));
        if (Number(taken?.count ?? 0) >= offering.capacity) return { ok: false, error: "full" };
      }
      const [row] = await tx
        .insert(classSignups)
        .values({
          offeringId: offering.id,
          userId: o.person.userId,
          name: o.person.name.trim(),
          email,
          phone: o.person.phone,
          language: o.person.language,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: classSignups.id });
      if (!row) throw new Error("The class sign-up insert returned no row");
      const sessions = await tx
        .select()
        .from(classSessions)
        .where(eq(classSessions.offeringId, offering.id))
        .orderBy(asc(classSessions.sessionNumber));
      const church = await getMembershipChurch(db, o.person.language);
      const first = sessions[0] ? churchToday(church.timeZone, sessions[0].startsAt) : null;
      const summary = [offering.titleEn, first ? `${first} (${sessions.length})` : null, o.person.phone].filter(Boolean).join(" — ");
      await tx.insert(signupInbox).values({
        kind: "class",
        classSignupId: row.id,
        userId: o.person.userId,
        language: o.person.language,
        name: o.person.name.trim(),
        email,
        summary,
        createdAt: now,
        updatedAt: now,
      });
      const language = o.person.language;
      await enqueueEmail(db, {
        to: email,
        ...classConfirmationEmail({
          language,
          churchName: church.name,
          siteUrl: o.siteUrl,
          name: o.person.name,
          title: localize(language, offering.titleEn, offering.titleEs),
          place: offering.locationName,
          sessions: sessions.map((s) => ({
            number: s.sessionNumber,
            when: formatSessionTime(s.startsAt, s.endsAt, language, church.timeZone),
            topic: localize(language, s.topicEn, s.topicEs),
          })),
        }),
      });
      return { ok: true, signupId: row.id };
    });
  } catch (error) {
    // Two sign-ups with one email that raced past the check: the index keeps one.
    if (isUniqueViolation(error)) return { ok: false, error: "alreadySignedUp" };
    throw error;
  }
  if (result.ok) kickOutbox();
  return result;
}
