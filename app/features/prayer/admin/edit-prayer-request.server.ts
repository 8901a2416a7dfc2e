import { z } from "zod";
import type { AppDatabase } from "~/server/db.server";
import { MAX_BODY, MAX_TITLE } from "~/features/prayer/prayer-views";
import { changePrayerRequest, type PrayerActor } from "./change-prayer-request.server";
import type { PrayerAdminOutcome } from "./prayer-admin-result";

const ZEdit = z.object({
  id: z.uuid(),
  title: z.string().trim().max(MAX_TITLE, "title").optional().default(""),
  body: z.string().trim().min(1, "bodyRequired").max(MAX_BODY, "bodyTooLong"),
});

/** Staff correct a request's title and text (e.g. remove a surname or a phone number). */
export async function editPrayerRequest(o: {
  db: AppDatabase;
  actor: PrayerActor;
  ip: string;
  input: Record<string, unknown>;
  publicOnly?: boolean;
}): Promise<PrayerAdminOutcome> {
  const parsed = ZEdit.safeParse(o.input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.path[0] === "title")
      return { ok: false, status: 400, key: "errors.titleTooLong", values: { max: MAX_TITLE }, field: "title" };
    if (issue?.path[0] === "body")
      return {
        ok: false,
        status: 400,
        key: issue.message === "bodyTooLong" ? "errors.bodyTooLong" : "errors.bodyRequired",
        values: { max: MAX_BODY },
        field: "body",
      };
    return { ok: false, status: 400, key: "admin.errors.invalidRequest" };
  }
  return changePrayerRequest({
    ...o,
    id: parsed.data.id,
    action: "prayer.edit",
    changes: { title: parsed.data.title || null, body: parsed.data.body },
  });
}
