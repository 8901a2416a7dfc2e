import { Link } from "react-router";
import type { Route } from "./+types/store";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { PageBand } from "~/components/page-band";
import { CartLink } from "~/components/store/cart-link";
import { ProductCard } from "~/components/store/product-card";
import { routeMeta } from "~/features/seo/route-meta";
import { loadStorePage } from "~/features/store/store-pages.server";
import { STORE_CATEGORIES } from "~/features/store/store-model";
import { useStoreTranslation } from "~/features/store/store-translation";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadStorePage({ request, url });
}

export const meta: Route.MetaFunction = routeMeta;

/** How many cards are in the first screen (their images load at once; the rest lazily). */
const EAGER_CARDS = 3;

/**
 * /store: the introduction (content block page.store), a category filter (plain links with
 * ?category=, so it works without JavaScript), the cart link and the active products.
 */
export default function StorePage({ loaderData }: Route.ComponentProps) {
  const { t } = useStoreTranslation();
  const { page, products, category, cartCount } = loaderData;
  const filters = [{ key: null, label: t("categories.all") }, ...STORE_CATEGORIES.map((key) => ({ key, label: t(`categories.${key}`) }))];
  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={page.title} intro={page.body} />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <nav aria-label={t("categories.label")}>
            <ul className="flex flex-wrap gap-2">
              {filters.map((filter) => {
                const current = filter.key === category;
                return (
                  <li key={filter.key ?? "all"}>
                    <Link
                      to={filter.key ? `?category=${filter.key}` : "/store"}
                      aria-current={current ? "page" : undefined}
                      preventScrollReset
                      className={`inline-flex min-h-11 items-center rounded-full border px-4 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                        current ? "border-brand-800 bg-brand-800 text-white" : "border-brand-600 bg-white text-brand-800 hover:bg-brand-50"
                      }`}
                    >
                      {filter.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <CartLink count={cartCount} />
        </div>

        <h2 id="store-products" className="sr-only">
          {t("listLabel")}
        </h2>
        <p className="mt-6 text-slate-700" role="status">
          {products.length === 1 ? t("countOne") : t("count", { count: String(products.length) })}
        </p>
        {products.length === 0 ? (
          <p className="mt-4 rounded-2xl bg-slate-100 p-6 text-slate-900">{category ? t("empty") : t("emptyAll")}</p>
        ) : (
          <ul aria-labelledby="store-products" className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {products.map((product, i) => (
              <li key={product.slug} className="min-w-0">
                <ProductCard product={product} eager={i < EAGER_CARDS} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
