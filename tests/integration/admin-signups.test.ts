import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { auditLog, classOfferings, classSessions, classSignups, events, membershipApplications, signupInbox, users } from "~/db/schema";
import { action, loader } from "~/routes/admin/inbox-signups";
import type { AppDatabase } from "~/server/db.server";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { describeOnBackend } from "../support/test-database";

type Item = {
  id: string;
  kind: string;
  eventTitle: string | null;
  name: string;
  email: string;
  summary: string;
  status: string;
  assigneeUserId: string | null;
  notes: string;
};
type PageBody = { filter: string; items: Item[]; admins: { userId: string; name: string }[]; counts: Record<string, number> };

describeOnBackend("admin sign-up inbox", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let staff: TestAdmin;
  let helper: TestAdmin;
  let first: string;
  let second: string;
  const tag = randomBytes(4).toString("hex");

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    staff = await h.createAdmin({ scopes: ["inbox:signups"], name: "Inbox Staff" });
    helper = await h.createAdmin({ scopes: ["events"], name: "Helper Admin" });
    const [event] = await db
      .insert(events)
      .values({
        slug: `retreat-${tag}`,
        titleEn: "Youth retreat",
        titleEs: "Retiro juvenil",
        descriptionEn: "Retreat",
        category: "youth",
        startsAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: events.id });
    const rows = await db
      .insert(signupInbox)
      .values([
        {
          kind: "event",
          eventId: event!.id,
          name: "Rosa",
          email: `rosa-${tag}@example.test`,
          summary: "2 people; needs a ride",
          createdAt: new Date(Date.now() - 60_000),
        },
        { kind: "volunteer", name: "Pedro", email: `pedro-${tag}@example.test`, summary: "Kitchen help" },
      ])
      .returning({ id: signupInbox.id });
    first = rows[0]!.id;
    second = rows[1]!.id;
  });
  afterAll(async () => {
    await h?.close();
  });

  const page = async (search = "", language: "en" | "es" = "en") => {
    const answer = await h.call(loader, { path: `/admin/inbox/signups${search}`, cookie: staff.cookie, language });
    expect(answer.status).toBe(200);
    return answer.body as PageBody;
  };
  const post = (form: Record<string, string>, cookie = staff.cookie) => h.call(action, { path: "/admin/inbox/signups", cookie, form });
  const audits = (id: string, name: string) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, name)));
  const row = async (id: string) => (await db.select().from(signupInbox).where(eq(signupInbox.id, id)))[0]!;

  test("lists new sign-ups, newest first, with kind and event title; filters by status", async () => {
    const body = await page();
    expect(body.filter).toBe("new");
    expect(body.items.map((i) => i.id)).toEqual([second, first]);
    expect(body.items[1]).toMatchObject({
      kind: "event",
      eventTitle: "Youth retreat",
      name: "Rosa",
      summary: "2 people; needs a ride",
      status: "new",
    });
    expect(body.items[0]!.eventTitle).toBeNull();
    expect((await page("", "es")).items[1]!.eventTitle).toBe("Retiro juvenil");
    expect(body.admins.map((a) => a.name)).toEqual(expect.arrayContaining(["Inbox Staff", "Helper Admin"]));
    expect((await page("?status=done")).items).toHaveLength(0);
    expect((await page("?status=all")).items).toHaveLength(2);
  });

  test("status, assignee and notes changes, each audited", async () => {
    expect((await post({ intent: "set-status", id: first, status: "contacted", filter: "new" })).status).toBe(303);
    expect((await row(first)).status).toBe("contacted");
    const [statusAudit] = await audits(first, "signup.status.update");
    expect(statusAudit).toMatchObject({ before: { status: "new" }, after: { status: "contacted" }, actorName: "Inbox Staff" });
    expect((await page("?status=contacted")).items.map((i) => i.id)).toEqual([first]);
    expect((await page()).counts).toMatchObject({ new: 1, contacted: 1, done: 0 });

    expect((await post({ intent: "assign", id: first, assigneeUserId: helper.userId })).status).toBe(303);
    expect((await row(first)).assigneeUserId).toBe(helper.userId);
    expect(await audits(first, "signup.assign")).toHaveLength(1);
    expect((await post({ intent: "assign", id: first, assigneeUserId: "" })).status).toBe(303);
    expect((await row(first)).assigneeUserId).toBeNull();

    expect((await post({ intent: "save-notes", id: first, notes: "  Called Rosa; ride arranged.\r\n" })).status).toBe(303);
    expect((await row(first)).notes).toBe("Called Rosa; ride arranged.");
    const [notesAudit] = await audits(first, "signup.notes.update");
    expect(notesAudit).toMatchObject({ before: { notes: "" }, after: { notes: "Called Rosa; ride arranged." } });
  });

  test("bad input answers 400 (404 for a missing sign-up) and changes nothing", async () => {
    const [member] = await db
      .insert(users)
      .values({ id: `m-${tag}`, name: "Not an admin", email: `member-${tag}@example.test` })
      .returning({ id: users.id });
    const before = await row(second);
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "set-status", id: second, status: "archived" }, 400, "signups.errors.invalidStatus"],
      [{ intent: "assign", id: second, assigneeUserId: member!.id }, 400, "signups.errors.invalidAssignee"],
      [{ intent: "save-notes", id: second, notes: "x".repeat(4001) }, 400, "signups.errors.notesTooLong"],
      [{ intent: "set-status", id: "not-a-uuid", status: "done" }, 400, "signups.errors.invalidRequest"],
      [{ intent: "explode", id: second }, 400, "signups.errors.invalidRequest"],
      [{ intent: "set-status", id: "00000000-0000-4000-8000-000000000000", status: "done" }, 404, "signups.errors.notFound"],
    ];
    for (const [form, status, key] of cases) {
      const answer = await post(form);
      expect(answer.status, JSON.stringify(form).slice(0, 80)).toBe(status);
      expect((answer.body as { key: string }).key).toBe(key);
    }
    expect(await row(second)).toEqual(before);
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, second))).toHaveLength(0);
  });

  test("without the inbox:signups scope: 403 for the page and a direct POST", async () => {
    expect((await h.call(loader, { path: "/admin/inbox/signups", cookie: helper.cookie })).status).toBe(403);
    expect((await post({ intent: "set-status", id: second, status: "done" }, helper.cookie)).status).toBe(403);
    expect((await row(second)).status).toBe("new");
  });

  test("class and membership items: filter by kind, with the offering's sessions and the whole application", async () => {
    const [offering] = await db
      .insert(classOfferings)
      .values({ slug: `kb-${tag}`, titleEn: "Kingdom Builders", titleEs: "Constructores", locationName: "Room 104", status: "open" })
      .returning({ id: classOfferings.id });
    await db.insert(classSessions).values([
      {
        offeringId: offering!.id,
        sessionNumber: 1,
        startsAt: new Date(Date.now() + 7 * 86_400_000),
        topicEn: "Story",
        topicEs: "Historia",
      },
      { offeringId: offering!.id, sessionNumber: 2, startsAt: new Date(Date.now() + 14 * 86_400_000), topicEn: "Serving" },
    ]);
    const [signup] = await db
      .insert(classSignups)
      .values({ offeringId: offering!.id, name: "Lucía", email: `lucia-${tag}@example.test`, phone: "555-0100", language: "es" })
      .returning({ id: classSignups.id });
    const [application] = await db
      .insert(membershipApplications)
      .values({
        fullName: "Marco Polo",
        email: `marco-${tag}@example.test`,
        baptized: "unsure",
        previousChurch: "St. Mark",
        message: "Hello",
      })
      .returning({ id: membershipApplications.id });
    await db.insert(signupInbox).values([
      {
        kind: "class",
        classSignupId: signup!.id,
        language: "es",
        name: "Lucía",
        email: `lucia-${tag}@example.test`,
        summary: "Kingdom Builders",
      },
      { kind: "membership", applicationId: application!.id, name: "Marco Polo", email: `marco-${tag}@example.test`, summary: "St. Mark" },
    ]);
    type Detailed = Item & {
      language: string;
      classDetails: { title: string; place: string; phone: string; sessions: { number: number; topic: string }[] } | null;
      application: { fullName: string; baptized: string; previousChurch: string; status: string; account: unknown } | null;
    };
    const classes = (await page("?status=all&kind=class", "es")) as PageBody & { kind: string; items: Detailed[] };
    expect(classes.kind).toBe("class");
    expect(classes.items).toHaveLength(1);
    expect(classes.items[0]).toMatchObject({
      kind: "class",
      language: "es",
      classDetails: { title: "Constructores", place: "Room 104", phone: "555-0100" },
    });
    expect(classes.items[0]!.classDetails!.sessions.map((x) => [x.number, x.topic])).toEqual([
      [1, "Historia"],
      [2, "Serving"],
    ]);
    const memberships = (await page("?status=new&kind=membership")).items as Detailed[];
    expect(memberships).toHaveLength(1);
    expect(memberships[0]!.application).toMatchObject({
      fullName: "Marco Polo",
      baptized: "unsure",
      previousChurch: "St. Mark",
      status: "new",
      account: null,
    });
    // Unknown kinds show everything; event items keep their event title.
    const everything = (await page("?status=all&kind=bogus")).items;
    expect(everything.map((i) => i.kind).sort()).toEqual(["class", "event", "membership", "volunteer"]);
    expect(everything.find((i) => i.kind === "event")!.eventTitle).toBe("Youth retreat");
    // The inbox workflow works on the new kinds too; a decision on a non-application is a 404.
    const classItem = classes.items[0]!.id;
    expect((await post({ intent: "set-status", id: classItem, status: "done", kind: "class" })).headers.get("location")).toContain(
      "kind=class",
    );
    expect((await row(classItem)).status).toBe("done");
    const refused = await post({ intent: "decide-application", id: classItem, applicationStatus: "approved" });
    expect(refused.status).toBe(404);
  });
});
