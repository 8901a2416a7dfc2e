import { z } from "zod";
import { eq } from "drizzle-orm";
import { studyGroups } from "~/db/schema";
import { readInput } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { cancelJoinRequest } from "./cancel-join-request.server";
import { decideJoinRequest } from "./decide-join-request.server";
import { formatDay } from "./group-schedule";
import { MAX_REQUEST_MESSAGE, type GroupActionData } from "./group-views";
import { groupsTranslator } from "./groups-translation";
import { leaveGroup } from "./leave-group.server";
import { findActiveGroup } from "./load-group-page.server";
import { membershipErrorStatus, type MembershipResult } from "./membership-result";
import { removeGroupMember } from "./remove-group-member.server";
import { requestToJoin } from "./request-to-join.server";

/** Join requests one member may send per hour (across groups). */
export const joinRequestLimit = { limit: 10, windowSeconds: 60 * 60 };

const INTENTS = ["request", "cancel", "leave", "accept", "decline", "remove"] as const;
type Intent = (typeof INTENTS)[number];

const ZGroupId = z.coerce.number().int().positive().max(2_147_483_647);
const ZRequest = z.object({ message: z.string().trim().max(MAX_REQUEST_MESSAGE).optional().default("") });
const ZMemberId = z.object({ memberId: z.uuid() });

interface Outcome {
  status: number;
  data: GroupActionData;
  headers?: Headers;
}

/**
 * POST /community (the group named by `groupId`) or /community/groups/:slug: a member's
 * request to join, withdrawal or leaving; a leader's accept, decline or removal. Every
 * permission is checked here on the server, whatever the page showed.
 */
export async function runGroupAction({ request, slug, now }: { request: Request; slug?: string; now?: Date }): Promise<Outcome> {
  const { db, language } = getRequestContext(request);
  const t = groupsTranslator(language);
  const input = await readInput(request);
  const intent: Intent | null =
    typeof input?.intent === "string" && (INTENTS as readonly string[]).includes(input.intent) ? (input.intent as Intent) : null;
  let groupId: number | null = null;
  const answer = (status: number, message: string, fieldErrors: Record<string, string> = {}): Outcome => ({
    status,
    data: { ok: status < 300, intent, groupId, message, fieldErrors },
  });
  if (!input || !intent) return answer(400, t("errors.invalidRequest"));

  const session = await getCurrentMember({ db, request });
  const withHeaders = (o: Outcome): Outcome => ({ ...o, headers: session?.headers });

  // The group: the page's slug, or the form's groupId on /community. Archived groups are gone.
  if (slug !== undefined) {
    const group = await findActiveGroup(db, slug);
    if (!group) return withHeaders(answer(404, t("errors.notFound")));
    groupId = group.id;
  } else {
    const parsed = ZGroupId.safeParse(input.groupId);
    if (!parsed.success) return withHeaders(answer(400, t("errors.invalidRequest")));
    const [group] = await db
      .select({ id: studyGroups.id, status: studyGroups.status })
      .from(studyGroups)
      .where(eq(studyGroups.id, parsed.data));
    if (!group || group.status !== "active") return withHeaders(answer(404, t("errors.notFound")));
    groupId = group.id;
  }
  if (!session) return answer(401, t("errors.signInRequired"));
  const userId = session.member.id;
  const refused = async (result: MembershipResult) => {
    if (result.ok) return null;
    const values: Record<string, string> = {};
    if (result.retryFrom) values.date = formatDay(result.retryFrom, language, await churchTimeZone(db));
    return withHeaders(answer(membershipErrorStatus[result.error], t(`errors.${result.error}`, values)));
  };

  switch (intent) {
    case "request": {
      const parsed = ZRequest.safeParse(input);
      if (!parsed.success)
        return withHeaders(
          answer(400, t("errors.messageTooLong", { max: MAX_REQUEST_MESSAGE }), {
            message: t("errors.messageTooLong", { max: MAX_REQUEST_MESSAGE }),
          }),
        );
      const limit = await consumeRateLimit(db, `groups:request:user:${userId}`, joinRequestLimit);
      if (!limit.allowed)
        return withHeaders(answer(429, t("errors.rateLimited", { minutes: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) })));
      const result = await requestToJoin({
        db,
        groupId,
        userId,
        requesterName: session.member.name,
        message: parsed.data.message,
        siteUrl: siteUrl(getEnv()),
        now,
      });
      return (await refused(result)) ?? withHeaders(answer(200, t("join.requested")));
    }
    case "cancel": {
      const result = await cancelJoinRequest({ db, groupId, userId });
      return (await refused(result)) ?? withHeaders(answer(200, t("join.cancelled")));
    }
    case "leave": {
      const result = await leaveGroup({ db, groupId, userId, now });
      return (await refused(result)) ?? withHeaders(answer(200, t("join.left")));
    }
    case "accept":
    case "decline":
    case "remove": {
      const parsed = ZMemberId.safeParse(input);
      if (!parsed.success) return withHeaders(answer(400, t("errors.invalidRequest")));
      const actor = { kind: "leader" as const, userId, name: session.member.name, ip: null };
      const result =
        intent === "remove"
          ? await removeGroupMember({ db, actor, groupId, memberId: parsed.data.memberId, now })
          : await decideJoinRequest({
              db,
              actor,
              groupId,
              memberId: parsed.data.memberId,
              decision: intent,
              siteUrl: siteUrl(getEnv()),
              now,
            });
      const done = intent === "accept" ? "leader.accepted" : intent === "decline" ? "leader.declined" : "leader.removed";
      return (await refused(result)) ?? withHeaders(answer(200, t(done)));
    }
  }
}
