import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import { languages, type Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { getEnv, siteUrl } from "~/server/env.server";
import type { CampaignInput } from "./campaign-input.server";
import { findSegmentRecipients } from "./find-segment-recipients.server";
import { contentLanguage, renderCampaignEmail } from "./render-campaign-email.server";
import { unsubscribeUrl } from "./unsubscribe-token.server";

export interface PreviewGroup {
  /** The recipients' preferred language. */
  language: Language;
  /** The language of the message they get (English when there is no Spanish). */
  contentLanguage: Language;
  recipients: number;
  subject: string;
  text: string;
  html: string;
}

export interface CampaignPreview {
  groups: PreviewGroup[];
  unsubscribed: number;
}

/**
 * The message each language group will get, rendered by the same code the send uses; the
 * unsubscribe link is made for a sample address (every recipient gets their own).
 */
export async function previewCampaign(options: { db: AppDatabase; input: CampaignInput; sampleAddress: string }): Promise<CampaignPreview> {
  const { db, input } = options;
  const recipients = await findSegmentRecipients(db, input.segment);
  const site = siteUrl(getEnv());
  const link = await unsubscribeUrl(options.sampleAddress);
  const groups: PreviewGroup[] = [];
  for (const language of languages) {
    const content = contentLanguage(input, language);
    const church = await getChurchProfile({ db, language: content });
    const mail = renderCampaignEmail({
      campaign: input,
      language: content,
      churchName: church?.name ?? "",
      siteUrl: site,
      unsubscribeUrl: link,
    });
    groups.push({
      language,
      contentLanguage: content,
      recipients: recipients.filter((r) => !r.unsubscribed && r.language === language).length,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }
  return { groups, unsubscribed: recipients.filter((r) => r.unsubscribed).length };
}
