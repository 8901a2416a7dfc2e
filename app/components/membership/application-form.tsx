import { Form, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button-link";
import type { MembershipT } from "~/features/membership/membership-translation";
import type { ApplicationActionData } from "~/features/membership/run-application-action.server";
import { fieldInputClasses, FormField } from "./form-field";

const legendClasses = "font-serif text-xl font-bold text-slate-900";
const fieldsetClasses = "grid min-w-0 gap-4 rounded-2xl border border-slate-200 p-4 sm:p-6";

/** The /join-church form; plain HTML, so it works before JavaScript loads. */
export function ApplicationForm({
  t,
  member,
  today,
  actionData,
}: {
  t: MembershipT;
  member: { name: string; email: string; phone: string } | null;
  today: string;
  actionData: ApplicationActionData | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const errors = failed?.fieldErrors ?? {};
  const v = (field: string, fallback = "") => failed?.values[field] ?? fallback;
  const required = t("form.required");
  const optional = t("form.optional");

  if (actionData?.ok) {
    return (
      <div role="status" aria-live="polite">
        <p className="rounded-2xl bg-emerald-50 p-6 text-lg font-semibold text-emerald-900">{actionData.message}</p>
      </div>
    );
  }
  const text = (
    name: string,
    label: string,
    o: { note?: string; type?: string; autoComplete?: string; max?: number; fallback?: string; hint?: string } = {},
  ) => (
    <FormField id={`join-${name}`} label={label} note={o.note ?? optional} error={errors[name]} hint={o.hint}>
      {(props) => (
        <input
          {...props}
          name={name}
          type={o.type ?? "text"}
          autoComplete={o.autoComplete}
          maxLength={o.max}
          max={o.type === "date" ? today : undefined}
          required={o.note === required}
          defaultValue={v(name, o.fallback)}
          className={fieldInputClasses}
        />
      )}
    </FormField>
  );
  const area = (name: string, label: string, max: number, rows = 3) => (
    <FormField id={`join-${name}`} label={label} note={optional} error={errors[name]}>
      {(props) => <textarea {...props} name={name} rows={rows} maxLength={max} defaultValue={v(name)} className={fieldInputClasses} />}
    </FormField>
  );
  const baptized = v("baptized");

  return (
    <section aria-labelledby="join-form-title" className="mt-10">
      <h2 id="join-form-title" className="font-serif text-3xl font-bold text-brand-800">
        {t("join.formHeading")}
      </h2>
      <p className="mt-2 text-lg text-slate-800">{t("join.formIntro")}</p>
      {member ? <p className="mt-2 rounded-lg bg-brand-50 p-3 text-slate-900">{t("join.memberPrefilled")}</p> : null}
      {failed ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-semibold text-red-900">
          {failed.message}
        </p>
      ) : null}
      <Form method="post" className="mt-6 grid gap-6" noValidate>
        <fieldset className={fieldsetClasses}>
          <legend className={legendClasses}>{t("join.personalLegend")}</legend>
          {text("fullName", t("join.fullName"), { note: required, autoComplete: "name", max: 120, fallback: member?.name })}
          {text("email", t("join.email"), { note: required, type: "email", autoComplete: "email", max: 254, fallback: member?.email })}
          {text("phone", t("join.phone"), { type: "tel", autoComplete: "tel", max: 40, fallback: member?.phone })}
          {text("birthDate", t("join.birthDate"), { type: "date", autoComplete: "bday" })}
          {area("address", t("join.address"), 300, 2)}
        </fieldset>
        <fieldset className={fieldsetClasses}>
          <legend className={legendClasses}>{t("join.baptismLegend")}</legend>
          <fieldset aria-describedby={errors.baptized ? "join-baptized-error" : undefined} className="min-w-0">
            <legend className="font-semibold text-slate-900">
              {t("join.baptized")} <span className="font-normal text-slate-700">{required}</span>
            </legend>
            <div className="mt-2 flex flex-wrap gap-3">
              {(["yes", "no", "unsure"] as const).map((value) => (
                <label key={value} className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 py-2">
                  <input
                    type="radio"
                    name="baptized"
                    value={value}
                    defaultChecked={baptized === value}
                    required
                    aria-invalid={errors.baptized ? true : undefined}
                    className="h-5 w-5"
                  />
                  <span>{t(value === "yes" ? "join.baptizedYes" : value === "no" ? "join.baptizedNo" : "join.baptizedUnsure")}</span>
                </label>
              ))}
            </div>
            {errors.baptized ? (
              <p id="join-baptized-error" className="mt-1 text-sm font-semibold text-red-800">
                {errors.baptized}
              </p>
            ) : null}
          </fieldset>
          {text("baptismDate", t("join.baptismDate"), { type: "date", hint: t("join.baptismHint") })}
          {text("baptismChurch", t("join.baptismChurch"), { max: 200, hint: t("join.baptismHint") })}
        </fieldset>
        <fieldset className={fieldsetClasses}>
          <legend className={legendClasses}>{t("join.backgroundLegend")}</legend>
          {text("previousChurch", t("join.previousChurch"), { max: 200 })}
          {area("howHeard", t("join.howHeard"), 500, 2)}
          {area("message", t("join.message"), 4000, 5)}
        </fieldset>
        <div>
          <button type="submit" disabled={busy} className={buttonClasses("primary")}>
            {busy ? t("form.sending") : t("join.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
