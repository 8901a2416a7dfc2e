import { data } from "react-router";
import { localize } from "~/i18n/localize";
import { localizedUrl } from "~/features/seo/page-seo";
import { getEnv, siteUrl } from "~/server/env.server";
import { getRequestContext } from "~/server/request-context.server";
import { findPublishedSermon } from "./find-published-sermon.server";
import { listPublishedSermons } from "./list-published-sermons.server";
import { mediaTypeOf } from "./media-types";
import { formatDuration, formatSermonDate } from "./sermon-dates";
import { parseVideoUrl } from "./video-embed";

const MORE_IN_SERIES = 4;

/** /sermons/:slug: one published sermon with its media and the others of its series; 404 otherwise. */
export async function loadSermonPage({ request, slug }: { request: Request; slug: string }) {
  const { db, language } = getRequestContext(request);
  const found = await findPublishedSermon(db, slug);
  if (!found) throw data(null, { status: 404 });
  const { sermon, series, topics } = found;
  const base = siteUrl(getEnv());
  const path = `/sermons/${encodeURIComponent(sermon.slug)}`;
  const title = localize(language, sermon.titleEn, sermon.titleEs);
  const summary = localize(language, sermon.summaryEn, sermon.summaryEs);
  const embed = parseVideoUrl(sermon.videoUrl);
  const video = embed
    ? ({ kind: "embed", provider: embed.provider, embedUrl: embed.embedUrl } as const)
    : sermon.videoFileUrl
      ? ({ kind: "file", url: sermon.videoFileUrl, type: mediaTypeOf(sermon.videoFileUrl) ?? "video/mp4" } as const)
      : null;
  const more = series
    ? await listPublishedSermons({
        db,
        language,
        filters: { series: series.slug },
        page: 1,
        pageSize: MORE_IN_SERIES,
        excludeId: sermon.id,
      })
    : { sermons: [], total: 0 };
  const audioUrl = sermon.audioUrl ? new URL(sermon.audioUrl, base).toString() : null;

  return {
    sermon: {
      slug: sermon.slug,
      title,
      summary,
      speaker: sermon.speaker,
      scripture: sermon.scripture,
      date: sermon.preachedOn,
      dateLabel: formatSermonDate(sermon.preachedOn, language),
      series: series ? { slug: series.slug, title: localize(language, series.titleEn, series.titleEs) } : null,
      topics: topics.map((t) => ({ slug: t.slug, name: localize(language, t.nameEn, t.nameEs) })),
      video,
      audio: sermon.audioUrl
        ? {
            url: sermon.audioUrl,
            type: sermon.audioMimeType ?? mediaTypeOf(sermon.audioUrl) ?? "audio/mpeg",
            duration: sermon.audioDurationSeconds ? formatDuration(sermon.audioDurationSeconds) : null,
            // A link to another site downloads nothing: the browser opens it instead.
            sameOrigin: sermon.audioUrl.startsWith("/"),
          }
        : null,
      notes: sermon.notesUrl ? { url: sermon.notesUrl, fileName: sermon.notesFileName ?? sermon.notesUrl.split("/").pop() ?? "" } : null,
    },
    moreInSeries: more.sermons,
    shareUrl: localizedUrl(base, path, language),
    audioMeta: audioUrl ? { url: audioUrl, type: sermon.audioMimeType ?? "audio/mpeg" } : null,
    seo: {
      title,
      description: summary.length > 160 ? `${summary.slice(0, 157).trimEnd()}…` : summary,
      imageUrl: series?.imageUrl ?? null,
    },
  };
}
