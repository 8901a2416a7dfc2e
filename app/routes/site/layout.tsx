import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { PageLoadingIndicator } from "~/components/page-loading-indicator";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { SkipLink } from "~/components/skip-link";
import { loadSiteShell } from "~/features/content/load-site-shell.server";

export async function loader({ request }: Route.LoaderArgs) {
  return loadSiteShell({ request });
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { church } = loaderData;
  return (
    <>
      <SkipLink />
      <SiteHeader churchName={church.name} />
      <PageLoadingIndicator />
      <Breadcrumbs />
      <Outlet />
      <SiteFooter church={church} />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
