import { Users } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { ButtonLink } from "~/components/ui/button-link";
import type { Leader } from "~/features/content/list-leaders.server";
import { ResponsiveImage } from "~/components/media/responsive-image";
import { SectionHeading } from "./section-heading";

export function LeadershipSection({ leaders }: { leaders: Leader[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-leadership" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="home-leadership" title={t("home.leadership.title")} intro={t("home.leadership.intro")} />
        <ul className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-2">
          {leaders.map((leader) => (
            <li
              key={leader.key}
              className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8"
            >
              {leader.photoUrl ? (
                <ResponsiveImage
                  src={leader.photoUrl}
                  alt=""
                  sizes="8rem"
                  width={400}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="h-32 w-32 rounded-full bg-slate-200 object-cover ring-4 ring-brand-100"
                />
              ) : (
                <span className="flex h-32 w-32 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-4 ring-brand-100">
                  <Users aria-hidden="true" className="h-14 w-14" />
                </span>
              )}
              <h3 className="mt-5 font-serif text-2xl font-bold text-slate-900">{leader.name}</h3>
              <p className="mt-1 font-semibold text-brand-700">{leader.role}</p>
              <p className="mt-3 text-slate-700">{leader.bio}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <ButtonLink to="/about">{t("home.leadership.more")}</ButtonLink>
        </div>
      </div>
    </section>
  );
}
