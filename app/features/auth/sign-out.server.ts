import { isAPIError } from "better-auth/api";
import {
  clearAdminSessionCookie,
  readAdminToken,
  revokeAdminSessionByToken,
  revokeAdminSessions,
} from "~/platform/admin/admin-session.server";
import { adminCookiesSecure } from "~/platform/admin/require-admin.server";
import { revokeCalendarFeed } from "~/platform/auth/revoke-calendar-feed.server";
import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { cookieHeaders } from "./auth-request.server";

/**
 * Ends this device's session (`everywhere`: every session of the member). Always clears the
 * cookie. The admin portal's sessions end with it (ADR 012: they stand on the member's
 * sign-in): this device's, and with `everywhere` every one of the member's, so a lost or
 * shared device is not left in the portal after "Sign out everywhere". "Everywhere" also
 * ends the private calendar link: a lost device's calendar app stops getting the member's
 * events (the member subscribes again with the new link).
 */
export async function signOut(options: { db: AppDatabase; request: Request; everywhere?: boolean }): Promise<Headers> {
  const api = getAuth().api;
  const { db, request } = options;
  const adminToken = readAdminToken(request.headers.get("cookie"));
  const adminUserId = adminToken ? await revokeAdminSessionByToken({ db, token: adminToken }) : null;
  if (options.everywhere) {
    const current = await api.getSession({ headers: request.headers });
    // No valid session means nothing to revoke; any other failure must not be reported as
    // "signed out everywhere" while other devices stay signed in.
    await api.revokeSessions({ headers: request.headers }).catch((error: unknown) => {
      if (!isAPIError(error)) throw error;
    });
    const userId = current?.user.id ?? adminUserId;
    if (userId) await Promise.all([revokeAdminSessions({ db, userId }), revokeCalendarFeed({ db, userId })]);
  }
  let headers: Headers;
  try {
    const result = await api.signOut({ headers: request.headers, returnHeaders: true });
    headers = cookieHeaders(result.headers);
  } catch {
    headers = cookieHeaders(undefined);
  }
  if (adminToken) headers.append("Set-Cookie", clearAdminSessionCookie({ https: adminCookiesSecure() }));
  return headers;
}
