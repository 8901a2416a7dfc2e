import { eq } from "drizzle-orm";
import { profiles } from "~/db/schema";
import type { AdminMessageKey } from "~/platform/admin/admin-translation";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import { ZUpdateMembership } from "./members-input";

export type MembersOutcome = { ok: true; memberId: string } | { ok: false; status: 400 | 404; key: AdminMessageKey; field?: string };

/**
 * Staff set a member's membership status and member-since date. The change and its audit
 * entry (`member.membership.update`, before → after) commit together.
 */
export async function updateMembership(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  input: Record<string, unknown>;
}): Promise<MembersOutcome> {
  const parsed = ZUpdateMembership.safeParse(options.input);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    if (field === "memberSince") return { ok: false, status: 400, key: "members.errors.invalidDate", field: "memberSince" };
    if (field === "membershipStatus") return { ok: false, status: 400, key: "members.errors.invalidStatus", field: "membershipStatus" };
    return { ok: false, status: 400, key: "members.errors.invalidRequest" };
  }
  const { memberId, membershipStatus, memberSince } = parsed.data;
  return options.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ membershipStatus: profiles.membershipStatus, memberSince: profiles.memberSince })
      .from(profiles)
      .where(eq(profiles.id, memberId))
      .for("update")
      .limit(1);
    if (!before) return { ok: false, status: 404, key: "members.errors.notFound" } as const;
    const after = { membershipStatus, memberSince };
    await tx
      .update(profiles)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(profiles.id, memberId));
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor: options.actor,
      ipAddress: options.ip,
      entry: { action: "member.membership.update", entityType: "member", entityId: memberId, before, after },
    });
    return { ok: true, memberId } as const;
  });
}
