import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/product";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { PageBand } from "~/components/page-band";
import { CartLink } from "~/components/store/cart-link";
import { StorePicture } from "~/components/store/store-picture";
import { buttonClasses } from "~/components/ui/button-link";
import { formatCents } from "~/features/payments/money";
import { routeMeta } from "~/features/seo/route-meta";
import type { StoreActionData } from "~/features/store/store-actions.server";
import { runProductAction } from "~/features/store/store-actions.server";
import { paragraphs, PRODUCT_PAGE_MAX_QUANTITY } from "~/features/store/store-model";
import { loadProductPage } from "~/features/store/store-pages.server";
import { useStoreTranslation } from "~/features/store/store-translation";

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadProductPage({ request, slug: params.slug });
}

export async function action({ request, params }: Route.ActionArgs) {
  return runProductAction({ request, slug: params.slug });
}

export const meta: Route.MetaFunction = routeMeta;

/**
 * /store/:slug: the product, its options as a radio group (sold-out ones disabled and
 * labelled), a quantity up to the stock (at most 10) and "Add to cart" (a plain POST).
 */
export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useStoreTranslation();
  const { product, variants, cartCount } = loaderData;
  const result = actionData as StoreActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const firstInStock = variants.find((v) => v.stock > 0) ?? null;
  const [selectedId, setSelectedId] = useState<number | null>(firstInStock?.id ?? null);
  const selected = variants.find((v) => v.id === selectedId) ?? firstInStock;
  const inStock = firstInStock !== null;
  const maxQuantity = Math.max(1, Math.min(selected?.stock ?? 1, PRODUCT_PAGE_MAX_QUANTITY));
  const showChoice = variants.length > 1 || (variants.length === 1 && variants[0]!.label !== "");
  const price = selected ? formatCents(selected.priceCents, language) : formatCents(product.priceCents, language);
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result) messageRef.current?.focus();
  }, [result]);

  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={product.name} eyebrow={t(`categories.${product.category}`)} compact />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <Link to="/store" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4">
            {t("product.backToStore")}
          </Link>
          <CartLink count={cartCount} />
        </div>
        <div className="mt-8 grid gap-10 lg:grid-cols-2">
          <div className="min-w-0">
            {product.image ? (
              <StorePicture
                image={product.image}
                sizes="(min-width: 1024px) 45vw, 100vw"
                className="aspect-square w-full rounded-2xl bg-slate-100 object-cover"
                eager
              />
            ) : null}
          </div>
          <div className="min-w-0">
            <p className="text-2xl font-bold text-slate-900">
              <span className="sr-only">{t("product.price")}: </span>
              {price}
            </p>
            {paragraphs(product.description).map((text, i) => (
              <p key={i} className="mt-4 text-lg leading-relaxed wrap-anywhere text-slate-800">
                {text}
              </p>
            ))}

            <div role="status" aria-live="polite">
              {result?.ok ? (
                <p
                  ref={messageRef}
                  tabIndex={-1}
                  className="mt-6 rounded-lg bg-emerald-50 p-3 font-semibold wrap-anywhere text-emerald-900"
                >
                  {result.message}{" "}
                  <Link to="/store/cart" className="underline underline-offset-4">
                    {t("product.viewCart")}
                  </Link>
                </p>
              ) : null}
            </div>
            {result && !result.ok ? (
              <p
                ref={messageRef}
                tabIndex={-1}
                role="alert"
                className="mt-6 rounded-lg bg-red-50 p-3 font-semibold wrap-anywhere text-red-900"
              >
                {result.message}
              </p>
            ) : null}

            {inStock ? (
              <Form method="post" className="mt-6 grid gap-5" preventScrollReset>
                <input type="hidden" name="intent" value="add" />
                {showChoice ? (
                  <fieldset className="min-w-0">
                    <legend className="font-semibold text-slate-900">{t("product.variant")}</legend>
                    <div className="mt-2 flex flex-wrap gap-2">
                      {variants.map((variant) => {
                        const soldOut = variant.stock <= 0;
                        return (
                          <label
                            key={variant.id}
                            className={`flex min-h-11 min-w-0 items-center gap-2 rounded-lg border px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-700 ${
                              soldOut ? "border-slate-300 bg-slate-100 text-slate-700 line-through" : "border-slate-500 text-slate-900"
                            }`}
                          >
                            <input
                              type="radio"
                              name="variantId"
                              value={variant.id}
                              disabled={soldOut}
                              defaultChecked={variant.id === firstInStock?.id}
                              onChange={() => setSelectedId(variant.id)}
                              className="h-5 w-5 shrink-0"
                            />
                            <span className="wrap-anywhere">
                              {soldOut ? t("product.soldOutOption", { label: variant.label }) : variant.label}
                            </span>
                          </label>
                        );
                      })}
                    </div>
                  </fieldset>
                ) : (
                  <input type="hidden" name="variantId" value={firstInStock.id} />
                )}
                <div>
                  <label htmlFor="product-quantity" className="block font-semibold text-slate-900">
                    {t("product.quantity")}
                  </label>
                  <select
                    id="product-quantity"
                    name="quantity"
                    defaultValue="1"
                    key={maxQuantity}
                    className="mt-1 block min-h-11 w-28 rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900"
                  >
                    {Array.from({ length: maxQuantity }, (_, i) => (
                      <option key={i + 1} value={i + 1}>
                        {i + 1}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <button type="submit" disabled={busy} className={buttonClasses("primary")}>
                    {busy ? t("product.adding") : t("product.add")}
                  </button>
                </div>
              </Form>
            ) : (
              <p className="mt-6 rounded-lg bg-slate-100 p-4 font-semibold text-slate-900">{t("product.soldOut")}</p>
            )}
          </div>
        </div>
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
