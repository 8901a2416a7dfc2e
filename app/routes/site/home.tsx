import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import type { loader as siteLayoutLoader } from "./layout";
import { deferredModule } from "~/components/deferred-hydration";
import { ErrorBoundary as SectionBoundary, PageErrorBoundary } from "~/components/error-boundaries";
import { HeroSection } from "~/components/home/hero-section";
import { AccountDeletedNotice } from "~/components/member/account-deleted-notice";
import { loadHomePage } from "~/features/content/load-home-page.server";
import { buildChurchJsonLd } from "~/features/seo/church-json-ld";
import { routeMeta } from "~/features/seo/route-meta";

// Everything after the hero is below the fold: rendered by the server, hydrated when the visitor
// scrolls to it or interacts (issue 10: first-load JavaScript of the home page).
const belowFold = deferredModule(() => import("~/components/home/below-fold"), "home");
const NewHereSection = belowFold.part((m) => m.NewHereSection);
const WelcomeSection = belowFold.part((m) => m.WelcomeSection);
const FlyerSection = belowFold.part((m) => m.FlyerSection);
const AboutSection = belowFold.part((m) => m.AboutSection);
const LeadershipSection = belowFold.part((m) => m.LeadershipSection);
const RecentMomentsSection = belowFold.part((m) => m.RecentMomentsSection);
const WhyChooseSection = belowFold.part((m) => m.WhyChooseSection);
const ContactSection = belowFold.part((m) => m.ContactSection);
const LiveStreamSection = belowFold.part((m) => m.LiveStreamSection);
const SpiritualHomeSection = belowFold.part((m) => m.SpiritualHomeSection);

export async function loader({ request }: Route.LoaderArgs) {
  return loadHomePage({ request });
}

// The Church JSON-LD is built from the layout's church profile: no second query for it.
export const meta: Route.MetaFunction = (args) => {
  const [root, site] = args.matches;
  const tags = routeMeta(args);
  if (!root?.loaderData || !site?.loaderData) return tags;
  // Before staff fill in the church's settings there is nothing true to tell a search engine.
  if (!site.loaderData.church.configured) return tags;
  const jsonLd = buildChurchJsonLd({
    church: site.loaderData.church,
    siteUrl: root.loaderData.siteUrl,
    description: args.loaderData?.seo.description,
  });
  return [...tags, { "script:ld+json": jsonLd }];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, recentImages } = loaderData;
  const site = useRouteLoaderData<typeof siteLayoutLoader>("routes/site/layout");
  // The layout loader always has a church profile (a blank one on an empty install).
  if (!site) throw new Error("Home page rendered outside the site layout");
  const { church } = site;
  const { blocks } = home;
  const newHere = blocks["home.new_here"];
  const welcome = blocks["home.welcome"];
  const flyer = blocks["home.flyer"];
  const live = blocks["home.live"];
  const vision = blocks["about.vision"];
  const mission = blocks["about.mission"];

  return (
    <main id="main" tabIndex={-1} className="overflow-x-clip focus:outline-none">
      <AccountDeletedNotice />
      <SectionBoundary variant="section">
        <HeroSection hero={blocks["home.hero"]} videos={home.heroVideos} church={church} />
      </SectionBoundary>
      {newHere ? (
        <SectionBoundary variant="section">
          <NewHereSection block={newHere} />
        </SectionBoundary>
      ) : null}
      {welcome ? (
        <SectionBoundary variant="section">
          <WelcomeSection block={welcome} />
        </SectionBoundary>
      ) : null}
      {flyer ? (
        <SectionBoundary variant="section">
          <FlyerSection block={flyer} />
        </SectionBoundary>
      ) : null}
      {vision || mission || home.values.length > 0 ? (
        <SectionBoundary variant="section">
          <AboutSection vision={vision} mission={mission} valuesIntro={blocks["about.values"]} values={home.values} />
        </SectionBoundary>
      ) : null}
      {home.leaders.length > 0 ? (
        <SectionBoundary variant="section">
          <LeadershipSection leaders={home.leaders} />
        </SectionBoundary>
      ) : null}
      <SectionBoundary variant="section">
        <RecentMomentsSection images={recentImages} />
      </SectionBoundary>
      {home.whyChooseCards.length > 0 ? (
        <SectionBoundary variant="section">
          <WhyChooseSection cards={home.whyChooseCards} churchName={church.name} />
        </SectionBoundary>
      ) : null}
      <SectionBoundary variant="section">
        <ContactSection church={church} />
      </SectionBoundary>
      {live ? (
        <SectionBoundary variant="section">
          <LiveStreamSection block={live} church={church} liveNow={home.liveNow} />
        </SectionBoundary>
      ) : null}
      {home.spiritualHomeCards.length > 0 ? (
        <SectionBoundary variant="section">
          <SpiritualHomeSection cards={home.spiritualHomeCards} />
        </SectionBoundary>
      ) : null}
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
