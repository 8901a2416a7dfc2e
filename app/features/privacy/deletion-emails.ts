import type { EmailContent } from "~/platform/email/email-content";
import { renderEmail } from "~/platform/email/render-email";
import type { Language } from "~/i18n/config";
import { privacyTranslator } from "./privacy-translation";
import { dateTimeFormat } from "~/i18n/intl-format";

/** The last email to a member whose account was deleted, in their language: what went, what stayed. */
export function accountDeletedEmail(input: {
  language: Language;
  churchName: string;
  siteUrl: string;
  deletedAt: Date;
  timeZone: string;
  /** Recurring gifts cancelled with the account: the email says no more payments are taken. */
  cancelledRecurringGifts: number;
}): EmailContent {
  const t = privacyTranslator(input.language);
  const date = dateTimeFormat(input.language, { dateStyle: "long", timeZone: input.timeZone }).format(input.deletedAt);
  return {
    subject: t("email.subject", { church: input.churchName }),
    ...renderEmail({
      language: input.language,
      churchName: input.churchName,
      siteUrl: input.siteUrl,
      heading: t("email.heading"),
      paragraphs: [
        // No name: the outbox keeps this copy for a while, and the account is gone.
        t("email.greetingNoName"),
        t("email.intro", { church: input.churchName, date }),
        t("email.removed"),
        t("email.kept"),
        ...(input.cancelledRecurringGifts > 0 ? [t("email.recurring")] : []),
        t("email.notYou"),
        t("email.closing"),
      ],
      action: { label: t("email.visit"), url: new URL(input.language === "es" ? "/?lang=es" : "/", input.siteUrl).toString() },
    }),
  };
}

/** The same news by text message, for an account that signs in with its phone only. */
export function accountDeletedText({ language, churchName }: { language: Language; churchName: string }): string {
  return privacyTranslator(language)("email.sms", { church: churchName });
}
