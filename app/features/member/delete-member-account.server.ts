import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { recurringGifts, sessions } from "~/db/schema";
import { PASSWORD_MAX } from "~/features/auth/auth-input";
import { cookieHeaders, failure, fromAuthError, type AuthOutcome } from "~/features/auth/auth-request.server";
import type { AuthMessage, AuthMessageKey } from "~/features/auth/auth-translation";
import { deletionContext } from "~/features/privacy/erase-member-account.server";
import { AccountDeletionBlocked, findDeletionBlocker, type DeletionBlocker } from "~/features/privacy/find-deletion-blocker.server";
import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { getStripe } from "~/server/stripe.server";
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
 * Deletes the member's account for good (ADR 021): the confirmation word (DELETE or
 * ELIMINAR), nothing that must wait (last administrator, an unfinished store order), their
 * password when they have one, else a session started within better-auth's `freshAge`; then
 * their recurring gifts are cancelled at Stripe and better-auth deletes the user, its
 * `beforeDelete` hook erasing everything else in one transaction (eraseMemberAccount).
 * Every session goes with the user row; `headers` clears this browser's cookie.
 */
export async function deleteMemberAccount(options: DeleteMemberAccountOptions): Promise<AuthOutcome | DeletionRefusal> {
  const { db, request, userId } = options;
  const parsed = ZDeleteAccount.safeParse(options.input);
  if (!parsed.success) return failure("errors.invalidRequest");
  if (!isDeleteConfirmation(parsed.data.confirmation)) return failure("errors.confirmationRequired", 400, "confirmation");
  const blocker = await findDeletionBlocker(db, userId);
  if (blocker) return blocked(blocker);
  const api = getAuth().api;
  const needsPassword = await hasPassword({ db, userId });
  const password = needsPassword ? parsed.data.password : undefined;

  if (password !== undefined) {
    if (!password) return failure("errors.passwordRequired", 400, "password");
    if (password.length > PASSWORD_MAX) return failure("errors.wrongPassword", 400, "password");
    // Checked before anything is changed: a wrong password must change nothing.
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
    // better-auth would refuse the deletion after the erasing: refuse first.
    return failure("errors.freshSignInRequired", 403);
  }

  const cancelled = await cancelRecurringGifts(db, userId);
  if (cancelled === null) return refusal(503, "errors.recurringGiftsNotCancelled");

  // better-auth's beforeDelete hook runs eraseMemberAccount inside the deletion.
  try {
    const result = await deletionContext.run({ cancelledRecurringGifts: cancelled }, () =>
      api.deleteUser({ body: { password }, headers: request.headers, returnHeaders: true }),
    );
    return { ok: true, headers: cookieHeaders(result.headers) };
  } catch (error) {
    if (error instanceof AccountDeletionBlocked) return blocked(error.blocker);
    const outcome = fromAuthError(error);
    return outcome.error.key === "errors.signInRequired" ? failure("errors.freshSignInRequired", 403) : outcome;
  }
}

/** A refusal no other settings form gives: the account can't go yet (409) or Stripe is down (503). */
export interface DeletionRefusal {
  ok: false;
  status: 409 | 503;
  error: AuthMessage;
  field?: undefined;
  headers?: undefined;
}

function refusal(status: 409 | 503, key: AuthMessageKey, values?: AuthMessage["values"]): DeletionRefusal {
  return { ok: false, status, error: values ? { key, values } : { key } };
}

function blocked(blocker: DeletionBlocker): DeletionRefusal {
  return blocker.kind === "lastAdmin"
    ? refusal(409, "errors.lastAdministrator")
    : refusal(409, "errors.openStoreOrder", { number: blocker.number });
}

/**
 * Stops the member's recurring gifts at Stripe before the account goes (nobody could manage
 * them afterwards). Answers how many were cancelled, or null when one could not be: then
 * nothing is deleted and the member is asked to try again.
 */
async function cancelRecurringGifts(db: AppDatabase, userId: string): Promise<number | null> {
  const running = await db
    .select({ id: recurringGifts.id, subscription: recurringGifts.stripeSubscriptionId })
    .from(recurringGifts)
    .where(and(eq(recurringGifts.userId, userId), inArray(recurringGifts.status, ["active", "past_due"])));
  if (running.length === 0) return 0;
  const stripe = getStripe();
  if (!stripe) return null;
  for (const gift of running) {
    try {
      await stripe.client.subscriptions.cancel(gift.subscription);
    } catch (error) {
      logger.error({ err: error, recurringGift: gift.id }, "account deletion: could not cancel a Stripe subscription");
      return null;
    }
    const now = new Date();
    await db.update(recurringGifts).set({ status: "canceled", canceledAt: now, updatedAt: now }).where(eq(recurringGifts.id, gift.id));
  }
  return running.length;
}

/** A session younger than better-auth's `freshAge` may delete without a password. */
async function isFreshSession(db: AppDatabase, sessionId: string): Promise<boolean> {
  const freshAgeSeconds = getAuth().options.session?.freshAge ?? 60 * 60 * 24;
  if (freshAgeSeconds === 0) return true;
  const [row] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return Boolean(row) && Date.now() - row!.createdAt.getTime() < freshAgeSeconds * 1000;
}
