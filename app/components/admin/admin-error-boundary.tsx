import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from "react-router";
import { useAdminTranslation } from "~/platform/admin/admin-translation";
import { ServiceUnavailableScreen } from "~/components/error-boundaries";
import { adminButton } from "./admin-ui";

/** Inside the admin layout: 403 'No access', 404 'Not found', anything else 'Try Again'. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const { t } = useAdminTranslation();
  const revalidator = useRevalidator();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The database is briefly unreachable (database-outage.server.ts): the site's own screen.
  if (status === 503) return <ServiceUnavailableScreen />;
  if (status !== 403 && status !== 404 && typeof window !== "undefined") console.error(error);
  const [title, body] =
    status === 403
      ? [t("portal.forbiddenTitle"), t("portal.forbiddenBody")]
      : status === 404
        ? [t("portal.notFoundTitle"), t("portal.notFoundBody")]
        : [t("portal.errorTitle"), t("portal.errorBody")];
  return (
    <main id="main" tabIndex={-1} className="grid gap-4 px-4 py-10 sm:px-8">
      <h1 className="font-serif text-3xl font-bold text-slate-900">{title}</h1>
      <p className="max-w-2xl text-slate-700">{body}</p>
      <div className="flex flex-wrap gap-3">
        {status >= 500 ? (
          <button type="button" className={adminButton.primary} onClick={() => void revalidator.revalidate()}>
            {t("portal.tryAgain")}
          </button>
        ) : null}
        <Link to="/admin" className={adminButton.secondary}>
          {t("portal.backToDashboard")}
        </Link>
      </div>
    </main>
  );
}
