import { greetableName, type EmailContent } from "~/platform/email/email-content";
import { renderEmail } from "~/platform/email/render-email";
import type { Language } from "~/i18n/config";
import { storeAdminTranslator } from "../store-admin-translation";

export type NotifiedOrderStatus = "ready" | "shipped" | "picked_up";

/** The short note a customer gets when staff move their order on, in the customer's language. */
export function orderStatusEmail(input: {
  language: Language;
  churchName: string;
  siteUrl: string;
  name: string;
  number: number;
  status: NotifiedOrderStatus;
  /** The order's page (its link is the key). */
  orderUrl: string;
  trackingNote?: string | null;
}): EmailContent {
  const t = storeAdminTranslator(input.language);
  const number = String(input.number);
  const name = greetableName(input.name);
  return {
    subject: t(`admin.statusEmail.${input.status}.subject`, { number }),
    ...renderEmail({
      language: input.language,
      churchName: input.churchName,
      siteUrl: input.siteUrl,
      heading: t(`admin.statusEmail.${input.status}.heading`),
      paragraphs: [
        name ? t("admin.statusEmail.greeting", { name }) : t("admin.statusEmail.greetingNoName"),
        t(`admin.statusEmail.${input.status}.body`, { number }),
        ...(input.trackingNote ? [t("admin.statusEmail.tracking", { note: input.trackingNote })] : []),
      ],
      action: { label: t("admin.statusEmail.action"), url: input.orderUrl },
    }),
  };
}
