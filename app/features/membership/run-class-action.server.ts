import { clientIp, readInput } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { getEnv, siteUrl } from "~/server/env.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { echo, fieldErrorKeys, ZClassSignup, ZGuestDetails } from "./membership-input";
import { membershipTranslator } from "./membership-translation";
import { signUpForClass, type ClassSignupError } from "./sign-up-for-class.server";

/** What the sign-up forms get back, already translated. */
export type ClassActionData =
  | { ok: true; offeringId: number; message: string }
  | { ok: false; offeringId: number | null; message: string; fieldErrors: Record<string, string>; values: Record<string, string> };

/** Sign-ups from one IP and for one email address (the IP limit scales like the sign-in limits). */
export const classSignupLimits = { ip: { limit: 10, windowSeconds: 60 * 60 }, email: { limit: 5, windowSeconds: 60 * 60 } };

const errorStatus: Record<ClassSignupError, number> = { notFound: 404, full: 409, alreadySignedUp: 409 };

interface Outcome {
  status: number;
  data: ClassActionData;
  headers?: Headers;
}

/** POST /kingdom-builders-class: a member's one-step sign-up or a guest's. */
export async function runClassAction({ request, now }: { request: Request; now?: Date }): Promise<Outcome> {
  const { db, language } = getRequestContext(request);
  const t = membershipTranslator(language);
  const input = await readInput(request);
  const offeringId = Number.parseInt(echo(input, "offeringId", 12), 10);
  const fail = (status: number, message: string, fieldErrors: Record<string, string> = {}, headers?: Headers): Outcome => ({
    status,
    headers,
    data: {
      ok: false,
      offeringId: Number.isSafeInteger(offeringId) ? offeringId : null,
      message,
      fieldErrors,
      values: { name: echo(input, "name", 120), email: echo(input, "email", 254), phone: echo(input, "phone", 40) },
    },
  });
  if (!input) return fail(400, t("errors.invalidRequest"));
  const session = await getCurrentMember({ db, request });
  const headers = session?.headers;

  const offering = ZClassSignup.safeParse(input);
  const guest = session ? null : ZGuestDetails.safeParse(input);
  if (!offering.success || (guest && !guest.success)) {
    const keys = fieldErrorKeys([...(offering.error?.issues ?? []), ...(guest?.error?.issues ?? [])], {
      offeringId: "offering",
      name: "name",
      email: "email",
      phone: "phone",
    });
    const fieldErrors = Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, t(`errors.${key}`)]));
    return fail(400, fieldErrors.offeringId ?? t("form.errorSummary"), fieldErrors, headers);
  }
  if (session && !session.member.email) return fail(400, t("errors.noEmail"), {}, headers);
  const person = session
    ? {
        userId: session.member.id,
        name: session.member.name || session.member.email || "",
        email: session.member.email ?? "",
        phone: session.member.phone,
        language,
      }
    : { userId: null, name: guest!.data!.name, email: guest!.data!.email, phone: guest!.data!.phone, language };

  const scale = getEnv().RATE_LIMIT_IP_SCALE;
  const limits = [
    await consumeRateLimit(db, `membership:class:ip:${clientIp(request)}`, {
      ...classSignupLimits.ip,
      limit: classSignupLimits.ip.limit * scale,
    }),
    await consumeRateLimit(db, `membership:class:email:${person.email.toLowerCase()}`, classSignupLimits.email),
  ];
  const blocked = limits.find((l) => !l.allowed);
  if (blocked) return fail(429, t("errors.rateLimited", { minutes: Math.max(1, Math.ceil(blocked.retryAfterSeconds / 60)) }), {}, headers);

  const result = await signUpForClass({ db, offeringId: offering.data.offeringId, person, siteUrl: siteUrl(getEnv()), now });
  if (!result.ok) return fail(errorStatus[result.error], t(`errors.${result.error}`), {}, headers);
  return {
    status: 200,
    headers,
    data: { ok: true, offeringId: offering.data.offeringId, message: t("class.success", { email: person.email }) },
  };
}
