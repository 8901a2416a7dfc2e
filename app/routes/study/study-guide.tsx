import { Link } from "react-router";
import type { Route } from "./+types/study-guide";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { GuideSections } from "~/components/study/guide-sections";
import { PassageDisplay } from "~/components/study/passage-display";
import { loadGuidePage } from "~/features/study/archive-pages.server";
import { useStudyTranslation } from "~/features/study/study-translation";
import { routeMeta } from "~/features/seo/route-meta";

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadGuidePage({ request, slug: params.slug });
}

export const meta: Route.MetaFunction = routeMeta;

export default function StudyGuidePage({ loaderData }: Route.ComponentProps) {
  const { t } = useStudyTranslation();
  const { guide, passage } = loaderData;
  return (
    <main id="main" tabIndex={-1}>
      <div className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-50">
            <time dateTime={guide.weekOf}>{t("hub.weekOf", { date: guide.weekLabel })}</time>
          </p>
          <h1 className="mt-2 font-serif text-4xl font-bold wrap-anywhere sm:text-5xl">{guide.title}</h1>
        </div>
      </div>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <GuideSections
          guide={guide}
          t={t}
          level={2}
          passage={passage ? <PassageDisplay passage={passage} t={t} idPrefix="guide" /> : null}
        />
        <p className="mt-10">
          <Link to="/past-bible-studies" className="font-semibold text-brand-800 underline underline-offset-4">
            {t("guide.back")}
          </Link>
        </p>
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
