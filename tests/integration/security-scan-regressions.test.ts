// What the web vulnerability scanners (issue 11 point 4, `npm run security:scan`,
// docs/reliability.md §4) found, one regression test each: a NUL byte in the private calendar
// feed's token (found by wapiti's file module as a signed-in member) and in the public search
// boxes of /sermons and /past-bible-studies (found when the same payload was replayed on every
// query parameter the crawlers saw), and in the audit log's filters (the same replay as an
// administrator) reached PostgreSQL, which refuses a NUL in text: a 500.
import { afterAll, beforeAll, expect, test } from "vitest";
import { createCalendarFeedToken } from "~/features/events/calendar-feed-token.server";
import { loader as auditLoader } from "~/routes/admin/audit";
import { loader as memberFeedLoader } from "~/routes/events/member-feed";
import { loader as sermonsLoader } from "~/routes/sermons/sermons";
import { loader as archiveLoader } from "~/routes/study/past-bible-studies";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { PUBLIC_URL } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";
import { createLoadContext } from "~/server/load-context.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteFunction = (args: any) => unknown;

/** A loader's answer for a GET of `path`: its status and, for data, the data. */
async function get(fn: RouteFunction, path: string): Promise<{ status: number; data?: unknown }> {
  const request = new Request(new URL(path, PUBLIC_URL), { headers: { "x-church-client-ip": "198.51.100.31" } });
  let value: unknown;
  try {
    value = await fn({ request, url: new URL(request.url), params: {}, context: createLoadContext("test") });
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status };
  if (value instanceof Error) throw value;
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const wrapped = value as { data: unknown; init?: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, data: wrapped.data };
  }
  return { status: 200, data: value };
}

/** What wapiti sent in the token's id part (with a well-formed signature after the dot). */
const NUL_IDS = [
  "/etc/passwd\u0000",
  "c:\\Windows\\System32\\drivers\\etc\\services\u0000",
  "..%2F..%2Fetc%2Fpasswd\u0000",
  "a\u0000b",
  "\u0000",
];

describeOnBackend("security scan findings (regressions)", (backend) => {
  let h: AdminHarness;
  let admin: TestAdmin;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    admin = await h.createAdmin({ scopes: ["content"] });
  });
  afterAll(async () => {
    await h?.close();
  });

  test("a NUL in the private calendar feed's token is a 404, never a database error; a real token still works", async () => {
    const signature = createCalendarFeedToken(admin.userId, 0).split(".")[1]!;
    for (const id of NUL_IDS) {
      const token = `${id}.${signature}`;
      expect((await get(memberFeedLoader, `/events/mine.ics?token=${encodeURIComponent(token)}`)).status, JSON.stringify(token)).toBe(404);
    }
    // Not a user id, not a signature: no look-up either.
    for (const token of ["a.b", `${admin.userId}.${signature}\u0000`, `${admin.userId}\u0001.${signature}`, `.${signature}`]) {
      expect((await get(memberFeedLoader, `/events/mine.ics?token=${encodeURIComponent(token)}`)).status, JSON.stringify(token)).toBe(404);
    }
    expect(
      (await get(memberFeedLoader, `/events/mine.ics?token=${encodeURIComponent(createCalendarFeedToken(admin.userId, 0))}`)).status,
    ).toBe(200);
  });

  test("a NUL or control character in the sermon search is searched as a space, never a database error", async () => {
    const plain = await get(sermonsLoader, "/sermons?q=wisdom");
    expect(plain.status).toBe(200);
    const found = (plain.data as { total: number }).total;
    expect(found).toBeGreaterThan(0);
    for (const q of ["wisdom\u0000", "\u0000wisdom\u0001", "a\u0000b", "\u0000"]) {
      const answer = await get(sermonsLoader, `/sermons?q=${encodeURIComponent(q)}`);
      expect(answer.status, JSON.stringify(q)).toBe(200);
      if (q.includes("wisdom")) expect((answer.data as { total: number }).total, JSON.stringify(q)).toBe(found);
    }
  });

  test("a NUL or control character in the Bible-study archive search is searched as a space, never a database error", async () => {
    const plain = await get(archiveLoader, "/past-bible-studies?q=shepherd");
    expect(plain.status).toBe(200);
    const found = (plain.data as { total: number }).total;
    expect(found).toBeGreaterThan(0);
    for (const q of ["shepherd\u0000", "\u0000shepherd\u001b", "a\u0000b", "\u0000"]) {
      const answer = await get(archiveLoader, `/past-bible-studies?q=${encodeURIComponent(q)}`);
      expect(answer.status, JSON.stringify(q)).toBe(200);
      if (q.includes("shepherd")) expect((answer.data as { total: number }).total, JSON.stringify(q)).toBe(found);
    }
  });

  test("a NUL in the audit log's filters (actor, action, entity type and id, sign-in email) is a space, never a database error", async () => {
    const superAdmin = await h.createAdmin({ scopes: ["admin:*"] });
    for (const name of ["actor", "action", "entityType", "entityId"]) {
      for (const value of ["a\u0000b", "\u0000"]) {
        const answer = await h.call(auditLoader, { path: `/admin/audit?${name}=${encodeURIComponent(value)}`, cookie: superAdmin.cookie });
        expect(answer.status, `${name}=${JSON.stringify(value)}`).toBe(200);
      }
    }
    const signIns = await h.call(auditLoader, {
      path: `/admin/audit?view=sign-ins&email=${encodeURIComponent("a\u0000@b.co")}`,
      cookie: superAdmin.cookie,
    });
    expect(signIns.status).toBe(200);
  });
});
