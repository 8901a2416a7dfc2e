import { asc } from "drizzle-orm";
import { heroVideos, homeCards } from "~/db/schema";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { getContentBlocks } from "./get-content-blocks.server";
import { localize, localizeOptional } from "./localize";
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
  const [videos, cards, blocks, values, leaderList] = await Promise.all([
    db.select().from(heroVideos).orderBy(asc(heroVideos.sortOrder), asc(heroVideos.id)),
    db.select().from(homeCards).orderBy(asc(homeCards.sortOrder), asc(homeCards.id)),
    getContentBlocks({ db, language, keys: homeBlockKeys }),
    listChurchValues({ db, language }),
    listLeaders({ db, language }),
  ]);
  const toCard = (r: (typeof cards)[number]): HomeCard => ({
    key: r.key,
    title: localize(language, r.titleEn, r.titleEs),
    description: localize(language, r.descriptionEn, r.descriptionEs),
    icon: r.icon,
    gradient: r.gradient,
    href: r.href,
  });
  return {
    heroVideos: videos.map(
      (v): HeroVideo => ({
        key: v.key,
        title: localizeOptional(language, v.titleEn, v.titleEs) ?? "",
        mp4Url: v.mp4Url,
        webmUrl: v.webmUrl,
        posterUrl: v.posterUrl,
        playbackRate: v.playbackRate,
      }),
    ),
    blocks,
    values,
    leaders: leaderList,
    spiritualHomeCards: cards.filter((c) => c.kind === "spiritual_home").map(toCard),
    whyChooseCards: cards.filter((c) => c.kind === "why_choose").map(toCard),
  };
}
