import { CalendarDays, CalendarPlus, MapPin, Rss } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/event";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { CancelledBadge, PlacesLeft } from "~/components/events/places-left";
import { RsvpPanel } from "~/components/events/rsvp-panel";
import { useEventsTranslation } from "~/features/events/events-translation";
import { loadEventPage } from "~/features/events/load-event-page.server";
import { runEventAction } from "~/features/events/run-event-action.server";
import { routeMeta } from "~/features/seo/route-meta";
import { ResponsiveImage } from "~/components/media/responsive-image";

export async function loader({ request, url, params }: Route.LoaderArgs) {
  return loadEventPage({ request, url, slug: params.slug });
}

export async function action({ request, params }: Route.ActionArgs) {
  const outcome = await runEventAction({ request, slug: params.slug });
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  return data(outcome.data, { status: outcome.status, headers });
}

export const meta: Route.MetaFunction = routeMeta;

export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useEventsTranslation();
  const { event, occurrence, nextDates, member, calendarHref, signInHref } = loaderData;
  const canRsvp = event.rsvpEnabled && !event.cancelled && !occurrence.isPast;

  return (
    <main id="main" tabIndex={-1}>
      <div className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-50">{t(`categories.${event.category}`)}</p>
          <h1 className="mt-2 font-serif text-4xl font-bold break-words sm:text-5xl">{event.title}</h1>
          <p className="mt-4 text-lg text-brand-50">
            <time dateTime={occurrence.start}>
              {occurrence.dateLabel}, {occurrence.timeLabel}
            </time>
          </p>
        </div>
      </div>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {event.cancelled ? (
            <p className="mb-6 flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-4 font-semibold text-red-900">
              <CancelledBadge t={t} />
              {t("event.cancelledNotice")}
            </p>
          ) : occurrence.isPast ? (
            <p className="mb-6 rounded-xl bg-slate-100 p-4 font-semibold text-slate-900">{t("event.past")}</p>
          ) : null}
          {event.imageUrl ? (
            <ResponsiveImage
              src={event.imageUrl}
              alt={event.imageAlt}
              sizes="(min-width: 1280px) 50rem, (min-width: 1024px) 64vw, calc(100vw - 2rem)"
              width={960}
              height={540}
              className="mb-8 aspect-video w-full rounded-2xl object-cover"
            />
          ) : null}
          {event.description.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i} className="mb-4 text-lg leading-relaxed text-slate-800">
              {paragraph}
            </p>
          ))}

          <dl className="mt-8 grid gap-6 sm:grid-cols-2">
            <div>
              <dt className="flex items-center gap-2 font-semibold text-brand-800">
                <CalendarDays aria-hidden="true" className="h-5 w-5" />
                {t("event.when")}
              </dt>
              <dd className="mt-1 text-slate-800">
                {occurrence.dateLabel}
                <br />
                {occurrence.timeLabel}
              </dd>
            </div>
            {event.placeName || event.address ? (
              <div>
                <dt className="flex items-center gap-2 font-semibold text-brand-800">
                  <MapPin aria-hidden="true" className="h-5 w-5" />
                  {t("event.where")}
                </dt>
                <dd className="mt-1 text-slate-800">
                  {event.placeName ? <span className="block">{event.placeName}</span> : null}
                  {event.address ? <span className="block">{event.address}</span> : null}
                  {event.mapUrl ? (
                    <a href={event.mapUrl} className="font-semibold text-brand-800 underline underline-offset-4">
                      <span aria-hidden="true">{t("event.map")}</span>
                      <span className="sr-only">{t("event.mapFor", { place: event.placeName ?? event.address ?? "" })}</span>
                    </a>
                  ) : null}
                </dd>
              </div>
            ) : null}
          </dl>

          <PlacesLeft
            t={t}
            placesLeft={occurrence.placesLeft}
            rsvpEnabled={event.rsvpEnabled}
            cancelled={event.cancelled}
            className="mt-6"
          />

          <p className="mt-8 flex flex-wrap gap-x-6 gap-y-3">
            <a
              href={calendarHref}
              download
              className="inline-flex items-center gap-2 font-semibold text-brand-800 underline underline-offset-4"
            >
              <CalendarPlus aria-hidden="true" className="h-5 w-5" />
              {t("event.addToCalendar")}
            </a>
            <Link to="/events" className="font-semibold text-brand-800 underline underline-offset-4">
              {t("event.back")}
            </Link>
          </p>

          {nextDates.length > 0 ? (
            <section aria-labelledby="event-dates" className="mt-10">
              <h2 id="event-dates" className="font-serif text-2xl font-bold text-brand-800">
                {t("event.nextDates")}
              </h2>
              <ul className="mt-4 space-y-2">
                {nextDates.map((d) => (
                  <li key={d.localDate}>
                    <Link
                      to={d.href}
                      aria-current={d.current ? "page" : undefined}
                      className={`text-brand-800 underline underline-offset-4 ${d.current ? "font-bold" : ""}`}
                    >
                      {d.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>

        <div className="space-y-6">
          {canRsvp ? (
            <RsvpPanel
              key={`${occurrence.start}:${member?.registration?.id ?? ""}`}
              t={t}
              occurrenceStart={occurrence.start}
              maxPartySize={event.maxPartySize}
              questions={event.questions}
              guestRegistration={event.guestRegistration}
              member={member}
              signInHref={signInHref}
              actionData={actionData}
            />
          ) : event.rsvpEnabled && !event.cancelled ? (
            <p className="rounded-2xl bg-slate-100 p-6 text-slate-900">{t("rsvp.closed")}</p>
          ) : null}
          {member ? (
            <p className="rounded-2xl bg-brand-50 p-6 text-slate-800">
              <a href={member.feedUrl} className="inline-flex items-center gap-2 font-semibold text-brand-800 underline underline-offset-4">
                <Rss aria-hidden="true" className="h-4 w-4" />
                {t("event.subscribeMine")}
              </a>
              <span className="mt-2 block text-sm">{t("event.subscribeMineHint")}</span>
            </p>
          ) : null}
        </div>
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
