import { Clock, MessageSquareText, Play } from "lucide-react";
import { useFormatServiceTime } from "~/components/service-times-list";
import { ButtonLink } from "~/components/ui/button-link";
import type { ServiceTime } from "~/platform/church/get-church-profile.server";
import { splitMainService } from "~/features/home/service-times";
import { useTranslation } from "~/i18n/react";

/**
 * The spec's live-streaming announcement: "coming soon", the main worship time, interactive
 * chat and HD quality, and the Watch Online and Previous Sermons actions. The home page shows
 * it as a section (h2) — saying "Live now" while a stream is on; /watch, before any stream is
 * set, as its page heading (h1).
 */
export function LiveAnnouncement({
  placement,
  title,
  body,
  serviceTimes,
  liveNow = false,
}: {
  placement: "home" | "watch";
  title: string;
  body: string;
  serviceTimes: ServiceTime[];
  liveNow?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatServiceTime();
  const { main } = splitMainService(serviceTimes);
  const onWatch = placement === "watch";
  const Heading = onWatch ? "h1" : "h2";
  const FeaturesHeading = onWatch ? "h2" : "h3";
  const Wrapper = onWatch ? "div" : "section";
  return (
    <Wrapper
      aria-labelledby={onWatch ? undefined : "home-live"}
      className="bg-linear-to-br from-brand-900 to-slate-950 py-16 text-white sm:py-20"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <div className="min-w-0">
          {liveNow ? (
            <p className="inline-flex items-center gap-2 rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white">
              <span aria-hidden="true" className="h-2 w-2 rounded-full bg-white motion-safe:animate-pulse" />
              {t("home.live.liveNow")}
            </p>
          ) : (
            <p className="inline-flex items-center gap-2 rounded-full bg-accent-400 px-3 py-1 text-sm font-semibold text-slate-950">
              {t("home.live.comingSoon")}
            </p>
          )}
          <Heading
            id={onWatch ? undefined : "home-live"}
            className={`mt-4 font-serif font-bold break-words ${onWatch ? "text-4xl sm:text-5xl" : "text-3xl sm:text-4xl"}`}
          >
            {title}
          </Heading>
          <p className="mt-4 text-lg text-slate-100">{liveNow ? t("home.live.liveBody") : body}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/watch" variant="accent" aria-current={onWatch ? "page" : undefined}>
              {liveNow ? t("home.live.watchNow") : t("home.live.watchOnline")}
            </ButtonLink>
            <ButtonLink to="/sermons" variant="outline" className="text-white">
              {t("home.live.previousSermons")}
            </ButtonLink>
          </div>
        </div>
        <div className="min-w-0 rounded-2xl border border-white/20 bg-white/5 p-6 sm:p-8">
          {main ? (
            <dl>
              <dt className="text-sm font-semibold tracking-wide text-slate-200 uppercase">{t("home.live.worshipLabel")}</dt>
              <dd className="mt-1 flex items-center gap-2 text-xl font-bold text-balance sm:text-2xl">
                <Clock aria-hidden="true" className="h-6 w-6 shrink-0 text-accent-400" />
                {format(main)}
              </dd>
            </dl>
          ) : null}
          <FeaturesHeading className="mt-6 text-sm font-semibold tracking-wide text-slate-200 uppercase">
            {t("home.live.featuresLabel")}
          </FeaturesHeading>
          <ul className="mt-3 space-y-3 text-lg">
            <li className="flex items-center gap-3">
              <MessageSquareText aria-hidden="true" className="h-6 w-6 shrink-0 text-accent-400" />
              {t("home.live.chat")}
            </li>
            <li className="flex items-center gap-3">
              <Play aria-hidden="true" className="h-6 w-6 shrink-0 text-accent-400" />
              {t("home.live.hd")}
            </li>
          </ul>
        </div>
      </div>
    </Wrapper>
  );
}
