import { HandHeart } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { ButtonLink } from "~/components/ui/button-link";
import type { ContentBlock } from "~/platform/content/get-content-blocks.server";
import { BlockText } from "./section-heading";

export function NewHereSection({ block }: { block: ContentBlock }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-new-here" data-tour="newHere" className="bg-brand-50 py-14 sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="flex flex-col gap-6 rounded-3xl border border-brand-100 bg-white p-6 shadow-sm sm:p-10 md:flex-row md:items-center">
          <HandHeart aria-hidden="true" className="h-12 w-12 shrink-0 text-brand-700" />
          <div className="flex-1">
            <h2 id="home-new-here" className="font-serif text-3xl font-bold text-brand-800">
              {block.title}
            </h2>
            <BlockText text={block.body} className="mt-3 max-w-3xl text-lg text-slate-700" />
          </div>
          <div className="flex flex-wrap gap-3 md:flex-col">
            <ButtonLink to="/plan-visit">{t("home.newHere.planVisit")}</ButtonLink>
            <ButtonLink to="/watch" variant="outline" className="text-brand-800">
              {t("home.newHere.watch")}
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
