import { Clock } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { useRouteLoaderData } from "react-router";
import type { ChurchProfile } from "~/features/content/get-church-profile.server";
import type { ContentBlock } from "~/features/content/get-content-blocks.server";
import { ServiceTimesList } from "./service-times-list";

/** Heading band and introduction of a page, with the church's service times beside it. */
export function IntroPage({ page }: { page: ContentBlock }) {
  const { t } = useTranslation();
  const site = useRouteLoaderData("routes/site/layout") as { church: ChurchProfile } | undefined;
  return (
    <main id="main" tabIndex={-1}>
      <div className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
          <h1 className="font-serif text-4xl font-bold sm:text-5xl">{page.title}</h1>
        </div>
      </div>
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
