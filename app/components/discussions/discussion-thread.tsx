import { Flag, Lock, Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { PageBand } from "~/components/page-band";
import { MAX_REASON, MAX_REPLY, type DiscussionsActionData } from "~/features/discussions/discussion-views";
import type { DiscussionThreadData } from "~/features/discussions/load-discussion-thread.server";
import { useDiscussionsTranslation, type DiscussionsT } from "~/features/discussions/discussions-translation";
import { discussionInputClasses, ResultMessage } from "./discussion-ui";

const smallButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-4 py-2 text-sm font-semibold disabled:opacity-60";
const primaryButton = `${smallButton} bg-brand-700 text-white hover:bg-brand-800`;

/**
 * A thread's page: its text and replies as plain text (React escapes them; nothing becomes a
 * link), the reply form unless it is closed, and report / delete-my-own forms. Plain POSTs, so
 * everything works without JavaScript.
 */
export function DiscussionThreadView({ data, result }: { data: DiscussionThreadData; result: DiscussionsActionData | undefined }) {
  const { t } = useDiscussionsTranslation();
  const { thread, replies, backHref } = data;
  const busy = useNavigation().state === "submitting";
  const forId = (id: string) => (result && result.id === id && result.intent !== "discussions-reply" ? result : undefined);
  const replyResult = result?.intent === "discussions-reply" ? result : undefined;
  const replyError = replyResult && !replyResult.ok ? replyResult.fieldErrors.body : undefined;

  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={thread.title} eyebrow={t("thread.eyebrow")} compact />
      <div className="mx-auto grid max-w-4xl gap-8 px-4 py-10 sm:px-6">
        <p>
          <Link to={backHref} className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline underline-offset-4">
            {t("thread.back")}
          </Link>
        </p>
        <article aria-labelledby="thread-heading" className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 id="thread-heading" className="sr-only">
            {thread.title}
          </h2>
          {thread.pending ? (
            <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-950">{t("thread.pending")}</p>
          ) : null}
          <p className="text-sm text-slate-700">
            {t("thread.byline", { name: thread.authorName, date: thread.dateLabel })} {thread.mine ? t("thread.you") : null}
          </p>
          <p className="mt-3 whitespace-pre-line wrap-anywhere text-lg text-slate-800" data-testid="thread-body">
            {thread.body}
          </p>
          <ResultMessage result={forId(thread.id)} className="mt-4" />
          <div className="mt-4 flex flex-wrap items-start gap-3">
            {thread.mine ? (
              <Form method="post">
                <input type="hidden" name="intent" value="discussions-delete" />
                <input type="hidden" name="kind" value="thread" />
                <input type="hidden" name="id" value={thread.id} />
                <button type="submit" disabled={busy} className={`${smallButton} border-2 border-red-700 text-red-800 hover:bg-red-50`}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  {t("thread.deleteThread")}
                </button>
              </Form>
            ) : !thread.pending ? (
              <ReportForm
                t={t}
                kind="thread"
                id={thread.id}
                label={t("thread.reportThread")}
                reported={thread.reported || forId(thread.id)?.ok === true}
                result={forId(thread.id)}
              />
            ) : null}
          </div>
        </article>

        <section aria-labelledby="replies-heading" className="min-w-0">
          <h2 id="replies-heading" className="font-serif text-2xl font-bold text-brand-800">
            {t("thread.repliesHeading")}
          </h2>
          {replies.length === 0 ? (
            <p className="mt-4 text-slate-800">{t("thread.noReplies")}</p>
          ) : (
            <ol className="mt-4 grid gap-4">
              {replies.map((reply) => (
                <li
                  key={reply.id}
                  id={`reply-${reply.id}`}
                  className="min-w-0 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5"
                  data-testid="discussion-reply"
                >
                  <p className="text-sm font-semibold text-slate-900">
                    <span className="wrap-anywhere">{reply.authorName}</span>{" "}
                    {reply.mine ? <span className="font-normal text-slate-700">{t("thread.you")}</span> : null}
                    <span className="font-normal text-slate-700">
                      {" · "}
                      <time dateTime={reply.date}>{reply.dateLabel}</time>
                    </span>
                  </p>
                  <p className="mt-2 whitespace-pre-line wrap-anywhere text-slate-800" data-testid="reply-body">
                    {reply.body}
                  </p>
                  <ResultMessage result={forId(reply.id)} className="mt-3" />
                  <div className="mt-3 flex flex-wrap items-start gap-3">
                    {reply.mine ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="discussions-delete" />
                        <input type="hidden" name="kind" value="reply" />
                        <input type="hidden" name="id" value={reply.id} />
                        <button
                          type="submit"
                          disabled={busy}
                          aria-label={t("thread.deleteReplyFor", { date: reply.dateLabel })}
                          className={`${smallButton} text-red-800 underline underline-offset-4`}
                        >
                          <Trash2 aria-hidden="true" className="h-4 w-4" />
                          {t("thread.deleteReply")}
                        </button>
                      </Form>
                    ) : (
                      <ReportForm
                        t={t}
                        kind="reply"
                        id={reply.id}
                        label={t("thread.reportReply", { name: reply.authorName })}
                        reported={reply.reported || forId(reply.id)?.ok === true}
                        result={forId(reply.id)}
                      />
                    )}
                  </div>
                </li>
              ))}
            </ol>
          )}
        </section>

        {thread.pending ? null : thread.locked ? (
          <p className="flex items-center gap-2 rounded-2xl bg-slate-100 p-5 font-semibold text-slate-900">
            <Lock aria-hidden="true" className="h-5 w-5 shrink-0" />
            {t("thread.locked")}
          </p>
        ) : (
          <section aria-labelledby="reply-form-heading" className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <h2 id="reply-form-heading" className="font-serif text-2xl font-bold text-brand-800">
              {t("thread.replyHeading")}
            </h2>
            <ResultMessage result={replyResult} className="mt-4" />
            <Form method="post" className="mt-4 grid gap-4" key={replyResult?.ok ? replyResult.id : "reply"}>
              <input type="hidden" name="intent" value="discussions-reply" />
              <input type="hidden" name="threadId" value={thread.id} />
              <div className="min-w-0">
                <label htmlFor="discussion-reply" className="font-semibold text-slate-900">
                  {t("thread.replyLabel")}
                </label>
                <textarea
                  id="discussion-reply"
                  name="body"
                  required
                  maxLength={MAX_REPLY}
                  rows={5}
                  className={discussionInputClasses}
                  aria-invalid={replyError ? true : undefined}
                  aria-describedby={replyError ? "discussion-reply-error" : undefined}
                />
                {replyError ? (
                  <p id="discussion-reply-error" className="mt-1 text-sm font-semibold text-red-800">
                    {replyError}
                  </p>
                ) : null}
              </div>
              <div>
                <button type="submit" disabled={busy} className={primaryButton}>
                  {t("thread.replySubmit")}
                </button>
              </div>
            </Form>
          </section>
        )}
      </div>
    </main>
  );
}

/** "Report" opens a small form with an optional reason (a native disclosure: keyboard and no-JS friendly). */
function ReportForm({
  t,
  kind,
  id,
  label,
  reported,
  result,
}: {
  t: DiscussionsT;
  kind: "thread" | "reply";
  id: string;
  label: string;
  reported: boolean;
  result: DiscussionsActionData | undefined;
}) {
  const reasonError = result && !result.ok ? result.fieldErrors.reason : undefined;
  if (reported) return null;
  const fieldId = `report-reason-${id}`;
  return (
    <details className="min-w-0" open={reasonError ? true : undefined}>
      <summary aria-label={label} className={`${smallButton} cursor-pointer text-slate-800 underline underline-offset-4`}>
        <Flag aria-hidden="true" className="h-4 w-4" />
        {t("thread.report")}
      </summary>
      <Form method="post" className="mt-2 grid max-w-md gap-3">
        <input type="hidden" name="intent" value="discussions-report" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <div className="min-w-0">
          <label htmlFor={fieldId} className="text-sm font-semibold text-slate-900">
            {t("thread.reportReason")}
          </label>
          <textarea
            id={fieldId}
            name="reason"
            rows={2}
            maxLength={MAX_REASON}
            className={discussionInputClasses}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${fieldId}-error` : undefined}
          />
          {reasonError ? (
            <p id={`${fieldId}-error`} className="mt-1 text-sm font-semibold text-red-800">
              {reasonError}
            </p>
          ) : null}
        </div>
        <div>
          <button
            type="submit"
            aria-label={`${t("thread.reportSubmit")}: ${label}`}
            className={`${smallButton} border-2 border-slate-500 text-slate-900 hover:bg-slate-100`}
          >
            {t("thread.reportSubmit")}
          </button>
        </div>
      </Form>
    </details>
  );
}
