import { and, desc, eq, isNotNull } from "drizzle-orm";
import { sermonSeries, sermons } from "~/db/schema";
import { localize } from "~/i18n/localize";
import { isLanguage, type Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { db as appDb } from "~/server/db.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { mediaTypeOf } from "./media-types";
import { sermonsTranslator } from "./sermons-translation";
import { podcastGuid } from "./uuid-v5";
import { readChurchSettings } from "~/platform/church/church-settings.server";

/** The newest episodes a feed lists; podcast apps keep older ones they already fetched. */
const FEED_LIMIT = 300;
export const PODCAST_COVER_PATH = "/media/sermons/podcast-cover.jpg";

/** Text for XML content and attribute values: the five special characters, control characters dropped. */
export function escapeXml(value: string): string {
  return value
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** A calendar day as an RFC 2822 date (noon UTC, so it stays the same day everywhere that matters). */
function rfc2822(date: string): string {
  return new Date(`${date}T12:00:00Z`).toUTCString();
}

/** The podcast feed's language: ?lang=es, else English (podcast apps send no cookies). */
function feedLanguage(request: Request): Language {
  const lang = new URL(request.url).searchParams.get("lang");
  return isLanguage(lang) ? lang : "en";
}

/** The absolute URL of the feed in a language (also what podcast:guid is made from). */
export function podcastFeedUrl(base: string, language: Language): string {
  return `${base}/sermons/feed.xml${language === "en" ? "" : `?lang=${language}`}`;
}

/**
 * The podcast (RSS 2.0 with the iTunes and Podcasting 2.0 namespaces) of the published sermons
 * that have audio, newest first, in one language (titles and summaries fall back to English).
 */
export async function buildPodcastFeed({ db, language, base }: { db: AppDatabase; language: Language; base: string }): Promise<string> {
  const t = sermonsTranslator(language);
  const [church, rows] = await Promise.all([
    readChurchSettings(db),
    db
      .select({ sermon: sermons, seriesTitleEn: sermonSeries.titleEn, seriesTitleEs: sermonSeries.titleEs })
      .from(sermons)
      .leftJoin(sermonSeries, eq(sermonSeries.id, sermons.seriesId))
      .where(and(eq(sermons.status, "published"), isNotNull(sermons.audioUrl)))
      .orderBy(desc(sermons.preachedOn), desc(sermons.id))
      .limit(FEED_LIMIT),
  ]);
  const churchName = church ? localize(language, church.nameEn, church.nameEs) : "";
  const feedUrl = podcastFeedUrl(base, language);
  const title = t("feed.title", { church: churchName });
  const description = t("feed.description", { church: churchName });
  const link = `${base}/sermons${language === "en" ? "" : `?lang=${language}`}`;
  const cover = `${base}${PODCAST_COVER_PATH}`;
  const host = new URL(base).host;
  const e = escapeXml;

  const items = rows.map(({ sermon, seriesTitleEn, seriesTitleEs }) => {
    const itemTitle = localize(language, sermon.titleEn, sermon.titleEs);
    const summary = localize(language, sermon.summaryEn, sermon.summaryEs);
    const seriesTitle = seriesTitleEn ? localize(language, seriesTitleEn, seriesTitleEs) : null;
    const details = [
      summary,
      sermon.scripture ? t("feed.scripture", { scripture: sermon.scripture }) : null,
      t("feed.speaker", { speaker: sermon.speaker }),
      seriesTitle ? t("feed.series", { series: seriesTitle }) : null,
    ].filter(Boolean);
    const itemLink = `${base}/sermons/${encodeURIComponent(sermon.slug)}${language === "en" ? "" : `?lang=${language}`}`;
    const audio = new URL(sermon.audioUrl!, base).toString();
    const type = sermon.audioMimeType ?? mediaTypeOf(sermon.audioUrl!) ?? "audio/mpeg";
    return [
      "    <item>",
      `      <title>${e(itemTitle)}</title>`,
      `      <link>${e(itemLink)}</link>`,
      // Stable: the row id never changes (a new slug or title keeps the episode).
      `      <guid isPermaLink="false">${e(`${host}:sermon:${sermon.id}`)}</guid>`,
      `      <pubDate>${rfc2822(sermon.preachedOn)}</pubDate>`,
      `      <description>${e(details.join("\n\n"))}</description>`,
      `      <enclosure url="${e(audio)}" length="${sermon.audioBytes ?? 0}" type="${e(type)}"/>`,
      `      <itunes:title>${e(itemTitle)}</itunes:title>`,
      `      <itunes:author>${e(sermon.speaker)}</itunes:author>`,
      `      <itunes:summary>${e(summary)}</itunes:summary>`,
      sermon.audioDurationSeconds ? `      <itunes:duration>${sermon.audioDurationSeconds}</itunes:duration>` : null,
      "      <itunes:episodeType>full</itunes:episodeType>",
      "      <itunes:explicit>false</itunes:explicit>",
      `      <itunes:image href="${e(cover)}"/>`,
      "    </item>",
    ]
      .filter((line) => line !== null)
      .join("\n");
  });

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    "  <channel>",
    `    <title>${e(title)}</title>`,
    `    <link>${e(link)}</link>`,
    `    <description>${e(description)}</description>`,
    `    <language>${language}</language>`,
    `    <atom:link href="${e(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    `    <copyright>${e(churchName)}</copyright>`,
    rows[0] ? `    <lastBuildDate>${rfc2822(rows[0].sermon.preachedOn)}</lastBuildDate>` : null,
    "    <image>",
    `      <url>${e(cover)}</url>`,
    `      <title>${e(title)}</title>`,
    `      <link>${e(link)}</link>`,
    "    </image>",
    `    <itunes:author>${e(churchName)}</itunes:author>`,
    `    <itunes:summary>${e(description)}</itunes:summary>`,
    "    <itunes:owner>",
    `      <itunes:name>${e(churchName)}</itunes:name>`,
    church?.email ? `      <itunes:email>${e(church.email)}</itunes:email>` : null,
    "    </itunes:owner>",
    `    <itunes:image href="${e(cover)}"/>`,
    '    <itunes:category text="Religion &amp; Spirituality">',
    '      <itunes:category text="Christianity"/>',
    "    </itunes:category>",
    "    <itunes:explicit>false</itunes:explicit>",
    "    <itunes:type>episodic</itunes:type>",
    church?.email ? `    <podcast:locked owner="${e(church.email)}">no</podcast:locked>` : "    <podcast:locked>no</podcast:locked>",
    `    <podcast:guid>${podcastGuid(feedUrl)}</podcast:guid>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ]
    .filter((line) => line !== null)
    .join("\n");
}

/** GET /sermons/feed.xml[?lang=es]. */
export async function podcastFeedResponse({ request, db = appDb() }: { request: Request; db?: AppDatabase }): Promise<Response> {
  const body = await buildPodcastFeed({ db, language: feedLanguage(request), base: siteUrl(getEnv()) });
  return new Response(body, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
