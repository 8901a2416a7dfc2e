import { z } from "zod";
import { data, redirect } from "react-router";
import { NO_STORE, type AdminContext } from "~/platform/admin/require-admin.server";
import { readInput } from "~/server/request-input.server";
import { decideJoinRequest } from "~/features/groups/decide-join-request.server";
import type { GroupActor } from "~/features/groups/group-actor";
import type { MembershipError } from "~/features/groups/membership-result";
import { removeGroupMember } from "~/features/groups/remove-group-member.server";
import { getEnv, siteUrl } from "~/server/env.server";
import type { GroupAdminMessage, GroupAdminResult } from "./group-form";
import { addGroupLeader, removeGroupLeader } from "./manage-group-leaders.server";
import { parseGroupInput } from "./parse-group-input.server";
import { saveGroup } from "./save-group.server";

const ZMemberId = z.uuid();
const ZEmail = z.string().trim().max(254).pipe(z.email());

const fromMembershipError: Partial<Record<MembershipError, GroupAdminMessage>> = {
  notFound: "notFound",
  full: "full",
  notPending: "notPending",
  notMember: "notMember",
  leaderCannotBeRemoved: "leaderCannotBeRemoved",
};

/**
 * POST /admin/groups/new and /admin/groups/:groupId (the route has checked the "groups"
 * scope): save the form, add or remove a leader, remove a member, accept or decline a
 * request. Refusals answer 4xx with a message key the page translates.
 */
export async function handleGroupAdminAction(request: Request, ctx: AdminContext, groupId: number | null) {
  const input = await readInput(request);
  const intent = typeof input?.intent === "string" ? input.intent : null;
  const answer = (
    status: number,
    result: Omit<GroupAdminResult, "intent" | "fieldErrors"> & Partial<Pick<GroupAdminResult, "fieldErrors">>,
  ) => data<GroupAdminResult>({ intent, fieldErrors: {}, ...result }, { status, headers: NO_STORE });
  if (!input || !intent) return answer(400, { ok: false, message: "invalidRequest" });

  if (intent === "save") {
    const parsed = parseGroupInput(input);
    if (!parsed.ok) return answer(400, { ok: false, message: "invalid", values: parsed.values, fieldErrors: parsed.fieldErrors });
    const result = await saveGroup({ db: ctx.db, actor: ctx.admin, ip: ctx.ip, groupId, input: parsed.group });
    if (!result.ok)
      return answer(result.status, {
        ok: false,
        message: result.status === 404 ? "notFound" : "invalid",
        values: parsed.values,
        fieldErrors: result.fieldErrors,
      });
    const flag = result.created ? "created" : result.changed ? "saved" : "unchanged";
    throw redirect(`/admin/groups/${result.id}?${flag}=1`, { status: 303, headers: NO_STORE });
  }

  // Everything else acts on the people of a saved group.
  if (groupId === null) return answer(400, { ok: false, message: "invalidRequest" });
  const actor: GroupActor = { kind: "admin", userId: ctx.admin.userId, name: ctx.admin.name, ip: ctx.ip };

  if (intent === "add-leader") {
    const email = ZEmail.safeParse(input.leaderEmail);
    if (!email.success) return answer(400, { ok: false, message: "noAccount", fieldErrors: { leaderEmail: "required" } });
    const result = await addGroupLeader({ db: ctx.db, actor: ctx.admin, ip: ctx.ip, groupId, email: email.data });
    return result.ok
      ? answer(200, { ok: true, message: "leaderAdded", name: result.name })
      : answer(result.status, { ok: false, message: result.message });
  }

  const memberId = ZMemberId.safeParse(input.memberId);
  if (!memberId.success) return answer(400, { ok: false, message: "invalidRequest" });
  if (intent === "remove-leader") {
    const result = await removeGroupLeader({ db: ctx.db, actor: ctx.admin, ip: ctx.ip, groupId, memberId: memberId.data });
    return result.ok
      ? answer(200, { ok: true, message: "leaderRemoved", name: result.name })
      : answer(result.status, { ok: false, message: result.message });
  }
  if (intent === "remove-member" || intent === "accept" || intent === "decline") {
    const result =
      intent === "remove-member"
        ? await removeGroupMember({ db: ctx.db, actor, groupId, memberId: memberId.data })
        : await decideJoinRequest({ db: ctx.db, actor, groupId, memberId: memberId.data, decision: intent, siteUrl: siteUrl(getEnv()) });
    if (result.ok)
      return answer(200, {
        ok: true,
        message: intent === "remove-member" ? "memberRemoved" : intent === "accept" ? "accepted" : "declined",
      });
    return answer(result.error === "notFound" ? 404 : 409, { ok: false, message: fromMembershipError[result.error] ?? "invalidRequest" });
  }
  return answer(400, { ok: false, message: "invalidRequest" });
}
