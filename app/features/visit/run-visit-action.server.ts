import { clientIp, readInput } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { submitMeetingRequest } from "./submit-meeting-request.server";
import { churchToday, getVisitChurch } from "./visit-church.server";
import { echo, fieldErrorKeys, MESSAGE_MAX, NEEDS_MAX, VISIT_FIELDS, visitSchema } from "./visit-input";
import { visitTranslator } from "./visit-translation";

export type VisitActionData =
  { ok: true; message: string } | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> };

/** Requests from one IP (scaled like the sign-in limits) and for one email address. */
export const visitLimits = { ip: { limit: 5, windowSeconds: 60 * 60 }, email: { limit: 3, windowSeconds: 24 * 60 * 60 } };

interface Outcome {
  status: number;
  data: VisitActionData;
  headers?: Headers;
}

/** POST /plan-visit: validates every field, rate limits, then stores the request with its confirmation. */
export async function runVisitAction({ request, now }: { request: Request; now?: Date }): Promise<Outcome> {
  const { db, language } = getRequestContext(request);
  const t = visitTranslator(language);
  const input = await readInput(request);
  const values = Object.fromEntries(
    VISIT_FIELDS.map((field) => [field, echo(input, field, field === "message" ? MESSAGE_MAX : field === "needs" ? NEEDS_MAX : 254)]),
  );
  const fail = (status: number, message: string, fieldErrors: Record<string, string> = {}, headers?: Headers): Outcome => ({
    status,
    headers,
    data: { ok: false, message, fieldErrors, values },
  });
  if (!input) return fail(400, t("errors.invalidRequest"));
  const session = await getCurrentMember({ db, request });
  const headers = session?.headers;
  const church = await getVisitChurch(db, language);
  const parsed = visitSchema(churchToday(church.timeZone, now)).safeParse(input);
  if (!parsed.success) {
    const keys = fieldErrorKeys(parsed.error.issues);
    const fieldErrors = Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, t(`errors.${key}`)]));
    return fail(400, t("form.errorSummary"), fieldErrors, headers);
  }
  const scale = getEnv().RATE_LIMIT_IP_SCALE;
  const limits = [
    await consumeRateLimit(db, `visit:request:ip:${clientIp(request)}`, { ...visitLimits.ip, limit: visitLimits.ip.limit * scale }),
    await consumeRateLimit(db, `visit:request:email:${parsed.data.email}`, visitLimits.email),
  ];
  const blocked = limits.find((l) => !l.allowed);
  if (blocked) return fail(429, t("errors.rateLimited", { minutes: Math.max(1, Math.ceil(blocked.retryAfterSeconds / 60)) }), {}, headers);
  await submitMeetingRequest({ db, input: parsed.data, userId: session?.member.id ?? null, siteUrl: siteUrl(getEnv()), now });
  return { status: 200, headers, data: { ok: true, message: t("form.success", { email: parsed.data.email }) } };
}
