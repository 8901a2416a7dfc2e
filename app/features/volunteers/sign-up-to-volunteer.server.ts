import { and, eq, or, sql } from "drizzle-orm";
import { signupInbox, volunteerOpportunities, volunteerSignups } from "~/db/schema";
import { localize } from "~/i18n/localize";
import { getMembershipChurch } from "~/platform/church/church-calendar.server";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { kickOutbox } from "~/server/messaging.server";
import { enqueueEmail } from "~/server/outbox.server";
import { volunteerConfirmationEmail } from "./volunteer-emails";
import { isUniqueViolation } from "~/server/db-errors.server";

export type VolunteerSignupError = "notFound" | "alreadySignedUp";
export type VolunteerSignupResult =
  { ok: true; signupId: string; ministry: string } | { ok: false; error: VolunteerSignupError; ministry: string | null };

/**
 * Signs a member or a visitor up to serve in an active ministry. One sign-up per ministry for
 * a member (the unique index backs it) and per email address: a second one is refused kindly.
 * The ministry row is locked, so parallel duplicates are checked one after another. The
 * sign-up, its inbox row and the confirmation email commit together. `ministry` in the answer
 * is the ministry's title in the volunteer's language.
 */
export async function signUpToVolunteer(o: {
  db: AppDatabase;
  opportunityId: number;
  person: { userId: string | null; name: string; email: string; phone: string | null; language: Language };
  availability: string;
  message: string;
  siteUrl: string;
  now?: Date;
}): Promise<VolunteerSignupResult> {
  const now = o.now ?? new Date();
  const email = o.person.email.trim().toLowerCase();
  const name = o.person.name.trim();
  const language = o.person.language;
  let ministry: string | null = null;
  let result: VolunteerSignupResult;
  try {
    result = await o.db.transaction(async (tx): Promise<VolunteerSignupResult> => {
      const db = tx as unknown as AppDatabase;
      const [opportunity] = await tx
        .select()
        .from(volunteerOpportunities)
        .where(eq(volunteerOpportunities.id, o.opportunityId))
        .for("update");
      if (!opportunity || !opportunity.active) return { ok: false, error: "notFound", ministry: null };
      ministry = localize(language, opportunity.title, opportunity.titleEs);
      const sameEmail = sql`lower(${volunteerSignups.email}) = ${email}`;
      const [existing] = await tx
        .select({ id: volunteerSignups.id })
        .from(volunteerSignups)
        .where(
          and(
            eq(volunteerSignups.opportunityId, opportunity.id),
            o.person.userId ? or(eq(volunteerSignups.userId, o.person.userId), sameEmail) : sameEmail,
          ),
        )
        .limit(1);
      if (existing) return { ok: false, error: "alreadySignedUp", ministry };
      const [row] = await tx
        .insert(volunteerSignups)
        .values({
          opportunityId: opportunity.id,
          opportunityTitle: opportunity.title,
          userId: o.person.userId,
          name,
          email,
          phone: o.person.phone,
          language,
          availability: o.availability,
          message: o.message,
          createdAt: now,
        })
        .returning({ id: volunteerSignups.id });
      if (!row) throw new Error("The volunteer sign-up insert returned no row");
      await tx.insert(signupInbox).values({
        kind: "volunteer",
        volunteerSignupId: row.id,
        userId: o.person.userId,
        language,
        name,
        email,
        summary: [opportunity.title, o.availability].filter(Boolean).join(" — "),
        createdAt: now,
        updatedAt: now,
      });
      const church = await getMembershipChurch(db, language);
      await enqueueEmail(db, {
        to: email,
        ...volunteerConfirmationEmail({
          language,
          churchName: church.name,
          siteUrl: o.siteUrl,
          name,
          ministry,
          schedule: localize(language, opportunity.schedule, opportunity.scheduleEs),
          availability: o.availability,
        }),
      });
      return { ok: true, signupId: row.id, ministry };
    });
  } catch (error) {
    // A member's two sign-ups that raced past the check: the unique index keeps one.
    if (isUniqueViolation(error)) return { ok: false, error: "alreadySignedUp", ministry };
    throw error;
  }
  if (result.ok) kickOutbox();
  return result;
}
