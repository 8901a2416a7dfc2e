// Admin → Settings → "Remove the demo church" (issue 34, point 3; ADR 035): on a seeded site
// with staff content and a member's records, the removal backs up first (a valid archive),
// deletes every demo row nobody changed and nothing points at — checked over every table of
// the schema — keeps staff rows and the demo rows staff edited or members use, records one
// audit entry, and the seed never brings the demo back. Twice is a no-op; a failed backup
// deletes nothing; an admin without the settings scope gets 403.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  appMeta,
  auditLog,
  churchSettings,
  contentBlocks,
  eventRegistrations,
  events,
  leaders,
  prayerIntercessions,
  prayerRequests,
  serviceTimes,
  users,
} from "~/db/schema";
import { planDemoRemoval } from "~/features/admin/settings/demo-plan.server";
import { rowId, schemaTables, tableName } from "~/features/admin/settings/demo-catalog.server";
import { removeDemoChurch } from "~/features/admin/settings/remove-demo-church.server";
import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import { DEMO_REMOVED_KEY } from "~/platform/seed/demo-church";
import { action, loader } from "~/routes/admin/settings";
import { seedDemoChurch } from "~/seed/seed-demo-church.server";
import type { AppDatabase } from "~/server/db.server";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { repoRoot } from "../support/app-server";
import { describeEachBackend } from "../support/test-database";

type Snapshot = Map<string, Map<string, string>>;

/** Every row of every table of the schema (app/db/schema), by table and primary key. */
async function snapshot(db: AppDatabase): Promise<Snapshot> {
  const all: Snapshot = new Map();
  for (const table of schemaTables()) {
    const rows = (await db.select().from(table as PgTable)) as Record<string, unknown>[];
    all.set(tableName(table), new Map(rows.map((row) => [rowId(table, row), JSON.stringify(row)])));
  }
  return all;
}

function runRestoreCheck(archive: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.dirname(path.dirname(archive)) };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, [path.join(repoRoot, "scripts", "db-restore.mjs"), archive, "--check", "--json"], {
      cwd: tmpdir(),
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describeEachBackend("remove the demo church", (backend) => {
  let h: AdminHarness;
  let admin: TestAdmin;
  let dataDir: string;
  const db = () => h.database.handle.db;
  const PATH = "/admin/settings";

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    admin = await h.createAdmin({ scopes: ["settings"], name: "Office Admin" });
    dataDir = mkdtempSync(path.join(tmpdir(), "remove-demo-"));
  });
  afterAll(async () => {
    await h?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const context = () => ({ db: db(), admin: { userId: admin.userId, name: "Office Admin" } as never, ip: "198.51.100.7" });

  test("a freshly seeded demo: every demo row would go, none is counted as changed or in use", async () => {
    const plan = await planDemoRemoval(db());
    expect(plan.units.filter((u) => u.changed).map((u) => `${u.kind} ${u.id}`)).toEqual([]);
    expect(plan.units.filter((u) => u.inUse).map((u) => `${u.kind} ${u.id}`)).toEqual([]);
    const counts = Object.fromEntries(plan.counts.map((c) => [c.kind, c.remove]));
    expect(counts).toMatchObject({
      profile: 1,
      serviceTimes: 3,
      leaders: 2,
      events: 4,
      sermons: 7,
      funds: 4,
      products: 6,
      photos: 8,
      albums: 3,
    });
    for (const count of plan.counts) expect(count.remove, count.kind).toBeGreaterThan(0);
  });

  test("an admin without the settings scope gets 403 and nothing changes", async () => {
    const other = await h.createAdmin({ scopes: ["events"] });
    const answer = await h.call(action, { path: PATH, cookie: other.cookie, form: { intent: "remove-demo", confirm: "remove-demo" } });
    expect(answer.status).toBe(403);
    expect((await planDemoRemoval(db())).removable).toBeGreaterThan(0);
  });

  test("without the confirmation box: a translated 400, nothing deleted", async () => {
    const answer = await h.call(action, { path: PATH, cookie: admin.cookie, form: { intent: "remove-demo" } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, fieldErrors: { confirm: { key: "settings.demo.confirmRequired" } } });
  });

  test("removal: backup first, demo rows gone from every table, staff rows and the rows they changed or use kept", async () => {
    // The seed's state: every row now is the demo's (or the harness's admins and sessions).
    const seeded = await snapshot(db());

    // Staff content and a member's records.
    const now = new Date();
    const [staffEvent] = await db()
      .insert(events)
      .values({
        slug: "our-picnic",
        titleEn: "Church picnic",
        descriptionEn: "Lunch in the park.",
        category: "community",
        startsAt: new Date(now.getTime() + 86_400_000),
        endsAt: new Date(now.getTime() + 90_000_000),
      } as typeof events.$inferInsert)
      .returning();
    await db().insert(leaders).values({ key: "our-pastor", name: "Pastor Ann", roleEn: "Pastor", bioEn: "Our pastor." });
    await db().insert(contentBlocks).values({ key: "page.our-own", titleEn: "Our own page", titleEs: "", bodyEn: "Ours.", bodyEs: "" });
    await db().insert(users).values({ id: "member-1", name: "Maya Member", email: "maya@example.test" });
    await db()
      .insert(prayerRequests)
      .values({
        userId: "member-1",
        authorName: "Maya",
        body: "For my exams.",
        language: "en",
        category: "family",
        visibility: "public",
        status: "approved",
        expiresAt: new Date(now.getTime() + 30 * 86_400_000),
      } as typeof prayerRequests.$inferInsert);
    // Staff edits: their own church's name, one service time, one demo event.
    await db().update(churchSettings).set({ nameEn: "Grace Chapel" }).where(eq(churchSettings.id, 1));
    await db().update(serviceTimes).set({ startTime: "10:00" }).where(eq(serviceTimes.key, "sunday-worship"));
    await db().update(events).set({ titleEn: "Our Harvest Festival" }).where(eq(events.slug, "harvest-festival"));
    // The member uses demo rows: registers for a demo event and prays for a demo request.
    const [youthNight] = await db().select().from(events).where(eq(events.slug, "youth-night"));
    await db().insert(eventRegistrations).values({
      eventId: youthNight!.id,
      occurrenceStart: youthNight!.startsAt,
      userId: "member-1",
      name: "Maya Member",
      email: "maya@example.test",
      status: "confirmed",
      cancelTokenHash: "hash-1",
    });
    const [demoRequest] = await db().select().from(prayerRequests).where(eq(prayerRequests.authorName, "James"));
    await db().insert(prayerIntercessions).values({ requestId: demoRequest!.id, userId: "member-1" });

    const before = await snapshot(db());
    const plan = await planDemoRemoval(db());
    const keptIds = new Set(plan.units.filter((u) => u.changed || u.inUse).map((u) => `${tableName(u.spec.table)} ${u.id}`));
    expect(plan.counts.find((c) => c.kind === "profile")).toMatchObject({ remove: 0, keptChanged: 1 });
    expect(plan.counts.find((c) => c.kind === "serviceTimes")).toMatchObject({ remove: 2, keptChanged: 1 });
    expect(plan.counts.find((c) => c.kind === "events")).toMatchObject({ remove: 2, keptChanged: 1, keptInUse: 1 });
    expect(plan.counts.find((c) => c.kind === "prayerRequests")).toMatchObject({ remove: 3, keptInUse: 1 });

    // The card lists it in plain words.
    const page = await h.call(loader, { path: PATH, cookie: admin.cookie });
    expect((page.body as { demo: { state: string } }).demo.state).toBe("present");

    const result = await removeDemoChurch({ context: context(), input: { confirm: "remove-demo" }, dataDir });
    expect(result).toMatchObject({ ok: true, notice: { key: "settings.demo.removed" } });

    // The archive: in DATA_DIR/backups, valid by the restore's own check.
    const archives = readdirSync(path.join(dataDir, "backups")).filter((name) => name.endsWith(".tar.gz"));
    expect(archives).toHaveLength(1);
    const check = await runRestoreCheck(path.join(dataDir, "backups", archives[0]!));
    expect(check.code, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ checked: true });

    // Every table of the schema: the seed's rows are gone but for those kept on purpose (and the
    // markers, the admins of this file); every row made after the seed is still there, unchanged
    // unless it is a kept row.
    const after = await snapshot(db());
    for (const [name, rows] of seeded) {
      const now = after.get(name)!;
      for (const [id] of rows) {
        if (!now.has(id)) continue;
        const allowed = ["app_meta", "users", "admin_users", "admin_sessions", "accounts", "audit_log", "profiles", "user_roles"].includes(
          name,
        );
        if (allowed) continue;
        expect(keptIds.has(`${name} ${id}`), `${name} ${id} is a demo row that was left`).toBe(true);
      }
    }
    for (const [name, rows] of before) {
      for (const [id, text] of rows) {
        if (seeded.get(name)?.has(id)) continue;
        if (name === "app_meta") continue;
        expect(after.get(name)!.get(id), `staff row ${name} ${id}`).toBe(text);
      }
    }
    expect(after.get("events")!.has(JSON.stringify([staffEvent!.id]))).toBe(true);
    // The member's registration and prayer are there, and so are the demo rows they point at.
    expect(await db().select().from(eventRegistrations).where(eq(eventRegistrations.userId, "member-1"))).toHaveLength(1);
    expect(await db().select().from(prayerIntercessions).where(eq(prayerIntercessions.userId, "member-1"))).toHaveLength(1);
    expect((await db().select().from(churchSettings))[0]!.nameEn).toBe("Grace Chapel");
    expect((await getChurchProfile({ db: db(), language: "en" }))?.name).toBe("Grace Chapel");

    // One audit entry with the counts and the backup's name; the marker; the content version.
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "settings.demo.remove"));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUserId).toBe(admin.userId);
    expect(audits[0]!.after).toMatchObject({ backup: archives[0], removed: { sermons: 7, events: 2 } });
    const [marker] = await db().select().from(appMeta).where(eq(appMeta.key, DEMO_REMOVED_KEY));
    expect(JSON.parse(marker!.value)).toMatchObject({ byName: "Office Admin", backup: archives[0] });

    // The card now says it was removed, and by whom.
    const removedPage = await h.call(loader, { path: PATH, cookie: admin.cookie });
    expect((removedPage.body as { demo: unknown }).demo).toMatchObject({
      state: "removed",
      removal: { byName: "Office Admin", backup: archives[0] },
    });
  });

  test("twice is a no-op, through the page too; the seed does not bring the demo back", async () => {
    // Only after the removal above (else this would back up into the worker's DATA_DIR).
    expect(await db().select().from(appMeta).where(eq(appMeta.key, DEMO_REMOVED_KEY))).toHaveLength(1);
    const before = await snapshot(db());
    const again = await h.call(action, { path: PATH, cookie: admin.cookie, form: { intent: "remove-demo", confirm: "remove-demo" } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ ok: true, notice: { key: "settings.demo.alreadyRemoved" } });
    // Even with every seed marker gone (a newer version adding demo content), SEED_DEMO's seed stays away.
    await db().delete(appMeta).where(eq(appMeta.key, "demo_seed_version"));
    expect(await seedDemoChurch({ db: db() })).toBe(false);
    const after = await snapshot(db());
    after.get("app_meta")!.clear();
    before.get("app_meta")!.clear();
    expect(after).toEqual(before);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "settings.demo.remove"))).toHaveLength(1);
  });
});

describeEachBackend("remove the demo church, when the backup fails", (backend) => {
  let h: AdminHarness;
  let blocked: string;
  beforeAll(async () => {
    h = await startAdminHarness(backend);
    // DATA_DIR is a file: no backups folder can be made in it.
    blocked = path.join(mkdtempSync(path.join(tmpdir(), "remove-demo-blocked-")), "data");
    writeFileSync(blocked, "not a folder");
  });
  afterAll(async () => {
    await h?.close();
    if (blocked) rmSync(path.dirname(blocked), { recursive: true, force: true });
  });

  test("nothing is deleted and the admin reads why", async () => {
    const admin = await h.createAdmin({ scopes: ["settings"] });
    const before = await snapshot(h.database.handle.db);
    const result = await removeDemoChurch({
      context: { db: h.database.handle.db, admin: { userId: admin.userId, name: "Test Admin" } as never, ip: "198.51.100.7" },
      input: { confirm: "remove-demo" },
      dataDir: blocked,
    });
    expect(result).toMatchObject({ ok: false, status: 503, error: { key: "settings.demo.backupFailed" } });
    expect(await snapshot(h.database.handle.db)).toEqual(before);
    expect(existsSync(path.join(blocked, "backups"))).toBe(false);
  });
});
