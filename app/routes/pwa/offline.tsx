import { WifiOff } from "lucide-react";
import type { Route } from "./+types/offline";
import { ChurchAddress, hasAddress } from "~/components/church-address";
import { hasPhone } from "~/components/contact-links";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { ServiceTimesList } from "~/components/service-times-list";
import { usePwaTranslation } from "~/features/pwa/pwa-translation";
import { loadOfflinePage } from "~/features/pwa/load-offline-page.server";

export async function loader({ request }: Route.LoaderArgs) {
  return loadOfflinePage({ request });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

// noindex on purpose: the service worker's fallback page has nothing for a search result.
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Offline" },
  ...(loaderData?.description ? [{ name: "description", content: loaderData.description }] : []),
  { name: "robots", content: "noindex" },
];

export default function Offline({ loaderData }: Route.ComponentProps) {
  const { t } = usePwaTranslation();
  const { church } = loaderData;
  // Only the facts the church has filled in; without an address or a phone there is no "how to find us".
  const showAddress = hasAddress(church.address);
  const showPhone = hasPhone(church.phone);
  const findUs = showAddress || showPhone;
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <WifiOff aria-hidden="true" className="h-10 w-10 text-brand-700" />
      <h1 className="mt-4 font-serif text-3xl font-bold text-brand-800 sm:text-4xl">{t("offline.title")}</h1>
      <p className="mt-4 text-lg text-slate-800">{t(findUs ? "offline.intro" : "offline.introPlain")}</p>
      <div className={`mt-8 grid gap-6 ${findUs ? "sm:grid-cols-2" : ""}`}>
        <section aria-labelledby="offline-times" className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100">
          <h2 id="offline-times" className="font-serif text-xl font-bold text-brand-800">
            {t("offline.serviceTimes")}
          </h2>
          <ServiceTimesList times={church.serviceTimes} className="mt-3 text-slate-900" />
        </section>
        {findUs ? (
          <section aria-labelledby="offline-address" className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100">
            <h2 id="offline-address" className="font-serif text-xl font-bold text-brand-800">
              {t("offline.address")}
            </h2>
            <ChurchAddress address={church.address} label={t("offline.address")} className="mt-3 text-slate-900" />
            {showPhone ? (
              <p className="mt-3">
                <span className="font-medium">{t("offline.phone")}: </span>
                <a href={`tel:${church.phone}`} className="text-brand-700 underline">
                  {church.phoneDisplay || church.phone}
                </a>
              </p>
            ) : null}
          </section>
        ) : null}
      </div>
      <p className="mt-8">
        <a
          href="/"
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {t("offline.home")}
        </a>
      </p>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
