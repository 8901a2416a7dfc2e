import { checkLimit } from "~/features/auth/auth-request.server";
import type { AdminMessage } from "../../../platform/admin/admin-translation";
import type { AdminContext } from "~/platform/admin/require-admin.server";

/** Test sends per administrator: enough to try a fix a few times, not enough to spam. */
export const TEST_SEND_LIMIT = { limit: 5, windowSeconds: 15 * 60 };

/** Counts one test send; the refusal's message when over the limit. */
export async function checkTestSendLimit(context: Pick<AdminContext, "db" | "admin">): Promise<AdminMessage | null> {
  const refused = await checkLimit(context.db, `admin-test-send:${context.admin.userId}`, TEST_SEND_LIMIT);
  if (!refused) return null;
  const minutes = Math.max(1, Math.ceil(Number(refused.error.values?.minutes ?? Number(refused.error.values?.seconds ?? 60) / 60)));
  return { key: "settings.integrations.rateLimited", values: { minutes } };
}
