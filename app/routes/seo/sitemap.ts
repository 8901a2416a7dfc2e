import { buildSitemap } from "~/features/seo/build-sitemap";
import { listContentPaths } from "~/features/seo/list-content-paths.server";
import { getDatabase } from "~/server/db.server";
import { getEnv, siteUrl } from "~/server/env.server";

export async function loader() {
  const contentPaths = await listContentPaths({ db: getDatabase().db });
  return new Response(buildSitemap(siteUrl(getEnv()), contentPaths), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
