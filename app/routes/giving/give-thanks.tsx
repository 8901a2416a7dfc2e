import { CheckCircle2, Clock } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/give-thanks";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { CheckAgainLink, useRevalidateWhile } from "~/components/payments/awaiting-confirmation";
import { PageBand } from "~/components/page-band";
import { loadGiveThanks } from "~/features/giving/give-thanks.server";
import { useGivingTranslation } from "~/features/giving/giving-translation";
import { formatCents } from "~/features/payments/money";

export async function loader({ request }: Route.LoaderArgs) {
  return loadGiveThanks({ request });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = matches.find((m) => m?.id === "routes/site/layout")?.loaderData as { church?: { name: string } } | undefined;
  const title = loaderData?.title ?? "";
  return [{ title: site?.church ? `${title} | ${site.church.name}` : title }, { name: "robots", content: "noindex" }];
};

/** After Stripe Checkout: thanks once the webhook recorded the gift; until then, "being confirmed". */
export default function GiveThanksPage({ loaderData }: Route.ComponentProps) {
  const { t, language } = useGivingTranslation();
  const { view, member } = loaderData;
  // Not recorded yet: look again every few seconds (a "Check again" link without JavaScript).
  useRevalidateWhile(view.state === "pending");
  const lang = language === "es" ? "?lang=es" : "";
  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={view.state === "recorded" ? t("thanks.heading") : t("thanks.pendingHeading")} compact />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <div
          role="status"
          className="flex items-start gap-3 rounded-2xl bg-white p-6 text-lg text-slate-900 shadow-sm ring-1 ring-slate-200"
        >
          {view.state === "recorded" ? (
            <>
              <CheckCircle2 aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-emerald-700" />
              <div className="min-w-0">
                <p className="wrap-anywhere">
                  {view.frequency === "one_time"
                    ? t("thanks.recorded", { amount: formatCents(view.amountCents, language), fund: view.fund })
                    : t("thanks.recordedRecurring", {
                        amount: formatCents(view.amountCents, language),
                        fund: view.fund,
                        frequency: t(`form.frequencies.${view.frequency}`),
                      })}
                </p>
                <p className="mt-2">{t("thanks.receipt")}</p>
              </div>
            </>
          ) : (
            <>
              <Clock aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-brand-700" />
              <div className="min-w-0">
                <p>{view.bank ? t("thanks.bankPending") : t("thanks.pending")}</p>
                <CheckAgainLink label={t("thanks.refresh")} />
              </div>
            </>
          )}
        </div>
        <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
          <Link to={`/give${lang}`} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4">
            {t("thanks.back")}
          </Link>
          {member ? (
            <Link
              to={`/give/history${lang}`}
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
            >
              {t("thanks.history")}
            </Link>
          ) : null}
        </p>
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
