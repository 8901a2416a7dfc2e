import { Form, Link } from "react-router";
import type { GroupsT } from "~/features/groups/groups-translation";
import type { GroupFilters as Filters } from "~/features/groups/group-views";

const selectClasses = "mt-1 block min-h-11 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900";
const dayKeys = ["0", "1", "2", "3", "4", "5", "6"] as const;
/** Spanish day names are lower case inside sentences; a list of options starts each with a capital. */
const capitalize = (text: string, language: string) => text.charAt(0).toLocaleUpperCase(language) + text.slice(1);

/** The /community filters: a GET form, so the filtered list has a shareable URL and works without JavaScript. */
export function GroupFilters({ t, filters, filtered, language }: { t: GroupsT; filters: Filters; filtered: boolean; language: string }) {
  return (
    <Form method="get" className="rounded-2xl bg-brand-50 p-4 sm:p-6" aria-labelledby="group-filters-legend">
      {language !== "en" ? <input type="hidden" name="lang" value={language} /> : null}
      <h3 id="group-filters-legend" className="font-semibold text-slate-900">
        {t("filters.legend")}
      </h3>
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        <div className="min-w-0">
          <label htmlFor="filter-language" className="font-semibold text-slate-900">
            {t("filters.language")}
          </label>
          <select id="filter-language" name="language" defaultValue={filters.language} className={selectClasses}>
            <option value="any">{t("filters.anyLanguage")}</option>
            <option value="en">{t("filters.languageEn")}</option>
            <option value="es">{t("filters.languageEs")}</option>
            <option value="bilingual">{t("filters.languageBilingual")}</option>
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor="filter-day" className="font-semibold text-slate-900">
            {t("filters.day")}
          </label>
          <select id="filter-day" name="day" defaultValue={filters.day === null ? "" : String(filters.day)} className={selectClasses}>
            <option value="">{t("filters.anyDay")}</option>
            {dayKeys.map((d) => (
              <option key={d} value={d}>
                {capitalize(t(`days.${d}`), language)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor="filter-mode" className="font-semibold text-slate-900">
            {t("filters.mode")}
          </label>
          <select id="filter-mode" name="mode" defaultValue={filters.mode} className={selectClasses}>
            <option value="any">{t("filters.anyMode")}</option>
            <option value="in_person">{t("filters.inPerson")}</option>
            <option value="online">{t("filters.online")}</option>
          </select>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t("filters.apply")}
        </button>
        {filtered ? (
          <Link
            to={language === "en" ? "/community" : `/community?lang=${language}`}
            className="font-semibold text-brand-800 underline underline-offset-4"
          >
            {t("filters.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
