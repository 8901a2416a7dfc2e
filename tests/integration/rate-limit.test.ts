import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { rateLimits } from "~/db/schema";
import { consumeRateLimit, peekRateLimit, resetRateLimit } from "~/server/rate-limit.server";
import { describeEachBackend, openMigrated, type TestDatabase } from "../support/test-database";

describeEachBackend("rate limits", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openMigrated(backend);
  });
  afterAll(() => database?.dispose());

  test("concurrent requests never get more than the limit", async () => {
    const db = database.handle.db;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeRateLimit(db, "concurrent", { limit: 5, windowSeconds: 60 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const refused = results.find((r) => !r.allowed)!;
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  test("a new window starts after the old one ends; peek does not count; reset clears", async () => {
    const db = database.handle.db;
    const rule = { limit: 2, windowSeconds: 900 };
    await consumeRateLimit(db, "window", rule);
    await consumeRateLimit(db, "window", rule);
    expect((await peekRateLimit(db, "window", rule)).allowed).toBe(false);
    expect((await consumeRateLimit(db, "window", rule)).allowed).toBe(false);
    await db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` });
    expect((await peekRateLimit(db, "window", rule)).allowed).toBe(true);
    expect((await consumeRateLimit(db, "window", rule)).allowed).toBe(true);
    await consumeRateLimit(db, "window", rule);
    await resetRateLimit(db, "window");
    expect((await peekRateLimit(db, "window", rule)).allowed).toBe(true);
  });
});
