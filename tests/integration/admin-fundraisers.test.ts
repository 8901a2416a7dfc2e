import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { auditLog, eventRegistrations, events, fundraiserArchive } from "~/db/schema";
import { churchTimeZone } from "~/platform/church/church-time-zone.server";
import { yearOverYear } from "~/features/events/admin/year-over-year";
import { localDateOf } from "~/features/events/occurrences.server";
import { action, loader } from "~/routes/admin/fish-fry-archive";
import type { AppDatabase } from "~/server/db.server";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { describeOnBackend } from "../support/test-database";

const DAY_MS = 86_400_000;
const ENTRY = {
  title: "Lenten fish fry",
  heldOn: "2025-03-07",
  menu: "Fried catfish, coleslaw",
  mealsSold: "320",
  revenue: "$1,250.50",
  volunteers: "18",
  registrations: "40",
  attendees: "95",
  notes: "Ran out of hush puppies.",
};

type PageBody = {
  entries: { id: number; title: string; revenueCents: number }[];
  years: {
    year: number;
    fundraisers: number;
    mealsSold: number;
    revenueCents: number;
    volunteers: number;
    change: Record<string, number | null>;
  }[];
};

describeOnBackend("admin fish-fry archive", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let staff: TestAdmin;
  const tag = randomBytes(4).toString("hex");

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    staff = await h.createAdmin({ scopes: ["events"] });
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = (form: Record<string, string>, cookie = staff.cookie) => h.call(action, { path: "/admin/fish-fry-archive", cookie, form });
  const archiveCount = async () => Number((await db.select({ n: count() }).from(fundraiserArchive))[0]!.n);

  test("add, edit and delete entries, each audited; revenue dollars become cents", async () => {
    const created = await post({ intent: "create", ...ENTRY });
    expect(created.status).toBe(303);
    const [row] = await db.select().from(fundraiserArchive).where(eq(fundraiserArchive.title, ENTRY.title));
    expect(row).toMatchObject({
      heldOn: "2025-03-07",
      mealsSold: 320,
      revenueCents: 125050,
      volunteers: 18,
      registrations: 40,
      attendees: 95,
      menu: ENTRY.menu,
      notes: ENTRY.notes,
    });
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "fundraiser.create"))).toHaveLength(1);

    const updated = await post({ intent: "update", id: String(row!.id), ...ENTRY, revenue: "999.9", mealsSold: "" });
    expect(updated.status).toBe(303);
    const [after] = await db.select().from(fundraiserArchive).where(eq(fundraiserArchive.id, row!.id));
    expect(after).toMatchObject({ revenueCents: 99990, mealsSold: 0 });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "fundraiser.update"));
    expect(audit!.before).toMatchObject({ revenueCents: 125050, mealsSold: 320 });
    expect(audit!.after).toMatchObject({ revenueCents: 99990, mealsSold: 0 });

    const page = await h.call(loader, { path: `/admin/fish-fry-archive?edit=${row!.id}`, cookie: staff.cookie });
    expect(page.status).toBe(200);
    expect((page.body as { editing: { id: number } | null }).editing?.id).toBe(row!.id);

    expect((await post({ intent: "delete", id: String(row!.id) })).status).toBe(303);
    expect(await db.select().from(fundraiserArchive).where(eq(fundraiserArchive.id, row!.id))).toHaveLength(0);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "fundraiser.delete"))).toHaveLength(1);
    expect((await post({ intent: "delete", id: String(row!.id) })).status).toBe(404);
  });

  test("bad input answers 400 with translated field errors and writes nothing", async () => {
    const before = await archiveCount();
    const cases: [Record<string, string>, string, string][] = [
      [{ mealsSold: "-1" }, "mealsSold", "fundraisers.errors.invalidCount"],
      [{ volunteers: "2.5" }, "volunteers", "fundraisers.errors.invalidCount"],
      [{ revenue: "12.345" }, "revenue", "fundraisers.errors.invalidRevenue"],
      [{ revenue: "-5" }, "revenue", "fundraisers.errors.invalidRevenue"],
      [{ heldOn: "2025-02-30" }, "heldOn", "fundraisers.errors.invalidDate"],
      [{ title: "   " }, "title", "fundraisers.errors.titleRequired"],
      [{ attendees: "99999999999" }, "attendees", "fundraisers.errors.invalidCount"],
    ];
    for (const [change, field, key] of cases) {
      const answer = await h.call(action, {
        path: "/admin/fish-fry-archive",
        cookie: staff.cookie,
        form: { intent: "create", ...ENTRY, ...change },
        language: "es",
      });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect((answer.body as { fieldErrors: Record<string, string> }).fieldErrors[field]).toBe(key);
    }
    expect((await post({ intent: "update", id: "abc", ...ENTRY })).status).toBe(400);
    expect((await post({ intent: "update", id: "999999", ...ENTRY })).status).toBe(404);
    expect((await post({ intent: "archive-event", eventId: "x" })).status).toBe(400);
    expect((await post({ intent: "explode" })).status).toBe(400);
    expect(await archiveCount()).toBe(before);
  });

  test("archive an event copies its title, date and confirmed registration totals", async () => {
    const startsAt = new Date(Date.now() - 10 * DAY_MS);
    const [past] = await db
      .insert(events)
      .values({ slug: `past-fry-${tag}`, titleEn: "Friday fish fry", descriptionEn: "Dinner", category: "fundraiser", startsAt })
      .returning({ id: events.id });
    const registration = (name: string, status: "confirmed" | "waitlisted" | "cancelled", partySize: number) => ({
      eventId: past!.id,
      occurrenceStart: startsAt,
      name,
      email: `${name}-${tag}@example.test`,
      status,
      partySize,
      cancelTokenHash: randomBytes(16).toString("hex"),
    });
    await db
      .insert(eventRegistrations)
      .values([
        registration("a", "confirmed", 2),
        registration("b", "confirmed", 3),
        registration("c", "confirmed", 1),
        registration("d", "waitlisted", 4),
        registration("e", "cancelled", 5),
      ]);

    const answer = await post({ intent: "archive-event", eventId: String(past!.id) });
    expect(answer.status).toBe(303);
    const [row] = await db.select().from(fundraiserArchive).where(eq(fundraiserArchive.eventId, past!.id));
    expect(row).toMatchObject({
      title: "Friday fish fry",
      heldOn: localDateOf(startsAt, await churchTimeZone(db)),
      registrations: 3,
      attendees: 6,
      mealsSold: 0,
    });
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "fundraiser.archive-event"))).toHaveLength(1);

    const [future] = await db
      .insert(events)
      .values({
        slug: `future-fry-${tag}`,
        titleEn: "Next fish fry",
        descriptionEn: "Dinner",
        category: "fundraiser",
        startsAt: new Date(Date.now() + 5 * DAY_MS),
      })
      .returning({ id: events.id });
    const refused = await post({ intent: "archive-event", eventId: String(future!.id) });
    expect(refused.status).toBe(409);
    expect(await db.select().from(fundraiserArchive).where(eq(fundraiserArchive.eventId, future!.id))).toHaveLength(0);
    expect((await post({ intent: "archive-event", eventId: "999999" })).status).toBe(404);
  });

  test("year-over-year totals and changes", async () => {
    await db.delete(fundraiserArchive);
    for (const entry of [
      { heldOn: "2024-03-01", mealsSold: "100", revenue: "1000", volunteers: "10" },
      { heldOn: "2024-03-08", mealsSold: "50", revenue: "500.00", volunteers: "5" },
      { heldOn: "2025-03-07", mealsSold: "300", revenue: "1200", volunteers: "12" },
      { heldOn: "2022-03-04", mealsSold: "80", revenue: "700", volunteers: "9" },
    ]) {
      expect((await post({ intent: "create", ...ENTRY, ...entry })).status).toBe(303);
    }
    const page = await h.call(loader, { path: "/admin/fish-fry-archive", cookie: staff.cookie });
    const body = page.body as PageBody;
    expect(body.entries.map((e) => e.revenueCents)).toEqual([120000, 50000, 100000, 70000]);
    expect(body.years).toEqual([
      {
        year: 2025,
        fundraisers: 1,
        mealsSold: 300,
        revenueCents: 120000,
        volunteers: 12,
        change: { fundraisers: -50, mealsSold: 100, revenueCents: -20, volunteers: -20 },
      },
      {
        year: 2024,
        fundraisers: 2,
        mealsSold: 150,
        revenueCents: 150000,
        volunteers: 15,
        change: { fundraisers: null, mealsSold: null, revenueCents: null, volunteers: null },
      },
      {
        year: 2022,
        fundraisers: 1,
        mealsSold: 80,
        revenueCents: 70000,
        volunteers: 9,
        change: { fundraisers: null, mealsSold: null, revenueCents: null, volunteers: null },
      },
    ]);
    expect(
      yearOverYear([
        { heldOn: "2020-01-01", mealsSold: 0, revenueCents: 0, volunteers: 0 },
        { heldOn: "2021-01-01", mealsSold: 3, revenueCents: 1, volunteers: 0 },
      ])[0]!.change.mealsSold,
    ).toBeNull();
  });

  test("without the events scope: 403 for the page and a direct POST", async () => {
    const other = await h.createAdmin({ scopes: ["registrations"] });
    expect((await h.call(loader, { path: "/admin/fish-fry-archive", cookie: other.cookie })).status).toBe(403);
    const before = await archiveCount();
    expect((await post({ intent: "create", ...ENTRY }, other.cookie)).status).toBe(403);
    expect(await archiveCount()).toBe(before);
  });
});
