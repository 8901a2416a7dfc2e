import { Mail, Phone } from "lucide-react";
import type { Route } from "./+types/privacy";
import { ChurchAddress, hasAddress } from "~/components/church-address";
import { hasPhone, telHref } from "~/components/contact-links";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { ButtonLink } from "~/components/ui/button-link";
import { loadPrivacyPage } from "~/features/privacy/load-privacy-page.server";
import { usePrivacyTranslation } from "~/features/privacy/privacy-translation";
import { routeMeta } from "~/features/seo/route-meta";

export async function loader({ request }: Route.LoaderArgs) {
  return loadPrivacyPage({ request });
}

export const meta: Route.MetaFunction = routeMeta;

const collectItems = [
  "account",
  "profile",
  "prayer",
  "activities",
  "community",
  "giving",
  "study",
  "messages",
  "security",
  "notStored",
] as const;
const sections = ["responsible", "collect", "sharing", "retention", "cookies", "rights", "contact"] as const;

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { t } = usePrivacyTranslation();
  const { churchName, contact, retention } = loaderData;
  // The contact block only with something in it: an empty install has no email, phone or address yet.
  const contactFacts = contact && (contact.email || hasPhone(contact.phone) || hasAddress(contact.address)) ? contact : null;
  const church = { church: churchName };
  const heading = "scroll-mt-24 font-serif text-3xl font-bold text-brand-800";
  const cookies = [
    { name: "church.session_token", purpose: t("page.cookies.session"), lasts: t("page.cookies.sessionLasts") },
    { name: "church.two_factor", purpose: t("page.cookies.twoFactor"), lasts: t("page.cookies.twoFactorLasts") },
    { name: "church_admin", purpose: t("page.cookies.admin"), lasts: t("page.cookies.adminLasts") },
    { name: "lang", purpose: t("page.cookies.language"), lasts: t("page.cookies.languageLasts") },
    { name: "store_cart", purpose: t("page.cookies.cart"), lasts: t("page.cookies.cartLasts") },
  ];

  return (
    <main id="main" tabIndex={-1}>
      <div className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
          <h1 className="font-serif text-4xl font-bold sm:text-5xl">{t("page.title")}</h1>
          <p className="mt-4 text-lg text-brand-50">{t("page.intro", church)}</p>
        </div>
      </div>

      <div className="mx-auto grid max-w-3xl gap-12 px-4 py-12 text-lg leading-relaxed text-slate-800 sm:px-6">
        <nav aria-labelledby="privacy-toc" className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100">
          <h2 id="privacy-toc" className="font-serif text-xl font-bold text-brand-800">
            {t("page.onThisPage")}
          </h2>
          <ol className="mt-3 grid list-decimal gap-1 pl-6">
            {sections.map((id) => (
              <li key={id}>
                <a
                  href={`#privacy-${id}`}
                  className="inline-flex min-h-9 items-center font-semibold text-brand-800 underline underline-offset-4"
                >
                  {t(`page.${id}.heading`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <section aria-labelledby="privacy-responsible">
          <h2 id="privacy-responsible" className={heading}>
            {t("page.responsible.heading")}
          </h2>
          <p className="mt-4">{t("page.responsible.body", church)}</p>
        </section>

        <section aria-labelledby="privacy-collect">
          <h2 id="privacy-collect" className={heading}>
            {t("page.collect.heading")}
          </h2>
          <p className="mt-4">{t("page.collect.intro")}</p>
          <dl className="mt-6 grid gap-5">
            {collectItems.map((item) => (
              <div key={item} className="rounded-2xl border border-slate-200 p-5">
                <dt className="text-lg font-bold text-slate-900">{t(`page.collect.items.${item}.title`)}</dt>
                <dd className="mt-1 text-base text-slate-700">
                  {t(`page.collect.items.${item}.body`, { days: retention.messageCopyDays })}
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="privacy-sharing">
          <h2 id="privacy-sharing" className={heading}>
            {t("page.sharing.heading")}
          </h2>
          <p className="mt-4">{t("page.sharing.staff")}</p>
          <p className="mt-4">{t("page.sharing.members")}</p>
          <p className="mt-4">{t("page.sharing.providers")}</p>
        </section>

        <section aria-labelledby="privacy-retention">
          <h2 id="privacy-retention" className={heading}>
            {t("page.retention.heading")}
          </h2>
          <p className="mt-4">{t("page.retention.intro")}</p>
          <ul className="mt-4 grid list-disc gap-2 pl-6" data-testid="retention-periods">
            <li>{t("page.retention.wallPrayer", { wallDays: retention.prayerWallDays, days: retention.prayerRetentionDays })}</li>
            <li>{t("page.retention.privatePrayer", { days: retention.privatePrayerRetentionDays })}</li>
            <li>{t("page.retention.chat", { days: retention.chatRetentionDays })}</li>
            <li>{t("page.retention.messages", { days: retention.messageCopyDays })}</li>
            <li>{t("page.retention.assistant")}</li>
            <li>{t("page.retention.sessions")}</li>
            <li>{t("page.retention.accounting")}</li>
            <li>{t("page.retention.account")}</li>
          </ul>
          <p className="mt-4 text-base text-slate-600">{t("page.updated")}</p>
        </section>

        <section aria-labelledby="privacy-cookies">
          <h2 id="privacy-cookies" className={heading}>
            {t("page.cookies.heading")}
          </h2>
          <p className="mt-4">{t("page.cookies.intro")}</p>
          <ul className="mt-6 grid gap-4">
            {cookies.map((cookie) => (
              <li key={cookie.name} className="rounded-2xl border border-slate-200 p-5">
                <dl className="grid gap-2 text-base">
                  <div>
                    <dt className="sr-only">{t("page.cookies.name")}</dt>
                    <dd>
                      <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm font-semibold break-all text-slate-900">
                        {cookie.name}
                      </code>
                    </dd>
                  </div>
                  <div className="sm:flex sm:gap-2">
                    <dt className="font-semibold text-slate-900">{t("page.cookies.purpose")}:</dt>
                    <dd className="text-slate-700">{cookie.purpose}</dd>
                  </div>
                  <div className="sm:flex sm:gap-2">
                    <dt className="font-semibold text-slate-900">{t("page.cookies.lasts")}:</dt>
                    <dd className="text-slate-700">{cookie.lasts}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <p className="mt-4">{t("page.cookies.storage")}</p>
        </section>

        <section aria-labelledby="privacy-rights">
          <h2 id="privacy-rights" className={heading}>
            {t("page.rights.heading")}
          </h2>
          <ul className="mt-4 grid list-disc gap-3 pl-6">
            <li>{t("page.rights.download")}</li>
            <li>{t("page.rights.delete")}</li>
            <li>{t("page.rights.correct")}</li>
            <li>{t("page.rights.emails")}</li>
            <li>{t("page.rights.office")}</li>
          </ul>
          <div className="mt-6">
            <ButtonLink to="/settings#download-data">{t("page.rights.settingsLink")}</ButtonLink>
          </div>
        </section>

        <section aria-labelledby="privacy-contact">
          <h2 id="privacy-contact" className={heading}>
            {t("page.contact.heading")}
          </h2>
          {contactFacts ? (
            <>
              <p className="mt-4">{t("page.contact.intro")}</p>
              <address className="mt-4 grid gap-3 not-italic">
                <p className="font-semibold text-slate-900">{churchName}</p>
                {contactFacts.email ? (
                  <p>
                    <a
                      href={`mailto:${contactFacts.email}`}
                      className="inline-flex min-h-11 items-center gap-2 break-all text-brand-800 underline underline-offset-4"
                    >
                      <Mail aria-hidden="true" className="h-5 w-5 shrink-0" />
                      {t("page.contact.email", { email: contactFacts.email })}
                    </a>
                  </p>
                ) : null}
                {hasPhone(contactFacts.phone) ? (
                  <p>
                    <a
                      href={telHref(contactFacts.phone)}
                      className="inline-flex min-h-11 items-center gap-2 text-brand-800 underline underline-offset-4"
                    >
                      <Phone aria-hidden="true" className="h-5 w-5 shrink-0" />
                      {t("page.contact.phone", { phone: contactFacts.phoneDisplay || contactFacts.phone })}
                    </a>
                  </p>
                ) : null}
                <ChurchAddress address={contactFacts.address} label={t("page.contact.addressLabel")} />
              </address>
            </>
          ) : (
            <p className="mt-4">{t("page.contact.none")}</p>
          )}
        </section>
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
