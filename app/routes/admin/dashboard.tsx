import { data, Link } from "react-router";
import { Circle, CircleCheck } from "lucide-react";
import type { Route } from "./+types/dashboard";
import { AdminCard, AdminPage, formatDateTime } from "~/components/admin/admin-ui";
import { visibleSections, adminSectionHref } from "~/platform/admin/admin-sections";
import { adminTranslator, auditActionLabel, auditActorLabel, useAdminTranslation } from "~/platform/admin/admin-translation";
import { loadDashboard } from "~/features/admin/load-dashboard.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { useGivingAdminTranslation } from "~/features/giving/giving-admin-translation";
import { formatCents } from "~/features/payments/money";
import { useStoreAdminTranslation } from "~/features/store/store-admin-translation";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, language, admin } = await requireAdmin(request, null);
  const dashboard = await loadDashboard({ db, admin });
  return data(
    { ...dashboard, name: admin.name, scopes: admin.scopes, title: adminTranslator(language)("dashboard.title") },
    { headers: NO_STORE },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

function Stat({ label, value, detail }: { label: string; value: number; detail?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900">{value}</p>
      {detail ? <p className="mt-1 text-sm text-slate-600">{detail}</p> : null}
    </div>
  );
}

/** The giving card (scope giving): this month's and this year's net totals and active recurring gifts. */
function GivingCard({ giving }: { giving: { monthCents: number; yearCents: number; activeRecurring: number } }) {
  const { t, language } = useGivingAdminTranslation();
  return (
    <AdminCard title={t("admin.dashboard.card")} id="dashboard-giving">
      <dl className="grid gap-3 sm:grid-cols-3">
        {(
          [
            ["month", formatCents(giving.monthCents, language)],
            ["year", formatCents(giving.yearCents, language)],
            ["recurring", String(giving.activeRecurring)],
          ] as const
        ).map(([key, value]) => (
          <div key={key}>
            <dt className="text-sm font-medium text-slate-700">{t(`admin.dashboard.${key}`)}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3">
        <Link to="/admin/giving" className="font-semibold text-brand-800 underline underline-offset-4">
          {t("admin.dashboard.open")}
        </Link>
      </p>
    </AdminCard>
  );
}

/** The store card (scope store): orders paid or ready, waiting for staff. */
function StoreCard({ waiting }: { waiting: number }) {
  const { t } = useStoreAdminTranslation();
  return (
    <AdminCard title={t("admin.dashboard.card")} id="dashboard-store">
      <p className="text-sm font-medium text-slate-700">{t("admin.dashboard.waiting")}</p>
      <p className="mt-1 text-3xl font-bold text-slate-900">{waiting}</p>
      <p className="mt-3">
        <Link to="/admin/store" className="font-semibold text-brand-800 underline underline-offset-4">
          {t("admin.dashboard.open")}
        </Link>
      </p>
    </AdminCard>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

/** What the church still has to fill in, with a link to where each is done (until all are). */
function SetupChecklistCard({ checklist }: { checklist: NonNullable<LoaderData["checklist"]> }) {
  const { t } = useAdminTranslation();
  const total = checklist.steps.length;
  return (
    <AdminCard title={t("dashboard.setup.title")} id="setup-checklist">
      <p className="text-slate-700">{t("dashboard.setup.intro")}</p>
      <p id="setup-progress-label" className="mt-3 text-sm font-medium text-slate-800">
        {t("dashboard.setup.progress", { done: checklist.done, total })}
      </p>
      <progress aria-labelledby="setup-progress-label" value={checklist.done} max={total} className="mt-1 h-2 w-full accent-brand-700" />
      <ul className="mt-4 grid gap-2">
        {checklist.steps.map((step) => (
          <li key={step.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-slate-100 pb-2">
            <span className="flex items-center gap-2">
              {step.done ? (
                <CircleCheck aria-hidden="true" className="h-5 w-5 shrink-0 text-emerald-700" />
              ) : (
                <Circle aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-500" />
              )}
              <span className={step.done ? "text-slate-600" : "font-medium text-slate-900"}>
                {t(`dashboard.setup.steps.${step.id}.label`)}
              </span>
              <span className="sr-only">{step.done ? t("dashboard.setup.done") : t("dashboard.setup.todo")}</span>
            </span>
            {step.done ? (
              <span aria-hidden="true" className="text-sm text-slate-600">
                {t("dashboard.setup.done")}
              </span>
            ) : (
              <Link to={step.href} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4">
                {t(`dashboard.setup.steps.${step.id}.action`)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </AdminCard>
  );
}

/** The inboxes the admin may open, each with what nobody has started on yet. */
function InboxesCard({ inboxes }: { inboxes: LoaderData["inboxes"] }) {
  const { t } = useAdminTranslation();
  const all: { id: "prayer" | "meetings" | "signups"; waiting: number | null; href: string }[] = [
    { id: "prayer", waiting: inboxes.prayer, href: "/admin/inbox/prayer?inbox=new" },
    { id: "meetings", waiting: inboxes.meetings, href: "/admin/inbox/meetings?status=new" },
    { id: "signups", waiting: inboxes.signups, href: "/admin/inbox/signups?status=new" },
  ];
  const rows = all.flatMap((row) => (row.waiting === null ? [] : [{ ...row, waiting: row.waiting }]));
  if (rows.length === 0) return null;
  return (
    <AdminCard title={t("dashboard.inboxes.title")} id="dashboard-inboxes">
      <ul className="grid gap-3 sm:grid-cols-3">
        {rows.map(({ id, waiting, href }) => (
          <li key={id} className="rounded-lg border border-slate-200 p-4">
            <p className="text-sm font-medium text-slate-700">{t(`dashboard.inboxes.${id}`)}</p>
            <p className="mt-1 text-3xl font-bold text-slate-900">{waiting}</p>
            <p className="mt-1 text-sm text-slate-600">{waiting === 0 ? t("dashboard.inboxes.none") : t("dashboard.inboxes.waiting")}</p>
            <Link to={href} className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4">
              {t(`dashboard.inboxes.open.${id}`)}
            </Link>
          </li>
        ))}
      </ul>
    </AdminCard>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, language } = useAdminTranslation();
  const { people, upcomingEvents, upcomingRsvps, mail, activity, signIns, checklist, inboxes } = loaderData;
  const links = visibleSections(loaderData.scopes).filter((s) => s.id !== "dashboard");
  return (
    <AdminPage title={t("dashboard.title")} intro={t("dashboard.welcome", { name: loaderData.name })}>
      {checklist ? <SetupChecklistCard checklist={checklist} /> : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {people ? (
          <>
            <Stat
              label={t("dashboard.newMembers")}
              value={people.last30}
              detail={t("dashboard.comparedTo", { count: people.previous30 })}
            />
            <Stat label={t("dashboard.members")} value={people.total} />
          </>
        ) : null}
        {upcomingEvents !== null ? <Stat label={t("dashboard.upcomingEvents")} value={upcomingEvents} /> : null}
        {upcomingRsvps !== null ? <Stat label={t("dashboard.upcomingRsvps")} value={upcomingRsvps} /> : null}
        {mail ? (
          <>
            <Stat label={t("dashboard.pendingMail")} value={mail.pending} />
            <Stat label={t("dashboard.failedMail")} value={mail.failed} />
          </>
        ) : null}
      </div>
      {loaderData.giving || loaderData.storeWaiting !== null ? (
        <div className="grid gap-6 xl:grid-cols-2">
          {loaderData.giving ? <GivingCard giving={loaderData.giving} /> : null}
          {loaderData.storeWaiting !== null ? <StoreCard waiting={loaderData.storeWaiting} /> : null}
        </div>
      ) : null}
      <InboxesCard inboxes={inboxes} />
      <div className="grid gap-6 xl:grid-cols-2">
        {activity ? (
          <AdminCard title={t("dashboard.recentActivity")} id="recent-activity">
            {activity.length === 0 ? (
              <p className="text-slate-700">{t("dashboard.noActivity")}</p>
            ) : (
              <ul className="grid gap-2 text-sm">
                {activity.map((entry) => (
                  <li key={entry.id} className="flex flex-wrap justify-between gap-2 border-b border-slate-100 pb-2">
                    <span>
                      <span className="font-semibold">{auditActorLabel(language, entry.actorName)}</span> ·{" "}
                      {auditActionLabel(language, entry.action)}
                    </span>
                    <time dateTime={entry.createdAt} className="text-slate-600">
                      {formatDateTime(entry.createdAt, language)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-3">
              <Link to="/admin/audit" className="font-semibold text-brand-800 underline underline-offset-4">
                {t("dashboard.viewAudit")}
              </Link>
            </p>
          </AdminCard>
        ) : null}
        {signIns ? (
          <AdminCard title={t("dashboard.signIns")} id="recent-sign-ins">
            <ul className="grid gap-2 text-sm">
              {signIns.map((entry) => (
                <li key={entry.id} className="flex flex-wrap justify-between gap-2 border-b border-slate-100 pb-2">
                  <span className="break-all">
                    {entry.email} · {entry.success ? t("dashboard.success") : t("dashboard.failed", { reason: entry.failureReason ?? "" })}
                  </span>
                  <time dateTime={entry.createdAt} className="text-slate-600">
                    {formatDateTime(entry.createdAt, language)}
                  </time>
                </li>
              ))}
            </ul>
          </AdminCard>
        ) : null}
        <AdminCard title={t("dashboard.quickLinks")} id="quick-links">
          <ul className="grid gap-1 sm:grid-cols-2">
            {links.map((section) => (
              <li key={section.id}>
                <Link
                  to={adminSectionHref(section)}
                  className="flex min-h-11 items-center rounded px-2 font-medium text-brand-800 underline-offset-4 hover:underline"
                >
                  {t(`sections.${section.id}`)}
                </Link>
              </li>
            ))}
          </ul>
        </AdminCard>
      </div>
    </AdminPage>
  );
}
