import type { Route } from "./+types/intro-page";
import { IntroPage } from "~/components/intro-page";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { loadIntroPage } from "~/features/content/load-intro-page.server";
import { routeMeta } from "~/features/seo/route-meta";

// One module serves every page whose feature arrives in a later issue (see routes.ts).
export async function loader({ request }: Route.LoaderArgs) {
  return loadIntroPage({ request });
}

export const meta: Route.MetaFunction = routeMeta;

export default function IntroPageRoute({ loaderData }: Route.ComponentProps) {
  return <IntroPage page={loaderData.page} />;
}

export const ErrorBoundary = PageErrorBoundary;
