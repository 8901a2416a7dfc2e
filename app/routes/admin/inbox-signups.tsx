import type React from "react";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/inbox-signups";
import { AdminCard, AdminPage, adminButton, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { adminTranslator, useAdminTranslation, type AdminMessageKey, type AdminT } from "~/platform/admin/admin-translation";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { assignSignup } from "~/features/admin/signups/assign-signup.server";
import { decideApplication } from "~/features/admin/signups/decide-application.server";
import {
  loadSignups,
  type ApplicationDetails,
  type ClassDetails,
  type SignupItem,
  type SignupsPageData,
  type VolunteerDetails,
} from "~/features/admin/signups/load-signups.server";
import { saveSignupNotes } from "~/features/admin/signups/save-signup-notes.server";
import { setSignupStatus } from "~/features/admin/signups/set-signup-status.server";
import {
  KIND_FILTERS,
  readKindFilter,
  readSignupFilter,
  SIGNUP_FILTERS,
  SIGNUP_NOTES_MAX,
  SIGNUP_STATUSES,
} from "~/features/admin/signups/signups-input";
import { readInput } from "~/server/request-input.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "inbox:signups");
  const page = await loadSignups({ db, language, filter: readSignupFilter(url), kind: readKindFilter(url) });
  const done = url.searchParams.get("done");
  const notice = (NOTICES as readonly (string | null)[]).includes(done) ? (done as Notice) : null;
  return data({ title: adminTranslator(language)("sections.inbox-signups"), ...page, notice }, { headers: NO_STORE });
}

const NOTICES = ["saved", "approved-member", "approved-no-account", "declined", "reviewing"] as const;
type Notice = (typeof NOTICES)[number];
const noticeKey = {
  saved: "signups.messages.saved",
  "approved-member": "signups.messages.approvedMember",
  "approved-no-account": "signups.messages.approvedNoAccount",
  declined: "signups.messages.declined",
  reviewing: "signups.messages.reviewing",
} as const satisfies Record<Notice, AdminMessageKey>;

const INTENTS = ["set-status", "assign", "save-notes", "decide-application"] as const;
type Intent = (typeof INTENTS)[number];
export type SignupsActionData = { ok: false; intent: Intent | null; id?: string; key: AdminMessageKey; field?: string; notes?: string };

export async function action({ request }: Route.ActionArgs) {
  const { db, admin, ip } = await requireAdmin(request, "inbox:signups");
  const input = await readInput(request);
  const intent = input?.intent;
  if (!input || !(INTENTS as readonly unknown[]).includes(intent)) {
    return data<SignupsActionData>({ ok: false, intent: null, key: "signups.errors.invalidRequest" }, { status: 400, headers: NO_STORE });
  }
  const run =
    intent === "set-status"
      ? setSignupStatus
      : intent === "assign"
        ? assignSignup
        : intent === "decide-application"
          ? decideApplication
          : saveSignupNotes;
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
  const kind = typeof input.kind === "string" && (KIND_FILTERS as readonly string[]).includes(input.kind) ? input.kind : "all";
  let done: Notice = "saved";
  if (intent === "decide-application") {
    const decision = input.applicationStatus;
    done =
      decision === "approved"
        ? "memberUpdated" in outcome && outcome.memberUpdated
          ? "approved-member"
          : "approved-no-account"
        : decision === "declined"
          ? "declined"
          : "reviewing";
  }
  return redirect(`/admin/inbox/signups?status=${filter}${kind === "all" ? "" : `&kind=${kind}`}&done=${done}#s-${outcome.id}`, {
    status: 303,
    headers: NO_STORE,
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function InboxSignups({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useAdminTranslation();
  const page = loaderData;
  const problem = actionData as SignupsActionData | undefined;
  return (
    <AdminPage title={t("sections.inbox-signups")} intro={t("signups.intro")}>
      {page.notice ? <Notice tone="success">{t(noticeKey[page.notice])}</Notice> : null}
      {problem ? <Notice tone="error">{t(problem.key)}</Notice> : null}

      <nav aria-label={t("signups.filterLabel")}>
        <ul className="flex flex-wrap gap-2">
          {SIGNUP_FILTERS.map((filter) => (
            <li key={filter}>
              <Link
                to={`/admin/inbox/signups?status=${filter}${page.kind === "all" ? "" : `&kind=${page.kind}`}`}
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

      <nav aria-label={t("signups.kindFilterLabel")}>
        <ul className="flex flex-wrap gap-2">
          {KIND_FILTERS.map((kind) => (
            <li key={kind}>
              <Link
                to={`/admin/inbox/signups?status=${page.filter}${kind === "all" ? "" : `&kind=${kind}`}`}
                aria-current={page.kind === kind ? "page" : undefined}
                className={page.kind === kind ? adminButton.primary : adminButton.secondary}
              >
                {kind === "all" ? t("signups.kindFilters.all") : t(`signups.kinds.${kind}`)}
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
            <SignupCard
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

function SignupCard({
  item,
  page,
  problem,
  t,
  language,
}: {
  item: SignupItem;
  page: SignupsPageData;
  problem: SignupsActionData | undefined;
  t: AdminT;
  language: string;
}) {
  const base = `s-${item.id}`;
  const hidden = (
    <>
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="filter" value={page.filter} />
      <input type="hidden" name="kind" value={page.kind} />
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
        {item.kind === "event" ? (
          <div>
            <dt className="font-semibold text-slate-900">{t("signups.fields.event")}</dt>
            <dd className="break-words text-slate-700">{item.eventTitle ?? t("signups.none")}</dd>
          </div>
        ) : (
          <div>
            <dt className="font-semibold text-slate-900">{t("signups.fields.language")}</dt>
            <dd className="text-slate-700">{t(`signups.languages.${item.language}`)}</dd>
          </div>
        )}
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
      {item.classDetails ? <ClassDetailsList details={item.classDetails} t={t} language={language} timeZone={page.timeZone} /> : null}
      {item.volunteer ? <VolunteerDetailsList details={item.volunteer} t={t} /> : null}
      {item.application ? (
        <ApplicationPanel
          application={item.application}
          item={item}
          hidden={hidden}
          problem={problem}
          t={t}
          language={language}
          timeZone={page.timeZone}
        />
      ) : null}

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
            <textarea
              {...props}
              name="notes"
              rows={3}
              maxLength={SIGNUP_NOTES_MAX}
              defaultValue={problem?.notes ?? item.notes}
              className={inputClasses}
            />
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

const dtClasses = "font-semibold text-slate-900";
const ddClasses = "whitespace-pre-wrap break-words text-slate-700";

function ClassDetailsList({ details, t, language, timeZone }: { details: ClassDetails; t: AdminT; language: string; timeZone: string }) {
  return (
    <dl className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-2">
      <div>
        <dt className={dtClasses}>{t("signups.fields.class")}</dt>
        <dd className={ddClasses}>
          <Link to={`/admin/classes/${details.offeringId}`} className="text-brand-800 underline">
            {details.title}
          </Link>
        </dd>
      </div>
      <div>
        <dt className={dtClasses}>{t("signups.fields.classSignupStatus")}</dt>
        <dd className={ddClasses}>{t(`signups.classSignupStatuses.${details.signupStatus}`)}</dd>
      </div>
      {details.place ? (
        <div>
          <dt className={dtClasses}>{t("signups.fields.place")}</dt>
          <dd className={ddClasses}>{details.place}</dd>
        </div>
      ) : null}
      {details.phone ? (
        <div>
          <dt className={dtClasses}>{t("signups.fields.phone")}</dt>
          <dd className={ddClasses}>{details.phone}</dd>
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <dt className={dtClasses}>{t("signups.fields.sessions")}</dt>
        <dd className={ddClasses}>
          <ol className="grid gap-1">
            {details.sessions.map((s) => (
              <li key={s.number}>
                {t("signups.sessionLine", { number: s.number, when: formatDateTime(s.start, language, timeZone), topic: s.topic })}
              </li>
            ))}
          </ol>
        </dd>
      </div>
    </dl>
  );
}

function VolunteerDetailsList({ details, t }: { details: VolunteerDetails; t: AdminT }) {
  return (
    <dl className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-2">
      <div>
        <dt className={dtClasses}>{t("signups.fields.ministry")}</dt>
        <dd className={ddClasses}>
          {details.opportunityId === null ? (
            t("signups.ministryDeleted", { title: details.title })
          ) : (
            <Link to={`/admin/volunteers/${details.opportunityId}`} className="text-brand-800 underline">
              {details.title}
            </Link>
          )}
        </dd>
      </div>
      <div>
        <dt className={dtClasses}>{t("signups.fields.phone")}</dt>
        <dd className={ddClasses}>{details.phone || t("signups.none")}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className={dtClasses}>{t("signups.fields.availability")}</dt>
        <dd className={ddClasses}>{details.availability || t("signups.none")}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className={dtClasses}>{t("signups.fields.message")}</dt>
        <dd className={ddClasses}>{details.message || t("signups.none")}</dd>
      </div>
    </dl>
  );
}

function ApplicationPanel({
  application: a,
  item,
  hidden,
  problem,
  t,
  language,
  timeZone,
}: {
  application: ApplicationDetails;
  item: SignupItem;
  hidden: React.ReactNode;
  problem: SignupsActionData | undefined;
  t: AdminT;
  language: string;
  timeZone: string;
}) {
  const none = t("signups.none");
  const rows: [string, string | null][] = [
    [t("signups.fields.phone"), a.phone],
    [t("signups.application.birthDate"), a.birthDate],
    [t("signups.application.address"), a.address],
    [t("signups.application.baptized"), t(`signups.application.baptizedValues.${a.baptized}`)],
    ...(a.baptized === "yes"
      ? ([
          [t("signups.application.baptismDate"), a.baptismDate],
          [t("signups.application.baptismChurch"), a.baptismChurch],
        ] as [string, string | null][])
      : []),
    [t("signups.application.previousChurch"), a.previousChurch],
    [t("signups.application.howHeard"), a.howHeard],
  ];
  const statusLabel = t(`signups.application.statuses.${a.status}`);
  const memberStatus = (value: string | null) =>
    value === "visitor" || value === "regular" || value === "member" || value === "inactive"
      ? t(`signups.application.memberStatuses.${value}`)
      : t("signups.application.memberStatuses.unknown");
  const open = a.status === "new" || a.status === "reviewing";
  const decision = (value: "reviewing" | "approved" | "declined", label: string, aria: string, tone: string) => (
    <Form method="post">
      {hidden}
      <input type="hidden" name="applicationStatus" value={value} />
      <button type="submit" name="intent" value="decide-application" className={tone} aria-label={aria}>
        {label}
      </button>
    </Form>
  );
  return (
    <section aria-labelledby={`s-${item.id}-application`} className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
      <h3 id={`s-${item.id}-application`} className="font-semibold text-slate-900">
        {t("signups.application.heading")}
      </h3>
      <dl className="mt-2 grid gap-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className={dtClasses}>{label}</dt>
            <dd className={ddClasses}>{value || none}</dd>
          </div>
        ))}
        <div className="sm:col-span-2">
          <dt className={dtClasses}>{t("signups.application.message")}</dt>
          <dd className={ddClasses}>{a.message || none}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className={dtClasses}>{t("signups.application.status")}</dt>
          <dd className={ddClasses}>
            {a.decidedAt
              ? a.decidedByName
                ? t("signups.application.decided", {
                    status: statusLabel,
                    name: a.decidedByName,
                    date: formatDateTime(a.decidedAt, language, timeZone),
                  })
                : t("signups.application.decidedNoName", { status: statusLabel, date: formatDateTime(a.decidedAt, language, timeZone) })
              : statusLabel}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-slate-800">
        {a.account
          ? t(a.account.how === "linked" ? "signups.application.accountLinked" : "signups.application.accountByEmail", {
              status: memberStatus(a.account.membershipStatus),
            })
          : t("signups.application.noAccount")}
      </p>
      {problem?.field === "applicationStatus" ? <p className="mt-2 font-medium text-red-800">{t(problem.key)}</p> : null}
      {open ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {a.status === "new"
            ? decision(
                "reviewing",
                t("signups.application.startReview"),
                t("signups.application.reviewFor", { name: a.fullName }),
                adminButton.secondary,
              )
            : null}
          {decision(
            "approved",
            t("signups.application.approve"),
            t("signups.application.approveFor", { name: a.fullName }),
            adminButton.primary,
          )}
          {decision(
            "declined",
            t("signups.application.decline"),
            t("signups.application.declineFor", { name: a.fullName }),
            adminButton.danger,
          )}
        </div>
      ) : null}
    </section>
  );
}
