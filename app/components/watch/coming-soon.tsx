import { Clock, MessageSquareText, Play } from "lucide-react";
import { useFormatServiceTime } from "~/components/service-times-list";
import { ButtonLink } from "~/components/ui/button-link";
import type { ServiceTime } from "~/features/content/get-church-profile.server";
import { splitMainService } from "~/features/home/service-times";
import type { WatchT } from "~/features/live/watch-translation";

/**
 * The spec's coming-soon state (as on the home page's live section): the main worship time,
 * interactive chat and HD quality, and the Watch Online and Previous Sermons actions.
 */
export function ComingSoon({ t, serviceTimes }: { t: WatchT; serviceTimes: ServiceTime[] }) {
  const format = useFormatServiceTime();
  const { main } = splitMainService(serviceTimes);
  return (
    <div className="bg-linear-to-br from-brand-900 to-slate-950 py-14 text-white sm:py-20">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <div className="min-w-0">
          <p className="inline-flex items-center gap-2 rounded-full bg-accent-400 px-3 py-1 text-sm font-semibold text-slate-950">{t("comingSoon.badge")}</p>
          <h1 className="mt-4 font-serif text-4xl font-bold break-words sm:text-5xl">{t("title")}</h1>
          <p className="mt-4 text-lg text-slate-100">{t("comingSoon.body")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/watch" variant="accent" aria-current="page">
              {t("comingSoon.watchOnline")}
            </ButtonLink>
            <ButtonLink to="/sermons" variant="outline" className="text-white">
              {t("comingSoon.previousSermons")}
            </ButtonLink>
          </div>
        </div>
        <div className="min-w-0 rounded-2xl border border-white/20 bg-white/5 p-6 sm:p-8">
          {main ? (
            <dl>
              <dt className="text-sm font-semibold tracking-wide text-slate-200 uppercase">{t("comingSoon.worshipLabel")}</dt>
              <dd className="mt-1 flex items-center gap-2 text-xl font-bold text-balance sm:text-2xl">
                <Clock aria-hidden="true" className="h-6 w-6 shrink-0 text-accent-400" />
                {format(main)}
              </dd>
            </dl>
          ) : null}
          <h2 className="mt-6 text-sm font-semibold tracking-wide text-slate-200 uppercase">{t("comingSoon.featuresLabel")}</h2>
          <ul className="mt-3 space-y-3 text-lg">
            <li className="flex items-center gap-3">
              <MessageSquareText aria-hidden="true" className="h-6 w-6 shrink-0 text-accent-400" />
              {t("comingSoon.chat")}
            </li>
            <li className="flex items-center gap-3">
              <Play aria-hidden="true" className="h-6 w-6 shrink-0 text-accent-400" />
              {t("comingSoon.hd")}
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}
