import { Form } from "react-router";
import type { AuthT } from "~/features/auth/auth-translation";
import type { MemberSettings } from "~/features/member/load-member-settings.server";
import { Field, FormAlert, SettingsSection, SubmitButton, useSettingsForm } from "./settings-form-parts";

export function DeleteAccountSection({ settings, formKey, t }: { settings: MemberSettings; formKey: string; t: AuthT }) {
  const form = useSettingsForm("delete-account", ["delete-account"]);
  return (
    <SettingsSection
      id="delete-account"
      title={t("settings.deleteAccount")}
      intro={
        <div className="grid gap-2">
          <p>{t("settings.deleteHint")}</p>
          <p>{t("settings.deleteKept")}</p>
          <p>
            <a href="#download-data" className="font-semibold text-brand-800 underline underline-offset-4">
              {t("settings.deleteDownloadFirst")}
            </a>
          </p>
        </div>
      }
    >
      <Form method="post" action="/settings" key={formKey} className="grid gap-5" noValidate>
        <input type="hidden" name="intent" value="delete-account" />
        <Field
          state={form}
          t={t}
          name="confirmation"
          label={t("settings.deleteConfirmLabel")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={20}
        />
        {settings.hasPassword ? (
          <Field
            state={form}
            t={t}
            name="password"
            type="password"
            label={t("fields.password")}
            hint={t("settings.deletePasswordHint")}
            autoComplete="current-password"
            required
          />
        ) : null}
        <FormAlert state={form} t={t} />
        <div>
          <SubmitButton state={form} variant="danger" label={t("settings.deleteButton")} pendingLabel={t("settings.working")} />
        </div>
      </Form>
    </SettingsSection>
  );
}
