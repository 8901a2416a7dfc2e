import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundScreen } from "~/components/error-boundaries";
import { logger } from "~/server/logger.server";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  logger.warn({ path: pathname, status: 404 }, "page not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: "404" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundScreen />;
}
