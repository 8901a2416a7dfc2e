// The guided tour's status and completion endpoint (issue 9, spec sections 4, 7, 8): visitors
// refused, a member completes only their own profile, the date is set once, bad methods and
// inputs refused with 4xx in the member's language, the per-member rate limit, and the root
// loader's member carries `tourDue`.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { profiles, rateLimits, users } from "~/db/schema";
import { tourCompleteLimit } from "~/features/tour/tour-status.server";
import { loader as rootLoader } from "~/root";
import { action, loader } from "~/routes/tour/tour";
import { authCallContext, getAuth } from "~/server/auth.server";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { cookieJar } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

interface Member {
  id: string;
  cookie: string;
}
type Status = { ok: true; due: boolean; completedAt: string | null } | { ok: false; message: string };

describeOnBackend("guided tour endpoint", (backend) => {
  let h: AdminHarness;
  const db = () => h.database.handle.db;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    await db().delete(rateLimits);
  });

  async function createMember(name: string): Promise<Member> {
    const email = `tour-${randomBytes(4).toString("hex")}@example.test`;
    await authCallContext.run({ language: "en", signup: { fullName: name, username: "", displayName: name, phone: null } }, () =>
      getAuth().api.signUpEmail({ body: { name, email, password: "grace-and-peace-7" } }),
    );
    await db().update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    const signedIn = await getAuth().api.signInEmail({ body: { email, password: "grace-and-peace-7" }, returnHeaders: true });
    return { id: user!.id, cookie: cookieJar(undefined, signedIn.headers.getSetCookie()) };
  }
  const profile = async (id: string) => {
    const [row] = await db()
      .select({ done: profiles.hasCompletedTour, at: profiles.tourCompletionDate })
      .from(profiles)
      .where(eq(profiles.id, id));
    return row!;
  };
  const status = async (cookie?: string, language?: "en" | "es") => {
    const result = await h.call(loader, { path: "/tour", cookie, language });
    return { status: result.status, body: result.body as Status };
  };
  const complete = async (cookie?: string, form: Record<string, string> = { intent: "complete" }, language?: "en" | "es") => {
    const result = await h.call(action, { path: "/tour", cookie, form, language });
    return { status: result.status, body: result.body as Status, headers: result.headers };
  };
  const raw = (method: string, cookie: string, body?: string, type = "application/x-www-form-urlencoded") =>
    action({ request: new Request("http://localhost/tour", { method, headers: { cookie, "content-type": type }, body }) });

  test("signed out: 401 with a translated message for reading and saving", async () => {
    const read = await status(undefined, "es");
    expect(read.status).toBe(401);
    expect(read.body).toEqual({ ok: false, message: "Inicie sesión para continuar." });
    const save = await complete(undefined);
    expect(save.status).toBe(401);
    expect(save.body).toEqual({ ok: false, message: "Please sign in to continue." });
  });

  test("a new member's tour is due (GET /tour and the root loader's member); completing sets their own profile only, the date once", async () => {
    const [ana, ben] = [await createMember("Ana Tour"), await createMember("Ben Tour")];
    expect(await status(ana.cookie)).toEqual({ status: 200, body: { ok: true, due: true, completedAt: null } });
    const root = await h.call(rootLoader, { path: "/", cookie: ana.cookie });
    expect((root.body as { member: { tourDue: boolean } }).member.tourDue).toBe(true);

    const first = await complete(ana.cookie);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, due: false });
    const after = await profile(ana.id);
    expect(after.done).toBe(true);
    expect(after.at).toBeInstanceOf(Date);
    expect((first.body as { completedAt: string }).completedAt).toBe(after.at!.toISOString());
    expect(await profile(ben.id)).toEqual({ done: false, at: null });

    await new Promise((r) => setTimeout(r, 20));
    const again = await complete(ana.cookie);
    expect(again.status).toBe(200);
    expect((await profile(ana.id)).at!.toISOString(), "the first completion date is kept").toBe(after.at!.toISOString());
    const rootAfter = await h.call(rootLoader, { path: "/", cookie: ana.cookie });
    expect((rootAfter.body as { member: { tourDue: boolean } }).member.tourDue).toBe(false);
    expect(await status(ben.cookie)).toEqual({ status: 200, body: { ok: true, due: true, completedAt: null } });
  });

  test("bad methods and inputs: 4xx, nothing saved", async () => {
    const member = await createMember("Cy Tour");
    for (const form of [{}, { intent: "reset" }, { intent: "complete", userId: "someone-else" }, { intent: "complete\u0000" }]) {
      const result = await complete(member.cookie, form as Record<string, string>, "es");
      expect(result.status, JSON.stringify(form)).toBe(400);
      expect(result.body).toEqual({ ok: false, message: "La solicitud no es válida." });
    }
    const garbage = await raw("POST", member.cookie, "{not json", "application/json");
    expect(garbage.status).toBe(400);
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const response = await raw(method, member.cookie, "intent=complete");
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, POST");
    }
    expect(await profile(member.id)).toEqual({ done: false, at: null });
  });

  test("rate limited per member: 429 with Retry-After after the limit", async () => {
    const member = await createMember("Di Tour");
    for (let i = 0; i < tourCompleteLimit.limit; i++) expect((await complete(member.cookie)).status).toBe(200);
    const refused = await complete(member.cookie);
    expect(refused.status).toBe(429);
    expect((refused.body as { message: string }).message).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another member is not affected.
    const other = await createMember("Ed Tour");
    expect((await complete(other.cookie)).status).toBe(200);
  });
});
