/** The store admin forms' fields and what the actions answer (no server code: the route components import it). */
export const PRODUCT_FIELDS = [
  "name",
  "nameEs",
  "description",
  "descriptionEs",
  "category",
  "price",
  "sortOrder",
  "imageAlt",
  "imageAltEs",
] as const;
export type ProductField = (typeof PRODUCT_FIELDS)[number];
export const PRODUCT_LIMITS: Record<ProductField, number> = {
  name: 160,
  nameEs: 160,
  description: 4000,
  descriptionEs: 4000,
  category: 20,
  price: 20,
  sortOrder: 6,
  imageAlt: 300,
  imageAltEs: 300,
};
export const VARIANT_FIELDS = ["id", "label", "labelEs", "price", "stock", "stockWas"] as const;
export type VariantField = (typeof VARIANT_FIELDS)[number];
export const VARIANT_LABEL_MAX = 60;
export const MAX_STOCK = 100_000;
/** Rows the editor shows beyond the product's sizes, for adding new ones without JavaScript. */
export const EXTRA_VARIANT_ROWS = 2;
export const MAX_VARIANT_ROWS = 30;

export type VariantFormValues = Partial<Record<VariantField | "remove", string>>;
export type ProductFormValues = Partial<Record<ProductField | "active" | "removeImage", string>> & { variants: VariantFormValues[] };

export type StoreFieldError =
  | "required"
  | "tooLong"
  | "price"
  | "stock"
  | "sortOrder"
  | "category"
  | "variantRequired"
  | "duplicateLabel"
  | "altRequired"
  | "imageType"
  | "imageTooLarge"
  | "imageUnreadable"
  | "imageTooManyPixels"
  | "imageShape"
  | "imageBusy"
  | "shipping";

export type StoreAdminMessage =
  | "invalid"
  | "invalidRequest"
  | "notFound"
  | "created"
  | "saved"
  | "unchanged"
  | "deleted"
  | "deactivated"
  | "confirmDelete"
  | "productOrdered"
  | "settingsSaved"
  | "statusChanged"
  | "notesSaved"
  | "invalidTransition";

export interface StoreAdminResult {
  ok: false;
  intent: string | null;
  message: StoreAdminMessage;
  values?: ProductFormValues;
  settingsValues?: { shipping: string; shippingEnabled: string };
  /** Field errors; variant ones are keyed `variants.<row>.<field>`, the file's `image`. */
  fieldErrors: Record<string, StoreFieldError>;
}
