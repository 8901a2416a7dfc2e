import { data, Form, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/events";
import { adminButton, AdminCard, AdminPage, AdminTable, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { adminTranslator, useAdminTranslation, type AdminMessage, type AdminT } from "~/platform/admin/admin-translation";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { cancelEvent } from "~/features/events/admin/cancel-event.server";
import { duplicateEvent, parseEventId } from "~/features/events/admin/duplicate-event.server";
import { listEvents, STATUS_FILTERS, type EventListRow, type StatusFilter } from "~/features/events/admin/list-events.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { readSearchQuery } from "~/lib/search-query";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "events");
  const statusParam = url.searchParams.get("status") ?? "all";
  const status: StatusFilter = (STATUS_FILTERS as readonly string[]).includes(statusParam) ? (statusParam as StatusFilter) : "all";
  const search = readSearchQuery(url);
  const timeZone = await churchTimeZone(db);
  const { upcoming, past } = await listEvents({ db, timeZone, status, search, language });
  const confirmId = parseEventId(url.searchParams.get("cancel"));
  const confirming =
    confirmId === null ? null : ([...upcoming, ...past].find((e) => e.id === confirmId && e.status !== "cancelled") ?? null);
  return data(
    { title: adminTranslator(language)("sections.events"), timeZone, status, search, upcoming, past, confirming },
    { headers: NO_STORE },
  );
}

export type EventsActionData = { ok: boolean; message: AdminMessage };

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireAdmin(request, "events");
  const input = await readInput(request);
  const fail = (key: AdminMessage["key"], status: 400 | 404) =>
    data<EventsActionData>({ ok: false, message: { key } }, { status, headers: NO_STORE });
  if (!input) return fail("events.messages.invalidRequest", 400);
  const eventId = parseEventId(input.eventId);
  if (input.intent === "duplicate") {
    const result = await duplicateEvent({ db: ctx.db, actor: ctx.admin, ip: ctx.ip, eventId });
    if (!result.ok) return fail(result.status === 404 ? "events.messages.notFound" : "events.messages.invalidRequest", result.status);
    throw redirect(`/admin/events/${result.id}?duplicated=1`, { status: 303, headers: NO_STORE });
  }
  if (input.intent === "cancel") {
    // The confirmation step's form says so; a bare post is refused.
    if (input.confirm !== "yes") return fail("events.messages.invalidRequest", 400);
    const result = await cancelEvent({
      db: ctx.db,
      actor: ctx.admin,
      ip: ctx.ip,
      eventId,
      timeZone: await churchTimeZone(ctx.db),
      siteUrl: siteUrl(getEnv()),
    });
    if (!result.ok) return fail(result.status === 404 ? "events.messages.notFound" : "events.messages.invalidRequest", result.status);
    const message: AdminMessage = result.changed
      ? { key: "events.messages.cancelled", values: { count: result.notified } }
      : { key: "events.messages.alreadyCancelled" };
    return data<EventsActionData>({ ok: true, message }, { headers: NO_STORE });
  }
  return fail("events.messages.invalidRequest", 400);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const badge = {
  draft: "border-slate-400 bg-slate-100 text-slate-900",
  published: "border-emerald-400 bg-emerald-50 text-emerald-900",
  cancelled: "border-red-400 bg-red-50 text-red-900",
} as const;
const badgeBase = "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold";
const linkClasses = "font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900";

export default function AdminEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useAdminTranslation();
  const result = actionData as EventsActionData | undefined;
  const { upcoming, past, status, search, timeZone, confirming } = loaderData;
  const [params] = useSearchParams();
  const keepFilters = new URLSearchParams(params);
  keepFilters.delete("cancel");
  const filterQuery = keepFilters.toString();

  return (
    <AdminPage
      title={t("sections.events")}
      intro={t("events.intro")}
      actions={
        <Link to="/admin/events/new" className={adminButton.primary}>
          {t("events.newEvent")}
        </Link>
      }
    >
      {result ? <Notice tone={result.ok ? "success" : "error"}>{t(result.message.key, result.message.values)}</Notice> : null}

      {confirming ? (
        <AdminCard id="confirm-cancel" title={t("events.confirm.heading", { title: confirming.title })}>
          <p className="text-slate-800">{t("events.confirm.body")}</p>
          <p className="mt-2 text-sm text-slate-700">{formatDateTime(confirming.when, language, timeZone)}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post" action={`/admin/events${filterQuery ? `?${filterQuery}` : ""}`}>
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="eventId" value={confirming.id} />
              <input type="hidden" name="confirm" value="yes" />
              <button type="submit" className={adminButton.danger}>
                {t("events.confirm.yes")}
              </button>
            </Form>
            <Link to={`/admin/events${filterQuery ? `?${filterQuery}` : ""}`} className={adminButton.secondary}>
              {t("events.confirm.keep")}
            </Link>
          </div>
        </AdminCard>
      ) : null}

      <AdminCard id="event-filters" title={t("events.filters.heading")}>
        <Form method="get" className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-end">
          <Field id="events-status" label={t("events.filters.status")}>
            {(props) => (
              <select {...props} name="status" defaultValue={status} className={inputClasses}>
                <option value="all">{t("events.filters.all")}</option>
                <option value="draft">{t("events.statuses.draft")}</option>
                <option value="published">{t("events.statuses.published")}</option>
                <option value="cancelled">{t("events.statuses.cancelled")}</option>
              </select>
            )}
          </Field>
          <Field id="events-search" label={t("events.filters.search")}>
            {(props) => <input {...props} type="search" name="q" defaultValue={search} maxLength={200} className={inputClasses} />}
          </Field>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={adminButton.secondary}>
              {t("events.filters.apply")}
            </button>
            {status !== "all" || search ? (
              <Link to="/admin/events" className={adminButton.secondary}>
                {t("events.filters.clear")}
              </Link>
            ) : null}
          </div>
        </Form>
      </AdminCard>

      <EventTable
        id="events-upcoming"
        heading={t("events.list.upcoming")}
        tableLabel={t("events.list.tableUpcoming")}
        rows={upcoming}
        dateLabel={t("events.list.when")}
        t={t}
        language={language}
        timeZone={timeZone}
        filterQuery={filterQuery}
      />
      <EventTable
        id="events-past"
        heading={t("events.list.past")}
        tableLabel={t("events.list.tablePast")}
        rows={past}
        dateLabel={t("events.list.firstDate")}
        t={t}
        language={language}
        timeZone={timeZone}
        filterQuery={filterQuery}
      />
    </AdminPage>
  );
}

function EventTable({
  id,
  heading,
  tableLabel,
  rows,
  dateLabel,
  t,
  language,
  timeZone,
  filterQuery,
}: {
  id: string;
  heading: string;
  tableLabel: string;
  rows: EventListRow[];
  dateLabel: string;
  t: AdminT;
  language: string;
  timeZone: string;
  filterQuery: string;
}) {
  const cancelHref = (eventId: number) => {
    const query = new URLSearchParams(filterQuery);
    query.set("cancel", String(eventId));
    return `/admin/events?${query.toString()}#confirm-cancel`;
  };
  return (
    <AdminCard id={id} title={heading}>
      {rows.length === 0 ? (
        <p className="text-slate-700">{t("events.list.none")}</p>
      ) : (
        <AdminTable
          label={tableLabel}
          minWidthClass="min-w-[40rem]"
          columns={[t("events.list.title"), t("events.list.status"), dateLabel, t("events.list.registered"), t("events.list.actions")]}
        >
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-slate-200 align-top">
              <th scope="row" className="py-3 pr-3 font-normal">
                <Link to={`/admin/events/${row.id}`} className={linkClasses} aria-label={t("events.list.edit", { title: row.title })}>
                  {row.title}
                </Link>
                <span className="mt-1 flex flex-wrap gap-2">
                  {row.isFeatured ? (
                    <span className={`${badgeBase} border-amber-400 bg-amber-50 text-amber-900`}>{t("events.list.featured")}</span>
                  ) : null}
                  {row.recurring ? (
                    <span className={`${badgeBase} border-sky-400 bg-sky-50 text-sky-900`}>{t("events.list.recurring")}</span>
                  ) : null}
                </span>
              </th>
              <td className="py-3 pr-3">
                <span className={`${badgeBase} ${badge[row.status]}`}>{t(`events.statuses.${row.status}`)}</span>
              </td>
              <td className="py-3 pr-3 whitespace-nowrap">{formatDateTime(row.when, language, timeZone)}</td>
              <td className="py-3 pr-3 whitespace-nowrap">
                {row.upcoming
                  ? row.capacity === null
                    ? t("events.list.unlimited", { registered: row.registered })
                    : t("events.list.capacityOf", { registered: row.registered, capacity: row.capacity })
                  : "—"}
              </td>
              <td className="py-3">
                <div className="flex flex-wrap gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="duplicate" />
                    <input type="hidden" name="eventId" value={row.id} />
                    <button type="submit" className={adminButton.secondary} aria-label={t("events.list.duplicate", { title: row.title })}>
                      {t("events.list.duplicateButton")}
                    </button>
                  </Form>
                  {row.status !== "cancelled" ? (
                    <Link
                      to={cancelHref(row.id)}
                      className={adminButton.secondary}
                      aria-label={t("events.list.cancel", { title: row.title })}
                    >
                      {t("events.list.cancelButton")}
                    </Link>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminCard>
  );
}
