import { data } from "react-router";
import { readInput } from "~/server/request-input.server";
import { localize } from "~/i18n/localize";
import { getEnv, siteUrl } from "~/server/env.server";
import { getRequestContext } from "~/server/request-context.server";
import { cancelRegistration, findRegistrationByToken } from "./cancel-registration.server";
import { getEventsChurch } from "./event-context.server";
import { eventsTranslator } from "./events-translation";
import { formatLocalDate, formatTimeRange } from "./format-event-dates.server";
import { localDateOf } from "./occurrences.server";

const privateHeaders = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };

/** /events/registration?token=…: the registration an emailed cancel link points to. */
export async function loadRegistrationPage({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const t = eventsTranslator(language);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = token ? await findRegistrationByToken(db, token) : null;
  if (!found || found.event.status === "draft") {
    return data({ found: null, token: "", title: t("registration.invalidTitle") }, { status: 404, headers: privateHeaders });
  }
  const { registration, event } = found;
  const { timeZone } = await getEventsChurch(db, language);
  const start = registration.occurrenceStart;
  const duration = event.endsAt ? event.endsAt.getTime() - event.startsAt.getTime() : 0;
  const localDate = localDateOf(start, timeZone);
  return data(
    {
      found: {
        eventTitle: localize(language, event.titleEn, event.titleEs),
        eventHref: `/events/${encodeURIComponent(event.slug)}${event.recurrence ? `?date=${localDate}` : ""}`,
        start: start.toISOString(),
        when: `${formatLocalDate(localDate, language)}, ${formatTimeRange(start, event.endsAt ? new Date(start.getTime() + duration) : null, language, timeZone)}`,
        name: registration.name,
        partySize: registration.partySize,
        status: registration.status,
        isPast: start.getTime() <= Date.now(),
      },
      token,
      title: t("registration.title"),
    },
    { headers: privateHeaders },
  );
}

export type RegistrationActionData = { ok: true; message: string } | { ok: false; message: string };

/** POST: cancels the registration the token names (a GET never does). */
export async function cancelRegistrationByLink({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const t = eventsTranslator(language);
  const input = await readInput(request);
  const token = typeof input?.token === "string" ? input.token : "";
  if (!token)
    return data<RegistrationActionData>({ ok: false, message: t("errors.cancelFailed") }, { status: 400, headers: privateHeaders });
  const result = await cancelRegistration({ db, siteUrl: siteUrl(getEnv()), token });
  if (result.ok) return data<RegistrationActionData>({ ok: true, message: t("registration.cancelledBody") }, { headers: privateHeaders });
  return data<RegistrationActionData>(
    { ok: false, message: result.error === "alreadyCancelled" ? t("registration.alreadyCancelled") : t("registration.invalidBody") },
    { status: result.error === "alreadyCancelled" ? 409 : 404, headers: privateHeaders },
  );
}
