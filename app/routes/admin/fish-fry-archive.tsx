import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/fish-fry-archive";
import { AdminCard, AdminPage, adminButton, Field, inputClasses, Notice } from "~/components/admin/admin-ui";
import { adminTranslator, useAdminTranslation, type AdminMessageKey, type AdminT } from "~/platform/admin/admin-translation";
import { archiveEvent } from "~/features/events/admin/archive-event.server";
import { deleteFundraiser } from "~/features/events/admin/delete-fundraiser.server";
import {
  centsToDollars,
  fundraiserValues,
  MENU_MAX,
  NOTES_MAX,
  parseFundraiser,
  TITLE_MAX,
  ZEventId,
  ZFundraiserId,
  type FundraiserField,
  type FundraiserValues,
} from "~/features/events/admin/fundraiser-input";
import { loadFundraisers, type FundraiserEntry } from "~/features/events/admin/load-fundraisers.server";
import { saveFundraiser } from "~/features/events/admin/save-fundraiser.server";
import type { YearTotals } from "~/features/events/admin/year-over-year";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";
import { dateTimeFormat, numberFormat } from "~/i18n/intl-format";

const DONE = ["created", "updated", "deleted", "archived"] as const;
type Done = (typeof DONE)[number];

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "events");
  const page = await loadFundraisers({ db, language });
  const editParam = url.searchParams.get("edit");
  const editId = editParam ? ZFundraiserId.safeParse(editParam) : null;
  const editing = editId?.success ? (page.entries.find((e) => e.id === editId.data) ?? null) : null;
  const done = url.searchParams.get("done");
  return data(
    {
      title: adminTranslator(language)("sections.fish-fry-archive"),
      ...page,
      editing,
      notice: (DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null,
    },
    { headers: NO_STORE },
  );
}

type Intent = "create" | "update" | "delete" | "archive-event";
export type FundraisersActionData = {
  ok: false;
  intent: Intent | null;
  key: AdminMessageKey;
  id?: number;
  fieldErrors?: Partial<Record<FundraiserField, AdminMessageKey>>;
  values?: FundraiserValues;
};

export async function action({ request }: Route.ActionArgs) {
  const { db, admin, ip } = await requireAdmin(request, "events");
  const input = await readInput(request);
  const refuse = (answer: Omit<FundraisersActionData, "ok">, status: number) =>
    data<FundraisersActionData>({ ok: false, ...answer }, { status, headers: NO_STORE });
  const intent = input?.intent;
  if (!input || (intent !== "create" && intent !== "update" && intent !== "delete" && intent !== "archive-event")) {
    return refuse({ intent: null, key: "fundraisers.errors.invalidRequest" }, 400);
  }
  const done = (what: Done) => redirect(`/admin/fish-fry-archive?done=${what}`, { status: 303, headers: NO_STORE });

  if (intent === "archive-event") {
    const eventId = ZEventId.safeParse(input.eventId);
    if (!eventId.success) return refuse({ intent, key: "fundraisers.errors.chooseEvent" }, 400);
    const archived = await archiveEvent({ db, actor: admin, ip, eventId: eventId.data });
    if (!archived.ok) return refuse({ intent, key: `fundraisers.errors.${archived.reason}` }, archived.status);
    return done("archived");
  }

  const id = intent === "create" ? null : ZFundraiserId.safeParse(input.id);
  if (id && !id.success) return refuse({ intent, key: "fundraisers.errors.invalidRequest" }, 400);
  const entryId = id ? id.data! : null;

  if (intent === "delete") {
    const deleted = await deleteFundraiser({ db, actor: admin, ip, id: entryId! });
    if (!deleted.ok) return refuse({ intent, key: "fundraisers.errors.notFound" }, 404);
    return done("deleted");
  }

  const parsed = parseFundraiser(input);
  if (!parsed.ok) {
    const fieldErrors = Object.fromEntries(
      Object.entries(parsed.fieldErrors).map(([field, message]) => [field, `fundraisers.errors.${message}` as AdminMessageKey]),
    ) as Partial<Record<FundraiserField, AdminMessageKey>>;
    return refuse(
      { intent, id: entryId ?? undefined, key: "fundraisers.errors.fixErrors", fieldErrors, values: fundraiserValues(input) },
      400,
    );
  }
  const saved = await saveFundraiser({ db, actor: admin, ip, id: entryId, input: parsed.input });
  if (!saved.ok) return refuse({ intent, key: "fundraisers.errors.notFound" }, 404);
  return done(intent === "create" ? "created" : "updated");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const th = "px-3 py-2 text-left font-semibold";
const td = "px-3 py-2 align-top";

function money(cents: number, language: string): string {
  return numberFormat(language, { style: "currency", currency: "USD" }).format(cents / 100);
}

function formatDay(day: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
}

export default function FishFryArchive({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useAdminTranslation();
  const page = loaderData;
  const problem = actionData as FundraisersActionData | undefined;
  const editProblem = problem?.intent === "update" ? problem : null;
  const createProblem = problem?.intent === "create" ? problem : null;
  const archiveProblem = problem?.intent === "archive-event" ? problem : null;
  const editing = page.editing ?? (editProblem?.id ? (page.entries.find((e) => e.id === editProblem.id) ?? null) : null);
  const notices: Record<Done, AdminMessageKey> = {
    created: "fundraisers.messages.created",
    updated: "fundraisers.messages.updated",
    deleted: "fundraisers.messages.deleted",
    archived: "fundraisers.messages.archived",
  };

  return (
    <AdminPage title={t("sections.fish-fry-archive")} intro={t("fundraisers.intro")}>
      {page.notice ? <Notice tone="success">{t(notices[page.notice])}</Notice> : null}
      {problem ? <Notice tone="error">{t(problem.key)}</Notice> : null}

      <AdminCard id="archive" title={t("fundraisers.listTitle")}>
        {page.entries.length === 0 ? (
          <p className="text-slate-700">{t("fundraisers.empty")}</p>
        ) : (
          <div className="overflow-x-auto" role="region" aria-label={t("fundraisers.listTitle")} tabIndex={0}>
            <table className="w-full min-w-[64rem] border-collapse text-sm">
              <caption className="sr-only">{t("fundraisers.listTitle")}</caption>
              <thead>
                <tr className="border-b border-slate-300 text-slate-900">
                  <th scope="col" className={th}>
                    {t("fundraisers.columns.heldOn")}
                  </th>
                  <th scope="col" className={th}>
                    {t("fundraisers.columns.title")}
                  </th>
                  <th scope="col" className={th}>
                    {t("fundraisers.columns.menu")}
                  </th>
                  <th scope="col" className={th}>
                    {t("fundraisers.columns.mealsSold")}
                  </th>
                  <th scope="col" className={th}>
                    {t("fundraisers.columns.revenue")}
                  </th>
                  <th scope="col" className={th}>
                    {t("fundraisers.columns.volunteers")}
                  </th>
                  <th scope="col" className={th}>
                    {t("fundraisers.columns.registrations")}
                  </th>
                  <th scope="col" className={th}>
                    {t("fundraisers.columns.attendees")}
                  </th>
                  <th scope="col" className={th}>
                    {t("fundraisers.columns.notes")}
                  </th>
                  <th scope="col" className={th}>
                    {t("fundraisers.columns.actions")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.entries.map((entry) => (
                  <tr key={entry.id} className="border-b border-slate-200">
                    <td className={td}>
                      <time dateTime={entry.heldOn}>{formatDay(entry.heldOn, language)}</time>
                    </td>
                    <th scope="row" className={`${td} break-words font-semibold`}>
                      {entry.title}
                    </th>
                    <td className={`${td} whitespace-pre-wrap break-words`}>{entry.menu}</td>
                    <td className={`${td} tabular-nums`}>{entry.mealsSold}</td>
                    <td className={`${td} tabular-nums`}>{money(entry.revenueCents, language)}</td>
                    <td className={`${td} tabular-nums`}>{entry.volunteers}</td>
                    <td className={`${td} tabular-nums`}>{entry.registrations}</td>
                    <td className={`${td} tabular-nums`}>{entry.attendees}</td>
                    <td className={`${td} whitespace-pre-wrap break-words`}>{entry.notes}</td>
                    <td className={td}>
                      <div className="flex flex-wrap gap-2">
                        <Link
                          to={`?edit=${entry.id}#edit`}
                          className={adminButton.secondary}
                          aria-label={t("fundraisers.editEntry", { title: entry.title })}
                        >
                          {t("fundraisers.edit")}
                        </Link>
                        <Form method="post">
                          <input type="hidden" name="id" value={entry.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="delete"
                            className={adminButton.danger}
                            aria-label={t("fundraisers.deleteEntry", { title: entry.title })}
                          >
                            {t("fundraisers.delete")}
                          </button>
                        </Form>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AdminCard>

      <YearOverYear years={page.years} t={t} language={language} />

      {editing ? (
        <AdminCard id="edit" title={t("fundraisers.editTitle", { title: editing.title })}>
          <EntryForm key={`edit-${editing.id}`} intent="update" entry={editing} problem={editProblem} t={t} />
        </AdminCard>
      ) : null}

      <AdminCard id="add" title={t("fundraisers.addTitle")}>
        <EntryForm key="create" intent="create" entry={null} problem={createProblem} t={t} />
      </AdminCard>

      <AdminCard id="archive-event" title={t("fundraisers.archiveTitle")}>
        <p className="mb-4 text-sm text-slate-700">{t("fundraisers.archiveHint")}</p>
        {page.pastEvents.length === 0 ? (
          <p className="text-slate-700">{t("fundraisers.noPastEvents")}</p>
        ) : (
          <Form method="post" className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
            <Field id="archive-event-id" label={t("fundraisers.pastEvent")} error={archiveProblem ? t(archiveProblem.key) : null}>
              {(props) => (
                <select {...props} name="eventId" className={inputClasses}>
                  {page.pastEvents.map((e) => (
                    <option key={e.id} value={e.id}>
                      {`${e.title} — ${formatDay(e.startsAt.slice(0, 10), language)}${e.archived ? ` (${t("fundraisers.alreadyArchived")})` : ""}`}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <div>
              <button type="submit" name="intent" value="archive-event" className={adminButton.primary}>
                {t("fundraisers.archive")}
              </button>
            </div>
          </Form>
        )}
      </AdminCard>
    </AdminPage>
  );
}

function EntryForm({
  intent,
  entry,
  problem,
  t,
}: {
  intent: "create" | "update";
  entry: FundraiserEntry | null;
  problem: FundraisersActionData | null;
  t: AdminT;
}) {
  const prefix = intent === "create" ? "add" : "edit";
  const values: FundraiserValues = problem?.values ?? {
    title: entry?.title ?? "",
    heldOn: entry?.heldOn ?? "",
    menu: entry?.menu ?? "",
    mealsSold: entry ? String(entry.mealsSold) : "",
    revenue: entry ? centsToDollars(entry.revenueCents) : "",
    volunteers: entry ? String(entry.volunteers) : "",
    registrations: entry ? String(entry.registrations) : "",
    attendees: entry ? String(entry.attendees) : "",
    notes: entry?.notes ?? "",
  };
  const error = (field: FundraiserField) => (problem?.fieldErrors?.[field] ? t(problem.fieldErrors[field]) : null);
  const numberField = (field: "mealsSold" | "volunteers" | "registrations" | "attendees") => (
    <Field id={`${prefix}-${field}`} label={t(`fundraisers.columns.${field}`)} error={error(field)}>
      {(props) => <input {...props} name={field} inputMode="numeric" defaultValue={values[field]} maxLength={9} className={inputClasses} />}
    </Field>
  );
  return (
    <Form method="post" className="grid gap-4" noValidate>
      {entry ? <input type="hidden" name="id" value={entry.id} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${prefix}-title`} label={t("fundraisers.columns.title")} error={error("title")}>
          {(props) => <input {...props} name="title" required maxLength={TITLE_MAX} defaultValue={values.title} className={inputClasses} />}
        </Field>
        <Field id={`${prefix}-heldOn`} label={t("fundraisers.columns.heldOn")} error={error("heldOn")}>
          {(props) => <input {...props} type="date" name="heldOn" required defaultValue={values.heldOn} className={inputClasses} />}
        </Field>
        {numberField("mealsSold")}
        <Field id={`${prefix}-revenue`} label={t("fundraisers.revenueLabel")} hint={t("fundraisers.revenueHint")} error={error("revenue")}>
          {(props) => (
            <input {...props} name="revenue" inputMode="decimal" defaultValue={values.revenue} maxLength={16} className={inputClasses} />
          )}
        </Field>
        {numberField("volunteers")}
        {numberField("registrations")}
        {numberField("attendees")}
      </div>
      <Field id={`${prefix}-menu`} label={t("fundraisers.columns.menu")} error={error("menu")}>
        {(props) => <textarea {...props} name="menu" rows={3} maxLength={MENU_MAX} defaultValue={values.menu} className={inputClasses} />}
      </Field>
      <Field id={`${prefix}-notes`} label={t("fundraisers.columns.notes")} error={error("notes")}>
        {(props) => (
          <textarea {...props} name="notes" rows={3} maxLength={NOTES_MAX} defaultValue={values.notes} className={inputClasses} />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value={intent} className={adminButton.primary}>
          {intent === "create" ? t("fundraisers.add") : t("fundraisers.save")}
        </button>
        {entry ? (
          <Link to="/admin/fish-fry-archive" className={adminButton.secondary}>
            {t("fundraisers.cancel")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function Change({ value, t }: { value: number | null; t: AdminT }) {
  if (value === null) return <span className="block text-xs text-slate-600">{t("fundraisers.yoy.noChange")}</span>;
  const sign = value > 0 ? "+" : "";
  return <span className="block text-xs text-slate-700">{t("fundraisers.yoy.change", { value: `${sign}${value}` })}</span>;
}

function YearOverYear({ years, t, language }: { years: YearTotals[]; t: AdminT; language: string }) {
  return (
    <AdminCard id="yoy" title={t("fundraisers.yoy.title")}>
      {years.length === 0 ? (
        <p className="text-slate-700">{t("fundraisers.empty")}</p>
      ) : (
        <div className="overflow-x-auto" role="region" aria-label={t("fundraisers.yoy.title")} tabIndex={0}>
          <table className="w-full min-w-[36rem] border-collapse text-sm">
            <caption className="sr-only">{t("fundraisers.yoy.title")}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-slate-900">
                <th scope="col" className={th}>
                  {t("fundraisers.yoy.year")}
                </th>
                <th scope="col" className={th}>
                  {t("fundraisers.yoy.fundraisers")}
                </th>
                <th scope="col" className={th}>
                  {t("fundraisers.columns.mealsSold")}
                </th>
                <th scope="col" className={th}>
                  {t("fundraisers.columns.revenue")}
                </th>
                <th scope="col" className={th}>
                  {t("fundraisers.columns.volunteers")}
                </th>
              </tr>
            </thead>
            <tbody>
              {years.map((y) => (
                <tr key={y.year} className="border-b border-slate-200">
                  <th scope="row" className={`${td} font-semibold`}>
                    {y.year}
                  </th>
                  <td className={`${td} tabular-nums`}>
                    {y.fundraisers} <Change value={y.change.fundraisers} t={t} />
                  </td>
                  <td className={`${td} tabular-nums`}>
                    {y.mealsSold} <Change value={y.change.mealsSold} t={t} />
                  </td>
                  <td className={`${td} tabular-nums`}>
                    {money(y.revenueCents, language)} <Change value={y.change.revenueCents} t={t} />
                  </td>
                  <td className={`${td} tabular-nums`}>
                    {y.volunteers} <Change value={y.change.volunteers} t={t} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminCard>
  );
}
