import { z } from "zod";
import { churchSettings } from "~/db/schema";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AppDatabase } from "~/server/db.server";
import type { PrayerActor } from "./change-prayer-request.server";
import type { PrayerAdminOutcome } from "./prayer-admin-result";

const ZSettings = z.object({ autoApprove: z.string().optional(), expiryDays: z.coerce.number().int().min(1).max(365) });

/** The prayer wall's church settings: auto-approve, and days a request stays up (1–365). */
export async function savePrayerSettings(o: {
  db: AppDatabase;
  actor: PrayerActor;
  ip: string;
  input: Record<string, unknown>;
}): Promise<PrayerAdminOutcome> {
  const parsed = ZSettings.safeParse(o.input);
  if (!parsed.success) return { ok: false, status: 400, key: "admin.errors.expiryDays", field: "expiryDays" };
  const after = {
    prayerAutoApprove: parsed.data.autoApprove === "on" || parsed.data.autoApprove === "true",
    prayerExpiryDays: parsed.data.expiryDays,
  };
  return o.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ prayerAutoApprove: churchSettings.prayerAutoApprove, prayerExpiryDays: churchSettings.prayerExpiryDays })
      .from(churchSettings)
      .limit(1)
      .for("update");
    if (!before) return { ok: false, status: 404, key: "admin.errors.notFound" } as const;
    await tx.update(churchSettings).set(after);
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor: o.actor,
      ipAddress: o.ip,
      entry: { action: "prayer.settings", entityType: "church_settings", before, after },
    });
    return { ok: true, id: null } as const;
  });
}
