import { eq } from "drizzle-orm";
import { membershipApplications, profiles, signupInbox } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { churchToday } from "~/platform/church/church-calendar.server";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import type { AppDatabase } from "~/server/db.server";
import type { SignupOutcome } from "./change-signup.server";
import { findApplicantAccount } from "./load-signups.server";
import { ZDecideApplication } from "./signups-input";

export type DecideOutcome = SignupOutcome | { ok: true; id: string; memberUpdated: boolean };

/** Which moves the workflow allows: new → reviewing → approved / declined (a decision is final). */
const allowed: Record<string, readonly string[]> = { new: ["reviewing", "approved", "declined"], reviewing: ["approved", "declined"] };

/**
 * Moves a membership application along its workflow (`membership.application.<status>`).
 * Approving or declining records who decided and when. Approving also makes the applicant's
 * account a member (profiles.membership_status = 'member', member_since = today in the
 * church's time zone, kept when already set) — the linked account, else the account with
 * the same verified email; without an account only the decision is recorded. One transaction,
 * the application row locked.
 */
export async function decideApplication(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  input: Record<string, unknown>;
  now?: Date;
}): Promise<DecideOutcome> {
  const parsed = ZDecideApplication.safeParse(options.input);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0] === "applicationStatus" ? "applicationStatus" : undefined;
    return { ok: false, status: 400, key: field ? "signups.errors.invalidApplicationStatus" : "signups.errors.invalidRequest", field };
  }
  const { id, applicationStatus } = parsed.data;
  const now = options.now ?? new Date();
  const timeZone = await churchTimeZone(options.db);
  return options.db.transaction(async (tx): Promise<DecideOutcome> => {
    const db = tx as unknown as AppDatabase;
    const [item] = await tx.select({ applicationId: signupInbox.applicationId }).from(signupInbox).where(eq(signupInbox.id, id)).limit(1);
    if (!item?.applicationId) return { ok: false, status: 404, key: "signups.errors.notFound" };
    const [application] = await tx
      .select()
      .from(membershipApplications)
      .where(eq(membershipApplications.id, item.applicationId))
      .for("update");
    if (!application) return { ok: false, status: 404, key: "signups.errors.notFound" };
    if (!allowed[application.status]?.includes(applicationStatus)) {
      return { ok: false, status: 409, key: "signups.errors.alreadyDecided", field: "applicationStatus" };
    }
    const decided = applicationStatus !== "reviewing";
    const changes = { status: applicationStatus, ...(decided ? { decidedBy: options.actor.userId, decidedAt: now } : {}) };
    await tx
      .update(membershipApplications)
      .set({ ...changes, updatedAt: now })
      .where(eq(membershipApplications.id, application.id));

    let memberUpdated = false;
    let account: Awaited<ReturnType<typeof findApplicantAccount>> = null;
    if (applicationStatus === "approved") {
      account = await findApplicantAccount(db, application);
      if (account) {
        const [before] = await tx
          .select({ membershipStatus: profiles.membershipStatus, memberSince: profiles.memberSince })
          .from(profiles)
          .where(eq(profiles.id, account.userId))
          .for("update");
        const memberSince = before?.membershipStatus === "member" && before.memberSince ? before.memberSince : churchToday(timeZone, now);
        await tx
          .insert(profiles)
          .values({ id: account.userId, membershipStatus: "member", memberSince })
          .onConflictDoUpdate({ target: profiles.id, set: { membershipStatus: "member", memberSince, updatedAt: now } });
        await recordAudit({
          db,
          actor: options.actor,
          ipAddress: options.ip,
          entry: {
            action: "member.membership.update",
            entityType: "member",
            entityId: account.userId,
            before: { membershipStatus: before?.membershipStatus ?? null, memberSince: before?.memberSince ?? null },
            after: { membershipStatus: "member", memberSince },
          },
        });
        memberUpdated = true;
      }
    }
    await recordAudit({
      db,
      actor: options.actor,
      ipAddress: options.ip,
      entry: {
        action: `membership.application.${applicationStatus}`,
        entityType: "membership_application",
        entityId: application.id,
        before: { status: application.status },
        after: { ...changes, decidedAt: decided ? now.toISOString() : undefined, memberUserId: account?.userId ?? null },
      },
    });
    return { ok: true, id, memberUpdated };
  });
}
