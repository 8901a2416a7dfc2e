import type { Language } from "~/i18n/config";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { checkMagicLink, ZMagicLink } from "./auth-input";
import { checkLimit, clientIp, failure, fromAuthError, limits, type AuthOutcome } from "./auth-request.server";

/** Emails a one-time sign-in link to /auth/callback (15 minutes, works once). */
export async function sendMagicLink(options: {
  db: AppDatabase;
  request: Request;
  language: Language;
  input: Record<string, unknown>;
}): Promise<AuthOutcome> {
  const { db, request, language } = options;
  const parsed = ZMagicLink.safeParse(options.input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const checked = checkMagicLink(parsed.data);
  if (!checked.ok) return { ...checked, status: 400 };
  const { email } = checked.value;
  const limited =
    (await checkLimit(db, `send:ip:${clientIp(request)}`, limits.sendsPerIp)) ??
    (await checkLimit(db, `send:email:${email}`, limits.sendPerRecipient));
  if (limited) return limited;
  try {
    await authCallContext.run({ language }, () =>
      getAuth().api.signInMagicLink({ body: { email }, headers: request.headers }),
    );
    return { ok: true };
  } catch (error) {
    return fromAuthError(error);
  }
}
