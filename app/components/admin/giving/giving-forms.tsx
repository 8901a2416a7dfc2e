import { Form, Link } from "react-router";
import { AdminCard, adminButton, Field, inputClasses } from "~/components/admin/admin-ui";
import { useGivingAdminTranslation } from "~/features/giving/giving-admin-translation";
import {
  FUND_LIMITS,
  type FundField,
  type FundFormValues,
  type GivingAdminResult,
  type SettingsField,
  type SettingsFormValues,
} from "~/features/giving/admin/giving-admin-form";

const checkboxRow = "flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2";

/** Adding or editing a fund (bilingual), and deleting the one being edited. */
export function FundForm({
  fund,
  result,
  busy,
}: {
  fund: { id: number; values: FundFormValues } | null;
  result: GivingAdminResult | undefined;
  busy: boolean;
}) {
  const { t } = useGivingAdminTranslation();
  const failed = result?.intent === "save-fund" ? result : undefined;
  const values = failed?.fundValues ?? fund?.values ?? { active: "on", sortOrder: "0" };
  const errors = failed?.fieldErrors ?? {};
  const err = (name: FundField) => (errors[name] ? t(`admin.errors.${errors[name]}`) : null);
  const labels: Record<FundField, string> = {
    name: t("admin.fundFields.name"),
    nameEs: t("admin.fundFields.nameEs"),
    description: t("admin.fundFields.description"),
    descriptionEs: t("admin.fundFields.descriptionEs"),
    sortOrder: t("admin.fundFields.sortOrder"),
  };
  const title = fund ? t("admin.fundFormEdit", { name: fund.values.name ?? "" }) : t("admin.fundFormNew");
  const input = (name: FundField, o: { lang?: "en" | "es"; required?: boolean; hint?: string; type?: string } = {}) => (
    <Field id={`fund-${name}`} label={labels[name]} error={err(name)} hint={o.hint}>
      {(props) => (
        <input
          {...props}
          name={name}
          type={o.type ?? "text"}
          lang={o.lang}
          required={o.required}
          defaultValue={values[name] ?? ""}
          maxLength={o.type ? undefined : FUND_LIMITS[name]}
          className={inputClasses}
        />
      )}
    </Field>
  );
  const area = (name: FundField, lang: "en" | "es", hint?: string) => (
    <Field id={`fund-${name}`} label={labels[name]} error={err(name)} hint={hint}>
      {(props) => (
        <textarea
          {...props}
          name={name}
          lang={lang}
          rows={3}
          defaultValue={values[name] ?? ""}
          maxLength={FUND_LIMITS[name]}
          className={inputClasses}
        />
      )}
    </Field>
  );
  return (
    <AdminCard id="fund-form" title={title}>
      <Form key={`${fund?.id ?? "new"}`} method="post" action="/admin/giving" className="grid gap-4" aria-label={title}>
        <input type="hidden" name="intent" value="save-fund" />
        {fund ? <input type="hidden" name="fundId" value={fund.id} /> : null}
        <div className="grid gap-4 md:grid-cols-2">
          {input("name", { lang: "en", required: true })}
          {input("nameEs", { lang: "es", hint: t("admin.spanishHint") })}
          {area("description", "en")}
          {area("descriptionEs", "es", t("admin.spanishHint"))}
          {input("sortOrder", { type: "number", hint: t("admin.fundFields.sortOrderHint") })}
        </div>
        <label className={checkboxRow}>
          <input type="checkbox" name="active" defaultChecked={values.active === "on"} className="h-5 w-5 shrink-0" />
          <span className="text-slate-900">{t("admin.fundFields.active")}</span>
        </label>
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={busy} className={adminButton.primary}>
            {fund ? t("admin.saveFund") : t("admin.addFund")}
          </button>
          {fund ? (
            <Link to="/admin/giving#funds" className={adminButton.secondary}>
              {t("admin.cancelEdit")}
            </Link>
          ) : null}
        </div>
      </Form>
      {fund ? (
        <div className="mt-6 grid gap-3 border-t border-slate-200 pt-4">
          <Form method="post" action="/admin/giving" className="grid gap-3">
            <input type="hidden" name="intent" value="delete-fund" />
            <input type="hidden" name="fundId" value={fund.id} />
            <label className={checkboxRow}>
              <input type="checkbox" name="confirm" value="yes" required className="h-5 w-5 shrink-0" />
              <span className="text-slate-900">{t("admin.deleteFundConfirm")}</span>
            </label>
            <div className="flex flex-wrap gap-2">
              <button type="submit" disabled={busy} className={adminButton.danger}>
                {t("admin.deleteFund")}
              </button>
            </div>
          </Form>
          {fund.values.active === "on" ? (
            <Form method="post" action="/admin/giving">
              <input type="hidden" name="intent" value="deactivate-fund" />
              <input type="hidden" name="fundId" value={fund.id} />
              <button type="submit" disabled={busy} className={adminButton.secondary}>
                {t("admin.deactivateFund")}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </AdminCard>
  );
}

/** The processing fee, text-to-give, and whether Stripe is configured. */
export function GivingSettingsForm({
  settings,
  feeText,
  stripeConfigured,
  result,
  busy,
}: {
  settings: SettingsFormValues;
  feeText: string;
  stripeConfigured: boolean;
  result: GivingAdminResult | undefined;
  busy: boolean;
}) {
  const { t } = useGivingAdminTranslation();
  const failed = result?.intent === "save-settings" ? result : undefined;
  const values = failed?.settingsValues ?? settings;
  const errors = failed?.fieldErrors ?? {};
  const err = (name: SettingsField) => (errors[name] ? t(`admin.errors.${errors[name]}`) : null);
  const input = (name: SettingsField, label: string, o: { hint?: string; inputMode?: "decimal" | "numeric" | "text" | "tel" } = {}) => (
    <Field id={`giving-${name}`} label={label} error={err(name)} hint={o.hint}>
      {(props) => (
        <input
          {...props}
          name={name}
          type="text"
          inputMode={o.inputMode}
          defaultValue={values[name] ?? ""}
          maxLength={40}
          className={inputClasses}
        />
      )}
    </Field>
  );
  return (
    <AdminCard id="settings" title={t("admin.settingsHeading")}>
      <p className={`mb-4 font-semibold ${stripeConfigured ? "text-emerald-900" : "text-red-800"}`}>
        {stripeConfigured ? t("admin.stripeConfigured") : t("admin.stripeNotConfigured")}
      </p>
      <p className="mb-4 text-slate-700">{t("admin.feeExample", { fee: feeText })}</p>
      <Form method="post" action="/admin/giving" className="grid gap-4" aria-label={t("admin.settingsHeading")}>
        <input type="hidden" name="intent" value="save-settings" />
        <div className="grid gap-4 md:grid-cols-2">
          {input("feePercent", t("admin.settingsFields.feePercent"), {
            hint: t("admin.settingsFields.feePercentHint"),
            inputMode: "decimal",
          })}
          {input("feeFixed", t("admin.settingsFields.feeFixed"), { hint: t("admin.settingsFields.feeFixedHint"), inputMode: "numeric" })}
          {input("textKeyword", t("admin.settingsFields.textKeyword"), { hint: t("admin.settingsFields.textHint") })}
          {input("textNumber", t("admin.settingsFields.textNumber"), { inputMode: "tel" })}
        </div>
        <div>
          <button type="submit" disabled={busy} className={adminButton.primary}>
            {t("admin.saveSettings")}
          </button>
        </div>
      </Form>
    </AdminCard>
  );
}
