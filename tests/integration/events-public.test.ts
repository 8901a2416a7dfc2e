import { randomBytes } from "node:crypto";
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { eventRegistrations, events, profiles, users } from "~/db/schema";
import { createMemberProfile } from "~/platform/auth/create-member-profile.server";
import { seedDemoChurch } from "~/seed/seed-demo-church.server";
import { bumpContentVersion, readContentVersion } from "~/platform/content/content-version.server";
import { createCalendarFeedToken } from "~/features/events/calendar-feed-token.server";
import type { EventCategory } from "~/features/events/event-categories";
import { listEventOccurrences } from "~/features/events/list-event-occurrences.server";
import { newCancelToken } from "~/features/events/register-for-event.server";
import { loader as eventIcsLoader } from "~/routes/events/event-ics";
import { action as eventAction, loader as eventLoader } from "~/routes/events/event";
import { loader as eventsLoader } from "~/routes/events/events";
import { loader as feedLoader } from "~/routes/events/events-feed";
import { loader as memberFeedLoader } from "~/routes/events/member-feed";
import { action as registrationAction, loader as registrationLoader } from "~/routes/events/registration";
import { authCallContext, createAuth, getAuth, setAuth } from "~/server/auth.server";
import { setContentVersionMemo } from "~/server/content-memo.server";
import { setDatabase, type AppDatabase } from "~/server/db.server";
import { cookieJar, PUBLIC_URL } from "../support/auth-harness";
import { describeOnBackend, openMigrated, type TestDatabase } from "../support/test-database";

// The feed-token key derives from this (read lazily, on the first token). Put back after the
// file: the integration files of a worker share one process (vitest.config.ts).
beforeAll(() => {
  vi.stubEnv("AUTH_SECRET", process.env.AUTH_SECRET ?? "events-public-test-secret-0123456789abcdef");
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const TZ = "America/Chicago";
const DAY = 86_400_000;
const PASSWORD = "grace-and-peace-7";

interface Answer {
  status: number;
  data: unknown;
  headers: Headers;
}

/** Runs a loader/action (a Response or `data()`, returned or thrown) into one shape. */
async function settle(run: () => Promise<unknown>): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
  if (result && typeof result === "object" && "type" in result && (result as { type: string }).type === "DataWithResponseInit") {
    const wrapped = result as unknown as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, data: wrapped.data, headers: new Headers(wrapped.init?.headers) };
  }
  if (result instanceof Error) throw result;
  return { status: 200, data: result, headers: new Headers() };
}

type Args<F extends (...a: never[]) => unknown> = Parameters<F>[0];
const args = <F extends (...a: never[]) => unknown>(request: Request, params: Record<string, string> = {}) =>
  ({ request, url: new URL(request.url), params, context: {} }) as unknown as Args<F>;

function get(path: string, cookie = ""): Request {
  return new Request(`${PUBLIC_URL}${path}`, { headers: { cookie } });
}

function post(path: string, fields: Record<string, string>, o: { cookie?: string; ip?: string } = {}): Request {
  return new Request(`${PUBLIC_URL}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: o.cookie ?? "",
      "x-church-client-ip": o.ip ?? `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Local wall-clock time in the church's zone `days` days from today. */
function localAt(days: number, time: string): Date {
  const today = formatInTimeZone(new Date(Date.now() + days * DAY), TZ, "yyyy-MM-dd");
  return fromZonedTime(`${today}T${time}:00`, TZ);
}

function parseCalendar(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  return { component, vevents: component.getAllSubcomponents("vevent") };
}

describeOnBackend("public events", (backend) => {
  let database: TestDatabase;
  let db: AppDatabase;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await openMigrated(backend);
    db = database.handle.db;
    setDatabase(database.handle);
    setAuth(
      createAuth({
        db,
        publicUrl: PUBLIC_URL,
        secret: "x".repeat(32),
        notifier: {
          async confirmEmail() {},
          async magicLink() {},
          async passwordReset() {},
          async smsCode() {},
          async userDeleting() {},
          async userCreated({ id, name, email, phoneNumber }) {
            await createMemberProfile({ db, userId: id, fullName: name, email, phone: phoneNumber, language: "en" });
          },
        },
      }),
    );
    await seedDemoChurch({ db });
    const base = {
      descriptionEn: "Description",
      locationName: "Fellowship hall",
      address: "100 Main St, Springfield, IL 62701",
    };
    const rows = await db
      .insert(events)
      .values([
        {
          ...base,
          slug: "test-weekly-study",
          titleEn: "Test Weekly Study",
          titleEs: "Estudio semanal de prueba",
          category: "study",
          // Wednesday 4 March 2026, 7 pm in Chicago: daylight saving time starts on the 8th.
          startsAt: fromZonedTime("2026-03-04T19:00:00", TZ),
          endsAt: fromZonedTime("2026-03-04T20:30:00", TZ),
          recurrence: { freq: "weekly", interval: 1, byWeekday: [2] },
          excludedDates: ["2026-03-18"],
        },
        {
          ...base,
          slug: "test-youth-cookout",
          titleEn: "Test Youth Cookout",
          category: "youth",
          startsAt: localAt(10, "17:00"),
          endsAt: localAt(10, "19:00"),
          capacity: 10,
          guestRegistration: true,
          maxPartySize: 4,
          registrationQuestions: [
            {
              id: "diet",
              kind: "choice",
              labelEn: "Meal",
              labelEs: "Comida",
              required: true,
              options: [{ en: "Burger" }, { en: "Veggie" }],
            },
          ],
        },
        { ...base, slug: "test-draft", titleEn: "Test Draft Event", category: "youth", status: "draft", startsAt: localAt(3, "18:00") },
        {
          ...base,
          slug: "test-cancelled",
          titleEn: "Test Cancelled Concert",
          category: "worship",
          status: "cancelled",
          startsAt: localAt(7, "18:00"),
        },
        { ...base, slug: "test-members-only", titleEn: "Test Members Only", category: "community", startsAt: localAt(9, "10:00") },
      ])
      .returning({ id: events.id, slug: events.slug });
    for (const row of rows) ids[row.slug] = row.id;
  });

  afterAll(async () => {
    setAuth(undefined);
    setDatabase(undefined);
    await database?.dispose();
  });

  async function createMember() {
    const email = `events${randomBytes(4).toString("hex")}@example.test`;
    await authCallContext.run(
      { language: "en", signup: { fullName: "Ana Reyes", username: "", displayName: "Ana Reyes", phone: null } },
      () => getAuth().api.signUpEmail({ body: { name: "Ana Reyes", email, password: PASSWORD } }),
    );
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const result = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
    return { id: user!.id, email, cookie: cookieJar(undefined, result.headers.getSetCookie()) };
  }

  type ListData = Awaited<ReturnType<typeof eventsLoader>>;
  const listOf = async (search = "") => {
    const answer = await settle(() => eventsLoader(args<typeof eventsLoader>(get(`/events${search}`))));
    expect(answer.status).toBe(200);
    return answer.data as ListData;
  };
  const slugsOf = (data: ListData) => data.groups.flatMap((g) => g.items.map((i) => i.slug));

  describe("the /events page", () => {
    test("lists upcoming published and cancelled events by date, never drafts; heading from page.events", async () => {
      const data = await listOf();
      expect(data.page.title).toBeTruthy();
      const slugs = slugsOf(data);
      expect(slugs).toContain("test-youth-cookout");
      expect(slugs).toContain("test-weekly-study");
      expect(slugs).not.toContain("test-draft");
      const cancelled = data.groups.flatMap((g) => g.items).find((i) => i.slug === "test-cancelled");
      expect(cancelled?.cancelled).toBe(true);
      // Weekly: one item per occurrence, each linking to its date.
      const weekly = data.groups.flatMap((g) => g.items).filter((i) => i.slug === "test-weekly-study");
      expect(weekly.length).toBeGreaterThanOrEqual(12);
      expect(weekly[0]!.href).toMatch(/^\/events\/test-weekly-study\?date=\d{4}-\d{2}-\d{2}$/);
      expect(weekly.every((w) => /7:00\s?PM/.test(w.timeLabel))).toBe(true);
      const cookout = data.groups.flatMap((g) => g.items).find((i) => i.slug === "test-youth-cookout");
      expect(cookout).toMatchObject({
        capacity: 10,
        placesLeft: 10,
        mapUrl: expect.stringContaining("openstreetmap.org/search?query=100%20Main"),
      });
      // Dates ascending, grouped by local date.
      const dates = data.groups.map((g) => g.date);
      expect([...dates].sort()).toEqual(dates);
    });

    test("filters by category; an unknown category shows everything", async () => {
      const youth = await listOf("?category=youth");
      expect(youth.category).toBe("youth");
      const items = youth.groups.flatMap((g) => g.items);
      expect(items.map((i) => i.slug)).toContain("test-youth-cookout");
      expect(items.every((i) => i.category === "youth")).toBe(true);
      expect(items.map((i) => i.slug)).not.toContain("test-draft");
      expect((await listOf("?category=nope")).category).toBeNull();
    });

    test("the month calendar: a grid of weeks with each day's occurrences", async () => {
      const month = formatInTimeZone(localAt(10, "17:00"), TZ, "yyyy-MM");
      const data = await listOf(`?view=calendar&month=${month}`);
      expect(data.view).toBe("calendar");
      expect(data.calendar?.month).toBe(month);
      const weeks = data.calendar!.weeks;
      expect(weeks.every((w) => w.length === 7)).toBe(true);
      const days = weeks.flat().filter((d) => d.date);
      expect(days[0]!.date).toBe(`${month}-01`);
      const cookoutDay = formatInTimeZone(localAt(10, "17:00"), TZ, "yyyy-MM-dd");
      expect(days.find((d) => d.date === cookoutDay)?.occurrences.map((o) => o.slug)).toContain("test-youth-cookout");
      expect(days.flatMap((d) => d.occurrences.map((o) => o.slug))).not.toContain("test-draft");
      expect(data.calendar!.previous).toMatch(/^\d{4}-\d{2}$/);
      // A bad month falls back to this one.
      expect((await listOf("?view=calendar&month=2026-13")).calendar?.month).toBe(data.thisMonth);
    });

    test("Spanish: titles fall back to English, dates in Spanish", async () => {
      const data = await listOf("?lang=es");
      const items = data.groups.flatMap((g) => g.items);
      expect(items.find((i) => i.slug === "test-weekly-study")?.title).toBe("Estudio semanal de prueba");
      expect(items.find((i) => i.slug === "test-youth-cookout")?.title).toBe("Test Youth Cookout");
      expect(data.groups[0]!.label).toMatch(/(lunes|martes|miércoles|jueves|viernes|sábado|domingo)/);
    });
  });

  describe("the detail page", () => {
    type EventData = Awaited<ReturnType<typeof eventLoader>>["data"];
    const detail = async (slug: string, search = "", cookie = "") => {
      const answer = await settle(() => eventLoader(args<typeof eventLoader>(get(`/events/${slug}${search}`, cookie), { slug })));
      return { ...answer, data: answer.data as EventData };
    };

    test("schema.org Event JSON-LD with offset dates, status, place and organizer", async () => {
      const { status, data } = await detail("test-youth-cookout");
      expect(status).toBe(200);
      const ld = data.seo.jsonLd[0] as Record<string, unknown>;
      expect(ld).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Event",
        name: "Test Youth Cookout",
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        location: { "@type": "Place", name: "Fellowship hall", address: { "@type": "PostalAddress" } },
        organizer: { "@type": "Organization", name: "Living Hope Church" },
      });
      expect(ld.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T17:00:00-0[56]:00$/);
      expect(ld.endDate).toMatch(/T19:00:00-0[56]:00$/);
      expect(data.calendarHref).toBe("/events/test-youth-cookout/calendar.ics");
      expect(data.signInHref).toBe("/auth?redirectTo=/events/test-youth-cookout");
      expect(data.member).toBeNull();
      expect(data.occurrence.placesLeft).toBe(10);

      const cancelled = await detail("test-cancelled");
      expect((cancelled.data.seo.jsonLd[0] as Record<string, unknown>).eventStatus).toBe("https://schema.org/EventCancelled");
    });

    test("a recurring event: the next occurrence by default, ?date= for another, the next dates", async () => {
      const { data } = await detail("test-weekly-study");
      expect(data.event.recurring).toBe(true);
      expect(data.nextDates.length).toBe(6);
      const second = data.nextDates[1]!;
      const other = await detail("test-weekly-study", `?date=${second.localDate}`);
      expect(other.data.occurrence.localDate).toBe(second.localDate);
      expect((other.data.seo.jsonLd[0] as Record<string, string>).startDate).toContain(`${second.localDate}T19:00:00`);
      // Not a Wednesday, an excluded date, or garbage: 404.
      expect((await detail("test-weekly-study", "?date=2026-03-19")).status).toBe(404);
      expect((await detail("test-weekly-study", "?date=2026-03-18")).status).toBe(404);
      expect((await detail("test-weekly-study", "?date=nope")).status).toBe(404);
    });

    test("unknown and draft slugs are 404", async () => {
      expect((await detail("no-such-event")).status).toBe(404);
      expect((await detail("test-draft")).status).toBe(404);
    });
  });

  describe("RSVP", () => {
    type ActionData = { ok: boolean; message: string; fieldErrors?: Record<string, string>; status?: string; guest?: boolean };
    const rsvp = async (slug: string, fields: Record<string, string>, o: { cookie?: string; ip?: string } = {}) => {
      const answer = await settle(() => eventAction(args<typeof eventAction>(post(`/events/${slug}`, fields, o), { slug })));
      return { ...answer, data: answer.data as ActionData };
    };
    const cookoutStart = () => localAt(10, "17:00").toISOString();

    test("a guest's bad input is a 400 with translated messages, in Spanish too", async () => {
      const bad = await rsvp("test-youth-cookout", {
        intent: "register",
        occurrence: cookoutStart(),
        name: " ",
        email: "not-an-email",
        partySize: "9",
      });
      expect(bad.status).toBe(400);
      expect(bad.data.ok).toBe(false);
      expect(bad.data.fieldErrors).toMatchObject({
        name: "Please enter your name.",
        email: "Please enter a valid email address.",
        partySize: "Please choose between 1 and 4 people.",
        "answer.diet": "This field is required.",
      });
      const spanish = await settle(() =>
        eventAction(
          args<typeof eventAction>(
            post("/events/test-youth-cookout?lang=es", { intent: "register", occurrence: "yesterday", partySize: "x" }),
            { slug: "test-youth-cookout" },
          ),
        ),
      );
      expect(spanish.status).toBe(400);
      expect((spanish.data as ActionData).fieldErrors?.name).toBe("Por favor, ingrese su nombre.");
      // No intent, or a JSON array: still a 400, never a 500.
      expect((await rsvp("test-youth-cookout", {})).status).toBe(400);
    });

    test("a guest registers; events without guest registration refuse guests", async () => {
      const ok = await rsvp("test-youth-cookout", {
        intent: "register",
        occurrence: cookoutStart(),
        name: "Guest Person",
        email: "guest@example.test",
        partySize: "2",
        "answer.diet": "1",
      });
      expect(ok.status).toBe(200);
      expect(ok.data).toMatchObject({ ok: true, status: "confirmed", guest: true });
      expect(ok.data.message).toMatch(/Check your email/);
      const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.email, "guest@example.test"));
      expect(row).toMatchObject({ partySize: 2, status: "confirmed", userId: null, answers: { diet: 1 } });
      const again = await rsvp("test-youth-cookout", {
        intent: "register",
        occurrence: cookoutStart(),
        name: "Guest Person",
        email: "guest@example.test",
        partySize: "1",
        "answer.diet": "0",
      });
      expect(again.status).toBe(409);
      expect(again.data.message).toBe("You are already registered for this date.");

      const members = await rsvp("test-members-only", {
        intent: "register",
        occurrence: localAt(9, "10:00").toISOString(),
        name: "G",
        email: "g@example.test",
        partySize: "1",
      });
      expect(members.status).toBe(403);

      const page = await settle(() =>
        eventLoader(args<typeof eventLoader>(get("/events/test-youth-cookout"), { slug: "test-youth-cookout" })),
      );
      expect((page.data as { occurrence: { placesLeft: number } }).occurrence.placesLeft).toBe(8);
    });

    test("guest registrations are rate limited per IP: 429 with a translated message", async () => {
      const ip = "198.51.100.77";
      let last: Awaited<ReturnType<typeof rsvp>> | undefined;
      for (let i = 0; i < 11; i++) last = await rsvp("test-youth-cookout", { intent: "register", occurrence: "bad" }, { ip });
      expect(last!.status).toBe(429);
      expect(last!.data.message).toMatch(/Too many registrations/);
    });

    test("a member: I'm going, sees the status, the private feed, then cancels", async () => {
      const member = await createMember();
      const going = await rsvp("test-weekly-study", { intent: "register", occurrence: "", partySize: "1" }, { cookie: member.cookie });
      expect(going.status).toBe(400);

      const page = await settle(() =>
        eventLoader(args<typeof eventLoader>(get("/events/test-weekly-study", member.cookie), { slug: "test-weekly-study" })),
      );
      const data = page.data as { occurrence: { start: string; localDate: string }; member: { registration: unknown; feedUrl: string } };
      expect(data.member.registration).toBeNull();
      const registered = await rsvp(
        "test-weekly-study",
        { intent: "register", occurrence: data.occurrence.start, partySize: "2" },
        { cookie: member.cookie },
      );
      expect(registered.status).toBe(200);
      expect(registered.data).toMatchObject({ ok: true, status: "confirmed", guest: false });
      expect(registered.data.message).toMatch(/You're going/);

      const after = await settle(() =>
        eventLoader(args<typeof eventLoader>(get("/events/test-weekly-study", member.cookie), { slug: "test-weekly-study" })),
      );
      const afterData = after.data as typeof data & { member: { registration: { id: string; status: string; partySize: number } } };
      expect(afterData.member.registration).toMatchObject({ status: "confirmed", partySize: 2 });
      expect(after.headers.get("Cache-Control")).toBe("private, no-store");

      // The member's feed: one VEVENT for the registered occurrence.
      const feedUrl = new URL(afterData.member.feedUrl, PUBLIC_URL);
      expect(feedUrl.pathname).toBe("/events/mine.ics");
      expect(feedUrl.searchParams.get("token")).toBe(createCalendarFeedToken(member.id, 0));
      const feed = (await memberFeedLoader(args<typeof memberFeedLoader>(get(`${feedUrl.pathname}${feedUrl.search}`)))) as Response;
      expect(feed.status).toBe(200);
      expect(feed.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
      const { vevents } = parseCalendar(await feed.text());
      expect(vevents).toHaveLength(1);
      const vevent = new ICAL.Event(vevents[0]!);
      expect(vevent.summary).toBe("Test Weekly Study");
      expect(vevent.isRecurring()).toBe(false);
      expect(vevent.startDate.toJSDate().toISOString()).toBe(data.occurrence.start);
      expect(vevents[0]!.getFirstProperty("dtstart")?.getParameter("tzid")).toBe(TZ);
      expect(vevent.startDate.zone?.tzid).toBe(TZ);

      // Bumping the feed version revokes the link.
      await db.update(profiles).set({ calendarFeedVersion: 1 }).where(eq(profiles.id, member.id));
      const revoked = (await memberFeedLoader(args<typeof memberFeedLoader>(get(`${feedUrl.pathname}${feedUrl.search}`)))) as Response;
      expect(revoked.status).toBe(404);
      await db.update(profiles).set({ calendarFeedVersion: 0 }).where(eq(profiles.id, member.id));

      const cancelled = await rsvp(
        "test-weekly-study",
        { intent: "cancel", registrationId: afterData.member.registration.id },
        { cookie: member.cookie },
      );
      expect(cancelled.status).toBe(200);
      expect(cancelled.data.message).toBe("Your RSVP has been cancelled.");
      const final = await settle(() =>
        eventLoader(args<typeof eventLoader>(get("/events/test-weekly-study", member.cookie), { slug: "test-weekly-study" })),
      );
      expect((final.data as typeof data).member.registration).toBeNull();
    });

    test("bad member feed tokens are 404", async () => {
      for (const token of ["", "nope", "abc.def", `${"x".repeat(20)}.${"y".repeat(43)}`]) {
        const response = (await memberFeedLoader(
          args<typeof memberFeedLoader>(get(`/events/mine.ics?token=${encodeURIComponent(token)}`)),
        )) as Response;
        expect(response.status).toBe(404);
      }
    });

    test("the cancel link page: shows the registration, cancels only on POST; a bad token is a friendly 404", async () => {
      const { token, hash } = newCancelToken();
      await db.insert(eventRegistrations).values({
        eventId: ids["test-youth-cookout"]!,
        occurrenceStart: localAt(10, "17:00"),
        name: "Link Guest",
        email: "link@example.test",
        partySize: 1,
        status: "confirmed",
        cancelTokenHash: hash,
      });
      const path = `/events/registration?token=${token}`;
      const page = await settle(() => registrationLoader(args<typeof registrationLoader>(get(path))));
      expect(page.status).toBe(200);
      expect(page.data).toMatchObject({ found: { eventTitle: "Test Youth Cookout", name: "Link Guest", status: "confirmed" } });
      const [stillThere] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.email, "link@example.test"));
      expect(stillThere!.status).toBe("confirmed");

      const done = await settle(() => registrationAction(args<typeof registrationAction>(post(path, { token }))));
      expect(done.status).toBe(200);
      expect(done.data).toMatchObject({ ok: true });
      const twice = await settle(() => registrationAction(args<typeof registrationAction>(post(path, { token }))));
      expect(twice.status).toBe(409);

      const bad = await settle(() => registrationLoader(args<typeof registrationLoader>(get("/events/registration?token=nope"))));
      expect(bad.status).toBe(404);
      expect(bad.data).toMatchObject({ found: null });
    });
  });

  describe("calendar feeds", () => {
    const fetchFeed = async (search = "") => (await feedLoader(args<typeof feedLoader>(get(`/events.ics${search}`)))) as Response;

    test("/events.ics: every public event (cancelled as CANCELLED, no drafts), named for the church", async () => {
      const response = await fetchFeed();
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
      const text = await response.text();
      expect(text).toMatch(/^REFRESH-INTERVAL;VALUE=DURATION:PT1H\r$/m);
      expect(text).toMatch(/^X-PUBLISHED-TTL:PT1H\r$/m);
      const { component, vevents } = parseCalendar(text);
      expect(component.getFirstPropertyValue("x-wr-calname")).toBe("Living Hope Church events");
      expect(component.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe(TZ);
      const summaries = vevents.map((v) => v.getFirstPropertyValue("summary"));
      expect(summaries).toContain("Test Weekly Study");
      expect(summaries).toContain("Test Youth Cookout");
      expect(summaries).not.toContain("Test Draft Event");
      const cancelled = vevents.find((v) => v.getFirstPropertyValue("summary") === "Test Cancelled Concert");
      expect(cancelled?.getFirstPropertyValue("status")).toBe("CANCELLED");
      expect(vevents.length).toBe(new Set(vevents.map((v) => v.getFirstPropertyValue("uid"))).size);
    });

    test("the weekly event keeps 7 pm local across the DST change, and skips its excluded date", async () => {
      const { component, vevents } = parseCalendar(await (await fetchFeed("?category=study")).text());
      // ical.js resolves TZID through the calendar's VTIMEZONE.
      const vtimezone = component.getFirstSubcomponent("vtimezone")!;
      ICAL.TimezoneService.register(new ICAL.Timezone(vtimezone));
      const weekly = new ICAL.Event(vevents.find((v) => v.getFirstPropertyValue("summary") === "Test Weekly Study")!);
      expect(weekly.isRecurring()).toBe(true);
      expect(weekly.component.getFirstProperty("dtstart")?.getParameter("tzid")).toBe(TZ);
      expect(weekly.startDate.zone?.tzid).toBe(TZ);
      const iterator = weekly.iterator();
      const starts: Date[] = [];
      for (let next = iterator.next(); next && starts.length < 4; next = iterator.next()) starts.push(next.toJSDate());
      expect(starts.map((d) => formatInTimeZone(d, TZ, "yyyy-MM-dd HH:mm"))).toEqual([
        "2026-03-04 19:00",
        "2026-03-11 19:00",
        // 18 March is excluded.
        "2026-03-25 19:00",
        "2026-04-01 19:00",
      ]);
      // Before the change 7 pm CST is 01:00 UTC; after it, 7 pm CDT is 00:00 UTC.
      expect(starts.map((d) => d.getUTCHours())).toEqual([1, 0, 0, 0]);
      ICAL.TimezoneService.reset();
    });

    test("per-category feed, Spanish feed; an unknown category is a 400", async () => {
      const { component, vevents } = parseCalendar(await (await fetchFeed("?category=youth")).text());
      expect(component.getFirstPropertyValue("x-wr-calname")).toBe("Living Hope Church: Youth");
      const summaries = vevents.map((v) => v.getFirstPropertyValue("summary"));
      expect(summaries).toContain("Test Youth Cookout");
      expect(summaries).not.toContain("Test Weekly Study");
      expect(summaries).not.toContain("Test Draft Event");
      const spanish = parseCalendar(await (await fetchFeed("?lang=es")).text());
      expect(spanish.component.getFirstPropertyValue("x-wr-calname")).toBe("Eventos de Iglesia Esperanza Viva");
      expect(spanish.vevents.map((v) => v.getFirstPropertyValue("summary"))).toContain("Estudio semanal de prueba");
      expect((await fetchFeed("?category=nope")).status).toBe(400);
    });

    test("/events/:slug/calendar.ics: one VEVENT as a download; drafts and unknown slugs 404", async () => {
      const ics = async (slug: string) =>
        (await eventIcsLoader(args<typeof eventIcsLoader>(get(`/events/${slug}/calendar.ics`), { slug }))) as Response;
      const response = await ics("test-weekly-study");
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="test-weekly-study.ics"');
      const text = await response.text();
      const { vevents } = parseCalendar(text);
      expect(vevents).toHaveLength(1);
      expect(text).toMatch(/^DTSTART;TZID=America\/Chicago:20260304T190000\r$/m);
      expect(text).toMatch(/^RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=WE\r$/m);
      expect(text).toMatch(/^EXDATE;TZID=America\/Chicago:20260318T190000\r$/m);
      expect(text).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);
      expect((await ics("test-draft")).status).toBe(404);
      expect((await ics("nope")).status).toBe(404);
    });
  });

  describe("occurrences read through the content memo (production server)", () => {
    afterAll(() => setContentVersionMemo(undefined));

    const list = (o: { now: Date; days?: number; to?: Date; category?: EventCategory | null; includeCancelled?: boolean }) =>
      listEventOccurrences({
        db,
        timeZone: TZ,
        from: o.now,
        to: o.to ?? new Date(o.now.getTime() + (o.days ?? 90) * DAY),
        category: o.category ?? null,
        ...(o.includeCancelled === undefined ? {} : { includeCancelled: o.includeCancelled }),
      });
    const keys = (listed: Awaited<ReturnType<typeof list>>) =>
      listed.map((l) => `${l.event.slug} ${l.occurrence.start.toISOString()} ${l.occurrence.localDate} ${l.confirmed}`);

    test("every window gives what the direct read gives: minutes around UTC midnight, the DST change, a category, months", async () => {
      const windows = [
        { now: new Date() },
        { now: new Date(Math.floor(Date.now() / DAY) * DAY - 1) },
        { now: new Date(Math.floor(Date.now() / DAY) * DAY) },
        { now: new Date(Math.floor(Date.now() / DAY) * DAY + 60_000), days: 7 },
        // The weekly study's 7 pm on 11 March (DST began on the 8th), in and just out of the window.
        { now: fromZonedTime("2026-03-11T20:29:59", TZ), days: 1 },
        { now: fromZonedTime("2026-03-11T20:30:01", TZ), days: 1 },
        { now: fromZonedTime("2026-03-01T00:00:00", TZ), to: fromZonedTime("2026-04-01T00:00:00", TZ) },
        { now: new Date(), category: "youth" as const },
        { now: new Date(), includeCancelled: false },
      ];
      const direct = [];
      for (const w of windows) direct.push(keys(await list(w)));
      setContentVersionMemo(() => readContentVersion(db));
      for (const [i, w] of windows.entries()) {
        expect(keys(await list(w)), `window ${i}`).toEqual(direct[i]);
        expect(keys(await list(w)), `window ${i}, kept`).toEqual(direct[i]);
      }
      expect(direct[4]).toEqual([expect.stringMatching(/^test-weekly-study .* 2026-03-11 0$/)]);
      expect(direct[5]).toEqual([]);
      expect(direct[7]!.every((k) => !k.startsWith("test-weekly-study"))).toBe(true);
      expect(direct[8]!.some((k) => k.startsWith("test-cancelled"))).toBe(false);
    });

    test("an event saved with the content version bumped shows at once; head counts are read every time", async () => {
      setContentVersionMemo(() => readContentVersion(db));
      const now = new Date();
      const before = keys(await list({ now }));
      await db.transaction(async (tx) => {
        await tx.insert(events).values({
          slug: "test-memo-picnic",
          titleEn: "Test Memo Picnic",
          descriptionEn: "Description",
          locationName: "Park",
          address: "1 Park Rd, Springfield, IL 62701",
          category: "community",
          startsAt: localAt(5, "12:00"),
        });
        await bumpContentVersion(tx);
      });
      const after = keys(await list({ now }));
      expect(after.filter((k) => k.startsWith("test-memo-picnic"))).toHaveLength(1);
      expect(after.length).toBe(before.length + 1);

      const cookout = (await list({ now })).find((l) => l.event.slug === "test-youth-cookout")!;
      await db.insert(eventRegistrations).values({
        eventId: cookout.event.id,
        occurrenceStart: cookout.occurrence.start,
        name: "Memo Guest",
        email: "memo@example.test",
        partySize: 3,
        status: "confirmed",
        cancelTokenHash: newCancelToken().hash,
      });
      const counted = (await list({ now })).find((l) => l.event.slug === "test-youth-cookout")!;
      expect(counted.confirmed).toBe(cookout.confirmed + 3);
    });
  });
});
