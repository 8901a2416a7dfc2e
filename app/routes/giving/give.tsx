import { data, Link } from "react-router";
import type { Route } from "./+types/give";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { GiftForm } from "~/components/giving/gift-form";
import { OtherWaysToGive } from "~/components/giving/other-ways-to-give";
import { PageBand } from "~/components/page-band";
import { loadGivePage, runGiveAction } from "~/features/giving/give-page.server";
import { useGivingTranslation } from "~/features/giving/giving-translation";
import { routeMeta } from "~/features/seo/route-meta";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { data: page, headers } = await loadGivePage({ request, url });
  const init = new Headers(headers);
  // Signed in: the page names the member; never cached for someone else.
  if (page.member) init.set("Cache-Control", "no-store");
  return data(page, { headers: init });
}

/** A gift: checked, then the donor goes to Stripe Checkout (a redirect); else the form's errors. */
export async function action({ request }: Route.ActionArgs) {
  const outcome = await runGiveAction({ request });
  return data(outcome.data, { status: outcome.status, headers: outcome.headers });
}

export const meta: Route.MetaFunction = routeMeta;

/**
 * /give: the introduction (content block `page.give`), then online giving (the form, or a
 * plain note that it is not set up) and the other ways to give, which are always there.
 */
export default function GivePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useGivingTranslation();
  const { page, configured, canceled, member } = loaderData;
  const lang = language === "es" ? "?lang=es" : "";
  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={page.title} intro={page.body} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6">
        {canceled ? (
          <p role="status" className="rounded-lg bg-amber-50 p-4 font-semibold text-amber-950 ring-1 ring-amber-300">
            {t("canceled")}
          </p>
        ) : null}
        {member ? (
          <p>
            <Link
              to={`/give/history${lang}`}
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
            >
              {t("historyLink")}
            </Link>
          </p>
        ) : null}
        {configured ? (
          <GiftForm data={loaderData} actionData={actionData} />
        ) : (
          <>
            <p role="status" className="rounded-2xl bg-brand-50 p-6 text-lg font-semibold text-slate-900 ring-1 ring-brand-200">
              {actionData?.message ?? t("notConfigured")}
            </p>
            <OtherWaysToGive ways={loaderData.ways} prominent />
          </>
        )}
        {configured ? <OtherWaysToGive ways={loaderData.ways} prominent={false} /> : null}
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
