import { data, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/plan-visit";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { PageBand } from "~/components/page-band";
import { VisitForm } from "~/components/visit/visit-form";
import { VisitSections } from "~/components/visit/visit-sections";
import type { ChurchProfile } from "~/platform/church/get-church-profile.server";
import { routeMeta } from "~/features/seo/route-meta";
import { loadPlanVisitPage } from "~/features/visit/load-plan-visit-page.server";
import { runVisitAction } from "~/features/visit/run-visit-action.server";
import { useVisitTranslation } from "~/features/visit/visit-translation";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadPlanVisitPage({ request, url });
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await runVisitAction({ request });
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  return data(outcome.data, { status: outcome.status, headers });
}

export const meta: Route.MetaFunction = routeMeta;

export default function PlanVisit({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useVisitTranslation();
  const site = useRouteLoaderData("routes/site/layout") as { church: ChurchProfile | null } | undefined;
  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={loaderData.page.title} intro={loaderData.page.body} />
      <div className="mx-auto max-w-5xl min-w-0 px-4 py-12 sm:px-6">
        <VisitSections t={t} church={site?.church ?? null} />
        <VisitForm
          t={t}
          member={loaderData.member}
          today={loaderData.today}
          lastDate={loaderData.lastDate}
          language={language}
          actionData={actionData}
        />
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
