import type { AdminContext } from "~/platform/admin/require-admin.server";
import { checkBrandColor } from "~/platform/church/brand-palette";
import { updateChurchSettings } from "~/platform/church/update-church-settings.server";
import {
  MAX_IMAGE_BYTES,
  removeImageFiles,
  sniffImageType,
  storeImageVariants,
  uploadDirectory,
} from "~/platform/uploads/upload-image.server";
import { success, type SettingsResult } from "./settings-result";

type Context = Pick<AdminContext, "db" | "admin" | "ip">;

/**
 * The church's main colour (issue 34): a hex colour whose shades keep WCAG AA contrast on every
 * pairing the pages use (brand-palette.ts), or "" for the built-in teal. Audit-logged; the
 * pages show it at once (content version).
 */
export async function saveBrandColor({ context, input }: { context: Context; input: Record<string, unknown> }): Promise<SettingsResult> {
  const raw = typeof input.brandColor === "string" ? input.brandColor.trim() : "";
  const reset = input.reset === "true" || raw === "";
  let color: string | null = null;
  if (!reset) {
    const checked = checkBrandColor(raw);
    if (!checked.ok) {
      const message =
        checked.reason === "format"
          ? { key: "settings.look.errors.format" as const }
          : { key: "settings.look.errors.contrast" as const, values: { ratio: (checked.contrast ?? 1).toFixed(1) } };
      return {
        ok: false,
        status: 400,
        intent: "save-look",
        error: message,
        fieldErrors: { brandColor: message },
        values: { brandColor: raw },
      };
    }
    color = checked.color;
  }
  const outcome = await updateChurchSettings({
    db: context.db,
    actor: context.admin,
    ipAddress: context.ip,
    action: "settings.look.update",
    next: { brandColor: color },
  });
  if (outcome === "notFound") return { ok: false, status: 404, intent: "save-look", error: { key: "settings.look.errors.profileFirst" } };
  return success("save-look", { key: outcome === "saved" ? "settings.look.saved" : "settings.profile.unchanged" });
}

/**
 * The church's logo: a JPEG, PNG or WebP (≤ 8 MB, type read from the bytes) re-encoded like
 * every upload (WebP, metadata stripped); the header shows its 480-pixel copy. `remove` puts
 * the built-in mark back.
 */
export async function saveLogo({ context, form }: { context: Context; form: FormData }): Promise<SettingsResult> {
  const fail = (status: 400 | 404 | 409 | 429, key: "noFile" | "tooLarge" | "badType" | "unreadable" | "busy" | "profileFirst") =>
    ({ ok: false, status, intent: "save-logo", error: { key: `settings.look.errors.${key}` } }) as const;
  if (form.get("remove") === "true") {
    const outcome = await updateChurchSettings({
      db: context.db,
      actor: context.admin,
      ipAddress: context.ip,
      action: "settings.logo.remove",
      next: { logoUrl: null },
    });
    if (outcome === "notFound") return fail(404, "profileFirst");
    return success("save-logo", { key: "settings.look.logoRemoved" });
  }
  const file = form.get("logo");
  if (!file || typeof file === "string" || file.size === 0) return fail(400, "noFile");
  if (file.size > MAX_IMAGE_BYTES) return fail(400, "tooLarge");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageType(bytes)) return fail(400, "badType");
  const stored = await storeImageVariants(bytes, uploadDirectory());
  if (!stored.ok) return stored.reason === "busy" ? fail(429, "busy") : fail(400, "unreadable");
  const logoUrl = stored.url.replace(/-\d+\.webp$/, "-480.webp");
  const outcome = await updateChurchSettings({
    db: context.db,
    actor: context.admin,
    ipAddress: context.ip,
    action: "settings.logo.upload",
    next: { logoUrl },
  });
  if (outcome === "notFound") {
    await removeImageFiles(stored.files);
    return fail(404, "profileFirst");
  }
  return success("save-logo", { key: "settings.look.logoSaved" });
}
