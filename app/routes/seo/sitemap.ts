import { buildSitemap } from "~/features/seo/build-sitemap";
import { getEnv, siteUrl } from "~/server/env.server";

export function loader() {
  return new Response(buildSitemap(siteUrl(getEnv())), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
