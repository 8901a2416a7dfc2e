import { CheckCircle2, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, redirect, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/callback";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { authTranslator, type AuthMessage } from "~/features/auth/auth-translation";
import type { Language } from "~/i18n/config";
import { completeAuthCallback } from "~/features/auth/complete-auth-callback.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { findMagicLink } from "~/features/auth/find-magic-link.server";
import { isAskingBrowser, maskEmail } from "~/features/auth/link-browser.server";
import { db } from "~/server/db.server";
import { useAuthTranslation } from "~/features/auth/auth-translation";
import { clearGuestMode } from "~/features/auth/guest-mode";
import { toast } from "~/components/ui/toaster";

const noStore = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/**
 * The link in the confirmation and magic-link emails. The token is consumed here, on the
 * server, so it works without JavaScript. Success redirects to `?done=<type>`: the token
 * leaves the address bar and history, and the page (header included) renders with the new
 * session cookie; a member with two-factor goes on to the code step of /auth instead.
 * A magic link opened in a browser other than the one that asked for it (the member's phone,
 * someone else's browser, a mail scanner) signs in only after a button press here, a POST
 * (link-browser.server.ts: login CSRF); until then the link stays unused.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const done = url.searchParams.get("done");
  if (done === "signup" || done === "magiclink") {
    const signedIn = await getCurrentMember({ db: db(), request });
    return signedIn
      ? data({ ok: true as const, type: done }, { headers: noStore })
      : data({ ok: false as const, error: { key: "errors.linkInvalid" } as AuthMessage }, { status: 400, headers: noStore });
  }
  const type = url.searchParams.get("type");
  const token = url.searchParams.get("token");
  if (type === "magiclink" && !isAskingBrowser(request, url.searchParams.get("browser"))) {
    const link = await findMagicLink({ token });
    if (!link) return data({ ok: false as const, error: { key: "errors.linkInvalid" } as AuthMessage }, { status: 400, headers: noStore });
    return data({ ok: false as const, confirm: { email: maskEmail(link.email), token: token! } }, { headers: noStore });
  }
  return signIn(request, type, token);
}

/** The confirmation page's button: the magic link, used in this browser by the member's choice. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const token = form?.get("token");
  return signIn(request, "magiclink", typeof token === "string" ? token : null);
}

async function signIn(request: Request, type: string | null, token: string | null) {
  const url = new URL(request.url);
  const result = await completeAuthCallback({ request, type, token });
  if (!result.ok) {
    return data({ ok: false as const, error: result.error }, { status: result.status, headers: noStore });
  }
  const lang = url.searchParams.get("lang");
  const next = new URLSearchParams(result.twoFactorRequired ? { tab: "signin", step: "two-factor" } : { done: result.type });
  if (lang === "es" || lang === "en") next.set("lang", lang);
  const headers = new Headers(result.headers);
  for (const [name, value] of Object.entries(noStore)) headers.set(name, value);
  throw redirect(`${result.twoFactorRequired ? "/auth" : "/auth/callback"}?${next}`, {
    status: request.method === "POST" ? 303 : 302,
    headers,
  });
}

/** React Router copies only cookies from a loader's headers unless the route says more. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store",
  "Referrer-Policy": loaderHeaders.get("Referrer-Policy") ?? "no-referrer",
});

/**
 * A one-shot page: signing out from here must not re-run it as an invalid link. A new query
 * (the confirmation button's redirect to `?done=magiclink`) is a new answer and is loaded.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => currentUrl.search !== nextUrl.search;

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { language?: Language } | undefined;
  return [{ title: authTranslator(root?.language === "es" ? "es" : "en")("callback.title") }, { name: "robots", content: "noindex" }];
};

const primaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-6 text-center font-semibold text-white hover:bg-brand-800";

export default function AuthCallbackRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAuthTranslation();
  // After the confirmation page's button: its answer (a refusal; success redirects).
  const answer = actionData ?? loaderData;
  const signedIn = answer.ok;
  useEffect(() => {
    if (!signedIn) return;
    clearGuestMode();
    toast({ title: t("toast.welcomeBack"), description: t("toast.welcomeBackBody") });
  }, [signedIn, t]);

  if ("confirm" in answer && answer.confirm) {
    const { email, token } = answer.confirm;
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
        <TriangleAlert aria-hidden="true" className="mx-auto h-12 w-12 text-amber-700" />
        <h1 className="mt-4 font-serif text-3xl font-bold break-words text-brand-900">{t("callback.confirmTitle", { email })}</h1>
        <p className="mt-3 text-lg text-slate-700">{t("callback.confirmBody", { email })}</p>
        {/* The page's own address (with ?lang=) is where the form posts: the same language after. */}
        <Form method="post" replace className="mt-8 flex flex-col items-center gap-3">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={`${primaryButton} break-words`}>
            {t("callback.confirmButton", { email })}
          </button>
          <Link to="/" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4">
            {t("callback.confirmCancel")}
          </Link>
        </Form>
      </main>
    );
  }

  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      {answer.ok ? (
        <>
          <CheckCircle2 aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
          <h1 className="mt-4 font-serif text-3xl font-bold text-brand-900">{t("callback.title")}</h1>
          <p className="mt-3 text-lg text-slate-700">{answer.type === "signup" ? t("callback.confirmed") : t("callback.success")}</p>
          <Link to="/" className={`mt-8 ${primaryButton}`}>
            {t("callback.continue")}
          </Link>
        </>
      ) : (
        <>
          <TriangleAlert aria-hidden="true" className="mx-auto h-12 w-12 text-amber-700" />
          <h1 className="mt-4 font-serif text-3xl font-bold text-brand-900">{t("callback.failedTitle")}</h1>
          <p role="alert" className="mt-3 text-lg text-slate-700">
            {"error" in answer && answer.error ? t(answer.error.key, answer.error.values) : t("errors.linkInvalid")}
          </p>
          <Link to="/auth" className={`mt-8 ${primaryButton}`}>
            {t("callback.tryAgain")}
          </Link>
        </>
      )}
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
