import { eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApp } from "../../server/app";
import { adminAuthAttempts, auditLog, outboxMessages } from "~/db/schema";
import { ADMIN_SCOPES } from "~/platform/admin/admin-sections";
import { diffAuditValues } from "~/features/admin/audit/diff-audit-values";
import { maskRecipient } from "~/features/admin/health/load-system-health.server";
import { recordAudit } from "~/platform/audit/record-audit.server";
import { loader as auditLoader } from "~/routes/admin/audit";
import { action as healthAction, loader as healthLoader } from "~/routes/admin/health";
import { parseEnv } from "~/server/env.server";
import { clearRecentErrors, createLogger, recentErrors } from "~/server/logger.server";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { describeOnBackend } from "../support/test-database";

/* eslint-disable @typescript-eslint/no-explicit-any */

describeOnBackend("admin health and audit", (backend) => {
  let h: AdminHarness;
  beforeAll(async () => {
    h = await startAdminHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });

  test("health: ping latency, migrations up to date, outbox counts; retry re-queues failed sends with an audit row", async () => {
    const db = h.database.handle.db;
    await db.delete(outboxMessages);
    await db.insert(outboxMessages).values([
      // Due in an hour, so the harness's outbox worker leaves it waiting.
      {
        channel: "email",
        recipient: "jane@example.org",
        payload: { subject: "s", text: "t", html: "h" },
        status: "pending",
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      },
      {
        channel: "email",
        recipient: "john@example.org",
        payload: { subject: "s", text: "t", html: "h" },
        status: "failed",
        attempts: 8,
        lastError: "x".repeat(500),
      },
      { channel: "sms", recipient: "+15555550123", payload: { body: "hi" }, status: "failed", attempts: 5, lastError: "Twilio 400" },
    ]);
    const admin = await h.createAdmin({ scopes: ["health"], name: "Health Admin" });
    const result = await h.call(healthLoader, { path: "/admin/health", cookie: admin.cookie });
    expect(result.status).toBe(200);
    const health = (result.body as any).health;
    expect(health.database.state).toBe("ok");
    expect(health.database.latencyMs).toBeGreaterThan(0);
    expect(health.migrations.pending).toBe(0);
    expect(health.migrations.state).toBe("ok");
    expect(health.migrations.latestApplied).toBe(health.migrations.latestAvailable);
    expect(health.outbox.channels).toEqual([
      { channel: "email", pending: 1, sending: 0, failed: 1 },
      { channel: "sms", pending: 0, sending: 0, failed: 1 },
    ]);
    expect(health.outbox.state).toBe("warning");
    expect(health.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
    expect(health.outbox.failed).toHaveLength(2);
    const recipients = health.outbox.failed.map((f: any) => f.recipient).sort();
    expect(recipients).toEqual(["+1******0123", "j***@example.org"]);
    expect(health.outbox.failed.find((f: any) => f.channel === "email").lastError.length).toBeLessThanOrEqual(200);
    // No Stripe key and no AI service here: each says what the site does without it.
    expect(health.providers.map((p: any) => [p.id, p.mode])).toEqual([
      ["email", "files"],
      ["sms", "file"],
      ["payments", "noStripe"],
      ["assistant", "builtIn"],
    ]);
    expect(typeof health.process.appVersion).toBe("string");

    const retried = await h.call(healthAction, { path: "/admin/health", cookie: admin.cookie, form: { intent: "retry-failed" } });
    expect(retried.status).toBe(200);
    expect((retried.body as any).count).toBe(2);
    const rows = await db.select().from(outboxMessages);
    expect(rows.filter((r) => r.status === "failed")).toHaveLength(0);
    // Back in the queue, due now (the worker may already have sent them again).
    for (const row of rows.filter((r) => r.recipient !== "jane@example.org")) {
      expect(["pending", "sending", "sent"]).toContain(row.status);
      expect(row.attempts).toBeLessThanOrEqual(1);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "health.outbox.retry"));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorName).toBe("Health Admin");
    expect(audits[0]!.after).toMatchObject({ count: 2 });

    const bad = await h.call(healthAction, { path: "/admin/health", cookie: admin.cookie, form: { intent: "nope" } });
    expect(bad.status).toBe(400);
  });

  test("health: refused without the health scope", async () => {
    const admin = await h.createAdmin({ scopes: ["content"] });
    expect((await h.call(healthLoader, { path: "/admin/health", cookie: admin.cookie })).status).toBe(403);
    expect((await h.call(healthAction, { path: "/admin/health", cookie: admin.cookie, form: { intent: "retry-failed" } })).status).toBe(
      403,
    );
  });

  test("audit: filters, newest first; refused for an admin with every scope but admin:*", async () => {
    const db = h.database.handle.db;
    const superAdmin = await h.createAdmin({ scopes: ["admin:*"], name: "Super Admin" });
    const actorA = { userId: superAdmin.userId, name: "Alice Auditor" };
    const actorB = { userId: superAdmin.userId, name: "Bob Builder" };
    await recordAudit({
      db,
      actor: actorA,
      entry: {
        action: "user.roles.update",
        entityType: "user",
        entityId: "user-123",
        before: { roles: ["member"] },
        after: { roles: ["member", "admin"] },
      },
    });
    await recordAudit({
      db,
      actor: actorB,
      entry: {
        action: "content.block.update",
        entityType: "page",
        entityId: "page-about",
        before: { title: "A", body: "x" },
        after: { title: "B", body: "x" },
      },
    });
    await recordAudit({ db, actor: actorA, entry: { action: "user.scopes.update", entityType: "user", entityId: "user-456" } });

    const all = await h.call(auditLoader, { path: "/admin/audit", cookie: superAdmin.cookie });
    expect(all.status).toBe(200);
    const entries = (all.body as any).changes.entries;
    expect(entries.length).toBeGreaterThanOrEqual(3);

    const byAction = await h.call(auditLoader, { path: "/admin/audit?action=user.", cookie: superAdmin.cookie });
    expect((byAction.body as any).changes.entries.map((e: any) => e.action).sort()).toEqual(["user.roles.update", "user.scopes.update"]);
    const byActor = await h.call(auditLoader, { path: "/admin/audit?actor=bob", cookie: superAdmin.cookie });
    const bob = (byActor.body as any).changes.entries;
    expect(bob).toHaveLength(1);
    expect(bob[0].changes).toEqual([{ key: "title", before: '"A"', after: '"B"' }]);
    const byEntity = await h.call(auditLoader, { path: "/admin/audit?entityType=user&entityId=456", cookie: superAdmin.cookie });
    expect((byEntity.body as any).changes.entries.map((e: any) => e.entityId)).toEqual(["user-456"]);
    const future = await h.call(auditLoader, { path: "/admin/audit?from=2999-01-01", cookie: superAdmin.cookie });
    expect((future.body as any).changes.entries).toHaveLength(0);
    const range = await h.call(auditLoader, {
      path: "/admin/audit?from=2000-01-01&to=2999-12-31&action=content.",
      cookie: superAdmin.cookie,
    });
    expect((range.body as any).changes.entries).toHaveLength(1);
    const junk = await h.call(auditLoader, { path: "/admin/audit?from=not-a-date&page=-4", cookie: superAdmin.cookie });
    expect(junk.status).toBe(200);

    await db.insert(adminAuthAttempts).values([
      {
        email: "ok@example.test",
        success: true,
        method: "password",
        ipAddress: "203.0.113.1",
        userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      },
      { email: "bad@example.test", success: false, failureReason: "bad-password", method: "password" },
    ]);
    const failures = await h.call(auditLoader, { path: "/admin/audit?view=sign-ins&result=failure&email=bad", cookie: superAdmin.cookie });
    const attempts = (failures.body as any).signIns.attempts;
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ email: "bad@example.test", success: false, failureReason: "bad-password" });
    const successes = await h.call(auditLoader, { path: "/admin/audit?view=sign-ins&result=success&email=ok@", cookie: superAdmin.cookie });
    expect((successes.body as any).signIns.attempts[0].device).toEqual({ browser: "Chrome", os: "Windows" });

    const everyScope = await h.createAdmin({ scopes: [...ADMIN_SCOPES] });
    expect((await h.call(auditLoader, { path: "/admin/audit", cookie: everyScope.cookie })).status).toBe(403);
  });

  test("/healthz and /readyz answer JSON with uptime and version", async () => {
    const app = createApp({ env: parseEnv({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" }) });
    const server = app.listen(0);
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const live = await fetch(`${base}/healthz`);
      expect(live.status).toBe(200);
      expect(await live.json()).toMatchObject({ status: "ok", uptimeSeconds: expect.any(Number), version: expect.any(String) });
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      const body = await ready.json();
      expect(body).toMatchObject({ status: "ready", database: "ok", uptimeSeconds: expect.any(Number), version: expect.any(String) });
      expect(body.migrations.applied).toBe(body.migrations.total);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("health helpers", () => {
  test("recent errors keep the last 50 error entries, without stack or credentials", () => {
    clearRecentErrors();
    const sink = new Writable({ write: (_chunk, _enc, done) => done() });
    const log = createLogger("info", sink);
    log.info("not kept");
    log.warn("not kept either");
    log.error(
      { err: Object.assign(new Error("connect failed postgres://app:secret@db/church"), { code: "ECONNREFUSED" }) },
      "database down",
    );
    for (let i = 0; i < 60; i++) log.error(`error ${i}`);
    log.fatal(new Error("boom"));
    const errors = recentErrors();
    expect(errors).toHaveLength(50);
    expect(errors[0]).toMatchObject({ level: "fatal", message: "boom", code: "Error" });
    expect(errors[1]!.message).toBe("error 59");
    expect(JSON.stringify(errors)).not.toContain("secret");
    clearRecentErrors();
    log.error({ err: Object.assign(new Error("connect failed postgres://app:secret@db/church"), { code: "ECONNREFUSED" }) });
    expect(recentErrors()[0]).toMatchObject({ message: "connect failed postgres://***:***@db/church", code: "ECONNREFUSED" });
    clearRecentErrors();
  });

  test("masks recipients and diffs changed keys only", () => {
    expect(maskRecipient("jane@example.org")).toBe("j***@example.org");
    expect(diffAuditValues({ a: 1, b: 2 }, { a: 1, b: 3, c: "x" })).toEqual([
      { key: "b", before: "2", after: "3" },
      { key: "c", before: null, after: '"x"' },
    ]);
    expect(diffAuditValues(null, null)).toEqual([]);
  });
});
