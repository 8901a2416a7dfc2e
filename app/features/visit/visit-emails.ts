import { greetableName, type EmailContent } from "~/platform/email/email-content";
import { renderEmail } from "~/platform/email/render-email";
import type { Language } from "~/i18n/config";
import type { MeetingKind } from "./visit-input";
import { visitTranslator } from "./visit-translation";
import { dateTimeFormat } from "~/i18n/intl-format";

/** "Sunday, March 3, 2030" / "domingo, 3 de marzo de 2030" for a calendar date (YYYY-MM-DD). */
export function formatVisitDate(date: string, language: Language): string {
  return dateTimeFormat(language, { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/** The requester's confirmation: the date, the service times and the address, in their language. */
export function visitConfirmationEmail(input: {
  language: Language;
  churchName: string;
  siteUrl: string;
  name: string;
  kind: MeetingKind;
  date: string;
  partySize: number;
  /** Already formatted in `language`: "Sunday Worship: Sunday 11:00 AM". */
  serviceTimes: { name: string; when: string }[];
  address: string;
}): EmailContent {
  const t = visitTranslator(input.language);
  // A guest's name goes into mail to an address nobody confirmed: left out when it looks like a link.
  const name = greetableName(input.name);
  const times = input.serviceTimes.length
    ? [t("email.timesHeading"), ...input.serviceTimes.map((s) => t("email.serviceLine", { name: s.name, when: s.when }))]
    : [];
  return {
    subject: t(input.kind === "visit" ? "email.visitSubject" : "email.pastorSubject"),
    ...renderEmail({
      language: input.language,
      churchName: input.churchName,
      siteUrl: input.siteUrl,
      heading: t(input.kind === "visit" ? "email.visitSubject" : "email.pastorSubject"),
      paragraphs: [
        name ? t("email.greeting", { name }) : t("email.greetingNoName"),
        t(input.kind === "visit" ? "email.visitIntro" : "email.pastorIntro", { church: input.churchName }),
        t("email.date", { date: formatVisitDate(input.date, input.language) }),
        t("email.partySize", { count: input.partySize }),
        ...times,
        ...(input.address ? [t("email.address", { address: input.address })] : []),
        t("email.outro"),
      ],
      action: {
        label: t("email.action"),
        url: new URL(`/plan-visit${input.language === "es" ? "?lang=es" : ""}`, input.siteUrl).toString(),
      },
    }),
  };
}

/** A staff reply from the meetings inbox, in the requester's language. */
export function meetingReplyEmail(input: {
  language: Language;
  churchName: string;
  siteUrl: string;
  name: string;
  body: string;
}): EmailContent {
  const t = visitTranslator(input.language);
  const name = greetableName(input.name);
  return {
    subject: t("email.replySubject", { church: input.churchName }),
    ...renderEmail({
      language: input.language,
      churchName: input.churchName,
      siteUrl: input.siteUrl,
      heading: t("email.replyHeading"),
      paragraphs: [name ? t("email.greeting", { name }) : t("email.greetingNoName"), ...input.body.split(/\n{2,}/).filter(Boolean)],
      footnote: t("email.replyFooter"),
    }),
  };
}
