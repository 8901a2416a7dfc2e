import { Clock, MessageSquareText, Play } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { useFormatServiceTime } from "~/components/service-times-list";
import { ButtonLink } from "~/components/ui/button-link";
import type { ChurchProfile } from "~/features/content/get-church-profile.server";
import type { ContentBlock } from "~/features/content/get-content-blocks.server";
import { splitMainService } from "~/features/home/service-times";

export function LiveStreamSection({ block, church }: { block: ContentBlock; church: ChurchProfile }) {
  const { t } = useTranslation();
  const format = useFormatServiceTime();
  const { main } = splitMainService(church.serviceTimes);
  return (
    <section aria-labelledby="home-live" className="bg-linear-to-br from-brand-900 to-slate-950 py-16 text-white sm:py-20">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-accent-400 px-3 py-1 text-sm font-semibold text-slate-950">
            {t("home.live.comingSoon")}
          </p>
          <h2 id="home-live" className="mt-4 font-serif text-3xl font-bold sm:text-4xl">
            {block.title}
          </h2>
          <p className="mt-4 text-lg text-slate-100">{block.body}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/watch" variant="accent">
              {t("home.live.watchOnline")}
            </ButtonLink>
            <ButtonLink to="/sermons" variant="outline" className="text-white">
              {t("home.live.previousSermons")}
            </ButtonLink>
          </div>
        </div>
        <div className="rounded-2xl border border-white/20 bg-white/5 p-6 sm:p-8">
          {main ? (
            <dl>
              <dt className="text-sm font-semibold tracking-wide text-slate-200 uppercase">{t("home.live.worshipLabel")}</dt>
              <dd className="mt-1 flex items-center gap-2 text-xl font-bold text-balance sm:text-2xl">
                <Clock aria-hidden="true" className="h-6 w-6 shrink-0 text-accent-400" />
                {format(main)}
              </dd>
            </dl>
          ) : null}
          <h3 className="mt-6 text-sm font-semibold tracking-wide text-slate-200 uppercase">{t("home.live.featuresLabel")}</h3>
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
    </section>
  );
}
