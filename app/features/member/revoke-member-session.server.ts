import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { sessions } from "~/db/schema";
import { cookieHeaders, failure, fromAuthError, type AuthOutcome } from "~/features/auth/auth-request.server";
import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";

export const ZRevokeSession = z.object({ sessionId: z.string().min(1).max(200) });

export interface RevokeMemberSessionOptions {
  db: AppDatabase;
  request: Request;
  userId: string;
  currentSessionId: string;
  input: Record<string, unknown>;
}

/**
 * Signs one of the member's other devices out. The page names sessions by id, never by
 * token (a token is a credential), and the id is looked up among THIS member's sessions
 * only, so another member's session can't be named. This device signs out with "Sign Out".
 */
export async function revokeMemberSession(options: RevokeMemberSessionOptions): Promise<AuthOutcome> {
  const { db, request, userId } = options;
  const parsed = ZRevokeSession.safeParse(options.input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const [row] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, parsed.data.sessionId), eq(sessions.userId, userId), ne(sessions.id, options.currentSessionId)))
    .limit(1);
  if (!row) return failure("errors.sessionNotFound");
  try {
    const result = await getAuth().api.revokeSession({
      body: { token: row.token },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers: cookieHeaders(result.headers) };
  } catch (error) {
    return fromAuthError(error);
  }
}
