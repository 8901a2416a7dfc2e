import { Clock } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { ErrorBoundary } from "~/components/error-boundaries";
import { ServiceTimesList, useFormatServiceTime } from "~/components/service-times-list";
import { ButtonLink } from "~/components/ui/button-link";
import type { ChurchProfile } from "~/platform/church/get-church-profile.server";
import type { ContentBlock } from "~/platform/content/get-content-blocks.server";
import type { HeroVideo } from "~/features/content/get-home-page.server";
import { splitMainService } from "~/features/home/service-times";
import { HeroVideoPlaylist } from "./hero-video";

/**
 * Full-screen welcome. Layers, back to front: poster image (the LCP element, in the server
 * HTML), the client-only video, a dark overlay, then the content. The content is not
 * positioned, so everything at a negative z-index stays behind it inside this section.
 */
export function HeroSection({ hero, videos, church }: { hero: ContentBlock | undefined; videos: HeroVideo[]; church: ChurchProfile }) {
  const { t } = useTranslation();
  const format = useFormatServiceTime();
  const { main, others } = splitMainService(church.serviceTimes);
  const poster = videos[0]?.posterUrl;
  // No video yet (an empty install): a shorter band in the brand colours, not a dark empty screen.
  const plain = videos.length === 0;
  // Something kind under the name until the church writes a tagline or a welcome of its own.
  const welcome = !church.tagline && !hero?.body ? t("home.hero.welcome") : null;
  return (
    <section
      aria-labelledby="home-hero-title"
      className={
        plain
          ? "relative isolate flex min-h-[28rem] flex-col overflow-hidden bg-gradient-to-br from-brand-800 to-brand-600 text-white sm:min-h-[32rem]"
          : "relative isolate flex min-h-[calc(100svh-4rem)] flex-col overflow-hidden bg-brand-900 text-white"
      }
    >
      {poster ? (
        <img
          src={poster}
          alt=""
          width={1280}
          height={720}
          fetchPriority="high"
          className="absolute inset-0 -z-20 h-full w-full object-cover"
        />
      ) : null}
      {plain ? null : (
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-linear-to-b from-slate-950/75 via-slate-950/65 to-slate-950/85" />
      )}
      <div className="mx-auto grid w-full max-w-7xl flex-1 items-center gap-10 px-4 pt-14 pb-6 sm:px-6 sm:pt-20 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="max-w-3xl">
          <h1 id="home-hero-title" className="font-serif text-4xl leading-tight font-bold text-balance sm:text-5xl lg:text-6xl">
            {hero?.title ?? church.name}
          </h1>
          {church.tagline ? <p className="mt-4 font-serif text-2xl font-semibold text-accent-400 sm:text-3xl">{church.tagline}</p> : null}
          {hero?.body ? <p className="mt-4 max-w-2xl text-lg text-slate-100 sm:text-xl">{hero.body}</p> : null}
          {welcome ? <p className="mt-4 max-w-2xl text-lg text-brand-50 sm:text-xl">{welcome}</p> : null}
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/plan-visit" variant="accent">
              {t("home.hero.planVisit")}
            </ButtonLink>
            <ButtonLink to="/watch" variant="light">
              {t("home.hero.watch")}
            </ButtonLink>
            <ButtonLink to="/give" variant="outline" className="text-white">
              {t("home.hero.give")}
            </ButtonLink>
          </div>
        </div>
        {main ? (
          <div className="rounded-2xl bg-white p-6 text-slate-900 shadow-xl">
            <h2 className="font-serif text-xl font-bold text-brand-800">{t("home.hero.serviceCardTitle")}</h2>
            <p className="mt-4 text-sm font-semibold tracking-wide text-slate-700 uppercase">{t("home.hero.mainServiceLabel")}</p>
            <p className="mt-1 flex items-start gap-2">
              <Clock aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
              <span>
                <span className="block text-lg font-bold">{main.name}</span>
                <span className="block text-xl font-bold text-balance text-brand-700 sm:text-2xl">{format(main)}</span>
              </span>
            </p>
            {others.length > 0 ? (
              <>
                <p className="mt-5 border-t border-slate-200 pt-4 text-sm font-semibold tracking-wide text-slate-700 uppercase">
                  {t("home.hero.otherTimesLabel")}
                </p>
                <ServiceTimesList times={others} className="mt-2 text-sm" />
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="mx-auto flex min-h-11 w-full max-w-7xl justify-end px-4 pb-6 sm:px-6">
        <ErrorBoundary variant="component">
          <HeroVideoPlaylist videos={videos} />
        </ErrorBoundary>
      </div>
    </section>
  );
}
