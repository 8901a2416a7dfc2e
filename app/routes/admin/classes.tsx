import { data, Link } from "react-router";
import type { Route } from "./+types/classes";
import { adminButton, AdminCard, AdminPage, AdminTable, formatDateTime } from "~/components/admin/admin-ui";
import { adminTranslator } from "~/platform/admin/admin-translation";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { listOfferings } from "~/features/membership/admin/list-offerings.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { useMembershipTranslation } from "~/features/membership/membership-translation";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "inbox:signups");
  const [offerings, timeZone] = await Promise.all([listOfferings({ db, language }), churchTimeZone(db)]);
  return data({ title: adminTranslator(language)("sections.classes"), offerings, timeZone }, { headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const badge = {
  draft: "border-slate-400 bg-slate-100 text-slate-900",
  open: "border-emerald-400 bg-emerald-50 text-emerald-900",
  closed: "border-amber-400 bg-amber-50 text-amber-900",
} as const;

export default function AdminClasses({ loaderData }: Route.ComponentProps) {
  const { t, language } = useMembershipTranslation();
  const { offerings, timeZone, title } = loaderData;
  return (
    <AdminPage
      title={title}
      intro={t("admin.intro")}
      actions={
        <Link to="/admin/classes/new" className={adminButton.primary}>
          {t("admin.newClass")}
        </Link>
      }
    >
      <AdminCard>
        {offerings.length === 0 ? (
          <p className="text-slate-700">{t("admin.none")}</p>
        ) : (
          <AdminTable
            label={t("admin.tableLabel")}
            minWidthClass="min-w-[36rem]"
            columns={[
              t("admin.columns.title"),
              t("admin.columns.status"),
              t("admin.columns.firstSession"),
              t("admin.columns.sessions"),
              t("admin.columns.signups"),
            ]}
          >
            {offerings.map((row) => (
              <tr key={row.id} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-3 pr-3 font-normal">
                  <Link to={`/admin/classes/${row.id}`} className="font-semibold text-brand-800 underline underline-offset-2">
                    {row.title}
                  </Link>
                </th>
                <td className="py-3 pr-3">
                  <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${badge[row.status]}`}>
                    {t(`admin.statuses.${row.status}`)}
                  </span>
                </td>
                <td className="py-3 pr-3 whitespace-nowrap">
                  {row.firstSession ? formatDateTime(row.firstSession, language, timeZone) : "—"}
                </td>
                <td className="py-3 pr-3">{row.sessions}</td>
                <td className="py-3 whitespace-nowrap">
                  {row.capacity === null
                    ? t("admin.signupCount", { count: row.signups })
                    : t("admin.signupCountOf", { count: row.signups, capacity: row.capacity })}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminCard>
    </AdminPage>
  );
}
