import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/event-registrations";
import { AdminCard, AdminPage, adminButton, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { adminTranslator, useAdminTranslation, type AdminMessageKey, type AdminT } from "~/platform/admin/admin-translation";
import type { RegistrationRow } from "~/features/events/admin/list-registrations.server";
import { loadRegistrationsPage, type RegistrationsPageData } from "~/features/events/admin/load-registrations-page.server";
import { readRegistrationFilters } from "~/features/events/admin/registrations-input";
import { setCheckIn } from "~/features/events/admin/set-check-in.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "registrations");
  const page = await loadRegistrationsPage({ db, language, filters: readRegistrationFilters(url) });
  const done = url.searchParams.get("done");
  return data(
    {
      title: adminTranslator(language)("sections.event-registrations"),
      ...page,
      notice: done === "check-in" || done === "undo-check-in" ? done : null,
    },
    { status: page.eventMissing ? 404 : 200, headers: NO_STORE },
  );
}

export type RegistrationsActionData = { ok: false; key: AdminMessageKey };

export async function action({ request }: Route.ActionArgs) {
  const { db, admin, ip } = await requireAdmin(request, "registrations");
  const input = await readInput(request);
  if (!input)
    return data<RegistrationsActionData>({ ok: false, key: "registrations.errors.invalidRequest" }, { status: 400, headers: NO_STORE });
  const outcome = await setCheckIn({ db, actor: admin, ip, input });
  if (!outcome.ok) return data<RegistrationsActionData>({ ok: false, key: outcome.key }, { status: outcome.status, headers: NO_STORE });
  const params = new URLSearchParams({ event: String(outcome.eventId), occurrence: outcome.occurrence, done: String(input.intent) });
  if (typeof input.q === "string" && input.q.trim()) params.set("q", input.q.trim().slice(0, 200));
  return redirect(`/admin/event-registrations?${params.toString()}#r-${outcome.registrationId}`, { status: 303, headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const th = "px-3 py-2 text-left font-semibold";
const td = "px-3 py-2 align-top";

function pageHref(page: Pick<RegistrationsPageData, "event" | "occurrence">, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (page.event) params.set("event", String(page.event.id));
  if (page.occurrence && page.event?.recurring) params.set("occurrence", page.occurrence);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `?${params.toString()}`;
}

export default function EventRegistrations({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useAdminTranslation();
  const page = loaderData;
  const problem = actionData as RegistrationsActionData | undefined;
  const when = (iso: string) => formatDateTime(iso, language, page.timeZone);
  const exportHref = page.event
    ? `/admin/event-registrations/${page.event.id}/export.csv${page.occurrence ? `?occurrence=${encodeURIComponent(page.occurrence)}` : ""}`
    : null;

  return (
    <AdminPage
      title={t("sections.event-registrations")}
      intro={t("registrations.intro")}
      actions={
        page.event ? (
          <>
            <a href={exportHref!} download className={adminButton.secondary}>
              {t("registrations.exportCsv")}
            </a>
            <Link
              to={`/admin/email?segment=event-registrants&event=${page.event.id}${page.occurrence ? `&occurrence=${encodeURIComponent(page.occurrence)}` : ""}`}
              className={adminButton.secondary}
            >
              {t("registrations.emailRegistrants")}
            </Link>
          </>
        ) : null
      }
    >
      {page.notice ? (
        <Notice tone="success">
          {t(page.notice === "check-in" ? "registrations.messages.checkedIn" : "registrations.messages.undone")}
        </Notice>
      ) : null}
      {problem && !problem.ok ? <Notice tone="error">{t(problem.key)}</Notice> : null}
      {page.eventMissing ? <Notice tone="error">{t("registrations.errors.eventNotFound")}</Notice> : null}

      <AdminCard>
        {page.events.length === 0 ? (
          <p className="text-slate-700">{t("registrations.noEvents")}</p>
        ) : (
          <Form method="get" className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto] sm:items-end">
            <Field id="registrations-event" label={t("registrations.eventLabel")}>
              {(props) => (
                <select {...props} name="event" defaultValue={page.event?.id ?? ""} className={inputClasses}>
                  {page.events.some((e) => e.upcoming) ? (
                    <optgroup label={t("registrations.upcoming")}>
                      {page.events
                        .filter((e) => e.upcoming)
                        .map((e) => (
                          <option key={e.id} value={e.id}>
                            {e.recurring ? t("registrations.recurringOption", { title: e.title }) : `${e.title} — ${when(e.startsAt)}`}
                          </option>
                        ))}
                    </optgroup>
                  ) : null}
                  {page.events.some((e) => !e.upcoming) ? (
                    <optgroup label={t("registrations.past")}>
                      {page.events
                        .filter((e) => !e.upcoming)
                        .map((e) => (
                          <option key={e.id} value={e.id}>
                            {`${e.title} — ${when(e.startsAt)}`}
                          </option>
                        ))}
                    </optgroup>
                  ) : null}
                </select>
              )}
            </Field>
            {page.event?.recurring && page.occurrences.length > 0 ? (
              <Field id="registrations-occurrence" label={t("registrations.occurrenceLabel")}>
                {(props) => (
                  <select {...props} name="occurrence" defaultValue={page.occurrence ?? ""} className={inputClasses}>
                    {page.occurrences.map((start) => (
                      <option key={start} value={start}>
                        {when(start)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ) : (
              <div />
            )}
            <div>
              <button type="submit" className={adminButton.primary}>
                {t("registrations.show")}
              </button>
            </div>
          </Form>
        )}
      </AdminCard>

      {page.event ? <EventRegistrationsView page={page} t={t} when={when} /> : null}
    </AdminPage>
  );
}

function EventRegistrationsView({ page, t, when }: { page: RegistrationsPageData; t: AdminT; when: (iso: string) => string }) {
  const event = page.event!;
  const totals = page.totals;
  return (
    <>
      <AdminCard
        id="totals"
        title={page.occurrence ? t("registrations.totalsTitle", { title: event.title, date: when(page.occurrence) }) : event.title}
      >
        {!totals ? (
          <p className="text-slate-700">{t("registrations.noOccurrence")}</p>
        ) : (
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <div>
              <dt className="text-sm text-slate-700">{t("registrations.totals.confirmed")}</dt>
              <dd className="text-2xl font-semibold tabular-nums text-slate-900">
                {totals.capacity === null
                  ? t("registrations.totals.people", { count: totals.confirmedPeople })
                  : t("registrations.totals.ofCapacity", { count: totals.confirmedPeople, capacity: totals.capacity })}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">{t("registrations.totals.waitlist")}</dt>
              <dd className="text-2xl font-semibold tabular-nums text-slate-900">
                {t("registrations.totals.people", { count: totals.waitlistPeople })}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">{t("registrations.totals.checkedIn")}</dt>
              <dd className="text-2xl font-semibold tabular-nums text-slate-900">
                {t("registrations.totals.people", { count: totals.checkedInPeople })}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">{t("registrations.totals.registrations")}</dt>
              <dd className="text-2xl font-semibold tabular-nums text-slate-900">
                {totals.confirmedRegistrations + totals.waitlistRegistrations}
              </dd>
            </div>
          </dl>
        )}
      </AdminCard>

      {totals ? (
        <>
          <AdminCard>
            <Form method="get" className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
              <input type="hidden" name="event" value={event.id} />
              {event.recurring && page.occurrence ? <input type="hidden" name="occurrence" value={page.occurrence} /> : null}
              <Field id="registrations-q" label={t("registrations.searchLabel")}>
                {(props) => (
                  <input {...props} type="search" name="q" defaultValue={page.filters.q} maxLength={200} className={inputClasses} />
                )}
              </Field>
              <div className="flex flex-wrap gap-2">
                <button type="submit" className={adminButton.primary}>
                  {t("registrations.search")}
                </button>
                {page.filters.q ? (
                  <Link to={pageHref(page)} className={adminButton.secondary}>
                    {t("registrations.clear")}
                  </Link>
                ) : null}
              </div>
            </Form>
          </AdminCard>

          <AdminCard id="check-in" title={t("registrations.checkInTitle")}>
            <p className="mb-4 text-sm text-slate-700">{t("registrations.checkInHint")}</p>
            {page.checkIn.length === 0 ? (
              <p className="text-slate-700">{t("registrations.noConfirmed")}</p>
            ) : (
              <ul className="grid gap-3">
                {page.checkIn.map((r) => (
                  <CheckInItem key={r.id} registration={r} q={page.filters.q} t={t} />
                ))}
              </ul>
            )}
          </AdminCard>

          <AdminCard id="list" title={t("registrations.listTitle")}>
            {page.registrations.length === 0 ? (
              <p className="text-slate-700">{page.filters.q ? t("registrations.noMatches") : t("registrations.none")}</p>
            ) : (
              <RegistrationTable
                rows={page.registrations}
                questions={event.questions}
                t={t}
                when={when}
                label={t("registrations.listTitle")}
              />
            )}
          </AdminCard>

          <AdminCard id="waitlist" title={t("registrations.waitlistTitle")}>
            {page.waitlist.length === 0 ? (
              <p className="text-slate-700">{t("registrations.waitlistEmpty")}</p>
            ) : (
              <ol className="grid list-decimal gap-2 pl-6">
                {page.waitlist.map((r) => (
                  <li key={r.id} className="break-words">
                    <span className="font-semibold">{r.name}</span> · <span className="break-all">{r.email}</span> ·{" "}
                    {t("registrations.partyOf", { count: r.partySize })} · <time dateTime={r.createdAt}>{when(r.createdAt)}</time>
                  </li>
                ))}
              </ol>
            )}
          </AdminCard>
        </>
      ) : null}
    </>
  );
}

function CheckInItem({ registration: r, q, t }: { registration: RegistrationRow; q: string; t: AdminT }) {
  const checkedIn = Boolean(r.checkedInAt);
  return (
    <li id={`r-${r.id}`} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
      <div className="min-w-0">
        <p className="break-words font-semibold text-slate-900">{r.name}</p>
        <p className="text-sm text-slate-700">
          {t("registrations.partyOf", { count: r.partySize })}
          {checkedIn ? ` · ${t("registrations.checkedIn")}` : ""}
        </p>
      </div>
      <Form method="post" className="w-full sm:w-auto">
        <input type="hidden" name="registrationId" value={r.id} />
        {q ? <input type="hidden" name="q" value={q} /> : null}
        <button
          type="submit"
          name="intent"
          value={checkedIn ? "undo-check-in" : "check-in"}
          aria-label={checkedIn ? t("registrations.undoCheckInFor", { name: r.name }) : t("registrations.checkInFor", { name: r.name })}
          className={`${checkedIn ? adminButton.secondary : adminButton.primary} min-h-14 w-full px-6 text-base sm:w-48`}
        >
          {checkedIn ? t("registrations.undoCheckIn") : t("registrations.checkIn")}
        </button>
      </Form>
    </li>
  );
}

function RegistrationTable({
  rows,
  questions,
  t,
  when,
  label,
}: {
  rows: RegistrationRow[];
  questions: { id: string; label: string }[];
  t: AdminT;
  when: (iso: string) => string;
  label: string;
}) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-slate-900">
            <th scope="col" className={th}>
              {t("registrations.columns.name")}
            </th>
            <th scope="col" className={th}>
              {t("registrations.columns.email")}
            </th>
            <th scope="col" className={th}>
              {t("registrations.columns.partySize")}
            </th>
            <th scope="col" className={th}>
              {t("registrations.columns.status")}
            </th>
            {questions.map((q) => (
              <th key={q.id} scope="col" className={th}>
                {q.label}
              </th>
            ))}
            <th scope="col" className={th}>
              {t("registrations.columns.created")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-200">
              <th scope="row" className={`${td} break-words font-semibold`}>
                {r.name}
              </th>
              <td className={`${td} break-all`}>{r.email}</td>
              <td className={`${td} tabular-nums`}>{r.partySize}</td>
              <td className={td}>
                {t(`registrations.status.${r.status}`)}
                {r.checkedInAt ? <span className="block text-xs text-emerald-800">{t("registrations.checkedIn")}</span> : null}
              </td>
              {r.answers.map((a) => (
                <td key={a.questionId} className={`${td} break-words`}>
                  {a.value || <span className="text-slate-600">{t("registrations.noAnswer")}</span>}
                </td>
              ))}
              <td className={td}>
                <time dateTime={r.createdAt}>{when(r.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
