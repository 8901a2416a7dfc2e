import { Link } from "react-router";
import { formatCents } from "~/features/payments/money";
import type { ProductCardView } from "~/features/store/store-model";
import { useStoreTranslation } from "~/features/store/store-translation";
import { StorePicture } from "./store-picture";

/** A product in the /store grid: image, name (the link), price ("From …" when sizes differ) and "Out of stock". */
export function ProductCard({ product, eager }: { product: ProductCardView; eager: boolean }) {
  const { t, language } = useStoreTranslation();
  const price = formatCents(product.priceCents, language);
  return (
    <article className="relative flex h-full min-w-0 flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 focus-within:ring-3 focus-within:ring-brand-700">
      {product.image ? (
        <StorePicture
          image={product.image}
          sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw"
          className="aspect-square w-full bg-slate-100 object-cover"
          eager={eager}
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <h3 className="font-serif text-xl font-bold wrap-anywhere text-slate-900">
          <Link to={`/store/${product.slug}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {product.name}
          </Link>
        </h3>
        <p className="mt-2 text-lg font-semibold text-slate-900">{product.priceVaries ? t("from", { price }) : price}</p>
        {product.inStock ? null : <p className="mt-2 font-semibold text-red-800">{t("outOfStock")}</p>}
      </div>
    </article>
  );
}
