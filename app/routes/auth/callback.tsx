import { CheckCircle2, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/callback";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { authTranslator, type AuthMessage } from "~/features/auth/auth-translation";
import type { Language } from "~/i18n/config";
import { completeAuthCallback } from "~/features/auth/complete-auth-callback.server";
import { getCurrentMember } from "~/features/auth/get-current-member.server";
import { db } from "~/server/db.server";
import { useAuthTranslation } from "~/features/auth/auth-translation";
import { clearGuestMode } from "~/features/auth/guest-mode";
import { toast } from "~/components/ui/toaster";

/**
 * The link in the confirmation and magic-link emails. The token is consumed here, on the
 * server, so it works without JavaScript. Success redirects to `?done=<type>`: the token
 * leaves the address bar and history, and the page (header included) renders with the new
 * session cookie.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const noStore = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
  const done = url.searchParams.get("done");
  if (done === "signup" || done === "magiclink") {
    const signedIn = await getCurrentMember({ db: db(), request });
    return signedIn
      ? data({ ok: true as const, type: done }, { headers: noStore })
      : data({ ok: false as const, error: { key: "errors.linkInvalid" } as AuthMessage }, { status: 400, headers: noStore });
  }
  const result = await completeAuthCallback({
    request,
    type: url.searchParams.get("type"),
    token: url.searchParams.get("token"),
  });
  if (!result.ok) {
    return data({ ok: false as const, error: result.error }, { status: result.status, headers: noStore });
  }
  const next = new URLSearchParams({ done: result.type });
  const lang = url.searchParams.get("lang");
  if (lang === "es" || lang === "en") next.set("lang", lang);
  const headers = new Headers(result.headers);
  for (const [name, value] of Object.entries(noStore)) headers.set(name, value);
  throw redirect(`/auth/callback?${next}`, { headers });
}

/** React Router copies only cookies from a loader's headers unless the route says more. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store",
  "Referrer-Policy": loaderHeaders.get("Referrer-Policy") ?? "no-referrer",
});

/** A one-shot page: signing out from here must not re-run it as an invalid link. */
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m?.id === "root")?.data as { language?: Language } | undefined;
  return [
    { title: authTranslator(root?.language === "es" ? "es" : "en")("callback.title") },
    { name: "robots", content: "noindex" },
  ];
};

export default function AuthCallbackRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useAuthTranslation();
  useEffect(() => {
    if (!loaderData.ok) return;
    clearGuestMode();
    toast({ title: t("toast.welcomeBack"), description: t("toast.welcomeBackBody") });
  }, [loaderData.ok, t]);

  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      {loaderData.ok ? (
        <>
          <CheckCircle2 aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
          <h1 className="mt-4 font-serif text-3xl font-bold text-brand-900">{t("callback.title")}</h1>
          <p className="mt-3 text-lg text-slate-700">
            {loaderData.type === "signup" ? t("callback.confirmed") : t("callback.success")}
          </p>
          <Link
            to="/"
            className="mt-8 inline-flex min-h-11 items-center rounded-full bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
          >
            {t("callback.continue")}
          </Link>
        </>
      ) : (
        <>
          <TriangleAlert aria-hidden="true" className="mx-auto h-12 w-12 text-amber-700" />
          <h1 className="mt-4 font-serif text-3xl font-bold text-brand-900">{t("callback.failedTitle")}</h1>
          <p role="alert" className="mt-3 text-lg text-slate-700">
            {t(loaderData.error.key, loaderData.error.values)}
          </p>
          <Link
            to="/auth"
            className="mt-8 inline-flex min-h-11 items-center rounded-full bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
          >
            {t("callback.tryAgain")}
          </Link>
        </>
      )}
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
