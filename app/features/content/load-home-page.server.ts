import { getRequestContext } from "~/server/request-context.server";
import { getHomePage } from "./get-home-page.server";
import { listRecentGalleryImages } from "./list-recent-gallery-images.server";

export async function loadHomePage({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const home = await getHomePage({ db, language });
  // Streamed: the page renders with placeholders while Recent Moments loads.
  const recentImages = listRecentGalleryImages({ db, language, limit: 4 });
  const hero = home.blocks["home.hero"];
  return {
    home,
    recentImages,
    seo: {
      title: hero?.title ?? "",
      description: hero?.summary ?? hero?.body ?? "",
    },
  };
}
