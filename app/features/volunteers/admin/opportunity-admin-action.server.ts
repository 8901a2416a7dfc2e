import { data, redirect } from "react-router";
import { NO_STORE, type AdminContext } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";
import { deleteOpportunity } from "./delete-opportunity.server";
import type { OpportunityAdminResult } from "./opportunity-form";
import { parseOpportunityInput } from "./parse-opportunity-input.server";
import { saveOpportunity } from "./save-opportunity.server";

/**
 * POST /admin/volunteers/new and /admin/volunteers/:opportunityId (the route has checked the
 * "inbox:signups" scope): save the form or delete the ministry. Refusals answer 4xx with a
 * message key the page translates; success redirects (303).
 */
export async function handleOpportunityAdminAction(request: Request, ctx: AdminContext, opportunityId: number | null) {
  const input = await readInput(request);
  const intent = input?.intent === "save" || input?.intent === "delete" ? input.intent : null;
  const answer = (
    status: number,
    result: Omit<OpportunityAdminResult, "ok" | "intent" | "fieldErrors"> & Partial<Pick<OpportunityAdminResult, "fieldErrors">>,
  ) => data<OpportunityAdminResult>({ ok: false, intent, fieldErrors: {}, ...result }, { status, headers: NO_STORE });
  if (!input || !intent) return answer(400, { message: "invalidRequest" });

  if (intent === "delete") {
    if (opportunityId === null) return answer(400, { message: "invalidRequest" });
    if (input.confirm !== "yes") return answer(400, { message: "confirmDelete" });
    const result = await deleteOpportunity({ db: ctx.db, actor: ctx.admin, ip: ctx.ip, opportunityId });
    if (!result.ok) return answer(404, { message: "notFound" });
    throw redirect("/admin/volunteers?deleted=1", { status: 303, headers: NO_STORE });
  }

  const parsed = parseOpportunityInput(input);
  if (!parsed.ok) return answer(400, { message: "invalid", values: parsed.values, fieldErrors: parsed.fieldErrors });
  const result = await saveOpportunity({ db: ctx.db, actor: ctx.admin, ip: ctx.ip, opportunityId, input: parsed.opportunity });
  if (!result.ok)
    return answer(result.status, {
      message: result.status === 404 ? "notFound" : "invalid",
      values: parsed.values,
      fieldErrors: result.fieldErrors,
    });
  const flag = result.created ? "created" : result.changed ? "saved" : "unchanged";
  throw redirect(`/admin/volunteers/${result.id}?${flag}=1`, { status: 303, headers: NO_STORE });
}
