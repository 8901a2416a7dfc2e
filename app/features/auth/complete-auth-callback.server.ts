import { getAuth } from "~/server/auth.server";
import { cookieHeaders, fromAuthError, type AuthOutcome } from "./auth-request.server";

export type CallbackType = "signup" | "magiclink";

/** better-auth's tokens: a signed JWT (confirmation) or a random string (magic link). */
const TOKEN = /^[A-Za-z0-9._-]{1,2048}$/;

/**
 * /auth/callback?type=signup|magiclink&token=…: confirms the email or consumes the magic
 * link and signs the member in. Tokens expire after 15 minutes and work once. A member with
 * two-factor gets no session yet: `twoFactorRequired`, and the headers carry the pending
 * sign-in that the authenticator code completes (auth.server.ts).
 */
export async function completeAuthCallback(options: {
  request: Request;
  type: string | null;
  token: string | null;
}): Promise<AuthOutcome<{ type: CallbackType; twoFactorRequired?: boolean }>> {
  const { request, type, token } = options;
  if ((type !== "signup" && type !== "magiclink") || !token || !TOKEN.test(token)) {
    return { ok: false, status: 400, error: { key: "errors.linkInvalid" } };
  }
  const api = getAuth().api;
  try {
    const result =
      type === "signup"
        ? await api.verifyEmail({ query: { token }, headers: request.headers, returnHeaders: true })
        : await api.magicLinkVerify({ query: { token }, headers: request.headers, returnHeaders: true });
    const headers = cookieHeaders(result.headers);
    if (headers.getSetCookie().length === 0) return { ok: false, status: 400, error: { key: "errors.linkInvalid" } };
    const twoFactorRequired = Boolean((result.response as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect);
    return { ok: true, type, twoFactorRequired, headers };
  } catch (error) {
    const outcome = fromAuthError(error);
    return outcome.error.key === "errors.generic" ? { ...outcome, error: { key: "errors.linkInvalid" } } : outcome;
  }
}
