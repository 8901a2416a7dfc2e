import { data, Form, redirect, useNavigation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/login";
import { adminButton, Field, inputClasses, Notice } from "~/components/admin/admin-ui";
import { AdminEntryFrame } from "~/components/admin/admin-entry-frame";
import {
  adminConfirmEnrolment,
  adminMember,
  adminPasswordSignIn,
  adminSendMagicLink,
  adminStartEnrolment,
  adminVerifyCode,
  type AdminLoginOutcome,
  type AdminLoginStep,
} from "~/features/admin/admin-sign-in.server";
import { readAdminToken, validateAdminSession } from "~/platform/admin/admin-session.server";
import { adminTranslator, useAdminTranslation, type AdminMessage } from "~/platform/admin/admin-translation";
import { adminCookiesSecure, NO_STORE } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import { sameSitePath } from "~/lib/same-site-path";
import { hasPassword } from "~/features/member/has-password.server";
import type { TwoFactorEnrolment } from "~/features/member/two-factor-enrolment.server";
import { BackupCodesStep, TwoFactorEnrolmentStep } from "~/components/admin/two-factor-enrolment-step";
import { getRequestContext } from "~/server/request-context.server";
import { hasAdministrator } from "~/features/admin/setup/setup-code.server";

/**
 * Only paths inside the portal: never another site, never `//host`, never a control
 * character (a line break would make the Location header itself invalid: a 500). Checked on
 * the normalised path (sameSitePath): "/admin/..//evil.example" is "//evil.example" to a browser.
 */
function safeRedirect(value: string | null): string {
  if (!value || value.length > 2000 || !value.startsWith("/admin") || /[\u0000-\u001f\u007f\\]/.test(value)) return "/admin";
  const path = sameSitePath(value, { fallback: "/admin" });
  if (!/^\/admin(?:[/?#]|$)/.test(path) || path.startsWith("/admin/login")) return "/admin";
  return path;
}

const TWO_FACTOR_COOKIE = /(?:^|;\s*)[^=;]*two_factor=/;

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = getRequestContext(request);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const token = readAdminToken(request.headers.get("cookie"));
  if (token && (await validateAdminSession({ db, token }))) throw redirect(redirectTo, { headers: NO_STORE });

  const church = await getChurchProfile({ db, language });
  let step: AdminLoginStep = "credentials";
  let needsPassword = false;
  let memberName: string | null = null;
  let notAdmin = false;
  const pending = await adminMember(db, request);
  if (pending) {
    memberName = pending.admin.name;
    step = pending.session.member.twoFactorEnabled ? "code" : "enrol-start";
    needsPassword = step === "enrol-start" && (await hasPassword({ db, userId: pending.admin.userId }));
  } else {
    const member = await getCurrentMember({ db, request });
    if (member) {
      memberName = member.member.name;
      notAdmin = true;
    } else if (TWO_FACTOR_COOKIE.test(request.headers.get("cookie") ?? "")) {
      step = "code";
    }
  }
  const error: AdminMessage | null =
    url.searchParams.get("error") === "link"
      ? { key: "login.errors.linkInvalid" }
      : url.searchParams.get("error") === "not-admin"
        ? { key: "login.errors.notAdmin" }
        : null;
  return data(
    {
      step,
      needsPassword,
      memberName,
      notAdmin,
      redirectTo,
      error,
      churchName: church.configured ? church.name : "",
      /** No administrator yet: the first one is made at /admin/setup. */
      needsSetup: step === "credentials" && !(await hasAdministrator(db)),
      title: adminTranslator(language)("login.title"),
    },
    { headers: NO_STORE },
  );
}

type LoginActionData = Extract<AdminLoginOutcome, { ok: false }> | (Extract<AdminLoginOutcome, { ok: true }> & { status?: number });

export async function action({ request, url }: Route.ActionArgs) {
  const { db, language } = getRequestContext(request);
  const https = adminCookiesSecure();
  const input = await readInput(request);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (!input) {
    return data(
      {
        ok: false,
        step: "credentials",
        status: 400,
        title: "login.errors.loginFailed",
        error: { key: "login.errors.tryLater" },
      } as LoginActionData,
      { status: 400, headers: NO_STORE },
    );
  }
  const options = { db, request, language, https, input };
  let outcome: AdminLoginOutcome;
  switch (input.intent) {
    case "password":
      outcome = await adminPasswordSignIn(options);
      break;
    case "code":
      outcome = await adminVerifyCode(options);
      break;
    case "enrol-start":
      outcome = await adminStartEnrolment(options);
      break;
    case "enrol-confirm":
      outcome = await adminConfirmEnrolment(options);
      break;
    case "magic-link":
      outcome = await adminSendMagicLink(options);
      break;
    case "start-over": {
      // Forget a pending two-factor step (the password has to be entered again).
      const headers = new Headers(NO_STORE);
      for (const name of ["church.two_factor", "__Secure-church.two_factor"]) {
        headers.append("Set-Cookie", `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${name.startsWith("__Secure") ? "; Secure" : ""}`);
      }
      return redirect("/admin/login", { status: 303, headers });
    }
    default:
      outcome = {
        ok: false,
        step: "credentials",
        status: 400,
        title: "login.errors.loginFailed",
        error: { key: "login.errors.tryLater" },
        headers: new Headers(),
      };
  }
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  if (outcome.ok && outcome.step === "done") return redirect(redirectTo, { status: 303, headers });
  const { headers: _ignored, ...body } = outcome;
  return data(body as LoginActionData, { status: outcome.ok ? 200 : outcome.status, headers });
}

/**
 * A step's answer is the page's state: reloading the loader after it would, once the admin
 * session exists, leave the page before the backup codes have been read.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title}${loaderData.churchName ? ` | ${loaderData.churchName}` : ""}` : "" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const result = actionData as LoginActionData | undefined;
  const sent = result?.step;
  const step: AdminLoginStep = sent && sent !== "done" ? sent : loaderData.step;
  const failure = result && !result.ok ? result : null;
  const enrolment: TwoFactorEnrolment | null | undefined = result?.enrolment;
  const action =
    loaderData.redirectTo === "/admin" ? "/admin/login" : `/admin/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`;
  const fieldError = (name: string) => (failure && failure.field === name ? t(failure.error.key, failure.error.values) : null);

  const errorBox = failure ? (
    <Notice tone="error" title={t(failure.title)}>
      {t(failure.error.key, failure.error.values)}
    </Notice>
  ) : loaderData.error ? (
    <Notice tone="error" title={t("login.errors.authenticationFailed")}>
      {t(loaderData.error.key)}
    </Notice>
  ) : null;

  return (
    <AdminEntryFrame
      site={
        <a href="/" className="flex min-h-11 items-center rounded font-semibold text-brand-800">
          {loaderData.churchName || t("login.backToSite")}
        </a>
      }
      eyebrow={t("portal.title")}
      heading={
        step === "code"
          ? t("login.codeHeading")
          : step === "enrol" || step === "enrol-start"
            ? t("login.enrolHeading")
            : step === "backup-codes"
              ? t("login.backupHeading")
              : t("login.title")
      }
      step={result}
    >
      {errorBox}
      {result?.ok && result.notice ? <Notice tone="success">{t(result.notice.key)}</Notice> : null}

      {loaderData.needsSetup ? (
        <Notice title={t("setup.login.title")}>
          <p>{t("setup.login.body")}</p>
          <p className="mt-2">
            <a href="/admin/setup" className="font-semibold text-brand-800 underline underline-offset-4">
              {t("setup.login.link")}
            </a>
          </p>
        </Notice>
      ) : null}

      {step === "credentials" ? (
        <div className="grid gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          {loaderData.notAdmin && loaderData.memberName ? <Notice>{t("login.notAdmin", { name: loaderData.memberName })}</Notice> : null}
          <p className="text-slate-700">{t("login.intro")}</p>
          <Form method="post" action={action} className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value="password" />
            <Field id="admin-email" label={t("login.email")} error={fieldError("email")}>
              {(props) => <input {...props} name="email" type="email" autoComplete="username" required className={inputClasses} />}
            </Field>
            <Field id="admin-password" label={t("login.password")} error={fieldError("password")}>
              {(props) => (
                <input {...props} name="password" type="password" autoComplete="current-password" required className={inputClasses} />
              )}
            </Field>
            <button type="submit" className={adminButton.primary} disabled={busy}>
              {busy && navigation.formData?.get("intent") === "password" ? t("login.submitting") : t("login.submit")}
            </button>
          </Form>
          <div className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-300" />
            {t("login.or")}
            <span className="h-px flex-1 bg-slate-300" />
          </div>
          <Form method="post" action={action} className="grid gap-3" noValidate>
            <input type="hidden" name="intent" value="magic-link" />
            <h2 className="font-semibold text-slate-900">{t("login.magicLinkHeading")}</h2>
            <Field id="admin-magic-email" label={t("login.email")} error={fieldError("magicEmail")}>
              {(props) => <input {...props} name="email" type="email" autoComplete="email" required className={inputClasses} />}
            </Field>
            <button type="submit" className={adminButton.secondary} disabled={busy}>
              {t("login.magicLinkSubmit")}
            </button>
          </Form>
        </div>
      ) : null}

      {step === "code" ? (
        <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          {loaderData.memberName ? <p className="text-slate-700">{t("login.signedInMember", { name: loaderData.memberName })}</p> : null}
          <p className="text-slate-700">{t("login.codeIntro")}</p>
          <Form method="post" action={action} className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value="code" />
            <Field id="admin-code" label={t("login.code")} error={fieldError("code")}>
              {(props) => (
                <input
                  {...props}
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="text"
                  maxLength={32}
                  required
                  autoFocus
                  className={inputClasses}
                />
              )}
            </Field>
            <button type="submit" className={adminButton.primary} disabled={busy}>
              {t("login.verify")}
            </button>
          </Form>
          <Form method="post" action="/admin/login">
            <input type="hidden" name="intent" value="start-over" />
            <button type="submit" className="min-h-11 text-sm font-semibold text-brand-800 underline underline-offset-4">
              {t("login.startOver")}
            </button>
          </Form>
        </div>
      ) : null}

      {step === "enrol-start" ? (
        <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-slate-700">{t("login.enrolStartIntro")}</p>
          <Form method="post" action={action} className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value="enrol-start" />
            {loaderData.needsPassword ? (
              <Field id="admin-enrol-password" label={t("login.password")} error={fieldError("password")}>
                {(props) => (
                  <input {...props} name="password" type="password" autoComplete="current-password" required className={inputClasses} />
                )}
              </Field>
            ) : (
              <input type="hidden" name="password" value="" />
            )}
            <button type="submit" className={adminButton.primary} disabled={busy}>
              {t("login.enrolStart")}
            </button>
          </Form>
        </div>
      ) : null}

      {step === "enrol" && enrolment ? (
        <TwoFactorEnrolmentStep enrolment={enrolment} action={action} busy={busy} error={fieldError("code")} />
      ) : null}

      {step === "backup-codes" && result?.ok ? (
        <BackupCodesStep codes={result.backupCodes ?? []} continueTo={loaderData.redirectTo} />
      ) : null}
    </AdminEntryFrame>
  );
}
