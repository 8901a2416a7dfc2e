import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { classSignups } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";

/** Cancels one live sign-up of a class (`class.signup.cancel`); its seat opens again. */
export async function cancelClassSignup(o: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  offeringId: number;
  signupId: unknown;
}): Promise<{ ok: true } | { ok: false; status: 400 | 404 }> {
  const parsed = z.uuid().safeParse(o.signupId);
  if (!parsed.success) return { ok: false, status: 400 };
  return o.db.transaction(async (tx) => {
    const [row] = await tx
      .update(classSignups)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(and(eq(classSignups.id, parsed.data), eq(classSignups.offeringId, o.offeringId), eq(classSignups.status, "registered")))
      .returning({ id: classSignups.id, email: classSignups.email });
    if (!row) return { ok: false, status: 404 } as const;
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor: o.actor,
      ipAddress: o.ip,
      entry: {
        action: "class.signup.cancel",
        entityType: "class_signup",
        entityId: row.id,
        before: { status: "registered" },
        after: { status: "cancelled", offeringId: o.offeringId },
      },
    });
    return { ok: true } as const;
  });
}
