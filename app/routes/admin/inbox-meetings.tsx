import type { ReactNode } from "react";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/inbox-meetings";
import { AdminCard, AdminPage, adminButton, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { adminTranslator, useAdminTranslation } from "~/platform/admin/admin-translation";
import { assignMeeting } from "~/features/visit/admin/assign-meeting.server";
import { loadMeetings, type MeetingItem, type MeetingsPageData } from "~/features/visit/admin/load-meetings.server";
import {
  MEETING_FILTERS,
  MEETING_KIND_FILTERS,
  MEETING_NOTES_MAX,
  MEETING_REPLY_MAX,
  MEETING_STATUSES,
  MEETING_TRANSITIONS,
  readMeetingFilter,
  readMeetingKindFilter,
  type MeetingErrorKey,
} from "~/features/visit/admin/meetings-input";
import { replyToMeeting } from "~/features/visit/admin/reply-to-meeting.server";
import { saveMeetingNotes } from "~/features/visit/admin/save-meeting-notes.server";
import { setMeetingStatus } from "~/features/visit/admin/set-meeting-status.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";
import { formatVisitDate } from "~/features/visit/visit-emails";
import { useVisitTranslation, type VisitT } from "~/features/visit/visit-translation";
import { getEnv, siteUrl } from "~/server/env.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "inbox:meetings");
  const page = await loadMeetings({ db, filter: readMeetingFilter(url), kind: readMeetingKindFilter(url) });
  const done = url.searchParams.get("done");
  const notice = done === "saved" || done === "replied" ? (done as "saved" | "replied") : null;
  return data({ title: adminTranslator(language)("sections.inbox-meetings"), ...page, notice }, { headers: NO_STORE });
}

const INTENTS = ["set-status", "assign", "save-notes", "reply"] as const;
type Intent = (typeof INTENTS)[number];
export type MeetingsActionData = { ok: false; intent: Intent | null; id?: string; key: MeetingErrorKey; field?: string; text?: string };

export async function action({ request }: Route.ActionArgs) {
  const { db, admin, ip } = await requireAdmin(request, "inbox:meetings");
  const input = await readInput(request);
  const intent = input?.intent;
  if (!input || !(INTENTS as readonly unknown[]).includes(intent)) {
    return data<MeetingsActionData>({ ok: false, intent: null, key: "admin.errors.invalidRequest" }, { status: 400, headers: NO_STORE });
  }
  const options = { db, actor: admin, ip, input };
  const outcome =
    intent === "set-status"
      ? await setMeetingStatus(options)
      : intent === "assign"
        ? await assignMeeting(options)
        : intent === "save-notes"
          ? await saveMeetingNotes(options)
          : await replyToMeeting({ ...options, siteUrl: siteUrl(getEnv()) });
  if (!outcome.ok) {
    const text = intent === "reply" ? input.body : intent === "save-notes" ? input.notes : undefined;
    return data<MeetingsActionData>(
      {
        ok: false,
        intent: intent as Intent,
        id: typeof input.id === "string" ? input.id : undefined,
        key: outcome.key,
        field: outcome.field,
        text: typeof text === "string" ? text.slice(0, MEETING_REPLY_MAX) : undefined,
      },
      { status: outcome.status, headers: NO_STORE },
    );
  }
  const filter = typeof input.filter === "string" && (MEETING_FILTERS as readonly string[]).includes(input.filter) ? input.filter : "new";
  const kind = typeof input.kind === "string" && (MEETING_KIND_FILTERS as readonly string[]).includes(input.kind) ? input.kind : "all";
  const done = intent === "reply" ? "replied" : "saved";
  return redirect(`/admin/inbox/meetings?status=${filter}${kind === "all" ? "" : `&kind=${kind}`}&done=${done}#m-${outcome.id}`, {
    status: 303,
    headers: NO_STORE,
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function InboxMeetings({ loaderData, actionData }: Route.ComponentProps) {
  const admin = useAdminTranslation();
  const { t, language } = useVisitTranslation();
  const page = loaderData;
  const problem = actionData as MeetingsActionData | undefined;
  const link = (status: string, kind: string) => `/admin/inbox/meetings?status=${status}${kind === "all" ? "" : `&kind=${kind}`}`;
  return (
    <AdminPage title={admin.t("sections.inbox-meetings")} intro={t("admin.intro")}>
      {page.notice ? <Notice tone="success">{t(`admin.messages.${page.notice}`)}</Notice> : null}
      {problem && !problem.id ? <Notice tone="error">{t(problem.key)}</Notice> : null}

      <nav aria-label={t("admin.statusFilterLabel")}>
        <ul className="flex flex-wrap gap-2">
          {MEETING_FILTERS.map((filter) => (
            <li key={filter}>
              <Link
                to={link(filter, page.kind)}
                aria-current={page.filter === filter ? "page" : undefined}
                className={page.filter === filter ? adminButton.primary : adminButton.secondary}
              >
                {filter === "all"
                  ? t("admin.all")
                  : t("admin.withCount", { label: t(`admin.status.${filter}`), count: page.counts[filter] })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t("admin.kindFilterLabel")}>
        <ul className="flex flex-wrap gap-2">
          {MEETING_KIND_FILTERS.map((kind) => (
            <li key={kind}>
              <Link
                to={link(page.filter, kind)}
                aria-current={page.kind === kind ? "page" : undefined}
                className={page.kind === kind ? adminButton.primary : adminButton.secondary}
              >
                {kind === "all" ? t("admin.all") : t(`admin.kinds.${kind}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {page.items.length === 0 ? (
        <AdminCard>
          <p className="text-slate-700">{t("admin.empty")}</p>
        </AdminCard>
      ) : (
        <ul className="grid gap-4">
          {page.items.map((item) => (
            <MeetingCard
              key={item.id}
              item={item}
              page={page}
              problem={problem?.id === item.id ? problem : undefined}
              t={t}
              language={language}
            />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

const dt = "font-semibold text-slate-900";
const dd = "whitespace-pre-wrap wrap-anywhere text-slate-700";

function MeetingCard({
  item,
  page,
  problem,
  t,
  language,
}: {
  item: MeetingItem;
  page: MeetingsPageData;
  problem: MeetingsActionData | undefined;
  t: VisitT;
  language: "en" | "es";
}) {
  const base = `m-${item.id}`;
  const hidden = (
    <>
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="filter" value={page.filter} />
      <input type="hidden" name="kind" value={page.kind} />
    </>
  );
  const fieldError = (field: string) => (problem?.field === field ? t(problem.key) : null);
  const statuses = MEETING_STATUSES.filter((s) => s === item.status || MEETING_TRANSITIONS[item.status].includes(s));
  const detail = (label: string, value: ReactNode, wide = false) => (
    <div className={`min-w-0 ${wide ? "sm:col-span-2" : ""}`}>
      <dt className={dt}>{label}</dt>
      <dd className={dd}>{value}</dd>
    </div>
  );
  return (
    <li id={base} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold wrap-anywhere text-slate-900">{item.name}</h2>
      <p className="text-sm text-slate-700">
        {t(`admin.kinds.${item.kind}`)} · {t(`admin.status.${item.status}`)}
      </p>
      {problem && !problem.field ? (
        <div className="mt-3">
          <Notice tone="error">{t(problem.key)}</Notice>
        </div>
      ) : null}
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        {detail(
          t("admin.fields.email"),
          <a href={`mailto:${item.email}`} className="break-all text-brand-800 underline">
            {item.email}
          </a>,
        )}
        {detail(t("admin.fields.phone"), item.phone ?? t("admin.none"))}
        {detail(
          t("admin.fields.date"),
          item.preferredDate ? <time dateTime={item.preferredDate}>{formatVisitDate(item.preferredDate, language)}</time> : t("admin.none"),
        )}
        {detail(t("admin.fields.partySize"), String(item.partySize))}
        {detail(t("admin.fields.language"), t(`admin.languages.${item.language}`))}
        {detail(t("admin.fields.account"), item.linkedAccount ? t("admin.linkedAccount") : t("admin.guest"))}
        {detail(t("admin.fields.created"), <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, language)}</time>)}
        {detail(t("admin.fields.needs"), item.needs || t("admin.none"), true)}
        {detail(t("admin.fields.message"), item.message || t("admin.none"), true)}
      </dl>

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Form method="post" className="grid gap-2">
          {hidden}
          <Field id={`${base}-status`} label={t("admin.fields.status")} error={fieldError("status")}>
            {(props) => (
              <select {...props} name="status" defaultValue={item.status} className={inputClasses}>
                {statuses.map((status) => (
                  <option key={status} value={status}>
                    {t(`admin.status.${status}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div>
            <button type="submit" name="intent" value="set-status" className={adminButton.secondary}>
              {t("admin.saveStatus")}
            </button>
          </div>
        </Form>
        <Form method="post" className="grid gap-2">
          {hidden}
          <Field id={`${base}-assignee`} label={t("admin.fields.assignee")} error={fieldError("assigneeUserId")}>
            {(props) => (
              <select {...props} name="assigneeUserId" defaultValue={item.assigneeUserId ?? ""} className={inputClasses}>
                <option value="">{t("admin.unassigned")}</option>
                {page.staff.map((admin) => (
                  <option key={admin.userId} value={admin.userId}>
                    {admin.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div>
            <button type="submit" name="intent" value="assign" className={adminButton.secondary}>
              {t("admin.assign")}
            </button>
          </div>
        </Form>
      </div>
      <Form method="post" className="mt-4 grid gap-2">
        {hidden}
        <Field id={`${base}-notes`} label={t("admin.fields.notes")} error={fieldError("notes")}>
          {(props) => (
            <textarea
              {...props}
              name="notes"
              rows={3}
              maxLength={MEETING_NOTES_MAX}
              defaultValue={problem?.intent === "save-notes" ? (problem.text ?? "") : item.staffNotes}
              className={inputClasses}
            />
          )}
        </Field>
        <div>
          <button type="submit" name="intent" value="save-notes" className={adminButton.secondary}>
            {t("admin.saveNotes")}
          </button>
        </div>
      </Form>

      {item.replies.length ? (
        <section aria-labelledby={`${base}-replies`} className="mt-4">
          <h3 id={`${base}-replies`} className="font-semibold text-slate-900">
            {t("admin.repliesHeading")}
          </h3>
          <ol className="mt-2 grid gap-2">
            {item.replies.map((reply) => (
              <li key={reply.id} className="rounded-lg bg-slate-50 p-3 text-sm">
                <p className="font-semibold text-slate-900">
                  {t("admin.replyBy", { name: reply.authorName, when: formatDateTime(reply.createdAt, language) })}
                </p>
                <p className={dd}>{reply.body}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <Form method="post" className="mt-4 grid gap-2">
        {hidden}
        <Field
          id={`${base}-reply`}
          label={t("admin.fields.reply", { language: t(`admin.languages.${item.language}`) })}
          error={fieldError("body")}
        >
          {(props) => (
            <textarea
              {...props}
              name="body"
              rows={4}
              maxLength={MEETING_REPLY_MAX}
              required
              defaultValue={problem?.intent === "reply" ? (problem.text ?? "") : ""}
              className={inputClasses}
            />
          )}
        </Field>
        <div>
          <button type="submit" name="intent" value="reply" className={adminButton.primary}>
            {t("admin.sendReply")}
          </button>
        </div>
      </Form>
    </li>
  );
}
