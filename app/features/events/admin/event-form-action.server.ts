import { data, redirect } from "react-router";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { uploadDirectory } from "~/platform/uploads/upload-image.server";
import { NO_STORE, type AdminContext } from "~/platform/admin/require-admin.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { MAX_QUESTIONS } from "./event-form";
import type { EventFormResult } from "./event-result";
import { readEventPost } from "./parse-event-input.server";
import { saveEvent } from "./save-event.server";

/**
 * The event form's POST (new event when `eventId` is null): `intent=add-question` gives the
 * form back with one more question row; anything else saves, then redirects to the event's
 * page with a notice flag. Refusals answer 400/404 with field errors and what was typed.
 */
export async function handleEventFormAction(request: Request, ctx: AdminContext, eventId: number | null, uploadDir = uploadDirectory()) {
  const post = await readEventPost(request);
  if (!post) {
    return data<EventFormResult>({ ok: false, message: "invalid", fieldErrors: {}, values: {} }, { status: 400, headers: NO_STORE });
  }
  if (post.values.intent === "add-question") {
    const count = Math.min((Number.parseInt(post.values.questionCount ?? "0", 10) || 0) + 1, MAX_QUESTIONS);
    return data<EventFormResult>(
      { ok: false, message: "addedQuestion", fieldErrors: {}, values: { ...post.values, questionCount: String(count) } },
      { headers: NO_STORE },
    );
  }
  const result = await saveEvent({
    db: ctx.db,
    actor: ctx.admin,
    ip: ctx.ip,
    eventId,
    post,
    timeZone: await churchTimeZone(ctx.db),
    uploadDir,
    siteUrl: siteUrl(getEnv()),
  });
  if (!result.ok) {
    return data<EventFormResult>(
      { ok: false, message: result.reason, fieldErrors: result.fieldErrors, values: post.values },
      { status: result.status, headers: NO_STORE },
    );
  }
  const flag = result.created ? "created" : result.changed ? "saved" : "unchanged";
  throw redirect(`/admin/events/${result.id}?${flag}=1`, { status: 303, headers: NO_STORE });
}
