import { data } from "react-router";
import type { Route } from "./+types/kingdom-builders-class";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { ClassOfferingCard } from "~/components/membership/class-offering-card";
import { MembershipPage } from "~/components/membership/membership-intro";
import { loadClassPage } from "~/features/membership/load-class-page.server";
import { useMembershipTranslation } from "~/features/membership/membership-translation";
import { runClassAction } from "~/features/membership/run-class-action.server";
import { routeMeta } from "~/features/seo/route-meta";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadClassPage({ request, url });
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await runClassAction({ request });
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  return data(outcome.data, { status: outcome.status, headers });
}

export const meta: Route.MetaFunction = routeMeta;

export default function KingdomBuildersClass({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useMembershipTranslation();
  const { page, offerings, member, signInHref } = loaderData;
  return (
    <MembershipPage page={page}>
      <section aria-labelledby="class-offerings" className="mt-10">
        <h2 id="class-offerings" className="font-serif text-3xl font-bold text-brand-800">
          {t("class.offeringsHeading")}
        </h2>
        {offerings.length === 0 ? (
          <p className="mt-4 rounded-2xl bg-slate-100 p-6 text-slate-900">{t("class.none")}</p>
        ) : (
          <div className="mt-6 grid gap-8">
            {offerings.map((offering) => (
              <ClassOfferingCard
                key={offering.id}
                t={t}
                offering={offering}
                member={member}
                signInHref={signInHref}
                actionData={actionData}
              />
            ))}
          </div>
        )}
      </section>
    </MembershipPage>
  );
}

export const ErrorBoundary = PageErrorBoundary;
