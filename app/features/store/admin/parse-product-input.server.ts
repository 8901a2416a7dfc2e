import { z } from "zod";
import { PRODUCT_CATEGORIES } from "~/db/schema";
import { MAX_AMOUNT_CENTS, MIN_AMOUNT_CENTS, parseDollars } from "~/features/payments/money";
import {
  MAX_STOCK,
  MAX_VARIANT_ROWS,
  PRODUCT_FIELDS,
  PRODUCT_LIMITS,
  VARIANT_LABEL_MAX,
  type ProductField,
  type ProductFormValues,
  type StoreFieldError,
  type VariantFormValues,
} from "./store-admin-form";

/** Control characters other than tab and line breaks: no field takes them (PostgreSQL refuses NUL). */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export interface ProductPost {
  values: ProductFormValues;
  intent: string | null;
  confirm: boolean;
  file: File | null;
}

/** Reads the product form (urlencoded or multipart); null when it cannot be read or holds control characters. */
export async function readProductPost(request: Request): Promise<ProductPost | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  const values: ProductFormValues = { variants: [] };
  let file: File | null = null;
  let intent: string | null = null;
  let confirm = false;
  for (const [key, value] of form) {
    if (typeof value !== "string") {
      if (key === "image" && value.size > 0) file = value;
      continue;
    }
    if (CONTROL_CHARACTER.test(value) || value.length > 10_000) return null;
    if (key === "intent") intent = value;
    else if (key === "confirm") confirm = value === "yes";
    else if (key === "active" || key === "removeImage") values[key] = value === "on" ? "on" : "";
    else if ((PRODUCT_FIELDS as readonly string[]).includes(key)) values[key as ProductField] = value;
    else {
      const match = /^variants\.(\d{1,2})\.(id|label|labelEs|price|stock|stockWas|remove)$/.exec(key);
      if (!match) continue;
      const row = Number(match[1]);
      if (row >= MAX_VARIANT_ROWS) continue;
      while (values.variants.length <= row) values.variants.push({});
      values.variants[row]![match[2] as keyof VariantFormValues] = value;
    }
  }
  return { values, intent, confirm, file };
}

export interface VariantInput {
  /** An existing size of this product, or null for a new one. */
  id: number | null;
  label: string;
  labelEs: string | null;
  priceCents: number | null;
  stock: number;
  /** The stock the editor showed: when the admin left it as it was, a checkout meanwhile keeps its change. */
  stockWas: number | null;
  remove: boolean;
}

export interface ProductInput {
  name: string;
  nameEs: string | null;
  description: string;
  descriptionEs: string | null;
  category: (typeof PRODUCT_CATEGORIES)[number];
  priceCents: number;
  sortOrder: number;
  active: boolean;
  imageAlt: string | null;
  imageAltEs: string | null;
  removeImage: boolean;
  variants: VariantInput[];
}

const text = (max: number) =>
  z
    .string()
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, "tooLong"));
const optionalText = (max: number) => text(max).transform((v) => (v === "" ? null : v));
const price = z.string().transform((v, ctx) => {
  const cents = parseDollars(v);
  if (cents === null || cents < MIN_AMOUNT_CENTS || cents > MAX_AMOUNT_CENTS) {
    ctx.addIssue({ code: "custom", message: "price" });
    return z.NEVER;
  }
  return cents;
});

const ZProduct = z.object({
  name: text(PRODUCT_LIMITS.name).pipe(z.string().min(1, "required")),
  nameEs: optionalText(PRODUCT_LIMITS.nameEs),
  description: text(PRODUCT_LIMITS.description),
  descriptionEs: optionalText(PRODUCT_LIMITS.descriptionEs),
  category: z.enum(PRODUCT_CATEGORIES, { message: "category" }),
  price,
  sortOrder: z
    .string()
    .trim()
    .refine((v) => v === "" || (/^-?\d{1,4}$/.test(v) && Math.abs(Number(v)) <= 1000), "sortOrder")
    .transform((v) => (v === "" ? 0 : Number(v))),
  imageAlt: optionalText(PRODUCT_LIMITS.imageAlt),
  imageAltEs: optionalText(PRODUCT_LIMITS.imageAltEs),
});

const CODES = new Set<StoreFieldError>(["required", "tooLong", "price", "stock", "sortOrder", "category"]);
const codeOf = (message: string, fallback: StoreFieldError): StoreFieldError =>
  CODES.has(message as StoreFieldError) ? (message as StoreFieldError) : fallback;

/** A stock count as typed: a whole number 0..MAX_STOCK (a minus sign, a decimal or a word is refused). */
function parseStock(value: string): number | null {
  const v = value.trim();
  return /^\d{1,6}$/.test(v) && Number(v) <= MAX_STOCK ? Number(v) : null;
}

/**
 * The posted product and its size rows, validated. Empty extra rows are ignored; a row with an
 * id is an existing size (its `remove` box deletes it). `hasImage` says whether the product
 * will show an image after this save (then the English description is required).
 */
export function parseProductInput(
  values: ProductFormValues,
  hasImage: (removeImage: boolean) => boolean,
): { ok: true; input: ProductInput } | { ok: false; fieldErrors: Record<string, StoreFieldError> } {
  const fieldErrors: Record<string, StoreFieldError> = {};
  const plain: Record<string, string> = {};
  for (const field of PRODUCT_FIELDS) plain[field] = values[field] ?? "";
  const parsed = ZProduct.safeParse(plain);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (!fieldErrors[field])
        fieldErrors[field] = codeOf(issue.message, issue.code === "too_big" ? "tooLong" : field === "category" ? "category" : "required");
    }
  }
  const variants: VariantInput[] = [];
  const labels = new Map<string, number>();
  values.variants.forEach((row, i) => {
    const idText = (row.id ?? "").trim();
    const blank = !idText && ["label", "labelEs", "price", "stock"].every((k) => !(row[k as keyof VariantFormValues] ?? "").trim());
    if (blank) return;
    const id = idText ? (/^\d{1,9}$/.test(idText) ? Number(idText) : NaN) : null;
    if (Number.isNaN(id)) {
      fieldErrors[`variants.${i}.label`] = "required";
      return;
    }
    const remove = row.remove === "on";
    if (remove && id !== null) {
      variants.push({ id, label: "", labelEs: null, priceCents: null, stock: 0, stockWas: null, remove: true });
      return;
    }
    if (remove) return;
    const label = (row.label ?? "").trim();
    const labelEs = (row.labelEs ?? "").trim();
    if (label.length > VARIANT_LABEL_MAX) fieldErrors[`variants.${i}.label`] = "tooLong";
    if (labelEs.length > VARIANT_LABEL_MAX) fieldErrors[`variants.${i}.labelEs`] = "tooLong";
    const priceText = (row.price ?? "").trim();
    let priceCents: number | null = null;
    if (priceText) {
      priceCents = parseDollars(priceText);
      if (priceCents === null || priceCents < MIN_AMOUNT_CENTS || priceCents > MAX_AMOUNT_CENTS)
        fieldErrors[`variants.${i}.price`] = "price";
    }
    const stock = parseStock(row.stock ?? "");
    if (stock === null) fieldErrors[`variants.${i}.stock`] = "stock";
    const key = label.toLowerCase();
    if (labels.has(key)) fieldErrors[`variants.${i}.label`] = "duplicateLabel";
    labels.set(key, i);
    const stockWas = id !== null ? parseStock(row.stockWas ?? "") : null;
    variants.push({ id, label, labelEs: labelEs || null, priceCents, stock: stock ?? 0, stockWas, remove: false });
  });
  if (!variants.some((v) => !v.remove) && !Object.keys(fieldErrors).some((k) => k.startsWith("variants.")))
    fieldErrors["variants.0.label"] = "variantRequired";
  const removeImage = values.removeImage === "on";
  if (parsed.success && !parsed.data.imageAlt && hasImage(removeImage)) fieldErrors.imageAlt = "altRequired";
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, input: { ...parsed.data, priceCents: parsed.data.price, active: values.active === "on", removeImage, variants } };
}
