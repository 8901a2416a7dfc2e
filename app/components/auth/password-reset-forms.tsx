import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { checkPasswordReset, checkPasswordResetRequest, type Checked } from "~/features/auth/auth-input";
import type { AuthT } from "~/features/auth/auth-translation";
import type { AuthActionData } from "~/features/auth/run-auth-intent.server";
import { EmailField, FormMessage, PasswordField, SubmitButton, textLinkClass, useAuthSubmit, type Problem } from "./auth-fields";

/*
 * "Forgot your password?": the request form (in the sign-in panel of the dialog and of /auth,
 * and on /auth/reset-password) and the new-password form behind the emailed link. Both post
 * to an auth action; without JavaScript they are plain forms and the answer is action data.
 */

const problemOf = (checked: Checked<unknown>): Problem | null => (checked.ok ? null : { error: checked.error, field: checked.field });

/** A link that also works without JavaScript; with it, `onClick` replaces the navigation. */
export interface StepLink {
  href: string;
  onClick?: () => void;
}

function StepAnchor({ link, children }: { link: StepLink; children: ReactNode }) {
  const onClick = link.onClick
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        link.onClick!();
      }
    : undefined;
  return (
    <a href={link.href} onClick={onClick} className={textLinkClass}>
      {children}
    </a>
  );
}

function Heading({ level, children }: { level: 2 | 3; children: ReactNode }) {
  const Tag = level === 2 ? "h2" : "h3";
  return <Tag className="font-serif text-xl font-bold text-brand-900">{children}</Tag>;
}

export interface ForgotPasswordFormProps {
  t: AuthT;
  /** Where the form posts ("/auth" from the dialog, the page's own URL on /auth/reset-password). */
  action: string;
  /** The page's action data (a form posted without JavaScript). */
  pageData?: AuthActionData;
  /** The level of the form's own heading; none where the page's h1 already says it. */
  headingLevel?: 2 | 3;
  /** Focus the email field when the form appears (it replaced the sign-in form). */
  autoFocus?: boolean;
  /** What the member had typed into the sign-in form. */
  defaultEmail?: string;
  /** Back to the sign-in form. */
  back: StepLink;
  /** Phone members: sign in with a texted code instead. */
  phone: StepLink;
}

/**
 * Asks for the address and answers the same for every address (the server says only "if an
 * account uses it"). After the answer, the form gives way to that note and the way back.
 */
export function ForgotPasswordForm({ t, action, pageData, headingLevel, autoFocus, defaultEmail, back, phone }: ForgotPasswordFormProps) {
  const errorId = useId();
  const [sent, setSent] = useState(() => pageData?.intent === "password-reset-request" && pageData.ok);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const justSent = useRef(false);
  const submit = useAuthSubmit({
    t,
    intents: ["password-reset-request"],
    pageData,
    onSuccess: () => {
      justSent.current = true;
      setSent(true);
    },
  });

  // The submit button is gone once sent: focus moves to the note that replaced it.
  useEffect(() => {
    if (sent && justSent.current) sentRef.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <div className="space-y-4">
        {headingLevel ? <Heading level={headingLevel}>{t("reset.sentTitle")}</Heading> : null}
        <p ref={sentRef} tabIndex={-1} role="status" className="rounded-lg bg-brand-50 p-3 text-brand-900">
          {headingLevel ? null : <strong>{t("reset.sentTitle")}</strong>} {t("reset.sent")}
        </p>
        <p>
          <StepAnchor link={back}>{t("reset.backToSignIn")}</StepAnchor>
        </p>
      </div>
    );
  }

  return (
    <submit.fetcher.Form
      method="post"
      action={action}
      noValidate
      onSubmit={submit.onSubmit((values) => problemOf(checkPasswordResetRequest({ email: values.email ?? "" })))}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value="password-reset-request" />
      {headingLevel ? <Heading level={headingLevel}>{t("reset.requestTitle")}</Heading> : null}
      <p className="text-slate-700">{t("reset.requestIntro")}</p>
      <EmailField t={t} problem={submit.problem} errorId={errorId} defaultValue={defaultEmail} autoFocus={autoFocus} />
      <FormMessage id={errorId} problem={submit.problem} t={t} />
      <SubmitButton pending={submit.pending} label={t("reset.submit")} pendingLabel={t("reset.submitting")} />
      <p className="text-sm text-slate-700">{t("reset.phoneNote")}</p>
      <div className="flex flex-wrap justify-between gap-x-4">
        <StepAnchor link={phone}>{t("reset.phoneLink")}</StepAnchor>
        <StepAnchor link={back}>{t("reset.backToSignIn")}</StepAnchor>
      </div>
    </submit.fetcher.Form>
  );
}

export interface NewPasswordFormProps {
  t: AuthT;
  action: string;
  token: string;
  /** The account's address: shown, and given to password managers as the username. */
  email: string;
  pageData?: AuthActionData;
  /** The password was changed. */
  onDone: () => void;
  /** The link was used up or expired while the form was open. */
  onLinkDead: () => void;
}

/** The new password, twice (the sign-up rules and messages), for the account the link is for. */
export function NewPasswordForm({ t, action, token, email, pageData, onDone, onLinkDead }: NewPasswordFormProps) {
  const errorId = useId();
  const submit = useAuthSubmit({
    t,
    intents: ["password-reset"],
    pageData,
    onSuccess: onDone,
    onFailure: (answer) => {
      if (answer.error.key === "errors.resetLinkInvalid") onLinkDead();
    },
  });
  return (
    <submit.fetcher.Form
      method="post"
      action={action}
      noValidate
      onSubmit={submit.onSubmit((values) =>
        problemOf(checkPasswordReset({ token, password: values.password ?? "", confirmPassword: values.confirmPassword ?? "" })),
      )}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value="password-reset" />
      <input type="hidden" name="token" value={token} />
      {/* Password managers file the new password under this account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <p className="text-slate-700">{t("reset.newIntro")}</p>
      <p className="break-words font-semibold text-slate-900">{t("reset.account", { email })}</p>
      <PasswordField
        t={t}
        label={t("settings.newPassword")}
        hint={t("settings.passwordRules")}
        name="password"
        autoComplete="new-password"
        problem={submit.problem}
        errorId={errorId}
      />
      <PasswordField
        t={t}
        label={t("settings.confirmNewPassword")}
        name="confirmPassword"
        autoComplete="new-password"
        problem={submit.problem}
        errorId={errorId}
      />
      <FormMessage id={errorId} problem={submit.problem} t={t} />
      <SubmitButton pending={submit.pending} label={t("reset.save")} pendingLabel={t("reset.saving")} />
    </submit.fetcher.Form>
  );
}
