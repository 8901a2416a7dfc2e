import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/session-update";
import { AdminCard, AdminPage, adminButton, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { SUPER_ADMIN_SCOPE } from "~/platform/admin/admin-sections";
import { listAdminSessions } from "~/platform/admin/admin-session.server";
import { adminTranslator, useAdminTranslation, type AdminMessage } from "~/platform/admin/admin-translation";
import { adminCookiesSecure, NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { updateAdminSession, type SessionUpdateBody } from "~/features/admin/update-admin-session.server";
import { readInput } from "~/server/request-input.server";
import { summarizeUserAgent } from "~/features/member/summarize-user-agent";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, language, admin, session } = await requireAdmin(request, null);
  const sessions = await listAdminSessions({ db, userId: admin.userId });
  const view = (s: (typeof sessions)[number]) => ({
    id: s.id,
    method: s.method,
    createdAt: s.createdAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    absoluteExpiresAt: s.absoluteExpiresAt.toISOString(),
    ipAddress: s.ipAddress,
    device: s.userAgent ? summarizeUserAgent(s.userAgent) : null,
  });
  return data(
    {
      title: adminTranslator(language)("session.title"),
      admin: { name: admin.name, email: admin.email, roles: admin.roles, scopes: admin.scopes },
      current: view(session),
      others: sessions.filter((s) => s.id !== session.id).map(view),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const context = await requireAdmin(request, null);
  const input = await readInput(request);
  if (!input) {
    const body: SessionUpdateBody = { ok: false, error: { key: "login.errors.tryLater" } as AdminMessage };
    return data(body, { status: 400, headers: NO_STORE });
  }
  const result = await updateAdminSession({ context, request, input, https: adminCookiesSecure() });
  if (result.type === "redirect") {
    result.headers.set("Cache-Control", "no-store");
    return redirect(result.location, { status: 303, headers: result.headers });
  }
  return data(result.body, { status: result.status, headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function SessionUpdate({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useAdminTranslation();
  const busy = useNavigation().state !== "idle";
  const { current, others, admin } = loaderData;
  const when = (value: string) => formatDateTime(value, language);
  const device = (s: typeof current) => (s.device ? `${s.device.browser} · ${s.device.os}` : t("session.unknownDevice"));
  const message = actionData?.notice
    ? t(
        actionData.notice.key,
        actionData.notice.key === "session.extended" ? { time: when(String(actionData.notice.values?.time)) } : actionData.notice.values,
      )
    : null;
  const error = actionData && !actionData.ok && actionData.error ? t(actionData.error.key, actionData.error.values) : null;

  return (
    <AdminPage title={t("session.title")} intro={t("session.intro")}>
      {message ? <Notice tone="success">{message}</Notice> : null}
      {error && !actionData?.field ? <Notice tone="error">{error}</Notice> : null}
      <AdminCard title={t("session.current")} id="current-session">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-slate-700">{t("session.scopes")}</dt>
          <dd>
            {admin.scopes.includes(SUPER_ADMIN_SCOPE) ? (
              t("session.superAdmin")
            ) : (
              <ul className="flex flex-wrap gap-1.5">
                {admin.scopes.map((scope) => (
                  <li key={scope} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-sm">
                    {scope}
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt className="font-semibold text-slate-700">{t("session.roles")}</dt>
          <dd>{admin.roles.join(", ")}</dd>
          <dt className="font-semibold text-slate-700">{t("session.method")}</dt>
          <dd>{t(`session.methods.${current.method}`)}</dd>
          <dt className="font-semibold text-slate-700">{t("session.started")}</dt>
          <dd>{when(current.createdAt)}</dd>
          <dt className="font-semibold text-slate-700">{t("session.expires")}</dt>
          <dd>{when(current.expiresAt)}</dd>
          <dt className="font-semibold text-slate-700">{t("session.absolute")}</dt>
          <dd>{when(current.absoluteExpiresAt)}</dd>
          <dt className="font-semibold text-slate-700">{t("session.device")}</dt>
          <dd>{device(current)}</dd>
          <dt className="font-semibold text-slate-700">{t("session.ip")}</dt>
          <dd className="break-all">{current.ipAddress ?? "—"}</dd>
        </dl>
      </AdminCard>

      <AdminCard title={t("session.extendHeading")} id="extend-session">
        <p className="mb-4 text-slate-700">{t("session.extendIntro")}</p>
        <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
          <input type="hidden" name="intent" value="extend" />
          <div className="w-48">
            <Field id="extend-code" label={t("login.code")} error={actionData?.field === "code" ? error : null}>
              {(props) => (
                <input
                  {...props}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  required
                  className={inputClasses}
                />
              )}
            </Field>
          </div>
          <button type="submit" className={adminButton.primary} disabled={busy}>
            {t("session.extend")}
          </button>
        </Form>
      </AdminCard>

      <AdminCard title={t("session.others")} id="other-sessions">
        {others.length === 0 ? (
          <p className="text-slate-700">{t("session.noOthers")}</p>
        ) : (
          <div className="grid gap-4">
            <ul className="grid gap-3">
              {others.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
                  <div className="text-sm">
                    <p className="font-semibold text-slate-900">{device(s)}</p>
                    <p className="text-slate-700">
                      {t("session.started")}: {when(s.createdAt)} · {s.ipAddress ?? "—"}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="sessionId" value={s.id} />
                    <button type="submit" className={adminButton.secondary} disabled={busy}>
                      {t("session.revoke")}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
            <Form method="post">
              <input type="hidden" name="intent" value="revoke-others" />
              <button type="submit" className={adminButton.danger} disabled={busy}>
                {t("session.revokeAll")}
              </button>
            </Form>
          </div>
        )}
      </AdminCard>
    </AdminPage>
  );
}
