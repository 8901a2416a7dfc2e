import { z } from "zod";
import { cookieHeaders, failure, fromAuthError, type AuthOutcome } from "~/features/auth/auth-request.server";
import { getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { withAttemptLimit } from "./password-attempts.server";
import { formText } from "./settings-input";
import { renderTwoFactorEnrolment, type TwoFactorEnrolment } from "./two-factor-enrolment.server";

export const ZConfirmTwoFactor = z.object({
  code: formText,
  /** Echoed from the enrolment so a wrong code can show the same QR code again. */
  totpUri: formText,
  backupCodes: formText,
});

export interface ConfirmTwoFactorOptions {
  db: AppDatabase;
  request: Request;
  userId: string;
  input: Record<string, unknown>;
}

/**
 * Step 2: a code from the authenticator app proves it holds the secret, and two-factor is
 * on from then. better-auth replaces this device's session (new cookie in `headers`).
 * A refused code answers with the enrolment again (rebuilt from what the form posted back,
 * which is only ever displayed: the code is checked against the stored secret).
 */
export async function confirmTwoFactor(options: ConfirmTwoFactorOptions): Promise<AuthOutcome & { enrolment?: TwoFactorEnrolment | null }> {
  const { db, request, userId } = options;
  const parsed = ZConfirmTwoFactor.safeParse(options.input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const code = parsed.data.code.replace(/\s/g, "");
  const enrolment = () => renderTwoFactorEnrolment(parsed.data.totpUri, parsed.data.backupCodes.split(/\s+/));
  if (!code) return { ...failure("errors.codeRequired", 400, "code"), enrolment: await enrolment() };
  if (!/^\d{6}$/.test(code)) return { ...failure("errors.invalidTwoFactor", 400, "code"), enrolment: await enrolment() };

  const outcome = await withAttemptLimit({ db, userId, kind: "two-factor-code" }, async () => {
    try {
      const result = await getAuth().api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true });
      return { ok: true as const, headers: cookieHeaders(result.headers) };
    } catch (error) {
      const refused = fromAuthError(error);
      // better-auth answers 401 to a wrong code; the member is signed in, so it's a form error.
      return refused.error.key === "errors.invalidTwoFactor" ? { ...refused, status: 400 as const, field: "code" } : refused;
    }
  });
  return outcome.ok ? outcome : { ...outcome, enrolment: await enrolment() };
}
