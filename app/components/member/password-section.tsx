import { Form } from "react-router";
import type { AuthT } from "~/features/auth/auth-translation";
import type { MemberSettings } from "~/features/member/load-member-settings.server";
import { Field, FormAlert, SettingsSection, StatusNote, SubmitButton, useSettingsForm } from "./settings-form-parts";

/** Change the password, or set one for a member who signed up by link or text message. */
export function PasswordSection({
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
  const form = useSettingsForm("password", ["change-password", "set-password"]);
  const intent = settings.hasPassword ? "change-password" : "set-password";
  return (
    <SettingsSection
      id="password"
      title={t("settings.password")}
      intro={settings.hasPassword ? null : <p>{t("settings.setPasswordHint")}</p>}
    >
      {notice ? <StatusNote>{notice}</StatusNote> : null}
      <Form method="post" action="/settings" preventScrollReset key={formKey} className="grid gap-5" noValidate>
        <input type="hidden" name="intent" value={intent} />
        {settings.hasPassword ? (
          <Field
            state={form}
            t={t}
            name="currentPassword"
            type="password"
            label={t("settings.currentPassword")}
            autoComplete="current-password"
            required
          />
        ) : null}
        <Field
          state={form}
          t={t}
          name="newPassword"
          type="password"
          label={t("settings.newPassword")}
          hint={t("settings.passwordRules")}
          autoComplete="new-password"
          required
          minLength={6}
          maxLength={128}
        />
        <Field
          state={form}
          t={t}
          name="confirmPassword"
          type="password"
          label={t("settings.confirmNewPassword")}
          autoComplete="new-password"
          required
        />
        <FormAlert state={form} t={t} />
        <div>
          <SubmitButton
            state={form}
            label={settings.hasPassword ? t("settings.changePassword") : t("settings.setPassword")}
            pendingLabel={t("settings.saving")}
          />
        </div>
      </Form>
    </SettingsSection>
  );
}
