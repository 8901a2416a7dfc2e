import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { sessions } from "~/db/schema";
import { ZTwoFactor } from "~/features/auth/auth-input";
import { checkLimit } from "~/features/auth/auth-request.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { resetRateLimit } from "~/server/rate-limit.server";
import {
  clearAdminSessionCookie,
  extendAdminSession,
  revokeAdminSession,
  revokeAdminSessions,
} from "~/platform/admin/admin-session.server";
import type { AdminMessage } from "../../platform/admin/admin-translation";
import { adminLimits } from "./admin-sign-in.server";
import type { AdminContext } from "~/platform/admin/require-admin.server";
import { logAdminAuthAttempt } from "../../platform/admin/log-admin-auth-attempt.server";
import { decryptTotpCheck } from "./verify-admin-code.server";

export interface SessionUpdateBody {
  ok: boolean;
  notice?: AdminMessage;
  error?: AdminMessage;
  field?: string;
}

export type SessionUpdateResult =
  { type: "redirect"; location: string; headers: Headers } | { type: "data"; status: number; body: SessionUpdateBody };

const ZRevoke = z.object({ sessionId: z.string().uuid() });

/**
 * /admin/session-update actions: log out (spec: admin-session-validate with action logout),
 * extend the session with a fresh code, end another session, end all others.
 */
export async function updateAdminSession(options: {
  context: AdminContext;
  request: Request;
  input: Record<string, unknown>;
  https: boolean;
}): Promise<SessionUpdateResult> {
  const { context, request, input, https } = options;
  const { db, admin, session } = context;
  switch (input.intent) {
    case "logout": {
      await revokeAdminSession({ db, sessionId: session.id, userId: admin.userId });
      // The member session this device keeps must not reopen the portal on its own at the
      // next request (the guard's automatic step): logging out means the code is asked again.
      const member = await getCurrentMember({ db, request });
      if (member) {
        await db
          .update(sessions)
          .set({ twoFactorVerified: false, twoFactorVerifiedAt: null })
          .where(and(eq(sessions.id, member.sessionId), eq(sessions.userId, admin.userId)));
      }
      const headers = new Headers({ "Set-Cookie": clearAdminSessionCookie({ https }) });
      return { type: "redirect", location: "/admin/login", headers };
    }
    case "revoke": {
      const parsed = ZRevoke.safeParse(input);
      if (!parsed.success || parsed.data.sessionId === session.id) return bad("login.errors.tryLater");
      const done = await revokeAdminSession({ db, sessionId: parsed.data.sessionId, userId: admin.userId });
      return done ? ok({ key: "session.revoked" }) : bad("login.errors.tryLater", 404);
    }
    case "revoke-others": {
      const count = await revokeAdminSessions({ db, userId: admin.userId, exceptId: session.id });
      return ok({ key: "session.revokedAll", values: { count } });
    }
    case "extend": {
      const parsed = ZTwoFactor.safeParse(input);
      const code = parsed.success ? parsed.data.code.replace(/\s/g, "") : "";
      if (!/^\d{6}$/.test(code)) return bad("login.errors.invalidCode", 400, "code");
      const key = `admin-2fa:fail:${admin.userId}`;
      const limited = await checkLimit(db, key, adminLimits.failuresPerAccount);
      if (limited) return bad("login.errors.locked", 429, "code", { minutes: 15 });
      const valid = await decryptTotpCheck({ db, userId: admin.userId, code });
      if (!valid) {
        await logAdminAuthAttempt({
          db,
          request,
          email: admin.email ?? admin.userId,
          userId: admin.userId,
          success: false,
          method: "two-factor",
          failureReason: "invalid code (extend)",
        });
        return bad("login.errors.invalidCode", 400, "code");
      }
      await resetRateLimit(db, key);
      const extended = await extendAdminSession({ db, sessionId: session.id });
      if (!extended) return bad("login.errors.tryLater");
      return ok({ key: "session.extended", values: { time: extended.absoluteExpiresAt.toISOString() } });
    }
    default:
      return bad("login.errors.tryLater");
  }
}

function ok(notice: AdminMessage): SessionUpdateResult {
  return { type: "data", status: 200, body: { ok: true, notice } };
}

function bad(key: AdminMessage["key"], status = 400, field?: string, values?: AdminMessage["values"]): SessionUpdateResult {
  return { type: "data", status, body: { ok: false, error: { key, values }, field } };
}
