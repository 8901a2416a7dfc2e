import { BookOpen, CalendarDays, Headphones, Mic, Video } from "lucide-react";
import { Link } from "react-router";
import type { SermonsT } from "~/features/sermons/sermons-translation";
import { sermonsHref, type SermonCardView } from "~/features/sermons/sermon-views";

/** One sermon in a list: title (links to its page), speaker, date, series, scripture, topics. */
export function SermonCard({ sermon, t, headingLevel = 3 }: { sermon: SermonCardView; t: SermonsT; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      {sermon.series ? (
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
          <span className="sr-only">{t("card.series")}: </span>
          <Link
            to={sermonsHref({ series: sermon.series.slug })}
            className="wrap-anywhere underline-offset-4 hover:underline focus-visible:underline"
          >
            {sermon.series.title}
          </Link>
        </p>
      ) : null}
      <Heading className="mt-1 font-serif text-xl font-bold wrap-anywhere text-slate-900">
        <Link to={sermon.href} className="underline-offset-4 hover:underline focus-visible:underline">
          {sermon.title}
        </Link>
      </Heading>
      <dl className="mt-3 grid gap-1 text-slate-800">
        <div className="flex flex-wrap items-center gap-2">
          <dt className="flex items-center">
            <Mic aria-hidden="true" className="h-4 w-4 text-brand-700" />
            <span className="sr-only">{t("card.speaker")}</span>
          </dt>
          <dd className="min-w-0 wrap-anywhere">{sermon.speaker}</dd>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <dt className="flex items-center">
            <CalendarDays aria-hidden="true" className="h-4 w-4 text-brand-700" />
            <span className="sr-only">{t("card.date")}</span>
          </dt>
          <dd>
            <time dateTime={sermon.date}>{sermon.dateLabel}</time>
          </dd>
        </div>
        {sermon.scripture ? (
          <div className="flex flex-wrap items-center gap-2">
            <dt className="flex items-center">
              <BookOpen aria-hidden="true" className="h-4 w-4 text-brand-700" />
              <span className="sr-only">{t("card.scripture")}</span>
            </dt>
            <dd className="min-w-0 wrap-anywhere">{sermon.scripture}</dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-3 text-slate-800">{sermon.summary}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {sermon.hasVideo ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-900">
            <Video aria-hidden="true" className="h-4 w-4" />
            {t("card.hasVideo")}
          </span>
        ) : null}
        {sermon.hasAudio ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-900">
            <Headphones aria-hidden="true" className="h-4 w-4" />
            {t("card.hasAudio")}
          </span>
        ) : null}
        {sermon.topics.length > 0 ? (
          <ul aria-label={t("card.topics")} className="flex flex-wrap gap-2">
            {sermon.topics.map((topic) => (
              <li key={topic.slug}>
                <Link
                  to={sermonsHref({ topic: topic.slug })}
                  className="inline-flex min-h-6 items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-100 hover:bg-brand-100"
                >
                  {topic.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
