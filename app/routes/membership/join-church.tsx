import { data } from "react-router";
import type { Route } from "./+types/join-church";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { ApplicationForm } from "~/components/membership/application-form";
import { MembershipPage } from "~/components/membership/membership-intro";
import { loadJoinPage } from "~/features/membership/load-join-page.server";
import { useMembershipTranslation } from "~/features/membership/membership-translation";
import { runApplicationAction } from "~/features/membership/run-application-action.server";
import { routeMeta } from "~/features/seo/route-meta";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadJoinPage({ request, url });
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await runApplicationAction({ request });
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  return data(outcome.data, { status: outcome.status, headers });
}

export const meta: Route.MetaFunction = routeMeta;

export default function JoinChurch({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useMembershipTranslation();
  return (
    <MembershipPage page={loaderData.page}>
      <ApplicationForm t={t} member={loaderData.member} today={loaderData.today} actionData={actionData} />
    </MembershipPage>
  );
}

export const ErrorBoundary = PageErrorBoundary;
