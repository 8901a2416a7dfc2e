import { Lock, LogIn, MessageSquare } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { discussionInputClasses, ResultMessage } from "~/components/discussions/discussion-ui";
import type { DiscussionsSectionData } from "~/features/discussions/community-discussions.server";
import { MAX_BODY, MAX_TITLE, type DiscussionsActionData } from "~/features/discussions/discussion-views";
import { useDiscussionsTranslation } from "~/features/discussions/discussions-translation";

const primaryButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60";

function isActionData(value: unknown): value is DiscussionsActionData {
  return typeof value === "object" && value !== null && "ok" in value && "message" in value;
}

/**
 * The discussions section of /community. Visitors see what it is and a sign-in link, never a
 * thread; members see the topics (latest activity first), their own topics awaiting review and
 * the "Start a discussion" form (a plain POST).
 */
export function DiscussionsSection({ data, actionData }: { data: DiscussionsSectionData; actionData: unknown }) {
  const { t } = useDiscussionsTranslation();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const result = isActionData(actionData) ? actionData : undefined;
  const posted = result?.intent === "discussions-post" ? result : undefined;
  const fieldError = (field: string) => (posted && !posted.ok ? posted.fieldErrors[field] : undefined);
  const described = (field: string) =>
    fieldError(field) ? { "aria-invalid": true as const, "aria-describedby": `discussion-${field}-error` } : {};
  const error = (field: string) =>
    fieldError(field) ? (
      <p id={`discussion-${field}-error`} className="mt-1 text-sm font-semibold text-red-800">
        {fieldError(field)}
      </p>
    ) : null;
  const pageHref = (n: number) => {
    const search = new URLSearchParams(location.search);
    if (n > 1) search.set("topics", String(n));
    else search.delete("topics");
    const query = search.toString();
    return `/community${query ? `?${query}` : ""}#discussions-heading`;
  };

  return (
    <section id="discussions" aria-labelledby="discussions-heading" className="mt-16 min-w-0 scroll-mt-24">
      <h2 id="discussions-heading" className="font-serif text-3xl font-bold text-brand-800">
        {t("heading")}
      </h2>
      <p className="mt-3 max-w-3xl text-lg text-slate-800">{t("intro")}</p>

      {!data.signedIn ? (
        <div className="mt-6 flex flex-col items-start gap-3 rounded-2xl border border-slate-300 bg-slate-50 p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-800">{t("guest")}</p>
          <a
            href={data.signInHref}
            className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            <LogIn aria-hidden="true" className="h-4 w-4" />
            {t("signIn")}
          </a>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            {data.threads.length === 0 ? (
              <p className="rounded-2xl bg-slate-100 p-6 text-slate-900">{t("list.empty")}</p>
            ) : (
              <ul aria-label={t("list.label")} className="divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
                {data.threads.map((thread) => (
                  <li key={thread.id} className="min-w-0 p-4 sm:p-5" data-testid="discussion-topic">
                    <h3 className="font-serif text-xl font-bold wrap-anywhere">
                      <Link
                        to={thread.href}
                        className="inline-flex min-h-6 items-center text-brand-800 underline-offset-4 hover:underline focus-visible:underline"
                      >
                        {thread.title}
                      </Link>
                    </h3>
                    <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
                      <span className="wrap-anywhere">{t("list.byline", { name: thread.authorName })}</span>
                      <span className="inline-flex items-center gap-1">
                        <MessageSquare aria-hidden="true" className="h-4 w-4" />
                        {thread.replyCount === 1 ? t("list.repliesOne") : t("list.replies", { count: thread.replyCount })}
                      </span>
                      <span>
                        <time dateTime={thread.lastActivity}>{t("list.lastActivity", { date: thread.lastActivityLabel })}</time>
                      </span>
                      {thread.locked ? (
                        <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
                          <Lock aria-hidden="true" className="h-3 w-3" />
                          {t("list.locked")}
                        </span>
                      ) : null}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {data.pagination.pages > 1 ? (
              <nav aria-label={t("list.pagination")} className="mt-6 flex flex-wrap items-center gap-4">
                {data.pagination.page > 1 ? (
                  <Link
                    to={pageHref(data.pagination.page - 1)}
                    className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline underline-offset-4"
                  >
                    {t("list.previous")}
                  </Link>
                ) : null}
                <p className="text-slate-800">{t("list.pageOf", { page: data.pagination.page, pages: data.pagination.pages })}</p>
                {data.pagination.page < data.pagination.pages ? (
                  <Link
                    to={pageHref(data.pagination.page + 1)}
                    className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline underline-offset-4"
                  >
                    {t("list.next")}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </div>

          <div className="min-w-0 space-y-6">
            <section aria-labelledby="discussion-form-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
              <h3 id="discussion-form-heading" className="font-serif text-2xl font-bold text-brand-800">
                {t("form.heading")}
              </h3>
              <ResultMessage result={posted} className="mt-4" />
              {posted?.ok && posted.href ? (
                <p className="mt-2">
                  <Link to={posted.href} className="font-semibold text-brand-800 underline underline-offset-4">
                    {t("form.open")}
                  </Link>
                </p>
              ) : null}
              <Form method="post" className="mt-4 grid gap-4" key={posted?.ok ? posted.id : "form"} preventScrollReset>
                <input type="hidden" name="intent" value="discussions-post" />
                <p id="discussion-form-hint" className="text-sm text-slate-700">
                  {t("form.hint")}
                </p>
                <div className="min-w-0">
                  <label htmlFor="discussion-title" className="font-semibold text-slate-900">
                    {t("form.title")}
                  </label>
                  <input
                    id="discussion-title"
                    name="title"
                    required
                    maxLength={MAX_TITLE}
                    className={discussionInputClasses}
                    {...described("title")}
                  />
                  {error("title")}
                </div>
                <div className="min-w-0">
                  <label htmlFor="discussion-body" className="font-semibold text-slate-900">
                    {t("form.body")}
                  </label>
                  <textarea
                    id="discussion-body"
                    name="body"
                    required
                    maxLength={MAX_BODY}
                    rows={6}
                    className={discussionInputClasses}
                    {...described("body")}
                  />
                  {error("body")}
                </div>
                <div>
                  <button type="submit" disabled={busy} className={primaryButton}>
                    {t("form.submit")}
                  </button>
                </div>
              </Form>
            </section>

            {data.pending.length > 0 ? (
              <section aria-labelledby="discussion-mine-heading" className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200 sm:p-6">
                <h3 id="discussion-mine-heading" className="font-serif text-xl font-bold text-slate-900">
                  {t("mine.heading")}
                </h3>
                <p className="mt-2 text-sm text-slate-800">{t("mine.intro")}</p>
                <ul className="mt-3 grid gap-2">
                  {data.pending.map((p) => (
                    <li key={p.id} className="min-w-0">
                      <Link to={p.href} className="font-semibold wrap-anywhere text-brand-800 underline underline-offset-4">
                        {p.title}
                      </Link>{" "}
                      <span className="text-sm text-slate-800">({t("mine.awaiting")})</span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}
