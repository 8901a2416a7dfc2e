import { CalendarDays, MapPin } from "lucide-react";
import { Link } from "react-router";
import type { EventsT } from "~/features/events/events-translation";
import type { OccurrenceView } from "~/features/events/event-views";
import { CancelledBadge, PlacesLeft } from "./places-left";
import { ResponsiveImage } from "~/components/media/responsive-image";

/** One occurrence in the events list: image, title (links to the detail page), time, place, places left. */
export function OccurrenceCard({ item, t, eager = false }: { item: OccurrenceView; t: EventsT; eager?: boolean }) {
  return (
    <article className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row">
      {item.imageUrl ? (
        <ResponsiveImage
          src={item.imageUrl}
          alt={item.imageAlt}
          sizes="(min-width: 640px) 14rem, calc(100vw - 4.5rem)"
          width={320}
          height={180}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-video w-full shrink-0 rounded-xl object-cover sm:w-56"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-700">
          {t(`categories.${item.category}`)}
          {item.cancelled ? <CancelledBadge t={t} /> : null}
        </p>
        <h3 className={`mt-1 font-serif text-xl font-bold text-slate-900 ${item.cancelled ? "line-through decoration-1" : ""}`}>
          <Link to={item.href} className="underline-offset-4 hover:underline focus-visible:underline">
            {item.title}
          </Link>
        </h3>
        <p className="mt-2 flex items-center gap-2 text-slate-800">
          <CalendarDays aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
          <time dateTime={item.start}>{item.timeLabel}</time>
        </p>
        {item.placeName || item.address ? (
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-slate-800">
            <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
            <span>{[item.placeName, item.address].filter(Boolean).join(", ")}</span>
            {item.mapUrl ? (
              <a href={item.mapUrl} className="font-semibold text-brand-700 underline underline-offset-4" rel="noopener noreferrer">
                <span aria-hidden="true">{t("event.map")}</span>
                <span className="sr-only">{t("event.mapFor", { place: item.placeName ?? item.address ?? "" })}</span>
              </a>
            ) : null}
          </p>
        ) : null}
        <p className="mt-2 text-slate-700">{item.summary}</p>
        <PlacesLeft t={t} placesLeft={item.placesLeft} rsvpEnabled={item.rsvpEnabled} cancelled={item.cancelled} className="mt-3" />
      </div>
    </article>
  );
}
