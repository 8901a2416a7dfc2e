import { Accessibility, Baby, Car, Clock, ExternalLink, MapPin, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { ChurchAddress, hasAddress } from "~/components/church-address";
import { hasPhone } from "~/components/contact-links";
import { ErrorBoundary } from "~/components/error-boundaries";
import { ServiceTimesList } from "~/components/service-times-list";
import { buttonClasses } from "~/components/ui/button-link";
import type { ChurchProfile } from "~/platform/church/get-church-profile.server";
import type { VisitT } from "~/features/visit/visit-translation";
import { useTranslation } from "~/i18n/react";

const headingClasses = "flex items-center gap-2 font-serif text-2xl font-bold text-brand-800";
const cardClasses = "min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";

function Section({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cardClasses}>
      <h2 id={id} className={headingClasses}>
        {icon}
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-lg leading-relaxed text-slate-800">{children}</div>
    </section>
  );
}

const EXPECT = [
  ["expect.lengthTitle", "expect.length"],
  ["expect.musicTitle", "expect.music"],
  ["expect.dressTitle", "expect.dress"],
  ["expect.communionTitle", "expect.communion"],
  ["expect.welcomeTitle", "expect.welcome"],
] as const;

/** Everything a first-time visitor asks before coming: what happens, when, where, kids, access. */
export function VisitSections({ t, church }: { t: VisitT; church: ChurchProfile | null }) {
  const main = useTranslation().t;
  const icon = "h-6 w-6 shrink-0";
  return (
    <div className="grid gap-6">
      <Section id="visit-expect" title={t("expect.heading")} icon={<Sparkles aria-hidden="true" className={icon} />}>
        <dl className="grid gap-4 sm:grid-cols-2">
          {EXPECT.map(([title, body]) => (
            <div key={title} className="min-w-0">
              <dt className="font-semibold text-slate-900">{t(title)}</dt>
              <dd className="text-base text-slate-800">{t(body)}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="visit-times" title={t("times.heading")} icon={<Clock aria-hidden="true" className={icon} />}>
          {/* "Please call the church office" only when there is a number to call. */}
          <ServiceTimesList times={church?.serviceTimes ?? []} empty={church && hasPhone(church.phone) ? t("times.none") : undefined} />
        </Section>
        <Section id="visit-kids" title={t("kids.heading")} icon={<Baby aria-hidden="true" className={icon} />}>
          <p>{t("kids.body")}</p>
          <p>{t("kids.checkIn")}</p>
        </Section>
      </div>
      <Section id="visit-location" title={t("location.heading")} icon={<MapPin aria-hidden="true" className={icon} />}>
        <div className={`grid gap-6 ${church?.mapEmbedUrl ? "lg:grid-cols-2" : ""}`}>
          <div className="min-w-0 space-y-4">
            {church && hasAddress(church.address) ? (
              <address className="not-italic">
                <ChurchAddress
                  address={church.address}
                  label={main("home.contact.addressLabel")}
                  className="gap-3"
                  iconClassName="text-brand-700"
                />
              </address>
            ) : (
              <p>{t("location.noAddress")}</p>
            )}
            {church?.directionsUrl ? (
              <p>
                <a href={church.directionsUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
                  <ExternalLink aria-hidden="true" className="h-4 w-4" />
                  {t("location.directions")}
                </a>
              </p>
            ) : null}
            <h3 className="flex items-center gap-2 pt-2 text-xl font-bold text-slate-900">
              <Car aria-hidden="true" className="h-5 w-5 text-brand-700" />
              {t("location.parkingTitle")}
            </h3>
            <p>{t("location.parking")}</p>
          </div>
          {church?.mapEmbedUrl ? (
            <ErrorBoundary variant="component">
              <iframe
                src={church.mapEmbedUrl}
                title={t("location.mapTitle", { name: church.name })}
                loading="lazy"
                sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
                className="aspect-[4/3] min-h-64 w-full min-w-0 rounded-2xl border border-slate-200 bg-slate-100"
              />
            </ErrorBoundary>
          ) : null}
        </div>
      </Section>
      <Section id="visit-access" title={t("access.heading")} icon={<Accessibility aria-hidden="true" className={icon} />}>
        <p>{t("access.body")}</p>
      </Section>
    </div>
  );
}
