import { Form, useNavigation } from "react-router";
import type { PrayerT } from "~/features/prayer/prayer-translation";
import { MAX_BODY, MAX_TITLE, PRAYER_CATEGORIES, type PrayerActionData } from "~/features/prayer/prayer-views";

const inputClasses =
  "mt-1 block w-full min-w-0 min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/40 aria-[invalid=true]:border-red-700";

/** The member's "share a request" form: a plain POST, so it works without JavaScript. */
export function PrayerForm({ t, result }: { t: PrayerT; result: PrayerActionData | undefined }) {
  const busy = useNavigation().state === "submitting";
  const posted = result?.intent === "post" ? result : undefined;
  const fieldError = (field: string) => posted?.fieldErrors[field];
  const described = (field: string) =>
    fieldError(field) ? { "aria-invalid": true as const, "aria-describedby": `prayer-${field}-error` } : {};
  const error = (field: string) =>
    fieldError(field) ? (
      <p id={`prayer-${field}-error`} className="mt-1 text-sm font-semibold text-red-800">
        {fieldError(field)}
      </p>
    ) : null;
  return (
    <section aria-labelledby="prayer-form-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="prayer-form-heading" className="font-serif text-2xl font-bold text-brand-800">
        {t("form.heading")}
      </h2>
      {posted ? (
        <p
          role={posted.ok ? "status" : "alert"}
          className={`mt-4 rounded-lg p-3 text-sm font-semibold ${posted.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
        >
          {posted.message}
        </p>
      ) : null}
      <Form method="post" className="mt-4 grid gap-4" key={posted?.ok ? posted.id : "form"}>
        <input type="hidden" name="intent" value="post" />
        <div className="min-w-0">
          <label htmlFor="prayer-title" className="font-semibold text-slate-900">
            {t("form.title")}
          </label>
          <input id="prayer-title" name="title" maxLength={MAX_TITLE} className={inputClasses} {...described("title")} />
          {error("title")}
        </div>
        <div className="min-w-0">
          <label htmlFor="prayer-body" className="font-semibold text-slate-900">
            {t("form.body")}
          </label>
          <textarea id="prayer-body" name="body" required maxLength={MAX_BODY} rows={5} className={inputClasses} {...described("body")} />
          {error("body")}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="min-w-0">
            <label htmlFor="prayer-category" className="font-semibold text-slate-900">
              {t("form.category")}
            </label>
            <select id="prayer-category" name="category" defaultValue="other" className={inputClasses} {...described("category")}>
              {PRAYER_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`categories.${c}`)}
                </option>
              ))}
            </select>
            {error("category")}
          </div>
          <div className="min-w-0">
            <label htmlFor="prayer-visibility" className="font-semibold text-slate-900">
              {t("form.visibility")}
            </label>
            <select id="prayer-visibility" name="visibility" defaultValue="public" className={inputClasses} {...described("visibility")}>
              <option value="public">{t("form.visibilityPublic")}</option>
              <option value="members">{t("form.visibilityMembers")}</option>
              <option value="private">{t("form.visibilityPrivate")}</option>
            </select>
            {error("visibility")}
          </div>
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="inline-flex min-h-11 items-center gap-2 text-slate-900">
            <input type="checkbox" name="anonymous" className="h-5 w-5" />
            {t("form.anonymous")}
          </label>
          <label className="inline-flex min-h-11 items-center gap-2 text-slate-900">
            <input type="checkbox" name="notify" defaultChecked className="h-5 w-5" />
            {t("form.notify")}
          </label>
        </div>
        <div>
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {t("form.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
