import { data } from "react-router";
import { readInput } from "~/server/request-input.server";
import { NO_STORE, type AdminContext } from "~/platform/admin/require-admin.server";
import { kindByIntent, type FieldErrorCode } from "./content-fields";
import { runPrayerPartAction } from "./prayer-library.server";
import { runFaqAction } from "~/features/assistant/faq-admin.server";
import { deleteListItem, saveContentItem } from "./save-content-item.server";
import { setFeaturedEvent } from "./set-featured-event.server";
import { uploadDirectory } from "~/platform/uploads/upload-image.server";
import { uploadContentImage, type UploadErrorCode } from "./upload-content-image.server";
import { IMAGE_BUSY_HEADERS } from "~/server/image-jobs.server";

export interface ContentActionData {
  intent: string;
  /** The item the answer belongs to (its form shows the notice). */
  id: string | null;
  ok: boolean;
  /** `content.messages.<code>` */
  message:
    | "saved"
    | "created"
    | "deleted"
    | "unchanged"
    | "invalid"
    | "notFound"
    | "featured"
    | "uploaded"
    | "partCreated"
    | "partActivated"
    | "partDeactivated"
    | "partDeleted"
    | "faqCreated"
    | "faqActivated"
    | "faqDeactivated"
    | "faqDeleted"
    | UploadErrorCode;
  fieldErrors?: Record<string, FieldErrorCode>;
  /** What was posted, to refill the form after an error. */
  values?: Record<string, string>;
}

const answer = (body: ContentActionData, status = 200, headers?: Record<string, string>) =>
  data(body, { status, headers: { ...NO_STORE, ...headers } });

/** The content section's POST: one intent per form. */
export async function handleContentAction(request: Request, ctx: AdminContext, uploadDir = uploadDirectory()) {
  const actor = ctx.admin;
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("multipart/form-data")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return answer({ intent: "upload-image", id: null, ok: false, message: "invalid" }, 400);
    }
    const id = typeof form.get("id") === "string" ? (form.get("id") as string) : null;
    if (form.get("intent") !== "upload-image") return answer({ intent: "unknown", id, ok: false, message: "invalid" }, 400);
    const result = await uploadContentImage({ db: ctx.db, actor, ip: ctx.ip, form, uploadDir });
    if (!result.ok)
      return answer(
        { intent: "upload-image", id, ok: false, message: result.error },
        result.status,
        result.status === 503 ? IMAGE_BUSY_HEADERS : undefined,
      );
    return answer({ intent: "upload-image", id: result.id, ok: true, message: "uploaded" });
  }

  const input = await readInput(request);
  if (!input) return answer({ intent: "unknown", id: null, ok: false, message: "invalid" }, 400);
  const intent = typeof input.intent === "string" ? input.intent : "";
  const id = typeof input.id === "string" ? input.id : null;

  const kind = kindByIntent.get(intent);
  if (kind) {
    const result = await saveContentItem({ db: ctx.db, actor, ip: ctx.ip, kind, input });
    if (!result.ok) {
      const values: Record<string, string> = {};
      for (const [k, v] of Object.entries(input)) if (typeof v === "string") values[k] = v;
      return answer({ intent, id, ok: false, message: result.reason, fieldErrors: result.fieldErrors, values }, result.status);
    }
    return answer({ intent, id: result.id, ok: true, message: result.created ? "created" : result.changed ? "saved" : "unchanged" });
  }
  if (intent === "delete-leader" || intent === "delete-value") {
    const kind = intent === "delete-leader" ? "leader" : "value";
    const result = await deleteListItem({ db: ctx.db, actor, ip: ctx.ip, kind, id });
    if (!result.ok) return answer({ intent, id, ok: false, message: result.status === 404 ? "notFound" : "invalid" }, result.status);
    return answer({ intent, id: `${kind}-deleted`, ok: true, message: "deleted" });
  }
  if (intent === "set-featured-event") {
    const result = await setFeaturedEvent({ db: ctx.db, actor, ip: ctx.ip, input });
    if (!result.ok) return answer({ intent, id: null, ok: false, message: result.status === 404 ? "notFound" : "invalid" }, result.status);
    return answer({ intent, id: null, ok: true, message: result.changed ? "featured" : "unchanged" });
  }
  if (intent.startsWith("prayer-part-")) {
    const result = await runPrayerPartAction({ db: ctx.db, actor, ip: ctx.ip, intent, input });
    if (!result.ok) {
      const values: Record<string, string> = {};
      for (const [k, v] of Object.entries(input)) if (typeof v === "string") values[k] = v;
      return answer({ intent, id: result.id, ok: false, message: result.message, fieldErrors: result.fieldErrors, values }, result.status);
    }
    return answer({ intent, id: result.id, ok: true, message: result.message });
  }
  if (intent.startsWith("faq-")) {
    const result = await runFaqAction({ db: ctx.db, actor, ip: ctx.ip, intent, input });
    if (!result.ok) {
      const values: Record<string, string> = {};
      for (const [k, v] of Object.entries(input)) if (typeof v === "string") values[k] = v;
      return answer({ intent, id: result.id, ok: false, message: result.message, fieldErrors: result.fieldErrors, values }, result.status);
    }
    return answer({ intent, id: result.id, ok: true, message: result.message });
  }
  return answer({ intent: "unknown", id, ok: false, message: "invalid" }, 400);
}
