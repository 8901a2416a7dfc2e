import { Form } from "react-router";
import { adminButton, Field, formatDateTime, inputClasses } from "~/components/admin/admin-ui";
import type { PrayerAdminItem } from "~/features/prayer/admin/prayer-admin-result";
import type { PrayerAdminT } from "~/features/prayer/prayer-admin-translation";
import { MAX_BODY, MAX_NOTES, MAX_REPLY, MAX_TITLE } from "~/features/prayer/prayer-views";

export interface PrayerAdminProblem {
  id?: string;
  intent: string | null;
  message: string;
  field?: string;
}

/**
 * One request as staff see it: the author's real name and email even when anonymous, the
 * moderation buttons, the text edit form (inbox and moderation queue) and, in the inbox, the
 * follow-up and reply forms.
 */
export function PrayerAdminCard({
  t,
  language,
  item,
  full,
  editable = full,
  assignees,
  problem,
  hidden,
  headingLevel = 2,
}: {
  t: PrayerAdminT;
  language: string;
  item: PrayerAdminItem;
  /** The inbox shows everything; the moderation queue only the moderation actions. */
  full: boolean;
  /** The text edit form; always in the inbox, and in the moderation queue. */
  editable?: boolean;
  assignees: Array<{ userId: string; name: string }>;
  problem: PrayerAdminProblem | undefined;
  hidden: Record<string, string>;
  /** 2 in the inbox (under the page's h1); 3 in the moderation queue (under its h2). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const base = `p-${item.id}`;
  const fields = (
    <>
      <input type="hidden" name="id" value={item.id} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
  const errorFor = (intent: string, field: string) => (problem?.intent === intent && problem.field === field ? problem.message : null);
  const title = item.title || t("wall.untitled");
  const editForm = editable ? (
    <Form method="post" className="grid min-w-0 gap-3">
      {fields}
      <input type="hidden" name="intent" value="edit" />
      <Field id={`${base}-title`} label={t("admin.editTitle")} error={errorFor("edit", "title")}>
        {(p) => <input {...p} name="title" maxLength={MAX_TITLE} defaultValue={item.title ?? ""} className={inputClasses} />}
      </Field>
      <Field id={`${base}-body`} label={t("admin.editBody")} error={errorFor("edit", "body")}>
        {(p) => <textarea {...p} name="body" rows={4} maxLength={MAX_BODY} defaultValue={item.body} className={inputClasses} />}
      </Field>
      <div>
        <button type="submit" className={adminButton.secondary}>
          {t("admin.saveText")}
        </button>
      </div>
    </Form>
  ) : null;
  return (
    <li id={base} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="prayer-admin-item">
      <Heading className="text-lg font-semibold wrap-anywhere text-slate-900">{title}</Heading>
      <p className="mt-2 whitespace-pre-line wrap-anywhere text-slate-800">{item.body}</p>
      {item.praiseReport ? (
        <p className="mt-2 whitespace-pre-line wrap-anywhere text-emerald-900">{t("wall.praise", { text: item.praiseReport })}</p>
      ) : null}
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="font-semibold text-slate-900">{t("admin.author")}</dt>
          <dd className="wrap-anywhere text-slate-700">
            {item.anonymous ? t("admin.authorAnonymous", { name: item.authorName }) : item.authorName}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="font-semibold text-slate-900">{t("admin.email")}</dt>
          <dd className="wrap-anywhere text-slate-700">{item.authorEmail ?? t("admin.noEmail")}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{t("admin.category")}</dt>
          <dd className="text-slate-700">{t(`categories.${item.category as "other"}`)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{t("admin.visibility")}</dt>
          <dd className="text-slate-700">{t(`admin.visibilityValues.${item.visibility}`)}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{t("admin.status")}</dt>
          <dd className="text-slate-700" data-testid="prayer-admin-status">
            {t(`admin.statusValues.${item.status}`)}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{t("admin.inboxStatus")}</dt>
          <dd className="text-slate-700">{t(`admin.inboxValues.${item.inboxStatus}`)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        {t("admin.posted", { date: formatDateTime(item.createdAt, language) })} ·{" "}
        {t("admin.expires", { date: formatDateTime(item.expiresAt, language) })} · {t("admin.praying", { count: item.prayingCount })} ·{" "}
        {t("admin.reports", { count: item.reportCount })}
      </p>

      <div className="mt-4 flex flex-wrap gap-2">
        {item.status !== "approved" || item.reportCount > 0 ? (
          <Form method="post">
            {fields}
            <input type="hidden" name="intent" value="approve" />
            <button type="submit" className={adminButton.primary} aria-label={`${t("admin.approve")}: ${title}`}>
              {t("admin.approve")}
            </button>
          </Form>
        ) : null}
        {item.status !== "hidden" || item.reportCount > 0 ? (
          <Form method="post">
            {fields}
            <input type="hidden" name="intent" value="hide" />
            <button type="submit" className={adminButton.secondary} aria-label={`${t("admin.hide")}: ${title}`}>
              {t("admin.hide")}
            </button>
          </Form>
        ) : null}
        <Form method="post">
          {fields}
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className={adminButton.danger} aria-label={`${t("admin.delete")}: ${title}`}>
            {t("admin.delete")}
          </button>
        </Form>
      </div>

      {!full && editForm ? <div className="mt-6 max-w-2xl">{editForm}</div> : null}
      {full ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <Form method="post" className="grid min-w-0 gap-3">
            {fields}
            <input type="hidden" name="intent" value="follow-up" />
            <Field id={`${base}-inbox`} label={t("admin.inboxStatus")}>
              {(p) => (
                <select {...p} name="inboxStatus" defaultValue={item.inboxStatus} className={inputClasses}>
                  {(["new", "in_progress", "closed"] as const).map((s) => (
                    <option key={s} value={s}>
                      {t(`admin.inboxValues.${s}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={`${base}-assignee`} label={t("admin.assignee")} error={errorFor("follow-up", "assigneeUserId")}>
              {(p) => (
                <select {...p} name="assigneeUserId" defaultValue={item.assigneeUserId ?? ""} className={inputClasses}>
                  <option value="">{t("admin.nobody")}</option>
                  {assignees.map((a) => (
                    <option key={a.userId} value={a.userId}>
                      {a.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field id={`${base}-notes`} label={t("admin.notes")} error={errorFor("follow-up", "staffNotes")}>
              {(p) => (
                <textarea {...p} name="staffNotes" rows={3} maxLength={MAX_NOTES} defaultValue={item.staffNotes} className={inputClasses} />
              )}
            </Field>
            <div>
              <button type="submit" className={adminButton.primary}>
                {t("admin.saveFollowUp")}
              </button>
            </div>
          </Form>

          {editForm}

          <div className="min-w-0 lg:col-span-2">
            {item.replies.length > 0 ? (
              <>
                <h3 className="font-semibold text-slate-900">{t("admin.replies")}</h3>
                <ul className="mt-2 grid gap-2">
                  {item.replies.map((r) => (
                    <li key={r.id} className="rounded-lg bg-slate-50 p-3 text-sm">
                      <p className="font-semibold text-slate-900">
                        {t("admin.replyBy", { name: r.authorName, date: formatDateTime(r.createdAt, language) })}
                      </p>
                      <p className="mt-1 whitespace-pre-line wrap-anywhere text-slate-800">{r.body}</p>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {item.authorEmail ? (
              <Form method="post" className="mt-3 grid gap-3">
                {fields}
                <input type="hidden" name="intent" value="reply" />
                <Field id={`${base}-reply`} label={t("admin.reply")} error={errorFor("reply", "reply")}>
                  {(p) => <textarea {...p} name="reply" rows={4} maxLength={MAX_REPLY} className={inputClasses} />}
                </Field>
                <div>
                  <button type="submit" className={adminButton.primary}>
                    {t("admin.sendReply")}
                  </button>
                </div>
              </Form>
            ) : null}
          </div>
        </div>
      ) : null}
    </li>
  );
}
