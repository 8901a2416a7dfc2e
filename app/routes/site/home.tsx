import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import type { loader as siteLayoutLoader } from "./layout";
import { ErrorBoundary as SectionBoundary, PageErrorBoundary } from "~/components/error-boundaries";
import { AboutSection } from "~/components/home/about-section";
import { ContactSection } from "~/components/home/contact-section";
import { FlyerSection } from "~/components/home/flyer-section";
import { HeroSection } from "~/components/home/hero-section";
import { LeadershipSection } from "~/components/home/leadership-section";
import { LiveStreamSection } from "~/components/home/live-stream-section";
import { NewHereSection } from "~/components/home/new-here-section";
import { RecentMomentsSection } from "~/components/home/recent-moments-section";
import { SpiritualHomeSection } from "~/components/home/spiritual-home-section";
import { WelcomeSection } from "~/components/home/welcome-section";
import { WhyChooseSection } from "~/components/home/why-choose-section";
import { AccountDeletedNotice } from "~/components/member/account-deleted-notice";
import { loadHomePage } from "~/features/content/load-home-page.server";
import { buildChurchJsonLd } from "~/features/seo/church-json-ld";
import { routeMeta } from "~/features/seo/route-meta";

export async function loader({ request }: Route.LoaderArgs) {
  return loadHomePage({ request });
}

// The Church JSON-LD is built from the layout's church profile: no second query for it.
export const meta: Route.MetaFunction = (args) => {
  const [root, site] = args.matches;
  const tags = routeMeta(args);
  if (!root?.data || !site?.data) return tags;
  const jsonLd = buildChurchJsonLd({
    church: site.data.church,
    siteUrl: root.data.siteUrl,
    description: args.data?.seo.description,
  });
  return [...tags, { "script:ld+json": jsonLd }];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, recentImages } = loaderData;
  const site = useRouteLoaderData<typeof siteLayoutLoader>("routes/site/layout");
  // The layout loader answers 503 when the church is not configured, so this never renders without it.
  if (!site) throw new Error("Home page rendered outside the site layout");
  const { church } = site;
  const { blocks } = home;
  const newHere = blocks["home.new_here"];
  const welcome = blocks["home.welcome"];
  const flyer = blocks["home.flyer"];
  const live = blocks["home.live"];

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
      <SectionBoundary variant="section">
        <AboutSection
          vision={blocks["about.vision"]}
          mission={blocks["about.mission"]}
          valuesIntro={blocks["about.values"]}
          values={home.values}
        />
      </SectionBoundary>
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
