import { data, redirect } from "react-router";
import { NO_STORE, type AdminContext } from "~/platform/admin/require-admin.server";
import { deleteSermon } from "./delete-sermon.server";
import { saveSermon } from "./save-sermon.server";
import type { SermonFieldError, SermonFormValues } from "./sermon-form";
import { createSermonUploads, uploadRoot } from "./sermon-uploads.server";
import { FormReadError, readStreamedForm } from "~/platform/uploads/stream-form-data.server";

/** Control characters other than tab and line breaks: no field takes them (PostgreSQL refuses NUL). */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export type SermonFormResult = {
  ok: false;
  message: "invalid" | "notFound" | "confirmDelete";
  fieldErrors: Record<string, SermonFieldError>;
  values: SermonFormValues;
  topicIds: string[];
};

/**
 * The sermon editor's POST (a new sermon when `sermonId` is null), called after the admin
 * check so nothing is stored for a visitor without the scope. The body is streamed: files go
 * to disk as they arrive. `intent=delete` (with `confirm=yes`) deletes; anything else saves
 * and redirects to the sermon's editor with a notice flag. Refusals answer 400/404 with
 * field errors and what was typed, and leave no file behind.
 */
export async function handleSermonFormAction(request: Request, ctx: AdminContext, sermonId: number | null, root = uploadRoot()) {
  const uploads = createSermonUploads(root);
  const refuse = (
    status: 400 | 404,
    message: "invalid" | "notFound" | "confirmDelete",
    fieldErrors: Record<string, SermonFieldError> = {},
    values: SermonFormValues = {},
    topicIds: string[] = [],
  ) => data<SermonFormResult>({ ok: false, message, fieldErrors, values, topicIds }, { status, headers: NO_STORE });

  let fields: Array<[string, string]>;
  try {
    fields = await readStreamedForm(request, { onFile: uploads.onFile, maxFields: 300 });
  } catch (error) {
    await uploads.removeAll();
    if (error instanceof FormReadError) return refuse(400, "invalid");
    throw error;
  }
  const values: SermonFormValues = {};
  const topicIds: string[] = [];
  for (const [key, value] of fields) {
    if (CONTROL_CHARACTER.test(value)) {
      await uploads.removeAll();
      return refuse(400, "invalid");
    }
    if (key === "topicIds") topicIds.push(value);
    else values[key] = value;
  }

  if (values.intent === "delete") {
    await uploads.removeAll();
    if (sermonId === null) return refuse(404, "notFound");
    if (values.confirm !== "yes") return refuse(400, "confirmDelete", {}, values, topicIds);
    const result = await deleteSermon({ db: ctx.db, actor: ctx.admin, ip: ctx.ip, sermonId, uploadRoot: root });
    if (!result.ok) return refuse(404, "notFound");
    throw redirect("/admin/sermons?deleted=1", { status: 303, headers: NO_STORE });
  }

  const result = await saveSermon({ db: ctx.db, actor: ctx.admin, ip: ctx.ip, sermonId, values, topicIds, uploads, uploadRoot: root });
  if (!result.ok) return refuse(result.status, result.reason, result.fieldErrors, values, topicIds);
  const flag = result.created ? "created" : result.changed ? "saved" : "unchanged";
  throw redirect(`/admin/sermons/${result.id}?${flag}=1`, { status: 303, headers: NO_STORE });
}
