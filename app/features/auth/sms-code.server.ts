import type { Language } from "~/i18n/config";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { checkCode, checkPhone, ZSmsSend, ZSmsVerify } from "./auth-input";
import { checkLimit, cookieHeaders, failure, fromAuthError, limits, type AuthOutcome } from "./auth-request.server";
import { clientIp } from "~/server/request-input.server";

interface SmsOptions {
  db: AppDatabase;
  request: Request;
  language: Language;
  input: Record<string, unknown>;
}

/** Texts a one-time sign-in code: at most one per number per minute, ten per IP per 15 min. */
export async function sendSmsCode({ db, request, language, input }: SmsOptions): Promise<AuthOutcome<{ phone?: string }>> {
  const parsed = ZSmsSend.safeParse(input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const checked = checkPhone(parsed.data.phone);
  if (!checked.ok) return { ...checked, status: 400 };
  const { phone } = checked.value;
  const limited =
    (await checkLimit(db, `send:ip:${clientIp(request)}`, limits.sendsPerIp)) ??
    (await checkLimit(db, `send:phone:${phone}`, limits.sendPerRecipient));
  if (limited) return limited;
  try {
    await authCallContext.run({ language }, () =>
      getAuth().api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers: request.headers }),
    );
    return { ok: true, phone };
  } catch (error) {
    return fromAuthError(error);
  }
}

/**
 * Checks the texted code and signs in (a new number becomes a member account); a member with
 * two-factor gets `twoFactorRequired` and a pending sign-in instead of a session. With
 * `toSignedInMember`, the code instead proves the number for the member whose session the
 * request carries, and it becomes their sign-in number.
 */
export async function verifySmsCode({
  db,
  request,
  language,
  input,
  toSignedInMember = false,
}: SmsOptions & { toSignedInMember?: boolean }): Promise<AuthOutcome<{ twoFactorRequired?: boolean }>> {
  const parsed = ZSmsVerify.safeParse(input);
  if (!parsed.success) return failure("errors.invalidRequest");
  const phone = checkPhone(parsed.data.phone);
  if (!phone.ok) return { ...phone, status: 400 };
  const code = checkCode(parsed.data.code);
  if (!code.ok) return { ...code, status: 400 };
  const limited = await checkLimit(db, `verify:ip:${clientIp(request)}`, limits.verifyPerIp);
  if (limited) return limited;
  try {
    const result = await authCallContext.run({ language }, () =>
      getAuth().api.verifyPhoneNumber({
        body: { phoneNumber: phone.value.phone, code: code.value.code, updatePhoneNumber: toSignedInMember },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
    const twoFactorRequired = Boolean((result.response as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect);
    return { ok: true, twoFactorRequired, headers: cookieHeaders(result.headers) };
  } catch (error) {
    return fromAuthError(error);
  }
}
