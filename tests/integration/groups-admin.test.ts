// The admin "groups" section (issue 6): list with counts, create and edit every field with
// validation, leaders by email, members and join requests — every change audit-logged, every
// loader and action behind the "groups" scope.
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { auditLog, groupMembers, outboxMessages, profiles, studyGroups, users, type OutboxEmailPayload } from "~/db/schema";
import { findSegmentRecipients } from "~/features/messaging/admin/find-segment-recipients.server";
import { action as editAction, loader as editLoader } from "~/routes/admin/group-edit";
import { loader as listLoader } from "~/routes/admin/groups";
import { loader as groupLoader } from "~/routes/community/group";
import { authCallContext, getAuth } from "~/server/auth.server";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { describeOnBackend } from "../support/test-database";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteFn = (args: any) => unknown;
const withParams =
  (fn: RouteFn, groupId?: number | string): RouteFn =>
  (args: { params: Record<string, string> }) =>
    fn({ ...args, params: groupId === undefined ? {} : { groupId: String(groupId) } });

/** A complete, valid group form; `changes` override fields. */
function groupForm(changes: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save",
    nameEn: "Young Adults Study",
    nameEs: "Estudio de jóvenes adultos",
    descriptionEn: "Ages 18 to 30.",
    descriptionEs: "De 18 a 30 años.",
    scheduleNotesEn: "Pizza first.",
    scheduleNotesEs: "Primero, pizza.",
    slug: "",
    dayOfWeek: "5",
    startTime: "18:30",
    durationMinutes: "120",
    meetingMode: "hybrid",
    locationName: "Youth room",
    address: "4120 Harvest Grove Road",
    onlineUrl: "https://meet.example.test/young-adults",
    language: "bilingual",
    contactName: "Pastor Sam",
    isOpen: "on",
    capacity: "25",
    status: "active",
    ...changes,
  };
}

type ListBody = {
  title: string;
  groups: Array<{ id: number; slug: string; name: string; members: number; pending: number; leaders: string[]; status: string }>;
};
type EditorBody = {
  editor: {
    id: number;
    values: Record<string, string>;
    people: Array<{ id: string; name: string; email: string | null; role: string; status: string }>;
  };
};
type Result = {
  ok: boolean;
  intent: string;
  message: string;
  name?: string;
  fieldErrors: Record<string, string>;
  values?: Record<string, string>;
};

describeOnBackend("admin groups section", (backend) => {
  let h: AdminHarness;
  let cookie: string;
  let adminId: string;
  beforeAll(async () => {
    h = await startAdminHarness(backend);
    const admin = await h.createAdmin({ scopes: ["groups"], name: "Grace Admin" });
    cookie = admin.cookie;
    adminId = admin.userId;
  });
  afterAll(() => h?.close());

  const db = () => h.database.handle.db;
  const save = (form: Record<string, string>, groupId?: number) =>
    h.call(withParams(editAction, groupId), {
      path: groupId === undefined ? "/admin/groups/new" : `/admin/groups/${groupId}`,
      cookie,
      form,
    });
  const post = async (groupId: number, form: Record<string, string>, as = cookie) => {
    const result = await h.call(withParams(editAction, groupId), { path: `/admin/groups/${groupId}`, cookie: as, form });
    return { status: result.status, body: result.body as Result };
  };
  const editor = async (groupId: number) =>
    (await h.call(withParams(editLoader, groupId), { path: `/admin/groups/${groupId}`, cookie })).body as EditorBody;
  const audits = (action: string, groupId: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(groupId))))
      .orderBy(desc(auditLog.createdAt));

  async function createMember(name: string, language: "en" | "es" = "en") {
    const email = `admin-groups-${randomBytes(4).toString("hex")}@example.test`;
    await authCallContext.run({ language, signup: { fullName: name, username: "", displayName: name, phone: null } }, () =>
      getAuth().api.signUpEmail({ body: { name, email, password: "grace-and-peace-7" } }),
    );
    await db().update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    await db().update(profiles).set({ preferredLanguage: language }).where(eq(profiles.id, user!.id));
    return { id: user!.id, email, name };
  }

  test("an admin without the groups scope gets 403 on every loader and action", async () => {
    const other = await h.createAdmin({ scopes: ["events"] });
    expect((await h.call(listLoader, { path: "/admin/groups", cookie: other.cookie })).status).toBe(403);
    expect((await h.call(withParams(editLoader), { path: "/admin/groups/new", cookie: other.cookie })).status).toBe(403);
    expect((await h.call(withParams(editAction), { path: "/admin/groups/new", cookie: other.cookie, form: groupForm() })).status).toBe(403);
    const [demo] = await db().select().from(studyGroups).where(eq(studyGroups.slug, "tuesday-night-bible-study"));
    expect((await post(demo!.id, { intent: "add-leader", leaderEmail: other.email }, other.cookie)).status).toBe(403);
    // Without an admin session at all: the login page.
    const anonymous = await h.call(listLoader, { path: "/admin/groups" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fgroups");
    expect(await db().select().from(studyGroups).where(eq(studyGroups.nameEn, "Young Adults Study"))).toHaveLength(0);
  });

  test("the list shows every group with member and request counts", async () => {
    const page = await h.call(listLoader, { path: "/admin/groups", cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const body = page.body as ListBody;
    expect(body.title).toBe("Study Groups");
    const tuesday = body.groups.find((g) => g.slug === "tuesday-night-bible-study");
    expect(tuesday).toMatchObject({ members: 0, pending: 0, leaders: ["David & Karen Miller"], status: "active" });

    const [row] = await db().select().from(studyGroups).where(eq(studyGroups.slug, "womens-morning-study"));
    const a = await createMember("Count One");
    const b = await createMember("Count Two");
    await db()
      .insert(groupMembers)
      .values([
        { groupId: row!.id, userId: a.id, status: "active" },
        { groupId: row!.id, userId: b.id, status: "pending" },
      ]);
    const after = (await h.call(listLoader, { path: "/admin/groups", cookie })).body as ListBody;
    expect(after.groups.find((g) => g.id === row!.id)).toMatchObject({ members: 1, pending: 1 });
  });

  test("creating a group stores every field in both languages and audit-logs it", async () => {
    const result = await save(groupForm());
    expect(result.status).toBe(303);
    const [row] = await db().select().from(studyGroups).where(eq(studyGroups.slug, "young-adults-study"));
    expect(result.headers.get("location")).toBe(`/admin/groups/${row!.id}?created=1`);
    expect(row).toMatchObject({
      nameEn: "Young Adults Study",
      nameEs: "Estudio de jóvenes adultos",
      descriptionEs: "De 18 a 30 años.",
      scheduleNotesEs: "Primero, pizza.",
      dayOfWeek: 5,
      startTime: "18:30",
      durationMinutes: 120,
      meetingMode: "hybrid",
      locationName: "Youth room",
      onlineUrl: "https://meet.example.test/young-adults",
      language: "bilingual",
      contactName: "Pastor Sam",
      isOpen: true,
      capacity: 25,
      status: "active",
    });
    const [entry] = await audits("group.create", row!.id);
    expect(entry).toMatchObject({ actorUserId: adminId, actorName: "Grace Admin", entityType: "study_group" });
    expect(entry!.after).toMatchObject({ nameEn: "Young Adults Study", capacity: 25 });

    // The same name again gets the next free address.
    expect((await save(groupForm({ nameEs: "" }))).status).toBe(303);
    const [second] = await db().select().from(studyGroups).where(eq(studyGroups.slug, "young-adults-study-2"));
    expect(second?.nameEs).toBeNull();
  });

  test("bad input: 400 with a field error per problem, nothing stored", async () => {
    const before = (await db().select().from(studyGroups)).length;
    const bad = await save(
      groupForm({
        nameEn: " ",
        startTime: "7pm",
        dayOfWeek: "9",
        durationMinutes: "5",
        meetingMode: "in_person",
        locationName: "",
        address: "",
        onlineUrl: "http://insecure.example.test",
        language: "fr",
        capacity: "0",
        status: "deleted",
        slug: "Not A Slug",
      }),
    );
    expect(bad.status).toBe(400);
    const body = bad.body as Result;
    expect(body).toMatchObject({ ok: false, message: "invalid" });
    expect(body.fieldErrors).toEqual({
      nameEn: "required",
      startTime: "invalidTime",
      dayOfWeek: "invalidChoice",
      durationMinutes: "invalidDuration",
      locationName: "placeRequired",
      onlineUrl: "invalidUrl",
      language: "invalidChoice",
      capacity: "invalidCapacity",
      status: "invalidChoice",
      slug: "invalidSlug",
    });
    // What was typed comes back to the form.
    expect(body.values?.startTime).toBe("7pm");
    expect((await save(groupForm({ onlineUrl: "javascript:alert(1)" }))).status).toBe(400);
    expect((await save(groupForm({ nameEn: "x".repeat(161) }))).body).toMatchObject({ fieldErrors: { nameEn: "tooLong" } });
    // A taken address, a non-form body, and unknown ids.
    expect((await save(groupForm({ slug: "tuesday-night-bible-study" }))).body).toMatchObject({ fieldErrors: { slug: "slugTaken" } });
    expect((await save({})).status).toBe(400);
    expect((await save(groupForm(), 999_999)).status).toBe(404);
    expect((await h.call(withParams(editLoader, "abc"), { path: "/admin/groups/abc", cookie })).status).toBe(404);
    expect((await h.call(withParams(editLoader, 999_999), { path: "/admin/groups/999999", cookie })).status).toBe(404);
    expect((await db().select().from(studyGroups)).length).toBe(before);
  });

  test("editing: changed fields audit-logged before/after; nothing changed, nothing logged; archiving hides the public page", async () => {
    await save(groupForm({ nameEn: "Edit Me", slug: "edit-me" }));
    const [row] = await db().select().from(studyGroups).where(eq(studyGroups.slug, "edit-me"));
    const loaded = await editor(row!.id);
    expect(loaded.editor.values).toMatchObject({ nameEn: "Edit Me", dayOfWeek: "5", capacity: "25", isOpen: "on" });

    const saved = await save(
      { ...groupForm({ nameEn: "Edit Me", slug: "edit-me" }), ...{ capacity: "", isOpen: "", startTime: "19:15" } },
      row!.id,
    );
    expect(saved.headers.get("location")).toBe(`/admin/groups/${row!.id}?saved=1`);
    const [updated] = await db().select().from(studyGroups).where(eq(studyGroups.id, row!.id));
    expect(updated).toMatchObject({ capacity: null, isOpen: false, startTime: "19:15" });
    const [entry] = await audits("group.update", row!.id);
    expect(entry!.before).toEqual({ startTime: "18:30", isOpen: true, capacity: 25 });
    expect(entry!.after).toEqual({ startTime: "19:15", isOpen: false, capacity: null });

    const same = await save(
      { ...groupForm({ nameEn: "Edit Me", slug: "edit-me" }), capacity: "", isOpen: "", startTime: "19:15" },
      row!.id,
    );
    expect(same.headers.get("location")).toBe(`/admin/groups/${row!.id}?unchanged=1`);
    expect(await audits("group.update", row!.id)).toHaveLength(1);

    const page = () =>
      h.call((args: { request: Request }) => groupLoader({ ...args, params: { slug: "edit-me" } } as never), {
        path: "/community/groups/edit-me",
      });
    expect((await page()).status).toBe(200);
    await save({ ...groupForm({ nameEn: "Edit Me", slug: "edit-me" }), status: "archived" }, row!.id);
    expect((await page()).status).toBe(404);
  });

  test("leaders by email, members and join requests: each change audit-logged; accept/decline email the member in their language", async () => {
    await save(groupForm({ nameEn: "People Group", nameEs: "", slug: "people-group", capacity: "1" }));
    const [group] = await db().select().from(studyGroups).where(eq(studyGroups.slug, "people-group"));
    const id = group!.id;
    const leader = await createMember("Laura Leader");
    const spanish = await createMember("Sergio Solicitante", "es");
    const english = await createMember("Ellen Requester");

    const unknown = await post(id, { intent: "add-leader", leaderEmail: "nobody@example.test" });
    expect(unknown).toMatchObject({ status: 404, body: { ok: false, message: "noAccount" } });
    expect((await post(id, { intent: "add-leader", leaderEmail: "not an email" })).status).toBe(400);
    const added = await post(id, { intent: "add-leader", leaderEmail: leader.email.toUpperCase() });
    expect(added).toMatchObject({ status: 200, body: { ok: true, message: "leaderAdded", name: "Laura Leader" } });
    expect((await post(id, { intent: "add-leader", leaderEmail: leader.email })).status).toBe(409);
    expect(await audits("group.leader.add", id)).toHaveLength(1);

    await db()
      .insert(groupMembers)
      .values([
        { groupId: id, userId: spanish.id, status: "pending", message: "¡Hola!" },
        { groupId: id, userId: english.id, status: "pending" },
      ]);
    const people = (await editor(id)).editor.people;
    expect(people.map((p) => [p.name, p.role, p.status])).toEqual(
      expect.arrayContaining([
        ["Laura Leader", "leader", "active"],
        ["Sergio Solicitante", "member", "pending"],
        ["Ellen Requester", "member", "pending"],
      ]),
    );
    const idOf = (name: string) => people.find((p) => p.name === name)!.id;

    expect((await post(id, { intent: "accept", memberId: idOf("Sergio Solicitante") })).body).toMatchObject({
      ok: true,
      message: "accepted",
    });
    // The email section's "group members" segment: leaders and active members, each in their language.
    expect((await findSegmentRecipients(db(), `group-members:${id}`)).map((r) => [r.email, r.language])).toEqual(
      [
        [leader.email, "en"],
        [spanish.email, "es"],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    // One place: the second accept is refused, and the request stays pending.
    expect(await post(id, { intent: "accept", memberId: idOf("Ellen Requester") })).toMatchObject({
      status: 409,
      body: { message: "full" },
    });
    expect((await post(id, { intent: "decline", memberId: idOf("Ellen Requester") })).body).toMatchObject({
      ok: true,
      message: "declined",
    });
    expect((await post(id, { intent: "decline", memberId: idOf("Ellen Requester") })).status).toBe(409);
    const subjects = async (email: string) =>
      (await db().select().from(outboxMessages).where(eq(outboxMessages.recipient, email)))
        .map((m) => (m.payload as OutboxEmailPayload).subject)
        .filter((s) => !s.startsWith("Confirm"));
    expect(await subjects(spanish.email)).toEqual(["Bienvenido a People Group"]);
    expect(await subjects(english.email)).toEqual(["About your request to join People Group"]);
    expect(await audits("group.request.accept", id)).toHaveLength(1);
    expect((await audits("group.request.decline", id))[0]).toMatchObject({ actorUserId: adminId });

    // A leader can't be removed as a member; removing them as leader keeps them as a member.
    expect((await post(id, { intent: "remove-member", memberId: idOf("Laura Leader") })).status).toBe(409);
    expect((await post(id, { intent: "remove-leader", memberId: idOf("Laura Leader") })).body).toMatchObject({
      ok: true,
      message: "leaderRemoved",
      name: "Laura Leader",
    });
    expect((await post(id, { intent: "remove-leader", memberId: idOf("Laura Leader") })).status).toBe(409);
    expect((await post(id, { intent: "remove-member", memberId: idOf("Sergio Solicitante") })).body).toMatchObject({
      ok: true,
      message: "memberRemoved",
    });
    const rows = await db()
      .select({ userId: groupMembers.userId, role: groupMembers.role, status: groupMembers.status })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, id));
    expect(rows).toEqual(
      expect.arrayContaining([
        { userId: leader.id, role: "member", status: "active" },
        { userId: spanish.id, role: "member", status: "removed" },
        { userId: english.id, role: "member", status: "declined" },
      ]),
    );
    expect(await audits("group.leader.remove", id)).toHaveLength(1);
    expect(await audits("group.member.remove", id)).toHaveLength(1);

    // People actions need a saved group and a well-formed id.
    expect(
      (
        await h.call(withParams(editAction), {
          path: "/admin/groups/new",
          cookie,
          form: { intent: "accept", memberId: idOf("Ellen Requester") },
        })
      ).status,
    ).toBe(400);
    expect((await post(id, { intent: "accept", memberId: "nope" })).status).toBe(400);
    expect((await post(id, { intent: "explode" })).status).toBe(400);
  });
});
