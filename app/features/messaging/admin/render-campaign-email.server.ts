import type { OutboxEmailPayload } from "~/db/schema";
import { adminTranslator } from "~/platform/admin/admin-translation";
import { escapeHtml, renderEmail } from "~/platform/email/render-email";
import type { Language } from "~/i18n/config";
import type { CampaignInput } from "./campaign-input.server";

/** Spanish when the campaign has it, else English. */
export function contentLanguage(campaign: Pick<CampaignInput, "subjectEs" | "bodyEs">, preferred: Language): Language {
  return preferred === "es" && campaign.subjectEs && campaign.bodyEs ? "es" : "en";
}

/**
 * One recipient's message: the layout every church email uses, the body's paragraphs, then
 * the unsubscribe link last in both the text and the HTML, plus the one-click headers
 * (RFC 2369, RFC 8058).
 */
export function renderCampaignEmail(options: {
  campaign: Pick<CampaignInput, "subjectEn" | "subjectEs" | "bodyEn" | "bodyEs">;
  language: Language;
  churchName: string;
  siteUrl: string;
  unsubscribeUrl: string;
}): OutboxEmailPayload {
  const { campaign, language, churchName, unsubscribeUrl } = options;
  const t = adminTranslator(language);
  const subject = language === "es" && campaign.subjectEs ? campaign.subjectEs : campaign.subjectEn;
  const body = language === "es" && campaign.bodyEs ? campaign.bodyEs : campaign.bodyEn;
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const rendered = renderEmail({
    language,
    churchName,
    siteUrl: options.siteUrl,
    heading: subject,
    paragraphs,
    footnote: t("email.mail.reason", { church: churchName }),
  });
  const label = t("email.mail.unsubscribe");
  const text = `${rendered.text}\n\n${label}:\n${unsubscribeUrl}\n`;
  const link = `<p style="margin:16px 0 0;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:12px;line-height:18px;color:#4b5563;text-align:center;"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#4b5563;">${escapeHtml(label)}</a></p>`;
  const closing = "</body>";
  const at = rendered.html.lastIndexOf(closing);
  const html = `${rendered.html.slice(0, at)}${link}\n${rendered.html.slice(at)}`;
  return {
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
