import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/order";
import { AdminCard, AdminPage, adminButton, AdminTable, Field, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { localize } from "~/i18n/localize";
import { formatCents } from "~/features/payments/money";
import { handleOrderAdminAction } from "~/features/store/admin/order-admin-action.server";
import { loadOrderAdmin, parseOrderId } from "~/features/store/admin/order-admin.server";
import type { StoreAdminResult } from "~/features/store/admin/store-admin-form";
import { storeAdminTranslator, useStoreAdminTranslation } from "~/features/store/store-admin-translation";

const NOTICES = ["statusChanged", "notesSaved", "unchanged"] as const;

function orderIdOf(params: { orderId?: string }): string {
  const id = parseOrderId(params.orderId ?? "");
  if (id === null) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  return id;
}

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { db, language } = await requireAdmin(request, "store");
  const loaded = await loadOrderAdmin(db, orderIdOf(params));
  if (!loaded) throw data({ notFound: true }, { status: 404, headers: NO_STORE });
  const notice = NOTICES.find((n) => n === url.searchParams.get("notice")) ?? null;
  return data(
    {
      ...loaded,
      notice,
      timeZone: await churchTimeZone(db),
      title: storeAdminTranslator(language)("admin.order.title", { number: String(loaded.order.number) }),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  // The admin check comes first: nothing of the body is read before it.
  const ctx = await requireAdmin(request, "store");
  return handleOrderAdminAction(request, ctx, orderIdOf(params));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

/** /admin/store/orders/:orderId: the order, its lines and customer, the next staff step (which emails the customer) and notes. */
export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useStoreAdminTranslation();
  const busy = useNavigation().state !== "idle";
  const { order, items, steps, notice, timeZone, title } = loaderData;
  const result = actionData as StoreAdminResult | undefined;
  const money = (cents: number) => formatCents(cents, language);
  const when = (value: string | null) => (value ? formatDateTime(value, language, timeZone) : t("admin.order.none"));
  const row = (label: string, value: string) => (
    <div className="grid gap-0.5">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="break-words text-slate-900">{value}</dd>
    </div>
  );
  const address = order.shippingAddress;
  return (
    <AdminPage
      title={title}
      actions={
        <Link to="/admin/store#orders" className={adminButton.secondary}>
          {t("admin.order.backToOrders")}
        </Link>
      }
    >
      {result ? (
        <Notice tone="error">{t(`admin.messages.${result.message}`)}</Notice>
      ) : notice ? (
        <Notice tone="success">{t(`admin.messages.${notice}`)}</Notice>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <AdminCard id="order-summary" title={t("admin.order.summaryHeading")}>
          <dl className="grid gap-3 sm:grid-cols-2">
            {row(t("admin.order.status"), t(`admin.orderStatus.${order.status}`))}
            {row(t("admin.order.fulfillment"), t(`admin.fulfillment.${order.fulfillment}`))}
            {row(t("admin.order.created"), when(order.createdAt))}
            {row(t("admin.order.paid"), when(order.paidAt))}
            {row(t("admin.order.updated"), when(order.updatedAt))}
            {row(t("admin.order.total"), money(order.totalCents))}
            {order.refundedCents > 0 ? row(t("admin.order.refunded"), money(order.refundedCents)) : null}
            {row(t("admin.order.payment"), order.stripePaymentIntentId ?? t("admin.order.none"))}
            {row(t("admin.order.checkout"), order.stripeCheckoutSessionId ?? t("admin.order.none"))}
          </dl>
        </AdminCard>
        <AdminCard id="order-customer" title={t("admin.order.customerHeading")}>
          <dl className="grid gap-3">
            {row(t("admin.orderColumns.customer"), order.name || t("admin.deletedCustomer"))}
            <div className="grid gap-0.5">
              <dt className="text-sm font-medium text-slate-700">{t("admin.csv.email")}</dt>
              <dd className="break-all">
                <a href={`mailto:${order.email}`} className="text-brand-800 underline">
                  {order.email}
                </a>
              </dd>
            </div>
            {row(t("admin.order.phone"), order.phone ?? t("admin.order.none"))}
            {row(t("admin.order.language"), t(`admin.order.languages.${order.language}`))}
            {order.fulfillment === "shipping" && address
              ? row(
                  t("admin.order.address"),
                  [address.line1, address.line2, `${address.city}, ${address.region} ${address.postalCode}`].filter(Boolean).join("\n"),
                )
              : null}
          </dl>
        </AdminCard>
      </div>

      <AdminCard id="order-items" title={t("admin.order.itemsHeading")}>
        <AdminTable
          label={t("admin.order.itemsTable")}
          minWidthClass="min-w-[36rem]"
          columns={[
            t("admin.order.itemColumns.product"),
            t("admin.order.itemColumns.size"),
            t("admin.order.itemColumns.price"),
            t("admin.order.itemColumns.quantity"),
            t("admin.order.itemColumns.total"),
          ]}
        >
          {items.map((item) => (
            <tr key={item.id} className="border-b border-slate-200 align-top">
              <th scope="row" className="py-2 pr-3 font-normal break-words">
                {localize(language, item.productName, item.productNameEs)}
              </th>
              <td className="py-2 pr-3">
                {item.variantLabel ? localize(language, item.variantLabel, item.variantLabelEs) : t("admin.order.none")}
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">{money(item.unitPriceCents)}</td>
              <td className="py-2 pr-3">{item.quantity}</td>
              <td className="py-2 whitespace-nowrap">{money(item.unitPriceCents * item.quantity)}</td>
            </tr>
          ))}
        </AdminTable>
        <dl className="mt-4 grid max-w-xs gap-1 text-sm">
          <div className="flex justify-between gap-4">
            <dt>{t("admin.order.subtotal")}</dt>
            <dd>{money(order.subtotalCents)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>{t("admin.order.shipping")}</dt>
            <dd>{money(order.shippingCents)}</dd>
          </div>
          <div className="flex justify-between gap-4 font-semibold">
            <dt>{t("admin.order.total")}</dt>
            <dd>{money(order.totalCents)}</dd>
          </div>
        </dl>
      </AdminCard>

      <AdminCard id="order-actions" title={t("admin.order.actionsHeading")}>
        {steps.length === 0 ? (
          <p className="text-slate-700">{t("admin.order.noActions")}</p>
        ) : (
          <div className="grid gap-4">
            {steps.map((step) => (
              <Form key={step} method="post" className="grid gap-3">
                <input type="hidden" name="intent" value={`status:${step === "picked_up" ? "picked-up" : step}`} />
                {step === "shipped" ? (
                  <Field id="order-tracking" label={t("admin.order.trackingNote")}>
                    {(props) => <input {...props} name="tracking" type="text" maxLength={300} className={inputClasses} />}
                  </Field>
                ) : null}
                <div>
                  <button type="submit" disabled={busy} className={adminButton.primary}>
                    {step === "ready"
                      ? t("admin.order.markReady")
                      : step === "shipped"
                        ? t("admin.order.markShipped")
                        : t("admin.order.markPickedUp")}
                  </button>
                </div>
              </Form>
            ))}
          </div>
        )}
      </AdminCard>

      <AdminCard id="order-notes" title={t("admin.order.notesHeading")}>
        <Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="notes" />
          <Field id="order-notes-text" label={t("admin.order.notes")} error={result?.fieldErrors.notes ? t("admin.errors.tooLong") : null}>
            {(props) => <textarea {...props} name="notes" rows={4} maxLength={4000} defaultValue={order.notes} className={inputClasses} />}
          </Field>
          <div>
            <button type="submit" disabled={busy} className={adminButton.secondary}>
              {t("admin.order.saveNotes")}
            </button>
          </div>
        </Form>
      </AdminCard>
    </AdminPage>
  );
}
