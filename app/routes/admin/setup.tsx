import { data, Form, useNavigation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/setup";
import { adminButton, Field, inputClasses, Notice } from "~/components/admin/admin-ui";
import { BackupCodesStep, TwoFactorEnrolmentStep } from "~/components/admin/two-factor-enrolment-step";
import { AdminEntryFrame } from "~/components/admin/admin-entry-frame";
import { hasAdministrator } from "~/features/admin/setup/setup-code.server";
import {
  confirmSetupEnrolment,
  setupStep,
  submitSetupAccount,
  submitSetupCode,
  type SetupOutcome,
} from "~/features/admin/setup/run-setup.server";
import { adminTranslator, useAdminTranslation } from "~/platform/admin/admin-translation";
import { adminCookiesSecure, NO_STORE } from "~/platform/admin/require-admin.server";
import { getRequestContext } from "~/server/request-context.server";
import { readInput } from "~/server/request-input.server";

/** Where the new administrator goes once two-factor is on: the welcome wizard. */
const WELCOME = "/admin/welcome";
/** When enrolment could not start here: the login page takes it from there. */
const SIGN_IN = "/admin/login?redirectTo=%2Fadmin%2Fwelcome";

/**
 * /admin/setup (issue 34): on an install without an administrator, the setup code, then the
 * first super administrator, then two-factor. Gone (404) once an administrator exists.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, language } = getRequestContext(request);
  if (await hasAdministrator(db)) throw data(null, { status: 404, headers: NO_STORE });
  return data({ step: await setupStep(db, request), title: adminTranslator(language)("setup.metaTitle") }, { headers: NO_STORE });
}

type SetupActionData = SetupOutcome extends infer O ? (O extends SetupOutcome ? Omit<O, "headers"> : never) : never;

export async function action({ request }: Route.ActionArgs) {
  const { db, language } = getRequestContext(request);
  const input = (await readInput(request)) ?? {};
  const options = { db, request, language, https: adminCookiesSecure(), input };
  const outcome =
    input.intent === "account"
      ? await submitSetupAccount(options)
      : input.intent === "enrol-confirm"
        ? await confirmSetupEnrolment(options)
        : input.intent === "code"
          ? await submitSetupCode(options)
          : ({ ok: false, status: 400, step: "code", error: { key: "setup.errors.codeRequired" }, headers: new Headers() } as SetupOutcome);
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  const { headers: _ignored, ...body } = outcome;
  return data(body as SetupActionData, { status: outcome.ok ? 200 : outcome.status, headers });
}

/** A step's answer is the page's state: once the administrator exists the loader would answer 404. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? false : defaultShouldRevalidate;

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "" },
  { name: "robots", content: "noindex, nofollow" },
];

const STEPS = ["code", "account", "enrol"] as const;
const HEADINGS = {
  code: "setup.code.heading",
  account: "setup.account.heading",
  enrol: "setup.enrol.heading",
  "backup-codes": "login.backupHeading",
} as const;

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const result = actionData as SetupActionData | undefined;
  const step = result?.step ?? loaderData.step;
  const failure = result && !result.ok ? result : null;
  const fieldError = (name: string) => {
    const error = failure?.fieldErrors?.[name];
    return error ? t(error.key, error.values) : null;
  };
  const value = (name: string) => (failure?.values?.[name] as string | undefined) ?? "";

  return (
    <AdminEntryFrame
      site={<p className="flex min-h-11 items-center font-semibold text-brand-800">{t("setup.title")}</p>}
      eyebrow={t("setup.stepOf", { step: step === "backup-codes" ? STEPS.length : STEPS.indexOf(step) + 1, total: STEPS.length })}
      heading={t(HEADINGS[step])}
      step={result}
    >
      {failure ? <Notice tone="error">{t(failure.error.key, failure.error.values)}</Notice> : null}

      {step === "code" ? (
        <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-slate-700">{t("setup.code.intro")}</p>
          <Form method="post" className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value="code" />
            <Field id="setup-code" label={t("setup.code.label")} hint={t("setup.code.hint")} error={fieldError("code")}>
              {(props) => (
                <input
                  {...props}
                  name="code"
                  autoComplete="one-time-code"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={40}
                  required
                  className={`${inputClasses} font-mono tracking-wider`}
                />
              )}
            </Field>
            <button type="submit" className={adminButton.primary} disabled={busy}>
              {t("setup.code.submit")}
            </button>
          </Form>
        </div>
      ) : null}

      {step === "account" ? (
        <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-slate-700">{t("setup.account.intro")}</p>
          <Form method="post" className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value="account" />
            <Field id="setup-name" label={t("setup.account.name")} error={fieldError("name")}>
              {(props) => (
                <input
                  {...props}
                  name="name"
                  autoComplete="name"
                  defaultValue={value("name")}
                  maxLength={200}
                  required
                  className={inputClasses}
                />
              )}
            </Field>
            <Field id="setup-email" label={t("setup.account.email")} error={fieldError("email")}>
              {(props) => (
                <input
                  {...props}
                  name="email"
                  type="email"
                  autoComplete="username"
                  defaultValue={value("email")}
                  required
                  className={inputClasses}
                />
              )}
            </Field>
            <Field
              id="setup-password"
              label={t("setup.account.password")}
              hint={t("setup.account.passwordHint")}
              error={fieldError("password")}
            >
              {(props) => (
                <input {...props} name="password" type="password" autoComplete="new-password" required className={inputClasses} />
              )}
            </Field>
            <Field id="setup-confirm" label={t("setup.account.confirm")} error={fieldError("confirm")}>
              {(props) => <input {...props} name="confirm" type="password" autoComplete="new-password" required className={inputClasses} />}
            </Field>
            <button type="submit" className={adminButton.primary} disabled={busy}>
              {t("setup.account.submit")}
            </button>
          </Form>
        </div>
      ) : null}

      {step === "enrol" && result?.enrolment ? (
        <TwoFactorEnrolmentStep
          enrolment={result.enrolment}
          action="/admin/setup"
          busy={busy}
          error={failure ? t(failure.error.key, failure.error.values) : null}
        />
      ) : step === "enrol" ? (
        <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <p className="text-slate-700">{t("setup.enrol.ready")}</p>
          <a href={SIGN_IN} className={adminButton.primary}>
            {t("setup.enrol.signIn")}
          </a>
        </div>
      ) : null}

      {step === "backup-codes" && result?.ok ? <BackupCodesStep codes={result.backupCodes ?? []} continueTo={WELCOME} /> : null}
    </AdminEntryFrame>
  );
}
