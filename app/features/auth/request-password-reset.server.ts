import { isAPIError } from "better-auth/api";
import type { Language } from "~/i18n/config";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { inBackground } from "~/server/background.server";
import { logger } from "~/server/logger.server";
import { checkPasswordResetRequest, ZPasswordResetRequest } from "./auth-input";
import { acceptLinkRequest, type AuthOutcome } from "./auth-request.server";

/**
 * "Forgot your password?": emails a link to /auth/reset-password (15 minutes, works once) when
 * an account uses the address. The answer is the same for every address and is given before
 * anything that depends on it runs (the look-up, the token, the outbox): making and queueing
 * a link takes longer than finding nobody, which would tell who is a member.
 */
export async function requestPasswordReset(options: {
  db: AppDatabase;
  request: Request;
  language: Language;
  input: Record<string, unknown>;
}): Promise<AuthOutcome> {
  const { db, request, language } = options;
  const parsed = ZPasswordResetRequest.safeParse(options.input);
  const accepted = await acceptLinkRequest({
    db,
    request,
    scope: "reset",
    checked: parsed.success ? checkPasswordResetRequest(parsed.data) : null,
  });
  if (!accepted.ok) return accepted;
  const { email } = accepted;
  inBackground(
    authCallContext
      .run({ language }, async () => getAuth().api.requestPasswordReset({ body: { email } }))
      .catch((error: unknown) => {
        // better-auth's own address check is stricter than ours for a few rare forms.
        if (isAPIError(error)) logger.warn({ code: (error.body as { code?: string } | undefined)?.code }, "password reset request refused");
        else logger.error({ err: error }, "could not send a password reset link");
      }),
  );
  return { ok: true };
}
