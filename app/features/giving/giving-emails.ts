import { greetableName, type EmailContent } from "~/platform/email/email-content";
import { renderEmail } from "~/platform/email/render-email";
import { formatCents } from "~/features/payments/money";
import type { GiftFrequency } from "~/db/schema/giving";
import type { Language } from "~/i18n/config";
import { givingAdminTranslator } from "./giving-admin-translation";
import { dateTimeFormat } from "~/i18n/intl-format";

/**
 * A gift's receipt, in the donor's language: the gift, the fee they covered, the total charged,
 * the date (church time zone), one-time or how often, the tax statement, the church's name and
 * address and (members) a link to their giving history.
 */
export function giftReceiptEmail(input: {
  language: Language;
  churchName: string;
  churchAddress: string[];
  timeZone: string;
  siteUrl: string;
  name: string;
  fund: string;
  amountCents: number;
  feeCents: number;
  frequency: GiftFrequency;
  paidAt: Date;
  member: boolean;
}): EmailContent {
  const { language } = input;
  const t = givingAdminTranslator(language);
  const money = (cents: number) => formatCents(cents, language);
  const name = greetableName(input.name);
  const date = dateTimeFormat(language, { dateStyle: "long", timeZone: input.timeZone }).format(input.paidAt);
  const address = input.churchAddress.join(", ");
  return {
    subject: t("email.subject", { church: input.churchName }),
    ...renderEmail({
      language,
      churchName: input.churchName,
      siteUrl: input.siteUrl,
      heading: t("email.heading"),
      paragraphs: [
        name ? t("email.greeting", { name }) : t("email.greetingNoName"),
        t("email.intro"),
        t("email.amount", { amount: money(input.amountCents), fund: input.fund }),
        ...(input.feeCents > 0 ? [t("email.fee", { fee: money(input.feeCents) })] : []),
        t("email.total", { total: money(input.amountCents + input.feeCents) }),
        t("email.date", { date }),
        input.frequency === "one_time" ? t("email.oneTime") : t("email.recurring", { frequency: t(`form.frequencies.${input.frequency}`) }),
        t("email.taxNote"),
        address ? t("email.church", { church: input.churchName, address }) : input.churchName,
      ],
      ...(input.member
        ? {
            action: {
              label: t("email.action"),
              url: new URL(`/give/history${language === "es" ? "?lang=es" : ""}`, input.siteUrl).toString(),
            },
          }
        : {}),
    }),
  };
}
