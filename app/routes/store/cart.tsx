import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/cart";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { PageBand } from "~/components/page-band";
import { CartLines } from "~/components/store/cart-lines";
import { CheckoutForm } from "~/components/store/checkout-form";
import { formatCents } from "~/features/payments/money";
import { routeMeta } from "~/features/seo/route-meta";
import type { StoreActionData } from "~/features/store/store-actions.server";
import { loadCartPage, runCartAction } from "~/features/store/store-actions.server";
import { useStoreTranslation } from "~/features/store/store-translation";

export async function loader({ request }: Route.LoaderArgs) {
  return loadCartPage({ request });
}

export async function action({ request }: Route.ActionArgs) {
  return runCartAction({ request });
}

export const meta: Route.MetaFunction = routeMeta;

/**
 * /store/cart: the lines with their quantity forms, the subtotal, and the checkout (when
 * online payment is configured; otherwise how to buy at church). Everything is a plain POST.
 */
export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useStoreTranslation();
  const { lines, subtotalCents, checkoutEnabled, shippingEnabled, shippingCents, canceled, contact } = loaderData;
  const result = actionData as StoreActionData | undefined;
  const failed = result && !result.ok ? result : undefined;
  const lineError =
    failed && failed.intent !== "checkout" && failed.variantId && lines.some((l) => l.variantId === failed.variantId)
      ? { variantId: failed.variantId, message: failed.message }
      : null;
  const checkoutFailure = failed?.intent === "checkout" ? failed : undefined;
  const messageRef = useRef<HTMLParagraphElement>(null);
  const hasLineError = lineError !== null;
  useEffect(() => {
    if (result && !hasLineError) messageRef.current?.focus();
  }, [result, hasLineError]);
  const values = checkoutFailure?.values ?? { name: contact.name, email: contact.email, phone: contact.phone, fulfillment: "pickup" };

  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={t("cart.heading")} eyebrow={t("heading")} compact />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Link to="/store" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4">
          {t("cart.continue")}
        </Link>
        {canceled ? (
          <p className="mt-4 rounded-lg bg-amber-50 p-3 font-semibold text-amber-900">
            {t(canceled === "returned" ? "cart.canceled" : "cart.canceledHeld")}
          </p>
        ) : null}
        <div role="status" aria-live="polite">
          {result?.ok ? (
            <p ref={messageRef} tabIndex={-1} className="mt-4 rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900">
              {result.message}
            </p>
          ) : null}
        </div>
        {failed && !lineError ? (
          <p ref={messageRef} tabIndex={-1} role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-semibold wrap-anywhere text-red-900">
            {failed.message}
          </p>
        ) : null}

        {lines.length === 0 ? (
          <p className="mt-6 rounded-2xl bg-slate-100 p-6 text-slate-900">{t("cart.empty")}</p>
        ) : (
          <>
            <h2 id="cart-items" className="mt-6 font-serif text-2xl font-bold text-brand-800">
              {t("cart.linesLabel")}
            </h2>
            <div className="mt-4">
              <CartLines lines={lines} errorFor={lineError} />
            </div>
            <p className="mt-6 flex justify-between rounded-2xl bg-slate-100 p-4 text-lg font-bold text-slate-900">
              <span>{t("cart.subtotal")}</span>
              <span>{formatCents(subtotalCents, language)}</span>
            </p>

            <section aria-labelledby="checkout-heading" className="mt-10 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
              <h2 id="checkout-heading" className="font-serif text-2xl font-bold text-brand-800">
                {t("checkout.heading")}
              </h2>
              {checkoutEnabled ? (
                <CheckoutForm
                  key={checkoutFailure ? `failed-${checkoutFailure.message}` : "checkout"}
                  values={values}
                  fieldErrors={checkoutFailure?.fieldErrors ?? {}}
                  shippingEnabled={shippingEnabled}
                  shippingCents={shippingCents}
                />
              ) : (
                <p className="mt-4 text-slate-800">{t("checkout.unavailable")}</p>
              )}
            </section>
          </>
        )}
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
