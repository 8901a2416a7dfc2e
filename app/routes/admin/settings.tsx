import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { AdminCard, AdminPage, adminButton, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import {
  adminTranslator,
  useAdminTranslation,
  type AdminMessage,
  type AdminMessageKey,
  type AdminT,
} from "~/platform/admin/admin-translation";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { loadSettings } from "~/features/admin/settings/load-settings.server";
import { DEMO_CONFIRM_VALUE } from "~/features/admin/settings/demo-confirm";
import { loadDemoStatus } from "~/features/admin/settings/remove-demo-church.server";
import { getEnv } from "~/server/env.server";
import type { SettingsResult } from "~/features/admin/settings/settings-result";
import { runSettingsAction } from "~/features/admin/settings/run-settings-action.server";
import { ServiceTimesCard } from "~/components/admin/service-times-card";
import { ChurchLookCard } from "~/components/admin/church-look-card";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, language, admin } = await requireAdmin(request, "settings");
  const [settings, demo] = await Promise.all([loadSettings({ db }), loadDemoStatus({ db, dataDir: getEnv().DATA_DIR })]);
  return data(
    { title: adminTranslator(language)("sections.settings"), adminEmail: admin.email ?? "", ...settings, demo },
    { headers: NO_STORE },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const context = await requireAdmin(request, "settings");
  const result = await runSettingsAction(request, context);
  return data(result, { status: result.ok ? 200 : result.status, headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

type LoaderData = Route.ComponentProps["loaderData"];

const say = (t: AdminT, message: AdminMessage | undefined) => (message ? t(message.key, message.values) : null);

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminTranslation();
  const busy = useNavigation().state !== "idle";
  const result = actionData as SettingsResult | undefined;
  const failed = result && !result.ok ? result : null;
  const profileFailure = failed?.intent === "save-profile" ? failed : null;

  return (
    <AdminPage title={t("sections.settings")} intro={t("settings.intro")}>
      {result?.ok ? <Notice tone="success">{say(t, result.notice)}</Notice> : null}
      {failed?.error ? <Notice tone="error">{say(t, failed.error)}</Notice> : null}
      {!loaderData.configured ? <Notice>{t("settings.profile.notConfigured")}</Notice> : null}

      <ProfileCard profile={loaderData.profile} failure={profileFailure} busy={busy} />
      <ServiceTimesCard times={loaderData.serviceTimes} result={result} busy={busy} />
      <ChurchLookCard brandColor={loaderData.look.brandColor} logoUrl={loaderData.look.logoUrl} result={result} busy={busy} />
      <RetentionCard
        retention={loaderData.retention}
        prayerWallDays={loaderData.prayerWallDays}
        failure={failed?.intent === "save-retention" ? failed : null}
        busy={busy}
      />
      <IntegrationsCard integrations={loaderData.integrations} adminEmail={loaderData.adminEmail} failure={failed} busy={busy} />
      {loaderData.demo.state !== "none" ? (
        <DemoCard
          demo={loaderData.demo}
          timeZone={loaderData.profile.timeZone || undefined}
          failure={failed?.intent === "remove-demo" ? failed : null}
          busy={busy}
        />
      ) : null}
    </AdminPage>
  );
}

type Failure = Extract<SettingsResult, { ok: false }>;

function ProfileCard({ profile, failure, busy }: { profile: LoaderData["profile"]; failure: Failure | null; busy: boolean }) {
  const { t } = useAdminTranslation();
  const values = failure?.values ?? profile;
  const text = (
    name: keyof LoaderData["profile"],
    options: {
      type?: string;
      autoComplete?: string;
      inputMode?: "decimal" | "tel" | "url" | "email";
      hint?: string;
      required?: boolean;
      className?: string;
    } = {},
  ) => (
    <div className={options.className}>
      <Field
        id={`profile-${name}`}
        label={t(`settings.profile.${name}` as AdminMessageKey)}
        hint={options.hint}
        error={say(t, failure?.fieldErrors?.[name])}
      >
        {(props) => (
          <input
            {...props}
            name={name}
            type={options.type ?? "text"}
            defaultValue={values[name] ?? ""}
            autoComplete={options.autoComplete ?? "off"}
            inputMode={options.inputMode}
            required={options.required}
            className={inputClasses}
          />
        )}
      </Field>
    </div>
  );
  const legend = "text-base font-semibold text-slate-900";
  const fieldset = "grid min-w-0 gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2";
  return (
    <AdminCard title={t("settings.profile.heading")} id="church-profile">
      <Form method="post" noValidate className="grid gap-6" key={failure ? "failed" : "profile"}>
        <input type="hidden" name="intent" value="save-profile" />
        <fieldset className={fieldset}>
          <legend className={legend}>{t("settings.profile.namesLegend")}</legend>
          {text("nameEn", { required: true, autoComplete: "organization" })}
          {text("nameEs", { hint: t("settings.profile.spanishHint") })}
          {text("taglineEn")}
          {text("taglineEs", { hint: t("settings.profile.spanishHint") })}
        </fieldset>
        <fieldset className={fieldset}>
          <legend className={legend}>{t("settings.profile.addressLegend")}</legend>
          {text("streetAddress", { required: true, autoComplete: "street-address", className: "sm:col-span-2" })}
          {text("city", { required: true, autoComplete: "address-level2" })}
          {text("region", { required: true, autoComplete: "address-level1" })}
          {text("postalCode", { required: true, autoComplete: "postal-code" })}
          {text("country", { required: true, autoComplete: "country" })}
        </fieldset>
        <fieldset className={fieldset}>
          <legend className={legend}>{t("settings.profile.contactLegend")}</legend>
          {text("phone", { type: "tel", inputMode: "tel", required: true, hint: t("settings.profile.phoneHint") })}
          {text("phoneDisplay", { required: true, hint: t("settings.profile.phoneDisplayHint") })}
          {text("smsKeyword", { required: true, hint: t("settings.profile.smsKeywordHint") })}
          {text("email", { type: "email", inputMode: "email", autoComplete: "email" })}
          {text("timeZone", { required: true, hint: t("settings.profile.timeZoneHint") })}
        </fieldset>
        <fieldset className={fieldset}>
          <legend className={legend}>{t("settings.profile.mapLegend")}</legend>
          {text("latitude", { inputMode: "decimal", hint: t("settings.profile.coordinatesHint") })}
          {text("longitude", { inputMode: "decimal", hint: t("settings.profile.coordinatesHint") })}
          {text("mapEmbedUrl", { type: "url", inputMode: "url", hint: t("settings.profile.mapEmbedUrlHint"), className: "sm:col-span-2" })}
          {text("directionsUrl", {
            type: "url",
            inputMode: "url",
            hint: t("settings.profile.directionsUrlHint"),
            className: "sm:col-span-2",
          })}
        </fieldset>
        <fieldset className={fieldset}>
          <legend className={legend}>{t("settings.profile.socialLegend")}</legend>
          {text("facebookUrl", { type: "url", inputMode: "url" })}
          {text("youtubeUrl", { type: "url", inputMode: "url" })}
          {text("instagramUrl", { type: "url", inputMode: "url" })}
        </fieldset>
        <div>
          <button type="submit" className={adminButton.primary} disabled={busy}>
            {t("settings.profile.save")}
          </button>
        </div>
      </Form>
    </AdminCard>
  );
}

function RetentionCard({
  retention,
  prayerWallDays,
  failure,
  busy,
}: {
  retention: LoaderData["retention"];
  prayerWallDays: number;
  failure: Failure | null;
  busy: boolean;
}) {
  const { t } = useAdminTranslation();
  const values = { ...retention, ...failure?.values };
  const field = (name: keyof LoaderData["retention"], hint: string) => (
    <Field id={`retention-${name}`} label={t(`settings.retention.${name}`)} hint={hint} error={say(t, failure?.fieldErrors?.[name])}>
      {(props) => (
        <input
          {...props}
          name={name}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={4}
          defaultValue={values[name] ?? ""}
          required
          autoComplete="off"
          className={`${inputClasses} max-w-32`}
        />
      )}
    </Field>
  );
  return (
    <AdminCard title={t("settings.retention.heading")} id="retention">
      <p className="mb-4 text-slate-700">{t("settings.retention.intro")}</p>
      <Form method="post" noValidate className="grid gap-5" key={failure ? "failed" : "retention"}>
        <input type="hidden" name="intent" value="save-retention" />
        {field("prayerRetentionDays", t("settings.retention.prayerRetentionDaysHint", { wallDays: prayerWallDays }))}
        {field("privatePrayerRetentionDays", t("settings.retention.privatePrayerRetentionDaysHint"))}
        {field("chatRetentionDays", t("settings.retention.chatRetentionDaysHint"))}
        <div>
          <button type="submit" className={adminButton.primary} disabled={busy}>
            {t("settings.retention.save")}
          </button>
        </div>
      </Form>
    </AdminCard>
  );
}

function IntegrationsCard({
  integrations,
  adminEmail,
  failure,
  busy,
}: {
  integrations: LoaderData["integrations"];
  adminEmail: string;
  failure: Failure | null;
  busy: boolean;
}) {
  const { t } = useAdminTranslation();
  const smsFailure = failure?.intent === "send-test-sms" ? failure : null;
  const badge = (configured: boolean) => (
    <span
      className={`rounded px-2 py-0.5 text-xs font-semibold ${configured ? "bg-emerald-100 text-emerald-900" : "bg-slate-100 text-slate-800"}`}
    >
      {configured ? t("settings.integrations.configured") : t("settings.integrations.notConfigured")}
    </span>
  );
  const { email, sms } = integrations;
  return (
    <AdminCard title={t("settings.integrations.heading")} id="integrations">
      <p className="mb-4 text-slate-700">{t("settings.integrations.intro")}</p>
      <dl className="grid gap-5">
        <div className="grid gap-2">
          <dt className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {t("settings.integrations.email")} {badge(email.configured)}
          </dt>
          <dd className="grid gap-3 text-slate-700">
            <p className="break-words">
              {email.configured
                ? t("settings.integrations.emailConfigured", { host: email.host ?? "—" })
                : t("settings.integrations.emailNotConfigured", { folder: email.folder })}
            </p>
            <p className="break-words">
              {email.from ? t("settings.integrations.emailFrom", { from: email.from }) : t("settings.integrations.emailFromDefault")}
            </p>
            <Form method="post" className="grid gap-2">
              <input type="hidden" name="intent" value="send-test-email" />
              <p id="test-email-hint" className="break-words text-sm text-slate-600">
                {t("settings.integrations.testEmailHint", { email: adminEmail })}
              </p>
              <div>
                <button type="submit" className={adminButton.secondary} disabled={busy} aria-describedby="test-email-hint">
                  {t("settings.integrations.sendTestEmail")}
                </button>
              </div>
            </Form>
          </dd>
        </div>
        <div className="grid gap-2">
          <dt className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {t("settings.integrations.sms")} {badge(sms.configured)}
          </dt>
          <dd className="grid gap-3 text-slate-700">
            <p className="break-words">
              {sms.configured
                ? t("settings.integrations.smsConfigured", { from: sms.from ?? "—" })
                : t("settings.integrations.smsNotConfigured", { file: sms.file })}
            </p>
            <Form method="post" noValidate className="flex flex-wrap items-end gap-3" key={smsFailure ? "failed" : "sms"}>
              <input type="hidden" name="intent" value="send-test-sms" />
              <div className="w-full max-w-xs">
                <Field
                  id="test-sms-to"
                  label={t("settings.integrations.testSmsTo")}
                  hint={t("settings.integrations.testSmsHint")}
                  error={say(t, smsFailure?.fieldErrors?.to)}
                >
                  {(props) => (
                    <input
                      {...props}
                      name="to"
                      type="tel"
                      inputMode="tel"
                      autoComplete="tel"
                      defaultValue={smsFailure?.values?.to ?? ""}
                      required
                      className={inputClasses}
                    />
                  )}
                </Field>
              </div>
              <button type="submit" className={adminButton.secondary} disabled={busy}>
                {t("settings.integrations.sendTestSms")}
              </button>
            </Form>
          </dd>
        </div>
        <div className="grid gap-2">
          <dt className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {t("settings.integrations.payments")} {badge(integrations.payments.configured)}
          </dt>
          <dd className="text-slate-700 wrap-anywhere">
            {integrations.payments.configured
              ? t("settings.integrations.paymentsConfigured", { url: integrations.payments.webhookUrl })
              : t("settings.integrations.paymentsNotConfigured")}
          </dd>
        </div>
        <div className="grid gap-2">
          <dt className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {t("settings.integrations.assistant")} {badge(integrations.assistant.configured)}
          </dt>
          <dd className="text-slate-700 wrap-anywhere">
            {integrations.assistant.configured
              ? t("settings.integrations.assistantConfigured", {
                  host: integrations.assistant.host ?? "",
                  model: integrations.assistant.model ?? "",
                })
              : t("settings.integrations.assistantBuiltIn")}
          </dd>
        </div>
      </dl>
    </AdminCard>
  );
}

type DemoStatus = Exclude<LoaderData["demo"], { state: "none" }>;
type DemoCount = Extract<DemoStatus, { state: "present" }>["counts"][number];

/** "12 events", "1 event": the kind's words for a count. */
function kindWords(t: AdminT, kind: DemoCount["kind"], count: number): string {
  return t(`settings.demo.kinds.${kind}.${count === 1 ? "one" : "other"}` as AdminMessageKey, { count });
}

/**
 * Admin → Settings → "Remove the demo church" (ADR 035): what goes and what stays, a backup
 * first, a confirmation box; once done, when and by whom, and nothing more to press.
 */
function DemoCard({ demo, timeZone, failure, busy }: { demo: DemoStatus; timeZone?: string; failure: Failure | null; busy: boolean }) {
  const { t, language } = useAdminTranslation();
  if (demo.state === "removed") {
    const { removal } = demo;
    return (
      <AdminCard title={t("settings.demo.heading")} id="demo-church">
        <div className="grid gap-2 text-slate-700">
          <p>
            {t("settings.demo.removedSummary", {
              when: removal.at ? formatDateTime(removal.at, language, timeZone) : "—",
              who: removal.byName || t("settings.demo.removedByUnknown"),
            })}
          </p>
          {removal.backup ? (
            <p className="wrap-anywhere">{t("settings.demo.removedBackup", { file: removal.backup, folder: demo.backupFolder })}</p>
          ) : null}
        </div>
      </AdminCard>
    );
  }
  const removing = demo.counts.filter((c) => c.remove > 0);
  const keptChanged = demo.counts.filter((c) => c.keptChanged > 0);
  const keptInUse = demo.counts.filter((c) => c.keptInUse > 0);
  const confirmError = say(t, failure?.fieldErrors?.confirm);
  return (
    <AdminCard title={t("settings.demo.heading")} id="demo-church">
      <div className="grid gap-5 text-slate-700">
        <p>{t("settings.demo.intro")}</p>
        <div>
          <h3 className="text-base font-semibold text-slate-900">{t("settings.demo.willRemove")}</h3>
          <ul className="mt-2 grid list-disc gap-1 pl-5 sm:grid-cols-2 sm:gap-x-8">
            {removing.map((c) => (
              <li key={c.kind}>{kindWords(t, c.kind, c.remove)}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-base font-semibold text-slate-900">{t("settings.demo.willKeep")}</h3>
          <ul className="mt-2 grid list-disc gap-1 pl-5">
            {keptChanged.map((c) => (
              <li key={`changed-${c.kind}`}>{t("settings.demo.keptChanged", { what: kindWords(t, c.kind, c.keptChanged) })}</li>
            ))}
            {keptInUse.map((c) => (
              <li key={`in-use-${c.kind}`}>{t("settings.demo.keptInUse", { what: kindWords(t, c.kind, c.keptInUse) })}</li>
            ))}
            <li>{t("settings.demo.profileKept")}</li>
            <li>{t("settings.demo.untouched")}</li>
          </ul>
        </div>
        <p className="wrap-anywhere">{t("settings.demo.backupNote", { folder: demo.backupFolder })}</p>
        <p>{t("settings.demo.undoNote")}</p>
        <Form method="post" noValidate className="grid gap-4" key={failure ? "failed" : "demo"}>
          <input type="hidden" name="intent" value="remove-demo" />
          <div className="grid gap-1.5">
            <div className="flex items-start gap-3">
              <input
                id="demo-confirm"
                name="confirm"
                type="checkbox"
                value={DEMO_CONFIRM_VALUE}
                required
                aria-invalid={confirmError ? true : undefined}
                aria-describedby={confirmError ? "demo-confirm-error" : undefined}
                className="mt-0.5 size-6 shrink-0 accent-red-700"
              />
              <label htmlFor="demo-confirm" className="font-medium text-slate-900">
                {t("settings.demo.confirmLabel")}
              </label>
            </div>
            {confirmError ? (
              <p id="demo-confirm-error" className="text-sm font-medium text-red-800">
                {confirmError}
              </p>
            ) : null}
          </div>
          <div>
            <button type="submit" className={adminButton.danger} disabled={busy}>
              {t("settings.demo.submit")}
            </button>
          </div>
        </Form>
      </div>
    </AdminCard>
  );
}
