import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import { eraseMemberAccount } from "~/features/privacy/erase-member-account.server";
import type { Language } from "~/i18n/config";
import { authCallContext, type AuthNotifier } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { sendEmail, sendSms } from "~/server/messaging.server";
import { confirmSignupEmail, magicLinkEmail, passwordResetEmail, smsCodeText } from "./auth-emails";
import { createMemberProfile } from "~/platform/auth/create-member-profile.server";
import { findPreferredLanguage } from "./find-preferred-language.server";

/**
 * better-auth's callbacks, wired to the outbox (so a send that fails is retried) and to the
 * member's profile. Messages go out in the member's saved language (settings: "Language for
 * emails and texts"); an address or number with no account yet gets the language of the
 * page it was typed on.
 */
export function createAuthNotifier({ db, publicUrl }: { db: AppDatabase; publicUrl: string }): AuthNotifier {
  const churchName = async (language: Language) => (await getChurchProfile({ db, language }))?.name ?? "Church";
  const languageFor = async (lookup: { email?: string; phone?: string }): Promise<Language> =>
    (await findPreferredLanguage({ db, ...lookup })) ?? authCallContext.getStore()?.language ?? "en";
  const callbackUrl = (type: "signup" | "magiclink", token: string) => {
    if (type === "magiclink" && authCallContext.getStore()?.admin) {
      const url = new URL("/admin/auth/callback", publicUrl);
      url.searchParams.set("token", token);
      return url.toString();
    }
    const url = new URL("/auth/callback", publicUrl);
    url.searchParams.set("type", type);
    url.searchParams.set("token", token);
    // The browser that asked for a magic link (link-browser.server.ts) opens it without a question.
    const browser = type === "magiclink" ? authCallContext.getStore()?.linkBrowser : undefined;
    if (browser) url.searchParams.set("browser", browser);
    return url.toString();
  };

  return {
    async confirmEmail({ email, name, token }) {
      const language = await languageFor({ email });
      const message = confirmSignupEmail({
        language,
        churchName: await churchName(language),
        siteUrl: publicUrl,
        name,
        url: withLanguage(callbackUrl("signup", token), language),
      });
      await sendEmail({ to: email, ...message });
    },
    async magicLink({ email, token }) {
      const language = await languageFor({ email });
      const message = magicLinkEmail({
        language,
        churchName: await churchName(language),
        siteUrl: publicUrl,
        url: withLanguage(callbackUrl("magiclink", token), language),
      });
      await sendEmail({ to: email, ...message });
    },
    async passwordReset({ email, token }) {
      const language = await languageFor({ email });
      const url = new URL("/auth/reset-password", publicUrl);
      url.searchParams.set("token", token);
      const message = passwordResetEmail({
        language,
        churchName: await churchName(language),
        siteUrl: publicUrl,
        url: withLanguage(url.toString(), language),
      });
      await sendEmail({ to: email, ...message });
    },
    async smsCode({ phoneNumber, code }) {
      const language = await languageFor({ phone: phoneNumber });
      await sendSms({ to: phoneNumber, body: smsCodeText({ language, churchName: await churchName(language), code }) });
    },
    async userDeleting({ id }) {
      // Everything about the member goes (or stays without them) in one transaction: ADR 021.
      await eraseMemberAccount({ db, userId: id, siteUrl: publicUrl });
    },
    async userCreated({ id, name, email, phoneNumber }) {
      const context = authCallContext.getStore();
      const signup = context?.signup;
      // better-auth writes the user, then runs this, then adds the password and sends the
      // confirmation: a throw here would leave an account with no password and no email.
      // getCurrentMember creates a missing profile at the first signed-in request instead.
      try {
        await createMemberProfile({
          db,
          userId: id,
          fullName: signup?.fullName ?? (name === phoneNumber ? "" : name),
          email,
          phone: signup?.phone ?? phoneNumber,
          language: context?.language ?? "en",
          username: signup?.username || undefined,
        });
      } catch (error) {
        logger.error({ err: error, userId: id }, "could not create the member profile at sign-up");
      }
    },
  };
}

/** Spanish links open the Spanish page (the callback reads `?lang=`). */
function withLanguage(url: string, language: Language): string {
  if (language === "en") return url;
  const parsed = new URL(url);
  parsed.searchParams.set("lang", language);
  return parsed.toString();
}
