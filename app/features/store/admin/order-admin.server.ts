import { asc, eq, sql } from "drizzle-orm";
import { orderItems, orders, type OrderStatus } from "~/db/schema";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { getMembershipChurch } from "~/platform/church/church-calendar.server";
import type { AppDatabase } from "~/server/db.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { kickOutbox } from "~/server/messaging.server";
import { enqueueEmail } from "~/server/outbox.server";
import { orderPageUrl } from "../order-access.server";
import { orderStatusEmail, type NotifiedOrderStatus } from "./order-status-email";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const parseOrderId = (value: string): string | null => (UUID.test(value) ? value.toLowerCase() : null);

/** The staff steps: from which status, for which fulfilment, to which status. */
export const ORDER_STEPS = {
  ready: { from: "paid", fulfillment: "pickup" },
  shipped: { from: "paid", fulfillment: "shipping" },
  picked_up: { from: "ready", fulfillment: "pickup" },
} as const satisfies Record<NotifiedOrderStatus, { from: OrderStatus; fulfillment: "pickup" | "shipping" }>;

/** The steps open to an order now. */
export function nextSteps(order: { status: OrderStatus; fulfillment: "pickup" | "shipping" }): NotifiedOrderStatus[] {
  return (Object.keys(ORDER_STEPS) as NotifiedOrderStatus[]).filter(
    (to) => ORDER_STEPS[to].from === order.status && ORDER_STEPS[to].fulfillment === order.fulfillment,
  );
}

/** The order with its lines, for /admin/store/orders/:orderId; null when it does not exist. */
export async function loadOrderAdmin(db: AppDatabase, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  return {
    order: {
      ...order,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      expiresAt: order.expiresAt.toISOString(),
      confirmationSentAt: order.confirmationSentAt?.toISOString() ?? null,
    },
    items,
    steps: nextSteps(order),
  };
}

/**
 * Moves an order on (paid → ready or shipped, ready → picked up) with a conditional UPDATE, so
 * two staff clicks or a refund arriving meanwhile cannot both win; emails the customer in
 * their language through the outbox in the same transaction; audited (`order.status`).
 */
export async function changeOrderStatus(o: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  orderId: string;
  to: NotifiedOrderStatus;
  trackingNote: string | null;
}): Promise<"changed" | "notFound" | "invalidTransition"> {
  const step = ORDER_STEPS[o.to];
  const outcome = await o.db.transaction(async (tx) => {
    const db = tx as unknown as AppDatabase;
    const [before] = await tx.select().from(orders).where(eq(orders.id, o.orderId)).for("update");
    if (!before) return "notFound" as const;
    if (before.status !== step.from || before.fulfillment !== step.fulfillment) return "invalidTransition" as const;
    const now = new Date();
    const notes = o.trackingNote
      ? [before.notes, `${o.to === "shipped" ? "Tracking" : "Note"}: ${o.trackingNote}`].filter(Boolean).join("\n")
      : before.notes;
    const [row] = await tx
      .update(orders)
      .set({ status: o.to, notes, updatedAt: now })
      .where(sql`${orders.id} = ${before.id} and ${orders.status} = ${step.from}`)
      .returning();
    if (!row) return "invalidTransition" as const;
    const church = await getMembershipChurch(db, row.language);
    const site = siteUrl(getEnv());
    await enqueueEmail(db, {
      to: row.email,
      ...orderStatusEmail({
        language: row.language,
        churchName: church.name,
        siteUrl: site,
        name: row.name,
        number: row.number,
        status: o.to,
        orderUrl: await orderPageUrl({ siteUrl: site, orderId: row.id, language: row.language }),
        trackingNote: o.trackingNote,
      }),
    });
    await recordAudit({
      db,
      actor: o.actor,
      ipAddress: o.ip,
      entry: {
        action: "order.status",
        entityType: "order",
        entityId: row.id,
        before: { status: before.status },
        after: { status: row.status, number: row.number, ...(o.trackingNote ? { trackingNote: o.trackingNote } : {}) },
      },
    });
    return "changed" as const;
  });
  if (outcome === "changed") kickOutbox();
  return outcome;
}

/** Saves the staff notes, audited (`order.notes`). */
export async function saveOrderNotes(o: {
  db: AppDatabase;
  actor: Pick<AdminIdentity, "userId" | "name">;
  ip: string;
  orderId: string;
  notes: string;
}): Promise<"saved" | "unchanged" | "notFound"> {
  return o.db.transaction(async (tx) => {
    const [before] = await tx.select({ notes: orders.notes }).from(orders).where(eq(orders.id, o.orderId)).for("update");
    if (!before) return "notFound" as const;
    if (before.notes === o.notes) return "unchanged" as const;
    await tx.update(orders).set({ notes: o.notes, updatedAt: new Date() }).where(eq(orders.id, o.orderId));
    await recordAudit({
      db: tx as unknown as AppDatabase,
      actor: o.actor,
      ipAddress: o.ip,
      entry: {
        action: "order.notes",
        entityType: "order",
        entityId: o.orderId,
        before: { notes: before.notes },
        after: { notes: o.notes },
      },
    });
    return "saved" as const;
  });
}
