import type { Route } from "./+types/order";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { CheckAgainLink, useRevalidateWhile } from "~/components/payments/awaiting-confirmation";
import { PageBand } from "~/components/page-band";
import { formatCents } from "~/features/payments/money";
import { routeMeta } from "~/features/seo/route-meta";
import { loadOrderPage } from "~/features/store/store-pages.server";
import { useStoreTranslation } from "~/features/store/store-translation";

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadOrderPage({ request, orderId: params.orderId });
}

export const meta: Route.MetaFunction = (args) => [...routeMeta(args), { name: "robots", content: "noindex" }];

/**
 * /store/orders/:orderId: the buyer's order: its status in words, lines, totals and how it
 * is received. While the payment is being confirmed (just back from Checkout) the page
 * reloads its data every 5 seconds; without JavaScript a "Check again" link does it.
 */
export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { t, language } = useStoreTranslation();
  const { order } = loaderData;
  const money = (cents: number) => formatCents(cents, language);
  const confirming = order.status === "confirming";
  useRevalidateWhile(confirming);
  const address = order.shippingAddress;

  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={t("order.heading", { number: String(order.number) })} eyebrow={t("heading")} compact />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <section aria-labelledby="order-status">
          <h2 id="order-status" className="font-serif text-2xl font-bold text-brand-800">
            {t("order.status")}
          </h2>
          <p role="status" className="mt-2 rounded-lg bg-slate-100 p-4 text-lg font-semibold text-slate-900">
            {t(`order.statuses.${order.status}`)}
          </p>
          {confirming ? <CheckAgainLink label={t("order.refresh")} /> : null}
          {order.refundedCents > 0 && order.status !== "refunded" ? (
            <p className="mt-2 text-slate-800">{t("order.refunded", { amount: money(order.refundedCents) })}</p>
          ) : null}
        </section>

        <section aria-labelledby="order-lines" className="mt-8">
          <h2 id="order-lines" className="font-serif text-2xl font-bold text-brand-800">
            {t("order.linesLabel")}
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-slate-200">
            {order.lines.map((line) => (
              <li key={line.id} className="flex flex-wrap justify-between gap-2 py-3">
                <span className="min-w-0 wrap-anywhere text-slate-900">
                  {line.quantity} × {line.name}
                  {line.variant ? ` (${line.variant})` : ""}
                </span>
                <span className="font-semibold text-slate-900">{money(line.unitPriceCents * line.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-slate-900">
            <dt>{t("cart.subtotal")}</dt>
            <dd>{money(order.subtotalCents)}</dd>
            {order.shippingCents > 0 ? (
              <>
                <dt>{t("cart.shipping")}</dt>
                <dd>{money(order.shippingCents)}</dd>
              </>
            ) : null}
            <dt className="font-bold">{t("cart.total")}</dt>
            <dd className="font-bold">{money(order.totalCents)}</dd>
          </dl>
        </section>

        <section aria-labelledby="order-fulfillment" className="mt-8">
          <h2 id="order-fulfillment" className="font-serif text-2xl font-bold text-brand-800">
            {t("order.fulfillment")}
          </h2>
          {order.fulfillment === "shipping" && address ? (
            <div className="mt-2 text-slate-900">
              <p className="font-semibold">{t("order.shipTo")}</p>
              <p className="wrap-anywhere">{order.name}</p>
              <p className="wrap-anywhere">{address.line1}</p>
              {address.line2 ? <p className="wrap-anywhere">{address.line2}</p> : null}
              <p className="wrap-anywhere">
                {address.city}, {address.region} {address.postalCode}
              </p>
            </div>
          ) : (
            <div className="mt-2 text-slate-900">
              <p className="font-semibold">{t("order.pickup")}</p>
              <p>{t("order.pickupNote")}</p>
            </div>
          )}
          <p className="mt-4 wrap-anywhere text-slate-800">
            {t("order.contact")}: {order.name}, {order.email}
            {order.phone ? `, ${order.phone}` : ""}
          </p>
        </section>
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
