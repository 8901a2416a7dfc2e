import { Flag, HandHeart } from "lucide-react";
import { useFetcher } from "react-router";
import type { PrayerT } from "~/features/prayer/prayer-translation";
import type { PrayerActionData, PrayerCardView } from "~/features/prayer/prayer-views";

const smallButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-4 py-2 text-sm font-semibold disabled:opacity-70";

/**
 * One request on the wall. Title, text and praise report are rendered as plain text (React
 * escapes them; nothing is linkified). "I'm praying" posts through a fetcher, so the count
 * changes without a page load.
 */
export function PrayerCard({
  t,
  request,
  signedIn,
  liveCount,
}: {
  t: PrayerT;
  request: PrayerCardView;
  signedIn: boolean;
  liveCount?: number;
}) {
  const pray = useFetcher<PrayerActionData>({ key: `pray-${request.id}` });
  const report = useFetcher<PrayerActionData>({ key: `report-${request.id}` });
  const prayed = request.iPrayed || pray.data?.ok === true;
  const fetched = pray.data?.prayingCount;
  const count = Math.max(fetched ?? 0, liveCount ?? 0, request.prayingCount);
  const reported = request.iReported || report.data?.ok === true;
  const titleId = `prayer-${request.id}-title`;
  const title = request.title || t("wall.untitled");
  return (
    <li className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="prayer-card">
      <article aria-labelledby={titleId}>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t(`categories.${request.category}`)}</p>
        <h3 id={titleId} className="mt-1 font-serif text-xl font-bold wrap-anywhere text-slate-900">
          {title}
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          {t("wall.byline", { name: request.authorName ?? t("wall.anonymous"), date: request.dateLabel })}
        </p>
        <p className="mt-3 whitespace-pre-line wrap-anywhere text-slate-800" data-testid="prayer-body">
          {request.body}
        </p>
        {request.answered ? (
          <div className="mt-3 rounded-lg bg-emerald-50 p-3 text-emerald-950">
            <p className="font-semibold">{t("wall.answered")}</p>
            {request.praiseReport ? (
              <p className="mt-1 whitespace-pre-line wrap-anywhere">{t("wall.praise", { text: request.praiseReport })}</p>
            ) : null}
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-sm font-semibold text-slate-800" aria-live="polite" data-testid="praying-count">
            {count === 1 ? t("wall.prayingOne") : t("wall.praying", { count })}
          </p>
          {signedIn ? (
            <>
              <pray.Form method="post">
                <input type="hidden" name="intent" value="pray" />
                <input type="hidden" name="id" value={request.id} />
                <button
                  type="submit"
                  disabled={prayed || pray.state !== "idle"}
                  aria-pressed={prayed}
                  aria-label={prayed ? t("wall.prayed") : t("wall.prayFor", { title })}
                  className={`${smallButton} ${prayed ? "bg-brand-50 text-brand-900" : "bg-brand-700 text-white hover:bg-brand-800"}`}
                >
                  <HandHeart aria-hidden="true" className="h-4 w-4" />
                  {prayed ? t("wall.prayed") : t("wall.pray")}
                </button>
              </pray.Form>
              {!request.mine ? (
                <report.Form method="post">
                  <input type="hidden" name="intent" value="report" />
                  <input type="hidden" name="id" value={request.id} />
                  <button
                    type="submit"
                    disabled={reported || report.state !== "idle"}
                    className={`${smallButton} text-slate-800 underline underline-offset-4`}
                  >
                    <Flag aria-hidden="true" className="h-4 w-4" />
                    {reported ? t("wall.reported") : t("wall.report")}
                  </button>
                </report.Form>
              ) : null}
            </>
          ) : null}
        </div>
        {pray.data && !pray.data.ok ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
            {pray.data.message}
          </p>
        ) : null}
        {report.data ? (
          <p role={report.data.ok ? "status" : "alert"} className="mt-2 text-sm text-slate-800">
            {report.data.message}
          </p>
        ) : null}
      </article>
    </li>
  );
}
