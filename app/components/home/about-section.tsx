import { BookOpen, Check, Heart } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import type { ChurchValue } from "~/features/content/list-church-values.server";
import type { ContentBlock } from "~/platform/content/get-content-blocks.server";
import { SectionHeading } from "./section-heading";

export function AboutSection({
  vision,
  mission,
  valuesIntro,
  values,
}: {
  vision: ContentBlock | undefined;
  mission: ContentBlock | undefined;
  valuesIntro: ContentBlock | undefined;
  values: ChurchValue[];
}) {
  const { t } = useTranslation();
  const statements = [
    { block: vision, Icon: Heart },
    { block: mission, Icon: BookOpen },
  ];
  return (
    <section aria-labelledby="home-about" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="home-about" title={t("home.about.title")} intro={t("home.about.intro")} />
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {statements.map(({ block, Icon }) =>
            block ? (
              <article key={block.key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
                <Icon aria-hidden="true" className="h-8 w-8 text-brand-700" />
                <h3 className="mt-4 font-serif text-2xl font-bold text-slate-900">{block.title}</h3>
                <p className="mt-3 text-lg leading-relaxed text-slate-700">{block.body}</p>
              </article>
            ) : null,
          )}
        </div>
        {values.length > 0 ? (
          <div className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            {valuesIntro ? <h3 className="font-serif text-2xl font-bold text-slate-900">{valuesIntro.title}</h3> : null}
            {valuesIntro?.body ? <p className="mt-2 text-lg text-slate-700">{valuesIntro.body}</p> : null}
            <ul className="mt-6 grid gap-6 sm:grid-cols-2">
              {values.map((value) => (
                <li key={value.key} className="flex gap-3">
                  <Check aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
                  <div>
                    <p className="font-semibold text-slate-900">{value.title}</p>
                    <p className="mt-1 text-slate-700">{value.description}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
