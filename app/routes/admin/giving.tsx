import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/giving";
import {
  AdminCard,
  AdminPage,
  AdminPager,
  adminButton,
  AdminTable,
  Field,
  formatDateTime,
  inputClasses,
  Notice,
} from "~/components/admin/admin-ui";
import { FundForm, GivingSettingsForm } from "~/components/admin/giving/giving-forms";
import { adminTranslator } from "~/platform/admin/admin-translation";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { GIVING_NOTICES, type GivingAdminResult } from "~/features/giving/admin/giving-admin-form";
import { handleGivingAdminAction } from "~/features/giving/admin/giving-admin-action.server";
import { GIFT_STATUSES, GIVING_PERIODS, givingQuery, readGivingFilters } from "~/features/giving/admin/giving-filters";
import { loadGivingAdmin } from "~/features/giving/admin/load-giving-admin.server";
import { useGivingAdminTranslation } from "~/features/giving/giving-admin-translation";
import { describeFee, formatCents } from "~/features/payments/money";
import { dateTimeFormat } from "~/i18n/intl-format";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "giving");
  const editParam = url.searchParams.get("editFund");
  const editFundId = editParam && /^\d{1,9}$/.test(editParam) ? Number(editParam) : null;
  const page = await loadGivingAdmin({ db, language, filters: readGivingFilters(url), editFundId });
  const noticeParam = url.searchParams.get("notice");
  const notice = GIVING_NOTICES.find((n) => n === noticeParam) ?? null;
  return data({ ...page, notice, title: adminTranslator(language)("sections.giving") }, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  // The admin check comes first: nothing of the body is read before it.
  const ctx = await requireAdmin(request, "giving");
  return handleGivingAdminAction(request, ctx);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const badge = {
  on: "border-emerald-400 bg-emerald-50 text-emerald-900",
  warn: "border-amber-400 bg-amber-50 text-amber-900",
  off: "border-slate-400 bg-slate-100 text-slate-900",
} as const;
const pill = "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold";
const checkboxRow = "flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2";

/** /admin/giving: the period's totals, its gifts, recurring donors, the funds and the giving settings. */
export default function AdminGiving({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useGivingAdminTranslation();
  const busy = useNavigation().state !== "idle";
  const d = loaderData;
  const result = actionData as GivingAdminResult | undefined;
  const money = (cents: number) => formatCents(cents, language);
  const day = (ymd: string) => dateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${ymd}T00:00:00Z`));
  const query = givingQuery(d.filters);
  const pageLink = (page: number) => `/admin/giving?${givingQuery(d.filters, { page })}#gifts`;
  const fundMessage = result && ["fundInUse", "confirmDelete", "notFound"].includes(result.message);

  return (
    <AdminPage title={d.title} intro={t("admin.intro")}>
      {result && !fundMessage ? <Notice tone="error">{t(`admin.messages.${result.message}`)}</Notice> : null}
      {!result && d.notice ? <Notice tone="success">{t(`admin.messages.${d.notice}`)}</Notice> : null}
      {d.range.invalid ? <Notice tone="error">{t("admin.invalidDates")}</Notice> : null}

      <AdminCard id="period" title={t("admin.periodLegend")}>
        <Form method="get" action="/admin/giving" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
          <Field id="giving-period" label={t("admin.periodLegend")}>
            {(props) => (
              <select {...props} name="period" defaultValue={d.filters.period} className={inputClasses}>
                {GIVING_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {t(`admin.periods.${p}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="giving-from" label={t("admin.from")}>
            {(props) => (
              <input
                {...props}
                type="date"
                name="from"
                defaultValue={d.filters.period === "custom" ? (d.filters.from ?? "") : d.range.from}
                className={inputClasses}
              />
            )}
          </Field>
          <Field id="giving-to" label={t("admin.to")}>
            {(props) => (
              <input
                {...props}
                type="date"
                name="to"
                defaultValue={d.filters.period === "custom" ? (d.filters.to ?? "") : d.range.to}
                className={inputClasses}
              />
            )}
          </Field>
          <div>
            <button type="submit" className={adminButton.primary}>
              {t("admin.apply")}
            </button>
          </div>
        </Form>
        <p className="mt-3 text-sm text-slate-700">{t("admin.rangeLabel", { from: day(d.range.from), to: day(d.range.to) })}</p>
      </AdminCard>

      <AdminCard id="summary" title={t("admin.summaryHeading")}>
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
          {(
            [
              ["total", money(d.summary.totalCents)],
              ["gifts", String(d.summary.gifts)],
              ["donors", String(d.summary.donors)],
              ["fees", money(d.summary.feesCents)],
              ["refunds", money(d.summary.refundsCents)],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="rounded-lg border border-slate-200 p-3">
              <dt className="text-sm font-medium text-slate-700">{t(`admin.summary.${key}`)}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900" data-summary={key}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-6 mb-2 font-semibold text-slate-900">{t("admin.byFundHeading")}</h3>
        {d.byFund.length === 0 ? (
          <p className="text-slate-700">{t("admin.noGifts")}</p>
        ) : (
          <AdminTable
            label={t("admin.byFundTable")}
            minWidthClass="min-w-[20rem]"
            columns={[t("admin.byFundColumns.fund"), t("admin.byFundColumns.gifts"), t("admin.byFundColumns.total")]}
          >
            {d.byFund.map((f) => (
              <tr key={`${f.fundId ?? "none"}-${f.name}`} className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-3 font-normal break-words">
                  {f.name}
                </th>
                <td className="py-2 pr-3">{f.gifts}</td>
                <td className="py-2">{money(f.totalCents)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminCard>

      <AdminCard id="gifts" title={t("admin.giftsHeading")}>
        <Form method="get" action="/admin/giving" className="mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
          <input type="hidden" name="period" value={d.filters.period} />
          {d.filters.period === "custom" ? (
            <>
              <input type="hidden" name="from" value={d.filters.from ?? ""} />
              <input type="hidden" name="to" value={d.filters.to ?? ""} />
            </>
          ) : null}
          <Field id="gifts-fund" label={t("admin.filterFund")}>
            {(props) => (
              <select {...props} name="fund" defaultValue={d.filters.fund ? String(d.filters.fund) : ""} className={inputClasses}>
                <option value="">{t("admin.allFunds")}</option>
                {d.fundOptions.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="gifts-status" label={t("admin.filterStatus")}>
            {(props) => (
              <select {...props} name="status" defaultValue={d.filters.status ?? ""} className={inputClasses}>
                <option value="">{t("admin.allStatuses")}</option>
                {GIFT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`admin.status.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="gifts-q" label={t("admin.filterSearch")}>
            {(props) => (
              <input {...props} type="search" name="q" defaultValue={d.filters.q ?? ""} maxLength={200} className={inputClasses} />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={adminButton.primary}>
              {t("admin.filter")}
            </button>
            <a href={`/admin/giving/gifts.csv?${query}`} className={adminButton.secondary} download>
              {t("admin.exportCsv")}
            </a>
          </div>
        </Form>
        {d.gifts.length === 0 ? (
          <p className="text-slate-700">{t("admin.noGifts")}</p>
        ) : (
          <AdminTable
            label={t("admin.giftsTable")}
            minWidthClass="min-w-[52rem]"
            columns={[
              t("admin.columns.date"),
              t("admin.columns.donor"),
              t("admin.columns.fund"),
              t("admin.columns.amount"),
              t("admin.columns.fee"),
              t("admin.columns.frequency"),
              t("admin.columns.status"),
            ]}
          >
            {d.gifts.map((g) => (
              <tr key={g.id} className="border-b border-slate-200 align-top">
                <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(g.paidAt, language, d.timeZone)}</td>
                <th scope="row" className="py-2 pr-3 font-normal">
                  <span className="block font-semibold break-words">{g.donorName || t("admin.deletedDonor")}</span>
                  <span className="block break-all text-slate-700">{g.donorEmail}</span>
                </th>
                <td className="py-2 pr-3 break-words">{g.fundName}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{money(g.amountCents)}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{money(g.feeCents)}</td>
                <td className="py-2 pr-3">{t(`admin.frequency.${g.frequency}`)}</td>
                <td className="py-2">
                  <span className={`${pill} ${g.status === "succeeded" ? badge.on : badge.warn}`}>{t(`admin.status.${g.status}`)}</span>
                  {g.refundedCents > 0 ? (
                    <span className="mt-1 block text-slate-700">{t("admin.refundedAmount", { amount: money(g.refundedCents) })}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
        <AdminPager
          label={t("admin.giftsTable")}
          page={d.filters.page}
          pages={d.pages}
          href={pageLink}
          labels={{
            previous: t("admin.previous"),
            next: t("admin.next"),
            position: t("admin.page", { page: String(d.filters.page), pages: String(d.pages) }),
          }}
        />
      </AdminCard>

      <AdminCard id="recurring" title={t("admin.recurringHeading")}>
        {d.recurring.length === 0 ? (
          <p className="text-slate-700">{t("admin.recurringNone")}</p>
        ) : (
          <AdminTable
            label={t("admin.recurringTable")}
            minWidthClass="min-w-[56rem]"
            columns={[
              t("admin.recurringColumns.donor"),
              t("admin.recurringColumns.fund"),
              t("admin.recurringColumns.amount"),
              t("admin.recurringColumns.frequency"),
              t("admin.recurringColumns.since"),
              t("admin.recurringColumns.status"),
              t("admin.recurringColumns.action"),
            ]}
          >
            {d.recurring.map((r) => (
              <tr key={r.id} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2 pr-3 font-normal">
                  <span className="block font-semibold break-words">{r.donorName || t("admin.deletedDonor")}</span>
                  <span className="block break-all text-slate-700">{r.donorEmail}</span>
                </th>
                <td className="py-2 pr-3 break-words">{r.fundName}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{money(r.amountCents)}</td>
                <td className="py-2 pr-3">{t(`admin.frequency.${r.frequency}`)}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(r.createdAt, language, d.timeZone)}</td>
                <td className="py-2 pr-3">
                  <span className={`${pill} ${r.status === "active" ? badge.on : r.status === "past_due" ? badge.warn : badge.off}`}>
                    {t(`admin.recurringStatus.${r.status}`)}
                  </span>
                </td>
                <td className="py-2">
                  {r.status === "canceled" ? null : (
                    <Form method="post" action="/admin/giving" className="grid gap-2">
                      <input type="hidden" name="intent" value="cancel-recurring" />
                      <input type="hidden" name="recurringId" value={r.id} />
                      <label className={checkboxRow}>
                        <input type="checkbox" name="confirm" value="yes" required className="h-5 w-5 shrink-0" />
                        <span className="text-slate-900">
                          {t("admin.cancelConfirm")}
                          <span className="sr-only"> ({r.donorName || t("admin.deletedDonor")})</span>
                        </span>
                      </label>
                      {result?.targetId === r.id ? (
                        <p className="text-sm font-medium text-red-800">{t(`admin.messages.${result.message}`)}</p>
                      ) : null}
                      <div>
                        <button type="submit" disabled={busy} className={adminButton.danger}>
                          {t("admin.cancelButton")}
                        </button>
                      </div>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminCard>

      <AdminCard id="funds" title={t("admin.fundsHeading")}>
        {fundMessage && result ? (
          <div className="mb-4">
            <Notice tone="error">{t(`admin.messages.${result.message}`)}</Notice>
            {result.message === "fundInUse" && result.targetId ? (
              <Form method="post" action="/admin/giving" className="mt-2">
                <input type="hidden" name="intent" value="deactivate-fund" />
                <input type="hidden" name="fundId" value={result.targetId} />
                <button type="submit" disabled={busy} className={adminButton.secondary}>
                  {t("admin.deactivateFund")}
                </button>
              </Form>
            ) : null}
          </div>
        ) : null}
        {d.funds.length === 0 ? (
          <p className="text-slate-700">{t("admin.fundsNone")}</p>
        ) : (
          <AdminTable
            label={t("admin.fundsTable")}
            minWidthClass="min-w-[30rem]"
            columns={[
              t("admin.fundColumns.name"),
              t("admin.fundColumns.active"),
              t("admin.fundColumns.sortOrder"),
              t("admin.fundColumns.gifts"),
              t("admin.fundColumns.action"),
            ]}
          >
            {d.funds.map((f) => (
              <tr key={f.id} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2 pr-3 font-normal break-words">
                  {f.name}
                </th>
                <td className="py-2 pr-3">
                  <span className={`${pill} ${f.active ? badge.on : badge.off}`}>
                    {f.active ? t("admin.activeYes") : t("admin.activeNo")}
                  </span>
                </td>
                <td className="py-2 pr-3">{f.sortOrder}</td>
                <td className="py-2 pr-3">{f.gifts}</td>
                <td className="py-2">
                  <Link
                    to={`/admin/giving?editFund=${f.id}#fund-form`}
                    className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
                  >
                    {t("admin.editFund", { name: f.name })}
                  </Link>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminCard>

      <FundForm fund={d.editFund} result={result} busy={busy} />

      <GivingSettingsForm
        settings={{
          feePercent: d.settings.feePercent,
          feeFixed: d.settings.feeFixed,
          textKeyword: d.settings.textKeyword,
          textNumber: d.settings.textNumber,
        }}
        feeText={describeFee(d.settings.feePercentBp, d.settings.feeFixedCents, language)}
        stripeConfigured={d.stripeConfigured}
        result={result}
        busy={busy}
      />
    </AdminPage>
  );
}
