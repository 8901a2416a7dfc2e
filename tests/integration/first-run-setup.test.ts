// Issue 34, point 1: /admin/setup on an install without an administrator. The one-time code
// (DATA_DIR/setup-code, 0600; only its hash in app_meta), wrong codes counted and logged, the
// proof cookie, the first super administrator (audit-logged, the code used up), two-factor
// enrolment started, and the page gone (404) once an administrator exists.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminAuthAttempts, adminUsers, appMeta, auditLog, users } from "~/db/schema";
import { submitSetupAccount, submitSetupCode } from "~/features/admin/setup/run-setup.server";
import {
  checkSetupCode,
  claimSetupCode,
  ensureSetupCode,
  hashSetupCode,
  SETUP_CODE_KEY,
  signSetupProof,
  verifySetupProof,
} from "~/features/admin/setup/setup-code.server";
import { loader } from "~/routes/admin/setup";
import { CLIENT_IP_HEADER } from "~/server/request-input.server";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { PUBLIC_URL } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

describe("the setup code", () => {
  test("is made once, 0600, and kept across restarts; typed in any case or spacing it matches", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "setup-code-"));
    try {
      const rows = new Map<string, string>();
      // ensureSetupCode needs only these three calls of the database.
      const db = fakeMetaDb(rows);
      const code = await ensureSetupCode({ db, dataDir });
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
      const file = path.join(dataDir, "setup-code");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, "utf8").trim()).toBe(code);
      expect(rows.get(SETUP_CODE_KEY)).toBe(hashSetupCode(code!));
      expect(await ensureSetupCode({ db, dataDir })).toBe(code);
      expect(hashSetupCode(code!.toLowerCase().replaceAll("-", " "))).toBe(hashSetupCode(code!));
      // A damaged file is replaced.
      writeFileSync(file, "nonsense\n");
      const replaced = await ensureSetupCode({ db, dataDir });
      expect(replaced).not.toBe(code);
      expect(rows.get(SETUP_CODE_KEY)).toBe(hashSetupCode(replaced!));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("the proof of a code is bound to that code and runs out after 30 minutes", () => {
    const hash = hashSetupCode("ABCD-EFGH-JKMN");
    const now = Date.parse("2026-12-04T12:00:00Z");
    const proof = signSetupProof("key", hash, now);
    expect(verifySetupProof("key", hash, proof, now + 60_000)).toBe(true);
    expect(verifySetupProof("key", hash, proof, now + 31 * 60_000)).toBe(false);
    expect(verifySetupProof("other key", hash, proof, now)).toBe(false);
    expect(verifySetupProof("key", hashSetupCode("ABCD-EFGH-JKMP"), proof, now)).toBe(false);
    expect(verifySetupProof("key", null, proof, now)).toBe(false);
    const [expires, mac] = proof.split(".");
    expect(verifySetupProof("key", hash, `${Number(expires) + 3_600_000}.${mac}`, now)).toBe(false);
    expect(verifySetupProof("key", hash, "garbage", now)).toBe(false);
  });
});

/** app_meta as a Map: what ensureSetupCode reads and writes, without the rest of a database. */
function fakeMetaDb(rows: Map<string, string>) {
  const chain = {
    select: () => ({ from: () => Promise.resolve([{ n: 0 }]) }),
    insert: () => ({
      values: (row: { key: string; value: string }) => ({
        onConflictDoUpdate: () => {
          rows.set(row.key, row.value);
          return Promise.resolve();
        },
      }),
    }),
  };
  return chain as unknown as Parameters<typeof ensureSetupCode>[0]["db"];
}

describeOnBackend("/admin/setup", (backend) => {
  let h: AdminHarness;
  let dataDir: string;
  let code: string;
  beforeAll(async () => {
    h = await startAdminHarness(backend);
    dataDir = mkdtempSync(path.join(tmpdir(), "first-run-setup-"));
    code = (await ensureSetupCode({ db: db(), dataDir }))!;
  });
  afterAll(async () => {
    await h?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const db = () => h.database.handle.db;

  function request(form: Record<string, string>, options: { ip?: string; cookie?: string } = {}) {
    const headers = new Headers({ [CLIENT_IP_HEADER]: options.ip ?? "203.0.113.7", "content-type": "application/x-www-form-urlencoded" });
    if (options.cookie) headers.set("cookie", options.cookie);
    return new Request(new URL("/admin/setup", PUBLIC_URL), { method: "POST", headers, body: new URLSearchParams(form).toString() });
  }
  const options = (req: Request, input: Record<string, string>) => ({
    db: db(),
    request: req,
    language: "es" as const,
    https: false,
    input,
    dataDir,
  });
  const proofFrom = (headers: Headers) =>
    headers
      .getSetCookie()
      .find((c) => c.startsWith("church_setup="))!
      .split(";")[0]!;

  test("the page asks for the code while there is no administrator", async () => {
    const page = await h.call(loader, { path: "/admin/setup" });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ step: "code" });
  });

  test("a wrong code is refused and logged; ten from one address, and that address waits", async () => {
    for (let i = 0; i < 10; i++) {
      const outcome = await submitSetupCode(
        options(request({ code: "AAAA-BBBB-CCCC" }, { ip: "203.0.113.50" }), { code: "AAAA-BBBB-CCCC" }),
      );
      expect(outcome).toMatchObject({ ok: false, status: 400, error: { key: "setup.errors.wrongCode" } });
    }
    // Even the right code waits now, from that address.
    const blocked = await submitSetupCode(options(request({ code }, { ip: "203.0.113.50" }), { code }));
    expect(blocked).toMatchObject({ ok: false, status: 429, error: { key: "setup.errors.rateLimited" } });
    const logged = await db()
      .select()
      .from(adminAuthAttempts)
      .where(and(eq(adminAuthAttempts.method, "setup-code"), eq(adminAuthAttempts.success, false)));
    expect(logged.length).toBeGreaterThanOrEqual(11);
  });

  test("the account step needs the proof of the code", async () => {
    const form = { name: "Pat", email: "pat@example.test", password: "a long church password", confirm: "a long church password" };
    const outcome = await submitSetupAccount(options(request(form), form));
    expect(outcome).toMatchObject({ ok: false, status: 400, step: "code", error: { key: "setup.errors.proofExpired" } });
    expect(await db().select().from(adminUsers)).toHaveLength(0);
  });

  test("the right code, then the first super administrator: audit-logged, the code used up, two-factor started, the page gone", async () => {
    const proven = await submitSetupCode(options(request({ code: ` ${code.toLowerCase()} ` }), { code: ` ${code.toLowerCase()} ` }));
    expect(proven).toMatchObject({ ok: true, step: "account" });
    const cookie = proofFrom(proven.headers);
    expect(proven.headers.getSetCookie()[0]).toMatch(/HttpOnly; SameSite=Strict/);

    // Bad input changes nothing and keeps the code.
    const short = { name: "Pat Office", email: "not-an-email", password: "short", confirm: "other" };
    const refused = await submitSetupAccount(options(request(short, { cookie }), short));
    expect(refused).toMatchObject({ ok: false, status: 400, step: "account" });
    if (!refused.ok) {
      expect(refused.fieldErrors).toMatchObject({
        email: { key: "setup.errors.emailInvalid" },
        password: { key: "setup.errors.passwordShort" },
      });
    }
    expect(await checkSetupCode(db(), code)).toBe(true);

    const form = { name: "Pat Office", email: "Pat@Example.test", password: "a long church password", confirm: "a long church password" };
    const made = await submitSetupAccount(options(request(form, { cookie }), form));
    expect(made).toMatchObject({ ok: true, step: "enrol" });
    if (made.ok) expect(made.enrolment?.secret).toMatch(/^[A-Z2-7 ]{16,}$/);
    const [user] = await db().select().from(users).where(eq(users.email, "pat@example.test"));
    const [admin] = await db().select().from(adminUsers).where(eq(adminUsers.userId, user!.id));
    expect(admin?.scopes).toEqual(["admin:*"]);
    expect(await db().select().from(appMeta).where(eq(appMeta.key, SETUP_CODE_KEY))).toHaveLength(0);
    expect(existsSync(path.join(dataDir, "setup-code"))).toBe(false);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, "setup.first_administrator"));
    expect(audit).toMatchObject({ actorUserId: user!.id, entityId: user!.id });

    // The code does not work again, and the page is gone.
    expect(await checkSetupCode(db(), code)).toBe(false);
    const again = await submitSetupCode(options(request({ code }), { code }));
    expect(again).toMatchObject({ ok: false, status: 404 });
    const page = await h.call(loader, { path: "/admin/setup" });
    expect(page.status).toBe(404);
    // A second administrator made on the command line leaves no code behind either.
    expect(await ensureSetupCode({ db: db(), dataDir })).toBeNull();
  });

  test("of two people with the same code, only one can use it up", async () => {
    const hash = hashSetupCode("WXYZ-2345-6789");
    await db().insert(appMeta).values({ key: SETUP_CODE_KEY, value: hash });
    const [first, second] = await Promise.all([claimSetupCode(db(), hash), claimSetupCode(db(), hash)]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(await claimSetupCode(db(), hashSetupCode("OTHER-CODE"))).toBe(false);
  });
});
