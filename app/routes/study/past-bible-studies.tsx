import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/past-bible-studies";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { buttonClasses } from "~/components/ui/button-link";
import { loadArchivePage } from "~/features/study/archive-pages.server";
import { useStudyTranslation } from "~/features/study/study-translation";
import { routeMeta } from "~/features/seo/route-meta";
import { PageBand } from "~/components/page-band";

export async function loader({ request }: Route.LoaderArgs) {
  return loadArchivePage({ request });
}

export const meta: Route.MetaFunction = routeMeta;

const pill =
  "inline-flex min-h-11 items-center gap-1 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-brand-50";

function pageHref(query: string, page: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/past-bible-studies${search ? `?${search}` : ""}`;
}

export default function PastBibleStudiesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useStudyTranslation();
  const { page, query, total, guides, pageNumber, pages } = loaderData;

  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={page.title} intro={page.body} />

      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <Form method="get" action="/past-bible-studies" role="search" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
          <div className="min-w-0">
            <label htmlFor="archive-q" className="block font-semibold text-slate-900">
              {t("archive.searchLabel")}
            </label>
            <p id="archive-q-hint" className="text-sm text-slate-700">
              {t("archive.searchHint")}
            </p>
            <input
              id="archive-q"
              name="q"
              type="search"
              key={query}
              defaultValue={query}
              maxLength={200}
              aria-describedby="archive-q-hint"
              className="mt-1 block min-h-11 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
            />
          </div>
          <button type="submit" className={buttonClasses("primary")}>
            <Search aria-hidden="true" className="h-4 w-4" />
            {t("archive.submit")}
          </button>
        </Form>

        <div role="status" aria-live="polite" className="mt-6">
          {query ? (
            <p className="text-lg wrap-anywhere text-slate-900">
              {total === 0
                ? t("archive.none", { query })
                : total === 1
                  ? t("archive.resultsOne", { query })
                  : t("archive.results", { count: total, query })}{" "}
              <Link to="/past-bible-studies" className="font-semibold text-brand-800 underline underline-offset-4">
                {t("archive.clear")}
              </Link>
            </p>
          ) : total === 0 ? (
            <p className="text-lg text-slate-900">{t("archive.empty")}</p>
          ) : null}
        </div>

        {guides.length > 0 ? (
          <ul className="mt-6 grid gap-5">
            {guides.map((g) => (
              <li key={g.slug} className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <h2 className="font-serif text-2xl font-bold wrap-anywhere text-brand-800">
                  <Link to={`/past-bible-studies/${g.slug}`} className="hover:underline">
                    {g.title}
                  </Link>
                </h2>
                <p className="mt-1 text-sm text-slate-700">
                  <time dateTime={g.weekOf}>{g.weekLabel}</time>
                  {" · "}
                  <span className="wrap-anywhere">{g.passage}</span>
                  {g.current ? (
                    <span className="ml-2 rounded-full bg-accent-400 px-2 py-0.5 text-xs font-semibold text-slate-950">
                      {t("archive.thisWeek")}
                    </span>
                  ) : null}
                </p>
                <p className="mt-3 wrap-anywhere text-slate-800">{g.summary}</p>
              </li>
            ))}
          </ul>
        ) : null}

        {pages > 1 ? (
          <nav aria-label={t("archive.pagination")} className="mt-8 flex flex-wrap items-center justify-between gap-3">
            {pageNumber > 1 ? (
              <Link to={pageHref(query, pageNumber - 1)} className={pill}>
                <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                {t("archive.previous")}
              </Link>
            ) : (
              <span />
            )}
            <p className="text-slate-800">{t("archive.page", { page: pageNumber, pages })}</p>
            {pageNumber < pages ? (
              <Link to={pageHref(query, pageNumber + 1)} className={pill}>
                {t("archive.next")}
                <ChevronRight aria-hidden="true" className="h-4 w-4" />
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
