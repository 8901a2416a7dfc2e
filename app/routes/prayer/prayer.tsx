import { useEffect, useState } from "react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/prayer";
import { SignInPrompt } from "~/components/auth/sign-in-prompt";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { PageBand } from "~/components/page-band";
import { MyPrayerRequests } from "~/components/prayer/my-prayer-requests";
import { PrayerCard } from "~/components/prayer/prayer-card";
import { PrayerForm } from "~/components/prayer/prayer-form";
import { loadPrayerWall } from "~/features/prayer/load-prayer-wall.server";
import { usePrayerTranslation } from "~/features/prayer/prayer-translation";
import { PRAYER_CATEGORIES, type PrayerActionData } from "~/features/prayer/prayer-views";
import { runPrayerAction } from "~/features/prayer/run-prayer-action.server";
import { routeMeta } from "~/features/seo/route-meta";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadPrayerWall({ request, url });
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await runPrayerAction({ request });
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  return data(outcome.data, { status: outcome.status, headers });
}

export const meta: Route.MetaFunction = routeMeta;

const selectClasses = "mt-1 block min-h-11 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900";

/** /prayer: the prayer wall, the member's form and their own requests. */
export default function PrayerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = usePrayerTranslation();
  const { page, requests, mine, category, pagination, signedIn } = loaderData;
  const result = actionData as PrayerActionData | undefined;
  const liveCounts = useLivePrayingCounts();
  const pageHref = (n: number) => {
    const search = new URLSearchParams();
    if (language !== "en") search.set("lang", language);
    if (category) search.set("category", category);
    if (n > 1) search.set("page", String(n));
    const query = search.toString();
    return `/prayer${query ? `?${query}` : ""}`;
  };

  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={page.title} intro={page.body} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-3">
        <section aria-labelledby="prayer-wall-heading" className="min-w-0 lg:col-span-2">
          <h2 id="prayer-wall-heading" className="font-serif text-3xl font-bold text-brand-800">
            {t("wall.heading")}
          </h2>
          <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
            {language !== "en" ? <input type="hidden" name="lang" value={language} /> : null}
            <div className="min-w-0 grow sm:grow-0">
              <label htmlFor="prayer-category-filter" className="font-semibold text-slate-900">
                {t("wall.filterLabel")}
              </label>
              <select id="prayer-category-filter" name="category" defaultValue={category ?? ""} className={selectClasses}>
                <option value="">{t("wall.allCategories")}</option>
                {PRAYER_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`categories.${c}`)}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {t("wall.apply")}
            </button>
          </Form>

          {requests.length === 0 ? (
            <p className="mt-6 rounded-2xl bg-slate-100 p-6 text-slate-900">{t("wall.empty")}</p>
          ) : (
            <ul className="mt-6 space-y-5">
              {requests.map((r) => (
                <PrayerCard key={r.id} t={t} request={r} signedIn={signedIn} liveCount={liveCounts[r.id]} />
              ))}
            </ul>
          )}

          {pagination.pages > 1 ? (
            <nav aria-label={t("wall.pagination")} className="mt-8 flex flex-wrap items-center gap-4">
              {pagination.page > 1 ? (
                <Link to={pageHref(pagination.page - 1)} className="font-semibold text-brand-800 underline underline-offset-4">
                  {t("wall.previous")}
                </Link>
              ) : null}
              <p className="text-slate-800">{t("wall.pageOf", { page: pagination.page, pages: pagination.pages })}</p>
              {pagination.page < pagination.pages ? (
                <Link to={pageHref(pagination.page + 1)} className="font-semibold text-brand-800 underline underline-offset-4">
                  {t("wall.next")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>

        <div className="min-w-0 space-y-6">
          {signedIn ? (
            <>
              <PrayerForm t={t} result={result} />
              <MyPrayerRequests t={t} requests={mine} result={result} />
            </>
          ) : (
            <section aria-labelledby="prayer-guest-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h2 id="prayer-guest-heading" className="font-serif text-2xl font-bold text-brand-800">
                {t("form.heading")}
              </h2>
              <p className="mt-2 text-slate-800">{t("wall.signInToPray")}</p>
              <SignInPrompt className="mt-4" />
            </section>
          )}
        </div>
      </div>
    </main>
  );
}

/** Other viewers' "I'm praying" clicks, live (GET /prayer/events); the page works without it. */
function useLivePrayingCounts(): Record<string, number> {
  const [counts, setCounts] = useState<Record<string, number>>({});
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/prayer/events");
    source.addEventListener("count", (event) => {
      try {
        const { id, count } = JSON.parse((event as MessageEvent<string>).data) as { id: string; count: number };
        setCounts((current) => ({ ...current, [id]: Math.max(count, current[id] ?? 0) }));
      } catch {
        // a malformed event is ignored
      }
    });
    return () => source.close();
  }, []);
  return counts;
}

export const ErrorBoundary = PageErrorBoundary;
