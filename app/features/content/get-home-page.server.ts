import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { events, heroVideos, homeCards, liveStreams } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { getContentBlocks, type ContentBlock } from "~/platform/content/get-content-blocks.server";
import { localize, localizeOptional } from "~/i18n/localize";
import { listChurchValues } from "./list-church-values.server";
import { listLeaders } from "./list-leaders.server";

export interface HeroVideo {
  key: string;
  title: string;
  mp4Url: string;
  webmUrl: string | null;
  posterUrl: string;
  playbackRate: number;
}

export interface HomeCard {
  key: string;
  title: string;
  description: string;
  icon: string;
  gradient: string;
  href: string | null;
}

interface Options {
  db: AppDatabase;
  language: Language;
}

export const homeBlockKeys = [
  "home.hero",
  "home.new_here",
  "home.welcome",
  "home.flyer",
  "home.live",
  "about.vision",
  "about.mission",
  "about.values",
] as const;

/** Everything the home page shows except the streamed Recent Moments strip. */
export async function getHomePage({ db, language }: Options) {
  const [videos, cards, contentBlocks, values, leaderList, featured, [streaming]] = await Promise.all([
    db.select().from(heroVideos).orderBy(asc(heroVideos.sortOrder), asc(heroVideos.id)),
    db.select().from(homeCards).orderBy(asc(homeCards.sortOrder), asc(homeCards.id)),
    getContentBlocks({ db, language, keys: homeBlockKeys }),
    listChurchValues({ db, language }),
    listLeaders({ db, language }),
    getFeaturedFlyer({ db, language }),
    db.select({ id: liveStreams.id }).from(liveStreams).where(isNull(liveStreams.endedAt)).limit(1),
  ]);
  // The flyer is the featured published event when it has an image; else the home.flyer block.
  const blocks = featured ? { ...contentBlocks, "home.flyer": featured } : contentBlocks;
  const toCard = (r: (typeof cards)[number]): HomeCard => ({
    key: r.key,
    title: localize(language, r.titleEn, r.titleEs),
    description: localize(language, r.descriptionEn, r.descriptionEs),
    icon: r.icon,
    gradient: r.gradient,
    href: r.href,
  });
  return {
    heroVideos: videos.map((v): HeroVideo => ({
      key: v.key,
      title: localizeOptional(language, v.titleEn, v.titleEs) ?? "",
      mp4Url: v.mp4Url,
      webmUrl: v.webmUrl,
      posterUrl: v.posterUrl,
      playbackRate: v.playbackRate,
    })),
    blocks,
    values,
    leaders: leaderList,
    spiritualHomeCards: cards.filter((c) => c.kind === "spiritual_home").map(toCard),
    whyChooseCards: cards.filter((c) => c.kind === "why_choose").map(toCard),
    /** A stream is on now (started in admin/live): the live section says so instead of "coming soon". */
    liveNow: streaming !== undefined,
  };
}

/** The featured published event with an image, as the home page's flyer block; null when there is none. */
async function getFeaturedFlyer({ db, language }: Options): Promise<ContentBlock | null> {
  const [event] = await db
    .select({
      slug: events.slug,
      titleEn: events.titleEn,
      titleEs: events.titleEs,
      descriptionEn: events.descriptionEn,
      descriptionEs: events.descriptionEs,
      imageUrl: events.imageUrl,
      imageAltEn: events.imageAltEn,
      imageAltEs: events.imageAltEs,
    })
    .from(events)
    .where(and(eq(events.isFeatured, true), eq(events.status, "published"), isNotNull(events.imageUrl)))
    .limit(1);
  if (!event?.imageUrl) return null;
  const title = localize(language, event.titleEn, event.titleEs);
  return {
    key: "home.flyer",
    title,
    body: localize(language, event.descriptionEn, event.descriptionEs),
    summary: null,
    imageUrl: event.imageUrl,
    imageAlt: localizeOptional(language, event.imageAltEn, event.imageAltEs) ?? title,
    linkUrl: `/events/${event.slug}`,
  };
}
