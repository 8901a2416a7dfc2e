import { greetableName, type EmailContent } from "~/platform/email/email-content";
import { renderEmail } from "~/platform/email/render-email";
import { formatCents } from "~/features/payments/money";
import type { Language } from "~/i18n/config";
import { storeAdminTranslator } from "./store-admin-translation";

export interface OrderEmailInput {
  language: Language;
  churchName: string;
  /** The church's street address, one line (pickup). */
  churchAddress: string;
  siteUrl: string;
  orderUrl: string;
  number: number;
  name: string;
  lines: { name: string; variant: string; unitPriceCents: number; quantity: number }[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  fulfillment: "pickup" | "shipping";
  shippingAddress: { line1: string; line2: string; city: string; region: string; postalCode: string } | null;
  /** Paid after the hold ended (staff will follow up). */
  afterExpiry?: boolean;
}

/** One line of an address. */
export function addressLine(a: { line1: string; line2: string; city: string; region: string; postalCode: string }): string {
  return [a.line1, a.line2, `${a.city}, ${a.region} ${a.postalCode}`].filter((part) => part.trim()).join(", ");
}

/** The buyer's order confirmation, in their language: what they bought, the totals, how they receive it and the order's page. */
export function orderConfirmationEmail(input: OrderEmailInput): EmailContent {
  const t = storeAdminTranslator(input.language);
  const money = (cents: number) => formatCents(cents, input.language);
  const name = greetableName(input.name);
  const number = String(input.number);
  return {
    subject: t("email.subject", { number, church: input.churchName }),
    ...renderEmail({
      language: input.language,
      churchName: input.churchName,
      siteUrl: input.siteUrl,
      heading: t("email.heading"),
      paragraphs: [
        name ? t("email.greeting", { name }) : t("email.greetingNoName"),
        t("email.intro", { number }),
        ...input.lines.map((line) =>
          t("email.line", {
            quantity: String(line.quantity),
            name: line.variant ? `${line.name} (${line.variant})` : line.name,
            total: money(line.unitPriceCents * line.quantity),
          }),
        ),
        t("email.subtotal", { amount: money(input.subtotalCents) }),
        ...(input.shippingCents > 0 ? [t("email.shipping", { amount: money(input.shippingCents) })] : []),
        t("email.total", { amount: money(input.totalCents) }),
        input.fulfillment === "shipping" && input.shippingAddress
          ? t("email.shipTo", { address: addressLine(input.shippingAddress) })
          : t("email.pickup", { address: input.churchAddress }),
        ...(input.afterExpiry ? [t("email.afterExpiry")] : []),
      ],
      action: { label: t("email.action"), url: input.orderUrl },
    }),
  };
}
