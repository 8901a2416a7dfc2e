import { unlink } from "node:fs/promises";
import path from "node:path";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { orderItems, PRODUCT_CATEGORIES, products, productVariants } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { sniffImageType } from "~/platform/uploads/upload-image.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { slugify } from "~/lib/slugs";
import { uniqueSlug } from "~/platform/content/unique-slug.server";
import { bumpContentVersion } from "~/platform/content/content-version.server";
import { GALLERY_FORMATS, GALLERY_WIDTHS } from "~/features/gallery/gallery-model";
import { encodeGalleryImage } from "~/features/gallery/store-gallery-image.server";
import { IMAGE_REFUSAL_FIELD_ERRORS, imageRefusalStatus } from "~/server/image-jobs.server";
import type { AppDatabase } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { dollarsText } from "./load-store-admin.server";
import type { ProductInput } from "./parse-product-input.server";
import { EXTRA_VARIANT_ROWS, type ProductFormValues, type StoreFieldError } from "./store-admin-form";
import { isUniqueViolation } from "~/server/db-errors.server";

export const MAX_PRODUCT_IMAGE_BYTES = 8 * 1024 * 1024;

/** The categories the editor offers (the schema's list, sent by the loader so the page never loads the schema). */
export const PRODUCT_CATEGORY_OPTIONS: readonly (typeof PRODUCT_CATEGORIES)[number][] = PRODUCT_CATEGORIES;
const URL_PREFIX = "/uploads/store";

/** Product images live in DATA_DIR/uploads/store, served at /uploads/store/. */
export function storeUploadDir(): string {
  return path.resolve(getEnv().DATA_DIR, "uploads", "store");
}

/** Every file an uploaded product image may have, from its variant base (only ours: /uploads/store/<hex>). */
export function productImageFiles(variantBase: string | null, uploadDir: string): string[] {
  const match = variantBase ? /^\/uploads\/store\/([0-9a-f]{24})$/.exec(variantBase) : null;
  if (!match) return [];
  return GALLERY_WIDTHS.flatMap((w) => GALLERY_FORMATS.map((f) => path.join(uploadDir, `${match[1]}-${w}.${f}`)));
}

async function removeFiles(files: string[]): Promise<void> {
  await Promise.all(files.map((f) => unlink(f).catch(() => undefined)));
}

export function parseProductId(value: string): number | null {
  return /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export interface ProductEditor {
  id: number | null;
  slug: string | null;
  active: boolean;
  image: { url: string; alt: string } | null;
  values: ProductFormValues;
}

/** The editor's values (a new product: one empty size row plus extras); null when the product does not exist. */
export async function loadProductEditor(o: { db: AppDatabase; productId: number | null }): Promise<ProductEditor | null> {
  const extra = () => Array.from({ length: EXTRA_VARIANT_ROWS }, () => ({}));
  if (o.productId === null)
    return {
      id: null,
      slug: null,
      active: true,
      image: null,
      values: { active: "on", category: "other", sortOrder: "0", variants: [{ stock: "0" }, ...extra()] },
    };
  const [row] = await o.db.select().from(products).where(eq(products.id, o.productId));
  if (!row) return null;
  const variants = await o.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, row.id))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.id));
  return {
    id: row.id,
    slug: row.slug,
    active: row.active,
    image: row.imageUrl ? { url: row.imageUrl, alt: row.imageAlt ?? "" } : null,
    values: {
      name: row.name,
      nameEs: row.nameEs ?? "",
      description: row.description,
      descriptionEs: row.descriptionEs ?? "",
      category: row.category,
      price: dollarsText(row.priceCents),
      sortOrder: String(row.sortOrder),
      active: row.active ? "on" : "",
      imageAlt: row.imageAlt ?? "",
      imageAltEs: row.imageAltEs ?? "",
      variants: [
        ...variants.map((v) => ({
          id: String(v.id),
          label: v.label,
          labelEs: v.labelEs ?? "",
          price: v.priceCents === null ? "" : dollarsText(v.priceCents),
          stock: String(v.stock),
          stockWas: String(v.stock),
        })),
        ...extra(),
      ],
    },
  };
}

/** Whether the product has an image now (for the alt-text rule). */
export async function productHasImage(db: AppDatabase, productId: number | null): Promise<boolean> {
  if (productId === null) return false;
  const [row] = await db.select({ imageUrl: products.imageUrl }).from(products).where(eq(products.id, productId));
  return Boolean(row?.imageUrl);
}

/** Checks and stores an uploaded product image (JPEG/PNG/WebP by its bytes, ≤ 8 MB, ≤ 25 MP, ≤ 8:1) as AVIF/WebP sizes. */
export async function storeProductImage(
  file: File,
  uploadDir: string,
): Promise<
  | { ok: true; image: { variantBase: string; imageUrl: string; width: number; height: number; files: string[] } }
  | { ok: false; status: 400 | 413 | 503; error: StoreFieldError }
> {
  if (file.size > MAX_PRODUCT_IMAGE_BYTES) return { ok: false, status: 413, error: "imageTooLarge" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageType(bytes)) return { ok: false, status: 400, error: "imageType" };
  const stored = await encodeGalleryImage({ input: bytes, uploadDir, urlPrefix: URL_PREFIX });
  if (!stored.ok)
    return {
      ok: false,
      status: imageRefusalStatus(stored.reason),
      error: IMAGE_REFUSAL_FIELD_ERRORS[stored.reason] satisfies StoreFieldError,
    };
  return { ok: true, image: stored.image };
}

const AUDITED = [
  "slug",
  "name",
  "nameEs",
  "description",
  "descriptionEs",
  "category",
  "priceCents",
  "sortOrder",
  "active",
  "imageUrl",
  "imageAlt",
  "imageAltEs",
] as const;

export type SaveProductResult =
  | { ok: true; id: number; created: boolean; changed: boolean }
  | { ok: false; status: 400 | 404; fieldErrors: Record<string, StoreFieldError> };

/**
 * Creates or updates a product with its sizes in one transaction, audited (`product.create` /
 * `product.update`) with a new content version. Stock is set with a plain UPDATE of the row
 * (checkouts change it the same way, one row lock at a time; the check keeps it ≥ 0).
 * A new image replaces the old one (whose files are deleted after the commit).
 */
export async function saveProduct(o: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  productId: number | null;
  input: ProductInput;
  image: { variantBase: string; imageUrl: string; width: number; height: number } | null;
  uploadDir: string;
}): Promise<SaveProductResult> {
  const { input } = o;
  let oldImageBase: string | null = null;
  try {
    const result = await o.db.transaction(async (tx): Promise<SaveProductResult> => {
      const db = tx as unknown as AppDatabase;
      const now = new Date();
      const before =
        o.productId === null ? undefined : (await tx.select().from(products).where(eq(products.id, o.productId)).for("update"))[0];
      if (o.productId !== null && !before) return { ok: false, status: 404, fieldErrors: {} };
      const imageColumns = o.image
        ? { imageUrl: o.image.imageUrl, imageVariantBase: o.image.variantBase, imageWidth: o.image.width, imageHeight: o.image.height }
        : input.removeImage
          ? { imageUrl: null, imageVariantBase: null, imageWidth: null, imageHeight: null }
          : {};
      const columns = {
        name: input.name,
        nameEs: input.nameEs,
        description: input.description,
        descriptionEs: input.descriptionEs,
        category: input.category,
        priceCents: input.priceCents,
        sortOrder: input.sortOrder,
        active: input.active,
        imageAlt: input.removeImage && !o.image ? null : input.imageAlt,
        imageAltEs: input.removeImage && !o.image ? null : input.imageAltEs,
        ...imageColumns,
      };
      let productId: number;
      let row: typeof products.$inferSelect;
      if (!before) {
        const slug = await uniqueSlug(db, products.slug, slugify(input.name, "product"));
        const [created] = await tx
          .insert(products)
          .values({ ...columns, slug, createdAt: now, updatedAt: now })
          .returning();
        if (!created) throw new Error("The product insert returned no row");
        row = created;
        productId = created.id;
      } else {
        const [updated] = await tx
          .update(products)
          .set({ ...columns, updatedAt: now })
          .where(eq(products.id, before.id))
          .returning();
        row = updated!;
        productId = before.id;
        if ("imageUrl" in imageColumns && before.imageVariantBase !== row.imageVariantBase) oldImageBase = before.imageVariantBase;
      }

      // The sizes: removals first, then changes, then new rows (so a label can move between rows).
      const existing = await tx.select().from(productVariants).where(eq(productVariants.productId, productId)).for("update");
      const byId = new Map(existing.map((v) => [v.id, v]));
      const fieldErrors: Record<string, StoreFieldError> = {};
      input.variants.forEach((v, i) => {
        if (v.id !== null && !byId.has(v.id)) fieldErrors[`variants.${i}.label`] = "required";
      });
      if (Object.keys(fieldErrors).length) return { ok: false, status: 400, fieldErrors };
      const removed = input.variants.filter((v) => v.remove && v.id !== null).map((v) => v.id!);
      const keptAfter = input.variants.filter((v) => !v.remove);
      if (keptAfter.length === 0) return { ok: false, status: 400, fieldErrors: { "variants.0.label": "variantRequired" } };
      if (removed.length)
        await tx.delete(productVariants).where(and(eq(productVariants.productId, productId), inArray(productVariants.id, removed)));
      const variantChanges: Record<string, unknown>[] = [];
      const shown = input.variants.filter((v) => !v.remove);
      for (const v of shown) {
        if (v.id !== null) {
          const was = byId.get(v.id)!;
          // Stock the admin did not touch keeps what checkouts did to it since the editor loaded.
          const stock = v.stockWas !== null && v.stock === v.stockWas ? was.stock : v.stock;
          const values = { label: v.label, labelEs: v.labelEs, priceCents: v.priceCents, stock, sortOrder: shown.indexOf(v) };
          const diff = (Object.keys(values) as (keyof typeof values)[]).filter((k) => values[k] !== was[k]);
          if (diff.length === 0) continue;
          await tx
            .update(productVariants)
            .set({ ...values, updatedAt: now })
            .where(and(eq(productVariants.id, v.id), eq(productVariants.productId, productId)));
          variantChanges.push({ id: v.id, ...Object.fromEntries(diff.map((k) => [k, { from: was[k], to: values[k] }])) });
        }
      }
      for (const v of shown) {
        if (v.id !== null) continue;
        const [added] = await tx
          .insert(productVariants)
          .values({
            productId,
            label: v.label,
            labelEs: v.labelEs,
            priceCents: v.priceCents,
            stock: v.stock,
            sortOrder: shown.indexOf(v),
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: productVariants.id });
        variantChanges.push({ id: added?.id, added: { label: v.label, stock: v.stock, priceCents: v.priceCents } });
      }
      for (const id of removed) variantChanges.push({ id, removed: byId.get(id)?.label ?? "" });

      const changedKeys = before ? AUDITED.filter((k) => row[k] !== before[k]) : [...AUDITED];
      if (before && changedKeys.length === 0 && variantChanges.length === 0)
        return { ok: true, id: productId, created: false, changed: false };
      await bumpContentVersion(db);
      await recordAudit({
        db,
        actor: o.actor,
        ipAddress: o.ip,
        entry: {
          action: before ? "product.update" : "product.create",
          entityType: "product",
          entityId: String(productId),
          before: before ? Object.fromEntries(changedKeys.map((k) => [k, before[k]])) : undefined,
          after: {
            ...Object.fromEntries(changedKeys.map((k) => [k, row[k]])),
            ...(variantChanges.length ? { variants: variantChanges } : {}),
          },
        },
      });
      return { ok: true, id: productId, created: !before, changed: true };
    });
    if (result.ok && oldImageBase) await removeFiles(productImageFiles(oldImageBase, o.uploadDir));
    return result;
  } catch (error) {
    // Two sizes that swapped the same label, or a slug taken at the same moment.
    if (isUniqueViolation(error)) return { ok: false, status: 400, fieldErrors: { "variants.0.label": "duplicateLabel" } };
    throw error;
  }
}

/** Deletes a product nobody ordered (409 when an order line refers to one of its sizes), audited (`product.delete`). */
export async function deleteProduct(o: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  productId: number;
  uploadDir: string;
}): Promise<"deleted" | "notFound" | "ordered"> {
  let imageBase: string | null = null;
  const outcome = await o.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    const [row] = await tx.select().from(products).where(eq(products.id, o.productId)).for("update");
    if (!row) return "notFound" as const;
    const [ordered] = await tx
      .select({ n: count() })
      .from(orderItems)
      .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
      .where(eq(productVariants.productId, row.id));
    if (Number(ordered?.n ?? 0) > 0) return "ordered" as const;
    await tx.delete(products).where(eq(products.id, row.id));
    await bumpContentVersion(db);
    await recordAudit({
      db,
      actor: o.actor,
      ipAddress: o.ip,
      entry: {
        action: "product.delete",
        entityType: "product",
        entityId: String(row.id),
        before: Object.fromEntries(AUDITED.map((k) => [k, row[k]])),
      },
    });
    imageBase = row.imageVariantBase;
    return "deleted" as const;
  });
  if (outcome === "deleted") await removeFiles(productImageFiles(imageBase, o.uploadDir));
  return outcome;
}

/** Takes a product off the store without deleting it (the way out when it was ordered), audited (`product.update`). */
export async function deactivateProduct(o: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  productId: number;
}): Promise<"deactivated" | "unchanged" | "notFound"> {
  return o.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    const [row] = await tx.select({ active: products.active }).from(products).where(eq(products.id, o.productId)).for("update");
    if (!row) return "notFound" as const;
    if (!row.active) return "unchanged" as const;
    await tx.update(products).set({ active: false, updatedAt: new Date() }).where(eq(products.id, o.productId));
    await bumpContentVersion(db);
    await recordAudit({
      db,
      actor: o.actor,
      ipAddress: o.ip,
      entry: {
        action: "product.update",
        entityType: "product",
        entityId: String(o.productId),
        before: { active: true },
        after: { active: false },
      },
    });
    return "deactivated" as const;
  });
}
