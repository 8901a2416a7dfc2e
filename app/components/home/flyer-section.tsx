import { Calendar } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { ButtonLink } from "~/components/ui/button-link";
import type { ContentBlock } from "~/platform/content/get-content-blocks.server";
import { ResponsiveImage } from "~/components/media/responsive-image";
import { BlockText } from "./section-heading";

/**
 * The current event flyer: the featured event (its image, title and page), or the home.flyer
 * content block when no featured event has an image.
 */
export function FlyerSection({ block }: { block: ContentBlock }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-flyer" className="bg-amber-50 py-16 sm:py-20">
      <div className="mx-auto grid max-w-5xl items-center gap-10 px-4 sm:px-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {block.imageUrl ? (
          <ResponsiveImage
            src={block.imageUrl}
            alt={block.imageAlt}
            sizes="(min-width: 416px) 24rem, calc(100vw - 2rem)"
            width={800}
            height={1000}
            loading="lazy"
            decoding="async"
            className="mx-auto aspect-[4/5] w-full max-w-sm rounded-2xl bg-amber-100 object-cover shadow-xl"
          />
        ) : null}
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-amber-200 px-3 py-1 text-sm font-semibold text-amber-950">
            <Calendar aria-hidden="true" className="h-4 w-4" />
            {t("home.flyer.badge")}
          </p>
          <h2 id="home-flyer" className="mt-4 font-serif text-3xl font-bold text-slate-900 sm:text-4xl">
            {block.title}
          </h2>
          <BlockText text={block.body} className="mt-4 text-lg leading-relaxed text-slate-800" />
          <ButtonLink to={block.linkUrl ?? "/events"} className="mt-6">
            {t("home.flyer.cta", { title: block.title })}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
