import { Check, ExternalLink } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reading-plan";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { PassageDisplay } from "~/components/study/passage-display";
import { buttonClasses } from "~/components/ui/button-link";
import { loadReadingPlanPage, runReadingPlanAction, type PlanActionData } from "~/features/study/reading-plan-page.server";
import { useStudyTranslation } from "~/features/study/study-translation";
import { routeMeta } from "~/features/seo/route-meta";
import { PageBand } from "~/components/page-band";

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadReadingPlanPage({ request, slug: params.slug });
}

export async function action({ request, params }: Route.ActionArgs) {
  const outcome = await runReadingPlanAction({ request, slug: params.slug });
  const headers = new Headers(outcome.headers);
  headers.set("Cache-Control", "no-store");
  return data(outcome.data, { status: outcome.status, headers });
}

export const meta: Route.MetaFunction = routeMeta;

const linkClasses = "font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900";

export default function ReadingPlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useStudyTranslation();
  const { plan, days, member, next, signInHref } = loaderData;
  const result = actionData as PlanActionData | undefined;
  const busy = useNavigation().state === "submitting";
  const total = days.length;

  return (
    <main id="main" tabIndex={-1}>
      <PageBand compact title={plan.title} intro={plan.description} />

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          <div role="status" aria-live="polite">
            {result ? (
              <p className={`rounded-lg p-3 font-semibold ${result.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}>
                {result.message}
              </p>
            ) : null}
          </div>
          {member ? (
            <div className="rounded-2xl bg-brand-50 p-5">
              <p className="text-lg font-semibold text-slate-900">{t("plan.progress", { done: member.done, total })}</p>
              <progress
                value={member.done}
                max={Math.max(1, total)}
                aria-label={t("plan.progress", { done: member.done, total })}
                className="mt-3 h-3 w-full accent-brand-700"
              />
              {member.done >= total && total > 0 ? <p className="mt-3 font-semibold text-emerald-900">{t("plan.finished")}</p> : null}
            </div>
          ) : (
            <p className="rounded-2xl bg-brand-50 p-5 text-slate-900">
              {t("plan.signIn")}{" "}
              <Link to={signInHref} className={linkClasses}>
                {t("notes.signInLink")}
              </Link>
            </p>
          )}

          <section aria-labelledby="plan-days">
            <h2 id="plan-days" className="font-serif text-2xl font-bold text-brand-800">
              {t("plan.readings")}
            </h2>
            <ol className="mt-4 grid gap-3">
              {days.map((day) => (
                <li
                  key={day.id}
                  className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4 ${day.done ? "border-emerald-300 bg-emerald-50" : "border-slate-200 bg-white"}`}
                >
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">
                      {t("plan.day", { day: day.dayNumber })}
                      {day.done ? (
                        <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">
                          <Check aria-hidden="true" className="h-3 w-3" />
                          {t("plan.done")}
                        </span>
                      ) : null}
                    </p>
                    <p className="wrap-anywhere text-slate-800">
                      {day.links[0] ? (
                        <a
                          href={day.links[0].url}
                          target="_blank"
                          rel="noopener"
                          className={`${linkClasses} inline-flex min-h-11 items-center gap-1`}
                        >
                          <span>
                            {day.reference}
                            <span className="sr-only"> {t("passage.newTab")}</span>
                          </span>
                          <ExternalLink aria-hidden="true" className="h-4 w-4 shrink-0" />
                        </a>
                      ) : (
                        day.reference
                      )}
                    </p>
                  </div>
                  {member ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value={day.done ? "unmark" : "mark"} />
                      <input type="hidden" name="dayId" value={day.id} />
                      <button
                        type="submit"
                        disabled={busy}
                        className={day.done ? `${buttonClasses("light")} ring-1 ring-slate-400` : buttonClasses("primary")}
                      >
                        <span aria-hidden="true">{day.done ? t("plan.markUndone") : t("plan.markDone")}</span>
                        <span className="sr-only">
                          {day.done ? t("plan.markUndoneLabel", { day: day.dayNumber }) : t("plan.markDoneLabel", { day: day.dayNumber })}
                        </span>
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
          <p className="text-sm text-slate-700">{t("passage.linksNote")}</p>
        </div>

        <div className="min-w-0">
          {next && next.passage ? (
            <section aria-labelledby="plan-next" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
              <h2 id="plan-next" className="font-serif text-2xl font-bold text-brand-800">
                {t("plan.nextHeading")}
              </h2>
              <p className="mt-2 font-semibold wrap-anywhere text-slate-900">
                {t("plan.next", { day: next.dayNumber, reference: next.reference })}
              </p>
              <div className="mt-3">
                <PassageDisplay passage={next.passage} t={t} idPrefix="next" />
              </div>
            </section>
          ) : null}
          <p className="mt-6">
            <Link to="/study" className={linkClasses}>
              {t("plan.back")}
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
