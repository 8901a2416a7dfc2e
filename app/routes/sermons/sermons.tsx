import { ChevronLeft, ChevronRight, Rss, Search } from "lucide-react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/sermons";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { SermonCard } from "~/components/sermons/sermon-card";
import { loadSermonsPage } from "~/features/sermons/load-sermons-page.server";
import { sermonsHref, type SermonFacet } from "~/features/sermons/sermon-views";
import { useSermonsTranslation } from "~/features/sermons/sermons-translation";
import { routeMeta } from "~/features/seo/route-meta";
import { PageBand } from "~/components/page-band";

export async function loader({ request }: Route.LoaderArgs) {
  return loadSermonsPage({ request });
}

export const meta: Route.MetaFunction = routeMeta;

const pill = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-full px-4 py-2 text-sm font-semibold ring-1 transition-colors wrap-anywhere ${
    active ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-brand-800 ring-slate-300 hover:bg-brand-50"
  }`;
const link = "font-semibold text-brand-800 underline underline-offset-4";

export default function SermonsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSermonsTranslation();
  const { q, series, topic, seriesName, topicName, page, pageCount, total, sermons, facets, feedUrl } = loaderData;
  const filtered = Boolean(q || series || topic);

  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={t("list.title")} intro={t("list.intro")}>
        <Form method="get" action="/sermons" role="search" className="mt-8 flex max-w-2xl flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <label htmlFor="sermon-search" className="block text-sm font-semibold text-white">
              {t("list.searchLabel")}
            </label>
            <input
              id="sermon-search"
              type="search"
              name="q"
              defaultValue={q}
              maxLength={200}
              placeholder={t("list.searchPlaceholder")}
              className="mt-1 block min-h-11 w-full rounded-lg border border-white bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-600"
            />
          </div>
          {series ? <input type="hidden" name="series" value={series} /> : null}
          {topic ? <input type="hidden" name="topic" value={topic} /> : null}
          <button
            type="submit"
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-white px-5 py-2 font-semibold text-brand-800 hover:bg-brand-50"
          >
            <Search aria-hidden="true" className="h-4 w-4" />
            {t("list.searchButton")}
          </button>
        </Form>
      </PageBand>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="sermon-results" className="min-w-0">
          <h2 id="sermon-results" className="font-serif text-2xl font-bold text-brand-800">
            {q ? t("list.resultsFor", { q }) : t("list.resultsHeading")}
          </h2>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-slate-800" aria-live="polite">
            <span>{t("list.resultsCount", { count: total })}</span>
            {series ? <span className="wrap-anywhere">{t("list.inSeries", { series: seriesName ?? series })}</span> : null}
            {topic ? <span className="wrap-anywhere">{t("list.onTopic", { topic: topicName ?? topic })}</span> : null}
            {filtered ? (
              <Link to="/sermons" className={link}>
                {t("list.clearFilters")}
              </Link>
            ) : null}
          </p>

          {sermons.length === 0 ? (
            <p className="mt-8 rounded-2xl bg-slate-100 p-6 text-lg text-slate-900">
              {filtered ? t("list.emptyFiltered") : t("list.empty")}
            </p>
          ) : (
            <ul className="mt-6 space-y-4">
              {sermons.map((sermon) => (
                <li key={sermon.id}>
                  <SermonCard sermon={sermon} t={t} />
                </li>
              ))}
            </ul>
          )}

          {pageCount > 1 ? (
            <nav aria-label={t("list.pagination")} className="mt-8 flex flex-wrap items-center justify-between gap-4">
              {page > 1 ? (
                <Link to={sermonsHref({ q, series, topic, page: page - 1 })} rel="prev" className={pill(false)}>
                  <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                  {t("list.previous")}
                </Link>
              ) : (
                <span />
              )}
              <p className="text-slate-800">{t("list.pageOf", { page, pages: pageCount })}</p>
              {page < pageCount ? (
                <Link to={sermonsHref({ q, series, topic, page: page + 1 })} rel="next" className={pill(false)}>
                  {t("list.next")}
                  <ChevronRight aria-hidden="true" className="h-4 w-4" />
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>

        <div className="min-w-0 space-y-8">
          <FacetNav
            id="sermon-series"
            heading={t("list.seriesHeading")}
            label={t("list.browseSeries")}
            allLabel={t("list.allSeries")}
            items={facets.series}
            active={series}
            href={(slug) => sermonsHref({ q, topic, series: slug })}
            t={t}
          />
          <FacetNav
            id="sermon-topics"
            heading={t("list.topicsHeading")}
            label={t("list.browseTopics")}
            allLabel={t("list.allTopics")}
            items={facets.topics}
            active={topic}
            href={(slug) => sermonsHref({ q, series, topic: slug })}
            t={t}
          />
          <aside aria-labelledby="sermon-podcast" className="rounded-2xl bg-brand-50 p-6">
            <h2 id="sermon-podcast" className="flex items-center gap-2 font-serif text-xl font-bold text-brand-800">
              <Rss aria-hidden="true" className="h-5 w-5" />
              {t("list.podcastHeading")}
            </h2>
            <p className="mt-2 text-slate-800">{t("list.podcastHint")}</p>
            <p className="mt-3">
              <a href={feedUrl} type="application/rss+xml" className={link}>
                {t("list.podcastLink")}
              </a>
            </p>
          </aside>
        </div>
      </div>
    </main>
  );
}

function FacetNav({
  id,
  heading,
  label,
  allLabel,
  items,
  active,
  href,
  t,
}: {
  id: string;
  heading: string;
  label: string;
  allLabel: string;
  items: SermonFacet[];
  active: string | null;
  href: (slug: string | null) => string;
  t: ReturnType<typeof useSermonsTranslation>["t"];
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-serif text-xl font-bold text-brand-800">
        {heading}
      </h2>
      <nav aria-label={label} className="mt-3">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link to={href(null)} aria-current={active === null ? "page" : undefined} className={pill(active === null)}>
              {allLabel}
            </Link>
          </li>
          {items.map((item) => (
            <li key={item.slug} className="min-w-0">
              <Link to={href(item.slug)} aria-current={active === item.slug ? "page" : undefined} className={pill(active === item.slug)}>
                {t("list.facetCount", { name: item.name, count: item.count })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

export const ErrorBoundary = PageErrorBoundary;
