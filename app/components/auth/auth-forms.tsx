import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { toast } from "~/components/ui/toaster";
import {
  checkCode,
  checkMagicLink,
  checkPhone,
  checkSignInEmail,
  checkSignInPhone,
  checkSignUp,
  checkSignUpPhone,
  type Checked,
} from "~/features/auth/auth-input";
import type { AuthT } from "~/features/auth/auth-translation";
import { useTranslation } from "~/i18n/react";
import { clearGuestMode, markFirstVisitSeen, setGuestMode } from "~/features/auth/guest-mode";
import type { AuthActionData, AuthIntent } from "~/features/auth/run-auth-intent.server";
import {
  EmailField,
  Field,
  FormMessage,
  PasswordField,
  PhoneField,
  secondaryButtonClass,
  SubmitButton,
  textLinkClass,
  useAuthSubmit,
  useHydrated,
  type Problem,
} from "./auth-fields";
import type { AuthTab } from "./auth-tab";
import { ForgotPasswordForm } from "./password-reset-forms";

export type AuthMethod = "email" | "phone";

/** The spec's tabs, in its order. */
export const authTabs: readonly AuthTab[] = ["guest", "signin", "magic", "signup"];

export function isAuthTab(value: unknown): value is AuthTab {
  return authTabs.includes(value as AuthTab);
}

export interface AuthFormsProps {
  /** The auth strings (useAuthTranslation() on a page, loadAuthTranslator() in a lazy dialog). */
  t: AuthT;
  initialTab?: AuthTab;
  /** Email or phone, for the initial tab's method choice. */
  initialMethod?: AuthMethod;
  /**
   * Open on the authenticator-code step: a magic link or texted code signed in a member with
   * two-factor, and the code is what is left (/auth?step=two-factor).
   */
  initialTwoFactor?: boolean;
  /** The /auth page's `useActionData()`: a form posted without JavaScript. */
  pageData?: AuthActionData;
  /** Where the forms post: "/auth" (the route keeps its query string on its own page). */
  action?: string;
  /** The link behind each tab, for the page without JavaScript. */
  tabHref?: (tab: AuthTab) => string;
  /** The level of the panels' headings (3 in the dialog, 2 on the page). */
  headingLevel?: 2 | 3;
  /** Signed in, or continuing as a guest: the dialog closes, the page moves on. */
  onDone: (reason: "signed-in" | "guest") => void;
}

interface PanelContext {
  t: AuthT;
  action: string;
  pageData?: AuthActionData;
  headingLevel: 2 | 3;
  hydrated: boolean;
  tabHref: (tab: AuthTab) => string;
  /** Shows a tab (focusing it); `method` opens its email or phone form. */
  selectTab: (tab: AuthTab, focus?: boolean, method?: AuthMethod) => void;
  signedIn: () => void;
  guest: () => void;
  /** A sign-in without the password (link, texted code) still needs the authenticator code. */
  twoFactorPending: boolean;
  /** Goes to the sign-in tab's code step (after a texted code, for a member with two-factor). */
  startTwoFactor: () => void;
  endTwoFactor: () => void;
}

const phoneIntents: readonly AuthIntent[] = ["signin-phone", "sms-send", "sms-verify", "signup-phone", "signup-phone-verify"];

/** The tab a form posted without JavaScript belongs to (signed up by email: back to sign in). */
function tabOf(data: AuthActionData | undefined): AuthTab | undefined {
  const intent = data?.intent;
  if (!intent) return undefined;
  // Any sign-in that still needs the authenticator code continues on the sign-in tab.
  if (data.ok && data.next === "two-factor") return "signin";
  if (intent === "signup-email") return data.ok ? "signin" : "signup";
  if (intent.startsWith("signup")) return "signup";
  if (intent === "magic-link" || intent.startsWith("sms")) return "magic";
  if (intent.startsWith("signin") || intent === "two-factor" || intent === "password-reset-request") return "signin";
  return undefined;
}

const problemOf = (checked: Checked<unknown>): Problem | null => (checked.ok ? null : { error: checked.error, field: checked.field });

/**
 * Sign-in, magic link / text code, sign-up and guest, as WAI-ARIA tabs (spec: tabs are guest,
 * signin, magic and signup). Every form is a real form posting to the /auth action through a
 * fetcher, so it works from any page, and as a plain POST on /auth without JavaScript.
 */
export function AuthForms({
  t,
  initialTab,
  initialMethod,
  initialTwoFactor = false,
  pageData,
  action = "/auth",
  tabHref = (tab) => `/auth?tab=${tab}`,
  headingLevel = 3,
  onDone,
}: AuthFormsProps) {
  const id = useId();
  const hydrated = useHydrated();
  // The guest toast is in the main table, shared with the first-visit dialog's question.
  const { t: tMain } = useTranslation();
  const [tab, setTab] = useState<AuthTab>(() => tabOf(pageData) ?? (initialTwoFactor ? "signin" : initialTab) ?? "signin");
  const tabRefs = useRef<Partial<Record<AuthTab, HTMLAnchorElement | null>>>({});
  // A method chosen by a link in another panel ("sign in with a text-message code").
  const [chosenMethod, setChosenMethod] = useState<{ tab: AuthTab; method: AuthMethod } | null>(null);
  const [twoFactorPending, setTwoFactorPending] = useState(initialTwoFactor);

  const selectTab = (next: AuthTab, focus = false, method?: AuthMethod) => {
    setTab(next);
    setChosenMethod(method ? { tab: next, method } : null);
    if (focus) tabRefs.current[next]?.focus();
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = authTabs.indexOf(tab);
    const last = authTabs.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    selectTab(authTabs[(next + authTabs.length) % authTabs.length]!, true);
  };

  // The method each panel opens with: from a no-JavaScript answer, else from the link.
  const pageTab = tabOf(pageData);
  const methodFor = (panel: AuthTab): AuthMethod => {
    if (chosenMethod?.tab === panel) return chosenMethod.method;
    if (pageTab === panel && pageData?.intent) return phoneIntents.includes(pageData.intent) ? "phone" : "email";
    return panel === initialTab && initialMethod ? initialMethod : "email";
  };

  const ctx: PanelContext = {
    t,
    action,
    pageData,
    headingLevel,
    hydrated,
    tabHref,
    selectTab,
    signedIn: () => {
      clearGuestMode();
      markFirstVisitSeen();
      onDone("signed-in");
    },
    guest: () => {
      setGuestMode();
      toast({ title: tMain("welcome.guestToast"), description: tMain("welcome.guestToastBody") });
      onDone("guest");
    },
    twoFactorPending,
    startTwoFactor: () => {
      setTwoFactorPending(true);
      selectTab("signin", true);
    },
    endTwoFactor: () => setTwoFactorPending(false),
  };

  // Only the selected panel is mounted (its fields start empty when it is chosen again).
  const panels: Record<AuthTab, ReactNode> = {
    guest: <GuestPanel ctx={ctx} />,
    signin: <SignInPanel ctx={ctx} method={methodFor("signin")} />,
    magic: <MagicPanel ctx={ctx} method={methodFor("magic")} />,
    signup: <SignUpPanel ctx={ctx} method={methodFor("signup")} />,
  };

  return (
    <div>
      {pageData?.ok && pageData.toast ? (
        <p role="status" className="mb-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          <strong>{t(pageData.toast.title)}</strong> {t(pageData.toast.body)}
        </p>
      ) : null}
      <div
        role="tablist"
        aria-label={t("tabs.label")}
        onKeyDown={onTabKeyDown}
        // Equal shares of one row, but never narrower than a tab's longest word ('Registrarse'
        // at 360 px): labels wrap between words, and a row too narrow for all four wraps.
        className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1"
      >
        {authTabs.map((name) => {
          const selected = tab === name;
          return (
            <a
              key={name}
              ref={(el) => {
                tabRefs.current[name] = el;
              }}
              role="tab"
              id={`${id}-tab-${name}`}
              href={tabHref(name)}
              aria-selected={selected}
              aria-controls={`${id}-panel-${name}`}
              tabIndex={selected ? 0 : -1}
              onClick={(event) => {
                event.preventDefault();
                selectTab(name);
              }}
              className={`flex min-h-11 grow basis-0 items-center justify-center rounded-lg px-1 text-center text-xs font-semibold leading-tight sm:text-sm ${selected ? "bg-white text-brand-800 shadow ring-1 ring-slate-300" : "text-slate-700 hover:bg-white/70"}`}
            >
              {t(`tabs.${name}`)}
            </a>
          );
        })}
      </div>
      {authTabs.map((name) => (
        <div
          key={name}
          role="tabpanel"
          id={`${id}-panel-${name}`}
          aria-labelledby={`${id}-tab-${name}`}
          hidden={tab !== name}
          className="pt-5"
        >
          {tab === name ? panels[name] : null}
        </div>
      ))}
    </div>
  );
}

function Heading({ level, children }: { level: 2 | 3; children: ReactNode }) {
  const Tag = level === 2 ? "h2" : "h3";
  return <Tag className="font-serif text-xl font-bold text-brand-900">{children}</Tag>;
}

/**
 * Two ways to do one thing (email or phone) as a radio group. The radio *is* the form's
 * `intent`, and CSS (`form:has(...:checked)`) shows the matching fields, so the choice also
 * works without JavaScript.
 */
function MethodChoice({
  legend,
  options,
  defaultValue,
  disabled,
  hidden,
}: {
  legend: string;
  options: { value: AuthIntent; label: string }[];
  defaultValue: AuthIntent;
  disabled?: boolean;
  hidden?: boolean;
}) {
  return (
    <fieldset disabled={disabled} hidden={hidden}>
      <legend className="mb-1 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-2 text-center text-sm font-semibold leading-tight text-slate-700 hover:bg-white/70 has-checked:bg-white has-checked:text-brand-800 has-checked:shadow has-checked:ring-1 has-checked:ring-slate-300 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-500"
          >
            <input
              type="radio"
              name="intent"
              value={option.value}
              defaultChecked={option.value === defaultValue}
              className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function GuestPanel({ ctx }: { ctx: PanelContext }) {
  const { t } = ctx;
  return (
    <div className="space-y-4">
      <Heading level={ctx.headingLevel}>{t("guest.heading")}</Heading>
      <p className="text-slate-700">{t("guest.body")}</p>
      <button type="button" onClick={ctx.guest} className={`${secondaryButtonClass} w-full`}>
        {t("guest.button")}
      </button>
    </div>
  );
}

function SignInPanel({ ctx, method: initialMethod }: { ctx: PanelContext; method: AuthMethod }) {
  const { t, pageData } = ctx;
  const [method, setMethod] = useState(initialMethod);
  const methodLabelId = useId();
  const errorId = useId();
  const codeErrorId = useId();
  const [twoFactor, setTwoFactor] = useState(
    () => ctx.twoFactorPending || pageData?.intent === "two-factor" || (pageData?.ok === true && pageData.next === "two-factor"),
  );
  // Signed in by link or texted code, not by password: say why a code is asked for.
  const afterPasswordless =
    ctx.twoFactorPending ||
    (pageData?.ok === true && pageData.next === "two-factor" && pageData.intent !== "signin-email" && pageData.intent !== "signin-phone");
  const credentials = useAuthSubmit({
    t,
    intents: ["signin-email", "signin-phone"],
    pageData,
    onSuccess: (answer) => (answer.next === "two-factor" ? setTwoFactor(true) : ctx.signedIn()),
  });
  const code = useAuthSubmit({ t, intents: ["two-factor"], pageData, onSuccess: ctx.signedIn });
  // "Forgot your password?": the request form takes the sign-in form's place, with its email.
  const [forgot, setForgot] = useState<{ email: string } | null>(() =>
    pageData?.intent === "password-reset-request" ? { email: "" } : null,
  );
  const phoneCode = { href: `${ctx.tabHref("magic")}&method=phone`, onClick: () => ctx.selectTab("magic", true, "phone") };

  if (forgot) {
    return (
      <ForgotPasswordForm
        t={t}
        action={ctx.action}
        pageData={pageData}
        headingLevel={ctx.headingLevel}
        autoFocus={ctx.hydrated}
        defaultEmail={forgot.email}
        back={{
          href: ctx.tabHref("signin"),
          onClick: () => {
            setForgot(null);
            ctx.selectTab("signin", true);
          },
        }}
        phone={phoneCode}
      />
    );
  }

  if (twoFactor) {
    return (
      <code.fetcher.Form
        method="post"
        action={ctx.action}
        noValidate
        onSubmit={code.onSubmit((values) => problemOf(checkCode(values.code ?? "")))}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value="two-factor" />
        {afterPasswordless ? <p className="text-slate-700">{t("callback.twoFactorNext")}</p> : null}
        <Field
          label={t("fields.twoFactorCode")}
          hint={t("fields.twoFactorHint")}
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus={ctx.hydrated}
          problem={code.problem}
          errorId={codeErrorId}
        />
        <FormMessage id={codeErrorId} problem={code.problem} t={t} />
        <SubmitButton pending={code.pending} label={t("signin.verifyTwoFactor")} pendingLabel={t("signin.submitting")} />
        <button
          type="button"
          onClick={() => {
            setTwoFactor(false);
            ctx.endTwoFactor();
          }}
          className={`${secondaryButtonClass} w-full`}
        >
          {t("form.back")}
        </button>
      </code.fetcher.Form>
    );
  }

  return (
    <credentials.fetcher.Form
      method="post"
      action={ctx.action}
      noValidate
      onSubmit={credentials.onSubmit((values) =>
        problemOf(
          values.intent === "signin-phone"
            ? checkSignInPhone({ phone: values.phone ?? "", password: values.password ?? "" })
            : checkSignInEmail({ email: values.email ?? "", password: values.password ?? "" }),
        ),
      )}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value={method === "phone" ? "signin-phone" : "signin-email"} />
      <div>
        <p id={methodLabelId} className="mb-1 text-sm font-semibold text-slate-800">
          {t("methods.label")}
        </p>
        {/* Links, so that the choice also works without JavaScript (?method=phone). */}
        <div role="group" aria-labelledby={methodLabelId} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
          {(["email", "phone"] as const).map((option) => (
            <a
              key={option}
              href={`${ctx.tabHref("signin")}&method=${option}`}
              aria-current={method === option ? "true" : undefined}
              onClick={(event) => {
                event.preventDefault();
                setMethod(option);
                credentials.clear();
              }}
              className={`flex min-h-11 items-center justify-center rounded-lg px-2 text-center text-sm font-semibold leading-tight ${method === option ? "bg-white text-brand-800 shadow ring-1 ring-slate-300" : "text-slate-700 hover:bg-white/70"}`}
            >
              {t(option === "email" ? "methods.email" : "methods.phone")}
            </a>
          ))}
        </div>
      </div>
      {method === "email" ? (
        <EmailField t={t} key="email" problem={credentials.problem} errorId={errorId} />
      ) : (
        <PhoneField t={t} key="phone" problem={credentials.problem} errorId={errorId} />
      )}
      <PasswordField
        t={t}
        label={t("fields.password")}
        name="password"
        autoComplete="current-password"
        problem={credentials.problem}
        errorId={errorId}
      />
      <p className="-mt-2 text-right">
        {method === "email" ? (
          // Without JavaScript: the same form on its own page.
          <a
            href="/auth/reset-password"
            onClick={(event) => {
              event.preventDefault();
              const email = event.currentTarget.closest("form")?.elements.namedItem("email");
              setForgot({ email: email instanceof HTMLInputElement ? email.value.trim() : "" });
              credentials.clear();
            }}
            className={textLinkClass}
          >
            {t("signin.forgotPassword")}
          </a>
        ) : (
          <a
            href={phoneCode.href}
            onClick={(event) => {
              event.preventDefault();
              phoneCode.onClick();
            }}
            className={textLinkClass}
          >
            {t("signin.forgotPasswordPhone")}
          </a>
        )}
      </p>
      <FormMessage id={errorId} problem={credentials.problem} t={t} />
      <SubmitButton pending={credentials.pending} label={t("signin.submit")} pendingLabel={t("signin.submitting")} />
      <p className="text-center">
        <a
          href={ctx.tabHref("signup")}
          onClick={(event) => {
            event.preventDefault();
            ctx.selectTab("signup", true);
          }}
          className={textLinkClass}
        >
          {t("signin.noAccount")}
        </a>
      </p>
    </credentials.fetcher.Form>
  );
}

function MagicPanel({ ctx, method }: { ctx: PanelContext; method: AuthMethod }) {
  const { t, pageData } = ctx;
  const errorId = useId();
  const codeErrorId = useId();
  // The code step, with the number the code went to (normalised by the server). After a
  // failed check posted without JavaScript the number is not known: the step asks again.
  const [codeStep, setCodeStep] = useState<{ phone: string | null } | null>(() => {
    if (pageData?.intent === "sms-verify") return { phone: null };
    if (pageData?.intent === "sms-send" && pageData.ok) return { phone: pageData.phone ?? null };
    return null;
  });
  const send = useAuthSubmit({
    t,
    intents: ["magic-link", "sms-send"],
    pageData,
    onSuccess: (answer) => {
      if (answer.next === "sms-code") setCodeStep({ phone: answer.phone ?? null });
    },
  });
  const verify = useAuthSubmit({
    t,
    intents: ["sms-verify"],
    pageData,
    onSuccess: (answer) => {
      if (answer.intent !== "sms-verify") return;
      if (answer.next === "two-factor") ctx.startTwoFactor();
      else ctx.signedIn();
    },
  });

  if (codeStep) {
    const sentTo = codeStep.phone;
    return (
      <verify.fetcher.Form
        method="post"
        action={ctx.action}
        noValidate
        onSubmit={verify.onSubmit((values) =>
          values.intent === "sms-send" ? problemOf(checkPhone(values.phone ?? "")) : problemOf(checkCode(values.code ?? "")),
        )}
        className="space-y-4"
      >
        {sentTo ? (
          <>
            <p className="text-slate-700">{t("sms.sentTo", { phone: sentTo })}</p>
            <input type="hidden" name="phone" value={sentTo} />
          </>
        ) : (
          <PhoneField t={t} problem={verify.problem} errorId={codeErrorId} />
        )}
        <Field
          label={t("fields.code")}
          hint={t("fields.codeHint")}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus={ctx.hydrated}
          problem={verify.problem}
          errorId={codeErrorId}
        />
        <FormMessage id={codeErrorId} problem={verify.problem} t={t} />
        <SubmitButton
          pending={verify.pending}
          name="intent"
          value="sms-verify"
          label={t("sms.verify")}
          pendingLabel={t("signin.submitting")}
        />
        <CodeStepActions
          t={t}
          resendIntent="sms-send"
          onBack={() => {
            setCodeStep(null);
            verify.clear();
          }}
        />
      </verify.fetcher.Form>
    );
  }

  return (
    <send.fetcher.Form
      method="post"
      action={ctx.action}
      noValidate
      onSubmit={send.onSubmit((values) =>
        values.intent === "sms-send" ? problemOf(checkPhone(values.phone ?? "")) : problemOf(checkMagicLink({ email: values.email ?? "" })),
      )}
      className="space-y-4"
    >
      <MethodChoice
        legend={t("firstVisit.chooseMethod")}
        defaultValue={method === "phone" ? "sms-send" : "magic-link"}
        options={[
          { value: "magic-link", label: t("firstVisit.byEmail") },
          { value: "sms-send", label: t("firstVisit.byPhone") },
        ]}
      />
      <div className="space-y-4 [form:has([value=sms-send]:checked)_&]:hidden">
        <p className="text-slate-700">{t("magic.intro")}</p>
        <EmailField t={t} problem={send.problem} errorId={errorId} />
      </div>
      <div className="hidden space-y-4 [form:has([value=sms-send]:checked)_&]:block">
        <p className="text-slate-700">{t("sms.intro")}</p>
        <PhoneField t={t} problem={send.problem} errorId={errorId} />
      </div>
      <FormMessage id={errorId} problem={send.problem} t={t} />
      <SubmitButton
        pending={send.pending}
        label={
          <>
            <span className="[form:has([value=sms-send]:checked)_&]:hidden">{t("magic.submit")}</span>
            <span className="hidden [form:has([value=sms-send]:checked)_&]:inline">{t("sms.send")}</span>
          </>
        }
        pendingLabel={t("magic.submitting")}
      />
    </send.fetcher.Form>
  );
}

function SignUpPanel({ ctx, method }: { ctx: PanelContext; method: AuthMethod }) {
  const { t, pageData, hydrated } = ctx;
  const errorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [codeStep, setCodeStep] = useState(
    () => pageData?.intent === "signup-phone-verify" || (pageData?.ok === true && pageData.next === "signup-phone-code"),
  );
  const signUp = useAuthSubmit({
    t,
    intents: ["signup-email", "signup-phone", "signup-phone-verify"],
    pageData,
    onSuccess: (answer) => {
      if (answer.intent === "signup-email") {
        // Spec: after success the fields clear and the dialog returns to the signin tab.
        formRef.current?.reset();
        ctx.selectTab("signin", true);
      } else if (answer.next === "signup-phone-code") setCodeStep(true);
      else if (answer.next === "two-factor") ctx.startTwoFactor();
      else if (answer.intent === "signup-phone-verify") ctx.signedIn();
    },
  });

  const check = (values: Record<string, string>): Problem | null => {
    const input = {
      fullName: values.fullName ?? "",
      email: values.email ?? "",
      password: values.password ?? "",
      confirmPassword: values.confirmPassword ?? "",
      username: values.username ?? "",
      phone: values.phone ?? "",
      code: values.code ?? "",
    };
    if (values.intent === "signup-email") return problemOf(checkSignUp(input));
    const problem = problemOf(checkSignUpPhone(input));
    if (problem || values.intent !== "signup-phone-verify") return problem;
    return problemOf(checkCode(input.code));
  };

  const phoneOnly = "hidden [form:has([value=signup-phone]:checked)_&]:inline";
  const emailOnly = "[form:has([value=signup-phone]:checked)_&]:hidden";

  return (
    <signUp.fetcher.Form ref={formRef} method="post" action={ctx.action} noValidate onSubmit={signUp.onSubmit(check)} className="space-y-4">
      <MethodChoice
        legend={t("signup.methodLabel")}
        disabled={codeStep}
        hidden={codeStep && hydrated}
        defaultValue={method === "phone" ? "signup-phone" : "signup-email"}
        options={[
          { value: "signup-email", label: t("signup.byEmail") },
          { value: "signup-phone", label: t("signup.byPhone") },
        ]}
      />
      {/* In the code step the fields stay in the form (they are posted again with the code). */}
      <div hidden={codeStep && hydrated} className="space-y-4">
        <Field label={t("fields.fullName")} name="fullName" autoComplete="name" problem={signUp.problem} errorId={errorId} />
        <div className={emailOnly}>
          <EmailField t={t} problem={signUp.problem} errorId={errorId} />
        </div>
        <PhoneField
          t={t}
          label={
            <>
              <span className={emailOnly}>{t("fields.phoneOptional")}</span>
              <span className={phoneOnly}>{t("fields.phone")}</span>
            </>
          }
          problem={signUp.problem}
          errorId={errorId}
        />
        <PasswordField
          t={t}
          label={t("fields.password")}
          name="password"
          autoComplete="new-password"
          problem={signUp.problem}
          errorId={errorId}
        />
        <PasswordField
          t={t}
          label={t("fields.confirmPassword")}
          name="confirmPassword"
          autoComplete="new-password"
          problem={signUp.problem}
          errorId={errorId}
        />
        <Field
          label={t("fields.username")}
          hint={t("fields.usernameHint")}
          name="username"
          // Members sign in by email or phone: the handle is not the password manager's
          // username (the email field, beside the new password, is).
          autoComplete="nickname"
          autoCapitalize="none"
          spellCheck={false}
          problem={signUp.problem}
          errorId={errorId}
        />
      </div>
      {codeStep ? (
        <>
          <Heading level={ctx.headingLevel}>{t("signup.confirmPhone")}</Heading>
          <p className="text-slate-700">{t("signup.phoneIntro")}</p>
          <Field
            label={t("fields.code")}
            hint={t("fields.codeHint")}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus={hydrated}
            problem={signUp.problem}
            errorId={errorId}
          />
        </>
      ) : null}
      <FormMessage id={errorId} problem={signUp.problem} t={t} />
      {codeStep ? (
        <>
          <SubmitButton
            pending={signUp.pending}
            name="intent"
            value="signup-phone-verify"
            label={t("sms.verify")}
            pendingLabel={t("signup.submitting")}
          />
          <CodeStepActions
            t={t}
            resendIntent="signup-phone"
            onBack={() => {
              setCodeStep(false);
              signUp.clear();
            }}
          />
        </>
      ) : (
        <SubmitButton pending={signUp.pending} label={t("signup.submit")} pendingLabel={t("signup.submitting")} />
      )}
    </signUp.fetcher.Form>
  );
}

/** Under a code field: Back to the number, or send the form again for a new code. */
function CodeStepActions({ t, resendIntent, onBack }: { t: AuthT; resendIntent: AuthIntent; onBack: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <button type="button" onClick={onBack} className={secondaryButtonClass}>
        {t("form.back")}
      </button>
      <button type="submit" name="intent" value={resendIntent} className={textLinkClass}>
        {t("sms.resend")}
      </button>
    </div>
  );
}
