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
import { GallerySection } from "~/components/gallery/gallery-section";
import { DiscussionsSection } from "~/components/discussions/discussions-section";
import { VolunteersSection } from "~/components/volunteers/volunteers-section";
import { loadGallerySection, runGalleryAction } from "~/features/gallery/community-gallery.server";
import { loadDiscussionsSection, runDiscussionsAction } from "~/features/discussions/community-discussions.server";
import { loadVolunteersSection, runVolunteersAction } from "~/features/volunteers/community-volunteers.server";
import { useGalleryTranslation } from "~/features/gallery/gallery-translation";
import { useDiscussionsTranslation } from "~/features/discussions/discussions-translation";
import { useVolunteersTranslation } from "~/features/volunteers/volunteers-translation";

/** A /community post for one of the later sections: which section answered, and its data. */
interface SectionActionData {
  section: "gallery" | "discussions" | "volunteers";
  payload: unknown;
}

const sectionActions = { gallery: runGalleryAction, discussions: runDiscussionsAction, volunteers: runVolunteersAction } as const;

function isSectionAction(value: unknown): value is SectionActionData {
  return typeof value === "object" && value !== null && "section" in value && "payload" in value;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const [groups, gallery, discussions, volunteers] = await Promise.all([
    loadCommunityPage({ request, url }),
    loadGallerySection({ request, url }),
    loadDiscussionsSection({ request, url }),
    loadVolunteersSection({ request }),
  ]);
  // The groups part answers the page's headers (session refresh, no-store when signed in).
  return data({ ...groups.data, gallery, discussions, volunteers }, groups.init ?? undefined);
}

/**
 * Study-group posts go to the groups feature; an intent "gallery-…", "discussions-…" or
 * "volunteers-…" goes to that section, whose answer comes back as `{ section, payload }`.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = form?.get("intent");
  const section =
    typeof intent === "string"
      ? (Object.keys(sectionActions) as SectionActionData["section"][]).find((name) => intent.startsWith(`${name}-`))
      : undefined;
  if (form && section && typeof intent === "string") {
    const outcome = await sectionActions[section]({ request, form, intent });
    const headers = new Headers(outcome.headers);
    headers.set("Cache-Control", "no-store");
    return data<SectionActionData>({ section, payload: outcome.data }, { status: outcome.status, headers });
  }
  const outcome = await runGroupAction({ request });
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  return data(outcome.data, { status: outcome.status, headers });
}

export const meta: Route.MetaFunction = routeMeta;

/**
 * /community: the page's introduction, then its sections (each an h2): study groups, the
 * photo gallery, discussions and volunteer sign-ups. Each section's data, actions and view
 * live in its own feature.
 */
export default function CommunityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useGroupsTranslation();
  const { page, groups, filters, filtered, signedIn, signInHref } = loaderData;
  const sectionResult = isSectionAction(actionData) ? actionData : undefined;
  const result = sectionResult ? undefined : (actionData as GroupActionData | undefined);
  const sectionPayload = (name: SectionActionData["section"]) => (sectionResult?.section === name ? sectionResult.payload : undefined);
  const { t: tGallery } = useGalleryTranslation();
  const { t: tDiscussions } = useDiscussionsTranslation();
  const { t: tVolunteers } = useVolunteersTranslation();
  // The page is long on a phone: a short list of its sections first.
  const contents = [
    { href: "#study-groups-section", label: t("community.groupsHeading") },
    { href: "#gallery", label: tGallery("heading") },
    { href: "#discussions", label: tDiscussions("heading") },
    { href: "#serve-with-us", label: tVolunteers("heading") },
  ];

  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={page.title} intro={page.body} />

      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <nav aria-labelledby="community-contents" className="mb-10">
          <h2 id="community-contents" className="sr-only">
            {t("community.onThisPage")}
          </h2>
          <ul className="flex flex-wrap gap-3">
            {contents.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  className="inline-flex min-h-11 items-center rounded-full border border-brand-600 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <section id="study-groups-section" aria-labelledby="study-groups" className="min-w-0 scroll-mt-24">
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

        <GallerySection data={loaderData.gallery} actionData={sectionPayload("gallery")} />
        <DiscussionsSection data={loaderData.discussions} actionData={sectionPayload("discussions")} />
        <VolunteersSection data={loaderData.volunteers} actionData={sectionPayload("volunteers")} />
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
