import { Form, useNavigation } from "react-router";
import { fieldInputClasses, FormField } from "~/components/membership/form-field";
import { buttonClasses } from "~/components/ui/button-link";
import type { VisitActionData } from "~/features/visit/run-visit-action.server";
import { MEETING_KINDS, MESSAGE_MAX, NEEDS_MAX, PARTY_MAX } from "~/features/visit/visit-limits";
import type { VisitT } from "~/features/visit/visit-translation";
import type { Language } from "~/i18n/config";

const legendClasses = "font-semibold text-slate-900";

/** The /plan-visit form; plain HTML, so it works before JavaScript loads. */
export function VisitForm({
  t,
  member,
  today,
  lastDate,
  language,
  actionData,
}: {
  t: VisitT;
  member: { name: string; email: string; phone: string } | null;
  today: string;
  lastDate: string;
  language: Language;
  actionData: VisitActionData | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const errors = failed?.fieldErrors ?? {};
  const v = (field: string, fallback = "") => (failed ? (failed.values[field] ?? "") : fallback);
  const required = t("form.required");
  const optional = t("form.optional");

  if (actionData?.ok) {
    return (
      <section aria-labelledby="visit-form-title" className="mt-10">
        <h2 id="visit-form-title" className="font-serif text-3xl font-bold text-brand-800">
          {t("form.heading")}
        </h2>
        <div role="status" aria-live="polite">
          <p className="mt-4 rounded-2xl bg-emerald-50 p-6 text-lg font-semibold wrap-anywhere text-emerald-900">{actionData.message}</p>
        </div>
      </section>
    );
  }
  const kind = v("kind", "visit");
  const chosenLanguage = v("language", language);
  const radioGroup = (name: string, legend: string, options: { value: string; label: string }[], checked: string) => (
    <fieldset aria-describedby={errors[name] ? `visit-${name}-error` : undefined} className="min-w-0">
      <legend className={legendClasses}>
        {legend} <span className="font-normal text-slate-700">{required}</span>
      </legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {options.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 py-2">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={checked === option.value}
              aria-invalid={errors[name] ? true : undefined}
              className="h-5 w-5"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {errors[name] ? (
        <p id={`visit-${name}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {errors[name]}
        </p>
      ) : null}
    </fieldset>
  );

  return (
    <section aria-labelledby="visit-form-title" className="mt-10">
      <h2 id="visit-form-title" className="font-serif text-3xl font-bold text-brand-800">
        {t("form.heading")}
      </h2>
      <p className="mt-2 text-lg text-slate-800">{t("form.intro")}</p>
      {member ? <p className="mt-2 rounded-lg bg-brand-50 p-3 text-slate-900">{t("form.memberPrefilled")}</p> : null}
      {failed ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-semibold text-red-900">
          {failed.message}
        </p>
      ) : null}
      <Form method="post" className="mt-6 grid min-w-0 gap-5 rounded-2xl border border-slate-200 p-4 sm:p-6" noValidate>
        {radioGroup(
          "kind",
          t("form.kindLegend"),
          MEETING_KINDS.map((value) => ({ value, label: t(value === "visit" ? "form.kindVisit" : "form.kindPastor") })),
          kind,
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="visit-name" label={t("form.name")} note={required} error={errors.name}>
            {(props) => (
              <input
                {...props}
                name="name"
                autoComplete="name"
                maxLength={120}
                required
                defaultValue={v("name", member?.name)}
                className={fieldInputClasses}
              />
            )}
          </FormField>
          <FormField id="visit-email" label={t("form.email")} note={required} error={errors.email}>
            {(props) => (
              <input
                {...props}
                name="email"
                type="email"
                autoComplete="email"
                maxLength={254}
                required
                defaultValue={v("email", member?.email)}
                className={fieldInputClasses}
              />
            )}
          </FormField>
          <FormField id="visit-phone" label={t("form.phone")} note={optional} error={errors.phone}>
            {(props) => (
              <input
                {...props}
                name="phone"
                type="tel"
                autoComplete="tel"
                maxLength={40}
                defaultValue={v("phone", member?.phone)}
                className={fieldInputClasses}
              />
            )}
          </FormField>
          <FormField id="visit-date" label={t("form.date")} note={required} hint={t("form.dateHint")} error={errors.date}>
            {(props) => (
              <input
                {...props}
                name="date"
                type="date"
                min={today}
                max={lastDate}
                required
                defaultValue={v("date")}
                className={fieldInputClasses}
              />
            )}
          </FormField>
          <FormField id="visit-partySize" label={t("form.partySize")} note={required} error={errors.partySize}>
            {(props) => (
              <input
                {...props}
                name="partySize"
                type="number"
                inputMode="numeric"
                min={1}
                max={PARTY_MAX}
                required
                defaultValue={v("partySize", "1")}
                className={fieldInputClasses}
              />
            )}
          </FormField>
          {radioGroup(
            "language",
            t("form.language"),
            [
              { value: "en", label: t("form.languageEn") },
              { value: "es", label: t("form.languageEs") },
            ],
            chosenLanguage,
          )}
        </div>
        <FormField id="visit-needs" label={t("form.needs")} note={optional} hint={t("form.needsHint")} error={errors.needs}>
          {(props) => (
            <textarea {...props} name="needs" rows={3} maxLength={NEEDS_MAX} defaultValue={v("needs")} className={fieldInputClasses} />
          )}
        </FormField>
        <FormField id="visit-message" label={t("form.message")} note={optional} hint={t("form.messageHint")} error={errors.message}>
          {(props) => (
            <textarea
              {...props}
              name="message"
              rows={5}
              maxLength={MESSAGE_MAX}
              defaultValue={v("message")}
              className={fieldInputClasses}
            />
          )}
        </FormField>
        <div>
          <button type="submit" disabled={busy} className={buttonClasses("primary")}>
            {busy ? t("form.sending") : t("form.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
