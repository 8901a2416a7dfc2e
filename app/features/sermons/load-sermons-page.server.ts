import { getRequestContext } from "~/server/request-context.server";
import { listPublishedSermons } from "./list-published-sermons.server";
import { listSermonFacets } from "./list-sermon-facets.server";
import { MAX_SEARCH_LENGTH, SERMONS_PAGE_SIZE } from "./sermon-views";
import { sermonsTranslator } from "./sermons-translation";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A ?series= / ?topic= value, or null when it is missing or cannot be a slug. */
function slugParam(value: string | null): string | null {
  const v = value?.trim().toLowerCase() ?? "";
  return v && v.length <= 100 && SLUG.test(v) ? v : null;
}

/** /sermons[?q=&series=&topic=&page=]: one page of the archive and what it can be browsed by. */
export async function loadSermonsPage({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const t = sermonsTranslator(language);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH);
  const series = slugParam(params.get("series"));
  const topic = slugParam(params.get("topic"));
  const requestedPage = Number.parseInt(params.get("page") ?? "1", 10);
  const page = Number.isFinite(requestedPage) && requestedPage >= 1 && requestedPage <= 10_000 ? requestedPage : 1;

  const [{ sermons, total }, facets] = await Promise.all([
    listPublishedSermons({ db, language, filters: { q, series, topic }, page, pageSize: SERMONS_PAGE_SIZE }),
    listSermonFacets({ db, language }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / SERMONS_PAGE_SIZE));
  const title = t("list.title");
  return {
    q,
    series,
    topic,
    seriesName: series ? (facets.series.find((s) => s.slug === series)?.name ?? null) : null,
    topicName: topic ? (facets.topics.find((s) => s.slug === topic)?.name ?? null) : null,
    page,
    pageCount,
    total,
    sermons,
    facets,
    feedUrl: `/sermons/feed.xml${language === "en" ? "" : `?lang=${language}`}`,
    seo: { title, description: t("list.description") },
  };
}
