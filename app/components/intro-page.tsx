import { Clock } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { useRouteLoaderData } from "react-router";
import type { ChurchProfile } from "~/features/content/get-church-profile.server";
import type { ContentBlock } from "~/features/content/get-content-blocks.server";
import { ServiceTimesList } from "./service-times-list";
import { PageBand } from "~/components/page-band";

/** Heading band and introduction of a page, with the church's service times beside it. */
export function IntroPage({ page }: { page: ContentBlock }) {
  const { t } = useTranslation();
  const site = useRouteLoaderData("routes/site/layout") as { church: ChurchProfile } | undefined;
  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={page.title} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {page.body.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i} className="mb-4 text-lg leading-relaxed text-slate-800">
              {paragraph}
            </p>
          ))}
        </div>
        {site ? (
          <aside aria-labelledby="intro-times" className="rounded-2xl bg-brand-50 p-6 text-slate-900">
            <h2 id="intro-times" className="flex items-center gap-2 font-serif text-xl font-bold text-brand-800">
              <Clock aria-hidden="true" className="h-5 w-5" />
              {t("footer.serviceTimes")}
            </h2>
            <ServiceTimesList times={site.church.serviceTimes} className="mt-4" />
          </aside>
        ) : null}
      </div>
    </main>
  );
}
