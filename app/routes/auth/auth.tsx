import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/auth";
import { authAction } from "./auth-action";
import { safeRedirectPath } from "./redirect-to";
import { AuthForms, isAuthTab, type AuthMethod } from "~/components/auth/auth-forms";
import type { AuthTab } from "~/components/auth/auth-tab";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { useAuthTranslation } from "~/features/auth/auth-translation";
import { answerUnansweredPost } from "~/features/auth/unanswered-post";
import { useCurrentMember } from "~/features/auth/use-current-member";
import { loadIntroPage } from "~/platform/content/load-intro-page.server";
import { routeMeta } from "~/features/seo/route-meta";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadIntroPage({ request, url });
}

export async function action(args: Route.ActionArgs) {
  return authAction(args);
}

/** A POST that never gets an answer says "Something went wrong" in the form (see the helper). */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return answerUnansweredPost(serverAction);
}

export const meta: Route.MetaFunction = routeMeta;

const signedInIntents: readonly (string | null)[] = ["signin-email", "signin-phone", "two-factor", "sms-verify", "signup-phone-verify"];

/**
 * Member login (/auth?tab=signin|magic|signup|guest&redirectTo=/path). The same forms as the
 * dialog; without JavaScript they post here and the answer comes back as action data.
 */
export default function AuthRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAuthTranslation();
  const member = useCurrentMember();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tabParam = params.get("tab");
  const methodParam = params.get("method");
  const redirectTo = safeRedirectPath(params.get("redirectTo"));
  // Signing in here keeps the forms on screen until they have shown their toast and moved on.
  const [showForms] = useState(member === null);
  // Signed in by a form posted without JavaScript: this render's root data predates the
  // session cookie, so the answer itself says so.
  const signedInByPost = actionData?.ok === true && !actionData.next && signedInIntents.includes(actionData.intent);
  const { page } = loaderData;

  const query = (tab: AuthTab) => {
    const next = new URLSearchParams({ tab });
    if (redirectTo !== "/") next.set("redirectTo", redirectTo);
    return `/auth?${next.toString()}`;
  };

  return (
    <main id="main" tabIndex={-1}>
      <div className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
          <h1 className="font-serif text-4xl font-bold sm:text-5xl">{page.title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-white/90">{page.body}</p>
        </div>
      </div>
      <div className="mx-auto max-w-md px-4 py-10">
        {(member && !showForms) || signedInByPost ? (
          <div className="text-center">
            <CheckCircle2 aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
            <p role="status" className="mt-4 text-lg text-slate-800">
              {member ? t("page.signedInAs", { name: member.name }) : t("callback.success")}
            </p>
            <div className="mt-6 flex flex-col items-center gap-3">
              <Link
                to={redirectTo}
                className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
              >
                {t("callback.continue")}
              </Link>
              <Link to="/settings" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4">
                {t("page.goToSettings")}
              </Link>
            </div>
          </div>
        ) : (
          <AuthForms
            t={t}
            initialTab={isAuthTab(tabParam) ? tabParam : "signin"}
            initialMethod={methodParam === "phone" ? ("phone" satisfies AuthMethod) : undefined}
            // A magic link of a member with two-factor lands here: the code is the last step.
            initialTwoFactor={params.get("step") === "two-factor"}
            pageData={actionData}
            action={`/auth${params.size ? `?${params.toString()}` : ""}`}
            tabHref={query}
            headingLevel={2}
            onDone={() => navigate(redirectTo, { replace: true })}
          />
        )}
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
