import { excerpt } from "~/features/home/excerpt";
import type { PageSeoInput } from "~/features/seo/route-meta";
import { logger } from "~/server/logger.server";
import { getRequestContext } from "~/server/request-context.server";
import { getHomePage } from "./get-home-page.server";
import { listRecentGalleryImages } from "./list-recent-gallery-images.server";

const LEADER_BIO_LENGTH = 200;

export async function loadHomePage({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  // Streamed: the page renders with placeholders while Recent Moments loads.
  const recentImages = listRecentGalleryImages({ db, language, limit: 4 });
  // The strip shows its own error, so nothing else reports the cause: log it. Attaching the
  // handler now also keeps an early failure from becoming an unhandled rejection.
  recentImages.catch((error: unknown) => logger.error({ err: error }, "Recent Moments gallery query failed"));
  const page = await getHomePage({ db, language });
  // The home page shows a short bio; cutting it here keeps the full text out of the payload.
  const home = { ...page, leaders: page.leaders.map((l) => ({ ...l, bio: excerpt(l.bio, LEADER_BIO_LENGTH) })) };
  const hero = home.blocks["home.hero"];
  const description = hero?.summary ?? hero?.body ?? "";
  const seo: PageSeoInput = { title: hero?.title ?? "", description };
  return { home, recentImages, seo };
}
