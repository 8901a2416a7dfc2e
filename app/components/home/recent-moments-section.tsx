import { ArrowRight } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "~/i18n/react";
import { Await, Link, useRevalidator } from "react-router";
import { Spinner } from "~/components/ui/spinner";
import { buttonClasses } from "~/components/ui/button-link";
import type { GalleryImage } from "~/features/content/list-recent-gallery-images.server";
import { GalleryPicture } from "~/components/gallery/gallery-picture";
import { SectionHeading } from "./section-heading";

/** Spec: the home strip shows the 4 newest photos. */
const SLOTS = 4;
const tile = "aspect-[4/3] w-full rounded-xl";

/** The 4 newest gallery photos, streamed after the rest of the page. */
export function RecentMomentsSection({ images }: { images: Promise<GalleryImage[]> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-recent-moments" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="home-recent-moments" title={t("home.recentMoments.title")} intro={t("home.recentMoments.intro")} />
        <div className="mt-10">
          <Suspense fallback={<RecentMomentsLoading />}>
            <Await resolve={images} errorElement={<RecentMomentsError />}>
              {(list) => <RecentMomentsList images={list} />}
            </Await>
          </Suspense>
        </div>
        <p className="mt-8 text-center">
          <Link
            to="/community"
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            {t("home.recentMoments.seeAll")}
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </p>
      </div>
    </section>
  );
}

function RecentMomentsLoading() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true">
      <p className="sr-only" role="status">
        {t("home.recentMoments.loading")}
      </p>
      <ul aria-hidden="true" className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {Array.from({ length: SLOTS }, (_, i) => (
          <li key={i} className={`${tile} animate-pulse bg-slate-200`} />
        ))}
      </ul>
    </div>
  );
}

function RecentMomentsError() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const busy = revalidator.state === "loading";
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-xl border border-rose-200 bg-rose-50 p-6 text-center text-rose-900"
    >
      <p className="font-semibold">{t("home.recentMoments.error")}</p>
      <button type="button" className={buttonClasses()} disabled={busy} onClick={() => void revalidator.revalidate()}>
        {busy ? <Spinner size="sm" /> : null}
        {busy ? t("home.recentMoments.retrying") : t("home.recentMoments.retry")}
      </button>
    </div>
  );
}

function RecentMomentsList({ images }: { images: GalleryImage[] }) {
  const { t } = useTranslation();
  if (images.length === 0) {
    return <p className="rounded-xl bg-white p-6 text-center text-slate-700">{t("home.recentMoments.empty")}</p>;
  }
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
      {images.slice(0, SLOTS).map((image) => (
        <li key={image.id}>
          <Link to="/community" className="group relative block overflow-hidden rounded-xl">
            <GalleryPicture
              image={image}
              alt={image.title}
              sizes="(min-width: 1280px) 18rem, (min-width: 768px) 25vw, 50vw"
              className={`${tile} h-auto bg-slate-200 object-cover transition-transform duration-300 group-hover:scale-105`}
            />
            <span
              aria-hidden="true"
              className="absolute inset-x-0 bottom-0 bg-linear-to-t from-slate-950/85 to-transparent px-3 pt-8 pb-2 text-sm font-semibold text-white"
            >
              {image.title}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
