import type { AdminContext } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";
import { getEnv } from "~/server/env.server";
import { removeDemoChurch } from "./remove-demo-church.server";
import { deleteServiceTime } from "./delete-service-time.server";
import { moveServiceTime } from "./move-service-time.server";
import { saveChurchProfile } from "./save-church-profile.server";
import { saveBrandColor, saveLogo } from "./save-church-look.server";
import { saveRetentionSettings } from "./save-retention-settings.server";
import { saveServiceTime } from "./save-service-time.server";
import { sendTestEmail } from "./send-test-email.server";
import { sendTestSms } from "./send-test-sms.server";
import type { SettingsResult } from "./settings-result";

const invalid: SettingsResult = { ok: false, status: 400, intent: null, error: { key: "settings.errors.invalidRequest" } };

/**
 * Every form of the settings cards, wherever they are shown (Settings, the welcome wizard):
 * one intent per form; the logo is the one multipart form.
 */
export async function runSettingsAction(request: Request, context: AdminContext): Promise<SettingsResult> {
  if ((request.headers.get("content-type") ?? "").includes("multipart/form-data")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return invalid;
    }
    return form.get("intent") === "save-logo" ? saveLogo({ context, form }) : invalid;
  }
  const input = await readInput(request);
  if (!input) return invalid;
  switch (input.intent) {
    case "save-profile":
      return saveChurchProfile({ context, input });
    case "save-service-time":
      return saveServiceTime({ context, input });
    case "delete-service-time":
      return deleteServiceTime({ context, input });
    case "move-service-time":
      return moveServiceTime({ context, input });
    case "send-test-email":
      return sendTestEmail({ context });
    case "send-test-sms":
      return sendTestSms({ context, input });
    case "save-retention":
      return saveRetentionSettings({ context, input });
    case "save-look":
      return saveBrandColor({ context, input });
    case "remove-demo":
      return removeDemoChurch({ context, input, dataDir: getEnv().DATA_DIR, authSecret: getEnv().AUTH_SECRET });
    default:
      return invalid;
  }
}
