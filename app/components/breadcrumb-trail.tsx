import { ChevronRight } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { getBreadcrumbs, shouldShowBreadcrumbs } from "~/features/navigation/breadcrumbs";

/** The breadcrumb trail of a page (nothing where the trail would be Home alone). */
export function BreadcrumbTrail({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const trail = getBreadcrumbs(pathname);
  if (!shouldShowBreadcrumbs(trail)) return null;
  return (
    <nav aria-label={t("breadcrumbs.label")} className="border-b border-slate-200 bg-slate-50">
      <ol className="mx-auto flex max-w-7xl flex-wrap items-center gap-1 px-4 py-3 text-sm text-slate-700 sm:px-6">
        {trail.map((crumb, i) => {
          const last = i === trail.length - 1;
          return (
            <li key={crumb.labelKey} className="flex items-center gap-1">
              {crumb.href && !last ? (
                <Link to={crumb.href} className="rounded underline-offset-4 hover:text-brand-700 hover:underline">
                  {t(crumb.labelKey)}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className={last ? "font-semibold text-slate-900" : undefined}>
                  {t(crumb.labelKey)}
                </span>
              )}
              {last ? null : <ChevronRight aria-hidden="true" className="h-4 w-4 text-slate-500" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
