import { useTranslation } from "~/i18n/react";
import type { Route } from "./+types/about";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { ServiceTimesList } from "~/components/service-times-list";
import { ButtonLink } from "~/components/ui/button-link";
import { loadAboutPage } from "~/features/content/load-about-page.server";
import { routeMeta } from "~/features/seo/route-meta";
import { ResponsiveImage } from "~/components/media/responsive-image";

export async function loader({ request }: Route.LoaderArgs) {
  return loadAboutPage({ request });
}

export const meta: Route.MetaFunction = routeMeta;

export default function About({ loaderData, matches }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { blocks, values, leaders } = loaderData;
  const church = matches[1].loaderData.church;
  const story = blocks["about.story"];
  const vision = blocks["about.vision"];
  const mission = blocks["about.mission"];
  const valuesIntro = blocks["about.values"];

  return (
    <main id="main" tabIndex={-1}>
      <div className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
          <h1 className="font-serif text-4xl font-bold sm:text-5xl">{t("nav.about")}</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-50">{t("pages.about.intro")}</p>
        </div>
      </div>

      {story ? (
        <section aria-labelledby="about-story" className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
          <h2 id="about-story" className="font-serif text-3xl font-bold text-brand-800">
            {story.title}
          </h2>
          {story.body.split(/\n{2,}/).map((p, i) => (
            <p key={i} className="mt-4 text-lg leading-relaxed text-slate-800">
              {p}
            </p>
          ))}
        </section>
      ) : null}

      {/* A section the church has not written yet is left out (an empty install has none). */}
      {vision || mission ? (
        <section aria-label={[vision?.title, mission?.title].filter(Boolean).join(", ")} className="bg-brand-50">
          <div className="mx-auto grid max-w-7xl gap-6 px-4 py-14 sm:px-6 md:grid-cols-2">
            {[vision, mission].map((block) =>
              block ? (
                <article key={block.key} className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-brand-100">
                  <h2 className="font-serif text-2xl font-bold text-brand-800">{block.title}</h2>
                  <p className="mt-3 text-lg leading-relaxed text-slate-800">{block.body}</p>
                </article>
              ) : null,
            )}
          </div>
        </section>
      ) : null}

      {valuesIntro || values.length > 0 ? (
        <section aria-labelledby="about-values" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
          <h2 id="about-values" className="font-serif text-3xl font-bold text-brand-800">
            {valuesIntro?.title ?? t("pages.about.valuesTitle")}
          </h2>
          {valuesIntro ? <p className="mt-3 text-lg text-slate-700">{valuesIntro.body}</p> : null}
          {values.length > 0 ? (
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {values.map((value) => (
                <li key={value.key} className="rounded-2xl border border-slate-200 p-6">
                  <h3 className="text-lg font-bold text-slate-900">{value.title}</h3>
                  <p className="mt-2 text-slate-700">{value.description}</p>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      {leaders.length > 0 ? (
        <section aria-labelledby="about-leaders" className="bg-slate-50">
          <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
            <h2 id="about-leaders" className="font-serif text-3xl font-bold text-brand-800">
              {t("pages.about.leadersTitle")}
            </h2>
            <div className="mt-8 grid gap-8 md:grid-cols-2">
              {leaders.map((leader) => (
                <article
                  key={leader.key}
                  className="flex flex-col gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:flex-row"
                >
                  {leader.photoUrl ? (
                    <ResponsiveImage
                      src={leader.photoUrl}
                      alt={t("pages.about.leaderPhotoAlt", { name: leader.name })}
                      sizes="10rem"
                      width={160}
                      height={160}
                      loading="lazy"
                      decoding="async"
                      className="h-40 w-40 shrink-0 rounded-2xl object-cover"
                    />
                  ) : null}
                  <div>
                    <h3 className="font-serif text-xl font-bold text-slate-900">{leader.name}</h3>
                    <p className="font-semibold text-brand-700">{leader.role}</p>
                    <p className="mt-3 leading-relaxed text-slate-700">{leader.bio}</p>
                  </div>
                </article>
              ))}
            </div>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="about-times" className="mx-auto grid max-w-7xl gap-8 px-4 py-14 sm:px-6 md:grid-cols-2">
        <div>
          <h2 id="about-times" className="font-serif text-3xl font-bold text-brand-800">
            {t("pages.about.serviceTimesTitle")}
          </h2>
          <ServiceTimesList times={church.serviceTimes} className="mt-6 text-lg" />
        </div>
        <div className="rounded-2xl bg-brand-800 p-8 text-white">
          <h2 className="font-serif text-2xl font-bold">{t("pages.about.visitTitle")}</h2>
          <p className="mt-3 text-brand-50">{t("pages.about.visitBody")}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to="/plan-visit" variant="accent">
              {t("pages.about.visitCta")}
            </ButtonLink>
            <ButtonLink to="/watch" variant="outline">
              {t("pages.about.watchCta")}
            </ButtonLink>
          </div>
        </div>
      </section>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
