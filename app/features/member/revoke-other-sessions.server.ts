import { readAdminToken, revokeAdminSessions } from "~/platform/admin/admin-session.server";
import { cookieHeaders, fromAuthError, type AuthOutcome } from "~/features/auth/auth-request.server";
import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";

/**
 * Signs the member out on every other browser and device; this one stays signed in. Their
 * admin portal sessions on those devices end too (this device's, if any, stays).
 */
export async function revokeOtherSessions({
  db,
  request,
  userId,
}: {
  db: AppDatabase;
  request: Request;
  userId: string;
}): Promise<AuthOutcome> {
  try {
    const result = await getAuth().api.revokeOtherSessions({ headers: request.headers, returnHeaders: true });
    await revokeAdminSessions({ db, userId, exceptToken: readAdminToken(request.headers.get("cookie")) });
    return { ok: true, headers: cookieHeaders(result.headers) };
  } catch (error) {
    return fromAuthError(error);
  }
}
