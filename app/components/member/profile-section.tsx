import { Form } from "react-router";
import type { AuthT } from "~/features/auth/auth-translation";
import type { MemberSettings } from "~/features/member/load-member-settings.server";
import { Field, FormAlert, inputClass, SettingsSection, StatusNote, SubmitButton, useSettingsForm } from "./settings-form-parts";

export function ProfileSection({ settings, notice, formKey, t }: { settings: MemberSettings; notice: string | null; formKey: string; t: AuthT }) {
  const form = useSettingsForm("profile", ["update-profile"]);
  // A refused form comes back as it was typed; otherwise the saved profile.
  const values = form.problem?.values ?? settings.profile;
  return (
    <SettingsSection id="profile" title={t("settings.profile")}>
      {notice ? <StatusNote>{notice}</StatusNote> : null}
      <dl className="mb-5 text-sm">
        <dt className="font-semibold text-slate-800">{t("settings.email")}</dt>
        <dd className="mt-1 break-words text-slate-700">{settings.email ?? t("settings.noEmail")}</dd>
      </dl>
      <Form method="post" action="/settings" preventScrollReset key={formKey} className="grid gap-5" noValidate>
        <input type="hidden" name="intent" value="update-profile" />
        <Field
          state={form}
          t={t}
          name="fullName"
          label={t("fields.fullName")}
          defaultValue={values.fullName}
          autoComplete="name"
          required
          maxLength={200}
        />
        <Field
          state={form}
          t={t}
          name="displayName"
          label={t("settings.displayName")}
          hint={t("settings.displayNameHint")}
          defaultValue={values.displayName}
          autoComplete="nickname"
          maxLength={200}
        />
        <Field
          state={form}
          t={t}
          name="username"
          label={t("settings.username")}
          hint={t("settings.usernameHint")}
          defaultValue={values.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={30}
        />
        <Field
          state={form}
          t={t}
          name="phone"
          type="tel"
          label={t("fields.phone")}
          hint={t("settings.phoneHint")}
          defaultValue={values.phone}
          autoComplete="tel"
          inputMode="tel"
        />
        <div>
          <label htmlFor="profile-preferredLanguage" className="block text-sm font-semibold text-slate-800">
            {t("settings.preferredLanguage")}
          </label>
          <p id="profile-preferredLanguage-hint" className="text-sm text-slate-600">
            {t("settings.preferredLanguageHint")}
          </p>
          <select
            id="profile-preferredLanguage"
            name="preferredLanguage"
            defaultValue={values.preferredLanguage}
            aria-describedby="profile-preferredLanguage-hint"
            className={inputClass}
          >
            <option value="en" lang="en">
              {t("settings.english")}
            </option>
            <option value="es" lang="es">
              {t("settings.spanish")}
            </option>
          </select>
        </div>
        <FormAlert state={form} t={t} />
        <div>
          <SubmitButton state={form} label={t("settings.saveProfile")} pendingLabel={t("settings.saving")} />
        </div>
      </Form>
    </SettingsSection>
  );
}
