import { useTranslation } from "~/i18n/react";
import { ContentIcon, gradientClasses } from "~/components/content-icon";
import type { HomeCard } from "~/features/content/get-home-page.server";
import { SectionHeading } from "./section-heading";

export function WhyChooseSection({ cards, churchName }: { cards: HomeCard[]; churchName: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-why-choose" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="home-why-choose" title={t("home.whyChoose.title", { name: churchName })} intro={t("home.whyChoose.intro")} />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map((card) => (
            <li key={card.key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span
                className={`inline-flex h-12 w-12 items-center justify-center rounded-xl bg-linear-to-br text-white ${gradientClasses(card.gradient)}`}
              >
                <ContentIcon name={card.icon} />
              </span>
              <h3 className="mt-4 text-xl font-bold text-slate-900">{card.title}</h3>
              <p className="mt-2 text-slate-700">{card.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
