import { asc, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { eventRegistrations, events, outboxMessages, signupInbox } from "~/db/schema";
import { cancelRegistration, findRegistrationByToken } from "~/features/events/cancel-registration.server";
import { registerForEvent, seatsTaken } from "~/features/events/register-for-event.server";
import { sendEventReminders } from "~/features/events/send-event-reminders.server";
import { loadDashboard } from "~/features/admin/load-dashboard.server";
import { seedDemoChurch } from "~/seed/seed-demo-church.server";
import { describeEachBackend, openMigrated, type TestDatabase } from "../support/test-database";

const siteUrl = "http://127.0.0.1:3999";
const now = new Date("2026-03-01T12:00:00Z");
// Sunday 15 March 2026, 5 pm Chicago time (CDT).
const start = new Date("2026-03-15T22:00:00Z");

describeEachBackend("event registrations", (backend) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let eventId = 0;

  beforeAll(async () => {
    database = await openMigrated(backend);
    await seedDemoChurch({ db: db(), now });
  });
  afterAll(() => database?.dispose());

  beforeEach(async () => {
    await db().delete(outboxMessages);
    const [row] = await db()
      .insert(events)
      .values({
        slug: `supper-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`,
        titleEn: "Community Supper",
        titleEs: "Cena comunitaria",
        descriptionEn: "Dinner together.",
        category: "community",
        startsAt: start,
        endsAt: new Date(start.getTime() + 2 * 3_600_000),
        locationName: "Fellowship hall",
        capacity: 10,
        guestRegistration: true,
        maxPartySize: 4,
        registrationQuestions: [
          {
            id: "diet",
            kind: "choice",
            labelEn: "Diet",
            labelEs: "Dieta",
            required: true,
            options: [
              { en: "Any", es: "Cualquiera" },
              { en: "Vegetarian", es: "Vegetariana" },
            ],
          },
          { id: "age", kind: "number", labelEn: "Age", required: false, min: 0, max: 120 },
        ],
      })
      .returning({ id: events.id });
    eventId = row!.id;
  });

  const register = (email: string, extra: Partial<Parameters<typeof registerForEvent>[0]> = {}) =>
    registerForEvent({
      db: db(),
      eventId,
      occurrenceStart: start,
      person: { userId: null, name: email.split("@")[0]!, email, language: "en" },
      partySize: 1,
      answers: { diet: "0" },
      siteUrl,
      now,
      ...extra,
    });

  const statuses = async () =>
    db()
      .select({ email: eventRegistrations.email, status: eventRegistrations.status, partySize: eventRegistrations.partySize })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, eventId))
      .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.email));

  test("50 parallel registrations for 10 places: exactly 10 confirmed, 40 waitlisted, one email each", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => register(`guest${i}@example.test`)));
    expect(results.every((r) => r.ok)).toBe(true);
    const confirmed = results.filter((r) => r.ok && r.status === "confirmed");
    expect(confirmed).toHaveLength(10);
    expect(await seatsTaken(db(), eventId, start)).toEqual({ confirmed: 10, waitlisted: 40 });
    const mails = await db().select().from(outboxMessages);
    expect(mails).toHaveLength(50);
    expect(mails.filter((m) => (m.payload as { subject: string }).subject.startsWith("You're registered"))).toHaveLength(10);
    expect(mails.filter((m) => (m.payload as { subject: string }).subject.startsWith("You're on the waitlist"))).toHaveLength(40);
  });

  test("a cancellation by the emailed link promotes the oldest waitlisted party that fits, emailed in its language", async () => {
    // a0's cancel token comes from its confirmation email, as a guest would click it.
    const token = await tokenFromEmail(() => register("a0@example.test", { partySize: 2 }));
    for (let i = 1; i < 5; i++) await register(`a${i}@example.test`, { partySize: 2 }); // 10 of 10
    await register("big@example.test", { partySize: 3 }); // waitlisted, first in line
    await register("spanish@example.test", { person: { userId: null, name: "Ana", email: "spanish@example.test", language: "es" } });
    expect((await findRegistrationByToken(db(), token))?.registration.email).toBe("a0@example.test");

    // Wrong tokens and someone else's registration id are refused.
    expect(await cancelRegistration({ db: db(), siteUrl, now, token: "t".repeat(32) })).toEqual({ ok: false, error: "notFound" });
    const [a1] = await db().select().from(eventRegistrations).where(eq(eventRegistrations.email, "a1@example.test"));
    expect(await cancelRegistration({ db: db(), siteUrl, now, registrationId: a1!.id, userId: "someone-else" })).toEqual({
      ok: false,
      error: "notFound",
    });

    await db().delete(outboxMessages);
    expect(await cancelRegistration({ db: db(), siteUrl, now, token })).toMatchObject({ ok: true, promoted: 1 });
    // Two places free: the party of 3 still waits, Ana (1) goes in.
    const after = await statuses();
    expect(after.find((r) => r.email === "a0@example.test")?.status).toBe("cancelled");
    expect(after.find((r) => r.email === "big@example.test")?.status).toBe("waitlisted");
    expect(after.find((r) => r.email === "spanish@example.test")?.status).toBe("confirmed");
    const mails = await db().select().from(outboxMessages);
    expect(mails.map((m) => [m.recipient, (m.payload as { subject: string }).subject])).toEqual([
      ["spanish@example.test", "Se abrió un lugar: Cena comunitaria"],
    ]);
    expect(await seatsTaken(db(), eventId, start)).toEqual({ confirmed: 9, waitlisted: 3 });
    // The link works once.
    expect(await cancelRegistration({ db: db(), siteUrl, now, token })).toEqual({ ok: false, error: "alreadyCancelled" });
  });

  test("refusals: bad answers, party size, duplicates, past, wrong occurrence, guests not allowed, drafts", async () => {
    expect(await register("x@example.test", { answers: {} })).toMatchObject({
      ok: false,
      error: "invalidAnswers",
      fieldErrors: { diet: "required" },
    });
    expect(await register("x@example.test", { answers: { diet: "7", age: "200" } })).toMatchObject({
      ok: false,
      fieldErrors: { diet: "invalid", age: "outOfRange" },
    });
    expect(await register("x@example.test", { partySize: 5 })).toMatchObject({ ok: false, error: "partySize" });
    expect(await register("x@example.test", { partySize: 0 })).toMatchObject({ ok: false, error: "partySize" });
    expect(await register("x@example.test")).toMatchObject({ ok: true, status: "confirmed" });
    expect(await register("X@Example.test")).toMatchObject({ ok: false, error: "alreadyRegistered" });
    expect(await register("y@example.test", { now: new Date(start.getTime() + 1) })).toMatchObject({ ok: false, error: "past" });
    expect(await register("y@example.test", { occurrenceStart: new Date(start.getTime() + 60_000) })).toMatchObject({
      ok: false,
      error: "invalidOccurrence",
    });
    await db().update(events).set({ guestRegistration: false }).where(eq(events.id, eventId));
    expect(await register("y@example.test")).toMatchObject({ ok: false, error: "guestsNotAllowed" });
    await db().update(events).set({ status: "draft" }).where(eq(events.id, eventId));
    expect(await register("y@example.test")).toMatchObject({ ok: false, error: "notFound" });
    expect(await statuses()).toEqual([{ email: "x@example.test", status: "confirmed", partySize: 1 }]);
  });

  test("a recurring event takes registrations per occurrence; follow-up events reach inbox/signups", async () => {
    await db()
      .update(events)
      .set({ recurrence: { freq: "weekly", interval: 1 }, capacity: 1, needsFollowUp: true })
      .where(eq(events.id, eventId));
    // The next week's occurrence keeps 5 pm local time: same UTC hour here (both in CDT).
    const nextWeek = new Date(start.getTime() + 7 * 86_400_000);
    expect(await register("p@example.test")).toMatchObject({ ok: true, status: "confirmed" });
    expect(await register("q@example.test")).toMatchObject({ ok: true, status: "waitlisted" });
    expect(await register("q@example.test", { occurrenceStart: nextWeek })).toMatchObject({ ok: true, status: "confirmed" });
    const inbox = await db().select().from(signupInbox).where(eq(signupInbox.eventId, eventId));
    expect(inbox).toHaveLength(3);
    expect(inbox.every((row) => row.status === "new" && row.kind === "event")).toBe(true);
  });

  test("day-before reminders: in each registrant's language, from 9 am local the day before, once", async () => {
    // Earlier tests' events start at the same moment: only this one's registrations count here.
    await db().delete(eventRegistrations).where(ne(eventRegistrations.eventId, eventId));
    await register("en@example.test");
    await register("es@example.test", { person: { userId: null, name: "Eva", email: "es@example.test", language: "es" } });
    await register("gone@example.test");
    const [gone] = await db().select().from(eventRegistrations).where(eq(eventRegistrations.email, "gone@example.test"));
    await db().update(eventRegistrations).set({ status: "cancelled" }).where(eq(eventRegistrations.id, gone!.id));
    await db().delete(outboxMessages);

    // Saturday 14 March, 8:30 am in Chicago (CDT, UTC-5): too early. Two days before: not yet.
    expect(await sendEventReminders({ db: db(), siteUrl, now: new Date("2026-03-14T13:30:00Z") })).toBe(0);
    expect(await sendEventReminders({ db: db(), siteUrl, now: new Date("2026-03-13T20:00:00Z") })).toBe(0);
    // Saturday 10 am: both confirmed registrants, in their languages; a second pass sends nothing.
    const saturday = new Date("2026-03-14T15:00:00Z");
    const [first, second] = await Promise.all([
      sendEventReminders({ db: db(), siteUrl, now: saturday }),
      sendEventReminders({ db: db(), siteUrl, now: saturday }),
    ]);
    expect(first! + second!).toBe(2);
    expect(await sendEventReminders({ db: db(), siteUrl, now: new Date("2026-03-14T20:00:00Z") })).toBe(0);
    const subjects = (await db().select().from(outboxMessages))
      .map((m) => [m.recipient, (m.payload as { subject: string }).subject])
      .sort();
    expect(subjects).toEqual([
      ["en@example.test", "Reminder: Community Supper is tomorrow"],
      ["es@example.test", "Recordatorio: Cena comunitaria es mañana"],
    ]);
  });

  test("the dashboard counts recurring events still repeating, people registered ahead, and new sign-ups by scope", async () => {
    await db().delete(eventRegistrations);
    await db().delete(signupInbox);
    await db()
      .update(events)
      .set({ recurrence: { freq: "weekly", interval: 1 }, needsFollowUp: true })
      .where(eq(events.id, eventId));
    await register("r1@example.test", { partySize: 3 });
    await register("r2@example.test", { partySize: 2 });
    const admin = (scopes: string[]) => ({ userId: "u", name: "A", email: null, roles: ["admin" as const], scopes: scopes as never });
    const later = new Date(start.getTime() + 86_400_000 * 30);
    const all = await loadDashboard({ db: db(), admin: admin(["admin:*"]), now });
    expect(all).toMatchObject({ upcomingRsvps: 5, newSignups: 2 });
    // A month after its first date the weekly event still counts; the one-off demo events don't.
    const afterwards = await loadDashboard({ db: db(), admin: admin(["events"]), now: later });
    expect(afterwards.upcomingEvents).toBeGreaterThanOrEqual(1);
    expect(afterwards).toMatchObject({ upcomingRsvps: 0, newSignups: null });
  });

  /** Runs `action` and returns the cancel token from the one email it queued. */
  async function tokenFromEmail(action: () => Promise<unknown>): Promise<string> {
    await db().delete(outboxMessages);
    await action();
    const [mail] = await db().select().from(outboxMessages);
    const match = /token=([A-Za-z0-9_-]+)/.exec((mail?.payload as { text: string }).text);
    return match?.[1] ?? "";
  }
});
