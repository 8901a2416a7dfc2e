import { eq } from "drizzle-orm";
import { z } from "zod";
import { sessions } from "~/db/schema";
import { PASSWORD_MAX } from "~/features/auth/auth-input";
import { cookieHeaders, failure, fromAuthError, type AuthOutcome } from "~/features/auth/auth-request.server";
import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { hasPassword } from "./has-password.server";
import { withAttemptLimit } from "./password-attempts.server";
import { formText, isDeleteConfirmation } from "./settings-input";

export const ZDeleteAccount = z.object({ confirmation: formText, password: formText });

export interface DeleteMemberAccountOptions {
  db: AppDatabase;
  request: Request;
  userId: string;
  sessionId: string;
  input: Record<string, unknown>;
}

/**
 * Deletes the member's account for good: the confirmation word (DELETE or ELIMINAR), their
 * password when they have one, else a session started within better-auth's `freshAge`.
 * Public content is anonymised first; the profile, roles, sessions and two-factor secret go
 * with the user row (FK cascades). `headers` clears the session cookie.
 */
export async function deleteMemberAccount(options: DeleteMemberAccountOptions): Promise<AuthOutcome> {
  const { db, request, userId } = options;
  const parsed = ZDeleteAccount.safeParse(options.input);
  if (!parsed.success) return failure("errors.invalidRequest");
  if (!isDeleteConfirmation(parsed.data.confirmation)) return failure("errors.confirmationRequired", 400, "confirmation");
  const api = getAuth().api;
  const needsPassword = await hasPassword({ db, userId });
  const password = needsPassword ? parsed.data.password : undefined;

  if (password !== undefined) {
    if (!password) return failure("errors.passwordRequired", 400, "password");
    if (password.length > PASSWORD_MAX) return failure("errors.wrongPassword", 400, "password");
    // Checked before anything is anonymised: a wrong password must change nothing.
    const verified = await withAttemptLimit({ db, userId, kind: "password" }, async () => {
      try {
        await api.verifyPassword({ body: { password }, headers: request.headers });
        return { ok: true };
      } catch (error) {
        const outcome = fromAuthError(error);
        return outcome.error.key === "errors.wrongPassword" ? { ...outcome, field: "password" } : outcome;
      }
    });
    if (!verified.ok) return verified;
  } else if (!(await isFreshSession(db, options.sessionId))) {
    // better-auth would refuse the deletion after the anonymising: refuse first.
    return failure("errors.freshSignInRequired", 403);
  }

  // better-auth's beforeDelete hook runs anonymizeMemberContent inside the deletion.
  try {
    const result = await api.deleteUser({ body: { password }, headers: request.headers, returnHeaders: true });
    return { ok: true, headers: cookieHeaders(result.headers) };
  } catch (error) {
    const outcome = fromAuthError(error);
    return outcome.error.key === "errors.signInRequired" ? failure("errors.freshSignInRequired", 403) : outcome;
  }
}

/** A session younger than better-auth's `freshAge` may delete without a password. */
async function isFreshSession(db: AppDatabase, sessionId: string): Promise<boolean> {
  const freshAgeSeconds = getAuth().options.session?.freshAge ?? 60 * 60 * 24;
  if (freshAgeSeconds === 0) return true;
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return Boolean(row) && Date.now() - row!.createdAt.getTime() < freshAgeSeconds * 1000;
}
