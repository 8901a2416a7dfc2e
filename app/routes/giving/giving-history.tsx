import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/giving-history";
import { PageErrorBoundary } from "~/components/error-boundaries";
import { PageBand } from "~/components/page-band";
import { buttonClasses } from "~/components/ui/button-link";
import {
  loadGivingHistory,
  runGivingHistoryAction,
  type HistoryActionData,
  type HistoryRecurring,
} from "~/features/giving/giving-history.server";
import { useGivingTranslation } from "~/features/giving/giving-translation";
import { formatCents } from "~/features/payments/money";

export async function loader({ request }: Route.LoaderArgs) {
  return loadGivingHistory({ request });
}

export async function action({ request }: Route.ActionArgs) {
  return runGivingHistoryAction({ request });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = matches.find((m) => m?.id === "routes/site/layout")?.loaderData as { church?: { name: string } } | undefined;
  const title = loaderData?.title ?? "";
  return [{ title: site?.church ? `${title} | ${site.church.name}` : title }, { name: "robots", content: "noindex" }];
};

const cell = "px-3 py-2 text-left align-top";

/** /give/history: the member's gifts, totals and statements by year, and their recurring gifts (cancel with a confirm step). */
export default function GivingHistoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useGivingTranslation();
  const { gifts, yearTotals, recurring } = loaderData;
  const money = (cents: number) => formatCents(cents, language);
  const result = actionData as HistoryActionData | undefined;
  const confirming = result && "confirm" in result ? result.confirm : null;
  const message = result && "message" in result ? result : null;
  const messageRef = useRef<HTMLParagraphElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const lang = language === "es" ? "?lang=es" : "";
  useEffect(() => {
    if (result) messageRef.current?.focus();
  }, [result]);
  const describe = (r: HistoryRecurring) => ({
    amount: money(r.amountCents),
    fund: r.fund,
    frequency: t(`form.frequencies.${r.frequency}`),
  });

  return (
    <main id="main" tabIndex={-1}>
      <PageBand title={t("history.title")} intro={t("history.intro")} compact />
      <div className="mx-auto grid max-w-5xl gap-12 px-4 py-10 sm:px-6">
        {message ? (
          <p
            ref={messageRef}
            tabIndex={-1}
            role={message.ok ? "status" : "alert"}
            className={`rounded-lg p-3 font-semibold ${message.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
          >
            {message.message}
          </p>
        ) : null}

        <section aria-labelledby="recurring-heading" className="min-w-0">
          <h2 id="recurring-heading" className="font-serif text-3xl font-bold text-brand-800">
            {t("history.recurringHeading")}
          </h2>
          {recurring.length === 0 ? (
            <p className="mt-4 text-slate-800">{t("history.noRecurring")}</p>
          ) : (
            <ul className="mt-4 grid gap-4">
              {recurring.map((r) => (
                <li key={r.id} className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                  <p className="font-semibold wrap-anywhere text-slate-900">
                    {money(r.amountCents)} · {r.fund} · {t(`form.frequencies.${r.frequency}`)}
                  </p>
                  <p className="mt-1 text-slate-800">
                    {t("history.status")}: {t(`history.statuses.${r.status}`, { amount: "" })}
                  </p>
                  {r.status !== "canceled" ? (
                    confirming === r.id ? (
                      <div className="mt-3 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300">
                        <p ref={messageRef} tabIndex={-1} className="font-semibold wrap-anywhere text-amber-950">
                          {t("history.confirmCancel", describe(r))}
                        </p>
                        <div className="mt-3 flex flex-wrap gap-3">
                          <Form method="post">
                            <input type="hidden" name="intent" value="cancel-confirm" />
                            <input type="hidden" name="recurringId" value={r.id} />
                            <button
                              type="submit"
                              disabled={busy}
                              className="inline-flex min-h-11 items-center rounded-full bg-red-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-900"
                            >
                              {t("history.confirmYes")}
                            </button>
                          </Form>
                          <Link to={`/give/history${lang}`} className={buttonClasses("primary")}>
                            {t("history.confirmNo")}
                          </Link>
                        </div>
                      </div>
                    ) : (
                      <Form method="post" className="mt-3">
                        <input type="hidden" name="intent" value="cancel" />
                        <input type="hidden" name="recurringId" value={r.id} />
                        <button
                          type="submit"
                          aria-label={t("history.cancelLabel", describe(r))}
                          className="inline-flex min-h-11 items-center rounded-full border-2 border-red-800 px-5 py-2 text-sm font-semibold text-red-900 hover:bg-red-50"
                        >
                          {t("history.cancel")}
                        </button>
                      </Form>
                    )
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="gifts-heading" className="min-w-0">
          <h2 id="gifts-heading" className="font-serif text-3xl font-bold text-brand-800">
            {t("history.giftsHeading")}
          </h2>
          {gifts.length === 0 ? (
            <p className="mt-4 text-slate-800">{t("history.noGifts")}</p>
          ) : (
            <div
              className="mt-4 overflow-x-auto rounded-2xl ring-1 ring-slate-200"
              tabIndex={0}
              role="group"
              aria-labelledby="gifts-heading"
            >
              <table className="w-full min-w-[36rem] bg-white text-slate-900">
                <thead className="bg-slate-100">
                  <tr>
                    <th scope="col" className={cell}>
                      {t("history.date")}
                    </th>
                    <th scope="col" className={cell}>
                      {t("history.fund")}
                    </th>
                    <th scope="col" className={`${cell} text-right`}>
                      {t("history.amount")}
                    </th>
                    <th scope="col" className={`${cell} text-right`}>
                      {t("history.fee")}
                    </th>
                    <th scope="col" className={cell}>
                      {t("history.status")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {gifts.map((g) => (
                    <tr key={g.id} className="border-t border-slate-200">
                      <td className={cell}>{g.date}</td>
                      <td className={`${cell} wrap-anywhere`}>
                        {g.fund}
                        {g.frequency !== "one_time" ? (
                          <span className="block text-sm text-slate-700">{t(`form.frequencies.${g.frequency}`)}</span>
                        ) : null}
                      </td>
                      <td className={`${cell} text-right`}>{money(g.amountCents)}</td>
                      <td className={`${cell} text-right`}>{g.feeCents ? money(g.feeCents) : "—"}</td>
                      <td className={cell}>{t(`history.statuses.${g.status}`, { amount: money(g.refundedCents) })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        {yearTotals.length ? (
          <section aria-labelledby="years-heading" className="min-w-0">
            <h2 id="years-heading" className="font-serif text-3xl font-bold text-brand-800">
              {t("history.yearTotals")}
            </h2>
            <ul className="mt-4 grid gap-3">
              {yearTotals.map(({ year, cents }) => (
                <li key={year} className="flex flex-wrap items-center gap-x-6 gap-y-1 text-slate-900">
                  <span className="font-semibold">{t("history.yearTotal", { year: String(year), amount: money(cents) })}</span>
                  <a
                    href={`/give/statement/${year}.pdf${lang}`}
                    download
                    className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
                  >
                    {t("history.statement", { year: String(year) })}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <p>
          <Link to={`/give${lang}`} className={buttonClasses("primary")}>
            {t("history.giveLink")}
          </Link>
        </p>
      </div>
    </main>
  );
}

export const ErrorBoundary = PageErrorBoundary;
