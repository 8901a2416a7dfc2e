import { z } from "zod";
import { clientIp, readInput } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import type { Language } from "~/i18n/config";
import { getEnv, siteUrl } from "~/server/env.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { getRequestContext } from "~/server/request-context.server";
import { cancelRegistration } from "./cancel-registration.server";
import { eventsTranslator, type EventsMessageKey } from "./events-translation";
import { findPublicEvent } from "./list-event-occurrences.server";
import { registerForEvent, type RegisterError } from "./register-for-event.server";
import { validateAnswers } from "./registration-answers";

/** What the RSVP forms get back: a status to announce, or the problems, already translated. */
export type EventActionData =
  | { ok: true; intent: "register"; status: "confirmed" | "waitlisted"; guest: boolean; message: string }
  | { ok: true; intent: "cancel"; message: string }
  | {
      ok: false;
      intent: "register" | "cancel" | null;
      guest: boolean;
      message: string;
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
    };

/** Guest registrations from one IP (scaled by RATE_LIMIT_IP_SCALE like the sign-in limits). */
export const guestRsvpLimit = { limit: 10, windowSeconds: 60 * 60 };

const ANSWER_PREFIX = "answer.";

const errorStatus: Record<RegisterError, number> = {
  notFound: 404,
  closed: 409,
  past: 409,
  guestsNotAllowed: 403,
  partySize: 400,
  alreadyRegistered: 409,
  invalidAnswers: 400,
  invalidOccurrence: 400,
};

const registerInput = (maxPartySize: number, guest: boolean) =>
  z.object({
    occurrence: z.iso.datetime({ offset: true }),
    partySize: z.coerce.number().int().min(1).max(maxPartySize),
    ...(guest
      ? {
          name: z.string().trim().min(1).max(120),
          email: z.string().trim().max(254).pipe(z.email()),
        }
      : {}),
  });

const cancelInput = z.object({ registrationId: z.uuid() });

interface Outcome {
  status: number;
  data: EventActionData;
  headers?: Headers;
}

/** POST /events/:slug: "I'm going" (member), a guest's registration, or "Cancel my RSVP". */
export async function runEventAction({ request, slug, now }: { request: Request; slug: string; now?: Date }): Promise<Outcome> {
  const { db, language } = getRequestContext(request);
  const t = eventsTranslator(language);
  const input = await readInput(request);
  const intent = input?.intent === "register" || input?.intent === "cancel" ? input.intent : null;
  const text = (name: string) => (typeof input?.[name] === "string" ? (input[name] as string) : "");
  const fail = (status: number, message: string, extra: { guest?: boolean; fieldErrors?: Record<string, string> } = {}): Outcome => ({
    status,
    data: {
      ok: false,
      intent,
      guest: extra.guest ?? false,
      message,
      fieldErrors: extra.fieldErrors ?? {},
      values: { name: text("name").slice(0, 200), email: text("email").slice(0, 300), partySize: text("partySize").slice(0, 3) },
    },
  });
  if (!input || !intent) return fail(400, t("errors.invalidRequest"));

  const event = await findPublicEvent(db, slug);
  if (!event) return fail(404, t("errors.notFound"));
  const session = await getCurrentMember({ db, request });
  const headers = session?.headers;
  const withHeaders = (o: Outcome): Outcome => ({ ...o, headers });

  if (intent === "cancel") {
    const parsed = cancelInput.safeParse(input);
    if (!session || !parsed.success) return withHeaders(fail(400, t("errors.cancelFailed")));
    const result = await cancelRegistration({
      db,
      siteUrl: siteUrl(getEnv()),
      registrationId: parsed.data.registrationId,
      userId: session.member.id,
    });
    if (!result.ok)
      return withHeaders(
        fail(
          result.error === "notFound" ? 404 : 409,
          t(result.error === "notFound" ? "errors.cancelFailed" : "registration.alreadyCancelled"),
        ),
      );
    return withHeaders({ status: 200, data: { ok: true, intent: "cancel", message: t("rsvp.cancelled") } });
  }

  const guest = !session;
  if (guest) {
    if (!event.guestRegistration) return fail(403, t("errors.guestsNotAllowed"), { guest });
    const scale = getEnv().RATE_LIMIT_IP_SCALE;
    const limit = await consumeRateLimit(db, `events:guest-rsvp:ip:${clientIp(request)}`, {
      ...guestRsvpLimit,
      limit: guestRsvpLimit.limit * scale,
    });
    if (!limit.allowed)
      return fail(429, t("errors.rateLimited", { minutes: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)) }), { guest });
  }

  const fieldErrors: Record<string, string> = {};
  const parsed = registerInput(event.maxPartySize, guest).safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (field === "name") fieldErrors.name = t("errors.name");
      else if (field === "email") fieldErrors.email = t("errors.email");
      else if (field === "partySize") fieldErrors.partySize = t("errors.partySize", { max: event.maxPartySize });
      else if (field === "occurrence") fieldErrors.occurrence = t("errors.invalidOccurrence");
    }
  }
  const rawAnswers: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (key.startsWith(ANSWER_PREFIX)) rawAnswers[key.slice(ANSWER_PREFIX.length)] = value;
  const answers = validateAnswers(event.registrationQuestions, rawAnswers);
  if (!answers.ok)
    for (const [id, error] of Object.entries(answers.fieldErrors)) fieldErrors[`${ANSWER_PREFIX}${id}`] = t(`errors.${error}`);
  if (!parsed.success || Object.keys(fieldErrors).length > 0) {
    const message = fieldErrors.occurrence ?? t("rsvp.errorSummary");
    return withHeaders(fail(400, message, { guest, fieldErrors }));
  }
  if (session && !session.member.email) return withHeaders(fail(400, t("rsvp.noEmail")));

  const guestData = parsed.data as { name?: string; email?: string };
  const person = session
    ? { userId: session.member.id, name: session.member.name || session.member.email || "", email: session.member.email ?? "", language }
    : { userId: null, name: guestData.name ?? "", email: guestData.email ?? "", language: language satisfies Language };
  const result = await registerForEvent({
    db,
    eventId: event.id,
    occurrenceStart: new Date(parsed.data.occurrence),
    person,
    partySize: parsed.data.partySize,
    answers: rawAnswers,
    siteUrl: siteUrl(getEnv()),
    now,
  });
  if (!result.ok) {
    const errors: Record<string, string> = {};
    for (const [id, error] of Object.entries(result.fieldErrors ?? {})) errors[`${ANSWER_PREFIX}${id}`] = t(`errors.${error}`);
    if (result.error === "partySize") errors.partySize = t("errors.partySize", { max: event.maxPartySize });
    return withHeaders(
      fail(errorStatus[result.error], t(`errors.${result.error}` satisfies EventsMessageKey), { guest, fieldErrors: errors }),
    );
  }
  const message = guest
    ? t(result.status === "confirmed" ? "rsvp.successGuest" : "rsvp.successGuestWaitlisted")
    : t(result.status === "confirmed" ? "rsvp.successGoing" : "rsvp.successWaitlisted");
  return withHeaders({ status: 200, data: { ok: true, intent: "register", status: result.status, guest, message } });
}
