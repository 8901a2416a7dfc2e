import { data, redirect } from "react-router";
import type { Route } from "./+types/moderation";
import { AdminCard, AdminPage, Notice } from "~/components/admin/admin-ui";
import { PrayerAdminCard, type PrayerAdminProblem } from "~/components/prayer/prayer-admin-card";
import { adminTranslator } from "~/features/admin/admin-translation";
import { loadPrayerInbox } from "~/features/admin/prayer/load-prayer-inbox.server";
import { MODERATION_INTENTS, runPrayerAdminAction } from "~/features/admin/prayer/run-prayer-admin-action.server";
import { NO_STORE, requireAdmin } from "~/features/admin/require-admin.server";
import { prayerTranslator, usePrayerTranslation } from "~/features/prayer/prayer-translation";

export async function loader({ request }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "moderation");
  const page = await loadPrayerInbox({ db, view: "moderation" });
  return data({ title: adminTranslator(language)("sections.moderation"), items: page.items, saved: new URL(request.url).searchParams.has("done") }, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireAdmin(request, "moderation");
  const form = await request.clone().formData().catch(() => null);
  const { intent, outcome } = await runPrayerAdminAction({ request, ctx, allowed: MODERATION_INTENTS });
  if (!outcome.ok) {
    const id = form?.get("id");
    return data<PrayerAdminProblem>({ intent, id: typeof id === "string" ? id : undefined, message: prayerTranslator(ctx.language)(outcome.key, outcome.values), field: outcome.field }, { status: outcome.status, headers: NO_STORE });
  }
  return redirect("/admin/moderation?done=1", { status: 303, headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [{ title: loaderData?.title ?? "" }];

/** /admin/moderation: pending and reported prayer requests, for moderators and admins with the scope. */
export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = usePrayerTranslation();
  const problem = actionData as PrayerAdminProblem | undefined;
  return (
    <AdminPage title={loaderData.title} intro={t("admin.moderationIntro")}>
      {loaderData.saved ? <Notice tone="success">{t("admin.saved")}</Notice> : null}
      {problem ? <Notice tone="error">{problem.message}</Notice> : null}
      {loaderData.items.length === 0 ? (
        <AdminCard>
          <p className="text-slate-700">{t("admin.empty")}</p>
        </AdminCard>
      ) : (
        <ul className="grid gap-4">
          {loaderData.items.map((item) => (
            <PrayerAdminCard key={item.id} t={t} language={language} item={item} full={false} assignees={[]} problem={problem?.id === item.id ? problem : undefined} hidden={{}} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
