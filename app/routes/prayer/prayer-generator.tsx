import { data } from "react-router";
import type { Route } from "./+types/prayer-generator";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { PageBand } from "~/components/page-band";
import { GeneratorForm } from "~/components/prayer-generator/generator-form";
import { PrayerResult } from "~/components/prayer-generator/prayer-result";
import { SavedPrayers } from "~/components/prayer-generator/saved-prayers";
import { useGeneratorTranslation } from "~/features/prayer-generator/generator-translation";
import type { GeneratorActionData } from "~/features/prayer-generator/generator-views";
import { loadPrayerGenerator } from "~/features/prayer-generator/load-prayer-generator.server";
import { runGeneratorAction } from "~/features/prayer-generator/run-generator-action.server";
import { routeMeta } from "~/features/seo/route-meta";

export async function loader({ request }: Route.LoaderArgs) {
  return loadPrayerGenerator({ request });
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await runGeneratorAction({ request });
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  return data(outcome.data, { status: outcome.status, headers });
}

export const meta: Route.MetaFunction = routeMeta;

/** /prayer-generator: compose a prayer on a topic; members keep it or post it to the prayer wall. */
export default function PrayerGeneratorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useGeneratorTranslation();
  const { page, topic, signedIn, saved } = loaderData;
  const result = actionData as GeneratorActionData | undefined;
  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={page.title} intro={page.body} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-2">
        <div className="min-w-0">
          <GeneratorForm t={t} language={language} topic={topic} result={result} />
        </div>
        <div className="min-w-0 space-y-6">
          <PrayerResult t={t} language={language} result={result} signedIn={signedIn} />
          {signedIn ? <SavedPrayers t={t} saved={saved} result={result} /> : null}
        </div>
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
