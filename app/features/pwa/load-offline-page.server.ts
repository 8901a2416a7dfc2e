import { data } from "react-router";
import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import { pwaTranslator } from "~/features/pwa/pwa-translation";
import { getRequestContext } from "~/server/request-context.server";

/**
 * The offline page (`/offline`): the service worker keeps a copy per language, fetched at
 * install without cookies, and shows it when a navigation fails. The facts a visitor needs
 * without a connection come from the settings as they were then.
 */
export async function loadOfflinePage({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const church = await getChurchProfile({ db, language });
  const t = pwaTranslator(language);
  return data(
    {
      title: `${t("offline.metaTitle")} | ${church.name}`,
      description: t("offline.intro"),
      church: {
        name: church.name,
        address: church.address,
        phone: church.phone,
        phoneDisplay: church.phoneDisplay,
        serviceTimes: church.serviceTimes,
        directionsUrl: church.directionsUrl,
      },
    },
    // Revalidated each time online; never private (the worker stores it).
    { headers: { "Cache-Control": "no-cache" } },
  );
}
