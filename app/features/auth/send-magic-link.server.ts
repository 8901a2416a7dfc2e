import type { Language } from "~/i18n/config";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { checkMagicLink, ZMagicLink } from "./auth-input";
import { acceptLinkRequest, fromAuthError, type AuthOutcome } from "./auth-request.server";
import { bindLinkToBrowser } from "./link-browser.server";

/**
 * Emails a one-time sign-in link to /auth/callback (15 minutes, works once), bound to this
 * browser (link-browser.server.ts): the answer sets the cookie for every address alike.
 */
export async function sendMagicLink(options: {
  db: AppDatabase;
  request: Request;
  language: Language;
  input: Record<string, unknown>;
}): Promise<AuthOutcome> {
  const { db, request, language } = options;
  const parsed = ZMagicLink.safeParse(options.input);
  const accepted = await acceptLinkRequest({ db, request, scope: "send", checked: parsed.success ? checkMagicLink(parsed.data) : null });
  if (!accepted.ok) return accepted;
  const { email } = accepted;
  const browser = bindLinkToBrowser(request);
  try {
    await authCallContext.run({ language, linkBrowser: browser.hash }, () =>
      getAuth().api.signInMagicLink({ body: { email }, headers: request.headers }),
    );
    return { ok: true, headers: new Headers([["Set-Cookie", browser.setCookie]]) };
  } catch (error) {
    return fromAuthError(error);
  }
}
