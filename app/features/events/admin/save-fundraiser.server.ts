import { eq } from "drizzle-orm";
import { fundraiserArchive } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import type { FundraiserInput } from "./fundraiser-input";

export type SaveFundraiserResult = { ok: true; id: number } | { ok: false; status: 404 };

function row(input: FundraiserInput) {
  const { revenue, ...rest } = input;
  return { ...rest, revenueCents: revenue };
}

/** Adds an archive entry (`fundraiser.create`) or edits one (`fundraiser.update`, before → after). */
export async function saveFundraiser(options: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  id: number | null;
  input: FundraiserInput;
}): Promise<SaveFundraiserResult> {
  const { db, actor, ip, id, input } = options;
  const values = row(input);
  return db.transaction(async (tx) => {
    const audited = tx as unknown as AppDatabase;
    if (id === null) {
      const [created] = await tx.insert(fundraiserArchive).values(values).returning({ id: fundraiserArchive.id });
      await recordAudit({
        db: audited,
        actor,
        ipAddress: ip,
        entry: { action: "fundraiser.create", entityType: "fundraiser", entityId: String(created!.id), after: values },
      });
      return { ok: true, id: created!.id };
    }
    const [before] = await tx.select().from(fundraiserArchive).where(eq(fundraiserArchive.id, id)).for("update").limit(1);
    if (!before) return { ok: false, status: 404 } as const;
    await tx
      .update(fundraiserArchive)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(fundraiserArchive.id, id));
    const { createdAt: _c, updatedAt: _u, id: _i, eventId: _e, ...previous } = before;
    await recordAudit({
      db: audited,
      actor,
      ipAddress: ip,
      entry: { action: "fundraiser.update", entityType: "fundraiser", entityId: String(id), before: previous, after: values },
    });
    return { ok: true, id };
  });
}
