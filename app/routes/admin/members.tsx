import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/members";
import { AdminCard, AdminPage, adminButton, Field, inputClasses, Notice } from "~/components/admin/admin-ui";
import { adminTranslator, useAdminTranslation, type AdminMessageKey, type AdminT } from "~/platform/admin/admin-translation";
import { addMemberNote } from "~/features/people/admin/add-member-note.server";
import { exportMembersCsv } from "~/features/people/admin/export-members-csv.server";
import { loadMembersPage, type MembersPageData } from "~/features/people/admin/load-members-page.server";
import { MEMBERSHIP_STATUSES, NOTE_MAX, readMemberFilters } from "~/features/people/admin/members-input";
import { updateMembership } from "~/features/people/admin/update-membership.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language, admin, ip } = await requireAdmin(request, "members");
  if (url.searchParams.get("export") === "csv") {
    // A document download (the page links it with `download`), not page data.
    throw await exportMembersCsv({ db, actor: admin, ip, language, filters: readMemberFilters(url) });
  }
  const page = await loadMembersPage({ db, language, url });
  const status = page.memberId && !page.detail ? 404 : 200;
  return data({ title: adminTranslator(language)("sections.members"), ...page }, { status, headers: NO_STORE });
}

type MembersIntent = "update-membership" | "add-note";
export type MembersActionData = {
  ok: false;
  intent: MembersIntent | null;
  key: AdminMessageKey;
  field?: string;
  values?: Record<string, string>;
};

export async function action({ request }: Route.ActionArgs) {
  const { db, admin, ip } = await requireAdmin(request, "members");
  const input = await readInput(request);
  const refuse = (answer: Omit<MembersActionData, "ok">, status: number) =>
    data<MembersActionData>({ ok: false, ...answer }, { status, headers: NO_STORE });
  if (!input) return refuse({ intent: null, key: "members.errors.invalidRequest" }, 400);
  const intent = input.intent;
  if (intent !== "update-membership" && intent !== "add-note") return refuse({ intent: null, key: "members.errors.invalidRequest" }, 400);

  const outcome =
    intent === "update-membership"
      ? await updateMembership({ db, actor: admin, ip, input })
      : await addMemberNote({ db, actor: admin, ip, input });
  if (!outcome.ok) {
    // The form comes back as it was typed (no-JavaScript too).
    const values = Object.fromEntries(Object.entries(input).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    return refuse({ intent, key: outcome.key, field: outcome.field, values }, outcome.status);
  }
  const done = intent === "update-membership" ? "membership" : "note";
  return redirect(`/admin/members?member=${encodeURIComponent(outcome.memberId)}&done=${done}`, { status: 303, headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

type Filters = MembersPageData["filters"];

/** The list's URL with its search and filter (and a page, or another parameter). */
function listHref(filters: Pick<Filters, "q" | "status">, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return search ? `/admin/members?${search}` : "/admin/members";
}

export default function AdminMembers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminTranslation();
  const page = loaderData;
  return (
    <AdminPage
      title={t("sections.members")}
      intro={t("members.intro")}
      actions={
        page.memberId ? null : (
          <>
            <Link to="/admin/members/import" className={adminButton.secondary}>
              {t("members.import.link")}
            </Link>
            <a
              href={`/admin/members/export.csv${listHref(page.filters, {}).replace(/^[^?]*/, "")}`}
              download
              className={adminButton.secondary}
            >
              {t("members.exportCsv")}
            </a>
          </>
        )
      }
    >
      {page.memberId ? <MemberDetail page={page} actionData={actionData} t={t} /> : <MemberList page={page} t={t} />}
    </AdminPage>
  );
}

function MemberList({ page, t }: { page: MembersPageData; t: AdminT }) {
  const list = page.list;
  const { filters } = page;
  return (
    <>
      <AdminCard>
        <Form method="get" className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end">
          <Field id="members-q" label={t("members.searchLabel")} hint={t("members.searchHint")}>
            {(props) => <input {...props} type="search" name="q" defaultValue={filters.q} maxLength={200} className={inputClasses} />}
          </Field>
          <Field id="members-status" label={t("members.statusFilter")}>
            {(props) => (
              <select {...props} name="status" defaultValue={filters.status ?? ""} className={inputClasses}>
                <option value="">{t("members.allStatuses")}</option>
                {MEMBERSHIP_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`members.status.${status}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={adminButton.primary}>
              {t("members.apply")}
            </button>
            {filters.q || filters.status ? (
              <Link to="/admin/members" className={adminButton.secondary}>
                {t("members.clear")}
              </Link>
            ) : null}
          </div>
        </Form>
        <p className="mt-3 text-sm text-slate-600">{t("members.exportHint")}</p>
      </AdminCard>

      {list ? (
        <AdminCard>
          <p className="mb-4 text-sm text-slate-700">{t("members.resultCount", { count: list.total })}</p>
          {list.members.length === 0 ? (
            <p className="text-slate-700">{t("members.noResults")}</p>
          ) : (
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("members.tableLabel")}>
              <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
                <caption className="sr-only">{t("members.tableLabel")}</caption>
                <thead>
                  <tr className="border-b border-slate-300 text-slate-900">
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("members.columns.name")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("members.columns.contact")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("members.columns.status")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("members.columns.memberSince")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("members.columns.language")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("members.columns.joined")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      {t("members.columns.directory")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.members.map((member) => (
                    <tr key={member.id} className="border-b border-slate-200 align-top">
                      <th scope="row" className="px-3 py-2 font-normal">
                        <Link
                          to={`/admin/members?member=${encodeURIComponent(member.id)}`}
                          className="font-semibold text-brand-800 underline"
                        >
                          {member.name}
                        </Link>
                        {member.disabled ? <span className="block text-xs text-red-800">{t("members.disabled")}</span> : null}
                      </th>
                      <td className="px-3 py-2 break-words">
                        <ContactLines email={member.email} phone={member.phone} t={t} />
                      </td>
                      <td className="px-3 py-2">{t(`members.status.${member.membershipStatus}`)}</td>
                      <td className="px-3 py-2">{member.memberSinceText ?? t("members.notSet")}</td>
                      <td className="px-3 py-2">{t(`members.languages.${member.language}`)}</td>
                      <td className="px-3 py-2">{member.joinedText}</td>
                      <td className="px-3 py-2">{directoryText(member.directory, t)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {list.pageCount > 1 ? (
            <nav aria-label={t("members.pagination")} className="mt-4 flex flex-wrap items-center gap-3">
              {filters.page > 1 ? (
                <Link to={listHref(filters, { page: String(filters.page - 1) })} className={adminButton.secondary}>
                  {t("members.previous")}
                </Link>
              ) : null}
              <span className="text-sm text-slate-700">{t("members.pageOf", { page: filters.page, pages: list.pageCount })}</span>
              {filters.page < list.pageCount ? (
                <Link to={listHref(filters, { page: String(filters.page + 1) })} className={adminButton.secondary}>
                  {t("members.next")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </AdminCard>
      ) : null}
    </>
  );
}

function ContactLines({ email, phone, t }: { email: string | null; phone: string | null; t: AdminT }) {
  if (!email && !phone) return <span className="text-slate-600">{t("members.noContact")}</span>;
  return (
    <>
      {email ? <span className="block break-all">{email}</span> : null}
      {phone ? <span className="block">{phone}</span> : null}
    </>
  );
}

function directoryText(directory: { listed: boolean; showEmail: boolean; showPhone: boolean }, t: AdminT): string {
  if (!directory.listed) return t("members.notListed");
  return [t("members.listed"), directory.showEmail ? t("members.sharesEmail") : null, directory.showPhone ? t("members.sharesPhone") : null]
    .filter(Boolean)
    .join(", ");
}

function MemberDetail({ page, actionData, t }: { page: MembersPageData; actionData: MembersActionData | undefined; t: AdminT }) {
  const back = (
    <p>
      <Link to="/admin/members" className="font-semibold text-brand-800 underline">
        {t("members.backToList")}
      </Link>
    </p>
  );
  if (!page.detail) {
    return (
      <>
        {back}
        <Notice tone="error">{t("members.errors.notFound")}</Notice>
      </>
    );
  }
  const { member, notes } = page.detail;
  const problem = actionData && !actionData.ok ? actionData : null;
  const membershipProblem = problem?.intent === "update-membership" ? problem : null;
  const noteProblem = problem?.intent === "add-note" ? problem : null;
  const fieldError = (p: MembersActionData | null, field: string) => (p && p.field === field ? t(p.key) : null);
  // Keyed by what was saved, so a fresh load shows the saved values (and clears the note).
  const formKey = `${member.membershipStatus}-${member.memberSince ?? ""}-${notes.length}`;

  return (
    <>
      {back}
      {page.notice ? <Notice tone="success">{t(page.notice)}</Notice> : null}
      {problem && !problem.field ? <Notice tone="error">{t(problem.key)}</Notice> : null}

      <AdminCard title={member.name} id="member">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-semibold text-slate-900">{t("members.detail.email")}</dt>
            <dd className="mt-1 break-all text-slate-700">{member.email ?? t("members.notSet")}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">{t("members.detail.phone")}</dt>
            <dd className="mt-1 text-slate-700">{member.phone ?? t("members.notSet")}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">{t("members.detail.username")}</dt>
            <dd className="mt-1 break-all text-slate-700">{member.username ?? t("members.notSet")}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">{t("members.detail.language")}</dt>
            <dd className="mt-1 text-slate-700">{t(`members.languages.${member.language}`)}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">{t("members.detail.joined")}</dt>
            <dd className="mt-1 text-slate-700">{member.joinedText}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-900">{t("members.detail.directory")}</dt>
            <dd className="mt-1 text-slate-700">
              {directoryText(member.directory, t)}
              <span className="mt-1 block text-slate-600">{t("members.detail.directoryHint")}</span>
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="font-semibold text-slate-900">{t("members.detail.groups")}</dt>
            <dd className="mt-1 text-slate-700">
              {page.detail.groups.length === 0 ? (
                t("members.detail.groupsNone")
              ) : (
                <ul className="grid gap-1">
                  {page.detail.groups.map((group) => (
                    <li key={group.groupId}>
                      <Link
                        to={`/admin/groups/${group.groupId}`}
                        className="font-medium text-teal-800 underline underline-offset-2 hover:text-teal-950"
                      >
                        {group.name}
                      </Link>{" "}
                      <span className="text-slate-600">
                        ({t(`members.detail.groupRole.${group.status === "pending" ? "pending" : group.role}`)})
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        </dl>
      </AdminCard>

      <AdminCard title={t("members.membership.title")} id="membership">
        <Form method="post" key={`membership-${formKey}`} className="grid gap-4 sm:max-w-md" noValidate>
          <input type="hidden" name="intent" value="update-membership" />
          <input type="hidden" name="memberId" value={member.id} />
          <Field id="membership-status" label={t("members.membership.status")} error={fieldError(membershipProblem, "membershipStatus")}>
            {(props) => (
              <select
                {...props}
                name="membershipStatus"
                defaultValue={membershipProblem?.values?.membershipStatus ?? member.membershipStatus}
                className={inputClasses}
              >
                {MEMBERSHIP_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`members.status.${status}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id="membership-since"
            label={t("members.membership.memberSince")}
            hint={t("members.membership.memberSinceHint")}
            error={fieldError(membershipProblem, "memberSince")}
          >
            {(props) => (
              <input
                {...props}
                type="date"
                name="memberSince"
                defaultValue={membershipProblem?.values?.memberSince ?? member.memberSince ?? ""}
                className={inputClasses}
              />
            )}
          </Field>
          <div>
            <button type="submit" className={adminButton.primary}>
              {t("members.membership.save")}
            </button>
          </div>
        </Form>
      </AdminCard>

      <AdminCard title={t("members.notes.title")} id="notes">
        <Form method="post" key={`note-${formKey}`} className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="add-note" />
          <input type="hidden" name="memberId" value={member.id} />
          <Field id="note-body" label={t("members.notes.body")} hint={t("members.notes.hint")} error={fieldError(noteProblem, "body")}>
            {(props) => (
              <textarea
                {...props}
                name="body"
                rows={4}
                maxLength={NOTE_MAX}
                defaultValue={noteProblem?.values?.body ?? ""}
                className={inputClasses}
              />
            )}
          </Field>
          <div>
            <button type="submit" className={adminButton.primary}>
              {t("members.notes.add")}
            </button>
          </div>
        </Form>
        {notes.length === 0 ? (
          <p className="mt-6 text-slate-700">{t("members.notes.empty")}</p>
        ) : (
          <ol className="mt-6 grid gap-4">
            {notes.map((note) => (
              <li key={note.id} className="rounded-lg border border-slate-200 p-4">
                <p className="whitespace-pre-wrap break-words text-slate-900">{note.body}</p>
                <p className="mt-2 text-sm text-slate-600">
                  <time dateTime={note.createdAt}>{t("members.notes.by", { name: note.authorName, date: note.createdText })}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
      </AdminCard>
    </>
  );
}
