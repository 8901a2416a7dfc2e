import { BookOpen, NotebookPen } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/study";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { GuideSections } from "~/components/study/guide-sections";
import { PassageDisplay } from "~/components/study/passage-display";
import { buttonClasses } from "~/components/ui/button-link";
import { loadStudyPage } from "~/features/study/load-study-page.server";
import { runStudyAction, type StudyActionData } from "~/features/study/run-study-action.server";
import { useStudyTranslation, type StudyT } from "~/features/study/study-translation";
import { routeMeta } from "~/features/seo/route-meta";
import { PageBand } from "~/components/page-band";

export async function loader({ request, url }: Route.LoaderArgs) {
  return loadStudyPage({ request, url });
}

export async function action({ request }: Route.ActionArgs) {
  const outcome = await runStudyAction({ request });
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  return data(outcome.data, { status: outcome.status, headers });
}

export const meta: Route.MetaFunction = routeMeta;

type LoaderData = Route.ComponentProps["loaderData"];

const inputClasses =
  "mt-1 block min-h-11 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700";
const cardClasses = "min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6";
const h2Classes = "font-serif text-2xl font-bold text-brand-800";
const linkClasses = "font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900";

export default function StudyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useStudyTranslation();
  const { page, guide, guidePassage, lookup } = loaderData;
  const failed = actionData as StudyActionData | undefined;

  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={page.title} intro={page.body} />

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-10 lg:col-span-2">
          <section aria-labelledby="this-week" className={cardClasses}>
            <h2 id="this-week" className={h2Classes}>
              {t("hub.thisWeek")}
            </h2>
            {guide ? (
              <>
                <p className="mt-1 text-slate-700">{t("hub.weekOf", { date: guide.weekLabel })}</p>
                <p className="mt-4 font-serif text-3xl font-bold wrap-anywhere text-slate-900">
                  <Link to={`/past-bible-studies/${guide.slug}`} className="hover:underline">
                    {guide.title}
                  </Link>
                </p>
                <div className="mt-6">
                  <GuideSections
                    guide={guide}
                    t={t}
                    level={3}
                    passage={guidePassage ? <PassageDisplay passage={guidePassage} t={t} idPrefix="guide" /> : null}
                  />
                </div>
              </>
            ) : (
              <p className="mt-4 text-lg text-slate-800">{t("hub.noGuide")}</p>
            )}
            <p className="mt-8">
              <Link to="/past-bible-studies" className={linkClasses}>
                {t("hub.pastLink")}
              </Link>
            </p>
          </section>

          <section aria-labelledby="lookup-heading" className={cardClasses}>
            <h2 id="lookup-heading" className={`${h2Classes} flex items-center gap-2`}>
              <BookOpen aria-hidden="true" className="h-6 w-6 shrink-0" />
              {t("lookup.heading")}
            </h2>
            <Form method="get" action="/study" className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
              <div className="min-w-0">
                <label htmlFor="study-ref" className="block font-semibold text-slate-900">
                  {t("lookup.label")}
                </label>
                <p id="study-ref-hint" className="text-sm text-slate-700">
                  {t("lookup.hint")}
                </p>
                <input
                  id="study-ref"
                  name="ref"
                  type="text"
                  defaultValue={lookup.input}
                  key={lookup.input}
                  maxLength={200}
                  autoComplete="off"
                  aria-invalid={lookup.error ? true : undefined}
                  aria-describedby={lookup.error ? "study-ref-hint study-ref-error" : "study-ref-hint"}
                  className={inputClasses}
                />
              </div>
              <button type="submit" className={buttonClasses("primary")}>
                {t("lookup.submit")}
              </button>
            </Form>
            {lookup.error ? (
              <p id="study-ref-error" role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-semibold wrap-anywhere text-red-900">
                {lookup.error}
              </p>
            ) : null}
            {lookup.passage ? (
              <section aria-labelledby="lookup-result" className="mt-6">
                <h3 id="lookup-result" className="font-serif text-xl font-bold wrap-anywhere text-slate-900">
                  {lookup.passage.reference}
                </h3>
                <div className="mt-3">
                  <PassageDisplay passage={lookup.passage} t={t} idPrefix="lookup" />
                </div>
              </section>
            ) : null}
          </section>
        </div>

        <div className="grid min-w-0 content-start gap-10">
          <PlansSection loaderData={loaderData} t={t} />
          <NotesSection loaderData={loaderData} failed={failed} t={t} />
        </div>
      </div>
    </main>
  );
}

function PlansSection({ loaderData, t }: { loaderData: LoaderData; t: StudyT }) {
  const { plans, member, signInHref } = loaderData;
  return (
    <section aria-labelledby="plans-heading" className={cardClasses}>
      <h2 id="plans-heading" className={h2Classes}>
        {t("plans.heading")}
      </h2>
      {plans.length === 0 ? (
        <p className="mt-3 text-slate-800">{t("plans.empty")}</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {plans.map((plan) => (
            <li key={plan.slug} className="rounded-xl border border-slate-200 p-4">
              <p className="font-semibold wrap-anywhere text-slate-900">
                <Link to={`/study/plans/${plan.slug}`} className={linkClasses}>
                  {plan.title}
                </Link>
              </p>
              {plan.description ? <p className="mt-1 text-sm wrap-anywhere text-slate-700">{plan.description}</p> : null}
              <p className="mt-2 text-sm text-slate-800">
                {plan.done === null ? t("plans.days", { count: plan.days }) : t("plans.progress", { done: plan.done, total: plan.days })}
              </p>
              {plan.done !== null && plan.days > 0 ? (
                <progress
                  value={plan.done}
                  max={plan.days}
                  aria-label={t("plans.progress", { done: plan.done, total: plan.days })}
                  className="mt-2 h-2 w-full accent-brand-700"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {member ? null : (
        <p className="mt-4 text-slate-800">
          {t("plans.signIn")}{" "}
          <Link to={signInHref} className={linkClasses}>
            {t("notes.signInLink")}
          </Link>
        </p>
      )}
    </section>
  );
}

function NotesSection({ loaderData, failed, t }: { loaderData: LoaderData; failed: StudyActionData | undefined; t: StudyT }) {
  const { member, notes, editing, notice, guide, signInHref } = loaderData;
  const busy = useNavigation().state === "submitting";
  const values =
    failed?.values ??
    (editing ? { body: editing.body, passage: editing.passage, aboutGuide: editing.aboutGuide, noteId: editing.id } : null);
  const noteId = values?.noteId ?? "";
  return (
    <section aria-labelledby="notes-heading" className={cardClasses}>
      <h2 id="notes-heading" className={`${h2Classes} flex items-center gap-2`}>
        <NotebookPen aria-hidden="true" className="h-6 w-6 shrink-0" />
        {t("notes.heading")}
      </h2>
      {member ? (
        <>
          <p className="mt-1 text-sm text-slate-700">{t("notes.private")}</p>
          <div role="status" aria-live="polite">
            {notice && !failed ? (
              <p className="mt-3 rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900">
                {t(notice === "noteSaved" ? "notes.saved" : "notes.deleted")}
              </p>
            ) : null}
          </div>
          {failed ? (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 font-semibold text-red-900">
              {failed.message}
            </p>
          ) : null}
          <Form
            method="post"
            action="/study"
            key={`${editing?.id ?? "new"}-${notes.length}-${notice ?? ""}`}
            className="mt-4 grid gap-4"
            aria-labelledby="note-form-heading"
          >
            <h3 id="note-form-heading" className="font-serif text-xl font-bold text-slate-900">
              {noteId ? t("notes.editHeading") : t("notes.newHeading")}
            </h3>
            <input type="hidden" name="intent" value="save-note" />
            {noteId ? <input type="hidden" name="noteId" value={noteId} /> : null}
            <div>
              <label htmlFor="note-body" className="block font-semibold text-slate-900">
                {t("notes.body")}
              </label>
              <p id="note-body-hint" className="text-sm text-slate-700">
                {t("notes.bodyHint")}
              </p>
              <textarea
                id="note-body"
                name="body"
                rows={5}
                required
                maxLength={10000}
                defaultValue={values?.body ?? ""}
                aria-describedby="note-body-hint"
                className={inputClasses}
              />
            </div>
            <div>
              <label htmlFor="note-passage" className="block font-semibold text-slate-900">
                {t("notes.passage")}
              </label>
              <p id="note-passage-hint" className="text-sm text-slate-700">
                {t("notes.passageHint")}
              </p>
              <input
                id="note-passage"
                name="passage"
                type="text"
                maxLength={200}
                defaultValue={values?.passage ?? ""}
                aria-describedby="note-passage-hint"
                className={inputClasses}
              />
            </div>
            {guide ? (
              <label className="flex min-h-11 items-start gap-3 text-slate-900">
                <input type="hidden" name="guideId" value={guide.id} />
                <input type="checkbox" name="aboutGuide" defaultChecked={values?.aboutGuide ?? false} className="mt-1 h-5 w-5 shrink-0" />
                <span className="wrap-anywhere">{t("notes.aboutGuide", { title: guide.title })}</span>
              </label>
            ) : null}
            <div className="flex flex-wrap gap-3">
              <button type="submit" disabled={busy} className={buttonClasses("primary")}>
                {noteId ? t("notes.update") : t("notes.save")}
              </button>
              {noteId ? (
                <Link to="/study" className={`${buttonClasses("light")} ring-1 ring-slate-300`}>
                  {t("notes.cancelEdit")}
                </Link>
              ) : null}
            </div>
          </Form>

          {notes.length === 0 ? (
            <p className="mt-6 text-slate-800">{t("notes.empty")}</p>
          ) : (
            <ul className="mt-6 grid gap-4">
              {notes.map((note) => (
                <li key={note.id} className="rounded-xl border border-slate-200 p-4">
                  <p className="whitespace-pre-line wrap-anywhere text-slate-900">{note.body}</p>
                  <p className="mt-2 text-sm wrap-anywhere text-slate-700">
                    {note.passage ? <span className="block">{t("notes.onPassage", { reference: note.passage })}</span> : null}
                    {note.guideTitle ? <span className="block">{t("notes.onGuide", { title: note.guideTitle })}</span> : null}
                    <span className="block">{t("notes.updated", { date: note.updatedLabel })}</span>
                  </p>
                  <div className="mt-2 flex flex-wrap items-center gap-3">
                    <Link to={`/study?note=${note.id}#notes-heading`} className={`${linkClasses} inline-flex min-h-11 items-center`}>
                      <span aria-hidden="true">{t("notes.edit")}</span>
                      <span className="sr-only">{t("notes.editLabel", { date: note.updatedLabel })}</span>
                    </Link>
                    <Form method="post" action="/study">
                      <input type="hidden" name="intent" value="delete-note" />
                      <input type="hidden" name="noteId" value={note.id} />
                      <button
                        type="submit"
                        disabled={busy}
                        className="inline-flex min-h-11 items-center font-semibold text-red-800 underline underline-offset-4"
                      >
                        <span aria-hidden="true">{t("notes.delete")}</span>
                        <span className="sr-only">{t("notes.deleteLabel", { date: note.updatedLabel })}</span>
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="mt-3 text-slate-800">
          {t("notes.signIn")}{" "}
          <Link to={signInHref} className={linkClasses}>
            {t("notes.signInLink")}
          </Link>
        </p>
      )}
    </section>
  );
}

export const ErrorBoundary = PageErrorBoundary;
