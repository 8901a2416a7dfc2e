import { data } from "react-router";
import type { Route } from "./+types/community";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { GroupCard } from "~/components/groups/group-card";
import { GroupFilters } from "~/components/groups/group-filters";
import { useGroupsTranslation } from "~/features/groups/groups-translation";
import type { GroupActionData } from "~/features/groups/group-views";
import { loadCommunityPage } from "~/features/groups/load-community-page.server";
import { runGroupAction } from "~/features/groups/run-group-action.server";
import { routeMeta } from "~/features/seo/route-meta";
import { PageBand } from "~/components/page-band";

export async function loader({ request }: Route.LoaderArgs) {
  return loadCommunityPage({ request });
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await runGroupAction({ request });
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  return data(outcome.data, { status: outcome.status, headers });
}

export const meta: Route.MetaFunction = routeMeta;

/**
 * /community: the page's introduction, then its sections. Study groups come first; later
 * issues add the photo gallery, discussions and volunteer sign-ups as further sections (h2).
 */
export default function CommunityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useGroupsTranslation();
  const { page, groups, filters, filtered, signedIn, signInHref } = loaderData;
  const result = actionData as GroupActionData | undefined;

  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={page.title} intro={page.body} />

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <section aria-labelledby="study-groups" className="min-w-0">
          <h2 id="study-groups" className="font-serif text-3xl font-bold text-brand-800">
            {t("community.groupsHeading")}
          </h2>
          <p className="mt-3 max-w-3xl text-lg text-slate-800">{t("community.groupsIntro")}</p>

          <div className="mt-6">
            <GroupFilters t={t} filters={filters} filtered={filtered} language={language} />
          </div>

          {result && result.groupId === null ? (
            <p role={result.ok ? "status" : "alert"} className="mt-6 rounded-lg bg-red-50 p-3 font-semibold text-red-900">
              {result.message}
            </p>
          ) : null}

          <p className="mt-6 text-slate-700" role="status">
            {groups.length === 1 ? t("community.countOne") : t("community.count", { count: groups.length })}
          </p>
          {groups.length === 0 ? (
            <p className="mt-4 rounded-2xl bg-slate-100 p-6 text-slate-900">{filtered ? t("community.empty") : t("community.emptyAll")}</p>
          ) : (
            <ul className="mt-4 grid gap-6 md:grid-cols-2">
              {groups.map((group) => (
                <GroupCard key={group.id} t={t} group={group} signedIn={signedIn} signInHref={signInHref} actionData={result} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
