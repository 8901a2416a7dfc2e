import { Form, useNavigation } from "react-router";
import type { GeneratorT } from "~/features/prayer-generator/generator-translation";
import { MAX_NAME, MAX_WORDS, PRAYER_TOPICS, type GeneratorActionData } from "~/features/prayer-generator/generator-views";
import type { Language } from "~/i18n/config";

export const inputClasses =
  "mt-1 block w-full min-w-0 min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/40 aria-[invalid=true]:border-red-700";
export const primaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60";

/** The composer: topic, optional name and words, the prayer's language. A plain POST, so it works without JavaScript. */
export function GeneratorForm({
  t,
  language,
  topic,
  result,
}: {
  t: GeneratorT;
  language: Language;
  topic: string | null;
  result: GeneratorActionData | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const composed = result?.intent === "compose" ? result : undefined;
  const values = result?.values;
  const fieldError = (field: string) => composed?.fieldErrors[field];
  const described = (field: string, hint?: string) => {
    const ids = [hint, fieldError(field) ? `generator-${field}-error` : undefined].filter(Boolean).join(" ");
    return { ...(fieldError(field) ? { "aria-invalid": true as const } : {}), ...(ids ? { "aria-describedby": ids } : {}) };
  };
  const error = (field: string) =>
    fieldError(field) ? (
      <p id={`generator-${field}-error`} className="mt-1 text-sm font-semibold text-red-800">
        {fieldError(field)}
      </p>
    ) : null;
  const chosenTopic = (PRAYER_TOPICS as readonly string[]).includes(values?.topic ?? "") ? values!.topic : (topic ?? PRAYER_TOPICS[0]);
  const chosenLanguage = values?.language === "en" || values?.language === "es" ? values.language : language;

  return (
    <section aria-labelledby="generator-form-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="generator-form-heading" className="font-serif text-2xl font-bold text-brand-800">
        {t("form.heading")}
      </h2>
      {composed && !composed.ok ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-900">
          {composed.message}
        </p>
      ) : null}
      <Form method="post" className="mt-4 grid gap-5">
        <input type="hidden" name="intent" value="compose" />
        <fieldset className="min-w-0" {...(fieldError("topic") ? { "aria-describedby": "generator-topic-error" } : {})}>
          <legend className="font-semibold text-slate-900">{t("form.topic")}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {PRAYER_TOPICS.map((value) => (
              <label
                key={value}
                className="flex min-h-11 min-w-0 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700"
              >
                <input
                  type="radio"
                  name="topic"
                  value={value}
                  defaultChecked={value === chosenTopic}
                  required
                  className="h-5 w-5 shrink-0 accent-brand-700"
                />
                <span className="wrap-anywhere">{t(`topics.${value}`)}</span>
              </label>
            ))}
          </div>
          {error("topic")}
        </fieldset>
        <div className="min-w-0">
          <label htmlFor="generator-name" className="font-semibold text-slate-900">
            {t("form.name")}
          </label>
          <input
            id="generator-name"
            name="name"
            maxLength={MAX_NAME}
            autoComplete="off"
            defaultValue={values?.name ?? ""}
            className={inputClasses}
            {...described("name", "generator-name-hint")}
          />
          <p id="generator-name-hint" className="mt-1 text-sm text-slate-700">
            {t("form.nameHint", { max: MAX_NAME })}
          </p>
          {error("name")}
        </div>
        <div className="min-w-0">
          <label htmlFor="generator-words" className="font-semibold text-slate-900">
            {t("form.words")}
          </label>
          <textarea
            id="generator-words"
            name="words"
            maxLength={MAX_WORDS}
            rows={3}
            defaultValue={values?.words ?? ""}
            className={inputClasses}
            {...described("words", "generator-words-hint")}
          />
          <p id="generator-words-hint" className="mt-1 text-sm text-slate-700">
            {t("form.wordsHint", { max: MAX_WORDS })}
          </p>
          {error("words")}
        </div>
        <div className="min-w-0 sm:max-w-xs">
          <label htmlFor="generator-language" className="font-semibold text-slate-900">
            {t("form.language")}
          </label>
          <select id="generator-language" name="language" defaultValue={chosenLanguage} className={inputClasses} {...described("language")}>
            <option value="en">{t("languages.en")}</option>
            <option value="es">{t("languages.es")}</option>
          </select>
          {error("language")}
        </div>
        <div>
          <button type="submit" disabled={busy} className={primaryButton}>
            {t("form.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
