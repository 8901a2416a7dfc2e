import { data, redirect } from "react-router";
import { NO_STORE, type AdminContext } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";
import { changeOrderStatus, saveOrderNotes } from "./order-admin.server";
import type { StoreAdminResult } from "./store-admin-form";

const STEPS = { ready: "ready", shipped: "shipped", "picked-up": "picked_up" } as const;
const NOTES_MAX = 4000;
const TRACKING_MAX = 300;

/** POST /admin/store/orders/:orderId (scope "store" checked by the route): a status step or the staff notes. */
export async function handleOrderAdminAction(request: Request, ctx: AdminContext, orderId: string) {
  const input = await readInput(request);
  const intent = typeof input?.intent === "string" ? input.intent : null;
  const answer = (status: number, message: StoreAdminResult["message"], fieldErrors: StoreAdminResult["fieldErrors"] = {}) =>
    data<StoreAdminResult>({ ok: false, intent, message, fieldErrors }, { status, headers: NO_STORE });
  if (!input || !intent) return answer(400, "invalidRequest");
  const back = (notice: string) => {
    throw redirect(`/admin/store/orders/${orderId}?notice=${notice}`, { status: 303, headers: NO_STORE });
  };

  if (intent === "notes") {
    const notes = typeof input.notes === "string" ? input.notes.replace(/\r\n?/g, "\n").trim() : null;
    if (notes === null) return answer(400, "invalidRequest");
    if (notes.length > NOTES_MAX) return answer(400, "invalid", { notes: "tooLong" });
    const outcome = await saveOrderNotes({ db: ctx.db, actor: ctx.admin, ip: ctx.ip, orderId, notes });
    if (outcome === "notFound") return answer(404, "notFound");
    return back(outcome === "saved" ? "notesSaved" : "unchanged");
  }

  const to = intent.startsWith("status:") ? STEPS[intent.slice(7) as keyof typeof STEPS] : undefined;
  if (!to) return answer(400, "invalidRequest");
  const tracking = typeof input.tracking === "string" ? input.tracking.trim() : "";
  if (tracking.length > TRACKING_MAX) return answer(400, "invalid", { tracking: "tooLong" });
  const outcome = await changeOrderStatus({
    db: ctx.db,
    actor: ctx.admin,
    ip: ctx.ip,
    orderId,
    to,
    trackingNote: to === "shipped" && tracking ? tracking : null,
  });
  if (outcome === "notFound") return answer(404, "notFound");
  if (outcome === "invalidTransition") return answer(409, "invalidTransition");
  return back("statusChanged");
}
