import { data } from "react-router";
import type { Route } from "./+types/coming-soon";
import { AdminCard, AdminPage } from "~/components/admin/admin-ui";
import { ADMIN_SECTIONS } from "~/features/admin/admin-sections";
import { adminTranslator, useAdminTranslation } from "~/features/admin/admin-translation";
import { NO_STORE, requireAdmin } from "~/features/admin/require-admin.server";

/** A section whose feature arrives with a later issue: guarded by its scope, says what it will hold. */
export async function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/^\/admin\/?/, "").replace(/\/$/, "");
  const section = ADMIN_SECTIONS.find((s) => s.path === path && s.comingWith);
  if (!section?.comingWith) throw data(null, { status: 404 });
  const { language } = await requireAdmin(request, section.scope);
  const t = adminTranslator(language);
  return data({ id: section.id, comingWith: section.comingWith, title: t(`sections.${section.id}`) }, { headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminTranslation();
  return (
    <AdminPage title={t(`sections.${loaderData.id}`)}>
      <AdminCard title={t("comingSoon.heading")}>
        <p className="max-w-3xl text-slate-700">{t(`comingSoon.${loaderData.comingWith}`)}</p>
      </AdminCard>
    </AdminPage>
  );
}
