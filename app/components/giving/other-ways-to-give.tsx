import { Church, Mail, MessageSquareText } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { ServiceTimesList } from "~/components/service-times-list";
import type { ChurchProfile } from "~/platform/church/get-church-profile.server";
import type { GivePageData } from "~/features/giving/give-page.server";
import { useGivingTranslation } from "~/features/giving/giving-translation";

/** In person (the service times), by mail (checks payable to the church) and by text: always on /give. */
export function OtherWaysToGive({ ways, prominent }: { ways: GivePageData["ways"]; prominent: boolean }) {
  const { t } = useGivingTranslation();
  const site = useRouteLoaderData("routes/site/layout") as { church: ChurchProfile | null } | undefined;
  const times = site?.church?.serviceTimes ?? [];
  const card = "min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6";
  const heading = "flex items-center gap-2 font-serif text-xl font-bold text-slate-900";
  return (
    <section id="other-ways" aria-labelledby="other-ways-heading" className={`min-w-0 scroll-mt-24 ${prominent ? "" : "mt-16"}`}>
      <h2 id="other-ways-heading" className="font-serif text-3xl font-bold text-brand-800">
        {t("ways.heading")}
      </h2>
      <div className="mt-6 grid gap-6 md:grid-cols-3">
        <section aria-labelledby="give-in-person" className={card}>
          <h3 id="give-in-person" className={heading}>
            <Church aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
            {t("ways.inPersonHeading")}
          </h3>
          <p className="mt-3 text-slate-800">{t(times.length ? "ways.inPerson" : "ways.inPersonNoTimes")}</p>
          {times.length ? <ServiceTimesList times={times} className="mt-3 text-slate-900" /> : null}
        </section>
        {/* Only with an address to mail to (an empty install has none yet). */}
        {ways.addressLines.length > 0 ? (
          <section aria-labelledby="give-by-mail" className={card}>
            <h3 id="give-by-mail" className={heading}>
              <Mail aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
              {t("ways.mailHeading")}
            </h3>
            <p className="mt-3 wrap-anywhere text-slate-800">{t("ways.mail", { church: ways.churchName })}</p>
            <address className="mt-2 not-italic wrap-anywhere text-slate-900">
              {ways.churchName}
              {ways.addressLines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </section>
        ) : null}
        {ways.text ? (
          <section aria-labelledby="give-by-text" className={card}>
            <h3 id="give-by-text" className={heading}>
              <MessageSquareText aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
              {t("ways.textHeading")}
            </h3>
            <p className="mt-3 wrap-anywhere text-slate-800">{t("ways.text", { keyword: ways.text.keyword, number: ways.text.number })}</p>
          </section>
        ) : null}
      </div>
    </section>
  );
}
