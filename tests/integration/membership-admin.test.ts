import { randomBytes } from "node:crypto";
import { formatInTimeZone } from "date-fns-tz";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { auditLog, classOfferings, classSessions, classSignups } from "~/db/schema";
import { DEMO_CLASS_SLUG } from "~/features/membership/seed-demo-class.server";
import { action as editAction, loader as editLoader } from "~/routes/admin/class-edit";
import { loader as exportLoader } from "~/routes/admin/class-signups-export";
import { loader as listLoader } from "~/routes/admin/classes";
import type { AppDatabase } from "~/server/db.server";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { describeOnBackend } from "../support/test-database";

const TZ = "America/Chicago";

type ListBody = { offerings: { id: number; title: string; status: string; sessions: number; signups: number; capacity: number | null }[] };
type FormBody = { ok: false; message: string; values: Record<string, string>; fieldErrors: Record<string, string> };
type EditorBody = {
  editor: { id: number | null; values: Record<string, string>; signups: { id: string; name: string; status: string }[] };
};

describeOnBackend("admin membership classes", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let staff: TestAdmin;
  let outsider: TestAdmin;
  const tag = randomBytes(4).toString("hex");

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    staff = await h.createAdmin({ scopes: ["inbox:signups"], name: "Class Staff" });
    outsider = await h.createAdmin({ scopes: ["content"], name: "Content Only" });
  });
  afterAll(async () => {
    await h?.close();
  });

  const edit = (offeringId: string | undefined, form: Record<string, string>, cookie = staff.cookie) =>
    h.call((args: Parameters<typeof editAction>[0]) => editAction({ ...args, params: offeringId ? { offeringId } : {} }), {
      path: offeringId ? `/admin/classes/${offeringId}` : "/admin/classes/new",
      cookie,
      form,
    });
  const editor = async (offeringId: string) => {
    const answer = await h.call((args: Parameters<typeof editLoader>[0]) => editLoader({ ...args, params: { offeringId } }), {
      path: `/admin/classes/${offeringId}`,
      cookie: staff.cookie,
    });
    expect(answer.status).toBe(200);
    return (answer.body as EditorBody).editor;
  };
  const base = {
    intent: "save",
    titleEn: `Spring class ${tag}`,
    titleEs: "Clase de primavera",
    descriptionEn: "Four weeks.",
    descriptionEs: "",
    locationName: "Room 5",
    capacity: "12",
    status: "open",
    sessionCount: "2",
    "s0.number": "1",
    "s0.date": "2031-03-02",
    "s0.startTime": "12:30",
    "s0.endTime": "14:00",
    "s0.topicEn": "Beginnings",
    "s0.topicEs": "Comienzos",
    "s1.number": "2",
    "s1.date": "2031-03-09",
    "s1.startTime": "12:30",
    "s1.endTime": "",
    "s1.topicEn": "Serving",
    "s1.topicEs": "",
  };

  test("the list shows every class with its sessions and sign-up counts", async () => {
    const answer = await h.call(listLoader, { path: "/admin/classes", cookie: staff.cookie });
    expect(answer.status).toBe(200);
    const demo = (answer.body as ListBody).offerings.find((o) => o.title === "Kingdom Builders Class");
    expect(demo).toMatchObject({ status: "open", sessions: 4, signups: 0, capacity: 30 });
  });

  test("create, then edit: bilingual fields, sessions in the church's time zone, each change audited", async () => {
    const created = await edit(undefined, base);
    expect(created.status).toBe(303);
    const id = created.headers.get("location")!.match(/\/admin\/classes\/(\d+)\?created=1/)![1]!;
    const [offering] = await db
      .select()
      .from(classOfferings)
      .where(eq(classOfferings.id, Number(id)));
    expect(offering).toMatchObject({
      titleEn: `Spring class ${tag}`,
      titleEs: "Clase de primavera",
      descriptionEs: null,
      locationName: "Room 5",
      capacity: 12,
      status: "open",
    });
    expect(offering!.slug).toMatch(/^spring-class-/);
    const sessions = await db
      .select()
      .from(classSessions)
      .where(eq(classSessions.offeringId, Number(id)))
      .orderBy(asc(classSessions.sessionNumber));
    expect(sessions.map((s) => formatInTimeZone(s.startsAt, TZ, "yyyy-MM-dd HH:mm"))).toEqual(["2031-03-02 12:30", "2031-03-09 12:30"]);
    expect(sessions[0]!.endsAt!.toISOString()).toBe("2031-03-02T20:00:00.000Z");
    expect(sessions[1]).toMatchObject({ endsAt: null, topicEs: null });
    expect((await editor(id)).values).toMatchObject({
      "s0.date": "2031-03-02",
      "s0.startTime": "12:30",
      "s0.endTime": "14:00",
      "s1.topicEn": "Serving",
      sessionCount: "2",
    });

    // Remove the second session, add a third, close the class.
    const saved = await edit(id, {
      ...base,
      status: "closed",
      sessionCount: "3",
      "s1.remove": "on",
      "s2.number": "3",
      "s2.date": "2031-03-16",
      "s2.startTime": "09:00",
      "s2.topicEn": "Sending",
    });
    expect(saved.status).toBe(303);
    const after = await db
      .select()
      .from(classSessions)
      .where(eq(classSessions.offeringId, Number(id)))
      .orderBy(asc(classSessions.sessionNumber));
    expect(after.map((s) => [s.sessionNumber, s.topicEn])).toEqual([
      [1, "Beginnings"],
      [3, "Sending"],
    ]);
    expect(
      (
        await db
          .select()
          .from(classOfferings)
          .where(eq(classOfferings.id, Number(id)))
      )[0]!.status,
    ).toBe("closed");
    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action).sort()).toEqual(["class.create", "class.update"]);
    const update = audits.find((a) => a.action === "class.update")!;
    expect(update).toMatchObject({ actorName: "Class Staff", before: { status: "open" }, after: { status: "closed" } });
    expect((update.before as { sessions: unknown[] }).sessions).toHaveLength(2);
  });

  test("'Add a session' adds an empty row numbered next; invalid fields answer 400 with their errors and change nothing", async () => {
    const added = await edit(undefined, { ...base, intent: "add-session" });
    expect(added.status).toBe(200);
    expect((added.body as FormBody).values).toMatchObject({ sessionCount: "3", "s2.number": "3", titleEn: base.titleEn });

    const before = (await db.select().from(classOfferings)).length;
    const bad = await edit(undefined, {
      ...base,
      titleEn: "",
      capacity: "-4",
      status: "archived",
      "s0.date": "not-a-date",
      "s0.endTime": "11:00",
      "s1.number": "1",
      "s1.topicEn": "x".repeat(10_000),
    });
    expect(bad.status).toBe(400);
    expect((bad.body as FormBody).fieldErrors).toMatchObject({
      titleEn: "titleEn",
      capacity: "capacity",
      status: "status",
      "s0.date": "date",
      "s1.number": "sessionNumber",
      "s1.topicEn": "topicEn",
    });
    const noSessions = await edit(undefined, { ...base, sessionCount: "2", "s0.remove": "on", "s1.remove": "on" });
    expect((noSessions.body as FormBody).fieldErrors).toMatchObject({ sessions: "sessions" });
    expect((await db.select().from(classOfferings)).length).toBe(before);
    expect((await edit("999999", base)).status).toBe(404);
    expect((await edit(undefined, { intent: "explode" })).status).toBe(400);
  });

  test("the sign-up list; cancelling one frees its seat, audited; without the scope: 403", async () => {
    const [demo] = await db.select().from(classOfferings).where(eq(classOfferings.slug, DEMO_CLASS_SLUG));
    const id = String(demo!.id);
    const [signup] = await db
      .insert(classSignups)
      .values({ offeringId: demo!.id, name: "Cancel Me", email: `cancel-${tag}@example.test` })
      .returning({ id: classSignups.id });
    expect((await editor(id)).signups).toEqual([expect.objectContaining({ id: signup!.id, name: "Cancel Me", status: "registered" })]);

    expect((await edit(id, { intent: "cancel-signup", signupId: signup!.id }, outsider.cookie)).status).toBe(403);
    expect((await h.call(listLoader, { path: "/admin/classes", cookie: outsider.cookie })).status).toBe(403);
    expect((await edit(id, base, outsider.cookie)).status).toBe(403);

    const cancelled = await edit(id, { intent: "cancel-signup", signupId: signup!.id });
    expect(cancelled.status).toBe(303);
    expect((await db.select().from(classSignups).where(eq(classSignups.id, signup!.id)))[0]!.status).toBe("cancelled");
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, signup!.id), eq(auditLog.action, "class.signup.cancel"))),
    ).toHaveLength(1);
    // Twice, or a bad id: refused.
    expect((await edit(id, { intent: "cancel-signup", signupId: signup!.id })).status).toBe(404);
    expect((await edit(id, { intent: "cancel-signup", signupId: "nope" })).status).toBe(400);
  });

  test("the roster downloads as CSV (formula cells neutralised), audited; unknown class 404; without the scope 403", async () => {
    const [demo] = await db.select().from(classOfferings).where(eq(classOfferings.slug, DEMO_CLASS_SLUG));
    await db.insert(classSignups).values([
      { offeringId: demo!.id, name: 'Ana, "la" maestra', email: `ana-${tag}@example.test`, phone: "+15555550101", language: "es" },
      { offeringId: demo!.id, name: "=HYPERLINK(1)", email: `formula-${tag}@example.test` },
    ]);
    const exportFor = (offeringId: string, cookie = staff.cookie) =>
      h.call((args: Parameters<typeof exportLoader>[0]) => exportLoader({ ...args, params: { offeringId } }), {
        path: `/admin/classes/${offeringId}/signups.csv`,
        cookie,
      });
    const csv = await exportFor(String(demo!.id));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="class-${DEMO_CLASS_SLUG}.csv"`);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Name,Email,Phone,Language,Signed up,Status");
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^"Ana, ""la"" maestra",ana-${tag}@example.test,'\\+15555550101,es,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},Signed up$`),
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^'=HYPERLINK\\(1\\),formula-${tag}@example.test,`)));
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(demo!.id)), eq(auditLog.action, "class.export"))),
    ).toHaveLength(1);

    expect((await exportFor("999999")).status).toBe(404);
    expect((await exportFor("abc")).status).toBe(404);
    expect((await exportFor(String(demo!.id), outsider.cookie)).status).toBe(403);
  });
});
