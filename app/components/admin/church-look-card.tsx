import { useState } from "react";
import { Form } from "react-router";
import type { SettingsResult } from "~/features/admin/settings/settings-result";
import { useAdminTranslation } from "~/platform/admin/admin-translation";
import { AdminCard, adminButton, Field, inputClasses, Notice } from "./admin-ui";

const BUILT_IN = "#0f5257";
const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The church's logo and main colour (Settings, and the welcome wizard's look step): a colour
 * picker kept in step with a typed code, a live preview, and the logo upload. The server
 * refuses a colour without AA contrast (save-church-look.server.ts).
 */
export function ChurchLookCard({
  brandColor,
  logoUrl,
  result,
  busy,
}: {
  brandColor: string | null;
  logoUrl: string | null;
  result: SettingsResult | undefined;
  busy: boolean;
}) {
  const { t } = useAdminTranslation();
  const colorFailure = result && !result.ok && result.intent === "save-look" ? result : null;
  const logoFailure = result && !result.ok && result.intent === "save-logo" ? result : null;
  const [color, setColor] = useState(colorFailure?.values?.brandColor ?? brandColor ?? BUILT_IN);
  const preview = HEX.test(color) ? color : (brandColor ?? BUILT_IN);
  const colorError = colorFailure?.fieldErrors?.brandColor ?? colorFailure?.error;
  return (
    <AdminCard title={t("settings.look.heading")} id="church-look">
      <p className="mb-4 text-slate-700">{t("settings.look.intro")}</p>
      <div className="grid gap-8 lg:grid-cols-2">
        <Form method="post" noValidate className="grid content-start gap-4">
          <input type="hidden" name="intent" value="save-look" />
          <Field
            id="look-color"
            label={t("settings.look.color")}
            hint={t("settings.look.colorHint")}
            error={colorError ? t(colorError.key, colorError.values) : null}
          >
            {(props) => (
              <div className="flex items-center gap-3">
                <input
                  type="color"
                  value={preview.toLowerCase()}
                  onChange={(event) => setColor(event.target.value)}
                  aria-label={t("settings.look.color")}
                  className="h-11 w-14 shrink-0 cursor-pointer rounded border border-slate-400 bg-white p-1"
                />
                <input
                  {...props}
                  name="brandColor"
                  value={color}
                  onChange={(event) => setColor(event.target.value)}
                  maxLength={7}
                  autoComplete="off"
                  spellCheck={false}
                  className={`${inputClasses} max-w-40 font-mono`}
                />
              </div>
            )}
          </Field>
          <div aria-hidden="true" className="rounded-lg border border-slate-200 p-4">
            <p className="text-sm font-semibold text-slate-700">{t("settings.look.preview")}</p>
            <div className="mt-3 flex flex-wrap items-center gap-4">
              <span
                className="inline-flex min-h-11 items-center rounded-full px-5 font-semibold text-white"
                style={{ backgroundColor: preview }}
              >
                {t("settings.look.previewButton")}
              </span>
              <span className="font-semibold underline underline-offset-4" style={{ color: preview }}>
                {t("settings.look.previewLink")}
              </span>
            </div>
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={adminButton.primary} disabled={busy}>
              {t("settings.look.saveColor")}
            </button>
            {brandColor ? (
              <button type="submit" name="reset" value="true" className={adminButton.secondary} disabled={busy}>
                {t("settings.look.resetColor")}
              </button>
            ) : null}
          </div>
        </Form>
        <div className="grid content-start gap-4">
          <div>
            <p className="font-semibold text-slate-900">{t("settings.look.currentLogo")}</p>
            {logoUrl ? (
              <img src={logoUrl} alt="" width={96} height={96} className="mt-2 h-24 w-24 rounded border border-slate-200 object-contain" />
            ) : (
              <p className="mt-1 text-slate-700">{t("settings.look.noLogo")}</p>
            )}
          </div>
          {logoFailure?.error ? <Notice tone="error">{t(logoFailure.error.key, logoFailure.error.values)}</Notice> : null}
          <Form method="post" encType="multipart/form-data" className="grid gap-3">
            <input type="hidden" name="intent" value="save-logo" />
            <Field id="look-logo" label={t("settings.look.logo")} hint={t("settings.look.logoHint")}>
              {(props) => (
                <input
                  {...props}
                  type="file"
                  name="logo"
                  accept="image/jpeg,image/png,image/webp"
                  required
                  className="block w-full text-sm text-slate-900"
                />
              )}
            </Field>
            <div>
              <button type="submit" className={adminButton.secondary} disabled={busy}>
                {t("settings.look.uploadLogo")}
              </button>
            </div>
          </Form>
          {logoUrl ? (
            <Form method="post" encType="multipart/form-data">
              <input type="hidden" name="intent" value="save-logo" />
              <input type="hidden" name="remove" value="true" />
              <button type="submit" className={adminButton.danger} disabled={busy}>
                {t("settings.look.removeLogo")}
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </AdminCard>
  );
}
