import { membershipApplications, signupInbox } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { kickOutbox } from "~/server/messaging.server";
import { enqueueEmail } from "~/server/outbox.server";
import { getMembershipChurch } from "~/platform/church/church-calendar.server";
import { applicationConfirmationEmail } from "./membership-emails";
import type { ApplicationInput } from "./membership-input";

/**
 * Stores a membership application, its inbox row (kind "membership") and the applicant's
 * confirmation email in one transaction. `userId` links it to the signed-in member.
 */
export async function submitApplication(o: {
  db: AppDatabase;
  input: ApplicationInput;
  userId: string | null;
  language: Language;
  siteUrl: string;
  now?: Date;
}): Promise<{ applicationId: string }> {
  const now = o.now ?? new Date();
  const { input } = o;
  const result = await o.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    const [row] = await tx
      .insert(membershipApplications)
      .values({ ...input, userId: o.userId, language: o.language, createdAt: now, updatedAt: now })
      .returning({ id: membershipApplications.id });
    if (!row) throw new Error("The application insert returned no row");
    // The inbox shows the whole application; the summary is the line staff scan first.
    const summary = [input.phone, input.previousChurch, input.howHeard].filter(Boolean).join(" — ") || "—";
    await tx.insert(signupInbox).values({
      kind: "membership",
      applicationId: row.id,
      userId: o.userId,
      language: o.language,
      name: input.fullName,
      email: input.email,
      summary: summary.slice(0, 1000),
      createdAt: now,
      updatedAt: now,
    });
    const church = await getMembershipChurch(db, o.language);
    await enqueueEmail(db, {
      to: input.email,
      ...applicationConfirmationEmail({ language: o.language, churchName: church.name, siteUrl: o.siteUrl, name: input.fullName }),
    });
    return { applicationId: row.id };
  });
  kickOutbox();
  return result;
}
