import { Form } from "react-router";
import { AdminCard, adminButton, Notice } from "~/components/admin/admin-ui";
import type { ModerationProblem } from "~/platform/admin/moderation-outcome";
import type {
  DiscussionModerationData,
  ModerationReplyView,
  ModerationThreadView,
} from "~/features/discussions/discussion-moderation.server";
import { useDiscussionsAdminTranslation, type DiscussionsAdminT } from "~/features/discussions/discussions-admin-translation";

type Action = "approve" | "hide" | "dismiss" | "lock" | "unlock" | "delete";

function ActionButton({
  t,
  kind,
  id,
  action,
  name,
}: {
  t: DiscussionsAdminT;
  kind: "thread" | "reply";
  id: string;
  action: Action;
  name: string;
}) {
  const label = t(`admin.${action}`);
  const style = action === "delete" ? adminButton.danger : action === "approve" ? adminButton.primary : adminButton.secondary;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={`discussions-${action}`} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={style} aria-label={`${label}: ${name}`}>
        {label}
      </button>
    </Form>
  );
}

function Reasons({ t, count, reasons }: { t: DiscussionsAdminT; count: number; reasons: string[] }) {
  if (count === 0) return null;
  return (
    <div className="mt-3 text-sm">
      <p className="font-semibold text-red-900">{count === 1 ? t("admin.reportsOne") : t("admin.reports", { count })}</p>
      <p className="mt-1 font-semibold text-slate-900">{t("admin.reasons")}</p>
      {reasons.length === 0 ? (
        <p className="text-slate-700">{t("admin.noReason")}</p>
      ) : (
        <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
          {reasons.map((reason, i) => (
            <li key={i} className="whitespace-pre-line wrap-anywhere">
              {reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ThreadItem({
  t,
  item,
  actions,
  problem,
}: {
  t: DiscussionsAdminT;
  item: ModerationThreadView;
  actions: Action[];
  problem: ModerationProblem | undefined;
}) {
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="discussion-admin-thread">
      <h4 className="text-lg font-semibold wrap-anywhere text-slate-900">{item.title}</h4>
      <p className="mt-1 text-sm text-slate-700">
        {t("admin.author", { name: item.authorName, date: item.dateLabel })} · {t(`admin.status.${item.status}`)} ·{" "}
        {item.replyCount === 1 ? t("admin.repliesCountOne") : t("admin.repliesCount", { count: item.replyCount })}
        {item.locked ? ` · ${t("admin.lockedBadge")}` : ""}
      </p>
      <p className="mt-2 line-clamp-6 whitespace-pre-line wrap-anywhere text-slate-800">{item.body}</p>
      <Reasons t={t} count={item.reportCount} reasons={item.reasons} />
      {problem?.id === item.id ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
          {problem.message}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {actions.map((action) => (
          <ActionButton key={action} t={t} kind="thread" id={item.id} action={action} name={item.title} />
        ))}
      </div>
    </li>
  );
}

function ReplyItem({ t, item, problem }: { t: DiscussionsAdminT; item: ModerationReplyView; problem: ModerationProblem | undefined }) {
  const name = `${t("admin.replyIn", { title: item.threadTitle })} (${item.authorName})`;
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="discussion-admin-reply">
      <h4 className="text-lg font-semibold wrap-anywhere text-slate-900">{t("admin.replyIn", { title: item.threadTitle })}</h4>
      <p className="mt-1 text-sm text-slate-700">{t("admin.author", { name: item.authorName, date: item.dateLabel })}</p>
      <p className="mt-2 line-clamp-6 whitespace-pre-line wrap-anywhere text-slate-800">{item.body}</p>
      <Reasons t={t} count={item.reportCount} reasons={item.reasons} />
      {problem?.id === item.id ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
          {problem.message}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {(["hide", "dismiss", "delete"] as const).map((action) => (
          <ActionButton key={action} t={t} kind="reply" id={item.id} action={action} name={name} />
        ))}
      </div>
    </li>
  );
}

/** The discussions part of /admin/moderation (an h2 section): review, reports, close/reopen, delete, and the setting. */
export function DiscussionModeration({ data, problem }: { data: DiscussionModerationData; problem: ModerationProblem | undefined }) {
  const { t } = useDiscussionsAdminTranslation();
  const itemIds = new Set([...data.pending, ...data.reportedThreads, ...data.reportedReplies, ...data.recent].map((i) => i.id));
  const general = problem && (!problem.id || !itemIds.has(problem.id)) ? problem : undefined;
  const reported = data.reportedThreads.length + data.reportedReplies.length;
  return (
    <section aria-labelledby="moderation-discussions" className="grid gap-4">
      <h2 id="moderation-discussions" className="text-xl font-bold text-slate-900">
        {t("admin.heading")}
      </h2>
      {general ? <Notice tone="error">{general.message}</Notice> : null}

      <h3 className="text-lg font-semibold text-slate-900">{t("admin.pendingHeading")}</h3>
      {data.pending.length === 0 ? (
        <AdminCard>
          <p className="text-slate-700">{t("admin.empty")}</p>
        </AdminCard>
      ) : (
        <ul className="grid gap-4">
          {data.pending.map((item) => (
            <ThreadItem key={item.id} t={t} item={item} actions={["approve", "hide", "delete"]} problem={problem} />
          ))}
        </ul>
      )}

      <h3 className="text-lg font-semibold text-slate-900">{t("admin.reportedHeading")}</h3>
      {reported === 0 ? (
        <AdminCard>
          <p className="text-slate-700">{t("admin.noReports")}</p>
        </AdminCard>
      ) : (
        <ul className="grid gap-4">
          {data.reportedThreads.map((item) => (
            <ThreadItem
              key={item.id}
              t={t}
              item={item}
              actions={["hide", "dismiss", item.locked ? "unlock" : "lock", "delete"]}
              problem={problem}
            />
          ))}
          {data.reportedReplies.map((item) => (
            <ReplyItem key={item.id} t={t} item={item} problem={problem} />
          ))}
        </ul>
      )}

      <h3 className="text-lg font-semibold text-slate-900">{t("admin.recentHeading")}</h3>
      {data.recent.length === 0 ? (
        <AdminCard>
          <p className="text-slate-700">{t("admin.noRecent")}</p>
        </AdminCard>
      ) : (
        <ul className="grid gap-4">
          {data.recent.map((item) => (
            <ThreadItem
              key={item.id}
              t={t}
              item={{ ...item, reportCount: 0 }}
              actions={[item.locked ? "unlock" : "lock", "hide", "delete"]}
              problem={problem}
            />
          ))}
        </ul>
      )}

      <AdminCard>
        <h3 className="mb-4 text-lg font-semibold text-slate-900">{t("admin.settingsHeading")}</h3>
        <Form method="post" className="grid max-w-xl gap-4">
          <input type="hidden" name="intent" value="discussions-settings" />
          <label className="inline-flex min-h-11 items-center gap-2 text-slate-900">
            <input type="checkbox" name="autoApprove" defaultChecked={data.autoApprove} className="h-5 w-5" />
            {t("admin.autoApprove")}
          </label>
          <div>
            <button type="submit" className={adminButton.primary}>
              {t("admin.saveSettings")}
            </button>
          </div>
        </Form>
      </AdminCard>
    </section>
  );
}
