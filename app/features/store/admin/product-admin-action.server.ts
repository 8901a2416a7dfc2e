import { unlink } from "node:fs/promises";
import { data, redirect } from "react-router";
import { NO_STORE, type AdminContext } from "~/platform/admin/require-admin.server";
import { deactivateProduct, deleteProduct, productHasImage, saveProduct, storeProductImage, storeUploadDir } from "./product-admin.server";
import { parseProductInput, readProductPost } from "./parse-product-input.server";
import type { StoreAdminResult } from "./store-admin-form";
import { IMAGE_BUSY_HEADERS } from "~/server/image-jobs.server";

/**
 * POST /admin/store/products/new and /admin/store/products/:productId (the route has checked the
 * "store" scope): save the product with its sizes and image, or delete it. Refusals answer 4xx
 * with a message key the page translates; success redirects (303).
 */
export async function handleProductAdminAction(
  request: Request,
  ctx: AdminContext,
  productId: number | null,
  uploadDir = storeUploadDir(),
) {
  const post = await readProductPost(request);
  const intent = post?.intent === "save" || post?.intent === "delete" || post?.intent === "deactivate" ? post.intent : null;
  const answer = (
    status: number,
    result: Omit<StoreAdminResult, "ok" | "intent" | "fieldErrors"> & Partial<Pick<StoreAdminResult, "fieldErrors">>,
  ) =>
    data<StoreAdminResult>(
      { ok: false, intent, fieldErrors: {}, ...result },
      // "Busy" (the image queue is full, ADR 030): when to try again.
      { status, headers: status === 503 ? { ...NO_STORE, ...IMAGE_BUSY_HEADERS } : NO_STORE },
    );
  if (!post || !intent) return answer(400, { message: "invalidRequest" });

  if (intent === "deactivate") {
    if (productId === null) return answer(400, { message: "invalidRequest" });
    const outcome = await deactivateProduct({ db: ctx.db, actor: ctx.admin, ip: ctx.ip, productId });
    if (outcome === "notFound") return answer(404, { message: "notFound" });
    throw redirect(`/admin/store/products/${productId}?${outcome === "deactivated" ? "deactivated" : "unchanged"}=1`, {
      status: 303,
      headers: NO_STORE,
    });
  }

  if (intent === "delete") {
    if (productId === null) return answer(400, { message: "invalidRequest" });
    if (!post.confirm) return answer(400, { message: "confirmDelete" });
    const outcome = await deleteProduct({ db: ctx.db, actor: ctx.admin, ip: ctx.ip, productId, uploadDir });
    if (outcome === "notFound") return answer(404, { message: "notFound" });
    if (outcome === "ordered") return answer(409, { message: "productOrdered" });
    throw redirect("/admin/store?notice=deleted#products", { status: 303, headers: NO_STORE });
  }

  const hadImage = await productHasImage(ctx.db, productId);
  const parsed = parseProductInput(post.values, (removeImage) => Boolean(post.file) || (hadImage && !removeImage));
  if (!parsed.ok) return answer(400, { message: "invalid", values: post.values, fieldErrors: parsed.fieldErrors });
  let image = null;
  if (post.file) {
    const stored = await storeProductImage(post.file, uploadDir);
    if (!stored.ok) return answer(stored.status, { message: "invalid", values: post.values, fieldErrors: { image: stored.error } });
    image = stored.image;
  }
  let result;
  try {
    result = await saveProduct({ db: ctx.db, actor: ctx.admin, ip: ctx.ip, productId, input: parsed.input, image, uploadDir });
  } catch (error) {
    if (image) await Promise.all(image.files.map((f) => unlink(f).catch(() => undefined)));
    throw error;
  }
  if (!result.ok) {
    if (image) await Promise.all(image.files.map((f) => unlink(f).catch(() => undefined)));
    return answer(result.status, {
      message: result.status === 404 ? "notFound" : "invalid",
      values: post.values,
      fieldErrors: result.fieldErrors,
    });
  }
  const flag = result.created ? "created" : result.changed ? "saved" : "unchanged";
  throw redirect(`/admin/store/products/${result.id}?${flag}=1`, { status: 303, headers: NO_STORE });
}
