import type { Language } from "~/i18n/config";
import { renderEmail } from "~/platform/email/render-email";
import { greetableName, interpolate, type EmailContent } from "~/platform/email/email-content";
import { authEmailStrings } from "./auth-email-strings";

interface EmailBase {
  language: Language;
  churchName: string;
  siteUrl: string;
}

export function confirmSignupEmail({ language, churchName, siteUrl, name, url }: EmailBase & { name: string; url: string }): EmailContent {
  const t = authEmailStrings[language].confirmSignup;
  const values = { church: churchName, name: greetableName(name) };
  return {
    subject: interpolate(t.subject, values),
    ...renderEmail({
      language,
      churchName,
      siteUrl,
      heading: interpolate(t.heading, values),
      paragraphs: [values.name ? interpolate(t.greeting, values) : t.greetingNoName, interpolate(t.intro, values), t.expiry],
      action: { label: t.action, url },
      footnote: authEmailStrings[language].ignore,
    }),
  };
}

/** An email whose one button is a link that works once: heading, intro, expiry, footnote. */
function singleLinkEmail(
  t: { subject: string; heading: string; intro: string; expiry: string; action: string },
  footnote: string,
  { language, churchName, siteUrl, url }: EmailBase & { url: string },
): EmailContent {
  const values = { church: churchName };
  return {
    subject: interpolate(t.subject, values),
    ...renderEmail({
      language,
      churchName,
      siteUrl,
      heading: interpolate(t.heading, values),
      paragraphs: [interpolate(t.intro, values), t.expiry],
      action: { label: t.action, url },
      footnote,
    }),
  };
}

export function magicLinkEmail(options: EmailBase & { url: string }): EmailContent {
  return singleLinkEmail(authEmailStrings[options.language].magicLink, authEmailStrings[options.language].ignore, options);
}

export function passwordResetEmail(options: EmailBase & { url: string }): EmailContent {
  const t = authEmailStrings[options.language].passwordReset;
  return singleLinkEmail(t, t.ignore, options);
}

/** The text message carrying a sign-in code: short, code first (phones show it in previews). */
export function smsCodeText({ language, churchName, code }: { language: Language; churchName: string; code: string }): string {
  return interpolate(authEmailStrings[language].smsCode, { code, church: churchName });
}
