import { CheckCircle2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { data, Link, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/reset-password";
import { ForgotPasswordForm, NewPasswordForm } from "~/components/auth/password-reset-forms";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { authTranslator, useAuthTranslation, type AuthT } from "~/features/auth/auth-translation";
import { findPasswordReset } from "~/features/auth/find-password-reset.server";
import { runAuthIntent, type AuthActionData } from "~/features/auth/run-auth-intent.server";
import { answerUnansweredPost } from "~/features/auth/unanswered-post";
import type { Language } from "~/i18n/config";
import { getRequestContext } from "~/server/request-context.server";

/**
 * The token is in the address: it must not reach another site, a cache or a search engine.
 * `same-origin`, not `no-referrer`: under `no-referrer` a browser sends `Origin: null` with the
 * page's own form posts (Fetch standard), which the CSRF check rightly refuses.
 */
const privateHeaders = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };

/**
 * /auth/reset-password: without a token, the "Forgot your password?" form; with the emailed
 * link's token, the new-password form (or, for a dead link, the message and the form to ask
 * again). Looking at the token here doesn't use it up: only the form does.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  if (token === null) return data({ view: "request" as const }, { headers: privateHeaders });
  const reset = await findPasswordReset({ db: getRequestContext(request).db, token });
  if (!reset) return data({ view: "invalid" as const }, { status: 400, headers: privateHeaders });
  return data({ view: "reset" as const, token, email: reset.email }, { headers: privateHeaders });
}

/** Only the two reset steps are accepted here; everything else posts to /auth. */
export async function action({ request }: Route.ActionArgs) {
  const { db, language } = getRequestContext(request);
  const result = await runAuthIntent({ db, request, language, only: ["password-reset-request", "password-reset"] });
  result.headers.set("Cache-Control", "no-store");
  return data(result.data, { status: result.status, headers: result.headers });
}

/** As on /auth: a POST that never gets an answer says "Something went wrong" in the form. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return answerUnansweredPost(serverAction);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store",
  "Referrer-Policy": loaderHeaders.get("Referrer-Policy") ?? "same-origin",
});

/**
 * A form's answer is shown by the page itself: checking the token again after a reset would
 * only turn the "changed" note into "this link can't be used". Navigations still load.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { language?: Language } | undefined;
  return [{ title: authTranslator(root?.language === "es" ? "es" : "en")("reset.title") }, { name: "robots", content: "noindex" }];
};

const buttonLink = "mt-6 inline-flex min-h-11 items-center rounded-full bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800";
const signInHref = "/auth?tab=signin";
const requestHref = "/auth/reset-password";

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAuthTranslation();
  const location = useLocation();
  // A new navigation (the "ask again" link, the back button) starts from what the loader says.
  return (
    <ResetPasswordPage
      key={location.key}
      t={t}
      loaderData={loaderData}
      actionData={actionData}
      action={`${location.pathname}${location.search}`}
    />
  );
}

function ResetPasswordPage({
  t,
  loaderData,
  actionData,
  action,
}: {
  t: AuthT;
  loaderData: Route.ComponentProps["loaderData"];
  actionData: AuthActionData | undefined;
  action: string;
}) {
  const [outcome, setOutcome] = useState<"done" | "dead" | null>(() =>
    actionData?.intent === "password-reset" && actionData.ok ? "done" : null,
  );
  const view = outcome === "done" ? "done" : outcome === "dead" ? "invalid" : loaderData.view;
  const back = { href: signInHref };
  const phone = { href: "/auth?tab=magic&method=phone" };

  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-md px-4 py-12">
      {view === "done" ? (
        <div className="text-center">
          <CheckCircle2 aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
          <h1 className="mt-4 font-serif text-3xl font-bold text-brand-900">{t("reset.doneTitle")}</h1>
          <p role="status" className="mt-3 text-lg text-slate-700">
            {t("reset.done")}
          </p>
          <Link to={signInHref} className={buttonLink}>
            {t("reset.signIn")}
          </Link>
        </div>
      ) : view === "reset" && "token" in loaderData ? (
        <>
          <h1 className="mb-6 font-serif text-3xl font-bold text-brand-900">{t("reset.newTitle")}</h1>
          <NewPasswordForm
            t={t}
            action={action}
            token={loaderData.token}
            email={loaderData.email}
            pageData={actionData}
            onDone={() => setOutcome("done")}
            onLinkDead={() => setOutcome("dead")}
          />
        </>
      ) : view === "invalid" ? (
        <>
          <TriangleAlert aria-hidden="true" className="h-10 w-10 text-amber-700" />
          <h1 className="mt-3 font-serif text-3xl font-bold text-brand-900">{t("reset.invalidTitle")}</h1>
          <p role="alert" className="mt-3 text-lg text-slate-700">
            {t("errors.resetLinkInvalid")}
          </p>
          <div className="mt-8">
            {/* Asking again posts without the dead token. */}
            <ForgotPasswordForm t={t} action={requestHref} headingLevel={2} back={back} phone={phone} />
          </div>
        </>
      ) : (
        <>
          <h1 className="mb-6 font-serif text-3xl font-bold text-brand-900">{t("reset.requestTitle")}</h1>
          <ForgotPasswordForm t={t} action={action} pageData={actionData} back={back} phone={phone} />
        </>
      )}
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
