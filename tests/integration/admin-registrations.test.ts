import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { auditLog, eventRegistrations, events, type RegistrationQuestion } from "~/db/schema";
import { loader as exportLoader } from "~/routes/admin/event-registrations-export";
import { action, loader } from "~/routes/admin/event-registrations";
import type { AppDatabase } from "~/server/db.server";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { describeOnBackend } from "../support/test-database";

const DAY_MS = 86_400_000;
const QUESTIONS: RegistrationQuestion[] = [
  {
    id: "meal",
    kind: "choice",
    labelEn: "Meal",
    labelEs: "Comida",
    required: true,
    options: [
      { en: "Fish", es: "Pescado" },
      { en: "Cheese pizza", es: "Pizza de queso" },
    ],
  },
  { id: "allergies", kind: "text", labelEn: "Allergies", labelEs: "Alergias", required: false },
];

type Row = {
  id: string;
  name: string;
  email: string;
  partySize: number;
  status: string;
  answers: { questionId: string; label: string; value: string }[];
  checkedInAt: string | null;
};
type PageBody = {
  event: { id: number; title: string } | null;
  occurrence: string | null;
  totals: {
    confirmedPeople: number;
    confirmedRegistrations: number;
    capacity: number | null;
    waitlistRegistrations: number;
    checkedInPeople: number;
  };
  registrations: Row[];
  waitlist: Row[];
  checkIn: Row[];
};

describeOnBackend("admin event registrations", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let staff: TestAdmin;
  let eventsOnly: TestAdmin;
  let eventId: number;
  let startsAt: Date;
  const ids: Record<string, string> = {};
  const tag = randomBytes(4).toString("hex");

  async function addRegistration(
    values: Partial<typeof eventRegistrations.$inferInsert> & { name: string; status: "confirmed" | "waitlisted" | "cancelled" },
    createdAt: Date,
  ) {
    const [row] = await db
      .insert(eventRegistrations)
      .values({
        eventId,
        occurrenceStart: startsAt,
        email: `${values.name.replace(/\W/g, "").toLowerCase() || "x"}-${tag}@example.test`,
        cancelTokenHash: randomBytes(16).toString("hex"),
        createdAt,
        ...values,
      })
      .returning({ id: eventRegistrations.id });
    return row!.id;
  }

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    staff = await h.createAdmin({ scopes: ["registrations"], name: "Door Staff" });
    eventsOnly = await h.createAdmin({ scopes: ["events"] });
    startsAt = new Date(Math.ceil((Date.now() + 3 * DAY_MS) / 60_000) * 60_000);
    const [event] = await db
      .insert(events)
      .values({
        slug: `fish-fry-${tag}`,
        titleEn: "Fish fry",
        titleEs: "Venta de pescado",
        descriptionEn: "Fish fry dinner",
        category: "fundraiser",
        startsAt,
        capacity: 10,
        registrationQuestions: QUESTIONS,
      })
      .returning({ id: events.id });
    eventId = event!.id;
    const t0 = Date.now() - DAY_MS;
    ids.ana = await addRegistration(
      { name: "Ana Reyes", status: "confirmed", partySize: 3, answers: { meal: "Fish", allergies: "Peanuts" } },
      new Date(t0),
    );
    ids.formula = await addRegistration(
      {
        name: '=HYPERLINK("http://evil")',
        email: `formula-${tag}@example.test`,
        status: "confirmed",
        partySize: 2,
        answers: { meal: "Cheese pizza" },
      },
      new Date(t0 + 1000),
    );
    ids.wes = await addRegistration({ name: "Wes Wait", status: "waitlisted", partySize: 1, language: "es" }, new Date(t0 + 2000));
    ids.zed = await addRegistration({ name: "Zed Wait", status: "waitlisted", partySize: 2 }, new Date(t0 + 3000));
    ids.carl = await addRegistration({ name: "Carl Cancel", status: "cancelled", partySize: 4 }, new Date(t0 + 4000));
  });
  afterAll(async () => {
    await h?.close();
  });

  const page = async (search: string, language: "en" | "es" = "en") => {
    const answer = await h.call(loader, { path: `/admin/event-registrations${search}`, cookie: staff.cookie, language });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    return answer.body as PageBody;
  };

  test("lists an event's registrations with answers, totals and the waitlist in order", async () => {
    const body = await page(`?event=${eventId}`);
    expect(body.event).toMatchObject({ id: eventId, title: "Fish fry" });
    expect(body.occurrence).toBe(startsAt.toISOString());
    expect(body.totals).toMatchObject({
      confirmedPeople: 5,
      confirmedRegistrations: 2,
      capacity: 10,
      waitlistRegistrations: 2,
      checkedInPeople: 0,
    });
    expect(body.registrations.map((r) => r.id)).toEqual([ids.ana, ids.formula, ids.wes, ids.zed, ids.carl]);
    const ana = body.registrations.find((r) => r.id === ids.ana)!;
    expect(ana).toMatchObject({ partySize: 3, status: "confirmed" });
    expect(ana.answers).toEqual([
      { questionId: "meal", label: "Meal", value: "Fish" },
      { questionId: "allergies", label: "Allergies", value: "Peanuts" },
    ]);
    expect(body.waitlist.map((r) => r.id)).toEqual([ids.wes, ids.zed]);
    expect(body.checkIn.map((r) => r.id)).toEqual([ids.ana, ids.formula]);

    // Question labels (and choices) in the admin's language.
    const spanish = await page(`?event=${eventId}`, "es");
    expect(spanish.event!.title).toBe("Venta de pescado");
    expect(spanish.registrations.find((r) => r.id === ids.ana)!.answers[0]).toEqual({
      questionId: "meal",
      label: "Comida",
      value: "Pescado",
    });

    // Search by name or email; the totals stay the whole occurrence's.
    const searched = await page(`?event=${eventId}&q=ana%20re`);
    expect(searched.registrations.map((r) => r.id)).toEqual([ids.ana]);
    expect(searched.totals.confirmedPeople).toBe(5);
    expect((await page(`?event=${eventId}&q=formula-${tag}`)).registrations.map((r) => r.id)).toEqual([ids.formula]);

    // Without a choice: the first upcoming event (the seeded church's events included).
    expect((await page("")).event).not.toBeNull();
    // An unknown event: 404, not a 500.
    expect((await h.call(loader, { path: "/admin/event-registrations?event=999999", cookie: staff.cookie })).status).toBe(404);
  });

  test("check-in and undo on the day, each audited; bad input is refused", async () => {
    const checkIn = await h.call(action, {
      path: "/admin/event-registrations",
      cookie: staff.cookie,
      form: { intent: "check-in", registrationId: ids.ana! },
    });
    expect(checkIn.status).toBe(303);
    expect(checkIn.headers.get("location")).toContain(`event=${eventId}`);
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, ids.ana!));
    expect(row!.checkedInAt).toBeInstanceOf(Date);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ids.ana!), eq(auditLog.action, "registration.check-in")));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorName).toBe("Door Staff");
    expect((await page(`?event=${eventId}`)).totals.checkedInPeople).toBe(3);

    const undo = await h.call(action, {
      path: "/admin/event-registrations",
      cookie: staff.cookie,
      form: { intent: "undo-check-in", registrationId: ids.ana! },
    });
    expect(undo.status).toBe(303);
    const [after] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, ids.ana!));
    expect(after!.checkedInAt).toBeNull();
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, ids.ana!), eq(auditLog.action, "registration.check-in.undo"))),
    ).toHaveLength(1);

    // Only confirmed registrations check in; nonsense is a 400 and writes nothing.
    const waitlisted = await h.call(action, {
      path: "/admin/event-registrations",
      cookie: staff.cookie,
      form: { intent: "check-in", registrationId: ids.wes! },
    });
    expect(waitlisted.status).toBe(409);
    const badForms: Record<string, string>[] = [
      { intent: "check-in", registrationId: "nope" },
      { intent: "explode", registrationId: ids.ana! },
      {},
    ];
    for (const form of badForms) {
      const bad = await h.call(action, { path: "/admin/event-registrations", cookie: staff.cookie, form });
      expect(bad.status).toBe(400);
      expect((bad.body as { key: string }).key).toMatch(/^registrations\.errors\./);
    }
    const [still] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, ids.wes!));
    expect(still!.checkedInAt).toBeNull();
  });

  test("CSV export: answers as columns, a formula-looking name neutralised, audited", async () => {
    const answer = await h.call(exportLoader, {
      path: `/admin/event-registrations/${eventId}/export.csv?occurrence=${encodeURIComponent(startsAt.toISOString())}`,
      cookie: staff.cookie,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/csv");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const text = (answer.body as string).replace(/^\uFEFF/, "");
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Name,Email,Party size,Status,Language,Checked in,Registered,Meal,Allergies");
    expect(lines).toHaveLength(6);
    expect(lines.find((l) => l.startsWith("Ana Reyes"))).toMatch(/,3,Confirmed,en,,[\d-]+ [\d:]+,Fish,Peanuts$/);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "registration.export"), eq(auditLog.entityId, String(eventId)))),
    ).toHaveLength(1);
    expect((await h.call(exportLoader, { path: "/admin/event-registrations/999999/export.csv", cookie: staff.cookie })).status).toBe(404);
  });

  test("without the registrations scope: 403 for the page, a direct POST and the CSV", async () => {
    expect((await h.call(loader, { path: `/admin/event-registrations?event=${eventId}`, cookie: eventsOnly.cookie })).status).toBe(403);
    const post = await h.call(action, {
      path: "/admin/event-registrations",
      cookie: eventsOnly.cookie,
      form: { intent: "check-in", registrationId: ids.formula! },
    });
    expect(post.status).toBe(403);
    const [row] = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, ids.formula!));
    expect(row!.checkedInAt).toBeNull();
    expect(
      (await h.call(exportLoader, { path: `/admin/event-registrations/${eventId}/export.csv`, cookie: eventsOnly.cookie })).status,
    ).toBe(403);
    // No admin session: off to the sign-in page.
    expect((await h.call(exportLoader, { path: `/admin/event-registrations/${eventId}/export.csv` })).status).toBe(302);
  });
});
