import type { Route } from "./+types/about";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { routeMeta } from "~/features/seo/route-meta";
import { loadAboutPage } from "~/features/content/load-about-page.server";

export async function loader({ request }: Route.LoaderArgs) {
  return loadAboutPage({ request });
}

export const meta: Route.MetaFunction = routeMeta;

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1}>
      <h1>{loaderData.blocks["about.story"]?.title}</h1>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
