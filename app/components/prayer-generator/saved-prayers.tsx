import { Form, useNavigation } from "react-router";
import type { GeneratorT } from "~/features/prayer-generator/generator-translation";
import type { GeneratorActionData, SavedPrayerView } from "~/features/prayer-generator/generator-views";

/** The member's saved prayers, newest first, each with Delete. */
export function SavedPrayers({ t, saved, result }: { t: GeneratorT; saved: SavedPrayerView[]; result: GeneratorActionData | undefined }) {
  const busy = useNavigation().state === "submitting";
  const deleted = result?.intent === "delete-saved" ? result : undefined;
  return (
    <section aria-labelledby="saved-prayers-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="saved-prayers-heading" className="font-serif text-2xl font-bold text-brand-800">
        {t("saved.heading")}
      </h2>
      {deleted ? (
        <p
          role={deleted.ok ? "status" : "alert"}
          className={`mt-4 rounded-lg p-3 text-sm font-semibold ${deleted.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
        >
          {deleted.message}
        </p>
      ) : null}
      {saved.length === 0 ? (
        <p className="mt-4 text-slate-800">{t("saved.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {saved.map((s) => (
            <li key={s.id} className="min-w-0 border-t border-slate-200 pt-4">
              <h3 className="font-semibold text-slate-900">{t(`topics.${s.topic}`)}</h3>
              <p className="text-sm text-slate-700">{t("saved.savedOn", { date: s.dateLabel })}</p>
              <details className="mt-2">
                <summary lang={s.language} className="line-clamp-2 min-h-6 cursor-pointer wrap-anywhere text-slate-800">
                  {s.body.split("\n")[0]}
                </summary>
                <div lang={s.language} className="mt-2 grid gap-2 text-slate-800">
                  {s.body.split(/\n\s*\n/).map((p, i) => (
                    <p key={i} className="whitespace-pre-line wrap-anywhere">
                      {p}
                    </p>
                  ))}
                  {s.scriptures.length > 0 ? <p className="text-sm font-semibold text-brand-900">{s.scriptures.join(" · ")}</p> : null}
                </div>
              </details>
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="delete-saved" />
                <input type="hidden" name="id" value={s.id} />
                <button
                  type="submit"
                  disabled={busy}
                  aria-label={t("saved.deleteLabel", { date: s.dateLabel })}
                  className="inline-flex min-h-11 items-center justify-center rounded-full border-2 border-red-700 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
                >
                  {t("saved.delete")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
