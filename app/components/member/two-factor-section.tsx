import { ShieldCheck, ShieldOff } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useActionData } from "react-router";
import type { AuthT } from "~/features/auth/auth-translation";
import type { MemberSettings } from "~/features/member/load-member-settings.server";
import type { SettingsActionData } from "~/features/member/run-settings-intent.server";
import type { TwoFactorEnrolment } from "~/features/member/two-factor-enrolment.server";
import {
  Field,
  FormAlert,
  SettingsSection,
  StatusNote,
  SubmitButton,
  useSettingsForm,
  type SettingsFormState,
} from "./settings-form-parts";

export function TwoFactorSection({
  settings,
  notice,
  formKey,
  t,
}: {
  settings: MemberSettings;
  notice: string | null;
  formKey: string;
  t: AuthT;
}) {
  const actionData = useActionData<SettingsActionData>();
  const form = useSettingsForm("two-factor", ["enable-two-factor", "disable-two-factor", "confirm-two-factor"]);
  const enrolment =
    actionData && (actionData.intent === "enable-two-factor" || actionData.intent === "confirm-two-factor")
      ? (actionData.enrolment ?? null)
      : null;
  const on = settings.twoFactorEnabled;

  return (
    <SettingsSection id="two-factor" title={t("settings.twoFactor")} intro={<p>{t("settings.twoFactorIntro")}</p>}>
      {notice ? <StatusNote>{notice}</StatusNote> : null}
      <p className="mb-4 flex items-center gap-2 font-semibold text-slate-900">
        {on ? (
          <ShieldCheck aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
        ) : (
          <ShieldOff aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-600" />
        )}
        {on ? t("settings.twoFactorOn") : t("settings.twoFactorOff")}
      </p>
      {on ? (
        <Form method="post" action="/settings" preventScrollReset key={formKey} className="grid gap-5" noValidate>
          <input type="hidden" name="intent" value="disable-two-factor" />
          {settings.hasPassword ? (
            <Field
              state={form}
              t={t}
              name="password"
              type="password"
              label={t("fields.password")}
              autoComplete="current-password"
              required
            />
          ) : null}
          <FormAlert state={form} t={t} />
          <div>
            <SubmitButton state={form} variant="secondary" label={t("settings.disableTwoFactor")} pendingLabel={t("settings.working")} />
          </div>
        </Form>
      ) : enrolment ? (
        <Enrolment enrolment={enrolment} form={form} t={t} />
      ) : (
        <Form method="post" action="/settings" preventScrollReset key={formKey} className="grid gap-5" noValidate>
          <input type="hidden" name="intent" value="enable-two-factor" />
          {settings.hasPassword ? (
            <Field
              state={form}
              t={t}
              name="password"
              type="password"
              label={t("fields.password")}
              autoComplete="current-password"
              required
            />
          ) : null}
          <FormAlert state={form} t={t} />
          <div>
            <SubmitButton state={form} label={t("settings.enableTwoFactor")} pendingLabel={t("settings.working")} />
          </div>
        </Form>
      )}
    </SettingsSection>
  );
}

/** Scan (or type the key), keep the backup codes, confirm with a code from the app. */
function Enrolment({ enrolment, form, t }: { enrolment: TwoFactorEnrolment; form: SettingsFormState; t: AuthT }) {
  // The button that was pressed is gone: start reading (and tabbing) at the new steps.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-6">
      <h3 ref={heading} tabIndex={-1} className="font-serif text-xl font-bold text-brand-900">
        {t("settings.twoFactorSetup")}
      </h3>
      <div>
        <h4 className="font-semibold text-slate-900">{t("settings.twoFactorStepScan")}</h4>
        <p className="mt-1 text-slate-700">{t("settings.twoFactorScan")}</p>
        <img
          src={enrolment.qrCode}
          alt={t("settings.twoFactorQr")}
          width={200}
          height={200}
          className="mt-3 h-auto w-48 max-w-full rounded-lg bg-white ring-1 ring-slate-200 sm:w-52"
        />
        <p className="mt-3 text-sm font-semibold text-slate-800">{t("settings.twoFactorSecret")}</p>
        <code className="mt-1 block break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-base tracking-wide text-slate-900">
          {enrolment.secret}
        </code>
      </div>
      {enrolment.backupCodes.length > 0 ? (
        <div>
          <h4 className="font-semibold text-slate-900">{t("settings.twoFactorStepCodes")}</h4>
          <p className="mt-1 text-slate-700">
            {t("settings.backupCodesHint")} <strong>{t("settings.backupCodesOnce")}</strong>
          </p>
          <ul aria-label={t("settings.backupCodes")} className="mt-3 grid grid-cols-2 gap-2 font-mono text-base text-slate-900">
            {enrolment.backupCodes.map((code) => (
              <li key={code} className="rounded-lg bg-slate-100 px-3 py-2 text-center">
                {code}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" action="/settings" preventScrollReset className="grid gap-5" noValidate>
        <h4 className="font-semibold text-slate-900">{t("settings.twoFactorStepConfirm")}</h4>
        <input type="hidden" name="intent" value="confirm-two-factor" />
        <input type="hidden" name="totpUri" value={enrolment.totpUri} />
        <input type="hidden" name="backupCodes" value={enrolment.backupCodes.join(" ")} />
        <Field
          state={form}
          t={t}
          name="code"
          label={t("fields.twoFactorCode")}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={10}
          required
          className="w-40"
        />
        <FormAlert state={form} t={t} />
        <div>
          <SubmitButton state={form} label={t("settings.confirmTwoFactor")} pendingLabel={t("settings.working")} />
        </div>
      </Form>
    </div>
  );
}
