import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/inbox-prayer";
import { adminTranslator } from "~/platform/admin/admin-translation";
import { AdminCard, AdminPage, adminButton, Field, inputClasses, Notice } from "~/components/admin/admin-ui";
import { PrayerAdminCard, type PrayerAdminProblem } from "~/components/prayer/prayer-admin-card";
import { loadPrayerInbox } from "~/features/prayer/admin/load-prayer-inbox.server";
import { INBOX_FILTERS, STATUS_FILTERS, type InboxFilter, type StatusFilter } from "~/features/prayer/admin/prayer-admin-result";
import { INBOX_INTENTS, runPrayerAdminAction } from "~/features/prayer/admin/run-prayer-admin-action.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { prayerAdminTranslator, usePrayerAdminTranslation } from "~/features/prayer/prayer-admin-translation";

const pick = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  (list as readonly unknown[]).includes(value) ? (value as T) : fallback;

function inboxUrl(status: StatusFilter, inbox: InboxFilter, extra = "") {
  const search = new URLSearchParams();
  if (status !== "all") search.set("status", status);
  if (inbox !== "all") search.set("inbox", inbox);
  const query = search.toString();
  return `/admin/inbox/prayer${query ? `?${query}` : ""}${extra ? `${query ? "&" : "?"}${extra}` : ""}`;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "inbox:prayer");
  const status = pick(STATUS_FILTERS, url.searchParams.get("status"), "all");
  const inbox = pick(INBOX_FILTERS, url.searchParams.get("inbox"), "all");
  const page = await loadPrayerInbox({ db, view: "inbox", status, inbox });
  return data(
    { title: adminTranslator(language)("sections.inbox-prayer"), status, inbox, ...page, saved: url.searchParams.has("done") },
    { headers: NO_STORE },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireAdmin(request, "inbox:prayer");
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const { intent, outcome } = await runPrayerAdminAction({ request, ctx, allowed: INBOX_INTENTS });
  const t = prayerAdminTranslator(ctx.language);
  if (!outcome.ok) {
    const id = form?.get("id");
    return data<PrayerAdminProblem>(
      { intent, id: typeof id === "string" ? id : undefined, message: t(outcome.key, outcome.values), field: outcome.field },
      { status: outcome.status, headers: NO_STORE },
    );
  }
  const status = pick(STATUS_FILTERS, form?.get("status"), "all");
  const inbox = pick(INBOX_FILTERS, form?.get("inbox"), "all");
  return redirect(inboxUrl(status, inbox, "done=1") + (outcome.id ? `#p-${outcome.id}` : ""), { status: 303, headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function InboxPrayer({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = usePrayerAdminTranslation();
  const page = loaderData;
  const problem = actionData as PrayerAdminProblem | undefined;
  return (
    <AdminPage title={page.title} intro={t("admin.inboxIntro")}>
      {page.saved ? <Notice tone="success">{t("admin.saved")}</Notice> : null}
      {problem ? <Notice tone="error">{problem.message}</Notice> : null}

      <nav aria-label={t("admin.statusFilter")}>
        <ul className="flex flex-wrap gap-2">
          {STATUS_FILTERS.map((s) => (
            <li key={s}>
              <Link
                to={inboxUrl(s, page.inbox)}
                aria-current={page.status === s ? "page" : undefined}
                className={page.status === s ? adminButton.primary : adminButton.secondary}
              >
                {s === "all" ? t("admin.all") : t(`admin.statusValues.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t("admin.inboxFilter")}>
        <ul className="flex flex-wrap gap-2">
          {INBOX_FILTERS.map((s) => (
            <li key={s}>
              <Link
                to={inboxUrl(page.status, s)}
                aria-current={page.inbox === s ? "page" : undefined}
                className={page.inbox === s ? adminButton.primary : adminButton.secondary}
              >
                {s === "all" ? t("admin.all") : t(`admin.inboxValues.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {page.items.length === 0 ? (
        <AdminCard>
          <p className="text-slate-700">{t("admin.empty")}</p>
        </AdminCard>
      ) : (
        <ul className="grid gap-4">
          {page.items.map((item) => (
            <PrayerAdminCard
              key={item.id}
              t={t}
              language={language}
              item={item}
              full
              assignees={page.assignees}
              problem={problem?.id === item.id ? problem : undefined}
              hidden={{ status: page.status, inbox: page.inbox }}
            />
          ))}
        </ul>
      )}

      {page.settings ? (
        <AdminCard title={t("admin.settingsHeading")} id="prayer-settings">
          <Form method="post" className="grid max-w-xl gap-4">
            <input type="hidden" name="intent" value="settings" />
            <label className="inline-flex min-h-11 items-center gap-2 text-slate-900">
              <input type="checkbox" name="autoApprove" defaultChecked={page.settings.autoApprove} className="h-5 w-5" />
              {t("admin.autoApprove")}
            </label>
            <Field id="prayer-expiry-days" label={t("admin.expiryDays")} error={problem?.intent === "settings" ? problem.message : null}>
              {(p) => (
                <input
                  {...p}
                  name="expiryDays"
                  type="number"
                  min={1}
                  max={365}
                  required
                  defaultValue={page.settings!.expiryDays}
                  className={inputClasses}
                />
              )}
            </Field>
            <div>
              <button type="submit" className={adminButton.primary}>
                {t("admin.saveSettings")}
              </button>
            </div>
          </Form>
        </AdminCard>
      ) : null}
    </AdminPage>
  );
}
