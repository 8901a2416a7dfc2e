import { Calendar, Clock, ExternalLink, MapPin, MessageSquareText, Phone } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { canText, hasPhone, smsHref, telHref } from "~/components/contact-links";
import { ErrorBoundary } from "~/components/error-boundaries";
import { ServiceTimesList } from "~/components/service-times-list";
import { buttonClasses } from "~/components/ui/button-link";
import type { ChurchProfile } from "~/platform/church/get-church-profile.server";
import { ChurchAddress, hasAddress } from "~/components/church-address";
import { SectionHeading } from "./section-heading";

const contactLink =
  "inline-flex min-h-11 items-center gap-3 font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline";

export function ContactSection({ church }: { church: ChurchProfile }) {
  const { t } = useTranslation();
  // Only what the church has filled in; the invitation to call or text only with a number.
  const showAddress = hasAddress(church.address);
  const showCall = hasPhone(church.phone);
  const showText = canText(church.phone, church.smsKeyword);
  const showContact = showAddress || showCall || showText;
  const phone = church.phoneDisplay || church.phone;
  return (
    <section aria-labelledby="home-contact" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="home-contact"
          title={t("home.contact.title")}
          intro={t(showCall ? "home.contact.intro" : "home.contact.introNoPhone")}
        />
        <div className={`mt-10 grid gap-8 ${church.mapEmbedUrl ? "lg:grid-cols-2" : "mx-auto max-w-2xl"}`}>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            {showContact ? (
              <address className="space-y-4 not-italic">
                <ChurchAddress
                  address={church.address}
                  label={t("home.contact.addressLabel")}
                  className="gap-3 text-slate-800"
                  iconClassName="text-brand-700"
                />
                {showCall ? (
                  <p>
                    <a href={telHref(church.phone)} className={contactLink}>
                      <Phone aria-hidden="true" className="h-5 w-5 shrink-0" />
                      {t("home.contact.call", { phone })}
                    </a>
                  </p>
                ) : null}
                {showText ? (
                  <p>
                    <a href={smsHref(church.phone, church.smsKeyword)} className={contactLink}>
                      <MessageSquareText aria-hidden="true" className="h-5 w-5 shrink-0" />
                      {t("home.contact.text", { keyword: church.smsKeyword, phone })}
                    </a>
                  </p>
                ) : null}
              </address>
            ) : null}
            <h3
              className={`flex items-center gap-2 text-lg font-bold text-slate-900 ${showContact ? "mt-6 border-t border-slate-200 pt-6" : ""}`}
            >
              <Clock aria-hidden="true" className="h-5 w-5 text-brand-700" />
              {t("home.contact.serviceTimes")}
            </h3>
            <ServiceTimesList times={church.serviceTimes} className="mt-3 text-slate-800" />
            <div className="mt-6 flex flex-wrap gap-3 border-t border-slate-200 pt-6">
              {church.directionsUrl ? (
                <a href={church.directionsUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
                  <MapPin aria-hidden="true" className="h-4 w-4" />
                  {t("home.contact.directions")}
                  <ExternalLink aria-hidden="true" className="h-4 w-4" />
                  <span className="sr-only"> {t("common.opensInNewTab")}</span>
                </a>
              ) : null}
              <Link to="/events" className={`${buttonClasses("outline")} text-brand-800`}>
                <Calendar aria-hidden="true" className="h-4 w-4" />
                {t("home.contact.events")}
              </Link>
            </div>
          </div>
          {church.mapEmbedUrl ? (
            <ErrorBoundary variant="component">
              <iframe
                src={church.mapEmbedUrl}
                title={t("home.contact.mapTitle", { name: church.name })}
                loading="lazy"
                sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
                className="aspect-[4/3] h-full min-h-72 w-full rounded-2xl border border-slate-200 bg-slate-100"
              />
            </ErrorBoundary>
          ) : null}
        </div>
      </div>
    </section>
  );
}
