import { z } from "zod";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { editPrayerRequest } from "./edit-prayer-request.server";
import { moderatePrayerRequest } from "./moderate-prayer-request.server";
import type { PrayerAdminOutcome } from "./prayer-admin-result";
import { replyToPrayerAuthor } from "./reply-to-prayer-author.server";
import { savePrayerSettings } from "./save-prayer-settings.server";
import { updatePrayerFollowUp } from "./update-prayer-follow-up.server";

export const MODERATION_INTENTS = ["approve", "hide", "edit", "delete"] as const;
export const INBOX_INTENTS = [...MODERATION_INTENTS, "follow-up", "reply", "settings"] as const;
type Intent = (typeof INBOX_INTENTS)[number];
const ZId = z.object({ id: z.uuid() });

/**
 * The staff actions on prayer requests, for the inbox and the moderation queue (which allows
 * only approve, hide, edit and delete, and never on a private request: those are for the
 * pastoral team's inbox alone, so `publicOnly` answers 404 for them). The caller has already
 * checked the admin scope.
 */
export async function runPrayerAdminAction(o: {
  request: Request;
  ctx: AdminContext;
  allowed: readonly Intent[];
  publicOnly?: boolean;
}): Promise<{ intent: Intent | null; outcome: PrayerAdminOutcome }> {
  const { db, admin, ip } = o.ctx;
  const input = await readInput(o.request);
  const intent =
    typeof input?.intent === "string" && (o.allowed as readonly string[]).includes(input.intent) ? (input.intent as Intent) : null;
  if (!input || !intent) return { intent, outcome: { ok: false, status: 400, key: "admin.errors.invalidRequest" } };
  const actor = { userId: admin.userId, name: admin.name };
  const publicOnly = o.publicOnly ?? false;
  switch (intent) {
    case "approve":
    case "hide":
    case "delete": {
      const parsed = ZId.safeParse(input);
      if (!parsed.success) return { intent, outcome: { ok: false, status: 400, key: "admin.errors.invalidRequest" } };
      return { intent, outcome: await moderatePrayerRequest({ db, actor, ip, id: parsed.data.id, decision: intent, publicOnly }) };
    }
    case "edit":
      return { intent, outcome: await editPrayerRequest({ db, actor, ip, input, publicOnly }) };
    case "follow-up":
      return { intent, outcome: await updatePrayerFollowUp({ db, actor, ip, input }) };
    case "reply":
      return { intent, outcome: await replyToPrayerAuthor({ db, actor, ip, input, siteUrl: siteUrl(getEnv()) }) };
    case "settings":
      return { intent, outcome: await savePrayerSettings({ db, actor, ip, input }) };
  }
}
