import { data, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/study";
import { AdminCard, AdminPage, adminButton, Notice } from "~/components/admin/admin-ui";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { listStudyAdmin } from "~/features/study/admin/study-admin-pages.server";
import { studyAdminTranslator, useStudyAdminTranslation } from "~/features/study/study-admin-translation";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "content");
  const list = await listStudyAdmin(db, language);
  return data({ title: studyAdminTranslator(language)("admin.title"), ...list }, { headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const badgeBase = "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold";
const badge = {
  draft: "border-slate-400 bg-slate-100 text-slate-900",
  published: "border-emerald-400 bg-emerald-50 text-emerald-900",
  missing: "border-amber-400 bg-amber-50 text-amber-950",
} as const;
const linkClasses = "font-semibold text-brand-800 underline underline-offset-2 wrap-anywhere hover:text-brand-900";
const th = "px-3 py-2 text-left text-sm font-semibold text-slate-900";
const td = "px-3 py-2 align-top text-sm text-slate-800";

export default function AdminStudy({ loaderData }: Route.ComponentProps) {
  const { t } = useStudyAdminTranslation();
  const { guides, plans } = loaderData;
  const [params] = useSearchParams();
  const deleted = params.get("deleted");

  return (
    <AdminPage
      title={t("admin.title")}
      intro={t("admin.intro")}
      actions={
        <>
          <Link to="/admin/study/guides/new" className={adminButton.primary}>
            {t("admin.newGuide")}
          </Link>
          <Link to="/admin/study/plans/new" className={adminButton.secondary}>
            {t("admin.newPlan")}
          </Link>
        </>
      }
    >
      {deleted === "guide" ? <Notice tone="success">{t("admin.messages.deleted")}</Notice> : null}
      {deleted === "plan" ? <Notice tone="success">{t("admin.messages.planDeleted")}</Notice> : null}

      <AdminCard id="study-guides" title={t("admin.guides")}>
        {guides.length === 0 ? (
          <p className="text-slate-800">{t("admin.noGuides")}</p>
        ) : (
          <>
            {/* Phones: cards; wider screens: a table. */}
            <ul className="grid gap-3 md:hidden">
              {guides.map((g) => (
                <li key={g.id} className="rounded-lg border border-slate-200 p-3">
                  <Link to={`/admin/study/guides/${g.id}`} className={linkClasses}>
                    {g.title}
                  </Link>
                  <p className="mt-1 text-sm text-slate-700">
                    <time dateTime={g.weekOf}>{g.weekLabel}</time> · <span className="wrap-anywhere">{g.passage}</span>
                  </p>
                  <p className="mt-2 flex flex-wrap gap-2">
                    <span className={`${badgeBase} ${badge[g.status]}`}>{t(`admin.statuses.${g.status}`)}</span>
                    {g.missingSpanish ? <span className={`${badgeBase} ${badge.missing}`}>{t("admin.missingSpanish")}</span> : null}
                  </p>
                </li>
              ))}
            </ul>
            <table className="hidden w-full border-collapse md:table">
              <thead className="border-b border-slate-300">
                <tr>
                  <th scope="col" className={th}>
                    {t("admin.weekOf")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin.guideTitle")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin.passage")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin.status")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {guides.map((g) => (
                  <tr key={g.id} className="border-b border-slate-200">
                    <td className={td}>
                      <time dateTime={g.weekOf}>{g.weekLabel}</time>
                    </td>
                    <td className={td}>
                      <Link to={`/admin/study/guides/${g.id}`} className={linkClasses}>
                        {g.title}
                      </Link>
                    </td>
                    <td className={td}>{g.passage}</td>
                    <td className={td}>
                      <span className="flex flex-wrap gap-2">
                        <span className={`${badgeBase} ${badge[g.status]}`}>{t(`admin.statuses.${g.status}`)}</span>
                        {g.missingSpanish ? <span className={`${badgeBase} ${badge.missing}`}>{t("admin.missingSpanish")}</span> : null}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </AdminCard>

      <AdminCard id="reading-plans" title={t("admin.plans")}>
        {plans.length === 0 ? (
          <p className="text-slate-800">{t("admin.noPlans")}</p>
        ) : (
          <ul className="grid gap-3">
            {plans.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3">
                <Link to={`/admin/study/plans/${p.id}`} className={linkClasses}>
                  {p.title}
                </Link>
                <span className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  {t("plans.days", { count: p.days })}
                  <span className={`${badgeBase} ${p.isActive ? badge.published : badge.draft}`}>
                    {p.isActive ? t("admin.active") : t("admin.inactive")}
                  </span>
                  {p.missingSpanish ? <span className={`${badgeBase} ${badge.missing}`}>{t("admin.missingSpanish")}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </AdminCard>
    </AdminPage>
  );
}
