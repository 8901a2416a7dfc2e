import { z } from "zod";
import { updateChurchSettings } from "~/platform/church/update-church-settings.server";
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
  const outcome = await updateChurchSettings({ db: o.db, actor: o.actor, ipAddress: o.ip, action: "prayer.settings", next: after });
  if (outcome === "notFound") return { ok: false, status: 404, key: "admin.errors.notFound" };
  return { ok: true, id: null };
}
