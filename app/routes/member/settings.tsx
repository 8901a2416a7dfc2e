import { useEffect, useRef } from "react";
import { data, redirect, useLocation, useNavigation, useSearchParams, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/settings";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { CalendarLinkSection } from "~/components/member/calendar-link-section";
import { DataExportSection } from "~/components/member/data-export-section";
import { DeleteAccountSection } from "~/components/member/delete-account-section";
import { PasswordSection } from "~/components/member/password-section";
import { ProfileSection } from "~/components/member/profile-section";
import { SessionsSection } from "~/components/member/sessions-section";
import { TwoFactorSection } from "~/components/member/two-factor-section";
import { toast } from "~/components/ui/toaster";
import { authTranslator, useAuthTranslation } from "~/features/auth/auth-translation";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { loadMemberSettings } from "~/features/member/load-member-settings.server";
import { runSettingsIntent, type SettingsActionData } from "~/features/member/run-settings-intent.server";
import { settingsIntents, settingsNoticeFor, type SettingsSection } from "~/features/member/settings-input";
import { getRequestContext } from "~/server/request-context.server";

/** Signed out: sign in first, then come back (in the language the visitor asked for). */
function signInUrl(request: Request): string {
  const lang = new URL(request.url).searchParams.get("lang");
  return `/auth?redirectTo=/settings${lang === "es" || lang === "en" ? `&lang=${lang}` : ""}`;
}
const noStore = { "Cache-Control": "no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const { db, language } = getRequestContext(request);
  const session = await getCurrentMember({ db, request });
  if (!session) throw redirect(signInUrl(request), { headers: noStore });
  const settings = await loadMemberSettings({ db, session, language });
  const headers = new Headers(session.headers);
  headers.set("Cache-Control", "no-store");
  return data({ ...settings, title: authTranslator(language)("settings.title") }, { headers });
}

export async function action({ request }: Route.ActionArgs) {
  const { db, language } = getRequestContext(request);
  const session = await getCurrentMember({ db, request });
  if (!session) return redirect(signInUrl(request), { status: 303, headers: noStore });
  const result = await runSettingsIntent({ db, request, session, language });
  // The operation's cookies (a replaced or cleared session) win over a refreshed one.
  const headers = new Headers(result.headers.getSetCookie().length > 0 ? result.headers : session.headers);
  headers.set("Cache-Control", "no-store");
  if (result.type === "redirect") return redirect(result.location, { status: 303, headers });
  return data(result.data, { status: result.status, headers });
}

/**
 * A form whose POST gets no answer (offline, connection reset, a proxy's error page) says
 * 'Something went wrong' above its button instead of replacing the page with the error
 * screen; the profile form keeps what was typed. The 503 keeps the loaders from
 * revalidating over the same broken connection. Without JavaScript this never runs.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    // A redirect (post/redirect/get after a save) is an answer, not a failure.
    if (error instanceof Response) throw error;
    const sent = form.get("intent");
    const intent = settingsIntents.find((i) => i === sent) ?? null;
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    const failure: SettingsActionData = {
      ok: false,
      intent,
      error: { key: "errors.generic" },
      values:
        intent === "update-profile"
          ? {
              fullName: text("fullName"),
              displayName: text("displayName"),
              username: text("username"),
              phone: text("phone"),
              preferredLanguage: text("preferredLanguage"),
            }
          : undefined,
    };
    return data(failure, { status: 503 });
  }
}

export const headers: Route.HeadersFunction = () => noStore;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = matches.find((m) => m?.id === "routes/site/layout")?.loaderData as { church?: { name: string } } | undefined;
  const title = loaderData?.title ?? "";
  return [{ title: site?.church ? `${title} | ${site.church.name}` : title }, { name: "robots", content: "noindex" }];
};

/** "Sign out everywhere" posts to /auth: this page must not reload (and bounce to /auth) first. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/auth" ? false : defaultShouldRevalidate;

export default function SettingsRoute({ loaderData }: Route.ComponentProps) {
  const { t, language } = useAuthTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // From the URL, not the loader: after a refused form (4xx) the loader doesn't rerun.
  const notice = settingsNoticeFor(searchParams.get("done"));
  // A new location per submission: forms remount, so typed passwords never linger.
  const formKey = location.key;

  // A form was sent from this page (with JavaScript): its answer is where focus goes next.
  const navigation = useNavigation();
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formAction?.startsWith("/settings")) submitted.current = true;
  }, [navigation.state, navigation.formAction]);

  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (!notice || toasted.current === location.key) return;
    toasted.current = location.key;
    toast({ title: t("toast.saved"), description: t(notice.key) });
    // Post/redirect/get remounted the form and its button: continue from the section's notice.
    if (submitted.current) {
      submitted.current = false;
      document.querySelector<HTMLElement>(`#${notice.section} [data-settings-notice]`)?.focus();
    }
  }, [notice, location.key, t]);

  const noticeIn = (section: SettingsSection) => (notice?.section === section ? t(notice.key) : null);

  return (
    <main id="main" tabIndex={-1} className="bg-slate-50 focus:outline-none">
      <div className="bg-gradient-to-br from-brand-800 to-brand-600 text-white">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
          <h1 className="font-serif text-4xl font-bold sm:text-5xl">{t("settings.title")}</h1>
          <p className="mt-3 max-w-2xl text-lg text-brand-50">{t("settings.description")}</p>
        </div>
      </div>
      <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6 sm:py-14">
        <ProfileSection settings={loaderData} notice={noticeIn("profile")} formKey={formKey} t={t} />
        <PasswordSection settings={loaderData} notice={noticeIn("password")} formKey={formKey} t={t} />
        <TwoFactorSection settings={loaderData} notice={noticeIn("two-factor")} formKey={formKey} t={t} />
        <SessionsSection settings={loaderData} notice={noticeIn("sessions")} t={t} />
        <CalendarLinkSection settings={loaderData} notice={noticeIn("calendar")} t={t} />
        <DataExportSection t={t} language={language} />
        <DeleteAccountSection settings={loaderData} formKey={formKey} t={t} />
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
