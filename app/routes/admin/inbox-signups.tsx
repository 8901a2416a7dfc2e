import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/inbox-signups";
import { AdminCard, AdminPage, adminButton, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { adminTranslator, useAdminTranslation, type AdminMessageKey, type AdminT } from "~/features/admin/admin-translation";
import { NO_STORE, requireAdmin } from "~/features/admin/require-admin.server";
import { assignSignup } from "~/features/admin/signups/assign-signup.server";
import { loadSignups, type SignupItem, type SignupsPageData } from "~/features/admin/signups/load-signups.server";
import { saveSignupNotes } from "~/features/admin/signups/save-signup-notes.server";
import { setSignupStatus } from "~/features/admin/signups/set-signup-status.server";
import { readSignupFilter, SIGNUP_FILTERS, SIGNUP_NOTES_MAX, SIGNUP_STATUSES } from "~/features/admin/signups/signups-input";
import { readInput } from "~/features/auth/auth-request.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "inbox:signups");
  const url = new URL(request.url);
  const page = await loadSignups({ db, language, filter: readSignupFilter(url) });
  const done = url.searchParams.get("done");
  return data(
    { title: adminTranslator(language)("sections.inbox-signups"), ...page, notice: done === "saved" ? ("saved" as const) : null },
    { headers: NO_STORE },
  );
}

const INTENTS = ["set-status", "assign", "save-notes"] as const;
type Intent = (typeof INTENTS)[number];
export type SignupsActionData = { ok: false; intent: Intent | null; id?: string; key: AdminMessageKey; field?: string; notes?: string };

export async function action({ request }: Route.ActionArgs) {
  const { db, admin, ip } = await requireAdmin(request, "inbox:signups");
  const input = await readInput(request);
  const intent = input?.intent;
  if (!input || !(INTENTS as readonly unknown[]).includes(intent)) {
    return data<SignupsActionData>({ ok: false, intent: null, key: "signups.errors.invalidRequest" }, { status: 400, headers: NO_STORE });
  }
  const run = intent === "set-status" ? setSignupStatus : intent === "assign" ? assignSignup : saveSignupNotes;
  const outcome = await run({ db, actor: admin, ip, input });
  if (!outcome.ok) {
    return data<SignupsActionData>(
      {
        ok: false,
        intent: intent as Intent,
        id: typeof input.id === "string" ? input.id : undefined,
        key: outcome.key,
        field: outcome.field,
        notes: typeof input.notes === "string" ? input.notes : undefined,
      },
      { status: outcome.status, headers: NO_STORE },
    );
  }
  const filter = typeof input.filter === "string" && (SIGNUP_FILTERS as readonly string[]).includes(input.filter) ? input.filter : "new";
  return redirect(`/admin/inbox/signups?status=${filter}&done=saved#s-${outcome.id}`, { status: 303, headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function InboxSignups({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useAdminTranslation();
  const page = loaderData;
  const problem = actionData as SignupsActionData | undefined;
  return (
    <AdminPage title={t("sections.inbox-signups")} intro={t("signups.intro")}>
      {page.notice ? <Notice tone="success">{t("signups.messages.saved")}</Notice> : null}
      {problem ? <Notice tone="error">{t(problem.key)}</Notice> : null}

      <nav aria-label={t("signups.filterLabel")}>
        <ul className="flex flex-wrap gap-2">
          {SIGNUP_FILTERS.map((filter) => (
            <li key={filter}>
              <Link
                to={`/admin/inbox/signups?status=${filter}`}
                aria-current={page.filter === filter ? "page" : undefined}
                className={page.filter === filter ? adminButton.primary : adminButton.secondary}
              >
                {filter === "all"
                  ? t("signups.filters.all")
                  : t("signups.filters.withCount", { label: t(`signups.status.${filter}`), count: page.counts[filter] })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {page.items.length === 0 ? (
        <AdminCard>
          <p className="text-slate-700">{t("signups.empty")}</p>
        </AdminCard>
      ) : (
        <ul className="grid gap-4">
          {page.items.map((item) => (
            <SignupCard key={item.id} item={item} page={page} problem={problem?.id === item.id ? problem : undefined} t={t} language={language} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

function SignupCard({ item, page, problem, t, language }: { item: SignupItem; page: SignupsPageData; problem: SignupsActionData | undefined; t: AdminT; language: string }) {
  const base = `s-${item.id}`;
  const hidden = (
    <>
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="filter" value={page.filter} />
    </>
  );
  const fieldError = (field: string) => (problem?.field === field ? t(problem.key) : null);
  return (
    <li id={base} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="break-words text-lg font-semibold text-slate-900">{item.name}</h2>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-900">{t("signups.fields.kind")}</dt>
          <dd className="text-slate-700">{t(`signups.kinds.${item.kind}`)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{t("signups.fields.event")}</dt>
          <dd className="break-words text-slate-700">{item.eventTitle ?? t("signups.none")}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{t("signups.fields.email")}</dt>
          <dd className="break-all text-slate-700">
            <a href={`mailto:${item.email}`} className="text-brand-800 underline">
              {item.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{t("signups.fields.created")}</dt>
          <dd className="text-slate-700">
            <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, language)}</time>
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-semibold text-slate-900">{t("signups.fields.summary")}</dt>
          <dd className="whitespace-pre-wrap break-words text-slate-700">{item.summary}</dd>
        </div>
      </dl>

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Form method="post" className="grid gap-2">
          {hidden}
          <Field id={`${base}-status`} label={t("signups.fields.status")} error={fieldError("status")}>
            {(props) => (
              <select {...props} name="status" defaultValue={item.status} className={inputClasses}>
                {SIGNUP_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`signups.status.${status}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div>
            <button type="submit" name="intent" value="set-status" className={adminButton.secondary}>
              {t("signups.saveStatus")}
            </button>
          </div>
        </Form>
        <Form method="post" className="grid gap-2">
          {hidden}
          <Field id={`${base}-assignee`} label={t("signups.fields.assignee")} error={fieldError("assigneeUserId")}>
            {(props) => (
              <select {...props} name="assigneeUserId" defaultValue={item.assigneeUserId ?? ""} className={inputClasses}>
                <option value="">{t("signups.unassigned")}</option>
                {page.admins.map((admin) => (
                  <option key={admin.userId} value={admin.userId}>
                    {admin.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div>
            <button type="submit" name="intent" value="assign" className={adminButton.secondary}>
              {t("signups.assign")}
            </button>
          </div>
        </Form>
      </div>
      <Form method="post" className="mt-4 grid gap-2">
        {hidden}
        <Field id={`${base}-notes`} label={t("signups.fields.notes")} error={fieldError("notes")}>
          {(props) => (
            <textarea {...props} name="notes" rows={3} maxLength={SIGNUP_NOTES_MAX} defaultValue={problem?.notes ?? item.notes} className={inputClasses} />
          )}
        </Field>
        <div>
          <button type="submit" name="intent" value="save-notes" className={adminButton.secondary}>
            {t("signups.saveNotes")}
          </button>
        </div>
      </Form>
    </li>
  );
}
