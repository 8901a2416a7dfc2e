import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AuthOverlays } from "~/components/auth/auth-overlays";
import { ChatWidget } from "~/components/chat/chat-widget";
import { InstallPrompt } from "~/components/pwa/install-prompt";
import { MemberTour } from "~/components/tour/member-tour";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { PageLoadingIndicator } from "~/components/page-loading-indicator";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { SkipLink } from "~/components/skip-link";
import { Toaster } from "~/components/ui/toaster";
import { loadSiteShell } from "~/features/content/load-site-shell.server";
import { useTranslation } from "~/i18n/react";

export async function loader({ request }: Route.LoaderArgs) {
  return loadSiteShell({ request });
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { church } = loaderData;
  const { t } = useTranslation();
  return (
    <MemberTour>
      <SkipLink />
      <SiteHeader churchName={church.name} logoUrl={church.logoUrl} />
      <PageLoadingIndicator />
      <Breadcrumbs />
      <Outlet />
      <SiteFooter church={church} />
      <AuthOverlays />
      <ChatWidget phone={church.phone} phoneDisplay={church.phoneDisplay} />
      <InstallPrompt />
      <Toaster closeLabel={t("common.close")} />
    </MemberTour>
  );
}

export const ErrorBoundary = PageErrorBoundary;
