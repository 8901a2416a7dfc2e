import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundScreen } from "~/components/error-boundaries";
import { detectRequestLanguage } from "~/i18n/detect-language";
import { loadTranslation } from "~/i18n/i18n";
import { logger } from "~/server/logger.server";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { pathname } = url;
  logger.warn({ path: pathname, status: 404 }, "page not found");
  const translation = await loadTranslation(detectRequestLanguage(request).language);
  return data({ title: translation.pages.notFound.metaTitle }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "404" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <NotFoundScreen />;
}
