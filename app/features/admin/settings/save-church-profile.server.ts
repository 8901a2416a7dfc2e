import { eq } from "drizzle-orm";
import { churchSettings } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { PROFILE_FIELDS, ZChurchProfile, type ProfileField } from "./church-profile-input";
import { fieldErrorsOf, stringValues, success, type SettingsResult } from "./settings-result";

/**
 * Saves the church profile (the single church_settings row): validates every field, then
 * writes the row, its audit entry (changed fields only) and the content version together.
 */
export async function saveChurchProfile(options: {
  context: Pick<AdminContext, "db" | "admin" | "ip">;
  input: Record<string, unknown>;
}): Promise<SettingsResult> {
  const { context, input } = options;
  const values = stringValues(input, PROFILE_FIELDS);
  const parsed = ZChurchProfile.safeParse(values);
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      intent: "save-profile",
      error: { key: "settings.errors.fixFields" },
      fieldErrors: fieldErrorsOf(parsed.error.issues),
      values,
    };
  }
  const next = parsed.data;

  const changed = await context.db.transaction(async (tx) => {
    const [current] = await tx.select().from(churchSettings).where(eq(churchSettings.id, 1)).for("update");
    const before: Partial<Record<ProfileField, unknown>> = {};
    const after: Partial<Record<ProfileField, unknown>> = {};
    for (const field of PROFILE_FIELDS) {
      const old = current ? current[field] : null;
      if (old !== next[field]) {
        before[field] = old;
        after[field] = next[field];
      }
    }
    if (Object.keys(after).length === 0) return false;
    if (current) {
      await tx
        .update(churchSettings)
        .set({ ...next, updatedAt: new Date() })
        .where(eq(churchSettings.id, 1));
    } else {
      await tx.insert(churchSettings).values({ id: 1, ...next });
    }
    const db = tx as unknown as AppDatabase;
    await recordAudit({
      db,
      actor: context.admin,
      ipAddress: context.ip,
      entry: { action: "settings.profile.update", entityType: "church_settings", entityId: "1", before, after },
    });
    await bumpContentVersion(db);
    return true;
  });

  return success("save-profile", { key: changed ? "settings.profile.saved" : "settings.profile.unchanged" });
}
