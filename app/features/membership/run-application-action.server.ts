import { clientIp, readInput } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { churchToday, getMembershipChurch } from "~/platform/church/church-calendar.server";
import { APPLICATION_FIELDS, applicationSchema, echo, fieldErrorKeys, type MembershipErrorKey } from "./membership-input";
import { membershipTranslator } from "./membership-translation";
import { submitApplication } from "./submit-application.server";

export type ApplicationActionData =
  { ok: true; message: string } | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> };

/** Applications from one IP (scaled like the sign-in limits) and for one email address. */
export const applicationLimits = { ip: { limit: 5, windowSeconds: 60 * 60 }, email: { limit: 3, windowSeconds: 24 * 60 * 60 } };

const fallback: Record<string, MembershipErrorKey> = {
  fullName: "name",
  email: "email",
  phone: "phone",
  birthDate: "birthDate",
  address: "address",
  baptized: "baptized",
  baptismDate: "baptismDate",
  baptismChurch: "baptismChurch",
  previousChurch: "previousChurch",
  howHeard: "howHeard",
  message: "message",
};

interface Outcome {
  status: number;
  data: ApplicationActionData;
  headers?: Headers;
}

/** POST /join-church: validates every field, rate limits, then stores the application. */
export async function runApplicationAction({ request, now }: { request: Request; now?: Date }): Promise<Outcome> {
  const { db, language } = getRequestContext(request);
  const t = membershipTranslator(language);
  const input = await readInput(request);
  const values = Object.fromEntries(APPLICATION_FIELDS.map((field) => [field, echo(input, field, field === "message" ? 4000 : 500)]));
  const fail = (status: number, message: string, fieldErrors: Record<string, string> = {}, headers?: Headers): Outcome => ({
    status,
    headers,
    data: { ok: false, message, fieldErrors, values },
  });
  if (!input) return fail(400, t("errors.invalidRequest"));
  const session = await getCurrentMember({ db, request });
  const headers = session?.headers;
  const church = await getMembershipChurch(db, language);
  const parsed = applicationSchema(churchToday(church.timeZone, now)).safeParse(input);
  if (!parsed.success) {
    const keys = fieldErrorKeys(parsed.error.issues, fallback);
    const fieldErrors = Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, t(`errors.${key}`)]));
    return fail(400, t("form.errorSummary"), fieldErrors, headers);
  }
  const scale = getEnv().RATE_LIMIT_IP_SCALE;
  const limits = [
    await consumeRateLimit(db, `membership:application:ip:${clientIp(request)}`, {
      ...applicationLimits.ip,
      limit: applicationLimits.ip.limit * scale,
    }),
    await consumeRateLimit(db, `membership:application:email:${parsed.data.email}`, applicationLimits.email),
  ];
  const blocked = limits.find((l) => !l.allowed);
  if (blocked) return fail(429, t("errors.rateLimited", { minutes: Math.max(1, Math.ceil(blocked.retryAfterSeconds / 60)) }), {}, headers);
  await submitApplication({ db, input: parsed.data, userId: session?.member.id ?? null, language, siteUrl: siteUrl(getEnv()), now });
  return { status: 200, headers, data: { ok: true, message: t("join.success", { email: parsed.data.email }) } };
}
