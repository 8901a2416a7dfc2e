import { Monitor } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useFetcher, useNavigate } from "react-router";
import { toast } from "~/components/ui/toaster";
import type { AuthT } from "~/features/auth/auth-translation";
import type { AuthActionData } from "~/features/auth/run-auth-intent.server";
import type { MemberSettings } from "~/features/member/load-member-settings.server";
import { buttonStyles, FormAlert, SettingsSection, StatusNote, SubmitButton, useSettingsForm } from "./settings-form-parts";

/** Where the member is signed in; sign out one device, the others, or everywhere. */
export function SessionsSection({ settings, notice, t }: { settings: MemberSettings; notice: string | null; t: AuthT }) {
  const form = useSettingsForm("sessions", ["revoke-other-sessions", "revoke-session"]);
  const others = settings.sessions.filter((s) => !s.current).length;
  return (
    <SettingsSection id="sessions" title={t("settings.sessions")} intro={<p>{t("settings.sessionsIntro")}</p>}>
      {notice ? <StatusNote>{notice}</StatusNote> : null}
      <FormAlert state={form} t={t} />
      <ul className="mt-2 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
        {settings.sessions.map((session) => {
          const device = session.device ? t("settings.deviceSummary", { ...session.device }) : t("settings.unknownDevice");
          return (
            <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
              <Monitor aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">
                  {device}
                  {session.current ? (
                    <span className="ml-2 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-100">
                      {t("settings.thisDevice")}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-700">
                  <time dateTime={session.signedInAt}>{t("settings.signedInOn", { date: session.signedInText })}</time>
                </p>
              </div>
              {session.current ? null : (
                <Form method="post" action="/settings" preventScrollReset>
                  <input type="hidden" name="intent" value="revoke-session" />
                  <input type="hidden" name="sessionId" value={session.id} />
                  <button type="submit" className={buttonStyles.secondary}>
                    {t("settings.signOutSession")}
                    <span className="sr-only"> ({t("settings.signOutSessionContext", { device, date: session.signedInText })})</span>
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      {others === 0 ? <p className="mt-3 text-sm text-slate-700">{t("settings.noOtherSessions")}</p> : null}
      <div className="mt-5 flex flex-wrap gap-3">
        {others > 0 ? (
          <Form method="post" action="/settings" preventScrollReset>
            <input type="hidden" name="intent" value="revoke-other-sessions" />
            <SubmitButton state={form} variant="secondary" label={t("settings.signOutOthers")} pendingLabel={t("settings.working")} />
          </Form>
        ) : null}
        <SignOutEverywhere t={t} />
      </div>
    </SettingsSection>
  );
}

/**
 * Posts to the /auth action (intent signout-everywhere), which ends every session. Without
 * JavaScript the browser lands on /auth; with it, the member goes home with a toast.
 */
function SignOutEverywhere({ t }: { t: AuthT }) {
  const fetcher = useFetcher<AuthActionData>();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (!fetcher.data?.ok || done.current) return;
    done.current = true;
    toast({ title: t("toast.signedOut"), description: t("toast.signedOutBody") });
    void navigate("/");
  }, [fetcher.data, navigate, t]);
  const pending = fetcher.state !== "idle";
  // The /auth route's clientAction answers a request that failed on the way (offline).
  const failed = !pending && fetcher.data?.ok === false ? fetcher.data : null;
  return (
    <fetcher.Form method="post" action="/auth" className="grid gap-3">
      <input type="hidden" name="intent" value="signout-everywhere" />
      {failed ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-semibold text-red-800 ring-1 ring-red-200">
          {t(failed.error.key, failed.error.values)}
        </p>
      ) : null}
      <div>
        <button
          type="submit"
          // aria-disabled keeps the focus on the button while the request runs.
          aria-disabled={pending || undefined}
          onClick={(event) => {
            if (pending) event.preventDefault();
          }}
          className={buttonStyles.secondary}
        >
          {pending ? t("settings.working") : t("settings.signOutEverywhere")}
        </button>
      </div>
    </fetcher.Form>
  );
}
