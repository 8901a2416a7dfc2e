import { ArrowRight } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { ContentIcon, gradientClasses } from "~/components/content-icon";
import type { HomeCard } from "~/features/content/get-home-page.server";
import { SectionHeading } from "./section-heading";

export function SpiritualHomeSection({ cards }: { cards: HomeCard[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-spiritual-home" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="home-spiritual-home" title={t("home.spiritualHome.title")} intro={t("home.spiritualHome.intro")} />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            <li
              key={card.key}
              className={`flex flex-col rounded-2xl bg-linear-to-br p-6 text-white shadow-md sm:p-8 ${gradientClasses(card.gradient)}`}
            >
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-white/15">
                <ContentIcon name={card.icon} className="h-7 w-7" />
              </span>
              <h3 className="mt-5 text-2xl font-bold">{card.title}</h3>
              <p className="mt-2 flex-1 text-white">{card.description}</p>
              {card.href ? (
                <Link
                  to={card.href}
                  className="mt-6 inline-flex min-h-11 items-center gap-2 self-start rounded-full bg-white px-5 text-sm font-semibold text-slate-900 hover:bg-slate-100"
                >
                  <span aria-hidden="true">{t("home.spiritualHome.explore")}</span>
                  <span className="sr-only">{t("home.spiritualHome.exploreLabel", { title: card.title })}</span>
                  <ArrowRight aria-hidden="true" className="h-4 w-4" />
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
