import { eq } from "drizzle-orm";
import { adminUsers } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import type { AppDatabase } from "~/server/db.server";
import { changeSignup, type SignupOutcome } from "./change-signup.server";
import { ZAssign } from "./signups-input";

/** Assigns a sign-up to an administrator, or to nobody (`signup.assign`). */
export async function assignSignup(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  input: Record<string, unknown>;
}): Promise<SignupOutcome> {
  const parsed = ZAssign.safeParse(options.input);
  if (!parsed.success) return { ok: false, status: 400, key: "signups.errors.invalidRequest" };
  const assigneeUserId = parsed.data.assigneeUserId.trim() || null;
  return changeSignup({
    ...options,
    id: parsed.data.id,
    action: "signup.assign",
    changes: { assigneeUserId },
    check: async (tx) => {
      if (!assigneeUserId) return null;
      const [admin] = await tx.select({ userId: adminUsers.userId }).from(adminUsers).where(eq(adminUsers.userId, assigneeUserId)).limit(1);
      return admin ? null : { ok: false, status: 400, key: "signups.errors.invalidAssignee", field: "assigneeUserId" };
    },
  });
}
