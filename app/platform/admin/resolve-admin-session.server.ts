import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import type { AppDatabase } from "~/server/db.server";
import { clientIp } from "~/server/request-input.server";
import {
  ADMIN_ABSOLUTE_SECONDS,
  adminSessionCookie,
  clearAdminSessionCookie,
  createAdminSession,
  findAdminIdentity,
  readAdminToken,
  validateAdminSession,
  type ValidatedAdminSession,
} from "./admin-session.server";
import { logAdminAuthAttempt } from "~/platform/admin/log-admin-auth-attempt.server";

export interface ResolvedAdminSession {
  validated: ValidatedAdminSession | null;
  /** The token now valid for this request (new or existing), for the request's own cookie. */
  token: string | null;
  setCookies: string[];
}

/**
 * The guard's rule (spec "Admin session"), run once per /admin request before any loader:
 * a valid stored session is used; an invalid one is removed, and then — as when none was
 * stored — a signed-in member with the admin role whose member session proved a second
 * factor less than 8 hours ago gets an admin session automatically, ending no later than 8
 * hours after that proof. Otherwise there is none (loaders send the visitor to /admin/login,
 * which asks for the code). The member session lasts 30 days and renews itself; without the
 * 8-hour bound, letting the admin session expire would only mean getting a fresh one.
 */
export async function resolveAdminSession(options: { db: AppDatabase; request: Request; https: boolean }): Promise<ResolvedAdminSession> {
  const { db, request, https } = options;
  const setCookies: string[] = [];
  const stored = readAdminToken(request.headers.get("cookie"));
  if (stored) {
    const validated = await validateAdminSession({ db, token: stored });
    if (validated) return { validated, token: stored, setCookies };
    setCookies.push(clearAdminSessionCookie({ https }));
  }
  const member = await getCurrentMember({ db, request });
  for (const cookie of member?.headers.getSetCookie() ?? []) setCookies.push(cookie);
  const provenAt = member?.twoFactorVerified ? member.twoFactorVerifiedAt : null;
  // A session marked before the proof's time was stored (migration 0012) has none: code again.
  if (!member || !provenAt) return { validated: null, token: null, setCookies };
  const notAfter = new Date(provenAt.getTime() + ADMIN_ABSOLUTE_SECONDS * 1000);
  if (notAfter.getTime() <= Date.now()) return { validated: null, token: null, setCookies };
  const admin = await findAdminIdentity({ db, userId: member.member.id });
  if (!admin) return { validated: null, token: null, setCookies };
  const created = await createAdminSession({
    db,
    userId: admin.userId,
    method: "member-session",
    ipAddress: clientIp(request),
    userAgent: request.headers.get("user-agent"),
    notAfter,
  });
  await logAdminAuthAttempt({
    db,
    request,
    email: admin.email ?? admin.userId,
    userId: admin.userId,
    success: true,
    method: "member-session",
  });
  setCookies.push(adminSessionCookie(created.token, { https }));
  return { validated: { session: created.session, admin }, token: created.token, setCookies };
}
