import { RETENTION_FIELDS, ZRetentionSettings } from "~/features/privacy/retention-settings";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { fieldErrorsOf, stringValues, success, type SettingsResult } from "./settings-result";
import { updateChurchSettings } from "~/platform/church/update-church-settings.server";

/**
 * Saves how long prayer requests and live-chat messages are kept (ADR 021): whole days,
 * 1–3650 each. The privacy page shows the new periods at once (content version) and the
 * next hourly pass applies them; the audit entry holds the changed values.
 */
export async function saveRetentionSettings(options: {
  context: Pick<AdminContext, "db" | "admin" | "ip">;
  input: Record<string, unknown>;
}): Promise<SettingsResult> {
  const { context } = options;
  const values = stringValues(options.input, RETENTION_FIELDS);
  const parsed = ZRetentionSettings.safeParse(values);
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      intent: "save-retention",
      error: { key: "settings.errors.fixFields" },
      fieldErrors: fieldErrorsOf(parsed.error.issues),
      values,
    };
  }
  const outcome = await updateChurchSettings({
    db: context.db,
    actor: context.admin,
    ipAddress: context.ip,
    action: "settings.retention.update",
    next: parsed.data,
  });
  if (outcome === "notFound") return { ok: false, status: 404, intent: "save-retention", error: { key: "settings.profile.notConfigured" } };
  return success("save-retention", { key: outcome === "saved" ? "settings.retention.saved" : "settings.profile.unchanged" });
}
