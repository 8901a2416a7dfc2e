import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import type { AppDatabase } from "~/server/db.server";
import { changeSignup, type SignupOutcome } from "./change-signup.server";
import { ZSetStatus } from "./signups-input";

/** Moves a sign-up to new, contacted or done (`signup.status.update`). */
export async function setSignupStatus(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  input: Record<string, unknown>;
}): Promise<SignupOutcome> {
  const parsed = ZSetStatus.safeParse(options.input);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0] === "status" ? "status" : undefined;
    return { ok: false, status: 400, key: field ? "signups.errors.invalidStatus" : "signups.errors.invalidRequest", field };
  }
  return changeSignup({ ...options, id: parsed.data.id, action: "signup.status.update", changes: { status: parsed.data.status } });
}
