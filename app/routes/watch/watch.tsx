import { Radio } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/watch";
import type { loader as siteLayoutLoader } from "../site/layout";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { ServiceTimesList } from "~/components/service-times-list";
import { LiveAnnouncement } from "~/components/live-announcement";
import { LiveChat } from "~/components/watch/live-chat";
import { ServiceCountdown } from "~/components/watch/service-countdown";
import { StreamPlayer } from "~/components/watch/stream-player";
import { loadWatchPage } from "~/features/live/load-watch-page.server";
import { useWatchTranslation } from "~/features/live/watch-translation";
import { routeMeta } from "~/features/seo/route-meta";

export async function loader({ request }: Route.LoaderArgs) {
  return loadWatchPage({ request });
}

export const meta: Route.MetaFunction = routeMeta;

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store" };
}

const linkClasses = "font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900";

export default function WatchPage({ loaderData }: Route.ComponentProps) {
  const { t, language } = useWatchTranslation();
  const site = useRouteLoaderData<typeof siteLayoutLoader>("routes/site/layout");
  const serviceTimes = site?.church.serviceTimes ?? [];
  const { stream, messages, nextService, latestSermon, timeZone, now, viewer } = loaderData;

  const countdown = nextService ? (
    <ServiceCountdown t={t} language={language} timeZone={timeZone} now={now} nextService={nextService} />
  ) : null;
  const times = (
    <section aria-labelledby="watch-times" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="watch-times" className="font-serif text-xl font-bold text-brand-800">
        {t("serviceTimes.heading")}
      </h2>
      {serviceTimes.length > 0 ? (
        <ServiceTimesList times={serviceTimes} className="mt-3 text-slate-800" />
      ) : (
        <p className="mt-3 text-slate-800">{t("serviceTimes.empty")}</p>
      )}
    </section>
  );

  if (!stream) {
    return (
      <main id="main" tabIndex={-1} className="overflow-x-clip focus:outline-none">
        <LiveAnnouncement placement="watch" title={t("title")} body={t("comingSoon.body")} serviceTimes={serviceTimes} />
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6 md:grid-cols-3">
          {times}
          {countdown}
          {latestSermon ? (
            <section aria-labelledby="watch-sermon" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 id="watch-sermon" className="font-serif text-xl font-bold text-brand-800">
                {t("latestSermon.heading")}
              </h2>
              <p className="mt-3 text-lg font-semibold wrap-anywhere text-slate-900">{latestSermon.title}</p>
              <p className="text-slate-700">{t("latestSermon.byline", { speaker: latestSermon.speaker, date: latestSermon.date })}</p>
              <p className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
                <Link to={`/sermons/${latestSermon.slug}`} className={linkClasses}>
                  {t("latestSermon.open", { title: latestSermon.title })}
                </Link>
                <Link to="/sermons" className={linkClasses}>
                  {t("latestSermon.all")}
                </Link>
              </p>
            </section>
          ) : null}
        </div>
      </main>
    );
  }

  return (
    <main id="main" tabIndex={-1} className="overflow-x-clip focus:outline-none">
      <div className="bg-linear-to-br from-brand-900 to-slate-950 text-white">
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
          <p className="inline-flex items-center gap-2 rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white">
            <Radio aria-hidden="true" className="h-4 w-4" />
            {t("live.badge")}
          </p>
          <h1 className="mt-3 font-serif text-3xl font-bold break-words sm:text-4xl">{t("title")}</h1>
          <p className="mt-2 text-lg wrap-anywhere text-slate-100">{stream.title}</p>
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          <StreamPlayer t={t} stream={stream} />
          <div className="grid min-w-0 gap-6 md:grid-cols-2">
            {countdown}
            {times}
          </div>
        </div>
        <LiveChat
          key={stream.id}
          t={t}
          language={language}
          timeZone={timeZone}
          streamId={stream.id}
          initialMessages={messages}
          chatEnabled={stream.chatEnabled}
          signedIn={viewer.signedIn}
          canModerate={viewer.canModerate}
        />
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
