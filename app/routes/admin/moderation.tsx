import { data, redirect } from "react-router";
import type { Route } from "./+types/moderation";
import { AdminCard, AdminPage, Notice } from "~/components/admin/admin-ui";
import { DiscussionModeration } from "~/components/discussions/discussion-moderation";
import { PhotoModeration } from "~/components/gallery/photo-moderation";
import { PrayerAdminCard, type PrayerAdminProblem } from "~/components/prayer/prayer-admin-card";
import { adminTranslator } from "~/platform/admin/admin-translation";
import type { ModerationProblem } from "~/platform/admin/moderation-outcome";
import { loadPrayerInbox } from "~/features/prayer/admin/load-prayer-inbox.server";
import { MODERATION_INTENTS, runPrayerAdminAction } from "~/features/prayer/admin/run-prayer-admin-action.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { loadDiscussionModeration, runDiscussionModerationAction } from "~/features/discussions/discussion-moderation.server";
import { loadPhotoModeration, runPhotoModerationAction } from "~/features/gallery/photo-moderation.server";
import { prayerAdminTranslator, usePrayerAdminTranslation } from "~/features/prayer/prayer-admin-translation";

export async function loader({ request, url }: Route.LoaderArgs) {
  const ctx = await requireAdmin(request, "moderation");
  const [prayer, discussions, photos] = await Promise.all([
    loadPrayerInbox({ db: ctx.db, view: "moderation" }),
    loadDiscussionModeration({ ctx }),
    loadPhotoModeration({ ctx }),
  ]);
  return data(
    {
      title: adminTranslator(ctx.language)("sections.moderation"),
      items: prayer.items,
      discussions,
      photos,
      saved: url.searchParams.has("done"),
    },
    { headers: NO_STORE },
  );
}

const sectionActions = { discussions: runDiscussionModerationAction, gallery: runPhotoModerationAction } as const;

/** Intents "discussions-…" and "gallery-…" go to their part; the rest are prayer moderation. */
export async function action({ request }: Route.ActionArgs) {
  const ctx = await requireAdmin(request, "moderation");
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const rawIntent = form?.get("intent");
  const section =
    typeof rawIntent === "string"
      ? (Object.keys(sectionActions) as ModerationProblem["section"][]).find((name) => rawIntent.startsWith(`${name}-`))
      : undefined;
  if (form && section && typeof rawIntent === "string") {
    const outcome = await sectionActions[section]({ ctx, form, intent: rawIntent, request });
    if (!outcome.ok)
      return data<ModerationProblem>({ section, message: outcome.message, id: outcome.id }, { status: outcome.status, headers: NO_STORE });
    return redirect("/admin/moderation?done=1", { status: 303, headers: NO_STORE });
  }
  const { intent, outcome } = await runPrayerAdminAction({ request, ctx, allowed: MODERATION_INTENTS, publicOnly: true });
  if (!outcome.ok) {
    const id = form?.get("id");
    return data<PrayerAdminProblem>(
      {
        intent,
        id: typeof id === "string" ? id : undefined,
        message: prayerAdminTranslator(ctx.language)(outcome.key, outcome.values),
        field: outcome.field,
      },
      { status: outcome.status, headers: NO_STORE },
    );
  }
  return redirect("/admin/moderation?done=1", { status: 303, headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

function isSectionProblem(value: unknown): value is ModerationProblem {
  return typeof value === "object" && value !== null && "section" in value;
}

/**
 * /admin/moderation, for moderators and admins with the scope: pending and reported prayer
 * requests, then discussions, then members' photo submissions (each an h2 section).
 */
export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = usePrayerAdminTranslation();
  const sectionProblem = isSectionProblem(actionData) ? actionData : undefined;
  const problem = sectionProblem ? undefined : (actionData as PrayerAdminProblem | undefined);
  return (
    <AdminPage title={loaderData.title} intro={t("admin.moderationIntro")}>
      {loaderData.saved ? <Notice tone="success">{t("admin.saved")}</Notice> : null}
      {problem ? <Notice tone="error">{problem.message}</Notice> : null}
      <section aria-labelledby="moderation-prayer" className="grid gap-4">
        <h2 id="moderation-prayer" className="text-xl font-bold text-slate-900">
          {t("admin.moderationHeading")}
        </h2>
        {loaderData.items.length === 0 ? (
          <AdminCard>
            <p className="text-slate-700">{t("admin.empty")}</p>
          </AdminCard>
        ) : (
          <ul className="grid gap-4">
            {loaderData.items.map((item) => (
              <PrayerAdminCard
                key={item.id}
                t={t}
                language={language}
                item={item}
                full={false}
                editable
                assignees={[]}
                problem={problem?.id === item.id ? problem : undefined}
                hidden={{}}
                headingLevel={3}
              />
            ))}
          </ul>
        )}
      </section>
      <DiscussionModeration
        data={loaderData.discussions}
        problem={sectionProblem?.section === "discussions" ? sectionProblem : undefined}
      />
      <PhotoModeration data={loaderData.photos} problem={sectionProblem?.section === "gallery" ? sectionProblem : undefined} />
    </AdminPage>
  );
}
