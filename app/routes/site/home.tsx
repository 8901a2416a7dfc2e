import type { Route } from "./+types/home";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { loadHomePage } from "~/features/content/load-home-page.server";
import { routeMeta } from "~/features/seo/route-meta";

export async function loader({ request }: Route.LoaderArgs) {
  return loadHomePage({ request });
}

export const meta: Route.MetaFunction = routeMeta;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" tabIndex={-1}>
      <h1>{loaderData.home.blocks["home.hero"]?.title}</h1>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
