import { CalendarPlus, ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/events";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { OccurrenceCard } from "~/components/events/occurrence-card";
import { eventCategories, type EventCategory } from "~/features/events/event-categories";
import { useEventsTranslation, type EventsT } from "~/features/events/events-translation";
import { loadEventsPage } from "~/features/events/load-events-page.server";
import type { CalendarDay } from "~/features/events/event-views";
import { routeMeta } from "~/features/seo/route-meta";
import { PageBand } from "~/components/page-band";

export async function loader({ request }: Route.LoaderArgs) {
  return loadEventsPage({ request });
}

export const meta: Route.MetaFunction = routeMeta;

type LoaderData = Route.ComponentProps["loaderData"];

/** The /events URL with some query parameters changed (null removes one). */
function eventsHref(
  base: { view: string; category: EventCategory | null; month?: string | null },
  change: Record<string, string | null>,
): string {
  const params = new URLSearchParams();
  const merged: Record<string, string | null | undefined> = {
    view: base.view === "calendar" ? "calendar" : null,
    month: base.view === "calendar" ? (base.month ?? null) : null,
    category: base.category,
    ...change,
  };
  for (const [key, value] of Object.entries(merged)) if (value) params.set(key, value);
  const query = params.toString();
  return `/events${query ? `?${query}` : ""}`;
}

const pill = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-full px-4 py-2 text-sm font-semibold ring-1 transition-colors ${
    active ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-brand-800 ring-slate-300 hover:bg-brand-50"
  }`;

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { t, language } = useEventsTranslation();
  const { page, view, category, calendar, groups, weekdays } = loaderData;
  const month = calendar?.month ?? null;
  const base = { view, category, month };
  const feedQuery = (c: EventCategory | null) => {
    const params = new URLSearchParams();
    if (c) params.set("category", c);
    if (language !== "en") params.set("lang", language);
    const q = params.toString();
    return `/events.ics${q ? `?${q}` : ""}`;
  };

  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={page.title} intro={page.body} />

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:justify-between">
          <nav aria-label={t("list.viewLabel")}>
            <ul className="flex flex-wrap gap-2">
              <li>
                <Link
                  to={eventsHref(base, { view: null, month: null })}
                  aria-current={view === "list" ? "page" : undefined}
                  className={pill(view === "list")}
                >
                  {t("list.viewList")}
                </Link>
              </li>
              <li>
                <Link
                  to={eventsHref(base, { view: "calendar" })}
                  aria-current={view === "calendar" ? "page" : undefined}
                  className={pill(view === "calendar")}
                >
                  {t("list.viewCalendar")}
                </Link>
              </li>
            </ul>
          </nav>
          <nav aria-label={t("list.filterLabel")}>
            <ul className="flex flex-wrap gap-2">
              <li>
                <Link
                  to={eventsHref(base, { category: null })}
                  aria-current={category === null ? "page" : undefined}
                  className={pill(category === null)}
                >
                  {t("list.all")}
                </Link>
              </li>
              {eventCategories.map((c) => (
                <li key={c}>
                  <Link
                    to={eventsHref(base, { category: c })}
                    aria-current={category === c ? "page" : undefined}
                    className={pill(category === c)}
                  >
                    {t(`categories.${c}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>

        {view === "list" ? (
          <EventList groups={groups} t={t} emptyText={category ? t("list.emptyCategory") : t("list.empty")} />
        ) : calendar ? (
          <MonthCalendar calendar={calendar} weekdays={weekdays} t={t} base={base} />
        ) : null}

        <aside aria-labelledby="events-subscribe" className="mt-12 rounded-2xl bg-brand-50 p-6">
          <h2 id="events-subscribe" className="flex items-center gap-2 font-serif text-xl font-bold text-brand-800">
            <CalendarPlus aria-hidden="true" className="h-5 w-5" />
            {t("list.subscribe")}
          </h2>
          <p className="mt-2 text-slate-800">{t("list.subscribeHint")}</p>
          <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <a href={feedQuery(null)} className="font-semibold text-brand-800 underline underline-offset-4">
                {t("list.subscribe")}
              </a>
            </li>
            {eventCategories.map((c) => (
              <li key={c}>
                <a href={feedQuery(c)} className="font-semibold text-brand-800 underline underline-offset-4">
                  {t("list.subscribeCategory", { category: t(`categories.${c}`) })}
                </a>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </main>
  );
}

function EventList({ groups, t, emptyText }: { groups: LoaderData["groups"]; t: EventsT; emptyText: string }) {
  if (groups.length === 0) return <p className="mt-10 text-lg text-slate-800">{emptyText}</p>;
  let index = 0;
  return (
    <div className="mt-10 space-y-10">
      {groups.map((group) => (
        <section key={group.date} aria-labelledby={`day-${group.date}`}>
          <h2 id={`day-${group.date}`} className="font-serif text-2xl font-bold text-brand-800">
            <time dateTime={group.date}>{group.label}</time>
          </h2>
          <ul className="mt-4 space-y-4">
            {group.items.map((item) => (
              <li key={item.key}>
                <OccurrenceCard item={item} t={t} eager={index++ === 0} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function MonthCalendar({
  calendar,
  weekdays,
  t,
  base,
}: {
  calendar: NonNullable<LoaderData["calendar"]>;
  weekdays: LoaderData["weekdays"];
  t: EventsT;
  base: { view: string; category: EventCategory | null; month: string | null };
}) {
  const days = calendar.weeks.flat().filter((d): d is CalendarDay & { date: string } => d.date !== null);
  const busyDays = days.filter((d) => d.occurrences.length > 0);
  const caption = t("calendar.caption", { month: calendar.label });
  return (
    <section aria-labelledby="calendar-heading" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="calendar-heading" className="font-serif text-2xl font-bold text-brand-800">
          {calendar.label}
        </h2>
        <nav aria-label={caption} className="flex flex-wrap gap-2">
          <Link to={eventsHref(base, { month: calendar.previous })} className={pill(false)}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            {t("calendar.previous")}
          </Link>
          <Link to={eventsHref(base, { month: calendar.next })} className={pill(false)}>
            {t("calendar.next")}
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </nav>
      </div>

      {/* Phones: the days that have events, as a list; the grid would not fit 360 px. */}
      <div className="mt-6 sm:hidden">
        {busyDays.length === 0 ? (
          <p className="text-lg text-slate-800">{t("calendar.noEvents")}</p>
        ) : (
          <ul className="space-y-4">
            {busyDays.map((day) => (
              <li key={day.date} className="rounded-xl border border-slate-200 p-4">
                <p className="font-semibold text-slate-900">
                  <time dateTime={day.date}>{day.label}</time>
                </p>
                <DayLinks day={day} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <table className="mt-6 hidden w-full table-fixed border-collapse sm:table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {weekdays.map((w) => (
              <th key={w.long} scope="col" className="border border-slate-200 bg-brand-100 px-2 py-2 text-sm font-semibold text-brand-800">
                <abbr title={w.long} className="no-underline">
                  {w.short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week, i) => (
            <tr key={i}>
              {week.map((day, j) =>
                day.date ? (
                  <td
                    key={day.date}
                    aria-current={day.isToday ? "date" : undefined}
                    className={`h-28 border border-slate-200 p-1.5 align-top ${day.isToday ? "bg-brand-50" : ""}`}
                  >
                    <span className="block text-sm font-semibold text-slate-800">
                      <span aria-hidden="true">{day.day}</span>
                      <span className="sr-only">{day.label}</span>
                    </span>
                    <DayLinks day={day} compact />
                  </td>
                ) : (
                  <td key={`pad-${j}`} className="border border-slate-200 bg-slate-50" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function DayLinks({ day, compact = false }: { day: CalendarDay; compact?: boolean }) {
  const { t } = useEventsTranslation();
  if (day.occurrences.length === 0) return null;
  return (
    <ul className={compact ? "mt-1 space-y-1" : "mt-2 space-y-2"}>
      {day.occurrences.map((o) => (
        <li key={o.key}>
          <Link
            to={o.href}
            className={`block rounded-md text-brand-800 underline-offset-2 hover:underline ${compact ? "break-words text-xs leading-snug" : "text-base"} ${o.cancelled ? "line-through" : ""}`}
          >
            <span className="font-semibold">{o.timeLabel.split(" – ")[0]}</span> {o.title}
            {o.cancelled ? <span className="sr-only"> ({t("event.cancelled")})</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export const ErrorBoundary = PageErrorBoundary;
