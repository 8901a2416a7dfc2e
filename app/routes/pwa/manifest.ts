import type { Route } from "./+types/manifest";
import { buildManifest } from "~/features/pwa/build-manifest.server";
import { getRequestContext } from "~/server/request-context.server";

/** `/manifest.webmanifest`: the language from `?lang=`, then the language cookie, then Accept-Language. */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, language } = getRequestContext(request);
  const manifest = await buildManifest({ db, language });
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      Vary: "Cookie, Accept-Language",
      "Content-Language": language,
    },
  });
}
