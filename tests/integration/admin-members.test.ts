import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, memberNotes, profiles, users } from "~/db/schema";
import { csvCell, toCsv } from "~/lib/csv";
import { escapeLike } from "~/lib/escape-like";
import { action, loader } from "~/routes/admin/members";
import { action as settingsAction } from "~/routes/member/settings";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { cookieJar, PUBLIC_URL } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

type ListBody = {
  list: {
    total: number;
    pageCount: number;
    members: {
      id: string;
      name: string;
      email: string | null;
      phone: string | null;
      membershipStatus: string;
      directory: { listed: boolean; showEmail: boolean; showPhone: boolean };
    }[];
  };
  detail: {
    member: { id: string; membershipStatus: string; memberSince: string | null };
    notes: { body: string; authorName: string }[];
  } | null;
};

describeOnBackend("admin members", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let staff: TestAdmin;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    staff = await h.createAdmin({ scopes: ["members"], name: "Office Staff" });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A member as sign-up leaves one: an account and its profile (inserted directly). */
  async function seedMember(over: Partial<typeof profiles.$inferInsert> & { email?: string; phoneNumber?: string | null } = {}) {
    const id = `m-${randomBytes(6).toString("hex")}`;
    const { email, phoneNumber, ...profile } = over;
    await db
      .insert(users)
      .values({ id, name: profile.fullName ?? "Member", email: email ?? `${id}@example.test`, phoneNumber: phoneNumber ?? null });
    await db.insert(profiles).values({ id, fullName: "Member", ...profile });
    return id;
  }

  const list = async (search: string, cookie = staff.cookie) => {
    const answer = await h.call(loader, { path: `/admin/members${search}`, cookie });
    expect(answer.status).toBe(200);
    return answer.body as ListBody;
  };

  const auditsFor = (memberId: string, actionName: string) =>
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, memberId), eq(auditLog.action, actionName)));

  test("lists, searches (wildcards literal) and filters by status, 25 a page", async () => {
    const tag = randomBytes(4).toString("hex");
    const ana = await seedMember({
      fullName: `Ana ${tag} Reyes`,
      membershipStatus: "member",
      memberSince: "2020-05-01",
      directoryListed: true,
      directoryShowEmail: true,
    });
    const phoneOnly = await seedMember({
      fullName: `Luis ${tag}`,
      email: `+1555${tag}@phone.invalid`,
      phone: "+15555550100",
      membershipStatus: "visitor",
    });
    const percent = await seedMember({ fullName: `Cien 100% ${tag}` });

    const all = await list(`?q=${tag}`);
    expect(all.list.total).toBe(3);
    expect(all.list.members.map((m) => m.id).sort()).toEqual([ana, phoneOnly, percent].sort());
    const luis = all.list.members.find((m) => m.id === phoneOnly)!;
    expect(luis.email).toBeNull(); // the placeholder is never shown
    expect(luis.phone).toBe("+15555550100");
    expect(all.list.members.find((m) => m.id === ana)!.directory).toEqual({ listed: true, showEmail: true, showPhone: false });

    const members = await list(`?q=${tag}&status=member`);
    expect(members.list.members.map((m) => m.id)).toEqual([ana]);

    // `%` and `_` match only themselves.
    expect((await list(`?q=${encodeURIComponent(`100% ${tag}`)}`)).list.members.map((m) => m.id)).toEqual([percent]);
    expect((await list(`?q=${encodeURIComponent(`%${tag}`)}`)).list.total).toBe(0);
    expect((await list(`?q=${encodeURIComponent(`_na ${tag}`)}`)).list.total).toBe(0);
    expect(escapeLike("a%b_c\\")).toBe("a\\%b\\_c\\\\");
    // The placeholder domain is not searchable.
    expect((await list(`?q=${encodeURIComponent(`${tag}@phone.invalid`)}`)).list.total).toBe(0);

    // Pagination: 26 matches are two pages.
    const pageTag = randomBytes(4).toString("hex");
    for (let i = 0; i < 26; i += 1) await seedMember({ fullName: `Page ${pageTag} ${String(i).padStart(2, "0")}` });
    const first = await list(`?q=${pageTag}`);
    expect(first.list).toMatchObject({ total: 26, pageCount: 2 });
    expect(first.list.members).toHaveLength(25);
    const second = await list(`?q=${pageTag}&page=2`);
    expect(second.list.members.map((m) => m.name)).toEqual([`Page ${pageTag} 25`]);
  });

  test("update-membership writes the profile and an audit row with before and after", async () => {
    const id = await seedMember({ fullName: "Marta Díaz" });
    const answer = await h.call(action, {
      path: "/admin/members",
      cookie: staff.cookie,
      form: { intent: "update-membership", memberId: id, membershipStatus: "member", memberSince: "2019-09-15" },
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/admin/members?member=${id}&done=membership`);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile).toMatchObject({ membershipStatus: "member", memberSince: "2019-09-15" });
    const [audit] = await auditsFor(id, "member.membership.update");
    expect(audit).toMatchObject({
      actorUserId: staff.userId,
      actorName: "Office Staff",
      entityType: "member",
      before: { membershipStatus: "visitor", memberSince: null },
      after: { membershipStatus: "member", memberSince: "2019-09-15" },
    });

    // Clearing the date.
    await h.call(action, {
      path: "/admin/members",
      cookie: staff.cookie,
      form: { intent: "update-membership", memberId: id, membershipStatus: "inactive", memberSince: "" },
    });
    const [after] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(after).toMatchObject({ membershipStatus: "inactive", memberSince: null });

    const page = await list(`?member=${id}&done=membership`);
    expect(page.detail?.member).toMatchObject({ id, membershipStatus: "inactive", memberSince: null });
    expect((page as unknown as { notice: string }).notice).toBe("members.membership.saved");
  });

  test("add-note writes the note and an audit row; notes show newest first", async () => {
    const id = await seedMember({ fullName: "Pedro Ruiz" });
    for (const body of ["First visit, welcomed by the team.", "  Asked about baptism.\r\nCall back next week.  "]) {
      const answer = await h.call(action, {
        path: "/admin/members",
        cookie: staff.cookie,
        form: { intent: "add-note", memberId: id, body },
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(`/admin/members?member=${id}&done=note`);
    }
    const notes = await db.select().from(memberNotes).where(eq(memberNotes.memberId, id)).orderBy(desc(memberNotes.createdAt));
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatchObject({
      authorUserId: staff.userId,
      authorName: "Office Staff",
      body: "Asked about baptism.\nCall back next week.",
    });
    const audits = await auditsFor(id, "member.note.add");
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => (a.after as { body: string }).body).sort()).toEqual([
      "Asked about baptism.\nCall back next week.",
      "First visit, welcomed by the team.",
    ]);

    const page = await list(`?member=${id}`);
    expect(page.detail?.notes.map((n) => n.body)).toEqual([
      "Asked about baptism.\nCall back next week.",
      "First visit, welcomed by the team.",
    ]);
  });

  test("invalid input is a 400 with a translated message, and nothing is written", async () => {
    const id = await seedMember({ fullName: "Invalid Input" });
    const cases: [Record<string, string>, string, string | undefined][] = [
      [
        { intent: "update-membership", memberId: id, membershipStatus: "elder", memberSince: "" },
        "members.errors.invalidStatus",
        "membershipStatus",
      ],
      [
        { intent: "update-membership", memberId: id, membershipStatus: "member", memberSince: "2021-02-30" },
        "members.errors.invalidDate",
        "memberSince",
      ],
      [
        { intent: "update-membership", memberId: id, membershipStatus: "member", memberSince: "3000-01-01" },
        "members.errors.invalidDate",
        "memberSince",
      ],
      [
        { intent: "update-membership", memberId: id, membershipStatus: "member", memberSince: "yesterday" },
        "members.errors.invalidDate",
        "memberSince",
      ],
      [{ intent: "add-note", memberId: id, body: "   " }, "members.errors.noteLength", "body"],
      [{ intent: "add-note", memberId: id, body: "x".repeat(2001) }, "members.errors.noteLength", "body"],
      [{ intent: "add-note", memberId: id, body: "x".repeat(20_000) }, "members.errors.noteLength", "body"],
      [{ intent: "add-note", body: "no member" }, "members.errors.invalidRequest", undefined],
      [{ intent: "delete-everything", memberId: id }, "members.errors.invalidRequest", undefined],
      [{ memberId: id }, "members.errors.invalidRequest", undefined],
      [{ intent: "add-note", memberId: id, body: "nul\u0000" }, "members.errors.invalidRequest", undefined],
    ];
    for (const [form, key, field] of cases) {
      const answer = await h.call(action, { path: "/admin/members", cookie: staff.cookie, form });
      expect(answer.status, JSON.stringify(form).slice(0, 80)).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, key, ...(field ? { field } : {}) });
    }
    // An unknown member is a 404, not a 500.
    const unknown = await h.call(action, {
      path: "/admin/members",
      cookie: staff.cookie,
      form: { intent: "add-note", memberId: "nobody", body: "Hello" },
    });
    expect(unknown.status).toBe(404);

    const [profile] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile).toMatchObject({ membershipStatus: "visitor", memberSince: null });
    expect(await db.select().from(memberNotes).where(eq(memberNotes.memberId, id))).toHaveLength(0);
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, id))).toHaveLength(0);
    // A 2,000-character note is the limit, and allowed.
    const longest = await h.call(action, {
      path: "/admin/members",
      cookie: staff.cookie,
      form: { intent: "add-note", memberId: id, body: "y".repeat(2000) },
    });
    expect(longest.status).toBe(303);
  });

  test("CSV export: RFC 4180 quoting, formula protection, the filters, and an audit row", async () => {
    expect(csvCell('Say "hi", please')).toBe('"Say ""hi"", please"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("=1+2")).toBe("'=1+2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-3")).toBe("'-3");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe('"\'\rx"');
    expect(csvCell(null)).toBe("");
    expect(
      toCsv([
        ["a", "b"],
        ["c", "d"],
      ]),
    ).toBe("a,b\r\nc,d\r\n");

    const tag = randomBytes(4).toString("hex");
    await seedMember({
      fullName: `=HYPERLINK("http://evil.test") ${tag}`,
      membershipStatus: "member",
      memberSince: "2018-01-02",
      directoryListed: true,
    });
    await seedMember({ fullName: `Reyes, Ana "Anita" ${tag}`, phone: "+15555550123", email: `ana-${tag}@phone.invalid` });
    await seedMember({ fullName: `Other ${tag}`, membershipStatus: "inactive" });

    const answer = await h.call(loader, { path: `/admin/members?export=csv&q=${tag}&status=member`, cookie: staff.cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const text = (answer.body as string).replace(/^\uFEFF/, "");
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("Name,Email,Phone,Membership status,Member since,Language,Joined,Listed in directory,Shows email,Shows phone");
    expect(lines).toHaveLength(3); // header, one row, the final CRLF
    expect(lines[1]).toMatch(
      new RegExp(
        `^"'=HYPERLINK\\(""http://evil.test""\\) ${tag}",m-[0-9a-f]+@example\\.test,,Member,2018-01-02,en,\\d{4}-\\d{2}-\\d{2},Yes,No,No$`,
      ),
    );

    const all = await h.call(loader, { path: `/admin/members?export=csv&q=${tag}`, cookie: staff.cookie, language: "es" });
    const allText = (all.body as string).replace(/^\uFEFF/, "");
    expect(allText.split("\r\n")[0]).toContain("Nombre,Correo electrónico,Teléfono");
    // Quotes doubled, the comma kept inside the field, the placeholder address left out, the phone protected.
    expect(allText).toContain(`"Reyes, Ana ""Anita"" ${tag}",,'+15555550123,Visitante,`);
    expect(allText).not.toContain("phone.invalid");

    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "member.export"), eq(auditLog.actorUserId, staff.userId)));
    expect(audits.map((a) => a.after)).toEqual(
      expect.arrayContaining([
        { count: 1, q: tag, status: "member" },
        { count: 3, q: tag, status: null },
      ]),
    );
  });

  test("an admin without the members scope gets 403 for the page, the export and every action", async () => {
    const other = await h.createAdmin({ scopes: ["content"] });
    const id = await seedMember({ fullName: "Guarded Member" });
    expect((await h.call(loader, { path: "/admin/members", cookie: other.cookie })).status).toBe(403);
    expect((await h.call(loader, { path: "/admin/members?export=csv", cookie: other.cookie })).status).toBe(403);
    for (const form of <Record<string, string>[]>[
      { intent: "update-membership", memberId: id, membershipStatus: "member", memberSince: "" },
      { intent: "add-note", memberId: id, body: "Sneaky" },
    ]) {
      expect((await h.call(action, { path: "/admin/members", cookie: other.cookie, form })).status).toBe(403);
    }
    expect((await h.call(action, { path: "/admin/members", form: { intent: "add-note", memberId: id, body: "x" } })).status).toBe(303);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile!.membershipStatus).toBe("visitor");
    expect(await db.select().from(memberNotes).where(eq(memberNotes.memberId, id))).toHaveLength(0);
    expect(await db.select().from(auditLog).where(eq(auditLog.actorUserId, other.userId))).toHaveLength(0);
  });

  describe("the member's directory privacy (settings)", () => {
    async function signedInMember() {
      const tag = randomBytes(4).toString("hex");
      const email = `privacy-${tag}@example.test`;
      const username = `privacy${tag}`;
      await authCallContext.run({ language: "en", signup: { fullName: "Rosa Luna", username, displayName: "Rosa", phone: null } }, () =>
        getAuth().api.signUpEmail({ body: { name: "Rosa Luna", email, password: "grace-and-peace-7" } }),
      );
      await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      const signedIn = await getAuth().api.signInEmail({ body: { email, password: "grace-and-peace-7" }, returnHeaders: true });
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return { id: user!.id, username, cookie: cookieJar(undefined, signedIn.headers.getSetCookie()) };
    }

    async function saveProfile(cookie: string, fields: Record<string, string>) {
      const request = new Request(`${PUBLIC_URL}/settings`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      });
      try {
        return await settingsAction({ request, params: {}, context: {} } as unknown as Parameters<typeof settingsAction>[0]);
      } catch (thrown) {
        return thrown;
      }
    }

    test("checked boxes are saved, absent ones are false, and the admin list shows them", async () => {
      const member = await signedInMember();
      const base = {
        intent: "update-profile",
        fullName: "Rosa Luna",
        displayName: "Rosa",
        username: member.username,
        phone: "",
        preferredLanguage: "en",
      };
      const [initial] = await db.select().from(profiles).where(eq(profiles.id, member.id));
      expect(initial).toMatchObject({ directoryListed: false, directoryShowEmail: false, directoryShowPhone: false });

      const saved = (await saveProfile(member.cookie, { ...base, directoryListed: "on", directoryShowEmail: "on" })) as Response;
      expect(saved.status).toBe(303);
      const [after] = await db.select().from(profiles).where(eq(profiles.id, member.id));
      expect(after).toMatchObject({ directoryListed: true, directoryShowEmail: true, directoryShowPhone: false });
      const shown = (await list(`?q=${member.username}`)).list.members.find((m) => m.id === member.id);
      expect(shown?.directory).toEqual({ listed: true, showEmail: true, showPhone: false });

      // Unchecking: the browser sends nothing for the box.
      expect(((await saveProfile(member.cookie, { ...base, directoryShowPhone: "on" })) as Response).status).toBe(303);
      const [unchecked] = await db.select().from(profiles).where(eq(profiles.id, member.id));
      expect(unchecked).toMatchObject({ directoryListed: false, directoryShowEmail: false, directoryShowPhone: true });

      // A value no checkbox sends is refused, and nothing changes.
      const refused = (await saveProfile(member.cookie, { ...base, directoryListed: "maybe" })) as { init: { status: number } | null };
      expect(refused.init?.status).toBe(400);
      const [same] = await db.select().from(profiles).where(eq(profiles.id, member.id));
      expect(same).toMatchObject({ directoryListed: false, directoryShowPhone: true });
    });
  });
});
