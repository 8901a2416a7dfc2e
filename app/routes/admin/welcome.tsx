import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/welcome";
import { AdminCard, AdminPage, adminButton, Field, inputClasses, Notice } from "~/components/admin/admin-ui";
import { ChurchLookCard } from "~/components/admin/church-look-card";
import { ServiceTimesCard } from "~/components/admin/service-times-card";
import { runSettingsAction } from "~/features/admin/settings/run-settings-action.server";
import type { SettingsResult } from "~/features/admin/settings/settings-result";
import { chooseDemo, loadWelcomeWizard, saveWizardChurch } from "~/features/admin/setup/welcome-wizard.server";
import { nextStep, US_TIME_ZONES, wizardStep, type WizardStep } from "~/features/admin/setup/welcome-wizard";
import { adminTranslator, useAdminTranslation, type AdminMessage, type AdminMessageKey } from "~/platform/admin/admin-translation";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { getEnv } from "~/server/env.server";
import { readInput } from "~/server/request-input.server";

/**
 * /admin/welcome (issue 34): the short wizard after the first-run setup, in the language the
 * administrator chose — the church (names in both languages, address, phone, time zone,
 * text-message word), its service times, its logo and colour. Any administrator with the
 * settings scope may come back to it; each step saves through the settings' own code.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "settings");
  const wizard = await loadWelcomeWizard(db, getEnv().DATA_DIR);
  const step = wizardStep(url.searchParams.get("step"), wizard.steps);
  return data({ step, title: adminTranslator(language)("setup.wizard.title"), ...wizard }, { headers: NO_STORE });
}

export async function action({ request, url }: Route.ActionArgs) {
  const context = await requireAdmin(request, "settings");
  const step = wizardStep(url.searchParams.get("step"));
  if (step === "demo") {
    const input = (await readInput(request)) ?? {};
    const chosen = await chooseDemo({ context, input, dataDir: getEnv().DATA_DIR });
    if (chosen.ok) throw redirect("/admin/welcome?step=done", { status: 303, headers: NO_STORE });
    const failure: SettingsResult = { ok: false, status: chosen.status, intent: "remove-demo", error: chosen.error };
    return data(failure, { status: chosen.status, headers: NO_STORE });
  }
  if (step === "church") {
    const input = (await readInput(request)) ?? {};
    const result = await saveWizardChurch({ context, input });
    if (result.ok) throw redirect(`/admin/welcome?step=${nextStep(step)}`, { status: 303, headers: NO_STORE });
    return data(result, { status: result.status, headers: NO_STORE });
  }
  const result = await runSettingsAction(request, context);
  return data(result, { status: result.ok ? 200 : result.status, headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

type LoaderData = Route.ComponentProps["loaderData"];

export default function AdminWelcome({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminTranslation();
  const busy = useNavigation().state !== "idle";
  const result = actionData as SettingsResult | undefined;
  const { step, steps } = loaderData;
  const next = `/admin/welcome?step=${steps[steps.indexOf(step) + 1] ?? "done"}`;
  const say = (message: AdminMessage | undefined) => (message ? t(message.key, message.values) : null);

  // A new step starts at the top of the page, with focus there (the form just sent was lower down).
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    window.scrollTo(0, 0);
    const heading = document.getElementById(`wizard-${step}`)?.querySelector("h2");
    heading?.setAttribute("tabindex", "-1");
    // Not scrolled to: at the top the steps stay in view (the sticky bar would hide a heading scrolled up to it).
    heading?.focus({ preventScroll: true });
  }, [step]);

  return (
    <AdminPage title={t("setup.wizard.title")} intro={t("setup.wizard.intro")}>
      <StepList step={step} steps={steps} />
      {result?.ok ? <Notice tone="success">{say(result.notice)}</Notice> : null}
      {result && !result.ok && result.error && step !== "look" ? <Notice tone="error">{say(result.error)}</Notice> : null}

      {step === "church" ? <ChurchStep loaderData={loaderData} result={result} busy={busy} /> : null}

      {step === "times" ? (
        <>
          <AdminCard title={t("setup.wizard.times.heading")} id="wizard-times">
            <p className="text-slate-700">{t("setup.wizard.times.intro")}</p>
          </AdminCard>
          <ServiceTimesCard times={loaderData.serviceTimes} result={result} busy={busy} />
        </>
      ) : null}

      {step === "look" ? (
        <>
          <AdminCard title={t("setup.wizard.look.heading")} id="wizard-look">
            <p className="text-slate-700">{t("setup.wizard.look.intro")}</p>
          </AdminCard>
          <ChurchLookCard brandColor={loaderData.look.brandColor} logoUrl={loaderData.look.logoUrl} result={result} busy={busy} />
        </>
      ) : null}

      {step === "demo" && loaderData.demo.state === "present" ? <DemoStep demo={loaderData.demo} busy={busy} /> : null}

      {step === "done" ? (
        <AdminCard title={t("setup.wizard.done.heading")} id="wizard-done">
          <p className="text-slate-700">{t("setup.wizard.done.intro")}</p>
          <p className="mt-4 flex flex-wrap gap-3">
            <a href="/" className={adminButton.primary}>
              {t("setup.wizard.done.site")}
            </a>
            <Link to="/admin" className={adminButton.secondary}>
              {t("setup.wizard.done.dashboard")}
            </Link>
          </p>
        </AdminCard>
      ) : null}

      {step === "times" || step === "look" ? (
        <p className="flex flex-wrap gap-3">
          <Link to={next} className={adminButton.primary}>
            {t("setup.wizard.continue")}
          </Link>
        </p>
      ) : null}
    </AdminPage>
  );
}

function StepList({ step, steps }: { step: WizardStep; steps: WizardStep[] }) {
  const { t } = useAdminTranslation();
  const at = steps.indexOf(step);
  return (
    <nav aria-label={t("setup.wizard.stepsLabel")}>
      <ol className="flex flex-wrap gap-2 text-sm">
        {steps.map((id, index) => (
          <li key={id}>
            <Link
              to={`/admin/welcome?step=${id}`}
              aria-current={index === at ? "step" : undefined}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 font-semibold ${
                index === at ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800"
              }`}
            >
              <span aria-hidden="true">{index + 1}.</span> {t(`setup.wizard.steps.${id}`)}
              {index < at ? <span className="sr-only"> ({t("setup.wizard.completed")})</span> : null}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function ChurchStep({ loaderData, result, busy }: { loaderData: LoaderData; result: SettingsResult | undefined; busy: boolean }) {
  const { t } = useAdminTranslation();
  const failure = result && !result.ok && result.intent === "save-profile" ? result : null;
  const values: Record<string, string> = { ...loaderData.profile, ...failure?.values };
  const error = (name: string) => {
    const message = failure?.fieldErrors?.[name];
    return message ? t(message.key, message.values) : null;
  };
  const text = (
    name: string,
    options: { autoComplete?: string; type?: string; inputMode?: "tel"; hint?: string; required?: boolean; className?: string } = {},
  ) => (
    <div className={options.className}>
      <Field id={`wizard-${name}`} label={t(`setup.wizard.church.${name}` as AdminMessageKey)} hint={options.hint} error={error(name)}>
        {(props) => (
          <input
            {...props}
            name={name}
            type={options.type ?? "text"}
            inputMode={options.inputMode}
            defaultValue={values[name] ?? ""}
            autoComplete={options.autoComplete ?? "off"}
            required={options.required}
            className={inputClasses}
          />
        )}
      </Field>
    </div>
  );
  const zone = values.timeZone || "America/Chicago";
  const zones: string[] = (US_TIME_ZONES as readonly string[]).includes(zone) ? [...US_TIME_ZONES] : [...US_TIME_ZONES, zone];
  return (
    <AdminCard title={t("setup.wizard.church.heading")} id="wizard-church">
      <p className="mb-4 text-slate-700">{t("setup.wizard.church.intro")}</p>
      <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2" key={failure ? "failed" : "church"}>
        {text("nameEn", { required: true, autoComplete: "organization" })}
        {text("nameEs", { hint: t("setup.wizard.church.nameEsHint") })}
        {text("taglineEn")}
        {text("taglineEs")}
        {text("streetAddress", { required: true, autoComplete: "street-address", className: "sm:col-span-2" })}
        {text("city", { required: true, autoComplete: "address-level2" })}
        {text("region", { required: true, autoComplete: "address-level1" })}
        {text("postalCode", { required: true, autoComplete: "postal-code" })}
        {text("phone", { type: "tel", inputMode: "tel", required: true, autoComplete: "tel", hint: t("setup.wizard.church.phoneHint") })}
        {text("smsKeyword", { hint: t("setup.wizard.church.smsKeywordHint") })}
        <Field
          id="wizard-timeZone"
          label={t("setup.wizard.church.timeZone")}
          hint={t("setup.wizard.church.timeZoneHint")}
          error={error("timeZone")}
        >
          {(props) => (
            <select {...props} name="timeZone" defaultValue={zone} className={inputClasses}>
              {zones.map((id) => (
                <option key={id} value={id}>
                  {(US_TIME_ZONES as readonly string[]).includes(id)
                    ? t(`setup.wizard.zones.${id}` as AdminMessageKey)
                    : t("setup.wizard.church.otherZone", { zone: id })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="sm:col-span-2">
          <button type="submit" className={adminButton.primary} disabled={busy}>
            {t("setup.wizard.church.save")}
          </button>
        </div>
      </Form>
    </AdminCard>
  );
}

function DemoStep({ demo, busy }: { demo: Extract<LoaderData["demo"], { state: "present" }>; busy: boolean }) {
  const { t } = useAdminTranslation();
  const option = "flex items-start gap-3 rounded-lg border border-slate-300 p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50";
  return (
    <AdminCard title={t("setup.wizard.demo.heading")} id="wizard-demo">
      <p className="text-slate-700">{t("setup.wizard.demo.intro")}</p>
      <Form method="post" className="mt-4 grid gap-4">
        <fieldset className="grid gap-3">
          <legend className="mb-2 font-semibold text-slate-900">{t("setup.wizard.demo.legend")}</legend>
          <label className={option}>
            <input type="radio" name="demo" value="keep" defaultChecked className="mt-1 h-5 w-5 shrink-0 accent-brand-700" />
            <span>
              <span className="block font-semibold text-slate-900">{t("setup.wizard.demo.keep")}</span>
              <span className="block text-sm text-slate-700">{t("setup.wizard.demo.keepHint")}</span>
            </span>
          </label>
          <label className={option}>
            <input type="radio" name="demo" value="empty" className="mt-1 h-5 w-5 shrink-0 accent-brand-700" />
            <span>
              <span className="block font-semibold text-slate-900">{t("setup.wizard.demo.empty")}</span>
              <span className="block text-sm text-slate-700">{t("setup.wizard.demo.emptyHint", { folder: demo.backupFolder })}</span>
            </span>
          </label>
        </fieldset>
        <div>
          <button type="submit" className={adminButton.primary} disabled={busy}>
            {t("setup.wizard.continue")}
          </button>
        </div>
      </Form>
    </AdminCard>
  );
}
