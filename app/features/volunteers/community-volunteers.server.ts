import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { volunteerOpportunities, volunteerSignups } from "~/db/schema";
import { clientIp } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { localize } from "~/i18n/localize";
import { getEnv, siteUrl } from "~/server/env.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { signUpToVolunteer, type VolunteerSignupError } from "./sign-up-to-volunteer.server";
import { AVAILABILITY_MAX, echo, MESSAGE_MAX, volunteerFieldErrors, ZVolunteerSignup } from "./volunteer-input";
import { volunteersTranslator } from "./volunteers-translation";

export interface MinistryView {
  id: number;
  slug: string;
  title: string;
  description: string;
  schedule: string;
}

/**
 * The volunteers section of /community: the active ministries in their order, in the reader's
 * language (English when a Spanish text is missing); for a member, the details to prefill and
 * the ministries they already serve in. `?serve=<slug>` preselects a ministry in the form.
 */
export async function loadVolunteersSection({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const [rows, session] = await Promise.all([
    db
      .select()
      .from(volunteerOpportunities)
      .where(eq(volunteerOpportunities.active, true))
      .orderBy(asc(volunteerOpportunities.sortOrder), asc(volunteerOpportunities.title), asc(volunteerOpportunities.id)),
    getCurrentMember({ db, request }),
  ]);
  const ministries: MinistryView[] = rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: localize(language, r.title, r.titleEs),
    description: localize(language, r.description, r.descriptionEs),
    schedule: localize(language, r.schedule, r.scheduleEs),
  }));
  let member: { name: string; email: string; phone: string; signedUp: number[] } | null = null;
  if (session) {
    const ids = ministries.map((m) => m.id);
    const mine = ids.length
      ? await db
          .select({ opportunityId: volunteerSignups.opportunityId })
          .from(volunteerSignups)
          .where(
            and(
              eq(volunteerSignups.userId, session.member.id),
              isNotNull(volunteerSignups.opportunityId),
              inArray(volunteerSignups.opportunityId, ids),
            ),
          )
      : [];
    const m = session.member;
    member = {
      // The account name is only a prefill when it is a name (not the email or phone number).
      name: m.name && m.name !== m.email && m.name !== m.phone ? m.name : "",
      email: m.email ?? "",
      phone: m.phone ?? "",
      signedUp: mine.map((r) => r.opportunityId).filter((id): id is number => id !== null),
    };
  }
  const serve = new URL(request.url).searchParams.get("serve");
  const selected = ministries.find((m) => m.slug === serve)?.id ?? null;
  return { ministries, member, selected, signInHref: "/auth?redirectTo=/community%23serve-with-us" };
}

export type VolunteersSectionData = Awaited<ReturnType<typeof loadVolunteersSection>>;

/** What the form gets back, already translated. */
export type VolunteersActionData =
  | { ok: true; opportunityId: number; message: string }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> };

/** Sign-ups from one IP and for one email address in an hour (the IP limit scales like the sign-in limits). */
export const volunteerSignupLimits = { ip: { limit: 10, windowSeconds: 60 * 60 }, email: { limit: 5, windowSeconds: 60 * 60 } };

const errorStatus: Record<VolunteerSignupError, number> = { notFound: 404, alreadySignedUp: 409 };

/** Control characters other than tab and line breaks: no field takes them (PostgreSQL refuses NUL). */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Runs a /community form post whose intent starts with "volunteers-": "volunteers-signup". */
export async function runVolunteersAction({
  request,
  form,
  intent,
}: {
  request: Request;
  form: FormData;
  intent: string;
}): Promise<{ status: number; data: VolunteersActionData; headers?: HeadersInit }> {
  const { db, language } = getRequestContext(request);
  const t = volunteersTranslator(language);
  const values = {
    opportunityId: echo(form, "opportunityId", 12),
    name: echo(form, "name", 120),
    email: echo(form, "email", 254),
    phone: echo(form, "phone", 40),
    availability: echo(form, "availability", AVAILABILITY_MAX),
    message: echo(form, "message", MESSAGE_MAX),
  };
  const fail = (status: number, message: string, fieldErrors: Record<string, string> = {}, headers?: HeadersInit) => ({
    status,
    headers,
    data: { ok: false as const, message, fieldErrors, values },
  });
  const input: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string" || CONTROL_CHARACTER.test(value)) return fail(400, t("errors.invalidRequest"));
    input[key] = value;
  }
  if (intent !== "volunteers-signup") return fail(400, t("errors.invalidRequest"));

  const session = await getCurrentMember({ db, request });
  const headers = session?.headers;
  const parsed = ZVolunteerSignup.safeParse(input);
  if (!parsed.success) {
    const keys = volunteerFieldErrors(parsed.error.issues);
    const fieldErrors = Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, t(`errors.${key}`)]));
    return fail(400, t("form.errorSummary"), fieldErrors, headers);
  }
  const signup = parsed.data;

  const scale = getEnv().RATE_LIMIT_IP_SCALE;
  const limits = [
    await consumeRateLimit(db, `volunteers:signup:ip:${clientIp(request)}`, {
      ...volunteerSignupLimits.ip,
      limit: volunteerSignupLimits.ip.limit * scale,
    }),
    await consumeRateLimit(db, `volunteers:signup:email:${signup.email}`, volunteerSignupLimits.email),
  ];
  const blocked = limits.find((l) => !l.allowed);
  if (blocked) return fail(429, t("errors.rateLimited", { minutes: Math.max(1, Math.ceil(blocked.retryAfterSeconds / 60)) }), {}, headers);

  const result = await signUpToVolunteer({
    db,
    opportunityId: signup.opportunityId,
    person: { userId: session?.member.id ?? null, name: signup.name, email: signup.email, phone: signup.phone, language },
    availability: signup.availability,
    message: signup.message,
    siteUrl: siteUrl(getEnv()),
  });
  if (!result.ok) {
    const message =
      result.error === "alreadySignedUp" ? t("errors.alreadySignedUp", { ministry: result.ministry ?? "" }) : t("errors.notFound");
    return fail(errorStatus[result.error], message, result.error === "notFound" ? { opportunityId: message } : {}, headers);
  }
  return {
    status: 200,
    headers,
    data: {
      ok: true,
      opportunityId: signup.opportunityId,
      message: t("success", { name: signup.name, ministry: result.ministry, email: signup.email }),
    },
  };
}
