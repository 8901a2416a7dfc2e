import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/store";
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
import { adminTranslator } from "~/platform/admin/admin-translation";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { formatCents } from "~/features/payments/money";
import { loadStoreAdmin } from "~/features/store/admin/load-store-admin.server";
import type { StoreAdminResult } from "~/features/store/admin/store-admin-form";
import { ORDER_FILTERS, orderQuery, readOrderFilters } from "~/features/store/admin/store-filters";
import { handleStoreSettingsAction } from "~/features/store/admin/store-settings-action.server";
import { useStoreAdminTranslation } from "~/features/store/store-admin-translation";

const NOTICES = ["settingsSaved", "unchanged", "deleted"] as const;

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "store");
  const page = await loadStoreAdmin({ db, language, filters: readOrderFilters(url) });
  const notice = NOTICES.find((n) => n === url.searchParams.get("notice")) ?? null;
  return data({ ...page, notice, title: adminTranslator(language)("sections.store") }, { headers: NO_STORE });
}

export async function action({ request }: Route.ActionArgs) {
  // The admin check comes first: nothing of the body is read before it.
  const ctx = await requireAdmin(request, "store");
  return handleStoreSettingsAction(request, ctx);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

const pill = "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold";
const tone = {
  action: "border-amber-400 bg-amber-50 text-amber-900",
  done: "border-emerald-400 bg-emerald-50 text-emerald-900",
  off: "border-slate-400 bg-slate-100 text-slate-900",
} as const;

/** /admin/store: orders to prepare (filter, search, CSV), the products, and the store settings. */
export default function AdminStore({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useStoreAdminTranslation();
  const busy = useNavigation().state !== "idle";
  const d = loaderData;
  const result = actionData as StoreAdminResult | undefined;
  const money = (cents: number) => formatCents(cents, language);
  const settings = result?.settingsValues ?? { shipping: d.settings.shipping, shippingEnabled: d.settings.shippingEnabled ? "on" : "" };
  const pageLink = (page: number) => `/admin/store?${orderQuery(d.filters, { page })}#orders`;
  return (
    <AdminPage
      title={d.title}
      intro={t("admin.intro")}
      actions={
        <Link to="/admin/store/products/new" className={adminButton.primary}>
          {t("admin.newProduct")}
        </Link>
      }
    >
      {result ? (
        <Notice tone="error">{t(`admin.messages.${result.message}`)}</Notice>
      ) : d.notice ? (
        <Notice tone="success">{t(`admin.messages.${d.notice}`)}</Notice>
      ) : null}

      <AdminCard id="orders" title={t("admin.ordersHeading")}>
        <Form method="get" action="/admin/store" className="mb-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:items-end">
          <Field id="orders-status" label={t("admin.filterStatus")}>
            {(props) => (
              <select {...props} name="status" defaultValue={d.filters.status} className={inputClasses}>
                {ORDER_FILTERS.map((s) => (
                  <option key={s} value={s}>
                    {s === "action" || s === "all" ? t(`admin.statusFilter.${s}`) : t(`admin.orderStatus.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="orders-q" label={t("admin.filterSearch")}>
            {(props) => (
              <input {...props} type="search" name="q" defaultValue={d.filters.q ?? ""} maxLength={200} className={inputClasses} />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={adminButton.primary}>
              {t("admin.filter")}
            </button>
            <a href={`/admin/store/orders.csv?${orderQuery(d.filters)}`} className={adminButton.secondary} download>
              {t("admin.exportCsv")}
            </a>
          </div>
        </Form>
        {d.orders.length === 0 ? (
          <p className="text-slate-700">{t("admin.ordersNone")}</p>
        ) : (
          <AdminTable
            label={t("admin.ordersTable")}
            minWidthClass="min-w-[52rem]"
            columns={[
              t("admin.orderColumns.number"),
              t("admin.orderColumns.date"),
              t("admin.orderColumns.customer"),
              t("admin.orderColumns.items"),
              t("admin.orderColumns.total"),
              t("admin.orderColumns.fulfillment"),
              t("admin.orderColumns.status"),
            ]}
          >
            {d.orders.map((o) => (
              <tr key={o.id} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2 pr-3 font-normal">
                  <Link
                    to={`/admin/store/orders/${o.id}`}
                    className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
                  >
                    {t("admin.orderNumber", { number: String(o.number) })}
                  </Link>
                </th>
                <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(o.createdAt, language, d.timeZone)}</td>
                <td className="py-2 pr-3">
                  <span className="block font-semibold break-words">{o.name || t("admin.deletedCustomer")}</span>
                  <span className="block break-all text-slate-700">{o.email}</span>
                </td>
                <td className="py-2 pr-3">{o.items}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{money(o.totalCents)}</td>
                <td className="py-2 pr-3">{t(`admin.fulfillment.${o.fulfillment}`)}</td>
                <td className="py-2">
                  <span
                    className={`${pill} ${o.status === "paid" || o.status === "ready" ? tone.action : o.status === "shipped" || o.status === "picked_up" ? tone.done : tone.off}`}
                  >
                    {t(`admin.orderStatus.${o.status}`)}
                  </span>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
        <AdminPager
          label={t("admin.ordersTable")}
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

      <AdminCard id="products" title={t("admin.productsHeading")}>
        {d.products.length === 0 ? (
          <p className="text-slate-700">{t("admin.productsNone")}</p>
        ) : (
          <AdminTable
            label={t("admin.productsTable")}
            minWidthClass="min-w-[36rem]"
            columns={[
              t("admin.productColumns.name"),
              t("admin.productColumns.category"),
              t("admin.productColumns.price"),
              t("admin.productColumns.stock"),
              t("admin.productColumns.active"),
            ]}
          >
            {d.products.map((p) => (
              <tr key={p.id} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2 pr-3 font-normal">
                  <Link
                    to={`/admin/store/products/${p.id}`}
                    className="inline-flex min-h-11 items-center font-semibold break-words text-brand-800 underline underline-offset-2"
                  >
                    {p.name}
                  </Link>
                </th>
                <td className="py-2 pr-3">{t(`admin.category.${p.category}`)}</td>
                <td className="py-2 pr-3 whitespace-nowrap">{money(p.priceCents)}</td>
                <td className="py-2 pr-3">{p.stock}</td>
                <td className="py-2">
                  <span className={`${pill} ${p.active ? tone.done : tone.off}`}>
                    {p.active ? t("admin.activeYes") : t("admin.activeNo")}
                  </span>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminCard>

      <AdminCard id="store-settings" title={t("admin.settingsHeading")}>
        <Form method="post" action="/admin/store" className="grid gap-4" aria-label={t("admin.settingsHeading")}>
          <input type="hidden" name="intent" value="save-settings" />
          <label className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 px-3 py-2">
            <input type="checkbox" name="shippingEnabled" defaultChecked={settings.shippingEnabled === "on"} className="h-5 w-5 shrink-0" />
            <span className="text-slate-900">{t("admin.settingsFields.shippingEnabled")}</span>
          </label>
          <div className="max-w-xs">
            <Field
              id="store-shipping"
              label={t("admin.settingsFields.shipping")}
              hint={t("admin.settingsFields.shippingHint")}
              error={result?.fieldErrors.shipping ? t("admin.errors.shipping") : null}
            >
              {(props) => (
                <input
                  {...props}
                  name="shipping"
                  type="text"
                  inputMode="decimal"
                  defaultValue={settings.shipping}
                  maxLength={12}
                  className={inputClasses}
                />
              )}
            </Field>
          </div>
          <div>
            <button type="submit" disabled={busy} className={adminButton.primary}>
              {t("admin.saveSettings")}
            </button>
          </div>
        </Form>
      </AdminCard>
    </AdminPage>
  );
}
