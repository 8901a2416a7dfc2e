import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, count, desc, eq, inArray, like } from "drizzle-orm";
import iconv from "iconv-lite";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { auditLog, emailUnsubscribes, memberImports, outboxMessages, profiles, users } from "~/db/schema";
import {
  runMemberImport,
  setImportStarter,
  type ImportReport,
  type RunImportOptions,
} from "~/features/people/admin/import/member-import.server";
import { adminTranslator } from "~/platform/admin/admin-translation";
import { action, loader } from "~/routes/admin/members-import";
import { loader as templateLoader } from "~/routes/admin/members-import-template";
import { loader as exportLoader } from "~/routes/admin/members-export";
import { backgroundSettled } from "~/server/background.server";
import type { AppDatabase } from "~/server/db.server";
import { createLoadContext } from "~/server/load-context.server";
import { CLIENT_IP_HEADER } from "~/server/request-input.server";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { PUBLIC_URL } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

const FIXTURES = path.join(import.meta.dirname, "..", "fixtures", "member-import");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

type Answer = { status: number; body: unknown; location: string | null };
type PageBody = {
  current: {
    id: string;
    format: string;
    encoding: string;
    status: string;
    stalled: boolean;
    headers: string[];
    preview: string[][];
    mapping: Record<string, number>;
    missing: string[];
    report: ImportReport | null;
    nextRow: number;
    counts: { created: number; merged: number; skipped: number; failed: number; invited: number } | null;
  } | null;
};

describeOnBackend("members import", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let staff: TestAdmin;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    staff = await h.createAdmin({ scopes: ["members"], name: "Office Staff" });
  });
  afterAll(async () => {
    await backgroundSettled();
    await h?.close();
  });
  afterEach(async () => {
    await backgroundSettled();
    // Each test starts with no import running (one runs at a time).
    await db.delete(memberImports);
  });

  /** A route answer: React Router's data(), a thrown or returned Response (a redirect, a 403). */
  async function settle(run: () => Promise<unknown>): Promise<Answer> {
    let value: unknown;
    try {
      value = await run();
    } catch (thrown) {
      value = thrown;
    }
    if (value instanceof Response) {
      const text = await value.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON
      }
      return { status: value.status, body, location: value.headers.get("location") };
    }
    if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
      const { data, init } = value as { data: unknown; init?: ResponseInit | null };
      return { status: init?.status ?? 200, body: data, location: null };
    }
    if (value instanceof Error) throw value;
    return { status: 200, body: value, location: null };
  }

  function upload(bytes: Uint8Array | string, options: { name?: string; cookie?: string; language?: "en" | "es" } = {}) {
    const form = new FormData();
    form.set("intent", "upload");
    form.set(
      "file",
      new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], options.name ?? "people.csv", { type: "text/csv" }),
    );
    const headers = new Headers({ [CLIENT_IP_HEADER]: "198.51.100.30", cookie: options.cookie ?? staff.cookie });
    if (options.language) headers.set("accept-language", options.language);
    const request = new Request(new URL("/admin/members/import", PUBLIC_URL), { method: "POST", headers, body: form });
    return settle(() => action({ request, url: new URL(request.url), params: {}, context: createLoadContext("test") } as never));
  }

  const post = (form: Record<string, string>, cookie = staff.cookie, language?: "en" | "es") =>
    h.call(action, { path: "/admin/members/import", cookie, form, language });

  const idOf = (answer: Answer) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(303);
    return new URL(answer.location!, PUBLIC_URL).searchParams.get("id")!;
  };

  async function page(id: string): Promise<NonNullable<PageBody["current"]>> {
    const answer = await h.call(loader, { path: `/admin/members/import?id=${id}`, cookie: staff.cookie });
    expect(answer.status).toBe(200);
    return (answer.body as PageBody).current!;
  }

  /** The mapping the page offers, as its form posts it. */
  function mappingForm(mapping: Record<string, number>): Record<string, string> {
    return Object.fromEntries(Object.entries(mapping).map(([field, column]) => [`map.${field}`, String(column)]));
  }

  async function check(
    id: string,
    options: { duplicates?: "merge" | "skip"; defaultLanguage?: "en" | "es"; invite?: boolean; mapping?: Record<string, number> } = {},
  ) {
    const current = await page(id);
    const answer = await post({
      intent: "check",
      id,
      ...mappingForm(options.mapping ?? current.mapping),
      duplicates: options.duplicates ?? "merge",
      defaultLanguage: options.defaultLanguage ?? "en",
      ...(options.invite ? { invite: "yes" } : {}),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(303);
    return (await page(id)).report!;
  }

  async function importAll(id: string) {
    const answer = await post({ intent: "start", id });
    expect(answer.status, JSON.stringify(answer.body)).toBe(303);
    await backgroundSettled();
    return page(id);
  }

  const personByEmail = async (email: string) => {
    const [row] = await db
      .select({ id: users.id, email: users.email, name: users.name, profile: profiles })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.email, email));
    return row;
  };

  const refusal = (answer: { body: unknown }) => (answer.body as { key: string }).key;

  describe("recognised formats", () => {
    test("Planning Center People: recognised, mapped, checked and imported", async () => {
      const id = idOf(await upload(fixture("planning-center-people.csv"), { name: "pco.csv" }));
      const current = await page(id);
      expect(current.format).toBe("planning-center");
      expect(current.headers[current.mapping.firstName!]).toBe("First Name");
      expect(current.headers[current.mapping.lastName!]).toBe("Last Name");
      expect(current.headers[current.mapping.email!]).toBe("Home Email");
      expect(current.headers[current.mapping.phone!]).toBe("Mobile Phone Number");
      expect(current.headers[current.mapping.status!]).toBe("Membership");
      expect(current.preview[0]).toContain("Grace");
      const report = await check(id);
      expect(report).toMatchObject({ rows: 3, toCreate: 3, failed: 0, problemCount: 0 });
      const done = await importAll(id);
      expect(done.status).toBe("done");
      expect(done.counts).toMatchObject({ created: 3, merged: 0, skipped: 0, failed: 0 });
      const grace = await personByEmail("grace.okafor@example.org");
      expect(grace?.profile).toMatchObject({ fullName: "Grace Okafor", phone: "+15552013344", membershipStatus: "member" });
      // Luis has no home email: his phone is his sign-in, as a phone sign-up's would be.
      const [luis] = await db.select().from(users).where(eq(users.phoneNumber, "+15552017788"));
      expect(luis?.email).toBe("15552017788@phone.invalid");
      expect(luis?.name).toBe("Luis Hernández");
    });

    test("Breeze: recognised by Breeze ID, Mobile and Status mapped", async () => {
      const id = idOf(await upload(fixture("breeze-people.csv")));
      const current = await page(id);
      expect(current.format).toBe("breeze");
      expect(current.headers[current.mapping.phone!]).toBe("Mobile");
      expect(current.headers[current.mapping.status!]).toBe("Status");
      await check(id);
      expect((await importAll(id)).counts).toMatchObject({ created: 2, failed: 0 });
      expect((await personByEmail("rosa.martinez@example.org"))?.profile).toMatchObject({
        fullName: "Rosa Martínez",
        membershipStatus: "visitor",
      });
    });

    test("ChurchCRM: recognised by its quoted header row, MembershipDate and Classification mapped", async () => {
      const id = idOf(await upload(fixture("churchcrm-export.csv")));
      const current = await page(id);
      expect(current.format).toBe("churchcrm");
      expect(current.headers[current.mapping.memberSince!]).toBe("MembershipDate");
      expect(current.headers[current.mapping.phone!]).toBe("Cell Phone");
      await check(id);
      expect((await importAll(id)).counts).toMatchObject({ created: 2, failed: 0 });
      expect((await personByEmail("anh.nguyen@example.org"))?.profile).toMatchObject({
        fullName: "Thị Ánh Nguyễn",
        memberSince: "2015-04-19",
        membershipStatus: "member",
      });
      expect((await personByEmail("lukasz.k@example.org"))?.profile).toMatchObject({
        fullName: "Łukasz Kowalski",
        membershipStatus: "regular",
      });
    });

    test("the template: downloadable, recognised, each person's language read and the default used for none", async () => {
      const template = await settle(() =>
        templateLoader({
          request: new Request(new URL("/admin/members/import-template.csv", PUBLIC_URL), { headers: { cookie: staff.cookie } }),
        } as never),
      );
      expect(template.status).toBe(200);
      expect(
        String(template.body)
          .replace(/^\uFEFF/, "")
          .split("\r\n")[0],
      ).toBe("first_name,last_name,email,phone,preferred_language,membership_status,member_since");

      const tag = randomBytes(3).toString("hex");
      const csv = readFileSync(path.join(FIXTURES, "template.csv"), "utf8").replace(/@example\.org/g, `.${tag}@example.org`);
      const noLanguage = `Peter,Olsen,peter.${tag}@example.org,,,,\r\n`;
      const id = idOf(await upload(csv + noLanguage));
      expect((await page(id)).format).toBe("template");
      const report = await check(id, { defaultLanguage: "es" });
      expect(report).toMatchObject({ rows: 4, toCreate: 4, failed: 0 });
      await importAll(id);
      expect((await personByEmail(`ana.reyes.${tag}@example.org`))?.profile).toMatchObject({
        preferredLanguage: "es",
        memberSince: "2019-05-12",
      });
      expect((await personByEmail(`john.miller.${tag}@example.org`))?.profile).toMatchObject({
        preferredLanguage: "en",
        membershipStatus: "regular",
      });
      // No language in the row: the admin's default (Spanish).
      expect((await personByEmail(`peter.${tag}@example.org`))?.profile.preferredLanguage).toBe("es");
    });
  });

  describe("bad files get a translated 4xx, never a 5xx", () => {
    const keyOf = async (bytes: Uint8Array | string, language: "en" | "es" = "en") => {
      const answer = await upload(bytes, { language });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      return { status: answer.status, key: refusal(answer) };
    };

    test("empty, blank, header only, not a CSV (a PNG, an Excel file), cut-off quotes", async () => {
      expect(await keyOf("")).toEqual({ status: 400, key: "members.import.fileErrors.empty" });
      expect(await keyOf("\uFEFF \r\n\r\n")).toEqual({ status: 400, key: "members.import.fileErrors.empty" });
      expect(await keyOf("first_name,last_name,email\r\n")).toEqual({ status: 400, key: "members.import.fileErrors.noRows" });
      const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
      expect(await keyOf(png)).toEqual({ status: 400, key: "members.import.fileErrors.notCsv" });
      expect(await keyOf(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]))).toEqual({
        status: 400,
        key: "members.import.fileErrors.spreadsheet",
      });
      expect(await keyOf(randomBytes(4096))).toMatchObject({ key: "members.import.fileErrors.notCsv" });
      expect(await keyOf('first_name,email\r\n"Ana,ana@example.org\r\nJohn,john@example.org\r\n')).toMatchObject({
        key: "members.import.fileErrors.malformed",
      });
      // Each message exists in both languages (the page shows it in the admin's).
      for (const key of ["empty", "noRows", "notCsv", "spreadsheet", "malformed", "tooLarge", "tooManyRows"] as const) {
        const en = adminTranslator("en")(`members.import.fileErrors.${key}`, { line: 2 });
        const es = adminTranslator("es")(`members.import.fileErrors.${key}`, { line: 2 });
        expect(en).not.toBe(`members.import.fileErrors.${key}`);
        expect(es).not.toBe(en);
      }
    });

    test("a file over 10 MB and one over 20,000 rows are refused with 413", async () => {
      const row = "Someone,Else,someone@example.org,,,,\r\n";
      const huge =
        "first_name,last_name,email,phone,preferred_language,membership_status,member_since\r\n" +
        row.repeat(Math.ceil((10.5 * 1024 * 1024) / row.length));
      expect(await keyOf(huge)).toEqual({ status: 413, key: "members.import.fileErrors.tooLarge" });
      const many = ["first_name,email", ...Array.from({ length: 20_001 }, (_, i) => `P${i},p${i}@example.org`)].join("\n");
      expect(await keyOf(many)).toEqual({ status: 413, key: "members.import.fileErrors.tooManyRows" });
      expect(await db.select({ n: count() }).from(memberImports)).toEqual([{ n: 0 }]);
    });

    test("no upload at all, and a forged step, answer 400", async () => {
      expect(refusal(await post({ intent: "upload" }))).toBe("members.import.fileErrors.noFile");
      expect((await post({ intent: "check", id: "not-an-id", duplicates: "merge", defaultLanguage: "en" })).status).toBe(404);
      expect((await post({ intent: "nonsense" })).status).toBe(400);
    });

    test("Windows-1252, UTF-16 LE and BE with a byte-order mark, and UTF-8 with one are decoded", async () => {
      const text = "first_name,last_name,email\r\nJosé,Muñoz,jose.munoz@example.org\r\nFrançois,Lefèvre,francois@example.org\r\n";
      const cases: Array<[Buffer, string]> = [
        [iconv.encode(text, "windows-1252"), "windows-1252"],
        [Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, "utf-16le")]), "utf-16le"],
        [Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(text, "utf-16be")]), "utf-16be"],
        [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]), "utf-8"],
      ];
      for (const [bytes, encoding] of cases) {
        const id = idOf(await upload(bytes));
        const current = await page(id);
        expect(current.encoding).toBe(encoding);
        expect(current.headers).toEqual(["first_name", "last_name", "email"]);
        expect(current.preview[0]).toEqual(["José", "Muñoz", "jose.munoz@example.org"]);
        expect(current.preview[1]![1]).toBe("Lefèvre");
        await post({ intent: "discard", id });
      }
    });

    test("Spanish Excel's semicolons are read too", async () => {
      const id = idOf(await upload("Nombre;Apellido;Correo electrónico;Teléfono\r\nMaría;López;maria.lopez@example.org;555 111 2222\r\n"));
      const current = await page(id);
      expect(current.headers).toEqual(["Nombre", "Apellido", "Correo electrónico", "Teléfono"]);
      expect(Object.keys(current.mapping).sort()).toEqual(["email", "firstName", "lastName", "phone"]);
    });

    test("missing required columns: the page says so and the check refuses", async () => {
      const id = idOf(await upload("Notes,Favourite hymn\r\nlikes coffee,Amazing Grace\r\n"));
      expect((await page(id)).missing).toEqual(["name", "contact"]);
      const answer = await post({ intent: "check", id, duplicates: "merge", defaultLanguage: "en" });
      expect(answer.status).toBe(400);
      expect(refusal(answer)).toBe("members.import.errors.missingName");
      const noContact = await post({ intent: "check", id, "map.fullName": "0", duplicates: "merge", defaultLanguage: "en" });
      expect(refusal(noContact)).toBe("members.import.errors.missingContact");
      // One column for two fields is refused too.
      const twice = await post({ intent: "check", id, "map.fullName": "0", "map.email": "0", duplicates: "merge", defaultLanguage: "en" });
      expect(refusal(twice)).toBe("members.import.errors.mapping");
    });
  });

  test("the dry run lists every row's problem with its row number and writes nothing", async () => {
    const before = await db.select({ n: count() }).from(users);
    const csv = [
      "first_name,last_name,email,phone,preferred_language,membership_status,member_since",
      ",,nobody@example.org,,,,", // row 2: no name
      "Ana,Reyes,not-an-email,,,,", // 3
      "Bo,Li,,12345,,,", // 4
      "Cy,Po,,,,,", // 5: no contact
      "Di,Ma,di@example.org,,Klingon,,", // 6
      "Ed,No,ed@example.org,,,Pastor,", // 7
      "Fa,Lo,fa@example.org,,,,31/12/2019", // 8
      "Gi,Ro,gi@example.org,,,,", // 9
      "Gi,Ro,GI@example.org,,,,", // 10: same address as row 9
      "", // 11: blank, ignored
      "Ha,Su,,555-333-4444,,,", // 12
      "Ha,Su,,(555) 333 4444,,,", // 13: same number as row 12
    ].join("\r\n");
    const id = idOf(await upload(csv));
    const report = await check(id);
    expect(report.problems.map((problem) => [problem.row, problem.code])).toEqual([
      [2, "missingName"],
      [3, "invalidEmail"],
      [4, "invalidPhone"],
      [5, "missingContact"],
      [6, "unknownLanguage"],
      [7, "unknownStatus"],
      [8, "invalidDate"],
      [10, "duplicateInFile"],
      [13, "duplicateInFile"],
    ]);
    expect(report.problems.find((problem) => problem.row === 10)?.otherRow).toBe(9);
    expect(report).toMatchObject({ rows: 11, toCreate: 2, failed: 9 });
    expect(await db.select({ n: count() }).from(users)).toEqual(before);
    const done = await importAll(id);
    expect(done.counts).toMatchObject({ created: 2, failed: 9 });
  });

  test("formula-like cells are stored as text and neutralised by the CSV export", async () => {
    const tag = randomBytes(3).toString("hex");
    const id = idOf(
      await upload(`first_name,last_name,email\r\n"=HYPERLINK(""http://evil.example"")",@SUM(A1),formula.${tag}@example.org\r\n`),
    );
    await check(id);
    await importAll(id);
    const person = await personByEmail(`formula.${tag}@example.org`);
    expect(person?.profile.fullName).toBe('=HYPERLINK("http://evil.example") @SUM(A1)');
    const exported = await settle(() =>
      exportLoader({
        request: new Request(new URL(`/admin/members/export.csv?q=HYPERLINK`, PUBLIC_URL), { headers: { cookie: staff.cookie } }),
        url: new URL(`${PUBLIC_URL}/admin/members/export.csv?q=HYPERLINK`),
      } as never),
    );
    expect(String(exported.body)).toContain(`"'=HYPERLINK(""http://evil.example"") @SUM(A1)"`);
  });

  test("duplicates with people already on the site: merge fills in only empty fields, skip leaves them", async () => {
    const tag = randomBytes(3).toString("hex");
    const seed = async (email: string, profile: Partial<typeof profiles.$inferInsert>) => {
      const userId = `m-${randomBytes(6).toString("hex")}`;
      await db.insert(users).values({ id: userId, name: "Account", email });
      await db.insert(profiles).values({ id: userId, ...profile });
      return userId;
    };
    const set = await seed(`set.${tag}@example.org`, { fullName: "Chosen Name", phone: "555 777 0000", preferredLanguage: "en" });
    const empty = await seed(`empty.${tag}@example.org`, { fullName: null, phone: null });
    const byPhone = await seed(`phone.${tag}@example.org`, { fullName: "By Phone", phone: "(555) 777-1234" });
    const csv = [
      "first_name,last_name,email,phone,preferred_language,membership_status,member_since",
      `Other,Name,SET.${tag}@example.org,555 777 9999,es,member,2001-01-01`,
      `Filled,In,empty.${tag}@example.org,555 777 8888,es,,2002-02-02`,
      `Phone,Match,,+1 555 777 1234,,,2003-03-03`,
    ].join("\n");

    const skipId = idOf(await upload(csv));
    const skipReport = await check(skipId, { duplicates: "skip" });
    expect(skipReport).toMatchObject({ matched: 3, toCreate: 0 });
    expect(skipReport.matches.map((match) => match.by)).toEqual(["email", "email", "phone"]);
    expect((await importAll(skipId)).counts).toMatchObject({ created: 0, merged: 0, skipped: 3 });
    const [untouched] = await db.select().from(profiles).where(eq(profiles.id, empty));
    expect(untouched).toMatchObject({ fullName: null, phone: null, memberSince: null });

    const mergeId = idOf(await upload(csv));
    await check(mergeId, { duplicates: "merge" });
    expect((await importAll(mergeId)).counts).toMatchObject({ created: 0, merged: 3, skipped: 0 });
    const rows = await db
      .select()
      .from(profiles)
      .where(inArray(profiles.id, [set, empty, byPhone]));
    const of = (id: string) => rows.find((row) => row.id === id)!;
    // What was there stays; the language and status the person has are never changed.
    expect(of(set)).toMatchObject({
      fullName: "Chosen Name",
      phone: "555 777 0000",
      preferredLanguage: "en",
      membershipStatus: "visitor",
      memberSince: "2001-01-01",
    });
    expect(of(empty)).toMatchObject({ fullName: "Filled In", phone: "+15557778888", memberSince: "2002-02-02" });
    expect(of(byPhone)).toMatchObject({ fullName: "By Phone", phone: "(555) 777-1234", memberSince: "2003-03-03" });
  });

  test("invitations: one per new person with an address, in their language, none to the unsubscribed; the audit entry has the counts", async () => {
    const tag = randomBytes(3).toString("hex");
    await db.insert(emailUnsubscribes).values({ email: `no.mail.${tag}@example.org` });
    const csv = [
      "first_name,last_name,email,phone,preferred_language",
      `Elena,Vargas,elena.${tag}@example.org,,Español`,
      `Tom,Baker,tom.${tag}@example.org,,English`,
      `Quiet,One,no.mail.${tag}@example.org,,en`,
      `Phone,Only,,555 888 ${String(Math.floor(1000 + Math.random() * 8999))},es`,
    ].join("\n");
    const id = idOf(await upload(csv));
    const report = await check(id, { invite: true });
    expect(report).toMatchObject({ toCreate: 4, unsubscribed: 1 });
    const done = await importAll(id);
    expect(done.counts).toMatchObject({ created: 4, invited: 2 });

    const mails = await db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.recipient, `%.${tag}@example.org`));
    expect(mails.map((mail) => mail.recipient).sort()).toEqual([`elena.${tag}@example.org`, `tom.${tag}@example.org`]);
    const elena = mails.find((mail) => mail.recipient.startsWith("elena"))!.payload as { subject: string; text: string };
    const tom = mails.find((mail) => mail.recipient.startsWith("tom"))!.payload as { subject: string; text: string };
    expect(elena.subject).toMatch(/^Está invitado al sitio web de /);
    expect(elena.text).toContain("Hola, Elena Vargas:");
    expect(elena.text).toContain("/auth?tab=magic&lang=es");
    expect(tom.subject).toMatch(/^You're invited to the website of /);
    expect(tom.text).toContain("/auth?tab=magic");
    expect(tom.text).not.toContain("lang=es");

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "member.import"), eq(auditLog.entityId, id)))
      .orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({ actorUserId: staff.userId, actorName: "Office Staff", entityType: "member" });
    expect(entry!.after).toMatchObject({ created: 4, merged: 0, skipped: 0, failed: 0, invited: 2, rows: 4, format: "template" });
    // The file is dropped once the import is done.
    const [stored] = await db.select({ source: memberImports.source }).from(memberImports).where(eq(memberImports.id, id));
    expect(stored?.source).toBeNull();
  });

  test("without the members scope: 403 for the page, the upload and the template", async () => {
    const events = await h.createAdmin({ scopes: ["events"] });
    expect((await h.call(loader, { path: "/admin/members/import", cookie: events.cookie })).status).toBe(403);
    expect((await upload(fixture("template.csv"), { cookie: events.cookie })).status).toBe(403);
    expect((await post({ intent: "start", id: "00000000-0000-0000-0000-000000000000" }, events.cookie)).status).toBe(403);
    const template = await settle(() =>
      templateLoader({
        request: new Request(new URL("/admin/members/import-template.csv", PUBLIC_URL), { headers: { cookie: events.cookie } }),
      } as never),
    );
    expect(template.status).toBe(403);
    expect(await db.select({ n: count() }).from(memberImports)).toEqual([{ n: 0 }]);
  });

  describe("10,000 rows", () => {
    const bigFile = (tag: string) =>
      [
        "first_name,last_name,email,phone,preferred_language",
        ...Array.from({ length: 10_000 }, (_, i) => `Person,${tag}${i},p${i}.${tag}@example.org,,${i % 2 ? "es" : "en"}`),
      ].join("\r\n");
    const imported = async (tag: string) =>
      (
        await db
          .select({ n: count() })
          .from(users)
          .where(like(users.email, `%.${tag}@example.org`))
      )[0]!.n;

    test("import in one go, with the progress recorded", async () => {
      const tag = randomBytes(3).toString("hex");
      const started = Date.now();
      const id = idOf(await upload(bigFile(tag)));
      expect(await check(id)).toMatchObject({ rows: 10_000, toCreate: 10_000, failed: 0 });
      const done = await importAll(id);
      expect(done).toMatchObject({ status: "done", nextRow: 10_000, counts: { created: 10_000, failed: 0 } });
      expect(await imported(tag)).toBe(10_000);
      expect(Date.now() - started).toBeLessThan(30_000);
    }, 60_000);

    test("a failure at row 9,000 leaves no half-written batch; resuming finishes without doubles", async () => {
      const tag = randomBytes(3).toString("hex");
      const id = idOf(await upload(bigFile(tag)));
      await check(id);
      // The route starts the run; here it is run by hand with a failure injected.
      let run: RunImportOptions | null = null;
      const previous = setImportStarter((options) => (run = options));
      try {
        expect((await post({ intent: "start", id })).status).toBe(303);
      } finally {
        setImportStarter(previous);
      }
      await runMemberImport({
        ...run!,
        onRow: (index) => {
          if (index === 8_999) throw new Error("injected failure at row 9,000");
        },
      });
      const paused = await page(id);
      // Row 9,000 is in the batch of rows 8,501–9,000: that batch rolled back whole.
      expect(paused).toMatchObject({ status: "paused", nextRow: 8_500, counts: { created: 8_500 } });
      expect(await imported(tag)).toBe(8_500);
      const audits = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "member.import"), eq(auditLog.entityId, id)));
      expect(audits).toHaveLength(0);

      expect((await post({ intent: "resume", id })).status).toBe(303);
      await backgroundSettled();
      const done = await page(id);
      expect(done).toMatchObject({ status: "done", nextRow: 10_000, counts: { created: 10_000, merged: 0, skipped: 0, failed: 0 } });
      expect(await imported(tag)).toBe(10_000);
      expect(
        await db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "member.import"), eq(auditLog.entityId, id))),
      ).toHaveLength(1);
      // A second resume has nothing to do.
      expect((await post({ intent: "resume", id })).status).toBe(409);
    }, 60_000);
  });
});
