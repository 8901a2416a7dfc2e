import type { ContentBlock } from "~/platform/content/get-content-blocks.server";
import { ResponsiveImage } from "~/components/media/responsive-image";
import { BlockText } from "./section-heading";

export function WelcomeSection({ block }: { block: ContentBlock }) {
  return (
    <section aria-labelledby="home-welcome" className="py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <h2 id="home-welcome" className="font-serif text-3xl font-bold text-brand-800 sm:text-4xl">
            {block.title}
          </h2>
          <BlockText text={block.body} className="mt-4 text-lg leading-relaxed text-slate-700" />
        </div>
        {block.imageUrl ? (
          <ResponsiveImage
            src={block.imageUrl}
            alt={block.imageAlt}
            sizes="(min-width: 1280px) 38rem, (min-width: 1024px) calc(50vw - 3rem), calc(100vw - 2rem)"
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full rounded-3xl bg-slate-200 object-cover shadow-lg"
          />
        ) : null}
      </div>
    </section>
  );
}
