import { Form, useNavigation } from "react-router";
import type { PrayerT } from "~/features/prayer/prayer-translation";
import { MAX_PRAISE, type MyPrayerView, type PrayerActionData } from "~/features/prayer/prayer-views";

const button = "inline-flex min-h-11 items-center justify-center rounded-full px-4 py-2 text-sm font-semibold disabled:opacity-60";

/** The author's own requests, any status (private ones included): mark answered, or delete. */
export function MyPrayerRequests({ t, requests, result }: { t: PrayerT; requests: MyPrayerView[]; result: PrayerActionData | undefined }) {
  const busy = useNavigation().state === "submitting";
  const mine = result && (result.intent === "answer" || result.intent === "delete") ? result : undefined;
  return (
    <section aria-labelledby="my-prayers-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="my-prayers-heading" className="font-serif text-2xl font-bold text-brand-800">
        {t("mine.heading")}
      </h2>
      {mine ? (
        <p
          role={mine.ok ? "status" : "alert"}
          className={`mt-4 rounded-lg p-3 text-sm font-semibold ${mine.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
        >
          {mine.message}
        </p>
      ) : null}
      {requests.length === 0 ? (
        <p className="mt-4 text-slate-800">{t("mine.empty")}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {requests.map((r) => {
            const title = r.title || t("wall.untitled");
            return (
              <li key={r.id} className="min-w-0 border-t border-slate-200 pt-4">
                <h3 className="font-semibold wrap-anywhere text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-700">
                  {t(`mine.status.${r.status}`)}
                  {r.visibility === "private" ? ` · ${t("mine.private")}` : ""} · {t("mine.expires", { date: r.expiresLabel })} ·{" "}
                  {r.prayingCount === 1 ? t("wall.prayingOne") : t("wall.praying", { count: r.prayingCount })}
                </p>
                <p className="mt-2 line-clamp-3 whitespace-pre-line wrap-anywhere text-slate-800">{r.body}</p>
                {r.answered ? (
                  <p className="mt-2 text-sm font-semibold text-emerald-900">
                    {r.praiseReport ? t("wall.praise", { text: r.praiseReport }) : t("wall.answered")}
                  </p>
                ) : (
                  <Form method="post" className="mt-3 grid gap-2">
                    <input type="hidden" name="intent" value="answer" />
                    <input type="hidden" name="id" value={r.id} />
                    <label htmlFor={`praise-${r.id}`} className="text-sm font-semibold text-slate-900">
                      {t("mine.praiseLabel")}
                    </label>
                    <textarea
                      id={`praise-${r.id}`}
                      name="praiseReport"
                      rows={2}
                      maxLength={MAX_PRAISE}
                      className="block w-full min-w-0 rounded-lg border border-slate-400 px-3 py-2 text-base"
                    />
                    <div>
                      <button type="submit" disabled={busy} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
                        {t("mine.markAnswered")}
                      </button>
                    </div>
                  </Form>
                )}
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={r.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    aria-label={t("mine.deleteFor", { title })}
                    className={`${button} border-2 border-red-700 text-red-800 hover:bg-red-50`}
                  >
                    {t("mine.delete")}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
