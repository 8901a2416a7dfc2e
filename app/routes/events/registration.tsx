import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/registration";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { buttonClasses } from "~/components/ui/button-link";
import { useEventsTranslation } from "~/features/events/events-translation";
import { cancelRegistrationByLink, loadRegistrationPage } from "~/features/events/load-registration-page.server";

export async function loader({ request }: Route.LoaderArgs) {
  return loadRegistrationPage({ request });
}

export async function action({ request }: Route.ActionArgs) {
  return cancelRegistrationByLink({ request });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }, { name: "robots", content: "noindex" }];

export default function RegistrationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useEventsTranslation();
  const busy = useNavigation().state === "submitting";
  const { found, token } = loaderData;

  return (
    <main id="main" tabIndex={-1}>
      <div className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <h1 className="font-serif text-4xl font-bold">
            {!found ? t("registration.invalidTitle") : actionData?.ok ? t("registration.cancelledTitle") : t("registration.title")}
          </h1>
        </div>
      </div>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        {!found ? (
          <>
            <p className="text-lg text-slate-800">{t("registration.invalidBody")}</p>
            <p className="mt-6">
              <Link to="/events" className="font-semibold text-brand-800 underline underline-offset-4">
                {t("event.back")}
              </Link>
            </p>
          </>
        ) : (
          <>
            <div role="status" aria-live="polite">
              {actionData?.ok ? (
                <p className="mb-6 rounded-lg bg-emerald-50 p-4 text-lg font-semibold text-emerald-900">{actionData.message}</p>
              ) : null}
            </div>
            {actionData && !actionData.ok ? (
              <p role="alert" className="mb-6 rounded-lg bg-red-50 p-4 font-semibold text-red-900">
                {actionData.message}
              </p>
            ) : null}
            <dl className="grid gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[max-content_1fr]">
              <dt className="font-semibold text-brand-800">{t("registration.event")}</dt>
              <dd className="text-slate-900">
                <Link to={found.eventHref} className="underline underline-offset-4">
                  {found.eventTitle}
                </Link>
              </dd>
              <dt className="font-semibold text-brand-800">{t("registration.date")}</dt>
              <dd className="text-slate-900">
                <time dateTime={found.start}>{found.when}</time>
              </dd>
              <dt className="font-semibold text-brand-800">{t("registration.name")}</dt>
              <dd className="text-slate-900">{found.name}</dd>
              <dt className="font-semibold text-brand-800">{t("registration.partySize")}</dt>
              <dd className="text-slate-900">{found.partySize}</dd>
              <dt className="font-semibold text-brand-800">{t("registration.status")}</dt>
              <dd className="text-slate-900">
                {actionData?.ok || found.status === "cancelled"
                  ? t("registration.statusCancelled")
                  : found.status === "waitlisted"
                    ? t("registration.statusWaitlisted")
                    : t("registration.statusConfirmed")}
              </dd>
            </dl>
            {found.status !== "cancelled" && !actionData?.ok && !found.isPast ? (
              <Form method="post" className="mt-8">
                <input type="hidden" name="token" value={token} />
                <p className="mb-4 text-slate-800">{t("registration.cancelHint")}</p>
                <button type="submit" disabled={busy} className={buttonClasses("primary")}>
                  {t("registration.cancel")}
                </button>
              </Form>
            ) : found.status === "cancelled" && !actionData ? (
              <p className="mt-6 text-slate-800">{t("registration.alreadyCancelled")}</p>
            ) : null}
          </>
        )}
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
