import { sendSms } from "~/server/messaging.server";
import { adminTranslator } from "../../../platform/admin/admin-translation";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { E164 } from "~/lib/phone-formats";
import { stringValues, success, type SettingsResult } from "./settings-result";
import { checkTestSendLimit } from "./test-send-limit.server";
import { churchName } from "~/platform/church/church-settings.server";

/** Queues a test text message to the number typed in (E.164), through the outbox. */
export async function sendTestSms(options: {
  context: Pick<AdminContext, "db" | "admin" | "ip" | "language">;
  input: Record<string, unknown>;
}): Promise<SettingsResult> {
  const { context } = options;
  const values = stringValues(options.input, ["to"]);
  const to = values.to!.trim().replace(/[\s().-]/g, "");
  if (!E164.test(to)) {
    return { ok: false, status: 400, intent: "send-test-sms", fieldErrors: { to: { key: "settings.errors.phone" } }, values };
  }
  const limited = await checkTestSendLimit(context);
  if (limited) return { ok: false, status: 429, intent: "send-test-sms", error: limited, values };

  const t = adminTranslator(context.language);
  const church = (await churchName(context.db, context.language)) || t("settings.testEmail.fallbackChurch");
  const outboxId = await sendSms({ to, body: t("settings.testSms.body", { church }) });
  await recordAudit({
    db: context.db,
    actor: context.admin,
    ipAddress: context.ip,
    entry: { action: "settings.test-send", entityType: "integration", entityId: "sms", after: { to, outboxId } },
  });
  return success("send-test-sms", { key: "settings.integrations.smsQueued", values: { to } });
}
