import { MessageSquareText, Phone } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import type { ChurchProfile } from "~/platform/church/get-church-profile.server";
import { mainLinks, resourceLinks } from "~/features/navigation/site-links";
import { ChurchAddress, hasAddress } from "./church-address";
import { ServiceTimesList } from "./service-times-list";
import { canText, hasPhone, smsHref, telHref } from "./contact-links";

// Literal class names, so Tailwind sees them: the large-screen grid has a column per section shown.
const largeColumns = ["", "lg:grid-cols-1", "lg:grid-cols-2", "lg:grid-cols-3", "lg:grid-cols-4"] as const;

export function SiteFooter({ church }: { church: ChurchProfile }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  // A fact the church has not filled in is left out; a column with nothing in it is not drawn.
  const showAddress = hasAddress(church.address);
  const showCall = hasPhone(church.phone);
  const showText = canText(church.phone, church.smsKeyword);
  const showContact = showAddress || showCall || showText;
  const socialLinks = (
    [
      { name: "facebook", url: church.facebookUrl },
      { name: "youtube", url: church.youtubeUrl },
    ] as const
  ).flatMap(({ name, url }) => (url ? [{ name, url }] : []));
  const showSocial = socialLinks.length > 0;
  const phoneShown = church.phoneDisplay || church.phone;
  const columns = 2 + Number(showContact) + Number(showSocial);
  return (
    <footer className="bg-brand-900 text-brand-50">
      <div className={`mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 ${largeColumns[columns]}`}>
        {showContact ? (
          <section aria-labelledby="footer-contact" data-tour="footer">
            <h2 id="footer-contact" className="font-serif text-lg font-bold text-white">
              {t("footer.contact")}
            </h2>
            <address className="mt-4 space-y-3 not-italic">
              <ChurchAddress address={church.address} label={t("footer.address")} />
              {showCall ? (
                <p>
                  <a href={telHref(church.phone)} className="inline-flex min-h-11 items-center gap-2 underline-offset-4 hover:underline">
                    <Phone aria-hidden="true" className="h-5 w-5" />
                    <span className="sr-only">{t("footer.call", { phone: phoneShown })}</span>
                    <span aria-hidden="true">{phoneShown}</span>
                  </a>
                </p>
              ) : null}
              {showText ? (
                <p>
                  <a
                    href={smsHref(church.phone, church.smsKeyword)}
                    className="inline-flex min-h-11 items-center gap-2 underline-offset-4 hover:underline"
                  >
                    <MessageSquareText aria-hidden="true" className="h-5 w-5" />
                    {t("footer.textHome", { keyword: church.smsKeyword, phone: phoneShown })}
                  </a>
                </p>
              ) : null}
            </address>
          </section>
        ) : null}
        <section aria-labelledby="footer-times" data-tour={showContact ? undefined : "footer"}>
          <h2 id="footer-times" className="font-serif text-lg font-bold text-white">
            {t("footer.serviceTimes")}
          </h2>
          <ServiceTimesList times={church.serviceTimes} className="mt-4" />
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="font-serif text-lg font-bold text-white">
            {t("footer.quickLinks")}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {[...mainLinks.slice(1), ...resourceLinks].map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-9 items-center underline-offset-4 hover:underline">
                  {t(link.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {showSocial ? (
          <section aria-labelledby="footer-social">
            <h2 id="footer-social" className="font-serif text-lg font-bold text-white">
              {t("footer.followUs")}
            </h2>
            <ul className="mt-4 space-y-1">
              {socialLinks.map(({ name, url }) => (
                <li key={name}>
                  <a
                    href={url}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="inline-flex min-h-11 items-center gap-2 underline-offset-4 hover:underline"
                  >
                    <SocialIcon name={name} />
                    {t(`footer.${name}`, { name: church.name })}
                    <span className="sr-only"> {t("common.opensInNewTab")}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <div className="border-t border-white/15">
        {/* pr-20: nothing here may sit under the assistant's floating button (bottom right). */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 py-4 pr-20 pl-4 text-sm text-brand-100 sm:pl-6">
          <p>{t("footer.rights", { year, name: church.name })}</p>
          <Link to="/privacy" className="inline-flex min-h-11 items-center font-semibold text-white underline underline-offset-4">
            {t("footer.privacy")}
          </Link>
        </div>
      </div>
    </footer>
  );
}

/** Brand marks drawn inline (lucide no longer ships brand icons). */
function SocialIcon({ name }: { name: "facebook" | "youtube" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
      {name === "facebook" ? (
        <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z" />
      ) : (
        <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.3 5 12 5 12 5s-6.3 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8c1.5.4 7.8.4 7.8.4s6.3 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3-5.2 3z" />
      )}
    </svg>
  );
}
