import { greetableName, type EmailContent } from "~/platform/email/email-content";
import { renderEmail } from "~/platform/email/render-email";
import type { Language } from "~/i18n/config";
import { volunteersAdminTranslator } from "./volunteers-admin-translation";

/** The volunteer's confirmation, in their language: the ministry, its schedule and what they offered. */
export function volunteerConfirmationEmail(input: {
  language: Language;
  churchName: string;
  siteUrl: string;
  name: string;
  ministry: string;
  schedule: string;
  availability: string;
}): EmailContent {
  const t = volunteersAdminTranslator(input.language);
  // A visitor's name goes into mail to an address nobody confirmed: left out when it looks like a link.
  const name = greetableName(input.name);
  return {
    subject: t("email.subject", { ministry: input.ministry }),
    ...renderEmail({
      language: input.language,
      churchName: input.churchName,
      siteUrl: input.siteUrl,
      heading: t("email.heading"),
      paragraphs: [
        name ? t("email.greeting", { name }) : t("email.greetingNoName"),
        t("email.intro", { ministry: input.ministry }),
        ...(input.schedule ? [t("email.schedule", { schedule: input.schedule })] : []),
        t("email.availability", { availability: input.availability }),
        t("email.outro"),
      ],
      action: {
        label: t("email.action"),
        url: new URL(`/community${input.language === "es" ? "?lang=es" : ""}`, input.siteUrl).toString(),
      },
    }),
  };
}
