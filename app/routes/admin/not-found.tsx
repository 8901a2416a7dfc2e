import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { requireAdmin } from "~/platform/admin/require-admin.server";
import { useAdminTranslation } from "~/platform/admin/admin-translation";
import { logger } from "~/server/logger.server";
import { Link } from "react-router";
import { adminButton } from "~/components/admin/admin-ui";

/** Spec: an unknown admin child path shows 'Not found' (inside the admin layout). */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request, null);
  logger.warn({ path: url.pathname, status: 404 }, "admin page not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Not found" }, { name: "robots", content: "noindex" }];

export default function AdminNotFound() {
  const { t } = useAdminTranslation();
  return (
    <div className="grid gap-4">
      <h1 className="font-serif text-3xl font-bold text-slate-900">{t("portal.notFoundTitle")}</h1>
      <p className="text-slate-700">{t("portal.notFoundBody")}</p>
      <p>
        <Link to="/admin" className={adminButton.secondary}>
          {t("portal.backToDashboard")}
        </Link>
      </p>
    </div>
  );
}
