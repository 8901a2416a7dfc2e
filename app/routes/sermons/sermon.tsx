import { BookOpen, CalendarDays, Download, FileText, Mic } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/sermon";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { SermonCard } from "~/components/sermons/sermon-card";
import { SharePanel } from "~/components/sermons/share-panel";
import { loadSermonPage } from "~/features/sermons/load-sermon-page.server";
import { sermonsHref } from "~/features/sermons/sermon-views";
import { useSermonsTranslation } from "~/features/sermons/sermons-translation";
import { routeMeta } from "~/features/seo/route-meta";

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadSermonPage({ request, slug: params.slug });
}

/** The site's SEO tags, with the sermon's audio for link previews that play it. */
export const meta: Route.MetaFunction = (args) => {
  const tags = routeMeta(args);
  const audio = args.loaderData?.audioMeta;
  if (audio) tags.push({ property: "og:audio", content: audio.url }, { property: "og:audio:type", content: audio.type });
  return tags;
};

const link = "font-semibold text-brand-800 underline underline-offset-4";

export default function SermonPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSermonsTranslation();
  const { sermon, moreInSeries, shareUrl } = loaderData;

  return (
    <main id="main" tabIndex={-1}>
      <div className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
          {sermon.series ? (
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-50">
              <span className="sr-only">{t("sermon.series")}: </span>
              <Link to={sermonsHref({ series: sermon.series.slug })} className="wrap-anywhere underline underline-offset-4">
                {sermon.series.title}
              </Link>
            </p>
          ) : null}
          <h1 className="mt-2 font-serif text-4xl font-bold wrap-anywhere sm:text-5xl">{sermon.title}</h1>
          <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-lg text-brand-50">
            <div className="flex min-w-0 items-center gap-2">
              <dt>
                <Mic aria-hidden="true" className="h-5 w-5" />
                <span className="sr-only">{t("sermon.speaker")}</span>
              </dt>
              <dd className="wrap-anywhere">{sermon.speaker}</dd>
            </div>
            <div className="flex items-center gap-2">
              <dt>
                <CalendarDays aria-hidden="true" className="h-5 w-5" />
                <span className="sr-only">{t("sermon.date")}</span>
              </dt>
              <dd>
                <time dateTime={sermon.date}>{sermon.dateLabel}</time>
              </dd>
            </div>
            {sermon.scripture ? (
              <div className="flex min-w-0 items-center gap-2">
                <dt>
                  <BookOpen aria-hidden="true" className="h-5 w-5" />
                  <span className="sr-only">{t("sermon.scripture")}</span>
                </dt>
                <dd className="wrap-anywhere">{sermon.scripture}</dd>
              </div>
            ) : null}
          </dl>
        </div>
      </div>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-8 lg:col-span-2">
          {sermon.video ? (
            <section aria-labelledby="sermon-watch">
              <h2 id="sermon-watch" className="sr-only">
                {t("sermon.watch")}
              </h2>
              {sermon.video.kind === "embed" ? (
                <div className="aspect-video w-full overflow-hidden rounded-2xl bg-slate-900">
                  <iframe
                    src={sermon.video.embedUrl}
                    title={t("sermon.videoTitle", { title: sermon.title })}
                    className="h-full w-full"
                    loading="lazy"
                    referrerPolicy="strict-origin-when-cross-origin"
                    allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                    allowFullScreen
                  />
                </div>
              ) : (
                <video
                  controls
                  preload="none"
                  playsInline
                  className="aspect-video w-full rounded-2xl bg-slate-900"
                  aria-label={t("sermon.videoTitle", { title: sermon.title })}
                >
                  <source src={sermon.video.url} type={sermon.video.type} />
                  <a href={sermon.video.url} className="text-white underline">
                    {t("sermon.noMediaSupport")}
                  </a>
                </video>
              )}
            </section>
          ) : null}

          {sermon.audio ? (
            <section aria-labelledby="sermon-listen" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h2 id="sermon-listen" className="font-serif text-2xl font-bold text-brand-800">
                {t("sermon.listen")}
              </h2>
              <audio controls preload="none" className="mt-4 w-full" aria-label={t("sermon.audioTitle", { title: sermon.title })}>
                <source src={sermon.audio.url} type={sermon.audio.type} />
                <a href={sermon.audio.url}>{t("sermon.noMediaSupport")}</a>
              </audio>
              <p className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 text-slate-800">
                {sermon.audio.duration ? <span>{t("sermon.duration", { duration: sermon.audio.duration })}</span> : null}
                <a
                  href={sermon.audio.url}
                  download={sermon.audio.sameOrigin ? "" : undefined}
                  className={`inline-flex items-center gap-2 ${link}`}
                >
                  <Download aria-hidden="true" className="h-4 w-4" />
                  {t("sermon.downloadAudio")}
                </a>
              </p>
            </section>
          ) : null}

          {sermon.summary.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i} className="text-lg leading-relaxed text-slate-800">
              {paragraph}
            </p>
          ))}

          {sermon.topics.length > 0 ? (
            <section aria-labelledby="sermon-topics">
              <h2 id="sermon-topics" className="font-serif text-xl font-bold text-brand-800">
                {t("sermon.topics")}
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {sermon.topics.map((topic) => (
                  <li key={topic.slug}>
                    <Link
                      to={sermonsHref({ topic: topic.slug })}
                      className="inline-flex min-h-11 items-center rounded-full bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-100 hover:bg-brand-100"
                    >
                      {topic.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {sermon.notes ? (
            <section aria-labelledby="sermon-notes" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h2 id="sermon-notes" className="font-serif text-xl font-bold text-brand-800">
                {t("sermon.notesHeading")}
              </h2>
              <p className="mt-3">
                <a
                  href={sermon.notes.url}
                  download={sermon.notes.fileName}
                  className={`inline-flex items-center gap-2 wrap-anywhere ${link}`}
                >
                  <FileText aria-hidden="true" className="h-4 w-4 shrink-0" />
                  {t("sermon.downloadNotes", { name: sermon.notes.fileName })}
                </a>
              </p>
            </section>
          ) : null}

          <p>
            <Link to="/sermons" className={link}>
              {t("sermon.back")}
            </Link>
          </p>
        </div>

        <div className="min-w-0 space-y-8">
          <SharePanel url={shareUrl} title={sermon.title} t={t} />
          {sermon.series && moreInSeries.length > 0 ? (
            <section aria-labelledby="sermon-more">
              <h2 id="sermon-more" className="font-serif text-xl font-bold wrap-anywhere text-brand-800">
                {t("sermon.moreInSeries", { series: sermon.series.title })}
              </h2>
              <ul className="mt-4 space-y-4">
                {moreInSeries.map((other) => (
                  <li key={other.id}>
                    <SermonCard sermon={other} t={t} />
                  </li>
                ))}
              </ul>
              <p className="mt-4">
                <Link to={sermonsHref({ series: sermon.series.slug })} className={link}>
                  {t("sermon.allInSeries")}
                </Link>
              </p>
            </section>
          ) : null}
        </div>
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
