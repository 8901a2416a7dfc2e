import type { OrderStatus } from "~/db/schema/giving";

/** What the store sells by (the filter on /store). "other" exists for staff but has no filter link. */
export const STORE_CATEGORIES = ["books", "apparel", "media"] as const;
export type StoreCategory = (typeof STORE_CATEGORIES)[number];

/** A cart line's quantity: 1..99 (the cart_items check). */
export const CART_MAX_QUANTITY = 99;
/**
 * At most this many of one product (its options together) in one order, and held by one buyer
 * in checkouts not yet paid (issue 32): one visitor cannot take a product off the shelf.
 */
export const ORDER_LIMIT_PER_PRODUCT = 10;
/** The product page offers 1..min(stock, this). */
export const PRODUCT_PAGE_MAX_QUANTITY = ORDER_LIMIT_PER_PRODUCT;

/** A product image as the pages show it (an uploaded one has AVIF/WebP variants, a bundled one not). */
export interface StoreImage {
  imageUrl: string;
  variantBase: string | null;
  width: number | null;
  height: number | null;
  alt: string;
}

export interface ProductCardView {
  slug: string;
  name: string;
  category: string;
  image: StoreImage | null;
  /** The lowest price of the variants. */
  priceCents: number;
  /** True when variants cost different amounts ("from $x"). */
  priceVaries: boolean;
  inStock: boolean;
}

export interface VariantView {
  id: number;
  label: string;
  priceCents: number;
  stock: number;
}

export interface CartLineView {
  variantId: number;
  slug: string;
  name: string;
  variant: string;
  unitPriceCents: number;
  quantity: number;
  /** What is left to sell of the variant (the line was capped to it when it dropped). */
  stock: number;
  /** The quantity was lowered to what is left (or nothing is left). */
  capped: boolean;
  available: boolean;
}

/** The order's status as the buyer reads it. */
export type OrderStatusView = OrderStatus | "confirming";

/** The price of a variant: its own when set, else the product's. */
export function variantPrice(productPriceCents: number, variantPriceCents: number | null): number {
  return variantPriceCents ?? productPriceCents;
}

/** Paragraphs of a plain-text description (blank lines split them). */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
