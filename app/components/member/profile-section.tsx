import { useEffect, useRef } from "react";
import { Form, useActionData } from "react-router";
import type { AuthT } from "~/features/auth/auth-translation";
import type { MemberSettings } from "~/features/member/load-member-settings.server";
import type { SettingsActionData } from "~/features/member/run-settings-intent.server";
import { Field, FormAlert, inputClass, SettingsSection, StatusNote, SubmitButton, useSettingsForm } from "./settings-form-parts";

export function ProfileSection({
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
        <fieldset className="grid gap-3" aria-describedby="profile-directory-hint">
          <legend className="text-sm font-semibold text-slate-800">{t("settings.directory")}</legend>
          <p id="profile-directory-hint" className="text-sm text-slate-600">
            {t("settings.directoryHint")}
          </p>
          <DirectoryCheckbox
            name="directoryListed"
            label={t("settings.directoryListed")}
            defaultChecked={values.directoryListed ?? settings.profile.directoryListed}
          />
          <DirectoryCheckbox
            name="directoryShowEmail"
            label={t("settings.directoryShowEmail")}
            hint={t("settings.directoryShowHint")}
            defaultChecked={values.directoryShowEmail ?? settings.profile.directoryShowEmail}
          />
          <DirectoryCheckbox
            name="directoryShowPhone"
            label={t("settings.directoryShowPhone")}
            hint={t("settings.directoryShowHint")}
            defaultChecked={values.directoryShowPhone ?? settings.profile.directoryShowPhone}
          />
        </fieldset>
        <FormAlert state={form} t={t} />
        <div>
          <SubmitButton state={form} label={t("settings.saveProfile")} pendingLabel={t("settings.saving")} />
        </div>
      </Form>
      <SignInPhone settings={settings} formKey={formKey} t={t} />
    </SettingsSection>
  );
}

/** One members-directory choice: a native checkbox (24 px, its label also toggles it); unchecked is absent, so false. */
function DirectoryCheckbox({ name, label, hint, defaultChecked }: { name: string; label: string; hint?: string; defaultChecked: boolean }) {
  const id = `profile-${name}`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="size-6 shrink-0 accent-brand-700"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-slate-800">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The number phone sign-in uses. A number saved in the profile is only contact information
 * until a texted code proves it is the member's: then it becomes the sign-in number.
 */
function SignInPhone({ settings, formKey, t }: { settings: MemberSettings; formKey: string; t: AuthT }) {
  const actionData = useActionData<SettingsActionData>();
  const form = useSettingsForm("sign-in-phone", ["send-phone-code", "verify-phone"]);
  const phone = settings.profile.phone;
  const unconfirmed = Boolean(phone) && phone !== settings.signInPhone;
  const codeStep = (actionData?.ok && actionData.intent === "send-phone-code") || form.problem?.intent === "verify-phone";
  const codeHeading = useRef<HTMLParagraphElement>(null);
  // The button that sent the code is gone: continue at the sentence that says where it went.
  const sentNow = actionData?.ok && actionData.intent === "send-phone-code";
  useEffect(() => {
    if (sentNow) codeHeading.current?.focus();
  }, [sentNow, actionData]);

  return (
    <div className="mt-8 border-t border-slate-200 pt-6">
      <h3 className="font-serif text-xl font-bold text-brand-900">{t("settings.signInPhone")}</h3>
      {settings.signInPhone || !unconfirmed ? (
        <p className="mt-1 text-slate-700">{settings.signInPhone ?? t("settings.noSignInPhone")}</p>
      ) : null}
      {unconfirmed && !codeStep ? (
        <Form method="post" action="/settings" preventScrollReset key={`send-${formKey}`} className="mt-3 grid gap-4" noValidate>
          <input type="hidden" name="intent" value="send-phone-code" />
          <input type="hidden" name="phone" value={phone} />
          <p className="text-slate-700">{t("settings.phoneNotForSignIn", { phone })}</p>
          <FormAlert state={form} t={t} />
          <div>
            <SubmitButton state={form} variant="secondary" label={t("settings.sendPhoneCode")} pendingLabel={t("settings.working")} />
          </div>
        </Form>
      ) : null}
      {unconfirmed && codeStep ? (
        // A fixed key: this form appears with the answer to "send", while the page is still
        // revalidating; keyed by the location it would be replaced (and the typed code lost)
        // when the navigation commits.
        <Form method="post" action="/settings" preventScrollReset key="verify-phone" className="mt-3 grid gap-4" noValidate>
          <input type="hidden" name="intent" value="verify-phone" />
          <input type="hidden" name="phone" value={phone} />
          <p ref={codeHeading} tabIndex={-1} className="text-slate-700 focus:outline-none">
            {t("settings.phoneCodeSent", { phone })}
          </p>
          <Field
            state={form}
            t={t}
            name="code"
            label={t("settings.phoneCode")}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            maxLength={10}
          />
          <FormAlert state={form} t={t} />
          <div>
            <SubmitButton state={form} label={t("settings.confirmPhone")} pendingLabel={t("settings.working")} />
          </div>
        </Form>
      ) : null}
    </div>
  );
}
