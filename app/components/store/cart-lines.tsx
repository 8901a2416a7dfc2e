import { Form, Link } from "react-router";
import { formatCents } from "~/features/payments/money";
import type { CartLineView } from "~/features/store/store-model";
import { CART_MAX_QUANTITY } from "~/features/store/store-model";
import { useStoreTranslation } from "~/features/store/store-translation";

const smallButton =
  "inline-flex min-h-11 items-center justify-center rounded-full px-4 py-2 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/**
 * The cart's lines: name, option, unit price, a quantity form ("Update") and "Remove" (plain
 * posts), the line's total, and a flag when the stock dropped below what was in the cart.
 */
export function CartLines({ lines, errorFor }: { lines: CartLineView[]; errorFor: { variantId: number; message: string } | null }) {
  const { t, language } = useStoreTranslation();
  return (
    <ul aria-label={t("cart.linesLabel")} className="grid gap-4">
      {lines.map((line) => {
        const label = line.variant ? `${line.name} (${line.variant})` : line.name;
        const error = errorFor?.variantId === line.variantId ? errorFor.message : null;
        const flag = !line.available
          ? line.stock <= 0
            ? t("cart.soldOut")
            : t("cart.unavailable")
          : line.capped
            ? t("cart.capped", { count: String(line.stock) })
            : null;
        const flagId = `cart-line-${line.variantId}-note`;
        return (
          <li key={line.variantId} className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="min-w-0 font-serif text-xl font-bold wrap-anywhere text-slate-900">
                <Link to={`/store/${line.slug}`} className="underline-offset-4 hover:underline">
                  {line.name}
                </Link>
              </h3>
              <p className="font-semibold text-slate-900">{formatCents(line.unitPriceCents * line.quantity, language)}</p>
            </div>
            {line.variant ? <p className="mt-1 wrap-anywhere text-slate-800">{line.variant}</p> : null}
            <p className="mt-1 text-slate-700">
              {t("cart.unitPrice")}: {formatCents(line.unitPriceCents, language)}
            </p>
            {flag ? (
              <p id={flagId} className="mt-2 rounded-lg bg-amber-50 p-2 font-semibold text-amber-900">
                {flag}
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap items-end gap-3">
              <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="variantId" value={line.variantId} />
                <div>
                  <label htmlFor={`cart-quantity-${line.variantId}`} className="block text-sm font-semibold text-slate-900">
                    {t("cart.quantity")}
                    <span className="sr-only"> ({label})</span>
                  </label>
                  <input
                    id={`cart-quantity-${line.variantId}`}
                    name="quantity"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={Math.max(1, Math.min(line.stock, CART_MAX_QUANTITY))}
                    defaultValue={line.quantity}
                    key={line.quantity}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={
                      [flag ? flagId : null, error ? `cart-line-${line.variantId}-error` : null].filter(Boolean).join(" ") || undefined
                    }
                    className="mt-1 block min-h-11 w-24 rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700"
                  />
                </div>
                <button
                  type="submit"
                  aria-label={t("cart.updateFor", { name: label })}
                  className={`${smallButton} border border-brand-700 bg-white text-brand-800 hover:bg-brand-50`}
                >
                  {t("cart.update")}
                </button>
              </Form>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="variantId" value={line.variantId} />
                <button
                  type="submit"
                  aria-label={t("cart.removeFor", { name: label })}
                  className={`${smallButton} text-red-800 underline underline-offset-4 hover:bg-red-50`}
                >
                  {t("cart.remove")}
                </button>
              </Form>
            </div>
            {error ? (
              <p id={`cart-line-${line.variantId}-error`} role="alert" className="mt-2 text-sm font-semibold text-red-800">
                {error}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
