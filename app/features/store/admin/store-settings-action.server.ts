import { data, redirect } from "react-router";
import { NO_STORE, type AdminContext } from "~/platform/admin/require-admin.server";
import { updateChurchSettings } from "~/platform/church/update-church-settings.server";
import { readInput } from "~/server/request-input.server";
import { parseDollars } from "~/features/payments/money";
import type { StoreAdminResult } from "./store-admin-form";

/** Flat shipping is at most $100 (the settings check allows 0..10000 cents). */
export const MAX_SHIPPING_CENTS = 10_000;

/** POST /admin/store (scope "store" checked by the route): the store settings, audited (`store_settings.update`). */
export async function handleStoreSettingsAction(request: Request, ctx: AdminContext) {
  const input = await readInput(request);
  const answer = (
    status: number,
    result: Omit<StoreAdminResult, "ok" | "intent" | "fieldErrors"> & Partial<Pick<StoreAdminResult, "fieldErrors">>,
  ) => data<StoreAdminResult>({ ok: false, intent: "save-settings", fieldErrors: {}, ...result }, { status, headers: NO_STORE });
  if (!input || input.intent !== "save-settings") return answer(400, { message: "invalidRequest" });
  const shippingText = typeof input.shipping === "string" ? input.shipping.slice(0, 40) : "";
  const enabledText = input.shippingEnabled === "on" ? "on" : "";
  const cents = parseDollars(shippingText);
  if (cents === null || cents < 0 || cents > MAX_SHIPPING_CENTS) {
    return answer(400, {
      message: "invalid",
      settingsValues: { shipping: shippingText, shippingEnabled: enabledText },
      fieldErrors: { shipping: "shipping" },
    });
  }
  const next = { storeShippingCents: cents, storeShippingEnabled: enabledText === "on" };
  const saved = await updateChurchSettings({ db: ctx.db, actor: ctx.admin, ipAddress: ctx.ip, action: "store_settings.update", next });
  const outcome = saved === "saved" ? "settingsSaved" : saved;
  if (outcome === "notFound") return answer(404, { message: "notFound" });
  throw redirect(`/admin/store?notice=${outcome}#store-settings`, { status: 303, headers: NO_STORE });
}
