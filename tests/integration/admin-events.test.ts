import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { appMeta, auditLog, eventRegistrations, events, outboxMessages, type OutboxEmailPayload } from "~/db/schema";
import { handleEventFormAction } from "~/features/events/admin/event-form-action.server";
import { requireAdmin } from "~/platform/admin/require-admin.server";
import { CLIENT_IP_HEADER } from "~/server/request-input.server";
import { getHomePage } from "~/features/content/get-home-page.server";
import { registerForEvent } from "~/features/events/register-for-event.server";
import { action as editAction, loader as editLoader } from "~/routes/admin/event-edit";
import { action as listAction, loader as listLoader } from "~/routes/admin/events";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { PUBLIC_URL } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteFn = (args: any) => unknown;
/** The harness calls routes without params: the edit route needs its :eventId. */
const withParams =
  (fn: RouteFn, eventId?: number | string): RouteFn =>
  (args: { params: Record<string, string> }) =>
    fn({ ...args, params: eventId === undefined ? {} : { eventId: String(eventId) } });

/** A complete, valid event form; `changes` override fields. */
function eventForm(changes: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save",
    titleEn: "Spring Picnic",
    titleEs: "Picnic de primavera",
    descriptionEn: "Food and games in the park.",
    descriptionEs: "Comida y juegos en el parque.",
    category: "community",
    startDate: "2030-04-10",
    startTime: "18:30",
    endTime: "20:00",
    locationName: "City park",
    address: "1 Park Road",
    mapUrl: "https://maps.example.test/park",
    imageAltEn: "",
    imageAltEs: "",
    status: "published",
    recurrenceFreq: "weekly",
    recurrenceInterval: "2",
    byWeekday: "2",
    recurrenceEnd: "count",
    recurrenceUntil: "",
    recurrenceCount: "5",
    excludedDates: "2030-04-24",
    capacity: "30",
    rsvpEnabled: "on",
    guestRegistration: "on",
    maxPartySize: "4",
    slug: "",
    questionCount: "2",
    "q0.id": "",
    "q0.kind": "choice",
    "q0.labelEn": "Which meal?",
    "q0.labelEs": "¿Qué comida?",
    "q0.required": "on",
    "q0.options": "Chicken | Pollo\nVegetarian | Vegetariano",
    "q0.min": "",
    "q0.max": "",
    "q1.id": "",
    "q1.kind": "number",
    "q1.labelEn": "How many children?",
    "q1.labelEs": "",
    "q1.options": "",
    "q1.min": "0",
    "q1.max": "10",
    ...changes,
  };
}

describeOnBackend("admin events section", (backend) => {
  let h: AdminHarness;
  let cookie: string;
  let uploadDir: string;
  beforeAll(async () => {
    h = await startAdminHarness(backend);
    cookie = (await h.createAdmin({ scopes: ["events"] })).cookie;
    uploadDir = await mkdtemp(path.join(os.tmpdir(), "event-uploads-"));
  });
  afterAll(async () => {
    await h?.close();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  const db = () => h.database.handle.db;
  const bySlug = async (slug: string) => (await db().select().from(events).where(eq(events.slug, slug)))[0];
  const create = (form: Record<string, string>) => h.call(withParams(editAction), { path: "/admin/events/new", cookie, form });

  test("the list shows the demo events with their next date and counts, upcoming first", async () => {
    const page = await h.call(listLoader, { path: "/admin/events", cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const body = page.body as {
      title: string;
      upcoming: Array<{ slug: string; capacity: number | null; registered: number; recurring: boolean }>;
    };
    expect(body.title).toBe("Event Management");
    const harvest = body.upcoming.find((e) => e.slug === "harvest-festival");
    expect(harvest).toMatchObject({ capacity: 150, registered: 0 });
    expect(body.upcoming.find((e) => e.slug === "wednesday-bible-study")?.recurring).toBe(true);
    const filtered = await h.call(listLoader, { path: "/admin/events?status=draft&q=harvest", cookie });
    expect((filtered.body as { upcoming: unknown[] }).upcoming).toHaveLength(0);
    const search = await h.call(listLoader, { path: "/admin/events?q=cosecha", cookie });
    expect((search.body as { upcoming: Array<{ slug: string }> }).upcoming.map((e) => e.slug)).toEqual(["harvest-festival"]);
  });

  test("creating an event saves both languages, the local time, the recurrence and the questions", async () => {
    const auditsBefore = (await db().select().from(auditLog).where(eq(auditLog.action, "event.create"))).length;
    const result = await create(eventForm());
    expect(result.status).toBe(303);
    const row = await bySlug("spring-picnic");
    expect(row).toBeDefined();
    expect(result.headers.get("location")).toBe(`/admin/events/${row!.id}?created=1`);
    expect(row).toMatchObject({
      titleEn: "Spring Picnic",
      titleEs: "Picnic de primavera",
      descriptionEs: "Comida y juegos en el parque.",
      category: "community",
      status: "published",
      capacity: 30,
      guestRegistration: true,
      rsvpEnabled: true,
      needsFollowUp: false,
      maxPartySize: 4,
      excludedDates: ["2030-04-24"],
      recurrence: { freq: "weekly", interval: 2, byWeekday: [2], count: 5 },
    });
    // 6:30 pm in Chicago (CDT, UTC−5).
    expect(row!.startsAt.toISOString()).toBe("2030-04-10T23:30:00.000Z");
    expect(row!.endsAt!.toISOString()).toBe("2030-04-11T01:00:00.000Z");
    expect(row!.registrationQuestions).toHaveLength(2);
    expect(row!.registrationQuestions[0]).toMatchObject({
      kind: "choice",
      labelEn: "Which meal?",
      labelEs: "¿Qué comida?",
      required: true,
      options: [
        { en: "Chicken", es: "Pollo" },
        { en: "Vegetarian", es: "Vegetariano" },
      ],
    });
    expect(row!.registrationQuestions[1]).toMatchObject({
      kind: "number",
      labelEn: "How many children?",
      required: false,
      min: 0,
      max: 10,
    });
    expect(row!.registrationQuestions[0]!.id).not.toBe(row!.registrationQuestions[1]!.id);

    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "event.create"));
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits.at(-1)!.entityId).toBe(String(row!.id));
    const [version] = await db().select().from(appMeta).where(eq(appMeta.key, "content_version"));
    expect(Number(version?.value)).toBeGreaterThan(0);

    // The edit page shows it back in local time.
    const page = await h.call(withParams(editLoader, row!.id), { path: `/admin/events/${row!.id}`, cookie });
    expect(page.status).toBe(200);
    const values = (page.body as { editor: { values: Record<string, string> } }).editor.values;
    expect(values).toMatchObject({ startDate: "2030-04-10", startTime: "18:30", endTime: "20:00", byWeekday: "2", recurrenceEnd: "count" });

    // A second event with the same title gets a unique slug; reserved words are refused.
    await create(eventForm({ recurrenceFreq: "none" }));
    expect(await bySlug("spring-picnic-2")).toBeDefined();
    const reserved = await create(eventForm({ slug: "registration" }));
    expect(reserved.status).toBe(400);
    expect(reserved.body).toMatchObject({ fieldErrors: { slug: "slugReserved" } });
  });

  test("invalid input in every group answers 400 with field errors and writes nothing", async () => {
    const countEvents = async () => (await db().select({ id: events.id }).from(events)).length;
    const countAudits = async () => (await db().select({ id: auditLog.id }).from(auditLog)).length;
    const before = [await countEvents(), await countAudits()];
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [
        { titleEn: "  ", descriptionEn: "" },
        { titleEn: "required", descriptionEn: "required" },
      ],
      [{ titleEs: "x".repeat(201) }, { titleEs: "tooLong" }],
      [{ category: "party" }, { category: "choice" }],
      [{ startDate: "2030-02-30" }, { startDate: "date" }],
      [{ startTime: "25:00" }, { startTime: "time" }],
      [{ endTime: "17:00" }, { endTime: "endBeforeStart" }],
      [{ mapUrl: "javascript:alert(1)" }, { mapUrl: "url" }],
      [{ recurrenceEnd: "until", recurrenceUntil: "2030-01-01" }, { recurrenceUntil: "untilBeforeStart" }],
      [{ recurrenceCount: "" }, { recurrenceCount: "untilOrCount" }],
      [{ recurrenceInterval: "0" }, { recurrenceInterval: "range" }],
      [{ byWeekday: "9" }, { byWeekday: "choice" }],
      [{ excludedDates: "2030-04-24, tomorrow" }, { excludedDates: "excludedDates" }],
      [{ capacity: "-3" }, { capacity: "range" }],
      [{ capacity: "many" }, { capacity: "number" }],
      [{ maxPartySize: "51" }, { maxPartySize: "range" }],
      [{ status: "cancelled" }, { status: "cancelledStatus" }],
      [{ status: "archived" }, { status: "choice" }],
      [{ slug: "Bad Slug!" }, { slug: "slugFormat" }],
      [{ slug: "harvest-festival" }, { slug: "slugTaken" }],
      [{ "q0.options": "Only one" }, { "q0.options": "options" }],
      [{ "q1.min": "5", "q1.max": "1" }, { "q1.max": "minMax" }],
      [{ "q0.labelEn": "", "q0.labelEs": "¿Solo español?" }, { "q0.labelEn": "required" }],
      [{ "q0.kind": "essay" }, { "q0.kind": "choice" }],
    ];
    for (const [changes, expected] of cases) {
      const result = await create(eventForm({ titleEn: "Invalid Event", ...changes }));
      expect(result.status, JSON.stringify(changes)).toBe(400);
      expect(result.body, JSON.stringify(changes)).toMatchObject({ ok: false, message: "invalid", fieldErrors: expected });
      // What was typed comes back to refill the form.
      expect((result.body as { values: Record<string, string> }).values.category).toBeDefined();
    }
    expect([await countEvents(), await countAudits()]).toEqual(before);
    expect(await bySlug("invalid-event")).toBeUndefined();

    const controlCharacter = await create(eventForm({ titleEn: "Bad\u0000title" }));
    expect(controlCharacter.status).toBe(400);
    const missingEvent = await h.call(withParams(editAction, 999999), { path: "/admin/events/999999", cookie, form: eventForm() });
    expect(missingEvent.status).toBe(404);
    const notAnId = await h.call(withParams(editLoader, "abc"), { path: "/admin/events/abc", cookie });
    expect(notAnId.status).toBe(404);
  });

  test("editing changes the row and records the changed fields", async () => {
    const row = (await bySlug("spring-picnic"))!;
    const result = await h.call(withParams(editAction, row.id), {
      path: `/admin/events/${row.id}`,
      cookie,
      form: eventForm({
        slug: "spring-picnic",
        titleEs: "Picnic primaveral",
        capacity: "",
        recurrenceFreq: "none",
        "q0.id": row.registrationQuestions[0]!.id,
        "q1.id": row.registrationQuestions[1]!.id,
        "q1.remove": "on",
        needsFollowUp: "on",
      }),
    });
    expect(result.status).toBe(303);
    expect(result.headers.get("location")).toBe(`/admin/events/${row.id}?saved=1`);
    const after = (await bySlug("spring-picnic"))!;
    expect(after).toMatchObject({ titleEs: "Picnic primaveral", capacity: null, recurrence: null, needsFollowUp: true });
    expect(after.registrationQuestions.map((q) => q.labelEn)).toEqual(["Which meal?"]);
    // The kept question keeps its id (registrations' answers refer to it).
    expect(after.registrationQuestions[0]!.id).toBe(row.registrationQuestions[0]!.id);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "event.update"), eq(auditLog.entityId, String(row.id))));
    expect(audit!.before).toMatchObject({ titleEs: "Picnic de primavera", capacity: 30 });
    expect(audit!.after).toMatchObject({ titleEs: "Picnic primaveral", capacity: null });

    // The same post again changes nothing and records nothing.
    const again = await h.call(withParams(editAction, row.id), {
      path: `/admin/events/${row.id}`,
      cookie,
      form: eventForm({
        slug: "spring-picnic",
        titleEs: "Picnic primaveral",
        capacity: "",
        recurrenceFreq: "none",
        "q0.id": row.registrationQuestions[0]!.id,
        questionCount: "1",
        needsFollowUp: "on",
      }),
    });
    expect(again.headers.get("location")).toBe(`/admin/events/${row.id}?unchanged=1`);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "event.update"), eq(auditLog.entityId, String(row.id)))),
    ).toHaveLength(1);

    // "Add a question" gives the form back with one more row and saves nothing.
    const add = await h.call(withParams(editAction, row.id), {
      path: `/admin/events/${row.id}`,
      cookie,
      form: eventForm({ intent: "add-question", titleEn: "Not saved" }),
    });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({ message: "addedQuestion", values: { questionCount: "3", titleEn: "Not saved" } });
    expect((await bySlug("spring-picnic"))!.titleEn).toBe("Spring Picnic");
  });

  test("raising the capacity confirms the waitlisted parties that now fit, and emails them", async () => {
    await create(
      eventForm({
        titleEn: "Small Group Dinner",
        slug: "small-group-dinner",
        capacity: "1",
        recurrenceFreq: "none",
        questionCount: "0",
        excludedDates: "",
      }),
    );
    const row = (await bySlug("small-group-dinner"))!;
    const person = (email: string) => ({ userId: null, name: "Guest", email, language: "en" as const });
    const common = {
      db: db(),
      eventId: row.id,
      occurrenceStart: row.startsAt,
      partySize: 1,
      answers: {},
      siteUrl: "http://127.0.0.1:3999",
    };
    expect(await registerForEvent({ ...common, person: person("first@example.test") })).toMatchObject({ status: "confirmed" });
    expect(await registerForEvent({ ...common, person: person("second@example.test") })).toMatchObject({ status: "waitlisted" });
    await db().delete(outboxMessages);
    const result = await h.call(withParams(editAction, row.id), {
      path: `/admin/events/${row.id}`,
      cookie,
      form: eventForm({
        titleEn: "Small Group Dinner",
        slug: "small-group-dinner",
        capacity: "2",
        recurrenceFreq: "none",
        questionCount: "0",
        excludedDates: "",
      }),
    });
    expect(result.status).toBe(303);
    const statuses = await db()
      .select({ email: eventRegistrations.email, status: eventRegistrations.status })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, row.id));
    expect(statuses.every((r) => r.status === "confirmed")).toBe(true);
    const mails = await db().select().from(outboxMessages);
    expect(mails.map((m) => [m.recipient, (m.payload as { subject: string }).subject])).toEqual([
      ["second@example.test", "A place opened up: Small Group Dinner"],
    ]);
  });

  test("duplicating makes a draft copy with a -copy slug, made unique", async () => {
    const source = (await bySlug("harvest-festival"))!;
    const first = await h.call(listAction, { path: "/admin/events", cookie, form: { intent: "duplicate", eventId: String(source.id) } });
    expect(first.status).toBe(303);
    const copy = (await bySlug("harvest-festival-copy"))!;
    expect(first.headers.get("location")).toBe(`/admin/events/${copy.id}?duplicated=1`);
    expect(copy).toMatchObject({
      status: "draft",
      isFeatured: false,
      titleEn: source.titleEn,
      capacity: 150,
      registrationQuestions: source.registrationQuestions,
    });
    await h.call(listAction, { path: "/admin/events", cookie, form: { intent: "duplicate", eventId: String(source.id) } });
    expect(await bySlug("harvest-festival-copy-2")).toMatchObject({ status: "draft" });
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "event.duplicate"))).toHaveLength(2);
    const missing = await h.call(listAction, { path: "/admin/events", cookie, form: { intent: "duplicate", eventId: "999999" } });
    expect(missing.status).toBe(404);
  });

  test("featuring an event leaves exactly one featured, and the home flyer follows it", async () => {
    const home = await getHomePage({ db: db(), language: "es" });
    expect(home.blocks["home.flyer"]).toMatchObject({ title: "Festival de la Cosecha", linkUrl: "/events/harvest-festival" });

    const row = (await bySlug("spring-picnic"))!;
    const result = await h.call(withParams(editAction, row.id), {
      path: `/admin/events/${row.id}`,
      cookie,
      form: eventForm({ slug: "spring-picnic", isFeatured: "on" }),
    });
    expect(result.status).toBe(303);
    const featured = await db().select().from(events).where(eq(events.isFeatured, true));
    expect(featured.map((e) => e.slug)).toEqual(["spring-picnic"]);
    // Without an image, the flyer falls back to the home.flyer content block.
    const fallback = await getHomePage({ db: db(), language: "en" });
    expect(fallback.blocks["home.flyer"]!.linkUrl).toBe("/events");
    // A new featured event switches again, in the same transaction.
    await create(eventForm({ titleEn: "Featured Concert", isFeatured: "on", recurrenceFreq: "none" }));
    const now = await db().select().from(events).where(eq(events.isFeatured, true));
    expect(now.map((e) => e.slug)).toEqual(["featured-concert"]);
  });

  test("cancelling asks for confirmation, then notifies confirmed and waitlisted registrants in their language", async () => {
    const event = (await bySlug("youth-night"))!;
    const start = event.startsAt;
    const registration = (email: string, language: "en" | "es", status: "confirmed" | "waitlisted" | "cancelled", partySize = 1) => ({
      eventId: event.id,
      occurrenceStart: start,
      name: `Guest ${email}`,
      email,
      language,
      partySize,
      status,
      cancelTokenHash: randomUUID(),
    });
    await db()
      .insert(eventRegistrations)
      .values([
        registration("ana@example.test", "es", "confirmed", 3),
        registration("bob@example.test", "en", "confirmed", 2),
        registration("carla@example.test", "es", "waitlisted"),
        registration("dan@example.test", "en", "cancelled"),
      ]);
    const list = await h.call(listLoader, { path: `/admin/events?cancel=${event.id}`, cookie });
    const listBody = list.body as {
      confirming: { id: number } | null;
      upcoming: Array<{ slug: string; registered: number; capacity: number }>;
    };
    expect(listBody.confirming?.id).toBe(event.id);
    expect(listBody.upcoming.find((e) => e.slug === "youth-night")).toMatchObject({ registered: 5, capacity: 40 });

    const unconfirmed = await h.call(listAction, { path: "/admin/events", cookie, form: { intent: "cancel", eventId: String(event.id) } });
    expect(unconfirmed.status).toBe(400);
    expect((await bySlug("youth-night"))!.status).toBe("published");

    const result = await h.call(listAction, {
      path: "/admin/events",
      cookie,
      form: { intent: "cancel", eventId: String(event.id), confirm: "yes" },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ ok: true, message: { key: "events.messages.cancelled", values: { count: 3 } } });
    const after = (await bySlug("youth-night"))!;
    expect(after.status).toBe("cancelled");
    expect(after.cancelledAt).toBeInstanceOf(Date);

    const mails = await db()
      .select()
      .from(outboxMessages)
      .where(inArray(outboxMessages.recipient, ["ana@example.test", "bob@example.test", "carla@example.test", "dan@example.test"]));
    const subjects = Object.fromEntries(mails.map((m) => [m.recipient, (m.payload as OutboxEmailPayload).subject]));
    expect(subjects).toEqual({
      "ana@example.test": "Cancelado: Noche de jóvenes",
      "bob@example.test": "Cancelled: Youth Night",
      "carla@example.test": "Cancelado: Noche de jóvenes",
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "event.cancel"), eq(auditLog.entityId, String(event.id))));
    expect(audit!.after).toMatchObject({ status: "cancelled", notified: 3 });

    // Cancelling again notifies nobody twice.
    const again = await h.call(listAction, {
      path: "/admin/events",
      cookie,
      form: { intent: "cancel", eventId: String(event.id), confirm: "yes" },
    });
    expect(again.body).toMatchObject({ ok: true, message: { key: "events.messages.alreadyCancelled" } });
    expect(await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, "ana@example.test"))).toHaveLength(1);
  });

  test("an uploaded image becomes the event's flyer image; a non-image or a missing description is refused", async () => {
    const post = async (fields: Record<string, string>, file: File | null) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(eventForm({ recurrenceFreq: "none", ...fields }))) form.set(k, v);
      if (file) form.set("image", file);
      const request = new Request(new URL("/admin/events/new", PUBLIC_URL), {
        method: "POST",
        body: form,
        headers: { cookie, [CLIENT_IP_HEADER]: "198.51.100.20" },
      });
      const ctx = await requireAdmin(request, "events");
      try {
        const answer = (await handleEventFormAction(request, ctx, null, uploadDir)) as unknown as { data: unknown; init: ResponseInit };
        return { status: answer.init.status ?? 200, body: answer.data as Record<string, unknown>, location: null };
      } catch (thrown) {
        const response = thrown as Response;
        return { status: response.status, body: {}, location: response.headers.get("location") };
      }
    };
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .png()
      .toBuffer();
    const image = () => new File([new Uint8Array(png)], "flyer.png", { type: "image/png" });

    const noAlt = await post({ titleEn: "Picture Day" }, image());
    expect(noAlt.status).toBe(400);
    expect(noAlt.body).toMatchObject({ fieldErrors: { imageAltEn: "altRequired" } });
    const notImage = await post({ titleEn: "Picture Day", imageAltEn: "A photo" }, new File(["hello"], "x.png", { type: "image/png" }));
    expect(notImage.status).toBe(400);
    expect(notImage.body).toMatchObject({ fieldErrors: { image: "imageType" } });
    expect(await readdir(uploadDir)).toHaveLength(0);
    expect(await bySlug("picture-day")).toBeUndefined();

    const saved = await post({ titleEn: "Picture Day", imageAltEn: "Families smiling", imageAltEs: "Familias sonriendo" }, image());
    expect(saved.status).toBe(303);
    const row = (await bySlug("picture-day"))!;
    expect(row.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{24}-1600\.webp$/);
    expect((await readdir(uploadDir)).sort()).toHaveLength(3);
    expect(row).toMatchObject({ imageAltEn: "Families smiling", imageAltEs: "Familias sonriendo" });
  });

  test("an admin without the events scope is refused with 403, and nothing changes", async () => {
    const other = await h.createAdmin({ scopes: ["content"] });
    const before = (await db().select({ id: events.id }).from(events)).length;
    const post = await h.call(withParams(editAction), {
      path: "/admin/events/new",
      cookie: other.cookie,
      form: eventForm({ titleEn: "Sneaky" }),
    });
    expect(post.status).toBe(403);
    const source = (await bySlug("food-pantry"))!;
    const forms: Array<Record<string, string>> = [
      { intent: "duplicate", eventId: String(source.id) },
      { intent: "cancel", eventId: String(source.id), confirm: "yes" },
    ];
    for (const form of forms) {
      expect((await h.call(listAction, { path: "/admin/events", cookie: other.cookie, form })).status).toBe(403);
    }
    expect((await h.call(listLoader, { path: "/admin/events", cookie: other.cookie })).status).toBe(403);
    expect((await db().select({ id: events.id }).from(events)).length).toBe(before);
    expect((await bySlug("food-pantry"))!.status).toBe("published");
    const anonymous = await h.call(listAction, { path: "/admin/events", form: { intent: "duplicate", eventId: String(source.id) } });
    expect(anonymous.status).toBe(303);
  });

  test("every change is in the audit log under its admin", async () => {
    const rows = await db().select().from(auditLog).where(eq(auditLog.entityType, "event"));
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ["event.create", "event.update", "event.duplicate", "event.cancel"]) expect(actions.has(a), a).toBe(true);
    expect(rows.every((r) => r.actorName === "Test Admin")).toBe(true);
  });
});
