import type { Language } from "~/i18n/config";
import { greetableName, type EmailContent } from "~/platform/email/email-content";
import { renderEmail } from "~/platform/email/render-email";
import { membershipTranslator } from "./membership-translation";

interface Common {
  language: Language;
  churchName: string;
  siteUrl: string;
  name: string;
}

/** The class sign-up confirmation: every session, where, in the recipient's language. */
export function classConfirmationEmail(
  input: Common & { title: string; place: string | null; sessions: { number: number; when: string; topic: string }[] },
): EmailContent {
  const t = membershipTranslator(input.language);
  // A guest's name goes into mail to an address nobody confirmed: left out when it looks like a link.
  const name = greetableName(input.name);
  return {
    subject: t("email.classSubject", { title: input.title }),
    ...renderEmail({
      language: input.language,
      churchName: input.churchName,
      siteUrl: input.siteUrl,
      heading: t("email.classHeading"),
      paragraphs: [
        name ? t("email.greeting", { name }) : t("email.greetingNoName"),
        t("email.classIntro", { title: input.title }),
        ...input.sessions.map((s) => t("email.classSession", { number: s.number, when: s.when, topic: s.topic })),
        ...(input.place ? [t("email.classWhere", { where: input.place })] : []),
        t("email.classOutro"),
      ],
      action: { label: t("email.classAction"), url: pageUrl(input.siteUrl, "/kingdom-builders-class", input.language) },
    }),
  };
}

/** The membership application's acknowledgement. */
export function applicationConfirmationEmail(input: Common): EmailContent {
  const t = membershipTranslator(input.language);
  const name = greetableName(input.name);
  return {
    subject: t("email.applicationSubject"),
    ...renderEmail({
      language: input.language,
      churchName: input.churchName,
      siteUrl: input.siteUrl,
      heading: t("email.applicationHeading"),
      paragraphs: [
        name ? t("email.greeting", { name }) : t("email.greetingNoName"),
        t("email.applicationIntro", { church: input.churchName }),
        t("email.applicationNext"),
      ],
      action: { label: t("email.applicationAction"), url: pageUrl(input.siteUrl, "/kingdom-builders-class", input.language) },
    }),
  };
}

function pageUrl(siteUrl: string, path: string, language: Language): string {
  return new URL(`${path}${language === "es" ? "?lang=es" : ""}`, siteUrl).toString();
}
