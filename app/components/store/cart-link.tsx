import { ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { useStoreTranslation } from "~/features/store/store-translation";

/** The link to /store/cart with how many items are in it. */
export function CartLink({ count }: { count: number }) {
  const { t } = useStoreTranslation();
  return (
    <Link
      to="/store/cart"
      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-600 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <ShoppingCart aria-hidden="true" className="h-5 w-5" />
      {count === 1 ? t("cartLinkOne") : t("cartLink", { count: String(count) })}
    </Link>
  );
}
