import { renderEmail } from "~/platform/email/render-email";
import { siteUrl } from "~/server/env.server";
import { sendEmail } from "~/server/messaging.server";
import { adminTranslator } from "../../../platform/admin/admin-translation";
import { recordAudit } from "~/platform/audit/record-audit.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { success, type SettingsResult } from "./settings-result";
import { checkTestSendLimit } from "./test-send-limit.server";
import { churchName } from "~/platform/church/church-settings.server";

/** Queues a test email to the signed-in administrator, in their language, through the outbox. */
export async function sendTestEmail(options: { context: Pick<AdminContext, "db" | "admin" | "ip" | "language"> }): Promise<SettingsResult> {
  const { context } = options;
  const to = context.admin.email;
  if (!to) return { ok: false, status: 400, intent: "send-test-email", error: { key: "settings.integrations.noEmail" } };
  const limited = await checkTestSendLimit(context);
  if (limited) return { ok: false, status: 429, intent: "send-test-email", error: limited };

  const t = adminTranslator(context.language);
  const church = (await churchName(context.db, context.language)) || t("settings.testEmail.fallbackChurch");
  const site = siteUrl();
  const { text, html } = renderEmail({
    language: context.language,
    churchName: church,
    siteUrl: site,
    heading: t("settings.testEmail.heading"),
    paragraphs: [t("settings.testEmail.body", { name: context.admin.name }), t("settings.testEmail.noAction")],
    action: { label: t("settings.testEmail.button"), url: `${site}/admin/settings` },
  });
  const outboxId = await sendEmail({ to, subject: t("settings.testEmail.subject", { church }), text, html });
  await recordAudit({
    db: context.db,
    actor: context.admin,
    ipAddress: context.ip,
    entry: { action: "settings.test-send", entityType: "integration", entityId: "email", after: { to, outboxId } },
  });
  return success("send-test-email", { key: "settings.integrations.emailQueued", values: { to } });
}
